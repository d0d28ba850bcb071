// The binary colour operators (engine/core/color_ops.h) against their formulas worked by hand,
// as Stride's shader code computes them (its quirks included).
#include <gtest/gtest.h>

#include <set>

#include "engine/core/color_ops.h"

namespace fx {
namespace {

void expectNear(vec4 got, vec4 want, const char* what) {
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(got[i], want[i], 1e-5f) << what << " channel " << i;
}

// Both opaque: the operators built on Stride's BasicBlend give their result colour as is.
const vec4 kBack(0.2f, 0.6f, 0.8f, 1.0f), kFront(0.5f, 0.3f, 1.0f, 1.0f);

TEST(ColorOps, ArithmeticOperators) {
  expectNear(applyColorOp(ColorOp::Add, kBack, kFront), {0.7f, 0.9f, 1.8f, 1}, "add");
  expectNear(applyColorOp(ColorOp::Average, kBack, kFront), {0.35f, 0.45f, 0.9f, 1}, "average");
  expectNear(applyColorOp(ColorOp::Subtract, kBack, kFront), {-0.3f, 0.3f, -0.2f, 0}, "subtract");
  expectNear(applyColorOp(ColorOp::Multiply, kBack, kFront), {0.1f, 0.18f, 0.8f, 1}, "multiply");
  expectNear(applyColorOp(ColorOp::Difference, kBack, kFront), {0.3f, 0.3f, 0.2f, 1}, "diff");
  expectNear(applyColorOp(ColorOp::Exclusion, kBack, kFront), {0.5f, 0.54f, 0.2f, 1}, "excl");
  expectNear(applyColorOp(ColorOp::Divide, kBack, kFront), {0.4f, 2.0f, 0.8f, 1}, "divide");
  expectNear(applyColorOp(ColorOp::LinearDodge, kBack, kFront), {0.7f, 0.9f, 1.0f, 1}, "ldodge");
  // Stride's code swizzles one side (f.rbg + b.rgb) and zeroes where that sum reaches 1.
  expectNear(applyColorOp(ColorOp::LinearBurn, kBack, kFront), {-0.3f, 0, 0, 1}, "lburn");
  expectNear(applyColorOp(ColorOp::HardMix, kBack, kFront), {0, 1, 1, 1}, "hard mix");
  // x / 0: 1 where x > 0, 0 where x is 0.
  expectNear(applyColorOp(ColorOp::Divide, {0.5f, 0, 1, 1}, {0, 0, 2, 1}), {1, 0, 0.5f, 1},
             "divide by 0");
}

TEST(ColorOps, LightAndDarkOperators) {
  expectNear(applyColorOp(ColorOp::Darken, kBack, kFront), {0.2f, 0.3f, 0.8f, 1}, "darken");
  expectNear(applyColorOp(ColorOp::Lighten, kBack, kFront), {0.5f, 0.6f, 1.0f, 1}, "lighten");
  expectNear(applyColorOp(ColorOp::Screen, kBack, kFront), {0.6f, 0.72f, 1.0f, 1}, "screen");
  // Stride's Overlay picks by the back colour, the screen branch below 0.5 (its code's step).
  expectNear(applyColorOp(ColorOp::Overlay, kBack, kFront), {0.2f, 0.36f, 1.6f, 1}, "overlay");
  expectNear(applyColorOp(ColorOp::HardLight, kBack, kFront), {0.2f, 0.36f, 1.0f, 1}, "hard");
  expectNear(applyColorOp(ColorOp::PinLight, kBack, kFront), {0.2f, 0.6f, 1.0f, 1}, "pin");
  expectNear(applyColorOp(ColorOp::ColorBurn, kBack, kFront), {-0.6f, -1.0f / 3.0f, 0.8f, 1},
             "burn");
  expectNear(applyColorOp(ColorOp::ColorDodge, kBack, kFront), {0.4f, 0.6f / 0.7f, 1.0f, 1},
             "dodge");  // front 1: ceil(back)
  // Soft light keeps the red channel's result for all three (Stride's float truncation).
  expectNear(applyColorOp(ColorOp::SoftLight, kBack, kFront), {0.2f, 0.2f, 0.2f, 1}, "soft");
  expectNear(applyColorOp(ColorOp::Illuminate, kBack, kFront), {0.2f, 0.36f, 1.6f, 1}, "illum");
  expectNear(applyColorOp(ColorOp::Desaturate, kBack, kFront), {0.1f, 0.42f, 0, 1}, "desat");
  expectNear(applyColorOp(ColorOp::Saturate, kBack, kFront), {0.3f, 0.78f, 1.6f, 1}, "sat");
}

TEST(ColorOps, AlphaAndMaskOperators) {
  const vec4 f(0.5f, 0.3f, 1.0f, 0.25f);
  expectNear(applyColorOp(ColorOp::In, kBack, f), kBack * 0.25f, "in");
  expectNear(applyColorOp(ColorOp::Out, kBack, f), kBack * 0.75f, "out");
  expectNear(applyColorOp(ColorOp::Mask, kBack, f), {0.2f, 0.6f, 0.8f, 0.6f}, "mask");
  expectNear(applyColorOp(ColorOp::SubstituteAlpha, kBack, f), {0.2f, 0.6f, 0.8f, 0.25f}, "sub");
  expectNear(applyColorOp(ColorOp::Threshold, kBack, kFront), {0, 1, 0, 0}, "threshold");
  // BasicBlend with partial cover: fa ba r + fa (1 - ba) f + (1 - fa) ba b, alpha fa + (1-fa) ba.
  const vec4 b(0.2f, 0.6f, 0.8f, 0.5f), h(0.5f, 0.3f, 1.0f, 0.5f);
  vec3 r = vec3(0.7f, 0.9f, 1.8f) * 0.25f + vec3(h) * 0.25f + vec3(b) * 0.25f;
  expectNear(applyColorOp(ColorOp::Add, b, h), vec4(r, 0.75f), "add, half cover");
  expectNear(applyColorOp(ColorOp::Over, b, h), vec4(vec3(h) * 0.5f + vec3(b) * 0.25f, 0.75f),
             "over, half cover");
}

TEST(ColorOps, HsvOperators) {
  const vec4 red(1, 0, 0, 1), grey(0.5f, 0.5f, 0.5f, 1);
  expectNear(applyColorOp(ColorOp::Color, kBack, red), {0.8f, 0, 0, 1}, "color");
  expectNear(applyColorOp(ColorOp::Hue, kBack, red), {0.8f, 0.2f, 0.2f, 1}, "hue");
  expectNear(applyColorOp(ColorOp::Saturation, kBack, grey), {0.8f, 0.8f, 0.8f, 1}, "sat 0");
  expectNear(applyColorOp(ColorOp::Saturation, grey, red), {0.5f, 0.5f, 0.5f, 1}, "grey back");
  expectNear(applyColorOp(ColorOp::Color, kBack, grey), {0.8f, 0.8f, 0.8f, 1}, "grey front");
}

TEST(ColorOps, NamesFollowStridesEnum) {
  std::set<std::string_view> names, strideNames;
  for (int i = 0; i < kColorOpCount; ++i) {
    names.insert(colorOpName(ColorOp(i)));
    strideNames.insert(colorOpStrideName(ColorOp(i)));
  }
  EXPECT_EQ(names.size(), size_t(kColorOpCount));
  EXPECT_EQ(strideNames.size(), size_t(kColorOpCount));
  EXPECT_EQ(colorOpStrideName(ColorOp::Add), "Add");            // 0 in Stride's BinaryOperator
  EXPECT_EQ(colorOpStrideName(ColorOp::Multiply), "Multiply");  // 19
  EXPECT_EQ(int(ColorOp::Multiply), 19);
  EXPECT_EQ(colorOpName(ColorOp::SubstituteAlpha), "substitute_alpha");
  EXPECT_EQ(colorOpStrideName(ColorOp::Threshold), "Threshold");  // the last, 30
}

}  // namespace
}  // namespace fx
