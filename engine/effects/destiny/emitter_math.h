// The TFX scalar formulas the emitter VM's lanes use (reference §1.3), always inlined so per-lane
// loops vectorize; `fxview bench` writes its hand-written stage 4 with the same ones.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace fx::destiny {

// floor without a libm call, so per-lane loops vectorize (SSE2 has no roundps): truncate through
// int, step down when that rounded up; values past 2^23 are already integers (NaN passes through).
[[gnu::always_inline]] inline float floorFast(float x) {
  const bool small = std::fabs(x) < 8388608.0f;
  float t = float(int32_t(small ? x : 0.0f));
  t -= t > x ? 1.0f : 0.0f;
  return small ? t : x;
}

[[gnu::always_inline]] inline float roundHalfUp(float x) {
  return floorFast(x + 0.5f);
}

[[gnu::always_inline]] inline float saturate(float x) {
  return std::min(std::max(x, 0.0f), 1.0f);
}

// The sine estimate in turns (0x1E).
[[gnu::always_inline]] inline float sinEstimate(float x) {
  float a = x - roundHalfUp(x);
  float y = a * (8.0f - 16.0f * std::fabs(a));
  return y * (0.225f * std::fabs(y) + 0.775f);
}

}  // namespace fx::destiny
