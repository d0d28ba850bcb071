// The glow path: up to 5 same-named markers, ordered once by where their +X axes point, with
// cumulative chord lengths as spline knots, and the non-uniform cubic the game evaluates
// (seed "Initialization"; reference halo notes §3.3 and §3.4).
//
// Positions are world units; `t` is a distance along the path in world units (the sum of chord
// lengths, which the game calls "time"). Marker frames are refreshed every update (animated
// markers move the path) but the order and knots are computed once.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "engine/core/math.h"
#include "engine/effects/halo_glow/glow_definition.h"
#include "engine/scene/scene.h"

namespace fx::glow {

inline constexpr int8_t kNone = -1;

struct MarkerFrame {
  vec3 position{0.0f};
  vec3 forward{1, 0, 0};  // +X
  vec3 up{0, 0, 1};       // +Z
};

// What gatherMarkers found on the object.
struct MarkerSet {
  std::array<MarkerFrame, kMaxMarkers> frames{};
  std::array<const MarkerState*, kMaxMarkers> states{};  // null for the root default
  int count = 0;                                         // markers used (1..5)
  int named = 0;             // markers carrying the name on the object (may exceed 5)
  bool rootDefault = false;  // no name or no match: the object's root node
};

// Markers named `name` on `object` in declaration order (the model's order), at most 5; ""
// or no match gives the object's root node (the world origin when there is no object).
MarkerSet gatherMarkers(const ObjectState* object, std::string_view name);

struct PathSetup {
  int count = 0;                           // markers in the path (> 1 when set up)
  std::array<int8_t, kMaxMarkers> next{};  // best-pointed marker per marker, kNone if none in front
  std::array<int8_t, kMaxMarkers> order{};      // ordered marker indices (the game's marker_order)
  std::array<bool, kMaxMarkers> orderFilled{};  // false: the game found no marker for that slot
  std::array<float, kMaxMarkers> time{};        // cumulative chord length at each ordered marker
  float total = 0.0f;                           // path length (the game's total_time)
  bool closedLoop = false;        // no marker is a chain end: the game's order search never fills
  bool unused[kMaxMarkers] = {};  // markers that appear nowhere in the order table
  int chainEnds = 0;              // markers with no next (1 in a good chain)
  bool degenerate() const { return !(total > 0.0f); }  // the game's boundary loops never end
};

// Steps 2-4 of the seed's initialization (notes §3.3), exactly as the game does them, including
// what happens with loops and branches (unfilled slots keep marker 0, repeated entries).
PathSetup setupPath(const MarkerSet& markers);

struct PathSample {
  vec3 position{0.0f};
  vec3 up{0, 0, 1};
  vec3 side{0, 1, 0};    // cross(up, forward), interpolated like the position; not re-normalized
  int parentMarker = 0;  // segment index (the game's parent_marker_index)
  bool singular =
      false;  // repeated knots: the game divides by zero here (fxview falls back to a line)
};

// Position on the path at distance `t` (notes §3.4): the cubic through a 4-marker window with
// chord-length knots; 2 markers: a straight line via helper points at 1/4 and 3/4; 3 markers: a
// helper point at the midpoint of the segment that does not hold `t`. The 2- and 3-marker cases
// take the markers in the model's order, not through `order`, as the game does.
PathSample samplePath(const MarkerSet& markers, const PathSetup& setup, float t, bool helperZFromY);

// The cubic interpolating polynomial through (t0,f0)..(t3,f3) (Newton divided differences),
// evaluated at t. Knots must be distinct.
float nonuniformCubic(float f0, float f1, float f2, float f3, float t0, float t1, float t2,
                      float t3, float t);

}  // namespace fx::glow
