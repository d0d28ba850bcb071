// A material's colour operations (Stride's ComputeBinaryColor operators beyond a plain product):
// the field declarations of one step. The formulas are engine/core/color_ops.h; drawing turns
// the steps into the batch's colour program (stride_draw.cpp).
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

namespace {

constexpr EnumOption kColorOps[kColorOpCount] = {
    {"add", int32_t(ColorOp::Add), "Left + right where both cover."},
    {"average", int32_t(ColorOp::Average), "(Left + right) / 2 where both cover."},
    {"color", int32_t(ColorOp::Color), "Right's hue and saturation with left's value."},
    {"color_burn", int32_t(ColorOp::ColorBurn), "1 - (1 - left) / right; alpha 1."},
    {"color_dodge", int32_t(ColorOp::ColorDodge), "Left / (1 - right), clamped."},
    {"darken", int32_t(ColorOp::Darken), "The darker of the two, alpha-weighted."},
    {"desaturate", int32_t(ColorOp::Desaturate), "Left x (1 - right x right alpha)."},
    {"difference", int32_t(ColorOp::Difference), "|Right - left| where both cover."},
    {"divide", int32_t(ColorOp::Divide), "Left / right (x / 0 = 1, 0 / 0 = 0)."},
    {"exclusion", int32_t(ColorOp::Exclusion), "Left + right - 2 left right."},
    {"hard_light", int32_t(ColorOp::HardLight), "Multiply or screen, by the right colour."},
    {"hard_mix", int32_t(ColorOp::HardMix), "1 where left + right pass 1, else 0."},
    {"hue", int32_t(ColorOp::Hue), "Right's hue with left's saturation and value."},
    {"illuminate", int32_t(ColorOp::Illuminate), "Left x (2 right x alpha + 1 - alpha)."},
    {"in", int32_t(ColorOp::In), "Left x right alpha."},
    {"lighten", int32_t(ColorOp::Lighten), "The lighter of the two, alpha-weighted."},
    {"linear_burn", int32_t(ColorOp::LinearBurn), "Left + right - 1 (as Stride's code)."},
    {"linear_dodge", int32_t(ColorOp::LinearDodge), "Left + right, clamped to 1."},
    {"mask", int32_t(ColorOp::Mask), "Left, its alpha x the right colour's average."},
    {"multiply", int32_t(ColorOp::Multiply), "Left x right (rgb and alpha)."},
    {"out", int32_t(ColorOp::Out), "Left x (1 - right alpha)."},
    {"over", int32_t(ColorOp::Over), "Right over left."},
    {"overlay", int32_t(ColorOp::Overlay), "Multiply or screen, by the left colour."},
    {"pin_light", int32_t(ColorOp::PinLight), "Min or max of left and 2 right (- 1)."},
    {"saturate", int32_t(ColorOp::Saturate), "Left x (1 + right x right alpha)."},
    {"saturation", int32_t(ColorOp::Saturation), "Right's saturation with left's hue, value."},
    {"screen", int32_t(ColorOp::Screen), "1 - (1 - left)(1 - right), alpha-weighted."},
    {"soft_light", int32_t(ColorOp::SoftLight), "A soft light of right on left (red channel)."},
    {"subtract", int32_t(ColorOp::Subtract), "Left - right (rgb and alpha)."},
    {"substitute_alpha", int32_t(ColorOp::SubstituteAlpha), "Left colour with right alpha."},
    {"threshold", int32_t(ColorOp::Threshold), "1 where left passes right, per channel."},
};

constexpr EnumOption kOperands[] = {
    {"constant", int32_t(ColorOperandKind::Constant), "The step's value."},
    {"particle_color", int32_t(ColorOperandKind::ParticleColor),
     "The particle's colour (premultiplied)."},
    {"second_texture", int32_t(ColorOperandKind::SecondTexture),
     "The material's second texture at the particle's UV (its own scale and offset)."},
    {"texture", int32_t(ColorOperandKind::Texture),
     "The material's texture sample (what the first step starts from)."},
    {"saved", int32_t(ColorOperandKind::Saved),
     "The colour the last push set aside (taken back; it is the left side when "
     "operand_is_left)."},
};

constexpr EnumOption kActions[] = {
    {"apply", int32_t(ColorStepAction::Apply), "Colour = operator(colour, operand)."},
    {"load", int32_t(ColorStepAction::Load), "Start again from the operand (operator unused)."},
    {"push", int32_t(ColorStepAction::Push),
     "Set the colour so far aside (up to 4 deep), then start again from the operand."},
};

}  // namespace

void MaterialColorOp::reflect(FieldVisitor& v) {
  visitEnum(v, {.key = "operator", .help = "How the colour so far and the operand combine."}, op,
            std::span<const EnumOption>(kColorOps), ColorOp::Multiply);
  visitEnum(v, {.key = "operand", .help = "What the colour so far is combined with."}, operand,
            std::span<const EnumOption>(kOperands), ColorOperandKind::Constant);
  v.visit({.key = "operand_is_left",
           .help = "The operand is the left (background) side and the colour so far the right."},
          operandIsLeft, false);
  v.visit({.key = "value", .help = "The constant operand (straight rgba; may pass 1)."}, value,
          ColorRgba{});
  visitEnum(v, {.key = "action", .help = "Apply the operator, or start again from the operand."},
            action, std::span<const EnumOption>(kActions), ColorStepAction::Apply);
}

}  // namespace fx::stride
