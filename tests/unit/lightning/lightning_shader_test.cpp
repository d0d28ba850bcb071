// The CPU reference of shaders/lightning.frag (engine/effects/lightning/lightning_shader.h).
#include <gtest/gtest.h>

#include <cmath>

#include "engine/effects/lightning/lightning_shader.h"

namespace fx::lightning {
namespace {

// A texture of one texel: every sample position reads it, whatever the distortion.
DataImage solid(uint8_t r, uint8_t g, uint8_t b) {
  DataImage img;
  img.width = img.height = 1;
  img.rgb = {r, g, b};
  return img;
}

// "float t = mod(threshold_initial_t + (time - start_time) * threshold_speed, 1.0);"
TEST(LightningThreshold, TFollowsTheSeedFormula) {
  ShaderParams p;
  p.thresholdInitialT = 0.25f;
  p.startTime = 1.0f;
  p.time = 3.0f;
  p.thresholdSpeed = 0.5f;
  EXPECT_NEAR(thresholdT(p), 0.25f, 1e-6f);  // 0.25 + 2 * 0.5 = 1.25 -> 0.25
  p.time = 2.0f;
  EXPECT_NEAR(thresholdT(p), 0.75f, 1e-6f);
  // GLSL mod(x, 1) = x - floor(x): negative speeds wrap into [0, 1) too.
  p.thresholdInitialT = 0.2f;
  p.thresholdSpeed = -0.5f;
  EXPECT_NEAR(thresholdT(p), 0.7f, 1e-6f);
  // "set the threshold_initial_t, and set threshold_speed to 0": t stays at the initial value.
  p.thresholdSpeed = 0.0f;
  p.time = 123.0f;
  EXPECT_FLOAT_EQ(thresholdT(p), 0.2f);
}

// "if (threshold < t - threshold_offset.x || threshold > t + threshold_offset.y) discard;"
TEST(LightningThreshold, DiscardBoundariesAreInclusiveOfTheWindow) {
  const float t = 0.5f;
  const vec2 off{0.25f, 0.125f};
  EXPECT_TRUE(thresholdKeeps(0.25f, t, off));                          // exactly t - offset.x
  EXPECT_FALSE(thresholdKeeps(std::nextafter(0.25f, 0.0f), t, off));   // just below
  EXPECT_TRUE(thresholdKeeps(0.625f, t, off));                         // exactly t + offset.y
  EXPECT_FALSE(thresholdKeeps(std::nextafter(0.625f, 1.0f), t, off));  // just above
  EXPECT_TRUE(thresholdKeeps(0.5f, t, off));
  // No wrap-around: the window is not taken modulo 1.
  EXPECT_FALSE(thresholdKeeps(0.95f, 0.05f, vec2(0.1f, 0.1f)));
}

TEST(LightningFragment, DiscardsOutsideTheWindowAndKeepsInside) {
  ShaderParams p;
  p.thresholdOffset = {0.1f, 0.1f};
  DataImage img = solid(255, 255, 128);  // threshold 128/255 ~ 0.502
  p.thresholdInitialT = 0.5f;
  EXPECT_FALSE(shadeFragment(p, &img, {0.3f, 0.6f}).discarded);
  p.thresholdInitialT = 0.3f;
  EXPECT_TRUE(shadeFragment(p, &img, {0.3f, 0.6f}).discarded);
  p.thresholdInitialT = 0.7f;
  EXPECT_TRUE(shadeFragment(p, &img, {0.3f, 0.6f}).discarded);
}

// "color = vec4(GLOW_COLOUR + bolt, glow);" - white where there is a bolt (channels clamp), the
// glow colour elsewhere, alpha = glow strength.
TEST(LightningFragment, ColourIsGlowColourPlusBoltAlphaIsGlow) {
  ShaderParams p;
  p.glowColour = {0.2f, 0.5f, 0.9f};
  p.thresholdOffset = {1.0f, 1.0f};
  DataImage glowOnly = solid(0, 102, 0);
  Fragment f = shadeFragment(p, &glowOnly, {0.5f, 0.5f});
  ASSERT_FALSE(f.discarded);
  EXPECT_NEAR(f.color.r, 0.2f, 1e-6f);
  EXPECT_NEAR(f.color.b, 0.9f, 1e-6f);
  EXPECT_NEAR(f.color.a, 0.4f, 1e-6f);
  DataImage bolt = solid(255, 255, 0);
  f = shadeFragment(p, &bolt, {0.5f, 0.5f});
  EXPECT_NEAR(f.color.g, 1.5f, 1e-6f);
  EXPECT_NEAR(f.color.a, 1.0f, 1e-6f);
  vec3 out = blendOver(f, vec3(0.0f));
  EXPECT_EQ(out, vec3(1.0f));  // "effectively setting the colour to be white when it's a bolt"
}

// iq's value noise: smooth, in [-1, 1], lattice values from the integer hash.
TEST(LightningNoise, SmoothBoundedAndLatticeExact) {
  float lo = 1.0f, hi = -1.0f;
  for (int i = 0; i < 4000; ++i) {
    vec2 q(float(i) * 0.173f, float(i % 97) * 0.311f);
    float n = valueNoise(q);
    lo = std::min(lo, n), hi = std::max(hi, n);
    EXPECT_NEAR(valueNoise(q + vec2(1e-3f, 0.0f)), n, 0.01f)
        << "not continuous at " << q.x << "," << q.y;
  }
  EXPECT_GE(lo, -1.0f);
  EXPECT_LE(hi, 1.0f);
  EXPECT_LT(lo, -0.5f);  // it uses the range
  EXPECT_GT(hi, 0.5f);
  EXPECT_FLOAT_EQ(valueNoise(vec2(3.0f, 7.0f)), 2.0f * latticeHash(3, 7) - 1.0f);
}

// "my distortion was only offsetting the sample position in one diagonal. I modified the
// function to apply it to both diagonals" - iteration 4 moves off the (1, 1) diagonal; iterations
// 1-3 keep the one-diagonal offset.
TEST(LightningDistortion, Iteration4UsesBothDiagonals) {
  ShaderParams p;
  p.distortionStrength = 0.05f;
  int offDiagonal = 0;
  for (int i = 0; i < 64; ++i) {
    vec2 uv(float(i % 8) / 8.0f + 0.03f, float(i / 8) / 8.0f + 0.07f);
    vec2 d1 = distortOneDiagonal(p, uv, p.distortionStrength) - uv;
    EXPECT_NEAR(d1.x, d1.y, 1e-6f);
    vec2 d2 = distortBothDiagonals(p, uv) - uv;
    if (std::abs(d2.x - d2.y) > 1e-3f) ++offDiagonal;
    EXPECT_LE(std::abs(d2.x) + std::abs(d2.y), 4.0f * p.distortionStrength + 1e-6f);
  }
  EXPECT_GT(offDiagonal, 48);
}

TEST(LightningDistortion, RandomOffsetChangesTheShape) {
  ShaderParams a, b;
  b.noiseOffset = {12.5f, 3.25f};
  EXPECT_NE(distortBothDiagonals(a, {0.4f, 0.4f}), distortBothDiagonals(b, {0.4f, 0.4f}));
}

// Iteration 2: "The glow strength is set by 1-10y"; a second rectangle check for the glow.
TEST(LightningIterations, Iteration2LinearGlow) {
  ShaderParams p;
  p.mode = ShaderMode::Iteration2;
  p.distortionStrength = 0.0f;
  p.glowWidth = 0.1f;
  p.boltHalfWidth = 0.02f;
  Fragment f = shadeFragment(p, nullptr, {0.3f, 0.55f});
  ASSERT_FALSE(f.discarded);
  EXPECT_NEAR(f.color.a, 1.0f - 10.0f * 0.05f, 1e-5f);
  EXPECT_TRUE(shadeFragment(p, nullptr, {0.3f, 0.62f}).discarded);  // outside the glow rectangle
  f = shadeFragment(p, nullptr, {0.3f, 0.51f});
  EXPECT_NEAR(f.color.a, 1.0f, 1e-6f);  // the bolt rectangle
  EXPECT_GE(f.color.r, 1.0f);
}

// Iteration 1: "I will make the glow transparency a bell curve centered at the rectangle."
TEST(LightningIterations, Iteration1BellCurveGlow) {
  ShaderParams p;
  p.mode = ShaderMode::Iteration1;
  p.distortionStrength = 0.0f;
  p.glowWidth = 0.1f;
  Fragment f = shadeFragment(p, nullptr, {0.3f, 0.6f});
  ASSERT_FALSE(f.discarded);
  EXPECT_NEAR(f.color.a, std::exp(-0.5f), 1e-5f);
  EXPECT_LT(shadeFragment(p, nullptr, {0.3f, 0.8f}).color.a, 0.02f);
}

// Iteration 3: "I tried replacing the rectangle with a circle ... replace the y-coordinate checks
// with a radius check. I did not worry about the glow for this one."
TEST(LightningIterations, Iteration3Circle) {
  ShaderParams p;
  p.mode = ShaderMode::Iteration3;
  p.distortionStrength = 0.0f;
  p.circleRadius = 0.3f;
  p.boltHalfWidth = 0.02f;
  EXPECT_FALSE(shadeFragment(p, nullptr, {0.8f, 0.5f}).discarded);
  EXPECT_FALSE(shadeFragment(p, nullptr, {0.5f, 0.21f}).discarded);
  EXPECT_TRUE(shadeFragment(p, nullptr, {0.5f, 0.5f}).discarded);
  EXPECT_TRUE(shadeFragment(p, nullptr, {0.9f, 0.5f}).discarded);
  EXPECT_FLOAT_EQ(shadeFragment(p, nullptr, {0.8f, 0.5f}).color.a, 1.0f);
}

TEST(LightningFragment, BilinearMatchesGlLinearAtTexelCentres) {
  DataImage img;
  img.width = 2;
  img.height = 1;
  img.rgb = {0, 0, 0, 255, 255, 255};
  EXPECT_NEAR(sampleBilinear(img, {0.25f, 0.5f}).r, 0.0f, 1e-6f);
  EXPECT_NEAR(sampleBilinear(img, {0.75f, 0.5f}).r, 1.0f, 1e-6f);
  EXPECT_NEAR(sampleBilinear(img, {0.5f, 0.5f}).r, 0.5f, 1e-6f);
}

TEST(LightningUniforms, EveryShaderUniformIsListed) {
  std::vector<ShaderUniform> u;
  appendUniforms(ShaderParams{}, u);
  auto has = [&](const char* name, int components) {
    for (const auto& x : u)
      if (x.name == name) return x.components == components;
    return false;
  };
  EXPECT_TRUE(has("time", 1));
  EXPECT_TRUE(has("start_time", 1));
  EXPECT_TRUE(has("threshold_initial_t", 1));
  EXPECT_TRUE(has("threshold_speed", 1));
  EXPECT_TRUE(has("threshold_offset", 2));
  EXPECT_TRUE(has("glow_colour", 3));
  EXPECT_TRUE(has("mode", 1));
}

}  // namespace
}  // namespace fx::lightning
