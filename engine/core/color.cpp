#include "engine/core/color.h"

#include <algorithm>
#include <cmath>

namespace fx {

vec3 rgbToHsv(vec3 c) {
  float mx = std::max({c.r, c.g, c.b});
  float mn = std::min({c.r, c.g, c.b});
  float d = mx - mn;
  float h = 0.0f;
  if (d > 0.0f) {
    if (mx == c.r)
      h = (c.g - c.b) / d;
    else if (mx == c.g)
      h = 2.0f + (c.b - c.r) / d;
    else
      h = 4.0f + (c.r - c.g) / d;
    h /= 6.0f;
    if (h < 0.0f) h += 1.0f;
  }
  float s = mx > 0.0f ? d / mx : 0.0f;
  return {h, s, mx};
}

vec3 hsvToRgb(vec3 hsv) {
  float h = hsv.x - std::floor(hsv.x);
  float s = hsv.y, v = hsv.z;
  float h6 = h * 6.0f;
  int i = int(h6) % 6;
  float f = h6 - std::floor(h6);
  float p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  switch (i) {
    case 0: return {v, t, p};
    case 1: return {q, v, p};
    case 2: return {p, v, t};
    case 3: return {p, q, v};
    case 4: return {t, p, v};
    default: return {v, p, q};
  }
}

vec3 interpolateColor(vec3 a, vec3 b, float t, bool hsv, bool longHuePath) {
  if (!hsv) return glm::mix(a, b, t);
  vec3 ha = rgbToHsv(a), hb = rgbToHsv(b);
  bool farApart = std::abs(ha.x - hb.x) > 0.5f;
  if (farApart != longHuePath) {
    if (ha.x < hb.x)
      ha.x += 1.0f;
    else
      hb.x += 1.0f;
  }
  vec3 h = glm::mix(ha, hb, t);
  if (h.x > 1.0f) h.x -= 1.0f;
  return hsvToRgb(h);
}

}  // namespace fx
