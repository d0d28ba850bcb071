#include "engine/formats/zip_archive.h"

#include <zip.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

#include "engine/core/file_write.h"
#include "engine/core/paths.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

struct ZipCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};
using ZipPtr = std::unique_ptr<zip_t, ZipCloser>;

bool readWhole(const fs::path& p, std::string& out) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

std::string zipError(zip_t* z) {
  return z ? zip_error_strerror(zip_get_error(z)) : "unknown error";
}

// The archive `bytes` hold, read-only (the bytes must outlive it).
ZipPtr openFromMemory(const std::string& bytes, std::string& err) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* src = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  zip_t* z = src ? zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &error) : nullptr;
  if (!z) {
    err = zip_error_strerror(&error);
    if (src) zip_source_free(src);
  }
  zip_error_fini(&error);
  return ZipPtr(z);
}

// An entry name that stays inside the folder it is unpacked into.
bool safeEntryName(const std::string& name) {
  if (name.empty() || name.front() == '/' || name.find('\\') != std::string::npos ||
      name.find(':') != std::string::npos || name.find('\0') != std::string::npos)
    return false;
  size_t start = 0;
  while (start <= name.size()) {
    size_t end = name.find('/', start);
    if (end == std::string::npos) end = name.size();
    std::string part = name.substr(start, end - start);
    if (part == "..") return false;
    start = end + 1;
  }
  return true;
}

struct Entry {
  std::string name;
  zip_uint64_t index = 0, size = 0;
  bool folder = false;
};

// The entries of an archive, checked before anything is written.
std::string listEntries(zip_t* z, const std::string& label, const ZipLimits& limits,
                        std::vector<Entry>& out) {
  zip_int64_t n = zip_get_num_entries(z, 0);
  if (n < 0 || uint64_t(n) > limits.maxEntries)
    return label + ": " + std::to_string(n) + " entries (at most " +
           std::to_string(limits.maxEntries) + " are unpacked)";
  uint64_t total = 0;
  for (zip_uint64_t i = 0; i < zip_uint64_t(n); ++i) {
    zip_stat_t st;
    if (zip_stat_index(z, i, 0, &st) != 0)
      return label + ": entry " + std::to_string(i) + ": " + zipError(z);
    std::string name = st.name ? st.name : "";
    if (!safeEntryName(name))
      return label + ": entry \"" + name + "\" would be written outside the folder it unpacks to";
    if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE)
      return label + ": entry \"" + name + "\" is encrypted";
    total += st.size;
    if (total > limits.maxTotalBytes)
      return label + ": more than " + std::to_string(limits.maxTotalBytes) +
             " bytes unpacked (entry \"" + name + "\")";
    out.push_back({name, i, st.size, name.back() == '/'});
  }
  return {};
}

std::string unpackEntry(zip_t* z, const Entry& e, const fs::path& dest, const std::string& label) {
  fs::path target = dest / toPath(e.name);
  std::error_code ec;
  if (e.folder) {
    fs::create_directories(target, ec);
    return ec ? label + ": " + e.name + ": " + ec.message() : std::string();
  }
  fs::create_directories(target.parent_path(), ec);
  zip_file_t* f = zip_fopen_index(z, e.index, 0);
  if (!f) return label + ": entry \"" + e.name + "\": " + zipError(z);
  std::string data(size_t(e.size), '\0');
  zip_int64_t got = e.size ? zip_fread(f, data.data(), e.size) : 0;
  zip_fclose(f);
  if (got < 0 || zip_uint64_t(got) != e.size)
    return label + ": entry \"" + e.name + "\" is damaged (its data does not read back)";
  std::string err = writeFileAtomic(target, data);
  return err.empty() ? std::string() : label + ": " + err;
}

}  // namespace

bool looksLikeZip(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  char head[4] = {};
  in.read(head, 4);
  return in.gcount() == 4 && head[0] == 'P' && head[1] == 'K' &&
         ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6));
}

std::string unzipInto(const fs::path& zip, const fs::path& dest, const ZipLimits& limits) {
  const std::string label = toUtf8(zip);
  std::string bytes, err;
  if (!readWhole(zip, bytes)) return label + ": cannot be read";
  ZipPtr z = openFromMemory(bytes, err);
  if (!z) return label + ": not a readable zip archive (" + err + ")";
  std::vector<Entry> entries;
  if (err = listEntries(z.get(), label, limits, entries); !err.empty()) return err;
  std::error_code ec;
  fs::create_directories(dest, ec);
  if (ec) return toUtf8(dest) + ": " + ec.message();
  for (const Entry& e : entries)
    if (err = unpackEntry(z.get(), e, dest, label); !err.empty()) return err;
  return {};
}

std::string zipFolder(const fs::path& folder, const fs::path& zip, const std::string& top) {
  std::error_code ec;
  std::vector<fs::path> files;
  for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec)) files.push_back(it->path());
  if (ec) return toUtf8(folder) + ": " + ec.message();
  std::sort(files.begin(), files.end());
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* out = zip_source_buffer_create(nullptr, 0, 0, &error);
  zip_t* z = out ? zip_open_from_source(out, ZIP_TRUNCATE, &error) : nullptr;
  std::string err = z ? std::string() : std::string(zip_error_strerror(&error));
  zip_error_fini(&error);
  if (!z) {
    if (out) zip_source_free(out);
    return toUtf8(zip) + ": " + err;
  }
  zip_source_keep(out);  // read back after zip_close
  // The files' bytes stay alive until zip_close compresses them.
  std::vector<std::string> contents(files.size());
  for (size_t i = 0; i < files.size() && err.empty(); ++i) {
    if (!readWhole(files[i], contents[i])) {
      err = toUtf8(files[i]) + ": cannot be read";
      break;
    }
    std::string name = toGenericUtf8(files[i].lexically_relative(folder));
    if (!top.empty()) name = top + "/" + name;
    zip_source_t* s = zip_source_buffer(z, contents[i].data(), contents[i].size(), 0);
    if (!s || zip_file_add(z, name.c_str(), s, ZIP_FL_ENC_UTF_8) < 0) {
      if (s) zip_source_free(s);
      err = toUtf8(files[i]) + ": " + zipError(z);
    }
  }
  if (!err.empty() || zip_close(z) != 0) {
    if (err.empty()) err = toUtf8(zip) + ": " + zipError(z);
    zip_discard(z);
    zip_source_free(out);
    return err;
  }
  std::string bytes;
  zip_stat_t st;
  if (zip_source_stat(out, &st) == 0 && zip_source_open(out) == 0) {
    bytes.resize(size_t(st.size));
    zip_int64_t got = zip_source_read(out, bytes.data(), st.size);
    zip_source_close(out);
    if (got < 0 || zip_uint64_t(got) != st.size) err = toUtf8(zip) + ": the archive did not build";
  } else {
    err = toUtf8(zip) + ": the archive did not build";
  }
  zip_source_free(out);
  if (!err.empty()) return err;
  if (zip.has_parent_path()) fs::create_directories(zip.parent_path(), ec);
  return writeFileAtomic(zip, bytes);
}

}  // namespace fx
