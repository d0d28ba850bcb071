#include "engine/effects/halo_weather/wind.h"

#include <algorithm>
#include <cmath>

#include "engine/effects/halo_weather/weather_random.h"

namespace fx::weather {

void Wind::reflect(FieldVisitor& v) {
  v.visit({.key = "velocity",
           .unit = "wu/s",
           .help = "Bounds of the base wind speed. A per-frame random walk moves between them; the "
                   "result is "
                   "multiplied by the palette entry's wind magnitude.",
           .min = 0.0,
           .max = 1e4,
           .tag = {0x00}},
          velocity, FloatBounds{0.0f, 0.0f});
  v.visit({.key = "variation_area",
           .unit = "deg",
           .help = "Yaw and pitch range of the wind direction: it wanders +-half of this around "
                   "the palette "
                   "entry's wind direction (yaw 90 = +-45 degrees).",
           .min = -360.0,
           .max = 360.0,
           .tag = {0x08, TagCodec::Degrees}},
          variationArea, vec2(0.0f));
  v.visit({.key = "local_variation_weight",
           .help = "How much position-dependent wiggle is mixed in. Without simple wind it blends "
                   "base wind and "
                   "wiggle; with simple wind the wiggle is added on top of the full base wind.",
           .min = 0.0,
           .max = 100.0,
           .speed = 0.01f,
           .tag = {0x10}},
          localVariationWeight, 0.0f);
  v.visit(
      {.key = "local_variation_rate",
       .help =
           "How fast the wiggle pattern moves. It advances per rendered frame, so it is faster at "
           "higher framerates.",
       .min = -1e4,
       .max = 1e4,
       .speed = 0.01f,
       .tag = {0x14}},
      localVariationRate, 0.0f);
  v.visit({.key = "damping",
           .help = "Point physics with \"uses damped wind\" feel the wind scaled by (1 - damping).",
           .min = 0.0,
           .max = 1.0,
           .speed = 0.01f,
           .tag = {0x18}},
          damping, 0.0f);
}

void windInitialize(WindState& s, Lcg& rng) {
  for (auto& table : s.variance) {
    vec3 control[8];
    for (vec3& c : control) c = randomDirection(rng);
    for (int i = 0; i < 8; ++i) {
      const vec3& p0 = control[(i + 7) % 8];
      const vec3& p1 = control[i];
      const vec3& p2 = control[(i + 1) % 8];
      const vec3& p3 = control[(i + 2) % 8];
      for (int k = 0; k < 8; ++k) {
        float t = float(k) / 8.0f, t2 = t * t, t3 = t2 * t;
        table[size_t(i * 8 + k)] =
            0.5f * ((2.0f * p1) + (-p0 + p2) * t + (2.0f * p0 - 5.0f * p1 + 4.0f * p2 - p3) * t2 +
                    (-p0 + 3.0f * p1 - 3.0f * p2 + p3) * t3);
      }
    }
  }
}

void windUpdate(WindState& s, const Wind& w, const WindPalette& palette, Lcg& rng) {
  s.time += 1;
  auto walk = [&](float& v, float lo, float hi) {
    v += (rng.next() >> 31) ? 0.01f : -0.01f;
    v = std::clamp(v, lo, hi);
  };
  walk(s.speedVar, 0.0f, 1.0f);
  walk(s.yawVar, -1.0f, 1.0f);
  walk(s.pitchVar, -1.0f, 1.0f);
  s.speed = w.velocity.lo + (w.velocity.hi - w.velocity.lo) * s.speedVar;
  if (!palette.hasWind) {
    s.base = vec3(0.0f);
    return;
  }
  // A palette entry's zero wind direction means (1, 0, 0) (reference
  // halo_animation_and_level.md §3).
  vec3 d = palette.direction;
  float len = glm::length(d);
  d = len > 0.0f ? d / len : vec3(1.0f, 0.0f, 0.0f);
  float yaw = std::atan2(d.y, d.x) + w.variationArea.x * kDegToRad * s.yawVar * 0.5f;
  float pitch =
      std::asin(std::clamp(d.z, -1.0f, 1.0f)) + w.variationArea.y * kDegToRad * s.pitchVar * 0.5f;
  vec3 dir{std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), std::sin(pitch)};
  s.base = dir * palette.magnitude * s.speed;
}

vec3 windVariance(const WindState& s, const Wind& w, vec3 p) {
  constexpr float kAxisScale[3] = {0.1f, 0.2f, 0.07f};
  vec3 sum(0.0f);
  for (int a = 0; a < 3; ++a) {
    float key = std::abs((kAxisScale[a] * float(s.time) * w.localVariationRate + p[a]) * 8.0f);
    // The engine rounds with the float + 2^23 trick (round to nearest even), then masks to 64.
    // (key + 2^23) - 2^23 is that rounding exactly for 0 <= key <= 2^23, without a libm call
    // (strict IEEE arithmetic: the pair is never folded away).
    constexpr float kMagic = 8388608.0f;
    float rounded = (std::min(key, kMagic) + kMagic) - kMagic;
    sum += s.variance[size_t(a)][size_t(int64_t(rounded) & 63)];
  }
  return sum * (w.localVariationWeight * s.speed / 3.0f);
}

vec3 windCurrent(const WindState& s, const Wind& w, const WindPalette& palette,
                 uint32_t physicsFlags, vec3 p) {
  if (!palette.hasWind) return vec3(0.0f);
  float baseWeight = (physicsFlags & kUsesSimpleWind) ? 0.0f : w.localVariationWeight;
  vec3 c = s.base * (1.0f - baseWeight) + windVariance(s, w, p);
  if (physicsFlags & kUsesDampedWind) c *= 1.0f - w.damping;
  return c;
}

}  // namespace fx::weather
