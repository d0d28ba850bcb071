#include <gtest/gtest.h>

#include <cmath>

#include "engine/core/periodic.h"

namespace fx {
namespace {

// Reference §6.3: "Every table except the slides is then min/max normalized to [0, 1], so cosine
// becomes 0.5 + 0.5 cos(2 pi x) and starts at 1 when t = 0."
TEST(HaloPeriodic, CosineStartsAtOneAndIsNormalized) {
  EXPECT_NEAR(periodicEvaluate(PeriodicFunction::Cosine, 0.0f), 1.0f, 1e-6f);
  EXPECT_FLOAT_EQ(periodicEvaluate(PeriodicFunction::One, 12.3f), 1.0f);
  EXPECT_FLOAT_EQ(periodicEvaluate(PeriodicFunction::Zero, 12.3f), 0.0f);
  float lo = 1, hi = 0;
  for (int k = 0; k < 4000; ++k) {
    float v = periodicEvaluate(PeriodicFunction::Cosine, k * 0.01f);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  EXPECT_NEAR(lo, 0.0f, 0.01f);
  EXPECT_NEAR(hi, 1.0f, 0.01f);
}

// "[derived] Period quirk: one table cycle is 1024/28 = 36.57 samples, but evaluate steps 25.6
// samples per unit input ... repeat every 36.57/25.6 = 1.43 input units ... the whole table repeats
// every 40 units."
TEST(HaloPeriodic, PeriodQuirk) {
  const float cycle = (1024.0f / 28.0f) / 25.6f;  // 1.4286
  EXPECT_NEAR(periodicEvaluate(PeriodicFunction::Cosine, cycle * 0.5f), 0.0f,
              0.02f);  // trough half a cycle in
  EXPECT_NEAR(periodicEvaluate(PeriodicFunction::Cosine, cycle), 1.0f, 0.02f);
  EXPECT_GT(std::abs(periodicEvaluate(PeriodicFunction::Cosine, 1.0f) - 1.0f),
            0.3f);  // not 1 at "period 1"
  for (float t : {0.13f, 0.77f, 3.1f})
    for (PeriodicFunction f :
         {PeriodicFunction::Noise, PeriodicFunction::Wander, PeriodicFunction::Spark})
      EXPECT_NEAR(periodicEvaluate(f, t), periodicEvaluate(f, t + 40.0f), 1e-3f);
  // Slides wrap through the seam rather than sweeping back down.
  for (int k = 0; k < 2000; ++k) {
    float v = periodicEvaluate(PeriodicFunction::Slide, k * 0.013f);
    EXPECT_GE(v, 0.0f);
    EXPECT_LE(v, 1.0f);
  }
  EXPECT_LT(periodicEvaluate(PeriodicFunction::Slide, 0.0f), 0.02f);
  EXPECT_NEAR(periodicEvaluate(PeriodicFunction::Slide, cycle * 0.5f), 0.5f, 0.02f);
}

// "Transition tables: entry k = curve(k/1023) 255 ... linear x, early sqrt x, very early x^0.25,
// late x^2, very late x^4, cosine (sin(pi x - pi/2) + 1)/2. The input is clamped to [0, 1]."
TEST(HaloPeriodic, Transitions) {
  EXPECT_NEAR(transitionEvaluate(TransitionFunction::Linear, 0.5f), 0.5f, 0.005f);
  EXPECT_NEAR(transitionEvaluate(TransitionFunction::Early, 0.25f), 0.5f, 0.005f);
  EXPECT_NEAR(transitionEvaluate(TransitionFunction::VeryEarly, 0.0625f), 0.5f, 0.01f);
  EXPECT_NEAR(transitionEvaluate(TransitionFunction::Late, 0.5f), 0.25f, 0.005f);
  EXPECT_NEAR(transitionEvaluate(TransitionFunction::VeryLate, 0.5f), 0.0625f, 0.005f);
  EXPECT_NEAR(transitionEvaluate(TransitionFunction::Cosine, 0.5f), 0.5f, 0.005f);
  EXPECT_FLOAT_EQ(transitionEvaluate(TransitionFunction::Linear, 2.0f), 1.0f);
  EXPECT_FLOAT_EQ(transitionEvaluate(TransitionFunction::Linear, -1.0f), 0.0f);
}

}  // namespace
}  // namespace fx
