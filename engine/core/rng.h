// The linear congruential generator both Halo and Destiny use: s = 1664525 s + 1013904223 (mod
// 2^32); a float draw is the high 16 bits / 65535, so it lies in [0, 1] inclusive. Every effect
// instance owns one stream, seeded from the preset seed and the effect id (no global RNG).
#pragma once

#include <cstdint>
#include <string_view>

namespace fx {

struct Lcg {
  uint32_t state = 0;

  uint32_t next() {
    state = 1664525u * state + 1013904223u;
    return state;
  }
  // [0, 1], inclusive at both ends (high 16 bits / 65535).
  float unit() { return float(next() >> 16) / 65535.0f; }
  float range(float lo, float hi) { return lo + (hi - lo) * unit(); }
  // [-1, 1]
  float signedUnit() { return unit() * 2.0f - 1.0f; }
  // Integer in [lo, hi) as the engine does it: lo + ((hi - lo) * (s >> 16) >> 16).
  int32_t rangeInt(int32_t lo, int32_t hi) {
    uint32_t s = next() >> 16;
    return lo + int32_t((int64_t(hi - lo) * int64_t(s)) >> 16);
  }
};

// FNV-1 (multiply, then xor) 32-bit hash; the empty string hashes to 0x811C9DC5.
constexpr uint32_t fnv1(std::string_view s) {
  uint32_t h = 0x811C9DC5u;
  for (char c : s) {
    h *= 0x01000193u;
    h ^= uint8_t(c);
  }
  return h;
}

// Seed for one effect instance's stream: the preset seed mixed with the effect id.
constexpr uint32_t instanceSeed(uint32_t presetSeed, std::string_view effectId) {
  uint32_t h = fnv1(effectId) ^ (presetSeed * 0x9E3779B9u);
  h ^= h >> 16;
  h *= 0x7FEB352Du;
  h ^= h >> 15;
  return h;
}

}  // namespace fx
