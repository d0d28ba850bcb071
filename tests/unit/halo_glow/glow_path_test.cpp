// The glow path: marker ordering by forward dot products, chord-length knots, the non-uniform
// cubic through 4-marker windows, the 2- and 3-marker cases and loop detection
// (seed "Initialization"; reference halo notes §3.3, §3.4).
#include <algorithm>
#include <random>

#include "tests/unit/halo_glow/glow_test_util.h"

namespace fx::glow {
namespace {

MarkerSet setOf(const std::vector<MarkerFrame>& frames) {
  MarkerSet s;
  for (size_t i = 0; i < frames.size() && i < 5; ++i) s.frames[i] = frames[i];
  s.count = s.named = int(std::min<size_t>(frames.size(), 5));
  return s;
}

MarkerFrame at(vec3 p, vec3 forward = {1, 0, 0}, vec3 up = {0, 0, 1}) {
  return {p, forward, up};
}

TEST(GlowPath, ShuffledMarkersAreReordered) {
  // "For each marker, find which other marker it points at the best to be its "next" marker ...
  // Store a lookup table of marker indices in order". An arc, unevenly spaced, each +X pointing
  // at the next marker ("Point the +X axis of each marker in the path toward the next marker").
  std::vector<vec3> pts = {
      {0, 0, 0}, {1, 0.3f, 0}, {2.5f, 0.5f, 0.1f}, {4, 0.3f, 0}, {5, -0.2f, 0}};
  std::vector<MarkerFrame> arc;
  for (size_t i = 0; i < pts.size(); ++i) {
    vec3 fwd = i + 1 < pts.size() ? pts[i + 1] - pts[i] : pts[i] - pts[i - 1];
    arc.push_back(at(pts[i], glm::normalize(fwd)));
  }
  std::vector<int> perm = {0, 1, 2, 3, 4};
  std::mt19937 rng(3);
  for (int trial = 0; trial < 10; ++trial) {
    std::shuffle(perm.begin(), perm.end(), rng);
    std::vector<MarkerFrame> shuffled;
    for (int p : perm) shuffled.push_back(arc[size_t(p)]);
    PathSetup s = setupPath(setOf(shuffled));
    ASSERT_FALSE(s.closedLoop);
    for (int k = 0; k < 5; ++k)
      EXPECT_EQ(perm[size_t(s.order[size_t(k)])], k) << "trial " << trial << " slot " << k;
    float expected = 0.0f;
    for (int k = 0; k < 4; ++k) expected += glm::distance(pts[size_t(k)], pts[size_t(k + 1)]);
    // "Calculate total length as the sum of segment lengths."
    EXPECT_NEAR(s.total, expected, 1e-5f);
  }
}

TEST(GlowPath, NextIsTheBestAlignedNotTheNearest) {
  // "This is done using the highest dot product between marker forward and direction to another
  // marker": markers on a straight line all pointing +X make the first one skip ahead.
  PathSetup s = setupPath(setOf({at({0, 0, 0}), at({1, 0.2f, 0}), at({2, 0, 0})}));
  EXPECT_EQ(s.next[0], 2);
}

TEST(GlowPath, NegativeDotProductsAreIgnored) {
  // "Negative dot products are ignored, meaning any other markers "behind" it won't be the next."
  PathSetup s =
      setupPath(setOf({at({0, 0, 0}, {-1, 0, 0}), at({1, 0, 0}), at({2, 0, 0}, {0, 1, 0})}));
  EXPECT_EQ(s.next[0], kNone);  // points away from both others
  EXPECT_EQ(s.next[1], 2);
  EXPECT_EQ(s.next[2], kNone);  // both others lie at 90 degrees: dot 0 is not positive
  EXPECT_EQ(s.chainEnds, 2);
  // A marker pointing back makes a branch: "Some markers being unused" and "Paths looping back
  // on themselves". Marker 1 points at 0, which points at 1; the chain search restarts at the end.
  PathSetup b = setupPath(setOf({at({0, 0, 0}), at({1, 0, 0}, {-1, 0, 0}), at({2, 0, 0})}));
  EXPECT_EQ(b.next[0], 1);
  EXPECT_EQ(b.next[1], 0);
  EXPECT_TRUE(b.unused[1]);
  EXPECT_EQ(b.order[0], 2);
  EXPECT_EQ(b.order[1], 0);  // the slot the game never fills keeps marker 0
  EXPECT_FALSE(b.orderFilled[1]);
  EXPECT_EQ(b.order[2], 2);
}

TEST(GlowPath, ClosedLoopIsDetected) {
  // "Game becoming unresponsive. This happens if markers form a closed loop."
  std::vector<MarkerFrame> ring;
  for (int i = 0; i < 5; ++i) {
    float a = kTwoPi * float(i) / 5.0f;
    vec3 p(std::cos(a), std::sin(a), 0.0f);
    vec3 tangent(-std::sin(a + 0.6f), std::cos(a + 0.6f), 0.0f);  // toward the next marker
    ring.push_back(at(p, tangent));
  }
  PathSetup s = setupPath(setOf(ring));
  EXPECT_TRUE(s.closedLoop);
  EXPECT_TRUE(s.degenerate());  // no chain end: every slot stays marker 0, length 0
  for (int i = 0; i < 5; ++i) EXPECT_EQ(s.next[size_t(i)], (i + 1) % 5);
}

TEST(GlowPath, TableSamplesEqualTheCubicThroughTheirWindow) {
  // The per-update table keeps each window's divided differences; a sample must be bit for bit
  // nonuniformCubic through that window's entries, for 2, 3, 4 and 5 markers (helper points in
  // the 2- and 3-marker windows), at knots, between them and past both ends.
  std::vector<MarkerFrame> f = {at({0, 0, 0}, {0.9f, 0.3f, 0.1f}, {0, 0.2f, 1}), at({1, 0.5f, 0}),
                                at({2, 0.2f, 0.3f}, {1, 0, 0.2f}), at({3.5f, -0.4f, 0}),
                                at({5, 0, 0.1f}, {1, 0.1f, 0})};
  for (size_t n = 2; n <= 5; ++n)
    for (bool zFromY : {false, true}) {
      MarkerSet m = setOf({f.begin(), f.begin() + long(n)});
      PathSetup s = setupPath(m);
      PathTable table = buildPathTable(m, s, zFromY);
      ASSERT_FALSE(table.anySingular);
      for (int k = -20; k <= 220; ++k) {
        float t = s.total * float(k) / 200.0f;
        if (k % 40 == 0 && k >= 0 && k / 40 < int(n)) t = s.time[size_t(k / 40)];
        PathSample got = samplePath(table, t);
        const PathWindow& w = table.windows[size_t(table.window(t, table.segment(t)))];
        const float* q = w.knot;
        for (int c = 0; c < 9; ++c) {
          const vec3* e = w.f[c / 3];
          int a = c % 3;
          float want =
              nonuniformCubic(e[0][a], e[1][a], e[2][a], e[3][a], q[0], q[1], q[2], q[3], t);
          const vec3& v = c < 3 ? got.position : c < 6 ? got.up : got.side;
          EXPECT_EQ(v[a], want) << n << " markers, t " << t << ", component " << c;
        }
        EXPECT_EQ(got.parentMarker, table.segment(t));
      }
    }
}

TEST(GlowPath, CubicPassesThroughMarkersAtTheirKnots) {
  // Notes §3.4: "the cubic interpolating polynomial (Newton divided differences) through 4
  // points at non-uniform knots", knots = cumulative chord lengths.
  std::vector<MarkerFrame> f = {at({0, 0, 0}), at({1, 0.5f, 0}), at({2, 0.2f, 0.3f}),
                                at({3.5f, -0.4f, 0}), at({5, 0, 0})};
  MarkerSet m = setOf(f);
  PathSetup s = setupPath(m);
  for (int k = 0; k < 5; ++k) {
    PathSample p = samplePath(m, s, s.time[size_t(k)], false);
    EXPECT_NEAR(glm::distance(p.position, f[size_t(s.order[size_t(k)])].position), 0.0f, 1e-4f)
        << k;
  }
  // Smooth between markers: a midpoint lies near, not on, the chord.
  PathSample mid = samplePath(m, s, 0.5f * (s.time[1] + s.time[2]), false);
  EXPECT_GT(glm::distance(mid.position, 0.5f * (f[1].position + f[2].position)), 1e-3f);
  EXPECT_FLOAT_EQ(nonuniformCubic(0, 1, 8, 27, 0, 1, 2, 3, 1.5f), 3.375f);  // t^3 exactly
}

TEST(GlowPath, TwoMarkersAreAStraightLine) {
  // Notes §3.4: "With 2 markers: the two interior control points are the linear interpolants at
  // 0.25 and 0.75 ... so the path is a straight line."
  MarkerSet m = setOf({at({0, 1, 0}, glm::normalize(vec3(2, 1, 1))), at({2, 2, 1})});
  PathSetup s = setupPath(m);
  PathSample p = samplePath(m, s, s.total * 0.3f, false);
  EXPECT_NEAR(glm::distance(p.position, vec3(0.6f, 1.3f, 0.3f)), 0.0f, 1e-5f);
  // The decompiled helper-point bug (engine option) takes z from y.
  PathSample bug = samplePath(m, s, s.total * 0.3f, true);
  EXPECT_GT(glm::distance(bug.position, p.position), 1e-3f);
}

TEST(GlowPath, ThreeMarkersUseTheModelOrder) {
  // Notes §3.4: "the 2- and 3-marker cases take markers[0..2] in the order the model returns
  // them, not through marker_order".
  MarkerSet m = setOf({at({0, 0, 0}), at({2, 0.5f, 0}), at({1, 0, 0})});  // chain order 0, 2, 1
  PathSetup s = setupPath(m);
  EXPECT_EQ(s.order[0], 0);
  EXPECT_EQ(s.order[1], 2);
  EXPECT_EQ(s.order[2], 1);
  EXPECT_TRUE(s.orderFilled[0]);
  // At t = total the curve ends at model marker 2 (x = 1), not at the chain's end (x = 2).
  PathSample end = samplePath(m, s, s.total, false);
  EXPECT_NEAR(end.position.x, 1.0f, 1e-4f);
}

TEST(GlowPath, RootDefaultWhenNoMarkerMatches) {
  // "If no markers have this name, or the field is left empty, a marker will be derived from the
  // object's root node as the default."
  ObjectState o;
  o.world.position = {3, 4, 5};
  MarkerSet m = gatherMarkers(&o, "missing");
  EXPECT_TRUE(m.rootDefault);
  EXPECT_EQ(m.count, 1);
  EXPECT_EQ(m.frames[0].position, vec3(3, 4, 5));
  EXPECT_TRUE(gatherMarkers(&o, "").rootDefault);
}

TEST(GlowPath, TwistedMarkersPinch) {
  // "introducing twist to markers along the path allows for ... "pinching"": side and up are
  // interpolated, not re-normalized, so a half twist passes through zero radius.
  MarkerSet m = setOf({at({0, 0, 0}, {1, 0, 0}, {0, 0, 1}), at({2, 0, 0}, {1, 0, 0}, {0, 0, -1})});
  PathSetup s = setupPath(m);
  PathSample mid = samplePath(m, s, s.total * 0.5f, false);
  EXPECT_NEAR(glm::length(mid.side), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::length(mid.up), 0.0f, 1e-5f);
  PathSample start = samplePath(m, s, 0.0f, false);
  EXPECT_NEAR(glm::length(start.side), 1.0f, 1e-5f);
}

TEST(GlowPath, RadialOffsetIsPerpendicularToMarkerX) {
  // "Radial distances are perpendicular to the path markers' +X axes".
  vec3 fwd = glm::normalize(vec3(1, 0.6f, 0));  // misaligned with the path (along X)
  MarkerSet m =
      setOf({at({0, 0, 0}, fwd), at({1, 0, 0}, fwd), at({2, 0, 0}, fwd), at({3, 0, 0}, fwd)});
  PathSetup s = setupPath(m);
  PathSample p = samplePath(m, s, 1.5f, false);
  EXPECT_NEAR(glm::dot(p.side, fwd), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::dot(p.up, fwd), 0.0f, 1e-5f);
  // The side axis has a component along the path: an oval cross-section.
  EXPECT_GT(std::abs(p.side.x), 0.1f);
}

}  // namespace
}  // namespace fx::glow
