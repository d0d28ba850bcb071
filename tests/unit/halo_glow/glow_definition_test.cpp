// The glow tag's fields: every row of the seed's structure table, in order, with JSON names,
// enums and flags by name, unused fields kept for round-trip, and engine options that are not
// part of the tag.
#include <cfloat>

#include "engine/core/field_json.h"
#include "tests/unit/halo_glow/glow_test_util.h"

namespace fx::glow {
namespace {

// Records key, unused flag and kind of every declared field.
struct KeyCollector final : FieldWalker {
  std::vector<std::string> keys;
  std::vector<std::string> unused;
  std::vector<std::string> help;
  void field(const FieldMeta& m) override {
    keys.emplace_back(m.key);
    if (m.unused) unused.emplace_back(m.key);
    help.emplace_back(m.help);
  }
  // The top level only: objects and arrays are one key each.
  void visitObject(const FieldMeta& m, const std::function<void(FieldVisitor&)>&) override {
    field(m);
  }
  void visitArray(const FieldMeta& m, ArrayAccess&) override { field(m); }
};

TEST(GlowDefinition, EveryFieldOfTheSeedTableInOrder) {
  GlowDefinition d;
  KeyCollector c;
  d.reflect(c);
  const std::vector<std::string> expected = {"attachment_marker",
                                             "number_of_particles",
                                             "boundary_effect",
                                             "normal_particle_distribution",
                                             "trailing_particle_distribution",
                                             "glow_flags",
                                             "attachment_0",
                                             "particle_rotational_velocity",
                                             "particle_rot_vel_mul_low",
                                             "particle_rot_vel_mul_high",
                                             "attachment_1",
                                             "effect_rotational_velocity",
                                             "effect_rot_vel_mul_low",
                                             "effect_rot_vel_mul_high",
                                             "attachment_2",
                                             "effect_translational_velocity",
                                             "effect_trans_vel_mul_low",
                                             "effect_trans_vel_mul_high",
                                             "attachment_3",
                                             "min_distance_particle_to_object",
                                             "max_distance_particle_to_object",
                                             "distance_to_object_mul_low",
                                             "distance_to_object_mul_high",
                                             "attachment_4",
                                             "particle_size_bounds",
                                             "size_attachment_multiplier",
                                             "attachment_5",
                                             "color_bound_0",
                                             "color_bound_1",
                                             "scale_color_0",
                                             "scale_color_1",
                                             "color_rate_of_change",
                                             "fading_percentage_of_glow",
                                             "particle_generation_freq",
                                             "lifetime_of_trailing_particles",
                                             "velocity_of_trailing_particles",
                                             "trailing_particle_minimum_t",
                                             "trailing_particle_maximum_t",
                                             "texture",
                                             "engine_options"};
  EXPECT_EQ(c.keys, expected);
  // The seed marks these "Unused"; they are kept for round-trip.
  const std::vector<std::string> unused = {"attachment_0",
                                           "particle_rotational_velocity",
                                           "particle_rot_vel_mul_low",
                                           "particle_rot_vel_mul_high",
                                           "size_attachment_multiplier",
                                           "scale_color_0",
                                           "scale_color_1"};
  EXPECT_EQ(c.unused, unused);
  for (size_t i = 0; i + 1 < c.help.size(); ++i) EXPECT_FALSE(c.help[i].empty()) << c.keys[i];
}

TEST(GlowDefinition, ReadsEnumsFlagsAndAttachmentsByName) {
  Json def = {
      {"attachment_marker", "glow 1"},
      {"boundary_effect", "wrap"},
      {"normal_particle_distribution", "distributed_uniformly"},
      {"trailing_particle_distribution", "emit_randomly"},
      {"glow_flags", {"particles_move_in_both_directions", "trailing_particles_slow_over_time"}},
      {"attachment_5", "c_out"},
      {"particle_size_bounds", {0.1, 0.2}},
      {"color_bound_0", {{"r", 0.8}, {"g", 0.2}, {"b", 1.0}}},
      {"engine_options", {{"trailing_velocity_divisor", 30}}}};
  Diagnostics d;
  GlowDefinition g;
  DefaultsVisitor defaults;
  g.reflect(defaults);
  readFields(
      def, [&](FieldVisitor& v) { g.reflect(v); }, {.file = "t.json"}, d);
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  EXPECT_EQ(g.attachmentMarker, "glow 1");
  EXPECT_EQ(g.boundaryEffect, Boundary::Wrap);
  EXPECT_EQ(g.normalDistribution, NormalDistribution::Uniform);
  EXPECT_EQ(g.trailingDistribution, TrailingDistribution::Random);
  EXPECT_EQ(g.flags, kMoveBothDirections | kTrailingSlow);
  EXPECT_EQ(g.attachment5, Attachment::COut);
  EXPECT_FLOAT_EQ(g.particleSize.hi, 0.2f);
  EXPECT_FLOAT_EQ(g.colorBound0.r, 0.8f);
  EXPECT_FLOAT_EQ(g.engine.trailingVelocityDivisor, 30.0f);
  // The seed's typo "partices" is fixed; the misspelt name is an error with a pointer.
  Diagnostics bad;
  readFields(
      Json{{"glow_flags", {"partices_move_in_both_directions"}}, {"attachment_1", "e_out"}},
      [&](FieldVisitor& v) { g.reflect(v); }, {.file = "t.json"}, bad);
  EXPECT_EQ(bad.errorCount(), 2u) << bad.formatAll();
  EXPECT_NE(bad.formatAll().find("t.json: /attachment_1:"), std::string::npos) << bad.formatAll();
}

TEST(GlowDefinition, UnusedFieldsRoundTrip) {
  // "Seemingly unused. Setting this to an object function has no effect." -- still saved.
  Json def = {{"attachment_0", "a_out"},
              {"particle_rotational_velocity", 2.5},
              {"scale_color_1", {{"r", 0.5}}}};
  GlowDefinition g;
  DefaultsVisitor defaults;
  g.reflect(defaults);
  Diagnostics d;
  readFields(
      def, [&](FieldVisitor& v) { g.reflect(v); }, {.file = "t.json"}, d);
  Json out = Json::object();
  writeFields(out, [&](FieldVisitor& v) { g.reflect(v); });
  EXPECT_EQ(out["attachment_0"], "a_out");
  EXPECT_FLOAT_EQ(out["particle_rotational_velocity"].get<float>(), 2.5f);
  EXPECT_FLOAT_EQ(out["scale_color_1"]["r"].get<float>(), 0.5f);
}

TEST(GlowDefinition, MissingTextureIsNotALoadError) {
  // "missing texture is not a load error (the renderer draws a checker)".
  auto l = test::load(test::presetJson(
      test::lineMarkers(),
      {test::glowEntry("g", {{"attachment_marker", "glow"}, {"texture", "no_such_texture.png"}})}));
  ASSERT_TRUE(l->preset);
  EXPECT_EQ(l->preset->effects.size(), 1u);
}

TEST(GlowColor, WorkedExampleGives054) {
  // Seed: "assume a bound 0 red of 0.8, a bound 1 red of 1, rate of change 10, and distance 1.37.
  // ... c = 3.54 % 1 = 0.54"
  float c = colorInRange(0.8f, 1.0f, 10.0f, 1.37f, true);
  EXPECT_NEAR(c, 0.54f, 4.0f * FLT_EPSILON * 3.54f);
  // The decompiled code has no wrap (engine option).
  EXPECT_NEAR(colorInRange(0.8f, 1.0f, 10.0f, 1.37f, false), 3.54f, 1e-5f);
  // A bound of exactly 1 at the path start stays 1.
  EXPECT_FLOAT_EQ(colorInRange(1.0f, 0.5f, 1.0f, 0.0f, true), 1.0f);
}

TEST(GlowColor, TrailingRateCountsWholeTicks) {
  // "This is likely limited by the tick rate since values over 30 have no visual difference."
  EXPECT_FLOAT_EQ(effectiveTrailingRate(30.0f), 30.0f);
  EXPECT_FLOAT_EQ(effectiveTrailingRate(100.0f), 30.0f);
  EXPECT_FLOAT_EQ(effectiveTrailingRate(10.0f), 10.0f);
  EXPECT_FLOAT_EQ(effectiveTrailingRate(0.005f), 0.0f);
}

}  // namespace
}  // namespace fx::glow
