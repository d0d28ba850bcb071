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

// samplePath split into what depends on `t` and what does not. One PathTable per set of marker
// frames holds every window the path can use (n - 1 at most) with the divided differences of its
// nine components (position, up, side) already taken; sampling then finds the window and
// evaluates the Newton form. Bit-identical to evaluating nonuniformCubic per sample (the same
// operations in the same order), so many samples of one path cost a window lookup and nine
// 3-term Horner evaluations each.
struct PathWindow {
  float knot[4] = {};
  // Per component c (position xyz, up xyz, side xyz): f(t) = f0 + (t - k0)(d1 + (t - k1)(d2 +
  // (t - k2) d3)).
  float f0[9] = {}, d1[9] = {}, d2[9] = {}, d3[9] = {};
  bool singular = false;  // repeated knots: the line fallback through `f` instead
  vec3 f[3][4] = {};      // the window's positions, ups and sides (for the line fallback)
};

struct PathTable {
  int count = 0;  // markers in the path (PathSetup::count); < 2: `fixed` everywhere
  std::array<float, kMaxMarkers> time{};
  std::array<PathWindow, kMaxMarkers - 1> windows{};
  bool anySingular = false;  // some window is singular
  PathSample fixed;          // the sample of a path of fewer than 2 markers

  // The segment holding t (PathSample::parentMarker) and the window samplePath uses there.
  int segment(float t) const {
    int s = count - 1;
    for (int i = 0; i + 1 < count; ++i)
      if (time[size_t(i)] <= t && time[size_t(i + 1)] > t) {
        s = i;
        break;
      }
    return s;
  }
  // n == 2: the one window; n == 3: window 0 on segment 0, window 1 elsewhere; n >= 4: the
  // interval holding t (closed at both ends, the first that matches), at most n - 2.
  int window(float t, int segment) const {
    const int n = count;
    if (n == 2) return 0;
    if (n == 3) return segment == 0 ? 0 : 1;
    int i = n - 1;
    for (int k = 0; k + 1 < n; ++k)
      if (time[size_t(k)] <= t && t <= time[size_t(k + 1)]) {
        i = k;
        break;
      }
    return i < n - 2 ? i : n - 2;  // the game would read past the order table here
  }
};

PathTable buildPathTable(const MarkerSet& markers, const PathSetup& setup, bool helperZFromY);

// The Newton form of nonuniformCubic at t, from its divided differences.
inline float newtonEval(float f0, float d1, float d2, float d3, float t0, float t1, float t2,
                        float t) {
  return f0 + (t - t0) * (d1 + (t - t1) * (d2 + (t - t2) * d3));
}

// A singular window's sample: straight lines between the window entries around t.
PathSample sampleLineFallback(const PathWindow& w, float t, int segment);

// samplePath(markers, setup, t, helperZFromY) for the table's markers and options.
inline PathSample samplePath(const PathTable& table, float t) {
  if (table.count < 2) return table.fixed;
  const int segment = table.segment(t);
  const PathWindow& w = table.windows[size_t(table.window(t, segment))];
  if (w.singular) return sampleLineFallback(w, t, segment);
  float r[9];
  for (int c = 0; c < 9; ++c)
    r[c] = newtonEval(w.f0[c], w.d1[c], w.d2[c], w.d3[c], w.knot[0], w.knot[1], w.knot[2], t);
  PathSample out;
  out.position = {r[0], r[1], r[2]};
  out.up = {r[3], r[4], r[5]};
  out.side = {r[6], r[7], r[8]};
  out.parentMarker = segment;
  return out;
}

}  // namespace fx::glow
