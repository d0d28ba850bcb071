#include "engine/core/paths.h"

#ifdef _WIN32
#include "engine/core/windows_api.h"
#endif

namespace fx {

namespace fs = std::filesystem;

bool startsWithFolder(std::string_view text, std::string_view folder) {
  if (text.size() <= folder.size() || text.substr(0, folder.size()) != folder) return false;
  const char next = text[folder.size()];
#ifdef _WIN32
  return next == '/' || next == '\\';
#else
  return next == '/';
#endif
}

#ifdef _WIN32

// MultiByteToWideChar and back, not the u8string conversions: those throw on text that is not
// UTF-8 (a name read from a tag may hold any bytes) and on a lone surrogate in a file name; the
// system's conversion puts U+FFFD there instead, which no file name on Windows holds.
fs::path toPath(std::string_view utf8) {
  if (utf8.empty()) return {};
  const int n = MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), nullptr, 0);
  std::wstring w(size_t(n), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), w.data(), n);
  return fs::path(std::move(w));
}

namespace {

std::string narrow(const std::wstring& w) {
  if (w.empty()) return {};
  const int n =
      WideCharToMultiByte(CP_UTF8, 0, w.data(), int(w.size()), nullptr, 0, nullptr, nullptr);
  std::string s(size_t(n), '\0');
  WideCharToMultiByte(CP_UTF8, 0, w.data(), int(w.size()), s.data(), n, nullptr, nullptr);
  return s;
}

}  // namespace

std::string toUtf8(const fs::path& p) {
  return narrow(p.native());
}

std::string toGenericUtf8(const fs::path& p) {
  return narrow(p.generic_wstring());
}

std::FILE* openFile(const fs::path& p, const char* mode) {
  std::wstring wmode(mode, mode + std::char_traits<char>::length(mode));
  return _wfopen(p.c_str(), wmode.c_str());
}

#else

fs::path toPath(std::string_view utf8) {
  return fs::path(utf8);
}

std::string toUtf8(const fs::path& p) {
  return p.native();
}

std::string toGenericUtf8(const fs::path& p) {
  return p.generic_string();
}

std::FILE* openFile(const fs::path& p, const char* mode) {
  return std::fopen(p.c_str(), mode);
}

#endif

}  // namespace fx
