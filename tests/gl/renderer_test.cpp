// Renderer checks against the formulas of reference halo notes §5 (blend functions and the
// fade-to-neutral rule, orientation bases, quad corners), the missing-texture checker, and
// shader quads. Each test renders into an FBO through a headless EGL context.
#include <cmath>
#include <cstdio>

#include "engine/effects/halo_weather/weather_draw.h"
#include "tests/gl/gl_fixture.h"
#include "tests/unit/halo_weather/weather_test_util.h"

namespace fx {
namespace {

using gltest::pixel;

struct Scene {
  render::Renderer renderer;
  std::unique_ptr<render::OffscreenTarget> target;
  View view;
  int width, height;

  Scene(int w, int h, render::RendererOptions options = {}) : width(w), height(h) {
    EXPECT_NE(gltest::context(), nullptr);
    std::string error;
    EXPECT_TRUE(renderer.init(options, error)) << error;
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
};

// One screen-facing white sprite (no texture) of `color` and `fade` at the origin.
DrawList oneSprite(BlendMode mode, vec4 color, float fade,
                   SpriteOrientation o = SpriteOrientation::ScreenFacing) {
  DrawList list;
  SpriteBatch b;
  b.blend = mode;
  b.orientation = o;
  list.beginBatch(b);
  SpriteInstance& s = list.push();
  s.position = vec3(0);
  s.size = 4.0f;
  s.color = color;
  s.fade = fade;
  return list;
}

// Reference halo notes §5.5: with c = 0.25 over d = 0.5 grey, fade f. "multiply / min: out.rgb =
// c·f + 1·(1 − f), fading toward white; double multiply: c·f + 0.5·(1 − f), toward grey; add /
// subtract / max: c·f, toward black; alpha multiply add: rgb = c·f and a = tex.a·f; alpha blend:
// out.a = tex.a × f".
float expectedOverGrey(BlendMode mode, float c, float f, float d) {
  switch (mode) {
    case BlendMode::AlphaBlend:
      return c * f + d * (1 - f);
    case BlendMode::Multiply:
      return (c * f + (1 - f)) * d;
    case BlendMode::DoubleMultiply:
      return 2 * (c * f + 0.5f * (1 - f)) * d;
    case BlendMode::Add:
      return c * f + d;
    case BlendMode::Subtract:
      return d - c * f;
    case BlendMode::ComponentMin:
      return std::min(c * f + (1 - f), d);
    case BlendMode::ComponentMax:
      return std::max(c * f, d);
    case BlendMode::AlphaMultiplyAdd:
      return c * f + d * (1 - f);
  }
  return 0;
}

TEST(GlBlend, EveryModeMatchesItsFormulaWithFade) {
  Scene scene(64, 64);
  const float d = 0.5f, c = 0.25f;
  for (int m = 0; m < kBlendModeCount; ++m) {
    for (float f : {1.0f, 0.5f, 0.0f}) {
      BlendMode mode = BlendMode(m);
      auto px = scene.render(oneSprite(mode, vec4(c, c, c, 1), f), {d, d, d, 1});
      float expected = expectedOverGrey(mode, c, f, d);
      gltest::Rgba p = pixel(px, 64, 32, 32);
      EXPECT_NEAR(p.r, expected * 255.0f, 2.0f) << blendModeName(mode) << " fade " << f;
      EXPECT_NEAR(p.g, expected * 255.0f, 2.0f) << blendModeName(mode) << " fade " << f;
      EXPECT_EQ(p.a, 255) << "RGB writes only (§5.5): framebuffer alpha untouched";
    }
  }
}

TEST(GlBlend, BriefFiguresOverMidGrey) {
  // "add over grey 0.5 with colour 0.25 gives 0.75; multiply gives 0.125; double multiply 0.25;
  // subtract 0.25; min 0.25; max 0.5"
  Scene scene(32, 32);
  const std::pair<BlendMode, float> cases[] = {{BlendMode::Add, 0.75f},
                                               {BlendMode::Multiply, 0.125f},
                                               {BlendMode::DoubleMultiply, 0.25f},
                                               {BlendMode::Subtract, 0.25f},
                                               {BlendMode::ComponentMin, 0.25f},
                                               {BlendMode::ComponentMax, 0.5f}};
  for (auto [mode, value] : cases) {
    auto px =
        scene.render(oneSprite(mode, vec4(0.25f, 0.25f, 0.25f, 1), 1.0f), {0.5f, 0.5f, 0.5f, 1});
    EXPECT_NEAR(pixel(px, 32, 16, 16).r, value * 255.0f, 2.0f) << blendModeName(mode);
  }
}

TEST(GlBlend, NonAlphaModesDiscardTintAlpha) {
  // §5.5: "in additive and the other non-alpha modes the tint alpha is discarded and replaced by
  // the fade".
  Scene scene(32, 32);
  auto add = scene.render(oneSprite(BlendMode::Add, vec4(0.25f, 0.25f, 0.25f, 0.0f), 1.0f),
                          {0.5f, 0.5f, 0.5f, 1});
  EXPECT_NEAR(pixel(add, 32, 16, 16).r, 0.75f * 255.0f, 2.0f);
  auto alpha = scene.render(oneSprite(BlendMode::AlphaBlend, vec4(0.25f, 0.25f, 0.25f, 0.0f), 1.0f),
                            {0.5f, 0.5f, 0.5f, 1});
  EXPECT_NEAR(pixel(alpha, 32, 16, 16).r, 0.5f * 255.0f, 2.0f)
      << "alpha blend: vertex alpha = tint.a * fade";
}

// Width and height in pixels of the lit area (any channel above 32) on the centre row / column.
std::pair<int, int> litExtent(const std::vector<uint8_t>& px, int w, int h) {
  int cols = 0, rows = 0;
  for (int x = 0; x < w; ++x) cols += pixel(px, w, x, h / 2).r > 32;
  for (int y = 0; y < h; ++y) rows += pixel(px, w, w / 2, y).r > 32;
  return {cols, rows};
}

DrawList orientedSprite(SpriteOrientation o, vec3 direction, FadeMode fadeMode = FadeMode::None) {
  DrawList list;
  SpriteBatch b;
  b.blend = BlendMode::Add;
  b.orientation = o;
  b.fadeMode = fadeMode;
  list.beginBatch(b);
  SpriteInstance& s = list.push();
  s.position = vec3(0);
  s.size = 2.0f;     // 2 wu at distance 10, fov 60, 200 px: 2 / (20 tan 30° / 200) = 34.6 px
  s.aspect = 0.25f;  // height 0.5 wu = 8.7 px
  s.direction = direction;
  return list;
}

TEST(GlOrientation, BasesProjectToTheExpectedExtent) {
  Scene scene(200, 200);
  const ColorRgba black{0, 0, 0, 1};
  // §5.2 screen facing: "the quad uses the view-space x/y axes".
  auto [w0, h0] = litExtent(
      scene.render(orientedSprite(SpriteOrientation::ScreenFacing, {0, 0, 1}), black), 200, 200);
  EXPECT_NEAR(w0, 34.6, 1.5);
  EXPECT_NEAR(h0, 8.7, 1.5);
  // §5.2 parallel: "the quad's x axis = normalized direction": an upward direction stands it up.
  auto [w1, h1] = litExtent(
      scene.render(orientedSprite(SpriteOrientation::ParallelToDirection, {0, 0, 1}), black), 200,
      200);
  EXPECT_NEAR(w1, 8.7, 1.5);
  EXPECT_NEAR(h1, 34.6, 1.5);
  // §5.2 perpendicular: "the quad lies in the plane whose normal is the direction": facing the
  // camera.
  auto [w2, h2] = litExtent(
      scene.render(orientedSprite(SpriteOrientation::PerpendicularToDirection, {0, -1, 0}), black),
      200, 200);
  EXPECT_NEAR(w2, 34.6, 1.5);
  EXPECT_NEAR(h2, 8.7, 1.5);
  // "or world forward when dir is within ~6° of up": seen from above, the quad's x axis is world
  // +X (screen right here). Without the rule, cross(up, dir) for dir (0.05, 0, 1) would be world
  // +Y and the quad would stand on screen.
  scene.view = makeView(vec3(0, 0, 10), vec3(0, 0, 0), 60.0f, vec2(200, 200));
  auto [w3, h3] = litExtent(
      scene.render(orientedSprite(SpriteOrientation::PerpendicularToDirection, {0.05f, 0, 1}),
                   black),
      200, 200);
  EXPECT_NEAR(w3, 34.6, 1.5);
  EXPECT_NEAR(h3, 8.7, 1.5);
}

TEST(GlOrientation, FadeModesUseTheAngleAtTheOrigin) {
  // §5.6: "fade when perpendicular: fade ×= cosθ ... fade when parallel: fade ×= 1 − cosθ".
  Scene scene(200, 200);
  const ColorRgba black{0, 0, 0, 1};
  auto faceOnPerp = scene.render(orientedSprite(SpriteOrientation::PerpendicularToDirection,
                                                {0, -1, 0}, FadeMode::FadeWhenPerpendicular),
                                 black);
  EXPECT_GT(pixel(faceOnPerp, 200, 100, 100).r, 240);
  auto faceOnPar = scene.render(orientedSprite(SpriteOrientation::PerpendicularToDirection,
                                               {0, -1, 0}, FadeMode::FadeWhenParallel),
                                black);
  EXPECT_LT(pixel(faceOnPar, 200, 100, 100).r, 3);
  // "Used only for non-screen-facing sprites."
  auto screen = scene.render(
      orientedSprite(SpriteOrientation::ScreenFacing, {0, -1, 0}, FadeMode::FadeWhenParallel),
      black);
  EXPECT_GT(pixel(screen, 200, 100, 100).r, 240);
}

TEST(GlSprite, RegistrationPointIsTheOrigin) {
  // §5.3: "x = u − (left + reg.x), y = (reg.y + top) − v": registration (0, 0) puts the origin at
  // the sprite's top-left corner, so the quad extends right and down from the screen centre.
  Scene scene(200, 200);
  DrawList list = orientedSprite(SpriteOrientation::ScreenFacing, {0, 0, 1});
  list.sprites[0].registration = {0.0f, 0.0f};
  list.sprites[0].aspect = 1.0f;
  auto px = scene.render(list, {0, 0, 0, 1});
  EXPECT_LT(pixel(px, 200, 95, 105).r, 16);    // left of the origin: empty
  EXPECT_GT(pixel(px, 200, 105, 105).r, 240);  // right of and below it: lit
  EXPECT_LT(pixel(px, 200, 105, 95).r, 16);    // above it: empty
}

TEST(GlSprite, ActualResolutionIsOneTexelPerPixel) {
  // §5.3: "If scale_arg == 0 ... one texel = one screen pixel (the actual resolution rendering)".
  Scene scene(200, 200);
  std::filesystem::path png = std::filesystem::temp_directory_path() / "fxview_gl_white16.png";
  std::vector<uint8_t> white(16 * 16 * 4, 255);
  std::string error;
  ASSERT_TRUE(render::writePng(png, 16, 16, white, error)) << error;
  DrawList list;
  SpriteBatch b;
  b.blend = BlendMode::Add;
  b.texture = list.texture(png.string());
  b.filtered = false;
  list.beginBatch(b);
  list.push().size = 0.0f;
  auto px = scene.render(list, {0, 0, 0, 1});
  auto [w, h] = litExtent(px, 200, 200);
  EXPECT_EQ(w, 16);
  EXPECT_EQ(h, 16);
  int tw = 0, th = 0;
  scene.renderer.textureSize(png.string(), tw, th);
  EXPECT_EQ(tw, 16);
  EXPECT_EQ(th, 16);
}

// Seed 001: the secondary map's "flags 1 ... unfiltered: Texture sampling is unfiltered, resulting
// in ... a blocky pixelated look up close", whatever the primary's filtering. A 2x2 checker
// magnified over a large sprite shows only its two texel values when unfiltered, and the blend
// between them when filtered.
TEST(GlTexture, SecondaryMapHasItsOwnFiltering) {
  std::filesystem::path png = std::filesystem::temp_directory_path() / "fxview_gl_checker2.png";
  std::vector<uint8_t> checker = {255, 255, 255, 255, 0,   0,   0,   255,
                                  0,   0,   0,   255, 255, 255, 255, 255};
  std::string error;
  ASSERT_TRUE(render::writePng(png, 2, 2, checker, error)) << error;
  auto midTones = [&](bool primaryFiltered, bool secondaryFiltered) {
    Scene scene(128, 128);
    DrawList list;
    SpriteBatch b;
    b.blend = BlendMode::AlphaBlend;
    b.filtered = primaryFiltered;
    b.secondaryTexture = list.texture(png.string());
    b.secondaryFiltered = secondaryFiltered;
    list.beginBatch(b);
    SpriteInstance& s = list.push();
    s.position = vec3(0);
    s.size = 3.0f;
    auto px = scene.render(list, {0, 0, 0, 1});
    int mid = 0;
    for (int y = 0; y < 128; ++y)
      for (int x = 0; x < 128; ++x) {
        int r = pixel(px, 128, x, y).r;
        mid += r > 40 && r < 215;
      }
    return mid;
  };
  EXPECT_LT(midTones(true, false), 40);    // the primary filtered, the secondary blocky
  EXPECT_GT(midTones(false, true), 1000);  // and the other way round
}

// Seed 001, a weather type's "map flags ... unfiltered: Texture sampling is unfiltered, resulting
// in ... a blocky pixelated look up close". Filtering is the draw's, not the bitmap's: two weather
// types share a 2x2 checker, one unfiltered, one not. Drawn in one frame with the draw states the
// weather family emits for them, magnified, the unfiltered batch shows only its two texel values
// (hard edges) and the filtered one the blend between them.
TEST(GlTexture, BatchesSharingABitmapKeepTheirOwnFiltering) {
  std::filesystem::path png = std::filesystem::temp_directory_path() / "fxview_gl_checker2s.png";
  std::vector<uint8_t> checker = {255, 255, 255, 255, 0,   0,   0,   255,
                                  0,   0,   0,   255, 255, 255, 255, 255};
  std::string error;
  ASSERT_TRUE(render::writePng(png, 2, 2, checker, error)) << error;

  weather::ParticleType blocky = weather::test::stillType(2.0f, 10.0f);
  blocky.spritePath = png.string();
  blocky.mapFlags = weather::kUnfiltered;
  weather::ParticleType smooth = blocky;
  smooth.mapFlags = 0;
  weather::WeatherDefinition def = weather::test::definitionWith({blocky, smooth});
  weather::WeatherSim sim;
  weather::simInitialize(sim, def, 21);
  for (int f = 0; f < 15; ++f) weather::simStep(sim, 1.0f / 30.0f, 1.0f);
  DrawList collected;
  DebugDraw debug;
  weather::WeatherDrawStats stats;
  collectWeather(sim, collected, debug, makeView({0, 0, 1}, {5, 0, 1}, 60.0f, {640, 360}),
                 DebugFlags{}, nullptr, stats);
  ASSERT_EQ(collected.batches.size(), 2u);
  ASSERT_EQ(collected.textures.size(), 1u);  // one bitmap for both types

  // The family's textures and batch states, with one large known sprite per batch.
  Scene scene(256, 128);
  DrawList list;
  list.textures = collected.textures;
  const float xs[2] = {-5.0f, 5.0f};
  for (int i = 0; i < 2; ++i) {
    SpriteBatch b;
    b.blend = BlendMode::AlphaBlend;
    b.texture = collected.batches[size_t(i)].texture;
    b.filtered = collected.batches[size_t(i)].filtered;
    list.beginBatch(b);
    SpriteInstance& s = list.push();
    s.position = vec3(xs[i], 0, 0);
    s.size = 3.0f;
  }
  ASSERT_FALSE(list.batches[0].filtered);
  ASSERT_TRUE(list.batches[1].filtered);
  auto px = scene.render(list, {0, 0, 0, 1});
  int mid[2] = {0, 0}, bright[2] = {0, 0};
  for (int y = 0; y < 128; ++y)
    for (int x = 0; x < 256; ++x) {
      int r = pixel(px, 256, x, y).r;
      mid[x / 128] += r > 40 && r < 215;
      bright[x / 128] += r >= 215;
    }
  EXPECT_GT(bright[0], 100);
  EXPECT_GT(bright[1], 20);
  EXPECT_LT(mid[0], 40) << "the unfiltered batch: hard texel edges";
  std::printf("unfiltered: %d mid-tone, %d bright; filtered: %d mid-tone, %d bright\n", mid[0],
              bright[0], mid[1], bright[1]);
  EXPECT_GT(mid[1], 300) << "the filtered batch: the blend between texels";
}

TEST(GlTexture, MissingTextureDrawsACheckerAndWarns) {
  Scene scene(64, 64);
  DrawList list;
  SpriteBatch b;
  b.blend = BlendMode::Add;
  b.texture = list.texture("/nonexistent/fxview_missing.png");
  list.beginBatch(b);
  list.push().size = 6.0f;
  auto px = scene.render(list, {0, 0, 0, 1});
  int magenta = 0, dark = 0;
  for (int y = 16; y < 48; ++y)
    for (int x = 16; x < 48; ++x) {
      gltest::Rgba p = pixel(px, 64, x, y);
      magenta += p.r > 200 && p.g < 30 && p.b > 200;
      dark += p.r < 30 && p.g < 30 && p.b < 30;
    }
  EXPECT_GT(magenta, 100);
  EXPECT_GT(dark, 100);
  auto warnings = scene.renderer.takeWarnings();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("/nonexistent/fxview_missing.png"), std::string::npos) << warnings[0];
  scene.render(list, {0, 0, 0, 1});
  EXPECT_TRUE(scene.renderer.takeWarnings().empty()) << "one warning per file";
  int w = -1, h = -1;
  scene.renderer.textureSize("/nonexistent/fxview_missing.png", w, h);
  EXPECT_EQ(w, 0);
  EXPECT_EQ(h, 0);
}

TEST(GlShaderQuad, DrawsWithUniformsAndTextures) {
  render::RendererOptions options;
  options.quadShaderDir = gltest::sourceDir() / "tests/gl/shaders";
  Scene scene(64, 64, options);
  DrawList list;
  ShaderQuad q;
  q.shader = "test_quad";
  q.corners[0] = {-3, 0, -3};
  q.corners[1] = {3, 0, -3};
  q.corners[2] = {3, 0, 3};
  q.corners[3] = {-3, 0, 3};
  q.blend = BlendMode::Add;
  q.uniforms.push_back({"uColor", vec4(0.2f, 0.4f, 0.6f, 1.0f), 3});
  q.textures.push_back({"uTexture", kNoTexture});  // plain white
  list.shaderQuads.push_back(q);
  auto px = scene.render(list, {0, 0, 0, 1});
  gltest::Rgba centre = pixel(px, 64, 32, 32);
  EXPECT_NEAR(centre.r, 51, 2);
  EXPECT_NEAR(centre.g, 102, 2);
  EXPECT_NEAR(centre.b, 153, 2);
  // aUv runs 0..1 across the quad: the test shader writes it to alpha... (not written: RGB only),
  // so check the corner order through a gradient instead: uGradient = 1 adds u to red.
  list.shaderQuads[0].uniforms.push_back({"uGradient", vec4(1.0f), 1});
  auto grad = scene.render(list, {0, 0, 0, 1});
  EXPECT_LT(pixel(grad, 64, 20, 32).r, pixel(grad, 64, 44, 32).r)
      << "u grows to the right (corner 1 is (1,0))";
  EXPECT_TRUE(scene.renderer.takeWarnings().empty());
  EXPECT_EQ(scene.renderer.stats().shaderQuads, 1u);
}

TEST(GlShaderQuad, BrokenShaderDisablesOnlyItsDraw) {
  render::RendererOptions options;
  options.quadShaderDir = gltest::sourceDir() / "tests/gl/shaders";
  Scene scene(64, 64, options);
  DrawList list = oneSprite(BlendMode::Add, vec4(0.5f, 0.5f, 0.5f, 1), 1.0f);
  ShaderQuad q;
  q.shader = "test_broken";
  list.shaderQuads.push_back(q);
  auto px = scene.render(list, {0, 0, 0, 1});
  EXPECT_NEAR(pixel(px, 64, 32, 32).r, 128, 2) << "the sprite still draws";
  auto warnings = scene.renderer.takeWarnings();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("test_broken.frag"), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[0].find("fragment shader failed to compile"), std::string::npos)
      << warnings[0];
}

TEST(GlSprite, BackToFrontSortAndBigSpriteLimit) {
  Scene scene(64, 64);
  // Two alpha-blended sprites: the far one red, the near one green, pushed near first. Sorted,
  // the near (green) one is drawn last and covers the centre.
  DrawList list;
  SpriteBatch b;
  b.blend = BlendMode::AlphaBlend;
  b.sortBackToFront = true;
  list.beginBatch(b);
  SpriteInstance& nearS = list.push();
  nearS.position = {0, -2, 0};
  nearS.size = 2.0f;
  nearS.color = {0, 1, 0, 1};
  SpriteInstance& farS = list.push();
  farS.position = {0, 2, 0};
  farS.size = 4.0f;
  farS.color = {1, 0, 0, 1};
  auto px = scene.render(list, {0, 0, 0, 1});
  EXPECT_GT(pixel(px, 64, 32, 32).g, 200);
  EXPECT_LT(pixel(px, 64, 32, 32).r, 30);
  // §5.3 "more than 10 sprites covering > 50% of the screen each are dropped".
  DrawList big;
  b.sortBackToFront = false;
  big.beginBatch(b);
  for (int i = 0; i < 12; ++i) big.push().size = 40.0f;
  scene.render(big, {0, 0, 0, 1});
  EXPECT_EQ(scene.renderer.stats().bigSpritesDropped, 2u);
  EXPECT_EQ(scene.renderer.stats().sprites, 10u);
}

// renderer.h: a list whose sprites live in Renderer::spriteStorage() (written straight into the
// mapped instance buffer) draws exactly what the same list in plain memory draws: in place,
// sorted back to front, past the big-sprite limit, and after the buffer grew mid-list.
TEST(GlSprite, MappedStorageDrawsWhatPlainMemoryDraws) {
  Scene scene(96, 64);
  auto fill = [](DrawList& list, int count) {
    SpriteBatch add;
    add.blend = BlendMode::Add;
    list.beginBatch(add);
    for (int i = 0; i < count; ++i) {
      SpriteInstance& s = list.push();
      s.position = {float(i % 17) * 0.5f - 4.0f, float(i % 5), float(i % 11) * 0.4f - 2.0f};
      s.size = 0.3f + float(i % 7) * 0.05f;
      s.color = {0.02f, 0.01f * float(i % 3), 0.015f, 1.0f};
    }
    SpriteBatch sorted;
    sorted.blend = BlendMode::AlphaBlend;
    sorted.sortBackToFront = true;
    list.beginBatch(sorted);
    for (int i = 0; i < 40; ++i) {
      SpriteInstance& s = list.push();
      s.position = {float(i % 9) - 4.0f, float((i * 7) % 13) - 6.0f, float(i % 4) - 1.5f};
      s.size = 1.5f;
      s.color = {float(i % 2), float(i % 3) * 0.5f, 0.3f, 0.7f};
    }
    SpriteBatch big = add;
    list.beginBatch(big);
    for (int i = 0; i < 12; ++i) {
      SpriteInstance& s = list.push();
      s.size = 40.0f;
      s.color = {0.01f, 0.02f, 0.01f, 1.0f};
    }
  };
  // 3000: the list outgrows the buffer it was first handed; 3500: it grows a little past that
  for (int count : {10, 3000, 3500}) {
    DrawList plain;
    fill(plain, count);
    auto expected = scene.render(plain, {0.1f, 0.1f, 0.1f, 1});
    const render::RenderStats plainStats = scene.renderer.stats();
    for (int frame = 0; frame < 4; ++frame) {  // each of the ring's buffers, then the first again
      DrawList mapped;
      mapped.sprites.setStorage(&scene.renderer.spriteStorage());
      fill(mapped, count);
      ASSERT_EQ(mapped.sprites.size(), plain.sprites.size());
      for (size_t i = 0; i < plain.sprites.size(); ++i)
        ASSERT_EQ(mapped.sprites[i].position, plain.sprites[i].position);
      auto actual = scene.render(mapped, {0.1f, 0.1f, 0.1f, 1});
      EXPECT_EQ(actual, expected) << count << " sprites, frame " << frame;
      EXPECT_EQ(scene.renderer.stats().sprites, plainStats.sprites);
      EXPECT_EQ(scene.renderer.stats().bigSpritesDropped, 2u);
      // Drawn: the memory went to the GPU; the list keeps its count until clear().
      EXPECT_EQ(mapped.sprites.data(), nullptr);
      EXPECT_EQ(mapped.sprites.size(), plain.sprites.size());
      EXPECT_TRUE(scene.renderer.takeWarnings().empty());
      // Written in place: a buffer that grew is mapped, not replaced by a heap copy.
      EXPECT_EQ(scene.renderer.stats().spriteMapFallbacks, 0u) << count << " sprites";
    }
  }
}

// renderer.h, HDR: "every draw lands [in a floating-point frame], so colours above 1 survive
// blending; endFrame() then writes it ... then a clamp to [0, 1]."
DrawList addAddMultiply() {
  DrawList list;
  for (BlendMode mode : {BlendMode::Add, BlendMode::Add, BlendMode::Multiply}) {
    SpriteBatch b;
    b.blend = mode;
    list.beginBatch(b);
    SpriteInstance& s = list.push();
    s.position = vec3(0);
    s.size = 4.0f;
    float c = mode == BlendMode::Add ? 0.6f : 0.5f;
    s.color = vec4(c, c, c, 1.0f);
    s.fade = 1.0f;
  }
  return list;
}

TEST(GlHdr, AdditiveSumsAboveOneSurviveUntilTheClamp) {
  // 0.6 + 0.6 = 1.2 in the float frame, times 0.5 = 0.6; an 8-bit frame clamps to 1 first: 0.5.
  Scene hdr(32, 32);
  auto px = hdr.render(addAddMultiply(), {0, 0, 0, 1});
  EXPECT_NEAR(pixel(px, 32, 16, 16).r, 0.6f * 255.0f, 2.0f);
  Scene ldr(32, 32, {.hdr = false});
  auto old = ldr.render(addAddMultiply(), {0, 0, 0, 1});
  EXPECT_NEAR(pixel(old, 32, 16, 16).r, 0.5f * 255.0f, 2.0f);
}

TEST(GlHdr, ColoursInRangeResolveAsAnEightBitTargetHoldsThem) {
  Scene hdr(32, 32);
  Scene ldr(32, 32, {.hdr = false});
  for (int m = 0; m < kBlendModeCount; ++m) {
    auto list = oneSprite(BlendMode(m), vec4(0.25f, 0.5f, 0.75f, 0.6f), 0.8f);
    auto a = hdr.render(list, {0.4f, 0.3f, 0.2f, 1});
    auto b = ldr.render(list, {0.4f, 0.3f, 0.2f, 1});
    ASSERT_EQ(a.size(), b.size());
    int worst = 0;
    for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(int(a[i]) - int(b[i])));
    EXPECT_LE(worst, 1) << blendModeName(BlendMode(m));
  }
}

TEST(GlHdr, BloomSpreadsLightAboveTheThresholdAndIsOffByDefault) {
  // BloomSettings: "the part of each pixel above `threshold` blurred ... and added back".
  Scene scene(64, 64);
  DrawList bright = oneSprite(BlendMode::Add, vec4(4.0f, 4.0f, 4.0f, 1.0f), 1.0f);
  bright.sprites[0].size = 1.0f;
  EXPECT_FALSE(scene.renderer.bloom().enabled);
  auto off = scene.render(bright, {0, 0, 0, 1});
  scene.renderer.setBloom({.enabled = true});
  auto on = scene.render(bright, {0, 0, 0, 1});
  // Beside the sprite: black without bloom, lit with it; the sprite itself is white either way.
  int x = 32, y = 32;
  while (x < 63 && pixel(off, 64, x, y).r > 0) ++x;
  ASSERT_LT(x, 60) << "the sprite must leave black pixels beside it";
  EXPECT_EQ(pixel(off, 64, x + 2, y).r, 0);
  EXPECT_GT(pixel(on, 64, x + 2, y).r, 20);
  EXPECT_EQ(pixel(on, 64, 32, 32).r, 255);
  EXPECT_EQ(pixel(off, 64, 32, 32).r, 255);
}

}  // namespace
}  // namespace fx
