// Text fxview prints or writes is UTF-8 (issue 26, "messages are text"). Names quoted from tags,
// YAML and JSON files may hold any bytes; format(Diagnostic) escapes them, and JSON output
// replaces them instead of throwing.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

namespace fx {

// `text` as valid UTF-8 that moves no terminal: each byte that does not start a well-formed
// sequence (a lone continuation byte, a truncated sequence, an overlong form, a surrogate, a code
// point above U+10FFFF, 0xC0, 0xC1, 0xF5-0xFF) becomes `\xNN`, and so does a control character
// other than tab and newline. Valid text comes back unchanged, multibyte characters included.
std::string escapeInvalidUtf8(std::string_view text);

// `j` as JSON text for output and files. A string read from a tag may hold bytes that are not
// UTF-8: they become U+FFFD instead of the exception nlohmann's default dump throws.
std::string dumpJson(const nlohmann::ordered_json& j, int indent = -1);

}  // namespace fx
