// Color, rotation and size animation (seed 003; reference stride notes §2.6) and curve sampling.
#include "tests/unit/stride/stride_test_util.h"

#include <cstring>

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {
namespace {

// Curves: arrays of {key, value} with linear segments; ends hold.
TEST(StrideCurves, LinearSegmentsAndHeldEnds) {
  FloatCurve c = {{0.2f, 1.0f}, {0.6f, 3.0f}, {1.0f, -1.0f}};
  EXPECT_FLOAT_EQ(sampleCurve(c, 0.0f), 1.0f);
  EXPECT_FLOAT_EQ(sampleCurve(c, 0.4f), 2.0f);
  EXPECT_FLOAT_EQ(sampleCurve(c, 0.8f), 1.0f);
  EXPECT_FLOAT_EQ(sampleCurve(c, 1.5f), -1.0f);
  FloatCurve shuffled = {{1.0f, -1.0f}, {0.2f, 1.0f}, {0.6f, 3.0f}};  // keys are sorted by time
  EXPECT_FLOAT_EQ(sampleCurve(shuffled, 0.4f), 2.0f);
  EXPECT_FLOAT_EQ(sampleCurve(FloatCurve{}, 0.4f, 7.0f), 7.0f);
}

ParticlePool agedPool(std::initializer_list<float> lives, uint32_t fields) {
  ParticlePool p;
  p.layout(fields, 8);
  uint32_t seed = 100;
  for (float life : lives) {
    size_t i = p.add();
    p.life[i] = life;
    p.seed[i] = seed++;
  }
  return p;
}

// Seed: "Size animation updates the particle's Size field by sampling a curve over the particle's
// normalized lifetime (0 to 1)." and "overwrites any previous Size parameters".
TEST(StrideAnimation, SizeOverNormalizedLifetime) {
  UpdaterModule m = test::updater("size_animation",
                                  R"("curve": [{"key": 0, "value": 1}, {"key": 1, "value": 3}])");
  ParticlePool p = agedPool({1.0f, 0.5f, 0.25f}, kFieldSize);
  p.size[0] = 99.0f;
  ModuleWorld w;
  w.scale = vec3(2.0f);
  updateSizeAnimation(m, w, p);
  EXPECT_FLOAT_EQ(p.size[0], 2.0f);  // age 0 -> 1, times world scale X
  EXPECT_FLOAT_EQ(p.size[1], 4.0f);  // age 0.5 -> 2
  EXPECT_FLOAT_EQ(p.size[2], 5.0f);  // age 0.75 -> 2.5
}

// Seed: "You can set a secondary curve in which case the particles will have slightly varied
// sizes." Each particle lies between the curves, at lerp(main, second, seed.GetFloat(1A + offset)).
TEST(StrideAnimation, SecondCurveVariesPerParticle) {
  UpdaterModule m = test::updater("rotation_animation", R"("curve": [{"key": 0, "value": 0}],
      "curve_2": [{"key": 0, "value": 90}])");
  ParticlePool p = agedPool({0.5f, 0.5f, 0.5f, 0.5f}, kFieldRotation);
  updateRotationAnimation(m, p);
  float lo = 1e9f, hi = -1e9f;
  for (size_t i = 0; i < p.count; ++i) {
    float expected =
        90.0f * RandomSeed{p.seed[i]}.getFloat(offset::k1A) * kDegToRad;  // degrees in, radians out
    EXPECT_NEAR(p.rotation[i], expected, 1e-5f);
    lo = std::min(lo, p.rotation[i]);
    hi = std::max(hi, p.rotation[i]);
  }
  EXPECT_LT(lo, hi);  // varied
  m.seedOffset = 5;
  ParticlePool q = agedPool({0.5f}, kFieldRotation);
  updateRotationAnimation(m, q);
  EXPECT_NEAR(q.rotation[0], 90.0f * RandomSeed{100}.getFloat(offset::k1A + 5) * kDegToRad, 1e-5f);
}

// Seed: "Values above 1 are valid for RGB only (not Alpha)"; colours are stored premultiplied.
TEST(StrideAnimation, ColorIsPremultipliedAndAlphaClamped) {
  UpdaterModule m =
      test::updater("color_animation", R"("curve": [{"key": 0, "value": [4, 2, 0, 0.5]},
      {"key": 1, "value": [0, 0, 0, 3]}])");
  ParticlePool p = agedPool({1.0f, 0.0f}, kFieldColor);
  updateColorAnimation(m, p);
  EXPECT_EQ(p.color[0], vec4(2, 1, 0, 0.5f));
  EXPECT_FLOAT_EQ(p.color[1].a, 1.0f);
}

// Reference stride notes §2.1: the engine bakes curves into 32 samples (an option).
TEST(StrideAnimation, BakedCurveOption) {
  UpdaterModule m =
      test::updater("size_animation", R"("curve": [{"key": 0, "value": 0}, {"key": 0.5, "value": 0},
      {"key": 0.51, "value": 1}, {"key": 1, "value": 1}], "baked_curve": true)");
  ParticlePool p = agedPool({0.495f}, kFieldSize);  // age 0.505
  updateSizeAnimation(m, ModuleWorld{}, p);
  float exact = 0.5f;
  EXPECT_GT(std::abs(p.size[0] - exact), 0.01f);  // the bake smears the step over a sample width
  m.bakedCurve = false;
  updateSizeAnimation(m, ModuleWorld{}, p);
  EXPECT_NEAR(p.size[0], exact, 1e-4f);
}

// RandomSeed (reference stride notes §2.1): values in [0, 1), deterministic, only the low 16
// bits of the seed matter.
TEST(StrideRandom, SeedValues) {
  RandomSeed a{12345};
  for (uint32_t off : {0u, 1112u, 4445u}) {
    double v = a.getDouble(off);
    EXPECT_GE(v, 0.0);
    EXPECT_LT(v, 1.0);
    EXPECT_EQ(v, RandomSeed{12345 + 0x10000}.getDouble(off));
  }
  EXPECT_NE(a.getDouble(0), a.getDouble(1));
}

// getFloat reads a table for small seed + offset: every entry (and the direct path past it) is
// exactly float(getDouble), the formula Stride runs per draw.
TEST(StrideRandom, FloatDrawsAreTheFormulasBitsEverywhere) {
  size_t differ = 0;
  for (uint32_t seed = 0; seed < 0x10000; ++seed)
    for (uint32_t off : {0u, 1u, 1112u, 2223u, 3334u, 4445u, 5556u, 6667u, 8191u, 8192u, 100000u}) {
      RandomSeed r{seed | 0x30000u};
      float a = r.getFloat(off), b = float(r.getDouble(off));
      differ += std::memcmp(&a, &b, sizeof a) != 0;
    }
  EXPECT_EQ(differ, 0u);
  EXPECT_EQ(RandomSeed{7}.getFloat(0xFFFFFFFFu), float(RandomSeed{7}.getDouble(0xFFFFFFFFu)));
}

}  // namespace
}  // namespace fx::stride
