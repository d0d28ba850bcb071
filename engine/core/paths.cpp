#include "engine/core/paths.h"

namespace fx {

namespace fs = std::filesystem;

#ifdef _WIN32

fs::path toPath(std::string_view utf8) {
  return fs::path(std::u8string(reinterpret_cast<const char8_t*>(utf8.data()), utf8.size()));
}

std::string toUtf8(const fs::path& p) {
  const std::u8string s = p.u8string();
  return std::string(reinterpret_cast<const char*>(s.data()), s.size());
}

std::string toGenericUtf8(const fs::path& p) {
  const std::u8string s = p.generic_u8string();
  return std::string(reinterpret_cast<const char*>(s.data()), s.size());
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
