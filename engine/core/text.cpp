#include "engine/core/text.h"

#include <algorithm>
#include <vector>

#include <nlohmann/json.hpp>

namespace fx {

namespace {

// The length of the well-formed UTF-8 sequence starting at text[i] (Unicode Table 3-7), or 0.
size_t utf8SequenceLength(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b = byte(i);
  size_t len = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the second byte's range
  if (b >= 0xC2 && b <= 0xDF) {
    len = 2;
  } else if (b >= 0xE0 && b <= 0xEF) {
    len = 3;
    if (b == 0xE0) lo = 0xA0;  // no overlongs
    if (b == 0xED) hi = 0x9F;  // no surrogates
  } else if (b >= 0xF0 && b <= 0xF4) {
    len = 4;
    if (b == 0xF0) lo = 0x90;  // no overlongs
    if (b == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  }
  if (len == 0 || i + len > text.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (size_t k = 2; k < len; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return len;
}

}  // namespace

std::string escapeInvalidUtf8(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    auto b = static_cast<unsigned char>(text[i]);
    size_t len = b < 0x80 ? 1 : utf8SequenceLength(text, i);
    bool control = b < 0x80 && ((b < 0x20 && b != '\t' && b != '\n') || b == 0x7F);
    if (len == 0 || control) {
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 0xF];
      ++i;
    } else {
      out.append(text.substr(i, len));
      i += len;
    }
  }
  return out;
}

std::string dumpJson(const nlohmann::ordered_json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

size_t editDistance(std::string_view a, std::string_view b) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      size_t substitute = diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitute});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string nearestName(std::string_view word, const std::vector<std::string>& candidates) {
  const size_t limit = word.size() <= 5 ? 1 : 2;
  std::string best;
  size_t bestDistance = limit + 1;
  for (const std::string& c : candidates) {
    if (c == word) continue;
    size_t d = editDistance(word, c);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

}  // namespace fx
