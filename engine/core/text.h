// Text fxview prints or writes is UTF-8 (issue 26, "messages are text"). Names quoted from tags,
// YAML and JSON files may hold any bytes; format(Diagnostic) escapes them, and JSON output
// replaces them instead of throwing.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace fx {

// `text` as valid UTF-8 that moves no terminal: each byte that does not start a well-formed
// sequence (a lone continuation byte, a truncated sequence, an overlong form, a surrogate, a code
// point above U+10FFFF, 0xC0, 0xC1, 0xF5-0xFF) becomes `\xNN`, and so does a control character
// other than tab and newline. Valid text comes back unchanged, multibyte characters included.
std::string escapeInvalidUtf8(std::string_view text);

// `j` as JSON text for output and files. A string read from a tag may hold bytes that are not
// UTF-8: they become U+FFFD instead of the exception nlohmann's default dump throws.
std::string dumpJson(const nlohmann::ordered_json& j, int indent = -1);

// Levenshtein distance between `a` and `b`, ignoring ASCII case (insertions, deletions and
// substitutions of one byte each cost 1).
size_t editDistance(std::string_view a, std::string_view b);

// The candidate nearest to `word` when it is close enough to be a typo of it: at most 1 edit for
// words up to 5 bytes, 2 for longer ones (and never the word itself, exact case). "" when none is.
// For "did you mean X?" after an unknown key or command.
std::string nearestName(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace fx
