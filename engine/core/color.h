// Colours: linear RGBA floats, RGB <-> HSV, and the Halo interpolation with its HSV and
// long-hue-path flags (reference halo notes §5.4).
#pragma once

#include "engine/core/math.h"

namespace fx {

struct ColorRgba {
  float r = 1.0f, g = 1.0f, b = 1.0f, a = 1.0f;
  vec4 vec() const { return {r, g, b, a}; }
  static ColorRgba fromVec(vec4 v) { return {v.x, v.y, v.z, v.w}; }
  bool operator==(const ColorRgba&) const = default;
};

vec3 rgbToHsv(vec3 rgb);  // h, s, v all in [0, 1]
vec3 hsvToRgb(vec3 hsv);

// Interpolate two colours at t. In HSV mode both bounds are converted; when (|h0 - h1| > 0.5)
// differs from `longHuePath`, 1 is added to the smaller hue, the hue is lerped and wrapped.
vec3 interpolateColor(vec3 a, vec3 b, float t, bool hsv, bool longHuePath);

}  // namespace fx
