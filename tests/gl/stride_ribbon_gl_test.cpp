// Strip batches through the real renderer, and presets/stride_ribbons.json drawn as continuous
// bands (engine/render/renderer_strips.cpp, engine/effects/stride/stride_ribbon.cpp).
#include "engine/session/world.h"
#include "tests/gl/gl_fixture.h"

namespace fx {
namespace {

using gltest::pixel;

std::vector<uint8_t> renderList(const DrawList& list, const View& view, int w, int h,
                                render::Renderer& renderer) {
  render::OffscreenTarget target(w, h);
  target.bind();
  renderer.beginFrame(w, h, ColorRgba{0.0f, 0.0f, 0.0f, 1.0f});
  renderer.draw(list, view);
  renderer.endFrame();
  return target.readPixels();
}

// One quad of the strip batch: corners in order around it.
void pushQuad(DrawList& list, vec3 a, vec3 b, vec3 c, vec3 d, vec4 colour) {
  for (vec3 p : {a, b, c, d}) list.stripVertices.emplace_back(p, vec2(0.5f), colour);
}

TEST(GlStrips, QuadsDrawAsTwoTrianglesWithTheBatchBlend) {
  ASSERT_NE(gltest::context(), nullptr);
  render::Renderer renderer;
  std::string error;
  ASSERT_TRUE(renderer.init({}, error)) << error;
  const int w = 160, h = 90;
  View view = gltest::frontView(w, h);
  DrawList list;
  StripBatch b;  // no texture: white
  list.beginStrips(b);
  // Left quad: premultiplied red with alpha 0 (adds); right quad: half-covering green.
  pushQuad(list, vec3(-3, 0, -1), vec3(-1, 0, -1), vec3(-1, 0, 1), vec3(-3, 0, 1),
           vec4(0.8f, 0, 0, 0));
  pushQuad(list, vec3(1, 0, -1), vec3(3, 0, -1), vec3(3, 0, 1), vec3(1, 0, 1),
           vec4(0, 0.5f, 0, 0.5f));
  list.endStrips();
  ASSERT_EQ(list.strips[0].vertexCount, 8u);
  std::vector<uint8_t> px = renderList(list, view, w, h, renderer);
  auto at = [&](vec3 p) {
    vec4 c = view.viewProjection * vec4(p, 1.0f);
    int x = int((c.x / c.w * 0.5f + 0.5f) * float(w));
    int y = int((0.5f - c.y / c.w * 0.5f) * float(h));  // rows top to bottom
    return pixel(px, w, x, y);
  };
  EXPECT_NEAR(at(vec3(-2, 0, 0)).r, 204, 2);
  EXPECT_EQ(at(vec3(-2, 0, 0)).g, 0);
  EXPECT_NEAR(at(vec3(2, 0, 0)).g, 128, 2);
  EXPECT_EQ(at(vec3(0, 0, 0)).r + at(vec3(0, 0, 0)).g, 0);  // between the quads
  EXPECT_EQ(at(vec3(-2, 0, 1.6f)).r, 0);                    // above the left quad
  EXPECT_EQ(renderer.stats().stripTriangles, 4u);
}

// The ribbon emitter of presets/stride_ribbons.json: particles leave (-2.5, 0, 0) (Stride
// space) at (2.5, 5, 0) m/s under 5 m/s^2 down, 20 a second, so they lie on one parabola. The
// band must cover the arc between particles, not only the particles themselves.
TEST(GlStrips, RibbonPresetIsAContinuousBand) {
  ASSERT_NE(gltest::context(), nullptr);
  Diagnostics diags;
  auto preset = loadPreset(gltest::sourceDir() / "presets/stride_ribbons.json", diags);
  ASSERT_TRUE(preset && !diags.hasErrors()) << diags.formatAll();
  const int w = 320, h = 180;
  World world(*preset);
  View view = presetView(preset->scene, vec2(float(w), float(h)));
  world.setView(view);
  world.advanceTo(2.5);
  DrawList draw;
  DebugDraw debug;
  world.collect(draw, debug);
  ASSERT_FALSE(draw.strips.empty());
  EXPECT_TRUE(draw.sprites.empty());
  render::Renderer renderer;
  std::string error;
  ASSERT_TRUE(renderer.init({}, error)) << error;
  std::vector<uint8_t> px = renderList(draw, view, w, h, renderer);
  int lit = 0, samples = 0;
  for (int k = 2; k < 38; ++k) {  // midway between particles k/20 and (k+1)/20 s old
    float t = (float(k) + 0.5f) / 20.0f;
    vec3 stride(-2.5f + 2.5f * t, 5.0f * t - 2.5f * t * t, 0.0f);
    vec4 c = view.viewProjection * vec4(stride.x, -stride.z, stride.y, 1.0f);
    int x = int((c.x / c.w * 0.5f + 0.5f) * float(w));
    int y = int((0.5f - c.y / c.w * 0.5f) * float(h));
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    ++samples;
    gltest::Rgba p = pixel(px, w, x, y);
    lit += p.r + p.g + p.b > 60;
  }
  EXPECT_GT(samples, 20);
  EXPECT_EQ(lit, samples);
}

}  // namespace
}  // namespace fx
