// The engine's random unit directions: an entry of a 1026-vector geosphere table picked with one
// LCG draw, index = ((seed >> 16) * 1026) >> 16 (reference halo notes §4.4 step 3).
//
// The table is a regular octahedron subdivided four times by edge midpoints (6 -> 18 -> 66 -> 258
// -> 1026 vertices, new vertices appended as they are made). 1026 = 4 * 4^4 + 2 is exactly that
// vertex count. The original table's order is not published; this construction (upper faces
// first, starting with the +x -y +z face) reproduces what Halo players observe of the "added
// motion" seeded by particle index: the first 128 particles drift toward +x -y +z, and at 512
// the drift covers every horizontal direction but still points up on average.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/math.h"
#include "engine/core/rng.h"

namespace fx::weather {

inline constexpr int kGeosphereSize = 1026;

const std::array<vec3, kGeosphereSize>& geosphereTable();

inline int geosphereIndex(uint32_t seed) {
  return int((uint64_t(seed >> 16) * kGeosphereSize) >> 16);
}

// One draw from `rng`: a unit vector of the table.
inline vec3 randomDirection(Lcg& rng) {
  return geosphereTable()[size_t(geosphereIndex(rng.next()))];
}

// "seed a temporary RNG with the particle's datum index, take one seed_random_direction3d".
inline vec3 addedMotionDirection(uint32_t datumIndex) {
  Lcg r{datumIndex};
  return randomDirection(r);
}

}  // namespace fx::weather
