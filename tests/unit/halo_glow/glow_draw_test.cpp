// Glow drawing: "The particle is always shown camera-facing and with additive framebuffer
// blending. Alpha channel is ignored." Sequence 0 sprite 0; overlays for render_model_markers
// and paths.
#include "tests/unit/halo_glow/glow_test_util.h"

namespace fx::glow {
namespace {

TEST(GlowDraw, AdditiveScreenFacingIgnoringAlpha) {
  Json def = {{"attachment_marker", "glow"},
              {"number_of_particles", 8},
              {"effect_translational_velocity", 1},
              {"particle_size_bounds", {0.1, 0.2}},
              {"texture", "assets/sprites/glow.png"}};
  auto l = test::load(test::presetJson(test::lineMarkers(), {test::glowEntry("g", def)}));
  l->world->advanceTo(0.5);
  DrawList draw;
  DebugDraw debug;
  l->world->collect(draw, debug);
  ASSERT_EQ(draw.batches.size(), 1u);
  const SpriteBatch& b = draw.batches[0];
  EXPECT_EQ(b.blend, BlendMode::Add);
  EXPECT_EQ(b.orientation, SpriteOrientation::ScreenFacing);
  EXPECT_TRUE(b.ignoreTextureAlpha);
  ASSERT_NE(b.texture, kNoTexture);
  EXPECT_NE(draw.textures[size_t(b.texture)].path.find("glow.png"), std::string::npos);
  EXPECT_EQ(b.count, 8u);
  for (const auto& s : draw.sprites) {
    EXPECT_GE(s.size, 0.1f);
    EXPECT_LE(s.size, 0.2f);
    EXPECT_EQ(s.color.a, 1.0f);
  }
  EXPECT_TRUE(debug.lines.empty());  // no overlays unless asked
}

TEST(GlowDraw, MarkerAndPathOverlays) {
  // "enable render_model_markers 1 so you can make sure all markers are being used as intended"
  Json def = {{"attachment_marker", "glow"},
              {"number_of_particles", 1},
              {"effect_translational_velocity", 1},
              {"particle_generation_freq", 5},
              {"lifetime_of_trailing_particles", 1}};
  auto l = test::load(test::presetJson(test::lineMarkers(), {test::glowEntry("g", def)}));
  l->world->advanceTo(0.2);
  l->world->flags.renderModelMarkers = true;
  DrawList draw;
  DebugDraw debug;
  l->world->collect(draw, debug);
  EXPECT_EQ(debug.lines.size(), 5u * 3u * 2u);  // three axes per marker
  // Every marker named by the scene, then the glow's path order beside each.
  ASSERT_EQ(debug.labels.size(), 10u);
  EXPECT_EQ(debug.labels[0].text, "glow");
  EXPECT_EQ(debug.labels[5].text, "#0");
  EXPECT_EQ(debug.labels[9].text, "#4");
  EXPECT_EQ(debug.lines[0].color, vec4(1, 0, 0, 1));  // +X red
  debug.clear();
  l->world->flags.renderModelMarkers = false;
  l->world->flags.paths = true;
  l->world->collect(draw, debug);
  EXPECT_GE(debug.lines.size(), 2u * 96u * 2u);  // the curve and the emission segment
  EXPECT_EQ(debug.points.size(), 2u);
}

}  // namespace
}  // namespace fx::glow
