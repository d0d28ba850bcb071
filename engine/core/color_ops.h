// Binary colour operators (Stride's ComputeBinaryColor BinaryOperator, in its enum order) as
// plain math over straight rgba: `back` is the left (background) operand, `front` the right
// (foreground) one. The renderer evaluates the same formulas per fragment (shaders/color_ops.glsl
// for a batch's ColorProgram, engine/core/draw_list.h); these are the reference the tests hold
// both to, and what folds constant operands on the CPU.
//
// With basic(r) = (fa ba r + fa (1 - ba) fc + (1 - fa) ba bc, lerp(fa, 1, ba)) and
// blendAlpha = lerp(fa, 1, ba), following Stride's shader code (quirks included):
//   add basic(f + b); average basic((f + b) / 2); color / hue / saturation: HSV mixes (see
//   color_ops.cpp), alpha blendAlpha; color_burn (1 - divide(1 - b, f), 1); color_dodge
//   basic(f == 1 ? ceil(b) : saturate(b / (1 - f))); darken / lighten min / max of
//   lerp(ba bc, fc, fa) and lerp(fa fc, bc, ba), blendAlpha; desaturate (b (1 - f fa), ba);
//   difference basic(|f - b|); divide (divide(b, f), blendAlpha) with divide(x, 0) = x > 0 ? 1
//   : 0; exclusion basic(f + b - 2 f b); hard_light basic(f >= 0.5 ? 1 - 2 (1-f)(1-b) : 2 f b);
//   hard_mix basic(b.rbg + f.rgb > 1 ? 1 : 0); illuminate (b (2 f fa + 1 - fa), ba); in b fa;
//   linear_burn basic(f.rbg + b.rgb >= 1 ? 0 : f + b - 1); linear_dodge basic(saturate(f + b));
//   mask (bc, ba avg(fc)); multiply b f; out b (1 - fa); over basic(fc); overlay basic(b <= 0.5 ?
//   1 - 2 (1-f)(1-b) : 2 f b); pin_light basic(f <= 0.5 ? min(b, 2f) : max(b, 2f - 1));
//   saturate (b (1 + f fa), ba); screen (fc fa (1 - bc ba) + bc ba, blendAlpha); soft_light
//   basic of the red channel's result on all three; subtract b - f; substitute_alpha (bc, fa);
//   threshold per channel b > f ? 1 : 0.
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/core/math.h"

namespace fx {

enum class ColorOp : uint8_t {
  Add,
  Average,
  Color,
  ColorBurn,
  ColorDodge,
  Darken,
  Desaturate,
  Difference,
  Divide,
  Exclusion,
  HardLight,
  HardMix,
  Hue,
  Illuminate,
  In,
  Lighten,
  LinearBurn,
  LinearDodge,
  Mask,
  Multiply,
  Out,
  Over,
  Overlay,
  PinLight,
  Saturate,
  Saturation,
  Screen,
  SoftLight,
  Subtract,
  SubstituteAlpha,
  Threshold,
};
inline constexpr int kColorOpCount = 31;

// The result of `op` on back (left) and front (right).
vec4 applyColorOp(ColorOp op, vec4 back, vec4 front);

// Stride's operator name ("LinearBurn") and fxview's JSON name ("linear_burn").
std::string_view colorOpStrideName(ColorOp op);
std::string_view colorOpName(ColorOp op);

}  // namespace fx
