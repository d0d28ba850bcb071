// Glow simulation through the World: normal particles, trailing particles, limits, ticks,
// object functions and determinism (seed "Particle types", "Limits", structure table; notes
// §3.5, §3.6).
#include "tests/unit/halo_glow/glow_test_util.h"

namespace fx::glow {
namespace {

using test::glowEntry;
using test::lineMarkers;
using test::load;
using test::presetJson;

Json normalDef(int count) {
  return {{"attachment_marker", "glow"},
          {"number_of_particles", count},
          {"effect_translational_velocity", 1.0},
          {"particle_size_bounds", {0.05, 0.05}},
          {"texture", "assets/sprites/glow.png"}};
}

TEST(GlowSim, UniformDistributionIsByArcLength) {
  // "Glow markers do not need to be uniformly distanced for this to work; the game can calculate
  // the total path length and space particles accordingly." Markers at x = 0, 1, 3, 6, 10.
  Json def = normalDef(20);
  def["normal_particle_distribution"] = "distributed_uniformly";
  def["effect_translational_velocity"] = 1e-4;
  auto l = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
  l->world->advanceTo(2.0 / 30.0);
  const auto& n = l->glow().normal();
  ASSERT_EQ(n.count, 20u);
  for (size_t i = 0; i < n.count; ++i) {
    EXPECT_NEAR(n.position[i].x, 10.0f * float(i) / 20.0f, 1e-3f) << i;
    EXPECT_NEAR(n.position[i].y, 0.0f, 1e-4f);
  }
}

// Reference §3.5 (glow_normal_particle_update_position): "t +-= dt x vT, where dt is the frame
// delta in seconds". In frame mode at 144 fps the particles move every frame by 1/144 s of path,
// not in 30 Hz steps; in tick mode they keep the game's ticks.
TEST(GlowSim, FrameModeMovesNormalParticlesByTheFrameDelta) {
  for (const char* mode : {"frame", "tick"}) {
    Json p = presetJson(lineMarkers(), {glowEntry("g", normalDef(1))});
    p["simulation"] = {{"mode", mode}, {"rate", 144}};
    auto l = load(p);
    l->world->advanceTo(0.5);
    std::vector<float> ts;
    for (int f = 0; f < 12; ++f) {
      l->world->stepOnce();
      ts.push_back(l->glow().normal().t[0]);
    }
    int moves = 0;
    for (size_t f = 1; f < ts.size(); ++f) {
      float d = ts[f] - ts[f - 1];
      if (d == 0.0f) continue;
      ++moves;
      if (std::string(mode) == "frame") {
        EXPECT_NEAR(d, 1.0f / 144.0f, 1e-5f) << f;
      }
      if (std::string(mode) == "tick") {
        EXPECT_NEAR(d, 1.0f / 30.0f, 1e-5f) << f;
      }
    }
    if (std::string(mode) == "frame")
      EXPECT_EQ(moves, 11);
    else
      EXPECT_LE(moves, 3);  // 11 frames of 1/144 s hold 2 or 3 ticks
  }
}

TEST(GlowSim, ColorInRangeWorkedExampleOnThePath) {
  // "bound 0 red of 0.8, a bound 1 red of 1, rate of change 10, and distance 1.37 ... 0.54"
  Json def = normalDef(2);
  def["normal_particle_distribution"] = "distributed_uniformly";
  def["effect_translational_velocity"] = 1e-6;
  def["glow_flags"] = {"modify_particle_color_in_range"};
  def["color_bound_0"] = {{"r", 0.8}, {"g", 0}, {"b", 0}};
  def["color_bound_1"] = {{"r", 1.0}, {"g", 0}, {"b", 0}};
  def["color_rate_of_change"] = 10.0;
  auto l =
      load(presetJson(lineMarkers("glow", {0, 0.5f, 1.37f, 2.0f, 2.74f}), {glowEntry("g", def)}));
  l->world->advanceTo(2.0 / 30.0);
  const auto& n = l->glow().normal();
  ASSERT_EQ(n.count, 2u);
  EXPECT_NEAR(n.t[1], 1.37f, 1e-5f);
  EXPECT_NEAR(n.color[1].r, 0.54f, 1e-4f);
  EXPECT_NEAR(n.color[0].r, 0.8f, 1e-5f);
}

TEST(GlowSim, BounceReversesAndWrapRestarts) {
  // bounce: "they will change direction and return"; wrap: "they will reappear at its start".
  for (const char* boundary : {"bounce", "wrap"}) {
    Json def = normalDef(1);
    def["normal_particle_distribution"] = "distributed_uniformly";  // t = 0
    def["effect_translational_velocity"] = 3.0;                     // 10 wu path
    def["boundary_effect"] = boundary;
    auto l = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
    l->world->advanceTo(1.0 / 30.0 + 4.0);  // init tick + 4 s = 12 wu of travel
    float t = l->glow().normal().t[0];
    if (std::string(boundary) == "bounce") {
      EXPECT_NEAR(t, 8.0f, 1e-3f);
      EXPECT_EQ(l->glow().normal().backwards[0], 1);
    } else {
      EXPECT_NEAR(t, 2.0f, 1e-3f);
      EXPECT_EQ(l->glow().normal().backwards[0], 0);
    }
  }
}

TEST(GlowSim, BothDirectionsAlternateAndBackwardsReverses) {
  // "Every second particle travels in the reverse direction." / "Reverses the direction".
  Json def = normalDef(4);
  def["glow_flags"] = {"particles_move_in_both_directions"};
  auto l = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
  l->world->advanceTo(0.1);
  const auto& n = l->glow().normal();
  EXPECT_EQ(n.backwards[0], 0);
  EXPECT_EQ(n.backwards[1], 1);
  EXPECT_EQ(n.backwards[2], 0);
  EXPECT_EQ(n.backwards[3], 1);
  def["glow_flags"] = {"particles_move_backwards"};
  auto b = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
  b->world->advanceTo(0.1);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(b->glow().normal().backwards[i], 1);
}

TEST(GlowSim, RotationIsPerUnitOfPath) {
  // Notes §3.5: rotation_per_unit_t = vR / vT: the angle depends on the position along the
  // path, not on time, so doubling both speeds gives the same helix.
  auto angleAt = [](float vT, float vR) {
    Json def = normalDef(1);
    def["normal_particle_distribution"] = "distributed_uniformly";
    def["effect_translational_velocity"] = vT;
    def["effect_rotational_velocity"] = vR;
    def["min_distance_particle_to_object"] = 0.5;
    def["max_distance_particle_to_object"] = 0.5;
    auto l = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
    l->world->advanceTo(1.0 / 30.0 + 1.0 / vT);  // 1 wu along the path
    vec3 p = l->glow().normal().position[0];
    return std::make_pair(p, l->glow().normal().t[0]);
  };
  auto [a, ta] = angleAt(1.0f, 2.0f);
  auto [b, tb] = angleAt(2.0f, 4.0f);
  EXPECT_NEAR(ta, tb, 1e-4f);
  EXPECT_NEAR(glm::distance(a, b), 0.0f, 1e-3f);
  EXPECT_NEAR(glm::length(vec2(a.y, a.z)), 0.5f, 1e-3f);  // radial distance kept
}

TEST(GlowSim, ObjectFunctionsDriveAttachments) {
  // attachment 2: translational velocity multipliers; attachment 5: "all normal particles will
  // blend between color bound 0 and color bound 1 according to the function".
  Json def = normalDef(3);
  def["attachment_2"] = "a_out";
  def["effect_trans_vel_mul_low"] = 1.0;
  def["effect_trans_vel_mul_high"] = 3.0;
  def["attachment_5"] = "b_out";
  def["color_bound_0"] = {{"r", 0}, {"g", 0}, {"b", 1}};
  def["color_bound_1"] = {{"r", 1}, {"g", 0}, {"b", 0}};
  def["normal_particle_distribution"] = "distributed_uniformly";
  Json extra = {{"functions", {{"a", 0.5}, {"b", 0.25}}}};
  auto l = load(presetJson(lineMarkers(), {glowEntry("g", def)}, extra));
  l->world->advanceTo(1.0 / 30.0 + 0.5);
  const auto& n = l->glow().normal();
  EXPECT_NEAR(n.t[0], 0.5f * 2.0f, 1e-3f);  // vT = (3 - 1) * 0.5 + 1 = 2 wu/s
  EXPECT_NEAR(n.color[0].r, 0.25f, 1e-5f);
  EXPECT_NEAR(n.color[0].b, 0.75f, 1e-5f);
}

TEST(GlowSim, SizeAttachmentGivesActualResolution) {
  // "When not NONE, all particle spites render at their actual resolution" (size <= 0).
  Json def = normalDef(5);
  def["attachment_4"] = "a_out";
  auto l = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
  l->world->advanceTo(0.2);
  DrawList draw;
  DebugDraw debug;
  l->world->collect(draw, debug);
  ASSERT_EQ(draw.sprites.size(), 5u);
  for (const auto& s : draw.sprites) EXPECT_LE(s.size, 0.0f);
}

TEST(GlowSim, SingleMarkerEmitsOnlyTrailingParticles) {
  // "In the case that the glow path is a single marker or the root node default, only trailing
  // particles will be emitted from that single point."
  Json def = normalDef(10);
  def["attachment_marker"] = "";
  def["particle_generation_freq"] = 10.0;
  def["lifetime_of_trailing_particles"] = 5.0;
  auto l = load(presetJson(lineMarkers(), {glowEntry("g", def)}, {{"position", {1, 2, 3}}}));
  l->world->advanceTo(1.0);
  auto& g = l->glow();
  EXPECT_EQ(g.normal().count, 0u);
  ASSERT_GT(g.trailing().count, 5u);
  // emit vertically: "Trailing particles emit in the global Z direction."
  for (size_t i = 0; i < g.trailing().count; ++i) {
    EXPECT_NEAR(g.trailing().position[i].x, 1.0f, 1e-5f);
    EXPECT_NEAR(g.trailing().position[i].y, 2.0f, 1e-5f);
    EXPECT_GE(g.trailing().position[i].z, 3.0f);
  }
}

TEST(GlowSim, TrailingRateCapsAt30PerSecond) {
  // "This is likely limited by the tick rate since values over 30 have no visual difference."
  auto spawned = [](float freq, float worldRate) {
    Json def = normalDef(0);
    def["particle_generation_freq"] = freq;
    def["lifetime_of_trailing_particles"] = 0.5;
    Json p = presetJson(lineMarkers(), {glowEntry("g", def)});
    p["simulation"] = {{"mode", "tick"}, {"rate", worldRate}};
    auto l = load(p);
    l->world->advanceTo(3.0);
    return l->glow().trailingSpawned();
  };
  uint64_t at30 = spawned(30.0f, 30.0f);
  EXPECT_GE(at30, 85u);
  EXPECT_LE(at30, 90u);
  EXPECT_EQ(spawned(120.0f, 30.0f), at30);
  EXPECT_EQ(spawned(1000.0f, 30.0f), at30);
  uint64_t at10 = spawned(10.0f, 30.0f);
  EXPECT_GE(at10, 28u);
  EXPECT_LE(at10, 30u);
  // The glow updates at Halo's 30 Hz tick whatever the World step rate.
  EXPECT_EQ(spawned(30.0f, 60.0f), at30);
  EXPECT_EQ(spawned(30.0f, 144.0f), at30);
  EXPECT_EQ(spawned(10.0f, 10.0f), at10);
}

TEST(GlowSim, TrailingLifetimeFadeShrinkSlowAndVelocity) {
  Json def = normalDef(0);
  def["attachment_marker"] = "";
  def["particle_generation_freq"] = 0.5;        // one every 60 ticks
  def["lifetime_of_trailing_particles"] = 1.0;  // 30 ticks
  def["velocity_of_trailing_particles"] = 40.0;
  def["particle_size_bounds"] = {0.2, 0.2};
  def["glow_flags"] = {"trailing_particles_fade_over_time", "trailing_particles_shrink_over_time"};
  auto l = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
  auto& g = l->glow();
  // Spawned when the accumulator passes 60 ticks (tick 61); watch it over its life.
  int tick = 0;
  while (g.trailing().count == 0 && tick < 200) l->world->stepOnce(), ++tick;
  ASSERT_EQ(g.trailing().count, 1u);
  l->world->stepOnce();
  // "the actual speed is roughly 1/40th the value given here": 40 / 40 = 1 wu/s upward.
  EXPECT_NEAR(g.trailing().velocity[0].z, 1.0f, 1e-5f);
  EXPECT_NEAR(g.trailing().fade[0], 1.0f - 1.0f / 30.0f, 1e-5f);
  EXPECT_NEAR(g.trailing().size[0], 0.2f * (1.0f - 1.0f / 30.0f), 1e-5f);
  for (int i = 0; i < 29; ++i) l->world->stepOnce();
  // Age == lifetime: size exactly 0 for one frame (actual resolution), fade 0 hides it.
  ASSERT_EQ(g.trailing().count, 1u);
  EXPECT_EQ(g.trailing().size[0], 0.0f);
  EXPECT_EQ(g.trailing().fade[0], 0.0f);
  l->world->stepOnce();
  EXPECT_EQ(g.trailing().count, 0u);  // "Trailing particles ... have limited lifetimes"

  // Without the fade flag the zero-size frame is visible (the documented quirk).
  def["glow_flags"] = {"trailing_particles_shrink_over_time", "trailing_particles_slow_over_time"};
  def["engine_options"] = {{"trailing_velocity_divisor", 30}};  // the decompiled factor
  auto q = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
  auto& h = q->glow();
  tick = 0;
  while (h.trailing().count == 0 && tick < 200) q->world->stepOnce(), ++tick;
  q->world->stepOnce();
  EXPECT_NEAR(h.trailing().initialVelocity[0].z, 40.0f / 30.0f, 1e-5f);
  EXPECT_NEAR(h.trailing().velocity[0].z, 40.0f / 30.0f * (29.0f / 30.0f), 1e-5f);  // slows
  for (int i = 0; i < 29; ++i) q->world->stepOnce();
  EXPECT_EQ(h.trailing().size[0], 0.0f);
  EXPECT_EQ(h.trailing().fade[0], 1.0f);
  EXPECT_EQ(h.trailing().velocity[0], vec3(0.0f));  // "come to a stop at the end of their lifetime"
  DrawList draw;
  DebugDraw debug;
  q->world->collect(draw, debug);
  ASSERT_EQ(draw.sprites.size(), 1u);
  EXPECT_LE(draw.sprites[0].size, 0.0f);
}

TEST(GlowSim, TrailingDirections) {
  // "emit normal up: Trailing particles emit in the marker-local Z direction." / "emit randomly:
  // Trailing particles emit spherically in random directions."
  Json def = normalDef(0);
  def["attachment_marker"] = "one";
  def["particle_generation_freq"] = 30.0;
  def["lifetime_of_trailing_particles"] = 1.0;
  def["velocity_of_trailing_particles"] = 40.0;
  def["trailing_particle_distribution"] = "emit_normal_up";
  Json one = Json::array({test::marker("one", {0, 0, 1}, {0, 0, 1}, {1, 0, 0})});
  auto l = load(presetJson(one, {glowEntry("g", def)}));
  l->world->advanceTo(0.5);
  const auto& tr = l->glow().trailing();
  ASSERT_GT(tr.count, 5u);
  for (size_t i = 0; i < tr.count; ++i)
    EXPECT_NEAR(glm::distance(tr.initialVelocity[i], vec3(1, 0, 0)), 0.0f, 1e-5f);
  def["trailing_particle_distribution"] = "emit_randomly";
  auto r = load(presetJson(one, {glowEntry("g", def)}));
  r->world->advanceTo(0.5);
  const auto& rt = r->glow().trailing();
  ASSERT_GT(rt.count, 5u);
  for (size_t i = 0; i < rt.count; ++i)
    EXPECT_NEAR(glm::length(rt.initialVelocity[i]), 1.0f, 1e-5f);
  EXPECT_GT(glm::distance(rt.initialVelocity[0], rt.initialVelocity[1]), 1e-3f);
}

TEST(GlowSim, TrailingSpawnsBetweenMinimumAndMaximumT) {
  // "Trailing particles will spawn from this minimum distance along the glow path ... up to this
  // maximum distance". Path along X from 0 to 10.
  Json def = normalDef(0);
  def["particle_generation_freq"] = 30.0;
  def["lifetime_of_trailing_particles"] = 2.0;
  def["trailing_particle_minimum_t"] = 0.4;
  def["trailing_particle_maximum_t"] = 0.6;
  auto l = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
  l->world->advanceTo(1.0);
  const auto& tr = l->glow().trailing();
  ASSERT_GT(tr.count, 20u);
  for (size_t i = 0; i < tr.count; ++i) {
    EXPECT_GE(tr.position[i].x, 4.0f - 1e-4f);
    EXPECT_LE(tr.position[i].x, 6.0f + 1e-4f);
  }
}

TEST(GlowSim, BudgetOf512HoldsAcrossEightGlows) {
  // "Halo's gamestate can store up to 512 glow particles, which are shared across up to 8 glows."
  std::vector<Json> effects;
  for (int i = 0; i < 9; ++i) effects.push_back(glowEntry("g" + std::to_string(i), normalDef(100)));
  auto l = load(presetJson(lineMarkers(), effects));
  l->world->advanceTo(0.5);
  size_t total = 0;
  for (size_t i = 0; i < 9; ++i) total += l->glow(i).normal().count;
  EXPECT_EQ(total, 512u);  // "normal particles stop spawning once the limit is reached"
  EXPECT_EQ(l->glow(0).normal().count, 100u);
  EXPECT_EQ(l->glow(5).normal().count, 12u);
  EXPECT_FALSE(l->glow(8).running());  // the 9th glow is never created
  EXPECT_FALSE(l->glow(8).stats().messages.empty());
  EXPECT_TRUE(l->glow(7).running());
  EXPECT_EQ(l->glow(0).stats().budget, 512u);

  // DebugFlags::unlimitedBudget lifts the limits (benchmarks).
  l->world->flags.unlimitedBudget = true;
  l->world->reset();
  l->world->advanceTo(0.5);
  for (size_t i = 0; i < 9; ++i) EXPECT_EQ(l->glow(i).normal().count, 100u) << i;
}

TEST(GlowSim, TrailingOverflowHaltsSpawningWithTheGameMessage) {
  // "creating too many trailing particles with long lifetimes will cause a crash: EXCEPTION halt
  // in ...glow.c,#547: the map limit for the number of active glow particles has been reached"
  std::vector<Json> effects;
  for (int i = 0; i < 2; ++i) {
    Json def = normalDef(200);
    def["particle_generation_freq"] = 30.0;
    def["lifetime_of_trailing_particles"] = 20.0;
    effects.push_back(glowEntry("g" + std::to_string(i), def));
  }
  auto l = load(presetJson(lineMarkers(), effects));
  l->world->advanceTo(10.0);  // keeps running
  size_t total = 0;
  for (size_t i = 0; i < 2; ++i) total += l->glow(i).normal().count + l->glow(i).trailing().count;
  EXPECT_EQ(total, 512u);
  bool found = false;
  for (const auto& m : l->glow(0).stats().messages)
    found = found || m.find("glow.c#547") != std::string::npos;
  EXPECT_TRUE(found);
}

TEST(GlowSim, MarkerLoopDoesNotHang) {
  // "Game becoming unresponsive. This happens if markers form a closed loop." The viewer keeps
  // running, reports it and draws the loop in red.
  Json ring = Json::array();
  for (int i = 0; i < 5; ++i) {
    float a = kTwoPi * float(i) / 5.0f;
    ring.push_back(test::marker("glow", {std::cos(a), std::sin(a), 0},
                                {-std::sin(a + 0.6f), std::cos(a + 0.6f), 0}));
  }
  Json def = normalDef(50);
  def["particle_generation_freq"] = 30.0;
  def["lifetime_of_trailing_particles"] = 1.0;
  auto l = load(presetJson(ring, {glowEntry("g", def)}));
  l->world->advanceTo(2.0);
  auto& g = l->glow();
  EXPECT_TRUE(g.path().closedLoop);
  EXPECT_EQ(g.normal().count, 50u);
  bool reported = false;
  for (const auto& m : g.stats().messages)
    reported = reported || m.find("closed loop") != std::string::npos;
  EXPECT_TRUE(reported);
  DrawList draw;
  DebugDraw debug;
  l->world->collect(draw, debug);
  size_t red = 0;
  for (const auto& v : debug.lines) red += (v.color.r > 0.9f && v.color.g < 0.2f) ? 1 : 0;
  EXPECT_EQ(red, 10u);  // five loop segments, two vertices each
}

TEST(GlowSim, AnimatedMarkersMoveThePathButKeepTheOrder) {
  // "This step is only done once and not redone if the model animates its marker positions."
  Json def = normalDef(1);
  def["normal_particle_distribution"] = "distributed_uniformly";
  def["effect_translational_velocity"] = 1e-6;
  Json extra = {{"keyframes",
                 {{{"time", 0}, {"position", {0, 0, 0}}}, {{"time", 2}, {"position", {0, 0, 4}}}}},
                {"loop", false}};
  auto l = load(presetJson(lineMarkers(), {glowEntry("g", def)}, extra));
  l->world->advanceTo(0.1);
  auto order = l->glow().path().order;
  float z0 = l->glow().normal().position[0].z;
  l->world->advanceTo(1.0);
  EXPECT_EQ(l->glow().path().order, order);
  EXPECT_NEAR(l->glow().normal().position[0].z - z0, 1.8f, 0.05f);
}

TEST(GlowSim, FirstPersonObjectsDrawNothing) {
  // "This effect does not render on first person models."
  auto l =
      load(presetJson(lineMarkers(), {glowEntry("g", normalDef(10))}, {{"first_person", true}}));
  l->world->advanceTo(0.5);
  DrawList draw;
  DebugDraw debug;
  l->world->collect(draw, debug);
  EXPECT_EQ(draw.sprites.size(), 0u);
  EXPECT_EQ(l->glow().normal().count, 10u);
}

TEST(GlowSim, SameSeedSameDump) {
  // Determinism: same preset + seed => identical particle state.
  Json def = normalDef(40);
  def["particle_generation_freq"] = 20.0;
  def["lifetime_of_trailing_particles"] = 1.0;
  def["trailing_particle_distribution"] = "emit_randomly";
  def["velocity_of_trailing_particles"] = 10.0;
  def["min_distance_particle_to_object"] = 0.1;
  def["max_distance_particle_to_object"] = 0.3;
  def["effect_rotational_velocity"] = 3.0;
  auto a = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
  auto b = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
  a->world->advanceTo(2.0);
  b->world->advanceTo(2.0);
  Json da, db;
  a->world->dump(da);
  b->world->dump(db);
  EXPECT_EQ(da.dump(), db.dump());
  EXPECT_GT(da["effects"][0]["particles"].size(), 40u);
  b->world->reset(99);
  b->world->advanceTo(2.0);
  b->world->dump(db);
  EXPECT_NE(da.dump(), db.dump());
}

TEST(GlowSim, StatsNameTheFigures) {
  Json def = normalDef(16);
  def["particle_generation_freq"] = 30.0;
  def["lifetime_of_trailing_particles"] = 1.0;
  auto l = load(presetJson(lineMarkers(), {glowEntry("g", def)}));
  l->world->advanceTo(2.0);
  EffectStats s = l->glow().stats();
  EXPECT_EQ(s.live, 16u + l->glow().trailing().count);
  EXPECT_EQ(test::statValue(s, "normal"), 16.0);
  EXPECT_NEAR(test::statValue(s, "path_length"), 10.0, 1e-4);
  EXPECT_EQ(test::statValue(s, "markers_used"), 5.0);
  EXPECT_GT(test::statValue(s, "trailing"), 25.0);
}

}  // namespace
}  // namespace fx::glow
