#include "engine/core/color_ops.h"

#include <algorithm>
#include <cmath>

namespace fx {

namespace {

float saturate(float x) {
  return std::clamp(x, 0.0f, 1.0f);
}
vec3 saturate(vec3 v) {
  return glm::clamp(v, vec3(0.0f), vec3(1.0f));
}
float blendAlpha(float ba, float fa) {
  return fa + (1.0f - fa) * ba;
}
// Stride's BasicBlend: the operator's colour where both cover, each alone where only it does.
vec4 basic(vec4 b, vec4 f, vec3 r) {
  vec3 rgb = f.a * b.a * r + f.a * (1.0f - b.a) * vec3(f) + (1.0f - f.a) * b.a * vec3(b);
  return {rgb, blendAlpha(b.a, f.a)};
}
vec3 perChannel(vec3 a, vec3 b, float (*fn)(float, float)) {
  return {fn(a.x, b.x), fn(a.y, b.y), fn(a.z, b.z)};
}
float divide(float t1, float t2) {
  return t2 <= 0.0f ? (t1 > 0.0f ? 1.0f : 0.0f) : t1 / t2;
}

// HSV helpers as Stride's HSVUtils computes them.
float value(vec3 c) {
  return std::max({c.x, c.y, c.z});
}
float saturation(vec3 c) {
  float mx = value(c);
  return mx < 1e-10f ? 0.0f : 1.0f - std::min({c.x, c.y, c.z}) / mx;
}
float hue(vec3 c) {
  float mx = value(c), delta = mx - std::min({c.x, c.y, c.z});
  if (delta < 1e-10f) return 0.0f;
  if (mx == c.x) {
    float h = 1.0f + (c.y - c.z) / (6.0f * delta);
    return h - std::floor(h);
  }
  if (mx == c.y) return 1.0f / 3.0f + (c.z - c.x) / (6.0f * delta);
  return 2.0f / 3.0f + (c.x - c.y) / (6.0f * delta);
}
vec3 hsvToRgb(float h, float s, float v) {
  vec3 k(1.0f, 2.0f / 3.0f, 1.0f / 3.0f);
  vec3 p = vec3(h) + k;
  p = glm::abs((p - glm::floor(p)) * 6.0f - vec3(3.0f));
  return v * glm::mix(vec3(1.0f), saturate(p - vec3(1.0f)), s);
}

vec3 hsvMix(ColorOp op, vec3 b, vec3 f) {
  switch (op) {
    case ColorOp::Color:
      return saturation(f) == 0.0f ? vec3(value(b)) : hsvToRgb(hue(f), saturation(f), value(b));
    case ColorOp::Hue:
      return saturation(f) == 0.0f ? vec3(value(b)) : hsvToRgb(hue(f), saturation(b), value(b));
    default:  // saturation
      return saturation(b) == 0.0f ? vec3(value(b)) : hsvToRgb(hue(b), saturation(f), value(b));
  }
}

vec3 softLight(vec3 b, vec3 f) {
  vec3 r1 = b * (1.0f + (1.0f - b) * (2.0f * b - 1.0f));
  vec3 r2 = b * (b * (9.0f - 18.0f * f) + 5.76f * f - 1.88f);
  vec3 r3 = b + (glm::sqrt(glm::max(b, vec3(0.0f))) - b) * (2.0f * f - 1.0f);
  float inner = b.x >= 9.0f / 64.0f ? r3.x : r2.x;
  return vec3(f.x >= 0.5f ? inner : r1.x);  // Stride keeps only the first channel
}

// The operators built on BasicBlend: their per-channel result colour.
vec3 blendColor(ColorOp op, vec3 b, vec3 f) {
  switch (op) {
    case ColorOp::Add:
      return f + b;
    case ColorOp::Average:
      return (f + b) * 0.5f;
    case ColorOp::ColorDodge:
      return perChannel(b, f, [](float x, float y) {
        return y == 1.0f ? std::ceil(x) : saturate(x / (1.0f - y));
      });
    case ColorOp::Difference:
      return glm::abs(f - b);
    case ColorOp::Exclusion:
      return f + b - 2.0f * f * b;
    case ColorOp::HardLight:
      return perChannel(b, f, [](float x, float y) {
        return y >= 0.5f ? 1.0f - 2.0f * (1.0f - y) * (1.0f - x) : 2.0f * y * x;
      });
    case ColorOp::HardMix: {
      vec3 s = vec3(b.x, b.z, b.y) + f;
      return {s.x > 1.0f ? 1.0f : 0.0f, s.y > 1.0f ? 1.0f : 0.0f, s.z > 1.0f ? 1.0f : 0.0f};
    }
    case ColorOp::LinearBurn: {
      vec3 s = vec3(f.x, f.z, f.y) + b, r = f + b - 1.0f;
      return {s.x >= 1.0f ? 0.0f : r.x, s.y >= 1.0f ? 0.0f : r.y, s.z >= 1.0f ? 0.0f : r.z};
    }
    case ColorOp::LinearDodge:
      return saturate(f + b);
    case ColorOp::Over:
      return f;
    case ColorOp::Overlay:
      return perChannel(b, f, [](float x, float y) {
        return x <= 0.5f ? 1.0f - 2.0f * (1.0f - y) * (1.0f - x) : 2.0f * y * x;
      });
    case ColorOp::PinLight:
      return perChannel(b, f, [](float x, float y) {
        return y <= 0.5f ? std::min(x, 2.0f * y) : std::max(x, 2.0f * y - 1.0f);
      });
    default:  // soft light
      return softLight(b, f);
  }
}

}  // namespace

vec4 applyColorOp(ColorOp op, vec4 b, vec4 f) {
  const vec3 bc(b), fc(f);
  switch (op) {
    case ColorOp::Color:
    case ColorOp::Hue:
    case ColorOp::Saturation:
      return {hsvMix(op, bc, fc), blendAlpha(b.a, f.a)};
    case ColorOp::ColorBurn:
      return {vec3(1.0f) - perChannel(vec3(1.0f) - bc, fc, divide), 1.0f};
    case ColorOp::Darken:
    case ColorOp::Lighten: {
      vec3 x = glm::mix(b.a * bc, fc, f.a), y = glm::mix(f.a * fc, bc, b.a);
      return {op == ColorOp::Darken ? glm::min(x, y) : glm::max(x, y), blendAlpha(b.a, f.a)};
    }
    case ColorOp::Desaturate:
      return {bc * (1.0f - fc * f.a), b.a};
    case ColorOp::Divide:
      return {perChannel(bc, fc, divide), blendAlpha(b.a, f.a)};
    case ColorOp::Illuminate:
      return {bc * (2.0f * fc * f.a + 1.0f - f.a), b.a};
    case ColorOp::In:
      return b * f.a;
    case ColorOp::Mask:
      return {bc, b.a * (f.r + f.g + f.b) / 3.0f};
    case ColorOp::Multiply:
      return b * f;
    case ColorOp::Out:
      return b * (1.0f - f.a);
    case ColorOp::Saturate:
      return {bc * (1.0f + fc * f.a), b.a};
    case ColorOp::Screen:
      return {fc * f.a * (1.0f - bc * b.a) + bc * b.a, blendAlpha(b.a, f.a)};
    case ColorOp::Subtract:
      return b - f;
    case ColorOp::SubstituteAlpha:
      return {bc, f.a};
    case ColorOp::Threshold:
      return {b.x > f.x ? 1.0f : 0.0f, b.y > f.y ? 1.0f : 0.0f, b.z > f.z ? 1.0f : 0.0f,
              b.w > f.w ? 1.0f : 0.0f};
    default:
      return basic(b, f, blendColor(op, bc, fc));
  }
}

namespace {
constexpr std::string_view kStrideNames[kColorOpCount] = {
    "Add",        "Average",    "Color",  "ColorBurn", "ColorDodge", "Darken",
    "Desaturate", "Difference", "Divide", "Exclusion", "HardLight",  "HardMix",
    "Hue",        "Illuminate", "In",     "Lighten",   "LinearBurn", "LinearDodge",
    "Mask",       "Multiply",   "Out",    "Over",      "Overlay",    "PinLight",
    "Saturate",   "Saturation", "Screen", "SoftLight", "Subtract",   "SubstituteAlpha",
    "Threshold"};
constexpr std::string_view kNames[kColorOpCount] = {
    "add",        "average",    "color",  "color_burn", "color_dodge", "darken",
    "desaturate", "difference", "divide", "exclusion",  "hard_light",  "hard_mix",
    "hue",        "illuminate", "in",     "lighten",    "linear_burn", "linear_dodge",
    "mask",       "multiply",   "out",    "over",       "overlay",     "pin_light",
    "saturate",   "saturation", "screen", "soft_light", "subtract",    "substitute_alpha",
    "threshold"};
}  // namespace

std::string_view colorOpStrideName(ColorOp op) {
  return int(op) < kColorOpCount ? kStrideNames[int(op)] : "";
}
std::string_view colorOpName(ColorOp op) {
  return int(op) < kColorOpCount ? kNames[int(op)] : "";
}

}  // namespace fx
