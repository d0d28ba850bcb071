// The picture's console commands shared by the viewer and the console session (render --exec):
// `bloom` over a BloomLook (scene.h) and `view overdraw|normal`.
#include <charconv>
#include <cmath>
#include <sstream>

#include "engine/session/world_console.h"

namespace fx {

namespace {

struct BloomField {
  const char* name;
  float BloomLook::*member;
  float lo, hi;  // BloomLook::reflect's ranges
};
constexpr BloomField kBloomFields[] = {{"threshold", &BloomLook::threshold, 0.0f, 64.0f},
                                       {"intensity", &BloomLook::intensity, 0.0f, 16.0f},
                                       {"knee", &BloomLook::softKnee, 0.0f, 1.0f},
                                       {"exposure", &BloomLook::exposure, 0.0f, 64.0f}};

std::string number(float v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

}  // namespace

std::string runBloomStatement(BloomLook& look, const ConsoleStatement& st, std::string& text) {
  const std::vector<std::string>& t = st.tokens;
  const std::string usage = "usage: bloom [0|1] | bloom threshold|intensity|knee|exposure [VALUE]";
  if (t.size() < 2) {
    text = std::string("bloom ") + (look.enabled ? "1" : "0");
    for (const BloomField& f : kBloomFields)
      text += std::string(" ") + f.name + " " + number(look.*f.member);
    return {};
  }
  if (auto b = parseConsoleBool(t[1]); b && t.size() == 2) {
    look.enabled = *b;
    return {};
  }
  for (const BloomField& f : kBloomFields) {
    if (t[1] != f.name) continue;
    if (t.size() == 2) {
      text = std::string("bloom ") + f.name + " " + number(look.*f.member);
      return {};
    }
    if (t.size() > 3) return usage;
    double v = 0.0;
    auto [p, ec] = std::from_chars(t[2].data(), t[2].data() + t[2].size(), v);
    if (ec != std::errc() || p != t[2].data() + t[2].size() || !std::isfinite(v) || v < f.lo ||
        v > f.hi)
      return std::string("bloom ") + f.name + ": expected a number " + number(f.lo) + ".." +
             number(f.hi) + ", got \"" + t[2] + "\"";
    look.*f.member = float(v);
    return {};
  }
  return "bloom: unknown setting \"" + t[1] + "\" (" + usage + ")";
}

std::string runViewStatement(bool& overdraw, const ConsoleStatement& st, std::string& text) {
  const std::vector<std::string>& t = st.tokens;
  if (t.size() < 2) {
    text = overdraw ? "view overdraw" : "view normal";
    return {};
  }
  if (t.size() == 2 && (t[1] == "overdraw" || t[1] == "normal")) {
    overdraw = t[1] == "overdraw";
    return {};
  }
  return "usage: view [overdraw|normal]";
}

}  // namespace fx
