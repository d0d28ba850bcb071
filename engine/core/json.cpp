#include "engine/core/json.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace fx {

namespace {

// Depth check without recursion on the parsed value: nlohmann's parser is recursive, so the
// text is scanned first and a too-deep document never reaches it.
bool tooDeep(const std::string& text) {
  int depth = 0;
  bool inString = false, escape = false;
  for (char c : text) {
    if (inString) {
      if (escape)
        escape = false;
      else if (c == '\\')
        escape = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') inString = true;
    if (c == '{' || c == '[') {
      if (++depth > kMaxJsonDepth) return true;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return false;
}

}  // namespace

std::optional<Json> parseJsonText(const std::string& text, const std::string& displayName,
                                  Diagnostics& diags) {
  if (tooDeep(text)) {
    diags.error(displayName, "",
                "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    return std::nullopt;
  }
  try {
    return Json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is 1-based; turn it into line:column for people.
    size_t line = 1, col = 1;
    for (size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    // nlohmann says "[json.exception.parse_error.101] parse error at line L, column C: WHAT":
    // keep WHAT, the position is given once, above.
    std::string what = e.what();
    auto pos = what.find("parse error");
    if (pos != std::string::npos) what = what.substr(pos);
    if (auto colon = what.find(": ");
        what.rfind("parse error", 0) == 0 && colon != std::string::npos)
      what = what.substr(colon + 2);
    diags.error(displayName, "",
                "malformed JSON at line " + std::to_string(line) + ", column " +
                    std::to_string(col) + ": " + what);
    return std::nullopt;
  } catch (const nlohmann::json::exception& e) {
    // e.g. out_of_range 406: a number literal too large for a double.
    std::string what = e.what();
    auto pos = what.find("] ");
    diags.error(displayName, "",
                "malformed JSON: " + (pos == std::string::npos ? what : what.substr(pos + 2)));
    return std::nullopt;
  }
}

std::optional<Json> loadJsonFile(const std::filesystem::path& path, const std::string& displayName,
                                 Diagnostics& diags) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    diags.error(displayName, "",
                "cannot read file: " + (std::filesystem::exists(path, ec)
                                            ? std::string("not a regular file")
                                            : std::string("no such file")));
    return std::nullopt;
  }
  auto size = std::filesystem::file_size(path, ec);
  if (ec) {
    diags.error(displayName, "", "cannot read file: " + ec.message());
    return std::nullopt;
  }
  if (size > kMaxJsonFileBytes) {
    diags.error(displayName, "",
                "file is " + std::to_string(size) + " bytes; the limit is " +
                    std::to_string(kMaxJsonFileBytes) + " bytes");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.error(displayName, "", "cannot open file for reading");
    return std::nullopt;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return parseJsonText(ss.str(), displayName, diags);
}

Json floatJson(float v) {
  if (!std::isfinite(v)) return Json(nullptr);
  char buf[32];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  double d = 0.0;
  std::from_chars(buf, res.ptr, d);
  return Json(d);
}

std::string describeJson(const Json& j) {
  switch (j.type()) {
    case Json::value_t::object:
      return "an object";
    case Json::value_t::array:
      return "an array";
    case Json::value_t::null:
      return "null";
    case Json::value_t::string: {
      std::string s = j.get<std::string>();
      if (s.size() > 40) s = s.substr(0, 40) + "...";
      return Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
    }
    case Json::value_t::number_float:
      if (!std::isfinite(j.get<double>())) return "a non-finite number";
      [[fallthrough]];
    default:
      return j.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
}

}  // namespace fx
