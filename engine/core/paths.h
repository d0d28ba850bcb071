// File names in fxview are UTF-8 std::strings: in JSON, on the command line, in messages. The
// standard library reads a std::string path in the system's narrow code page, which is UTF-8 on
// Linux but an ANSI code page on Windows, where "Zoë" or "日本" would name another file or none.
// Every conversion between a UTF-8 name and std::filesystem::path goes through these, and every
// file is opened through a path (the wide-character APIs on Windows), never a narrow char*.
// The lint test `lint_paths_go_through_utf8` (tools/check_utf8_paths.py) fails on a `.string()`,
// `generic_string()` or `fopen` elsewhere.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace fx {

// The path named by UTF-8 text (either separator on Windows).
std::filesystem::path toPath(std::string_view utf8);
// A path as UTF-8 text, with the platform's separators (backslashes on Windows).
std::string toUtf8(const std::filesystem::path& p);
// A path as UTF-8 text with forward slashes on every platform (for files fxview writes).
std::string toGenericUtf8(const std::filesystem::path& p);

// Whether the authored name `text` starts with the folder `folder` ("assets/x.png"; on Windows
// "assets\\x.png" too, as a user there may type it).
bool startsWithFolder(std::string_view text, std::string_view folder);

// std::fopen for a UTF-8 name (_wfopen on Windows). Open binary ("rb", "wb"): text mode would
// turn "\n" into "\r\n" on Windows.
std::FILE* openFile(const std::filesystem::path& p, const char* mode);

}  // namespace fx
