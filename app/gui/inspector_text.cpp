// How the inspector words a field: number formats with units, drag speeds, ranges, and labels
// fitted to the label column (shortened from the front of what siblings share).
#include "app/gui/inspector_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/gui/inspector_visitor.h"

namespace fx::gui {

namespace {

std::string escapePercent(std::string_view s) {
  std::string out;
  for (char c : s) {
    out += c;
    if (c == '%') out += '%';
  }
  return out;
}

}  // namespace

std::string numberFormat(const FieldMeta& m, bool integer) {
  std::string f = integer ? "%d" : "%.4g";
  if (!m.unit.empty()) f += " " + escapePercent(m.unit);
  return f;
}

float dragSpeed(const FieldMeta& m, bool integer) {
  if (m.speed > 0.0f) return m.speed;
  if (std::isfinite(m.min) && std::isfinite(m.max)) {
    double span = m.max - m.min;
    return float(std::clamp(span / 400.0, integer ? 0.05 : 0.0005, integer ? 50.0 : 10.0));
  }
  return integer ? 0.2f : 0.01f;
}

float fieldLo(const FieldMeta& m) {
  return std::isfinite(m.min) ? float(std::max(m.min, -1e30)) : 0.0f;
}
float fieldHi(const FieldMeta& m) {
  return std::isfinite(m.max) ? float(std::min(m.max, 1e30)) : 0.0f;
}
bool ranged(const FieldMeta& m) {
  return std::isfinite(m.min) || std::isfinite(m.max);
}

std::string rangeText(const FieldMeta& m) {
  if (m.maxLength > 0) return "at most " + std::to_string(m.maxLength) + " bytes";
  char buf[96];
  bool a = std::isfinite(m.min), b = std::isfinite(m.max);
  if (a && b)
    std::snprintf(buf, sizeof buf, "range %g .. %g", m.min, m.max);
  else if (a)
    std::snprintf(buf, sizeof buf, "range >= %g", m.min);
  else if (b)
    std::snprintf(buf, sizeof buf, "range <= %g", m.max);
  else
    return {};
  return buf;
}

void clampValue(const FieldMeta& m, float& v) {
  if (std::isfinite(m.min)) v = std::max(v, float(m.min));
  if (std::isfinite(m.max)) v = std::min(v, float(m.max));
}

namespace {

// The longest prefix of `text` that fits `room`, cut where a UTF-8 character starts (widths only
// grow), without trailing spaces.
std::string fittingPrefix(std::string_view text, float room,
                          const std::function<float(std::string_view)>& measure) {
  std::vector<size_t> cuts;
  for (size_t i = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) cuts.push_back(i);
  size_t lo = 0, hi = cuts.size() - 1;
  while (lo < hi) {
    size_t mid = (lo + hi + 1) / 2;
    if (measure(text.substr(0, cuts[mid])) <= room)
      lo = mid;
    else
      hi = mid - 1;
  }
  std::string shown(text.substr(0, cuts[lo]));
  while (!shown.empty() && shown.back() == ' ') shown.pop_back();
  return shown;
}

}  // namespace

FittedLabel fitLabel(std::string_view text, float width,
                     const std::function<float(std::string_view)>& measure, size_t shared) {
  if (text.empty() || measure(text) <= width) return {std::string(text), false};
  constexpr std::string_view kEllipsis = "...";
  const float ellipsis = measure(kEllipsis);
  if (shared > 0 && shared < text.size()) {
    // What the label shares with its siblings gives way first: the part that tells it apart
    // stays, cut at its end when even that does not fit.
    std::string_view rest = text.substr(shared);
    if (ellipsis + measure(rest) <= width)
      return {std::string(kEllipsis) + std::string(rest), true};
    if (width - 2.0f * ellipsis >= measure(rest.substr(0, 1)))
      return {std::string(kEllipsis) + fittingPrefix(rest, width - 2.0f * ellipsis, measure) +
                  std::string(kEllipsis),
              true};
  }
  const float room = width - ellipsis;
  if (room < 0.0f) return {"", true};
  return {fittingPrefix(text, room, measure) + std::string(kEllipsis), true};
}

size_t sharedWordPrefix(std::string_view label, std::span<const std::string> siblings) {
  size_t best = 0;
  for (const std::string& other : siblings) {
    if (other == label) continue;
    size_t n = 0;
    while (n < label.size() && n < other.size() && label[n] == other[n]) ++n;
    // Back to the start of the word the two part in.
    while (n > 0 && label[n - 1] != ' ') --n;
    best = std::max(best, n);
  }
  return best;
}

}  // namespace fx::gui
