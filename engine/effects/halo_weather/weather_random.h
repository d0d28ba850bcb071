// The engine's random unit directions: an entry of a 1026-vector geosphere table picked with one
// LCG draw, index = ((seed >> 16) * 1026) >> 16 (reference halo notes §4.4 step 3).
//
// What is known of the table (public reverse-engineering of the PC build, `sphere_point_table`,
// built once at start-up by `sphere_point_table_init`): it is the vertex list of a regular
// octahedron whose eight faces are each subdivided into a 16 x 16 triangular grid, points placed by
// linear interpolation and then normalised. Its 1026 entries (6 + 12 x 15 edge points + 8 x 105
// face points) are stored in the order the mesh builder creates them:
// - the six octahedron vertices +z, +y, +x, -y, -x, -z;
// - then the faces (a, b, apex) in the order (+z,+y,+x) (+z,+x,-y) (+z,-y,-x) (+z,-x,+y)
//   (-z,+y,-x) (-z,-x,-y) (-z,-y,+x) (-z,+x,+y); each face walks its grid row by row from the
//   apex (row r holds r + 1 points, r = 1..16), and within a row visits for each column c the
//   points (r-1, c-1), (r, c-1), (r, c) and, while c < r, (r-1, c);
// - a point on an octahedron edge makes the whole edge: its 15 inner points are appended at once,
//   from the lower-numbered vertex to the higher; an inner face point takes the next index first,
//   then its row's two edge points are looked up (appending their edges when new).
// geosphereTable() rebuilds the table by exactly that procedure. What is modelled rather than
// read from the binary: the face and vertex tables above are as published, not checked against a
// retail executable, and the seed a weather particle passes is taken to be its pool index (the
// notes' "datum index", salt not included). With those, the first 128 particles index entries
// 242-292, all in the (+z,+x,-y) face, which is what the seed observes.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/math.h"
#include "engine/core/rng.h"

namespace fx::weather {

inline constexpr int kGeosphereSize = 1026;
inline constexpr int kGeosphereSubdivisions = 16;  // 4 x 16^2 + 2 = 1026 vertices

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
