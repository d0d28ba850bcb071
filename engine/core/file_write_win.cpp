// file_write.h on Windows. The same promises as on Linux, with Windows' means:
//   - the temporary file is created (CREATE_NEW) in the target's folder, written, flushed, then
//     moved over the target with MoveFileExW (one rename in the file system: the old file or the
//     new one, never half of either); the replaced file's attributes and creation time are
//     carried over. (ReplaceFileW would do that itself, but Wine's leaves an empty rfXXXX.tmp
//     beside every file it replaces.);
//   - a file another program holds open without sharing (an editor, Guerilla) refuses the swap:
//     the error says so, the temporary file is removed and the file keeps its old bytes;
//   - "read-only" is the read-only attribute; --force clears it;
//   - a symbolic link or junction is written through to the file it names;
//   - a file with several hard links is rewritten in place so every name sees the new bytes;
//   - names of any length: paths of 248 characters or more get the \\?\ prefix.
#ifdef _WIN32
#include "engine/core/file_write.h"

#include "engine/core/windows_api.h"

#include <atomic>
#include <cerrno>
#include <chrono>

#include "engine/core/paths.h"
#include "engine/core/platform.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

fs::path folderOf(const fs::path& target) {
  return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

// The name the wide APIs take: absolute, backslashes, \\?\ before a long one (MAX_PATH counts
// the folder of a new file against 248).
std::wstring longName(const fs::path& p) {
  std::error_code ec;
  fs::path full = fs::absolute(p, ec);
  if (ec) full = p;
  std::wstring w = full.make_preferred().wstring();
  if (w.size() < 248 || w.rfind(L"\\\\?\\", 0) == 0) return w;
  if (w.rfind(L"\\\\", 0) == 0) return L"\\\\?\\UNC\\" + w.substr(2);
  return L"\\\\?\\" + w;
}

std::string lowerFirst(std::string s) {
  if (!s.empty() && s[0] >= 'A' && s[0] <= 'Z') s[0] = char(s[0] - 'A' + 'a');
  return s;
}

std::string systemMessage(DWORD err) {
  wchar_t* text = nullptr;
  FormatMessageW(
      FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
      nullptr, err, 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::string out = text ? toUtf8(fs::path(text)) : "error " + std::to_string(err);
  if (text) LocalFree(text);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == '.'))
    out.pop_back();
  return lowerFirst(out);
}

// Why a Windows call on `path` failed, worded as writeErrorReason words errno.
std::string windowsReason(DWORD err, const fs::path& path) {
  switch (err) {
    case ERROR_ACCESS_DENIED:
      return "permission denied";
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
    case ERROR_USER_MAPPED_FILE:
    case ERROR_UNABLE_TO_REMOVE_REPLACED:
    case ERROR_UNABLE_TO_MOVE_REPLACEMENT:
    case ERROR_UNABLE_TO_MOVE_REPLACEMENT_2:
      return "it is open in another program (close it there, then save again)";
    case ERROR_PATH_NOT_FOUND:
    case ERROR_FILE_NOT_FOUND:
      return "no such folder " + toUtf8(folderOf(path));
    case ERROR_FILENAME_EXCED_RANGE:
    case ERROR_BUFFER_OVERFLOW:
      return "file name too long";
    case ERROR_WRITE_PROTECT:
      return "read-only file system";
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
      return "no space left on device";
    case ERROR_DIRECTORY:
      return toUtf8(path) + " is a folder";
    default:
      return systemMessage(err);
  }
}

std::string cannotSave(const fs::path& path, DWORD err, const fs::path& at) {
  return "cannot save " + toUtf8(path) + ": " + windowsReason(err, at);
}

DWORD attributesOf(const fs::path& p) {
  return GetFileAttributesW(longName(p).c_str());
}

bool writeAll(HANDLE h, const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    const DWORD chunk = DWORD(std::min<size_t>(text.size() - done, 1u << 30));
    DWORD written = 0;
    if (!WriteFile(h, text.data() + done, chunk, &written, nullptr)) return false;
    done += written;
  }
  return FlushFileBuffers(h) != 0;
}

// A new, uniquely named temporary file beside `target` (CREATE_NEW: never an existing one).
HANDLE openTemp(const fs::path& target, fs::path& tmp, DWORD& err) {
  static std::atomic<unsigned> counter{0};
  const auto now = uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
  for (int attempt = 0; attempt < 100; ++attempt) {
    const uint64_t salt = now ^ (uint64_t(GetCurrentProcessId()) << 32) ^ counter++;
    char name[32];
    std::snprintf(name, sizeof name, ".fxv-%06llx", (unsigned long long)(salt & 0xffffff));
    tmp = folderOf(target) / name;
    HANDLE h = CreateFileW(longName(tmp).c_str(), GENERIC_READ | GENERIC_WRITE, 0, nullptr,
                           CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h != INVALID_HANDLE_VALUE) return h;
    err = GetLastError();
    if (err != ERROR_FILE_EXISTS && err != ERROR_ALREADY_EXISTS) return INVALID_HANDLE_VALUE;
  }
  return INVALID_HANDLE_VALUE;
}

// A file with several hard links: its own bytes are replaced so every link sees them.
std::string overwriteInPlace(const fs::path& path, const fs::path& target, const fs::path& tmp,
                             const std::string& text) {
  HANDLE h = CreateFileW(longName(target).c_str(), GENERIC_WRITE, FILE_SHARE_READ, nullptr,
                         TRUNCATE_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  DWORD err = h == INVALID_HANDLE_VALUE ? GetLastError() : 0;
  if (h != INVALID_HANDLE_VALUE) {
    if (!writeAll(h, text)) err = GetLastError();
    CloseHandle(h);
  }
  if (err != 0) return cannotSave(path, err, target) + "; the new content is in " + toUtf8(tmp);
  DeleteFileW(longName(tmp).c_str());
  return {};
}

// Gives the written temporary file what the file it replaces has kept: its attributes (hidden,
// archive, ...) and its creation time.
void carryOver(const std::wstring& from, const std::wstring& to) {
  WIN32_FILE_ATTRIBUTE_DATA old{};
  if (!GetFileAttributesExW(to.c_str(), GetFileExInfoStandard, &old)) return;
  HANDLE h = CreateFileW(from.c_str(), FILE_WRITE_ATTRIBUTES, 0, nullptr, OPEN_EXISTING,
                         FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h != INVALID_HANDLE_VALUE) {
    SetFileTime(h, &old.ftCreationTime, nullptr, nullptr);
    CloseHandle(h);
  }
  const DWORD keep =
      old.dwFileAttributes & (FILE_ATTRIBUTE_HIDDEN | FILE_ATTRIBUTE_SYSTEM |
                              FILE_ATTRIBUTE_ARCHIVE | FILE_ATTRIBUTE_NOT_CONTENT_INDEXED);
  if (keep) SetFileAttributesW(from.c_str(), keep);
}

// Whether another program has `name` open without sharing it for deletion (a move over it is then
// refused with "access denied", which would otherwise read as a permissions problem).
bool heldOpen(const std::wstring& name) {
  HANDLE h =
      CreateFileW(name.c_str(), DELETE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                  nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
  if (h != INVALID_HANDLE_VALUE) {
    CloseHandle(h);
    return false;
  }
  return GetLastError() == ERROR_SHARING_VIOLATION;
}

// Moves the written temporary file over `target`. Another program holding the target open
// without sharing it for deletion makes the move fail: the old file stays, the temporary one goes.
std::string replaceWith(const fs::path& path, const fs::path& target, const fs::path& tmp,
                        bool replacing) {
  const std::wstring to = longName(target), from = longName(tmp);
  if (replacing) carryOver(from, to);
  if (MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
    return {};
  DWORD err = GetLastError();
  DeleteFileW(from.c_str());
  if (err == ERROR_ACCESS_DENIED && replacing && heldOpen(to)) err = ERROR_SHARING_VIOLATION;
  return cannotSave(path, err, target);
}

}  // namespace

fs::path writeTarget(const fs::path& path) {
  const DWORD attrs = attributesOf(path);
  if (attrs == INVALID_FILE_ATTRIBUTES || !(attrs & FILE_ATTRIBUTE_REPARSE_POINT)) return path;
  HANDLE h =
      CreateFileW(longName(path).c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                  nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
  if (h == INVALID_HANDLE_VALUE) return path;  // a link to nothing yet: written as a file
  std::wstring buf(1024, L'\0');
  DWORD n = GetFinalPathNameByHandleW(h, buf.data(), DWORD(buf.size()), FILE_NAME_NORMALIZED);
  if (n >= buf.size()) {
    buf.resize(n + 1);
    n = GetFinalPathNameByHandleW(h, buf.data(), DWORD(buf.size()), FILE_NAME_NORMALIZED);
  }
  CloseHandle(h);
  if (n == 0 || n >= buf.size()) return path;
  buf.resize(n);
  if (buf.rfind(L"\\\\?\\UNC\\", 0) == 0)
    buf = L"\\\\" + buf.substr(8);
  else if (buf.rfind(L"\\\\?\\", 0) == 0)
    buf = buf.substr(4);
  return fs::path(buf);
}

std::optional<unsigned> readOnlyMode(const fs::path& path) {
  const DWORD attrs = attributesOf(path);
  if (attrs == INVALID_FILE_ATTRIBUTES || (attrs & FILE_ATTRIBUTE_DIRECTORY)) return std::nullopt;
  if (!(attrs & FILE_ATTRIBUTE_READONLY)) return std::nullopt;
  return 0444u;
}

std::string readOnlyRefusal(const fs::path& path, const std::string& hint) {
  if (!readOnlyMode(path)) return {};
  return toUtf8(path) + " is read-only (its read-only attribute is set); " + hint;
}

std::string makeWritable(const fs::path& path) {
  const DWORD attrs = attributesOf(path);
  if (attrs == INVALID_FILE_ATTRIBUTES || !(attrs & FILE_ATTRIBUTE_READONLY)) return {};
  if (!SetFileAttributesW(longName(path).c_str(), attrs & ~DWORD(FILE_ATTRIBUTE_READONLY)))
    return "cannot make " + toUtf8(path) + " writable: " + windowsReason(GetLastError(), path);
  return {};
}

std::string writeFileAtomic(const fs::path& path, const std::string& text,
                            const WriteOptions& opts) {
  const fs::path target = writeTarget(path);
  if (target.filename().wstring().size() > 255)  // NTFS's limit for one name, in UTF-16 units
    return cannotSave(path, ERROR_FILENAME_EXCED_RANGE, target);
  const DWORD attrs = attributesOf(target);
  const bool replacing = attrs != INVALID_FILE_ATTRIBUTES;
  if (replacing && (attrs & FILE_ATTRIBUTE_DIRECTORY))
    return "cannot save " + toUtf8(path) + ": it is a folder";
  if (replacing && (attrs & FILE_ATTRIBUTE_READONLY)) {
    if (!opts.force) return readOnlyRefusal(path);
    if (std::string err = makeWritable(target); !err.empty()) return err;
  }
  fs::path tmp;
  DWORD err = 0;
  HANDLE h = openTemp(target, tmp, err);
  if (h == INVALID_HANDLE_VALUE) return cannotSave(path, err, target);
  const bool written = writeAll(h, text);
  err = written ? 0 : GetLastError();
  CloseHandle(h);
  if (!written) {
    DeleteFileW(longName(tmp).c_str());
    return cannotSave(path, err, target);
  }
  platform::FileIdentity id;
  if (replacing && platform::fileIdentity(target, id) && id.links > 1)
    return overwriteInPlace(path, target, tmp, text);
  return replaceWith(path, target, tmp, replacing);
}

std::string createTempBeside(const fs::path& path, fs::path& tmp) {
  const fs::path target = writeTarget(path);
  DWORD err = 0;
  HANDLE h = openTemp(target, tmp, err);
  if (h == INVALID_HANDLE_VALUE) return cannotSave(path, err, target);
  CloseHandle(h);
  return {};
}

}  // namespace fx
#endif  // _WIN32
