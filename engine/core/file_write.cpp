#include "engine/core/file_write.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#ifndef _WIN32  // Windows: file_write_win.cpp
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "engine/core/paths.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

fs::path folderOf(const fs::path& target) {
  return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

#ifndef _WIN32
constexpr int kMaxLinks = 40;  // as the kernel's ELOOP limit

// The mode a new file gets from open(): 0666 less the process's umask (read from /proc, which
// changes nothing, unlike umask()).
mode_t newFileMode() {
  mode_t mask = 022;
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("Umask:", 0) == 0) mask = mode_t(std::strtoul(line.c_str() + 6, nullptr, 8));
  return 0666 & ~mask;
}

// Writes all of `text` to `fd` and flushes it to disk: 0 or the errno.
int writeAllAndSync(int fd, const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    done += size_t(n);
  }
  return ::fsync(fd) == 0 ? 0 : errno;
}

std::string cannotSave(const fs::path& path, int err, const fs::path& at) {
  return "cannot save " + toUtf8(path) + ": " + writeErrorReason(err, at);
}

// A new, uniquely named (O_EXCL through mkstemp) temporary file in `target`'s folder: its name is
// short, so it fits wherever the target's name does. -1 with `error` set on failure.
int openTemp(const fs::path& path, const fs::path& target, fs::path& tmp, std::string& error) {
  if (toUtf8(target.filename()).size() > NAME_MAX) {
    error = cannotSave(path, ENAMETOOLONG, target);
    return -1;
  }
  std::string name = toUtf8(folderOf(target) / ".fxv-XXXXXX");
  std::vector<char> buf(name.begin(), name.end());
  buf.push_back('\0');
  int fd = ::mkstemp(buf.data());
  if (fd < 0) {
    error = cannotSave(path, errno, target);
    return -1;
  }
  tmp = toPath(buf.data());
  return fd;
}

// A file with several hard links: its own inode gets the new bytes so every link sees them. The
// temporary copy (already written) stays until the original holds the new content, and is named
// in the error when that fails.
std::string overwriteInPlace(const fs::path& path, const fs::path& target, const fs::path& tmp,
                             const std::string& text, mode_t mode, bool chmodFirst) {
  if (chmodFirst && ::chmod(target.c_str(), mode) != 0) return cannotSave(path, errno, target);
  int fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  int err = fd < 0 ? errno : writeAllAndSync(fd, text);
  if (fd >= 0 && ::close(fd) != 0 && err == 0) err = errno;
  if (err != 0) return cannotSave(path, err, target) + "; the new content is in " + toUtf8(tmp);
  ::unlink(tmp.c_str());
  return {};
}

void syncFolder(const fs::path& folder) {
  int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

#endif  // _WIN32

std::string lowerFirst(std::string s) {
  if (!s.empty()) s[0] = char(std::tolower(static_cast<unsigned char>(s[0])));
  return s;
}

}  // namespace

std::string writeErrorReason(int err, const fs::path& path) {
  switch (err) {
    case EACCES:
    case EPERM:
      return "permission denied";
    case ENOENT:
      return "no such folder " + toUtf8(folderOf(path));
    case ENOTDIR:
      return "a part of " + toUtf8(folderOf(path)) + " is not a folder";
    case ENAMETOOLONG:
      return "file name too long";
    case EROFS:
      return "read-only file system";
    case ENOSPC:
      return "no space left on device";
    case EISDIR:
      return toUtf8(path) + " is a folder";
    default:
      return lowerFirst(std::strerror(err));
  }
}

#ifndef _WIN32
fs::path writeTarget(const fs::path& path) {
  fs::path p = path;
  for (int i = 0; i < kMaxLinks; ++i) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    std::vector<char> buf(size_t(st.st_size > 0 ? st.st_size : PATH_MAX) + 1);
    ssize_t n = ::readlink(p.c_str(), buf.data(), buf.size());
    if (n < 0 || size_t(n) >= buf.size()) return p;
    fs::path link = toPath(std::string_view(buf.data(), size_t(n)));
    p = link.is_absolute() ? link : folderOf(p) / link;
  }
  return p;
}

std::optional<unsigned> readOnlyMode(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  if ((st.st_mode & 0222) != 0) return std::nullopt;
  return unsigned(st.st_mode & 07777);
}

std::string readOnlyRefusal(const fs::path& path, const std::string& hint) {
  auto mode = readOnlyMode(path);
  if (!mode) return {};
  char octal[8];
  std::snprintf(octal, sizeof octal, "%04o", *mode);
  return toUtf8(path) + " is read-only (mode " + octal + "); " + hint;
}

std::string makeWritable(const fs::path& path) {
  auto mode = readOnlyMode(path);
  if (!mode) return {};
  if (::chmod(path.c_str(), mode_t(*mode | S_IWUSR)) != 0)
    return "cannot make " + toUtf8(path) + " writable: " + writeErrorReason(errno, path);
  return {};
}

std::string writeFileAtomic(const fs::path& path, const std::string& text,
                            const WriteOptions& opts) {
  const fs::path target = writeTarget(path);
  struct stat st {};
  const bool replacing = ::stat(target.c_str(), &st) == 0;
  if (replacing && !S_ISREG(st.st_mode))
    return "cannot save " + toUtf8(path) +
           (S_ISDIR(st.st_mode) ? ": it is a folder" : ": not a regular file");
  mode_t mode = replacing ? mode_t(st.st_mode & 07777) : newFileMode();
  const bool readOnly = replacing && (mode & 0222) == 0;
  if (readOnly && !opts.force) return readOnlyRefusal(path);
  if (readOnly) mode |= S_IWUSR;

  std::string error;
  fs::path tmp;
  int fd = openTemp(path, target, tmp, error);
  if (fd < 0) return error;
  int err = ::fchmod(fd, mode) == 0 ? 0 : errno;
  if (err == 0) err = writeAllAndSync(fd, text);
  if (::close(fd) != 0 && err == 0) err = errno;
  if (err != 0) {
    ::unlink(tmp.c_str());
    return cannotSave(path, err, target);
  }
  if (replacing && st.st_nlink > 1)
    return overwriteInPlace(path, target, tmp, text, mode, readOnly);
  if (::rename(tmp.c_str(), target.c_str()) != 0) {
    err = errno;
    ::unlink(tmp.c_str());
    return cannotSave(path, err, target);
  }
  syncFolder(folderOf(target));
  return {};
}

#endif  // _WIN32

std::string writeFileAtomic(const fs::path& path, const std::string& text) {
  return writeFileAtomic(path, text, WriteOptions());
}

#ifndef _WIN32
std::string createTempBeside(const fs::path& path, fs::path& tmp) {
  std::string error;
  int fd = openTemp(path, writeTarget(path), tmp, error);
  if (fd < 0) return error;
  ::close(fd);
  return {};
}

#endif  // _WIN32

std::string commitTempFile(const fs::path& tmp, const fs::path& path, const WriteOptions& opts) {
  std::string bytes;
  {
    std::ifstream in(tmp, std::ios::binary);
    if (!in) {
      std::error_code ec;
      fs::remove(tmp, ec);
      return "cannot save " + toUtf8(path) + ": its temporary file " + toUtf8(tmp) + " is gone";
    }
    std::stringstream ss;
    ss << in.rdbuf();
    bytes = ss.str();
  }
  std::error_code ec;
  fs::remove(tmp, ec);
  return writeFileAtomic(path, bytes, opts);
}

}  // namespace fx
