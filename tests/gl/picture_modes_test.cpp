// The overdraw view, transparent capture and the bloom controls (issue 38 items 3, 7, 10)
// through the renderer calls `fxview render` makes (setOverdraw / setTransparent / setBloom, then
// beginFrame, draw, endFrame, as captureFrames does), into an offscreen target read back as the
// PNG would be.
#include <algorithm>
#include <cmath>

#include "tests/gl/gl_fixture.h"

namespace fx {
namespace {

using gltest::pixel;

struct Picture {
  render::Renderer renderer;
  std::unique_ptr<render::OffscreenTarget> target;
  View view;
  int width, height;

  Picture(int w, int h) : width(w), height(h) {
    EXPECT_NE(gltest::context(), nullptr);
    std::string error;
    EXPECT_TRUE(renderer.init({}, error)) << error;
    target = std::make_unique<render::OffscreenTarget>(w, h);
    view = gltest::frontView(w, h);
  }
  std::vector<uint8_t> render(const DrawList& list, ColorRgba background) {
    target->bind();
    renderer.beginFrame(width, height, background);
    renderer.draw(list, view);
    renderer.endFrame();
    return target->readPixels();
  }
  // The pixel a world point lands on (top-left origin).
  std::pair<int, int> at(vec3 p) const {
    vec4 c = view.viewProjection * vec4(p, 1.0f);
    return {int((c.x / c.w * 0.5f + 0.5f) * float(width)),
            int((0.5f - c.y / c.w * 0.5f) * float(height))};
  }
};

// The layer count a ramp colour stands for (the first count of its band), or -1 for a colour
// not on the ramp: how a checker reads an overdraw PNG (README "Overdraw view").
int layersOf(gltest::Rgba p) {
  for (const render::OverdrawBand& b : render::kOverdrawRamp)
    if (p.r == b.r && p.g == b.g && p.b == b.b) return b.first;
  return -1;
}

void addSprite(DrawList& list, BlendMode mode, vec3 at, float size, vec4 color) {
  SpriteBatch b;
  b.blend = mode;
  list.beginBatch(b);
  SpriteInstance& s = list.push();
  s.position = at;
  s.size = size;
  s.color = color;
  s.fade = 1.0f;
}

TEST(GlOverdraw, TwoOverlappingSpritesReadBackAsTwoOneAndZero) {
  Picture pic(320, 240);
  pic.renderer.setOverdraw(true);
  // Two 2 wu squares 1 wu apart: [-0.5, 1.5] and [0.5, 2.5] across, [-1, 1] up. The second is
  // fully transparent (tint alpha 0): every rasterised fragment counts.
  DrawList list;
  addSprite(list, BlendMode::AlphaBlend, vec3(0.5f, 0, 0), 2.0f, vec4(1, 1, 1, 1));
  addSprite(list, BlendMode::Add, vec3(1.5f, 0, 0), 2.0f, vec4(0.2f, 0.2f, 0.2f, 0.0f));
  auto px = pic.render(list, {0.3f, 0.3f, 0.3f, 1});
  auto count = [&](vec3 p) {
    auto [x, y] = pic.at(p);
    return layersOf(pixel(px, pic.width, x, y));
  };
  EXPECT_EQ(count(vec3(1.0f, 0, 0)), 2) << "the overlap";
  EXPECT_EQ(count(vec3(0.0f, 0, 0.5f)), 1) << "the first alone";
  EXPECT_EQ(count(vec3(2.0f, 0, -0.5f)), 1) << "the second alone";
  EXPECT_EQ(count(vec3(1.0f, 0, 1.6f)), 0) << "above both";
  EXPECT_EQ(count(vec3(3.5f, 0, 0)), 0) << "beside both";
  // Every pixel outside the legend is on the ramp; the overlap's area is 1 x 2 wu.
  const float pxPerWu = 1.0f / pic.view.worldPerPixel(10.0f);
  int twos = 0, offRamp = 0;
  for (int y = 0; y < pic.height; ++y)
    for (int x = 0; x < pic.width; ++x) {
      if (x < render::kOverdrawLegend[2] && y < render::kOverdrawLegend[3]) continue;
      int n = layersOf(pixel(px, pic.width, x, y));
      twos += n == 2;
      offRamp += n < 0;
    }
  EXPECT_EQ(offRamp, 0);
  const float expected = pxPerWu * 2.0f * pxPerWu;
  EXPECT_NEAR(float(twos), expected, 3.0f * pxPerWu + 4.0f);
  // The stats: max 2, mean = the two sprites' area over the picture.
  const render::RenderStats& st = pic.renderer.stats();
  EXPECT_EQ(st.overdrawMax, 2);
  const double mean = 2.0 * (2.0 * pxPerWu) * (2.0 * pxPerWu) / (pic.width * pic.height);
  EXPECT_NEAR(st.overdrawMean, mean, mean * 0.05);
  // The legend: band k's swatch in row k at the top-left corner.
  for (int k : {0, 2, 11, 14}) {
    const render::OverdrawBand& b = render::kOverdrawRamp[k];
    gltest::Rgba sw = pixel(px, pic.width, 9, 4 + 12 * k + 5);
    EXPECT_EQ(sw.r, b.r) << "legend row " << k;
    EXPECT_EQ(sw.g, b.g) << "legend row " << k;
    EXPECT_EQ(sw.b, b.b) << "legend row " << k;
  }
  // Back to the normal picture: the background again.
  pic.renderer.setOverdraw(false);
  auto normal = pic.render(list, {0.3f, 0.3f, 0.3f, 1});
  EXPECT_NEAR(pixel(normal, pic.width, 300, 230).r, 0.3f * 255.0f, 1.0f);
}

TEST(GlOverdraw, StripsAndShaderQuadsCountWholeAndMeshesHideWhatIsBehind) {
  Picture pic(320, 240);
  pic.renderer.setOverdraw(true);
  DrawList list;
  // A strip quad over [0, 2] x [-1, 1] and a lightning ring quad (mode 3 discards all but a thin
  // ring) over [1, 3] x [-1, 1]: the overlap [1, 2] counts 2 whatever the ring shader discards.
  StripBatch sb;
  sb.blend = BlendMode::AlphaMultiplyAdd;
  list.beginStrips(sb);
  for (vec3 c : {vec3(0, 0, -1), vec3(2, 0, -1), vec3(2, 0, 1), vec3(0, 0, 1)})
    list.stripVertices.emplace_back(c, vec2(0.5f), vec4(0, 0, 0, 0));
  list.endStrips();
  ShaderQuad q;
  q.shader = "lightning";
  q.corners[0] = vec3(1, 0, -1), q.corners[1] = vec3(3, 0, -1);
  q.corners[2] = vec3(3, 0, 1), q.corners[3] = vec3(1, 0, 1);
  q.uniforms = {{"mode", vec4(3.0f), 1},
                {"circle_radius", vec4(0.3f), 1},
                {"bolt_half_width", vec4(0.01f), 1}};
  list.shaderQuads.push_back(q);
  // An opaque mesh nearer the camera over x in [2.5, 4]: what lies behind it is not drawn.
  auto mesh = std::make_shared<MeshData>();
  mesh->positions = {vec3(2.5f, -2, -3), vec3(4, -2, -3), vec3(4, -2, 3), vec3(2.5f, -2, 3)};
  mesh->normals.assign(4, vec3(0, -1, 0));
  mesh->indices = {0, 1, 2, 0, 2, 3};
  list.meshes.push_back({.mesh = mesh});
  auto px = pic.render(list, {0, 0, 0, 1});
  auto count = [&](vec3 p) {
    auto [x, y] = pic.at(p);
    return layersOf(pixel(px, pic.width, x, y));
  };
  EXPECT_EQ(count(vec3(1.5f, 0, 0.5f)), 2) << "strip and quad";
  EXPECT_EQ(count(vec3(0.5f, 0, 0.5f)), 1) << "strip alone";
  EXPECT_EQ(count(vec3(1.8f, 0, -0.9f)), 2);
  EXPECT_EQ(count(vec3(2.2f, 0, -0.5f)), 1) << "the ring quad where its shader discards";
  EXPECT_EQ(count(vec3(2.8f, -2, 0.5f)), 0) << "behind the mesh (depth tested)";
  EXPECT_EQ(pic.renderer.stats().overdrawMax, 2);
}

// Composites a transparent capture over `bg` (8-bit, premultiplied: C + B (1 - a)) and returns
// the largest difference from the opaque render over `bg`, in levels of 255.
int compositeError(const std::vector<uint8_t>& transparent, const std::vector<uint8_t>& opaque,
                   vec3 bg) {
  int worst = 0;
  for (size_t i = 0; i < opaque.size(); i += 4) {
    const float a = transparent[i + 3] / 255.0f;
    for (int c = 0; c < 3; ++c) {
      float v = transparent[i + size_t(c)] / 255.0f + bg[c] * (1.0f - a);
      int composite = int(std::lround(std::min(v, 1.0f) * 255.0f));
      worst = std::max(worst, std::abs(composite - int(opaque[i + size_t(c)])));
    }
  }
  return worst;
}

std::vector<uint8_t> renderTransparent(Picture& pic, const DrawList& list) {
  pic.renderer.setTransparent(true);
  auto px = pic.render(list, {0.7f, 0.1f, 0.9f, 1});  // the background is left out
  pic.renderer.setTransparent(false);
  return px;
}

TEST(GlTransparent, AdditiveAndAlphaBlendedSpritesCompositeToTheOpaqueRender) {
  Picture pic(96, 64);
  const vec3 backgrounds[] = {vec3(0, 0, 0), vec3(0.2f, 0.45f, 0.7f), vec3(1, 1, 1),
                              vec3(0.5f, 0.5f, 0.5f)};
  for (BlendMode mode : {BlendMode::Add, BlendMode::AlphaBlend, BlendMode::AlphaMultiplyAdd}) {
    DrawList list;
    addSprite(list, mode, vec3(-1, 0, 0), 3.0f, vec4(0.9f, 0.5f, 0.2f, 0.6f));
    addSprite(list, mode, vec3(0.5f, 0, 0.5f), 3.0f, vec4(0.3f, 0.6f, 0.8f, 0.5f));
    auto clear = renderTransparent(pic, list);
    for (vec3 bg : backgrounds) {
      auto opaque = pic.render(list, {bg.x, bg.y, bg.z, 1});
      EXPECT_LE(compositeError(clear, opaque, bg), 2)
          << blendModeName(mode) << " over " << bg.x << " " << bg.y << " " << bg.z;
    }
    auto [x, y] = pic.at(vec3(-1.5f, 0, 0));
    const int a = pixel(clear, pic.width, x, y).a;
    if (mode == BlendMode::Add)
      EXPECT_EQ(a, 0) << "additive light only: alpha 0";
    else if (mode == BlendMode::AlphaBlend)
      EXPECT_NEAR(a, 0.6f * 255.0f, 1.0f) << "the tint alpha covers";
    else
      EXPECT_EQ(a, 255) << "alpha multiply add: the texture's alpha x fade covers";
    EXPECT_EQ(pixel(clear, pic.width, 1, 1).a, 0) << "no effect: transparent";
    EXPECT_EQ(pixel(clear, pic.width, 1, 1).r, 0) << "no effect: nothing (premultiplied)";
  }
}

TEST(GlTransparent, BloomIsTheEffectsOwnGlowAddedAsLight) {
  Picture pic(64, 64);
  pic.renderer.setBloom({.enabled = true});
  DrawList list;
  addSprite(list, BlendMode::Add, vec3(0), 1.0f, vec4(4, 3, 2, 1));
  auto clear = renderTransparent(pic, list);
  auto opaque = pic.render(list, {0, 0, 0, 1});
  EXPECT_LE(compositeError(clear, opaque, vec3(0)), 2) << "over black it is the opaque picture";
  int x = 32;
  while (x < 63 && pixel(clear, 64, x, 32).r == 255) ++x;
  EXPECT_GT(pixel(clear, 64, x + 2, 32).r, 20) << "the glow beside the sprite";
  EXPECT_EQ(pixel(clear, 64, x + 2, 32).a, 0) << "added as light, covering nothing";
}

TEST(GlBloomControls, ThresholdExposureAndKneeChangeThePictureAsDocumented) {
  Picture pic(64, 64);
  DrawList list;
  addSprite(list, BlendMode::Add, vec3(0), 1.0f, vec4(0.9f, 0.3f, 0.1f, 1));
  auto off = pic.render(list, {0, 0, 0, 1});
  int x = 32;
  while (x < 63 && pixel(off, 64, x, 32).r > 0) ++x;
  ASSERT_LT(x, 58);
  // Threshold above the brightest channel: no glow at all, the same picture as bloom off.
  pic.renderer.setBloom({.enabled = true, .threshold = 0.95f});
  EXPECT_EQ(pic.render(list, {0, 0, 0, 1}), off);
  // Below it: a glow beside the sprite (black there without bloom).
  ASSERT_EQ(pixel(off, 64, x + 2, 32).r, 0);
  pic.renderer.setBloom({.enabled = true, .threshold = 0.5f});
  const int hard = pixel(pic.render(list, {0, 0, 0, 1}), 64, x + 2, 32).r;
  EXPECT_GT(hard, 3);
  // A soft knee lets a channel below the threshold glow: 0.9 under 0.95 with knee 1 (k = 0.95:
  // (0.9 - 0.95 + 0.95)^2 / 3.8 = 0.21 of it, against 0.4 above the threshold 0.5).
  pic.renderer.setBloom({.enabled = true, .threshold = 0.95f, .softKnee = 1.0f});
  const int knee = pixel(pic.render(list, {0, 0, 0, 1}), 64, x + 2, 32).r;
  EXPECT_GT(knee, 2);
  EXPECT_LT(knee, hard);
  // Exposure 2 doubles a linear value before the clamp (bloom off, or on above the brightest).
  pic.renderer.setBloom({.exposure = 2.0f});
  auto doubled = pic.render(list, {0, 0, 0, 1});
  EXPECT_NEAR(pixel(doubled, 64, 32, 32).g, 2 * pixel(off, 64, 32, 32).g, 2);
  EXPECT_NEAR(pixel(doubled, 64, 32, 32).b, 2 * pixel(off, 64, 32, 32).b, 2);
  EXPECT_EQ(pixel(doubled, 64, 32, 32).r, 255) << "0.9 x 2 clamps";
  // The defaults are the picture without any of it.
  pic.renderer.setBloom({});
  EXPECT_EQ(pic.render(list, {0, 0, 0, 1}), off);
}

}  // namespace
}  // namespace fx
