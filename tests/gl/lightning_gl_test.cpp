// The lightning shader on the GPU against its CPU reference (engine/effects/lightning/
// lightning_shader.h): a quad filling the viewport is drawn through the renderer with
// shaders/lightning.vert/.frag and compared pixel by pixel with the reference at each pixel
// centre, alpha-blended over the same background. Headless EGL through the shared GL test context.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "engine/effects/lightning/lightning_shader.h"
#include "engine/effects/lightning/lightning_texgen.h"
#include "engine/render/renderer.h"
#include "tests/gl/gl_fixture.h"

namespace fx::lightning {
namespace {

namespace fs = std::filesystem;

struct Gl {
  std::unique_ptr<render::Renderer> renderer;
  std::string error;
};

Gl& gl() {
  static Gl g = [] {
    Gl r;
    if (!gltest::context()) {
      r.error = "no headless EGL context";
      return r;
    }
    r.renderer = std::make_unique<render::Renderer>();
    if (!r.renderer->init({}, r.error)) r.renderer.reset();
    return r;
  }();
  return g;
}

fs::path tempDir() {
  fs::path d = fs::temp_directory_path() / "fxview_lightning_gl_test";
  fs::create_directories(d);
  return d;
}

std::vector<uint8_t> toRgba(const DataImage& img) {
  std::vector<uint8_t> out(size_t(img.width) * size_t(img.height) * 4);
  for (size_t i = 0, n = size_t(img.width) * size_t(img.height); i < n; ++i) {
    out[i * 4 + 0] = img.rgb[i * 3 + 0];
    out[i * 4 + 1] = img.rgb[i * 3 + 1];
    out[i * 4 + 2] = img.rgb[i * 3 + 2];
    out[i * 4 + 3] = 255;
  }
  return out;
}

struct Comparison {
  double meanAbs = 0.0;        // 0..255 units, over all channels
  double mismatchShare = 0.0;  // pixels with a channel off by more than kLoose
  int maxDiff = 0;
};
constexpr int kLoose = 8;

// Renders `p` over a viewport-filling quad and compares with the CPU reference.
Comparison renderAndCompare(const ShaderParams& p, const DataImage* image, int width, int height,
                            const std::string& name) {
  Gl& g = gl();
  const vec3 background(0.05f, 0.1f, 0.2f);
  DrawList draw;
  ShaderQuad q;
  q.shader = "lightning";
  q.blend = BlendMode::AlphaBlend;
  // Clip-space corners with an identity view-projection: UV (0,0) at the top-left pixel.
  q.corners[0] = {-1, 1, 0};
  q.corners[1] = {1, 1, 0};
  q.corners[2] = {1, -1, 0};
  q.corners[3] = {-1, -1, 0};
  appendUniforms(p, q.uniforms);
  if (image) {
    fs::path png = tempDir() / (name + "_texture.png");
    std::string err;
    EXPECT_TRUE(render::writePng(png, image->width, image->height, toRgba(*image), err)) << err;
    q.textures.push_back({kSamplerName, draw.texture(png.string())});
  }
  draw.shaderQuads.push_back(q);
  View view;
  view.viewProjection = mat4(1.0f);
  view.viewportPx = vec2(float(width), float(height));
  render::OffscreenTarget target(width, height);
  target.bind();
  g.renderer->beginFrame(width, height, ColorRgba{background.r, background.g, background.b, 1.0f});
  g.renderer->draw(draw, view);
  g.renderer->endFrame();
  std::vector<uint8_t> gpu = target.readPixels();
  for (const auto& w : g.renderer->takeWarnings()) ADD_FAILURE() << "renderer: " << w;

  std::vector<uint8_t> cpu(gpu.size());
  Comparison c;
  size_t mismatched = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      vec2 uv((float(x) + 0.5f) / float(width), (float(y) + 0.5f) / float(height));
      vec3 ref = blendOver(shadeFragment(p, image, uv), background);
      size_t i = (size_t(y) * size_t(width) + size_t(x)) * 4;
      int worst = 0;
      for (int k = 0; k < 3; ++k) {
        int want = int(std::lround(ref[k] * 255.0f));
        cpu[i + size_t(k)] = uint8_t(want);
        int diff = std::abs(int(gpu[i + size_t(k)]) - want);
        c.meanAbs += diff;
        worst = std::max(worst, diff);
      }
      cpu[i + 3] = 255;
      c.maxDiff = std::max(c.maxDiff, worst);
      if (worst > kLoose) ++mismatched;
    }
  c.meanAbs /= double(width) * double(height) * 3.0;
  c.mismatchShare = double(mismatched) / (double(width) * double(height));
  // Kept for a look on failure: <tmp>/fxview_lightning_gl_test/<name>_{gl,cpu}.png.
  std::string err;
  std::vector<uint8_t> gpuOpaque = gpu;
  for (size_t i = 3; i < gpuOpaque.size(); i += 4) gpuOpaque[i] = 255;
  render::writePng(tempDir() / (name + "_gl.png"), width, height, gpuOpaque, err);
  render::writePng(tempDir() / (name + "_cpu.png"), width, height, cpu, err);
  return c;
}

#define REQUIRE_GL()                                                      \
  do {                                                                    \
    if (!gl().renderer) GTEST_SKIP() << "no headless GL: " << gl().error; \
  } while (0)

void expectClose(const Comparison& c, const std::string& name) {
  EXPECT_LT(c.meanAbs, 1.0) << name << " (images in " << tempDir() << ")";
  EXPECT_LT(c.mismatchShare, 0.01)
      << name << " max diff " << c.maxDiff << " (images in " << tempDir() << ")";
}

// Iteration 4 over the has-charge ring with a moving threshold window: distortion along both
// diagonals, thresholding, color = vec4(GLOW_COLOUR + bolt, glow).
TEST(LightningGl, Iteration4MatchesTheCpuReference) {
  REQUIRE_GL();
  DataImage img =
      generateTexture({.kind = TextureKind::Charged, .seed = 7, .width = 128, .height = 128});
  ShaderParams p;
  p.time = 1.7f;
  p.startTime = 0.4f;
  p.thresholdInitialT = 0.2f;
  p.thresholdSpeed = 0.3f;
  p.thresholdOffset = {0.2f, 0.15f};
  p.distortionStrength = 0.012f;
  p.noiseScale = {6.0f, 6.0f};
  p.noiseOffset = {37.25f, 101.5f};
  Comparison c = renderAndCompare(p, &img, 256, 256, "iteration4_charged");
  expectClose(c, "iteration 4, charged");
  RecordProperty("mean_abs_diff", std::to_string(c.meanAbs));
}

// The long bolt revealed up to t (variable length), stretched as on the segment quad.
TEST(LightningGl, Iteration4BoltRevealMatchesTheCpuReference) {
  REQUIRE_GL();
  DataImage img =
      generateTexture({.kind = TextureKind::Bolt, .seed = 4, .width = 256, .height = 32});
  ShaderParams p;
  p.time = 0.5f;
  p.thresholdInitialT = 0.6f;
  p.thresholdSpeed = 0.0f;
  p.thresholdOffset = {1.0f, 0.0f};
  p.distortionStrength = 0.006f;
  p.noiseScale = {24.0f, 3.0f};
  p.noiseOffset = {3.5f, 200.25f};
  Comparison c = renderAndCompare(p, &img, 512, 64, "iteration4_bolt");
  expectClose(c, "iteration 4, bolt");
}

// Minified: a 512 x 64 bolt drawn at 128 x 16 pixels. The data texture is sampled on level 0 (no
// mipmaps), as the CPU reference does, so a small bolt on screen keeps its binary bolt channel
// and its threshold channel instead of their mipmap averages.
TEST(LightningGl, MinifiedDataTextureMatchesTheCpuReference) {
  REQUIRE_GL();
  DataImage img =
      generateTexture({.kind = TextureKind::Bolt, .seed = 4, .width = 512, .height = 64});
  ShaderParams p;
  p.time = 0.5f;
  p.thresholdInitialT = 0.6f;
  p.thresholdSpeed = 0.0f;
  p.thresholdOffset = {1.0f, 0.0f};
  p.distortionStrength = 0.0f;
  p.noiseScale = {24.0f, 3.0f};
  Comparison c = renderAndCompare(p, &img, 128, 16, "iteration4_bolt_minified");
  expectClose(c, "iteration 4, bolt minified 4x");
}

// Iterations 1-3, selectable for comparison.
TEST(LightningGl, Iterations1To3MatchTheCpuReference) {
  REQUIRE_GL();
  for (ShaderMode mode : {ShaderMode::Iteration1, ShaderMode::Iteration2, ShaderMode::Iteration3}) {
    ShaderParams p;
    p.mode = mode;
    p.distortionStrength = 0.03f;
    p.noiseScale = {10.0f, 10.0f};
    p.noiseOffset = {12.0f, 5.5f};
    p.time = 2.0f;
    p.distortionSpeed = 0.5f;
    std::string name = "iteration" + std::to_string(int(mode));
    expectClose(renderAndCompare(p, nullptr, 256, 256, name), name);
  }
}

}  // namespace
}  // namespace fx::lightning
