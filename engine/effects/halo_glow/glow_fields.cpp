// Field declarations of the glow tag (seed structure table, in order, with its comments as
// help), the fxview-only engine options, and finalize (texture path and sprite 0).
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "engine/effects/halo_glow/glow_definition.h"
#include "engine/formats/texture_file.h"

namespace fx::glow {

namespace {

constexpr EnumOption kBoundaryOptions[] = {
    {"bounce", 0,
     "When glow particles reach the end of the path, they will change direction and return."},
    {"wrap", 1, "When glow particles reach the end of the path, they will reappear at its start."},
};

constexpr EnumOption kNormalDistributionOptions[] = {
    {"distributed_randomly", 0, "Particles will be randomly spaced along the glow path."},
    {"distributed_uniformly", 1,
     "Particles will be evenly spaced along the glow path. Glow markers do not need to be "
     "uniformly "
     "distanced for this to work; the game can calculate the total path length and space particles "
     "accordingly."},
};

constexpr EnumOption kTrailingDistributionOptions[] = {
    {"emit_vertically", 0, "Trailing particles emit in the global Z direction."},
    {"emit_normal_up", 1, "Trailing particles emit in the marker-local Z direction."},
    {"emit_randomly", 2, "Trailing particles emit spherically in random directions."},
};

constexpr FlagOption kFlagOptions[] = {
    {"modify_particle_color_in_range", kModifyColorInRange,
     "If set, the particle color will fade as they translate along the path. Each color channel "
     "fades "
     "at a different rate depending on both color rate of change and the per-channel difference "
     "between color bounds: c = (c0 + v * d * (c1 - c0)) % 1. If not set, particle colors are "
     "randomly "
     "selected between the color bounds or interpolated via function attachment."},
    {"particles_move_backwards", kMoveBackwards,
     "Reverses the direction particles translate along the path."},
    {"particles_move_in_both_directions", kMoveBothDirections,
     "Every second particle travels in the reverse direction."},
    {"trailing_particles_fade_over_time", kTrailingFade,
     "Trailing particles fade out to 0 opacity over their lifetime."},
    {"trailing_particles_shrink_over_time", kTrailingShrink,
     "If set, trailing particles will shrink from an initial randomly-selected bounds size to 0 "
     "over "
     "their lifetime, at which point for a single frame the particle texture will render at actual "
     "resolution before disappearing. Mitigate by also using trailing particles fade over time. If "
     "not "
     "set, trailing particles are always shown at actual resolution."},
    {"trailing_particles_slow_over_time", kTrailingSlow,
     "Trailing particles gradually slow down and come to a stop at the end of their lifetime."},
};

constexpr EnumOption kAttachmentOptions[] = {
    {"none", 0, "No function attachment"}, {"a_out", 1, "Object function A out"},
    {"b_out", 2, "Object function B out"}, {"c_out", 3, "Object function C out"},
    {"d_out", 4, "Object function D out"},
};

constexpr double kBig = 1e6;

// `at`: the attachment's tag offset (stored as-is, §8: the engine subtracts 1).
void attachment(FieldVisitor& v, std::string_view key, int32_t at, std::string_view help,
                Attachment& a, bool unused = false) {
  FieldMeta m{.key = key, .help = help, .unused = unused, .tag = {at}};
  visitEnum(v, m, a, kAttachmentOptions, Attachment::None);
}

void reflectEngineOptions(FieldVisitor& v, EngineOptions& e) {
  v.visit(
      {.key = "color_in_range_wrap",
       .help = "fxview option, not a tag field. On (default): the wrap the seed observed in game, "
               "c = (c0 + v*d*(c1-c0)) % 1. Off: the decompiled code, which has no wrap (values "
               "above 1 saturate)."},
      e.colorInRangeWrap, true);
  v.visit(
      {.key = "trailing_velocity_divisor",
       .help = "fxview option, not a tag field. Trailing velocity is divided by this: 40 (default) "
               "is the seed's in-game measurement (\"roughly 1/40th\"); the decompiled code "
               "divides by 30.",
       .min = 1.0,
       .max = 1e4},
      e.trailingVelocityDivisor, 40.0f);
  v.visit(
      {.key = "helper_point_z_from_y",
       .help = "fxview option, not a tag field. Reproduce the decompiled 2- and 3-marker path bug "
               "where helper points take z from the y component (unverified in retail)."},
      e.helperPointZFromY, false);
}

}  // namespace

void GlowDefinition::reflect(FieldVisitor& v) {
  reflectPath(v);
  reflectRotation(v);
  reflectTranslation(v);
  reflectDistance(v);
  reflectSize(v);
  reflectColor(v);
  reflectTrailing(v);
}

void GlowDefinition::reflectPath(FieldVisitor& v) {
  v.visit(
      {.key = "attachment_marker",
       .help =
           "The name of the gbxmodel marker(s) which make up the glow path. The model can have up "
           "5 markers with the same name. A model can have multiple sets of markers, e.g. glow 1 "
           "and glow 2. If no markers have this name, or the field is left empty, a marker will be "
           "derived from the object's root node as the default. When the path is only defined by "
           "a single marker (including the root default) then normal particles will not be "
           "generated. Trailing particles can still be generated.",
       .hint = FieldHint::Name,
       .maxLength = kTagStringMaxLength,
       .tag = {0x000}},
      attachmentMarker, "");
  v.visit(
      {.key = "number_of_particles",
       .help = "How many normal particles to distribute along the path. The game is limited to 512 "
               "glow particles total, across up to 8 glow effects, so budget according to how many "
               "glow effects you expect to exist simultaneously. You can set this to 0 if you only "
               "want to use trailing particles.",
       .min = 0,
       .max = 65535,
       .restart = true,
       .tag = {0x020}},
      numberOfParticles, 0);
  visitEnum(v,
            {.key = "boundary_effect",
             .help = "Determines the behaviour of particles which reach the end of the path.",
             .tag = {0x022}},
            boundaryEffect, kBoundaryOptions, Boundary::Bounce);
  visitEnum(v,
            {.key = "normal_particle_distribution",
             .help = "Controls how particles are distributed along the glow path.",
             .restart = true,
             .tag = {0x024}},
            normalDistribution, kNormalDistributionOptions, NormalDistribution::Random);
  visitEnum(
      v,
      {.key = "trailing_particle_distribution",
       .help = "Controls how trailing particles are generated from the path segment defined at the "
               "end of the tag. Unaffected by particles move backwards and particles move in both "
               "directions.",
       .tag = {0x026}},
      trailingDistribution, kTrailingDistributionOptions, TrailingDistribution::Vertical);
  v.visitFlags({.key = "glow_flags",
                .help = "Behaviour flags of normal and trailing particles.",
                .restart = true,
                .tag = {0x028}},
               flags, kFlagOptions, 0);
}

void GlowDefinition::reflectRotation(FieldVisitor& v) {
  attachment(v, "attachment_0", 0x050,
             "Shifted by one. Seemingly unused. Setting this to an object function has no effect.",
             attachment0, true);
  v.visit(
      {.key = "particle_rotational_velocity",
       .help =
           "No effect on normal or trailing particles. With a non-zero value, particle sprites did "
           "not rotate in screen space or radially around the glow path. Neither an object "
           "function attachment nor multiplier values changed this.",
       .unused = true,
       .tag = {0x054}},
      particleRotationalVelocity, 0.0f);
  v.visit({.key = "particle_rot_vel_mul_low",
           .help = "No visible effect.",
           .unused = true,
           .tag = {0x058}},
          particleRotVelMulLow, 0.0f);
  v.visit({.key = "particle_rot_vel_mul_high",
           .help = "No visible effect.",
           .unused = true,
           .tag = {0x05C}},
          particleRotVelMulHigh, 0.0f);

  attachment(v, "attachment_1", 0x060,
             "Shifted by one. Sets an object function which controls the rotational velocity.",
             attachment1);
  v.visit(
      {.key = "effect_rotational_velocity",
       .unit = "rad/s",
       .help = "Controls how quickly normal particles rotate radially around the path, in "
               "radians/sec. (The game divides it by the translational velocity, so it acts per "
               "world unit of path travel.)",
       .tag = {0x064}},
      effectRotationalVelocity, 0.0f);
  v.visit(
      {.key = "effect_rot_vel_mul_low",
       .help =
           "Rotational velocity multipler when the function value is at 0. This only takes effect "
           "when a function attachment is set. It's not known exactly how this multiplier works; "
           "it has a gradually varying effect over the length of the glow path.",
       .tag = {0x068}},
      effectRotVelMulLow, 1.0f);
  v.visit({.key = "effect_rot_vel_mul_high",
           .help = "As above, but for a high function value.",
           .tag = {0x06C}},
          effectRotVelMulHigh, 1.0f);
}

void GlowDefinition::reflectTranslation(FieldVisitor& v) {
  attachment(v, "attachment_2", 0x070,
             "Shifted by one. Sets an object function which controls the translational velocity.",
             attachment2);
  v.visit({.key = "effect_translational_velocity",
           .unit = "wu/s",
           .help = "Controls how quickly particles move along the path, in world units/sec. This "
                   "is not used "
                   "for trailing particles, which instead use velocity of trailing particles.",
           .tag = {0x074}},
          effectTranslationalVelocity, 0.0f);
  v.visit(
      {.key = "effect_trans_vel_mul_low",
       .help =
           "Multiplier for the translational velocity for the function low value. Must be non-zero "
           "when a function is being used, or else the game will crash on render_cameras.c,#1086: "
           "bounds->x0<=bounds->x1.",
       .tag = {0x078}},
      effectTransVelMulLow, 1.0f);
  v.visit(
      {.key = "effect_trans_vel_mul_high",
       .help =
           "Multiplier for the translational velocity for the function high value. This value can "
           "be 0 safely.",
       .tag = {0x07C}},
      effectTransVelMulHigh, 1.0f);
}

void GlowDefinition::reflectDistance(FieldVisitor& v) {
  attachment(
      v, "attachment_3", 0x080,
      "Shifted by one. Allows the radial distance of normal particles to be scaled by an object "
      "function. No effect on trailing particles.",
      attachment3);
  v.visit(
      {.key = "min_distance_particle_to_object",
       .unit = "wu",
       .help =
           "When the distance attachment function is NONE, sets the minimum radial distance from "
           "the "
           "glow path that particles will be randomly placed. When distance is scaled by a "
           "function, sets the minimum distance of all particles. No effect on trailing particles. "
           "Radial distances are perpendicular to the path markers' +X axes, meaning marker "
           "rotation matters. Distance cannot vary over the length of the path, even when using a "
           "function, but you can twist some of the markers in the path to introduce a pinching "
           "effect.",
       .restart = true,
       .tag = {0x084}},
      minDistance, 0.0f);
  v.visit(
      {.key = "max_distance_particle_to_object",
       .unit = "wu",
       .help =
           "When the distance attachment function is NONE, sets the maximum radial distance from "
           "the "
           "glow path that particles will be randomly placed. When distance is scaled by a "
           "function, sets the maximum distance of all particles. No effect on trailing particles.",
       .restart = true,
       .tag = {0x088}},
      maxDistance, 0.0f);
  v.visit(
      {.key = "distance_to_object_mul_low",
       .help = "When distance is scaled by an attachment function, determines how a function value "
               "of 0 "
               "maps to a linear interpolation between min and max distances. For example, a "
               "multiplier of 0 means when the function is low, the distance will be equal to min "
               "distance particle to object.",
       .tag = {0x08C}},
      distanceMulLow, 0.0f);
  v.visit(
      {.key = "distance_to_object_mul_high",
       .help = "When distance is scaled by an attachment function, determines how a function value "
               "of 1 "
               "maps to a linear interpolation between min and max distances. For example, a "
               "multiplier of 1 means when the function is high, the distance will be equal to max "
               "distance particle to object.",
       .tag = {0x090}},
      distanceMulHigh, 1.0f);
}

void GlowDefinition::reflectSize(FieldVisitor& v) {
  attachment(
      v, "attachment_4", 0x09C,
      "Shifted by one. Intended to make particle size scale with a function, but does not work. "
      "When "
      "not NONE, all particle sprites render at their actual resolution regardless of distance "
      "rather than scale with the function. This does not affect trailing particles, which "
      "continue "
      "to be randomly selected between size bounds if trailing particles shrink over time is set.",
      attachment4);
  v.visit(
      {.key = "particle_size_bounds",
       .unit = "wu",
       .help =
           "When particle size is not scaled by a function attachment, particle sizes will be "
           "randomly chosen from this range. When scaled by a function, or when size bounds are "
           "both 0, particle sprites are rendered at their actual resolution regardless of "
           "distance. Trailing particles will always render at actual resolution unless trailing "
           "particles shrink over time is set, in which case size is selected randomly from these "
           "bounds regardless of any function attachment.",
       .min = 0.0,
       .max = kBig,
       .restart = true,
       .tag = {0x0A0}},
      particleSize, FloatBounds{0.0f, 0.0f});
  v.visit({.key = "size_attachment_multiplier",
           .help = "Does not work as intended. When a function is used, these values don't affect "
                   "the sprite "
                   "size.",
           .unused = true,
           .tag = {0x0A8}},
          sizeAttachmentMultiplier, FloatBounds{0.0f, 0.0f});
}

void GlowDefinition::reflectColor(FieldVisitor& v) {
  attachment(
      v, "attachment_5", 0x0B0,
      "Shifted by one. If set to a function, all normal particles will blend between color bound 0 "
      "and color bound 1 according to the function. Otherwise particle colors are randomly "
      "selected from the range. When modify particle color in range is set, both cases are "
      "overridden and particles blend over the length of the glow path according to color rate of "
      "change. No effect on trailing particles, which always randomly select from the bounds.",
      attachment5);
  v.visit({.key = "color_bound_0",
           .help = "Sets a lower bound for particle color selection. Particle colors are "
                   "interpolated in RGB "
                   "space, not HSL. The chosen color is multiplied with the sprite texture. The "
                   "alpha value "
                   "has no effect, unlike in some tags where it controls tint vs. modulation.",
           .restart = true,
           .tag = {0x0B4}},
          colorBound0, ColorRgba{1, 1, 1, 1});
  v.visit({.key = "color_bound_1",
           .help = "Sets an upper bound for particle color selection.",
           .restart = true,
           .tag = {0x0C4}},
          colorBound1, ColorRgba{1, 1, 1, 1});
  v.visit({.key = "scale_color_0",
           .help = "No visible effect in any color selection modes.",
           .unused = true,
           .tag = {0x0D4}},
          scaleColor0, ColorRgba{1, 1, 1, 1});
  v.visit({.key = "scale_color_1",
           .help = "No visible effect in any color selection modes.",
           .unused = true,
           .tag = {0x0E4}},
          scaleColor1, ColorRgba{1, 1, 1, 1});
  v.visit(
      {.key = "color_rate_of_change",
       .unit = "1/wu",
       .help =
           "When modify particle color in range is set, controls how many times the per-channel "
           "difference between color bounds is added per world unit of distance along the glow "
           "path.",
       .tag = {0x0F4}},
      colorRateOfChange, 0.0f);
}

void GlowDefinition::reflectTrailing(FieldVisitor& v) {
  v.visit({.key = "fading_percentage_of_glow",
           .help = "Controls the distance that particles fade in and out at the path boundaries. A "
                   "value of 0 "
                   "means they do not fade in/out at all, while a value of 1 means the particles "
                   "reach full "
                   "opacity only at the middle of the path before beginning to fade out again.",
           .min = 0.0,
           .max = 1.0,
           .tag = {0x0F8}},
          fadingPercentageOfGlow, 0.0f);
  v.visit(
      {.key = "particle_generation_freq",
       .unit = "Hz",
       .help =
           "The frequency that trailing particles are generated, in particles/sec. This is likely "
           "limited by the tick rate since values over 30 have no visual difference.",
       .min = 0.0,
       .max = kBig,
       .tag = {0x0FC}},
      particleGenerationFreq, 0.0f);
  v.visit(
      {.key = "lifetime_of_trailing_particles",
       .unit = "s",
       .help =
           "How long trailing particles live. If particle generation freq is non-zero, then this "
           "field must be too. An undefined lifetime will cause a crash on render_cameras.c,#1086: "
           "bounds->x0<=bounds->x1.",
       .min = 0.0,
       .max = 1000.0,
       .tag = {0x100}},
      trailingLifetime, 0.0f);
  v.visit(
      {.key = "velocity_of_trailing_particles",
       .unit = "wu/s",
       .help =
           "Initial trailing particle velocity at generation. Although this is labeled \"wu/s\", "
           "testing found that the actual speed is roughly 1/40th the value given here. Unaffected "
           "by effect translational velocity.",
       .tag = {0x104}},
      trailingVelocity, 0.0f);
  v.visit(
      {.key = "trailing_particle_minimum_t",
       .help =
           "Trailing particles will spawn from this minimum distance along the glow path, where 0 "
           "is "
           "the start of the path and 1 is the end of the path. This has no effect if the path is "
           "made of a single marker.",
       .min = 0.0,
       .max = 1.0,
       .tag = {0x108}},
      trailingMinT, 0.0f);
  v.visit(
      {.key = "trailing_particle_maximum_t",
       .help =
           "Trailing particles will spawn up to this maximum distance along the glow path, where 0 "
           "is the start of the path and 1 is the end of the path. This has no effect if the path "
           "is made of a single marker.",
       .min = 0.0,
       .max = 1.0,
       .tag = {0x10C}},
      trailingMaxT, 1.0f);
  v.visit(
      {.key = "texture",
       .help =
           "The sprite texture of particles. The referenced bitmap must have type sprites. It will "
           "not be randomly selected from sprite sheets (just the first). The particle is always "
           "shown camera-facing and with additive framebuffer blending. Alpha channel is ignored.",
       .hint = FieldHint::TexturePath,
       .tag = {0x144, TagCodec::Reference}},
      texture, "");
  v.visitObject(
      {.key = "engine_options",
       .help = "fxview options, NOT part of the glow tag: choose between the in-game observations "
               "the seed reports (defaults) and the decompiled engine code."},
      [&](FieldVisitor& ev) { reflectEngineOptions(ev, engine); });
}

void GlowDefinition::finalize(const LoadContext& ctx) {
  texturePath.clear();
  sprite = Sprite{};
  if (texture.empty()) return;  // required by the tag: reported by lint, drawn as a checker
  std::string pointer = pointerJoin(ctx.pointer, "texture");
  texturePath = ctx.resolveTexture(texture, pointer);
  if (texturePath.empty() || !ctx.diags) return;
  // "It will not be randomly selected from sprite sheets (just the first)": sequence 0, sprite 0.
  SpriteSheet sheet = loadTextureSprites(texturePath, ctx.file, pointer, *ctx.diags);
  sprite = sheet.sprite(0, 0);
}

float colorInRange(float c0, float c1, float rateOfChange, float distance, bool wrap) {
  float c = c0 + rateOfChange * distance * (c1 - c0);
  if (!wrap || (c >= 0.0f && c <= 1.0f) || !std::isfinite(c)) return c;
  return c - std::floor(c);
}

float effectiveTrailingRate(float frequencyHz) {
  if (!(frequencyHz > 0.01f)) return 0.0f;
  float ticksPerParticle = std::max(1.0f, kTickRate / frequencyHz);
  // Spawns need the accumulator above ticks_per_particle and subtract its whole ticks only.
  float wholeTicks = std::min(std::floor(ticksPerParticle), 32767.0f);
  return kTickRate / wholeTicks;
}

float attachmentValue(Attachment a, const ObjectState* object) {
  int index = int(a) - 1;
  if (index < 0 || index > 3 || !object) return 0.0f;
  return object->functions[size_t(index)];
}

}  // namespace fx::glow
