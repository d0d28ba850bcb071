// presets/test_pattern.json read back pixel by pixel: each blend column over the mid-grey band
// must match reference halo notes §5.5 (c = 0.25 over d = 0.5; fade 1, 0.5 and 0, where fade 0
// is each mode's neutral value and leaves the grey untouched).
#include "engine/session/world.h"
#include "tests/gl/gl_fixture.h"

namespace fx {
namespace {

TEST(GlTestPattern, BlendColumnsMatchTheirFormulas) {
  ASSERT_NE(gltest::context(), nullptr);
  Diagnostics diags;
  auto preset = loadPreset(gltest::sourceDir() / "presets/test_pattern.json", diags);
  ASSERT_TRUE(preset && !diags.hasErrors());
  const int w = 512, h = 288;
  World world(*preset);
  View view = presetView(preset->scene, vec2(w, h));
  world.setView(view);
  world.advanceTo(0.0);
  DrawList draw;
  DebugDraw debug;
  world.collect(draw, debug);
  render::Renderer renderer;
  std::string error;
  ASSERT_TRUE(renderer.init({}, error)) << error;
  render::OffscreenTarget target(w, h);
  target.bind();
  renderer.beginFrame(w, h, preset->scene.background);
  renderer.draw(draw, view);
  renderer.endFrame();
  auto px = target.readPixels();
  EXPECT_TRUE(renderer.takeWarnings().empty());

  auto at = [&](vec3 p) {
    vec4 clip = view.viewProjection * vec4(p, 1.0f);
    int x = int((clip.x / clip.w * 0.5f + 0.5f) * w), y = int((0.5f - clip.y / clip.w * 0.5f) * h);
    return gltest::pixel(px, w, x, y).r / 255.0f;
  };
  const float c = 0.25f, d = 0.5f;
  // Columns in tag order; expected value at fade 1 and fade 0.5.
  const float full[8] = {c, c * d, 2 * c * d, d + c, d - c, std::min(c, d), std::max(c, d), c};
  const float half[8] = {0.375f, 0.3125f, 0.375f, 0.625f, 0.375f, 0.5f, 0.5f, 0.375f};
  for (int i = 0; i < 8; ++i) {
    float x = -8.75f + 2.5f * float(i);
    EXPECT_NEAR(at({x, 0, 4.5f}), full[i], 2.5f / 255) << blendModeName(BlendMode(i)) << " fade 1";
    EXPECT_NEAR(at({x, 0, 3.1f}), half[i], 2.5f / 255)
        << blendModeName(BlendMode(i)) << " fade 0.5";
    EXPECT_NEAR(at({x, 0, 1.7f}), d, 2.5f / 255)
        << blendModeName(BlendMode(i)) << " fade 0 is neutral";
  }
}

}  // namespace
}  // namespace fx
