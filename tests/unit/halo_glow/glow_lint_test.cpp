// Glow lint: each failure mode the seed documents, with the game's message as the code where it
// gives one, and warnings naming the field by JSON Pointer.
#include "tests/unit/halo_glow/glow_test_util.h"

namespace fx::glow {
namespace {

using test::find;
using test::glowEntry;
using test::lineMarkers;
using test::presetJson;

Json goodDef() {
  return {{"attachment_marker", "glow"},
          {"number_of_particles", 50},
          {"effect_translational_velocity", 1.0},
          {"particle_size_bounds", {0.05, 0.1}},
          {"particle_generation_freq", 10.0},
          {"lifetime_of_trailing_particles", 1.0},
          {"glow_flags", {"trailing_particles_fade_over_time"}},
          {"texture", "assets/sprites/glow.png"}};
}

const std::string P = "/effects/0/definition";

TEST(GlowLint, AGoodGlowHasNoErrors) {
  Diagnostics d = test::lint(presetJson(lineMarkers(), {glowEntry("g", goodDef())}));
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  for (const auto& i : d.items)
    EXPECT_EQ(i.pointer.find(P + "/attachment_marker"), std::string::npos) << format(i);
}

// Seed 000, "Improper placement and rotation of markers can lead to different failure modes:
// Crash of the game with exception when looking at the glow: render_cameras.c,#1086:
// bounds->x0<=bounds->x1." Co-located markers are linted as that crash, by name.
TEST(GlowLint, CoLocatedMarkersAreTheRenderCamerasCrash) {
  Diagnostics d =
      test::lint(presetJson(lineMarkers("glow", {0, 1, 3, 3, 10}), {glowEntry("g", goodDef())}));
  const Diagnostic* e = find(d, P + "/attachment_marker",
                             "markers #2 and #3 named \"glow\" are at the same place: the game "
                             "crashes when looking at the glow with render_cameras.c,#1086: "
                             "bounds->x0<=bounds->x1");
  ASSERT_TRUE(e) << d.formatAll();
  EXPECT_EQ(e->severity, Severity::Error);
  EXPECT_EQ(e->code, "render_cameras.c#1086");
  // Apart, the same markers lint clean of it.
  Diagnostics ok = test::lint(presetJson(lineMarkers(), {glowEntry("g", goodDef())}));
  EXPECT_FALSE(find(ok, P + "/attachment_marker", "render_cameras.c,#1086")) << ok.formatAll();
}

TEST(GlowLint, TextureIsRequired) {
  Json def = goodDef();
  def.erase("texture");
  Diagnostics d = test::lint(presetJson(lineMarkers(), {glowEntry("g", def)}));
  const Diagnostic* e = find(d, P + "/texture", "requires a texture");
  ASSERT_TRUE(e) << d.formatAll();
  EXPECT_EQ(e->severity, Severity::Error);
}

TEST(GlowLint, RenderCameras1086) {
  // "Must be non-zero when a function is being used, or else the game will crash on
  // render_cameras.c,#1086" / "An undefined lifetime will cause a crash on render_cameras.c,#1086"
  Json def = goodDef();
  def["attachment_2"] = "a_out";
  def["effect_trans_vel_mul_low"] = 0.0;
  def["lifetime_of_trailing_particles"] = 0.0;
  Diagnostics d = test::lint(presetJson(lineMarkers(), {glowEntry("g", def)}));
  const Diagnostic* a = find(d, P + "/effect_trans_vel_mul_low", "render_cameras.c,#1086");
  const Diagnostic* b = find(d, P + "/lifetime_of_trailing_particles", "render_cameras.c,#1086");
  ASSERT_TRUE(a && b) << d.formatAll();
  EXPECT_EQ(a->code, "render_cameras.c#1086");
  EXPECT_EQ(b->code, "render_cameras.c#1086");
  EXPECT_EQ(a->severity, Severity::Error);
  // "This value can be 0 safely."
  def = goodDef();
  def["attachment_2"] = "a_out";
  def["effect_trans_vel_mul_high"] = 0.0;
  Diagnostics ok = test::lint(presetJson(lineMarkers(), {glowEntry("g", def)}));
  EXPECT_FALSE(find(ok, P + "/effect_trans_vel_mul_high", ""));
  EXPECT_FALSE(ok.hasErrors()) << ok.formatAll();
}

TEST(GlowLint, TrailingBudgetCountsTheGlowsInTheScene) {
  // "Be sure to budget number of particles and particle generation freq according to how many
  // glows you expect will exist simultaneously" -- glow.c#547.
  Json def = goodDef();  // 50 normal + 10/s x 1 s trailing: fits alone
  Diagnostics one = test::lint(presetJson(lineMarkers(), {glowEntry("g", def)}));
  EXPECT_FALSE(find(one, P + "/particle_generation_freq", "glow.c"));
  def["number_of_particles"] = 60;  // 8 x (60 + 11) > 512
  std::vector<Json> effects;
  for (int i = 0; i < 8; ++i) effects.push_back(glowEntry("g" + std::to_string(i), def));
  Diagnostics eight = test::lint(presetJson(lineMarkers(), effects));
  const Diagnostic* e = find(eight, P + "/particle_generation_freq", "glow.c,#547");
  ASSERT_TRUE(e) << eight.formatAll();
  EXPECT_EQ(e->code, "glow.c#547");
  EXPECT_EQ(e->severity, Severity::Error);
}

TEST(GlowLint, MarkerLoopIsAnError) {
  Json ring = Json::array();
  for (int i = 0; i < 5; ++i) {
    float a = kTwoPi * float(i) / 5.0f;
    ring.push_back(test::marker("glow", {std::cos(a), std::sin(a), 0},
                                {-std::sin(a + 0.6f), std::cos(a + 0.6f), 0}));
  }
  Diagnostics d = test::lint(presetJson(ring, {glowEntry("g", goodDef())}));
  const Diagnostic* e = find(d, P + "/attachment_marker", "closed loop");
  ASSERT_TRUE(e) << d.formatAll();
  EXPECT_EQ(e->severity, Severity::Error);
}

TEST(GlowLint, MarkerPitfalls) {
  // "Some markers being unused." / "any less may be unreliable" / negative dot products.
  Json markers =
      Json::array({test::marker("glow", {0, 0, 0}, {-1, 0, 0}), test::marker("glow", {1, 0, 0}),
                   test::marker("glow", {2, 0, 0}, {0.3f, 1, 0})});
  Diagnostics d = test::lint(presetJson(markers, {glowEntry("g", goodDef())}));
  EXPECT_TRUE(find(d, P + "/attachment_marker", "fewer than 5")) << d.formatAll();
  EXPECT_TRUE(find(d, P + "/attachment_marker", "no next marker")) << d.formatAll();
  // Six markers: "Any more will be ignored".
  Json six = lineMarkers("glow", {0, 1, 2, 3, 4, 5});
  Diagnostics d6 = test::lint(presetJson(six, {glowEntry("g", goodDef())}));
  EXPECT_TRUE(find(d6, P + "/attachment_marker", "first 5")) << d6.formatAll();
  // No match: the root default, which makes no normal particles.
  Json def = goodDef();
  def["attachment_marker"] = "missing";
  Diagnostics dr = test::lint(presetJson(lineMarkers(), {glowEntry("g", def)}));
  EXPECT_TRUE(find(dr, P + "/attachment_marker", "root node")) << dr.formatAll();
  EXPECT_TRUE(find(dr, P + "/number_of_particles", "no normal particles")) << dr.formatAll();
}

TEST(GlowLint, SizeAttachmentAndFirstPerson) {
  Json def = goodDef();
  def["attachment_4"] = "a_out";
  Diagnostics d =
      test::lint(presetJson(lineMarkers(), {glowEntry("g", def)}, {{"first_person", true}}));
  const Diagnostic* s = find(d, P + "/attachment_4", "actual resolution");
  ASSERT_TRUE(s) << d.formatAll();
  EXPECT_EQ(s->severity, Severity::Warning);
  EXPECT_TRUE(find(d, P, "first-person")) << d.formatAll();
}

TEST(GlowLint, AnimatedLoopFrameIsReported) {
  // "it's still possible to make the game unresponsive if some frames put the path into a bad
  // shape": a marker animated to point back at the first one.
  Json markers = lineMarkers("glow", {0, 1, 2});
  markers[2]["keyframes"] = {{{"time", 0}, {"position", {2, 0, 0}}, {"rotation", {0, 0, 0, 1}}},
                             {{"time", 1}, {"position", {2, 0, 0}}, {"rotation", {0, 0, 1, 0}}}};
  Diagnostics d = test::lint(presetJson(markers, {glowEntry("g", goodDef())}));
  EXPECT_TRUE(find(d, P + "/attachment_marker", "animated markers")) << d.formatAll();
}

}  // namespace
}  // namespace fx::glow
