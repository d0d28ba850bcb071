// Field declarations of the lightning definition: the single source of its JSON, inspector and
// schema. Help texts quote the seed where it speaks about the field.
#include <filesystem>

#include "engine/core/paths.h"
#include "engine/effects/lightning/lightning_definition.h"

namespace fx::lightning {

namespace {

constexpr EnumOption kModes[] = {
    {"iteration_1", 1,
     "Distorted rectangle (y check) with a bell-curve glow distorted to a lesser extent"},
    {"iteration_2", 2,
     "A second rectangle for the glow; glow strength 1 - 10y, same distortion as the bolt"},
    {"iteration_3", 3, "The rectangle replaced by a circle (radius check); no glow"},
    {"iteration_4", 4,
     "The RGB data texture: R bolt, G glow, B threshold (the shader in use in the game)"},
};

constexpr EnumOption kStates[] = {
    {"reaching_charge", 0, "Charging the ability"},
    {"has_charge", 1, "Fully charged: small bolts around the character that change over time"},
    {"unsuccessful_attack", 2,
     "Attack without a target: the charged shape, larger and more intense"},
    {"successful_attack", 3, "A bolt to the target, extending to it and no further"},
};

constexpr EnumOption kPlacements[] = {
    {"billboard", 0, "Camera-facing square centred on the source"},
    {"segment", 1, "From the source toward the target, turned about that axis to face the camera"},
};

constexpr EnumOption kTargetModes[] = {
    {"auto", 0,
     "target_object when one is named, otherwise no target (set point to aim at target_point)"},
    {"object", 1, "target_object (at target_marker when named)"},
    {"point", 2, "target_point"},
    {"none", 3, "No target: the bolt runs its full length along the source's +X"},
};

constexpr const char* kLookKeys[kStateCount] = {"reaching_charge", "has_charge",
                                                "unsuccessful_attack", "successful_attack"};

constexpr ColorRgba kLightBlue{0.45f, 0.75f, 1.0f, 1.0f};

}  // namespace

const char* stateName(State s) {
  int i = int(s);
  return i >= 0 && i < kStateCount ? kLookKeys[i] : "unknown";
}

Look defaultLook(State s) {
  Look l;
  l.glowColour = kLightBlue;
  switch (s) {
    case State::ReachingCharge:
      l.texture = "assets/lightning/reaching.png";
      l.width = 2.2f;
      l.thresholdSpeed = 0.8f;
      l.thresholdOffset = {0.25f, 0.0f};
      l.distortionStrength = 0.012f;
      l.noiseScale = {6.0f, 6.0f};
      break;
    case State::HasCharge:
      l.texture = "assets/lightning/charged.png";
      l.width = 1.6f;
      l.thresholdSpeed = 0.6f;
      l.thresholdOffset = {0.15f, 0.15f};
      l.distortionStrength = 0.01f;
      l.noiseScale = {6.0f, 6.0f};
      break;
    case State::UnsuccessfulAttack:
      l.texture = "assets/lightning/unsuccessful.png";
      l.width = 2.6f;
      l.thresholdSpeed = 1.2f;
      l.thresholdOffset = {0.3f, 0.3f};
      l.distortionStrength = 0.015f;
      l.noiseScale = {6.0f, 6.0f};
      break;
    case State::SuccessfulAttack:
      l.texture = "assets/lightning/bolt.png";
      l.placement = Placement::Segment;
      l.width = 0.8f;
      l.length = 6.0f;
      l.followTarget = true;
      l.thresholdInitialT = 1.0f;
      l.thresholdOffset = {1.0f, 0.0f};
      l.distortionStrength = 0.006f;
      l.noiseScale = {24.0f, 3.0f};
      break;
  }
  return l;
}

void Look::reflect(FieldVisitor& v, const Look& d) {
  reflectShape(v, d);
  reflectThreshold(v, d);
}

void Look::reflectShape(FieldVisitor& v, const Look& d) {
  v.visit(
      {.key = "texture",
       .help = "RGB data texture. Red - the bolt location (0 or 1). Green - the glow information: "
               "location "
               "and strength of the glow. Blue - the threshold value: what parts of the effect to "
               "show or hide "
               "(a point in time between t=0 and t=1). Make one with `fxview texgen lightning`.",
       .hint = FieldHint::TexturePath},
      texture, d.texture);
  visitEnum(v, {.key = "placement", .help = "Where the quad goes"}, placement, kPlacements,
            d.placement);
  v.visit({.key = "width",
           .unit = "wu",
           .help = "Billboard side, or the segment quad's width across the bolt",
           .min = 0.001,
           .max = 1000},
          width, d.width);
  v.visit({.key = "length",
           .unit = "wu",
           .help = "Segment: the bolt's reach, the quad's length. The texture spans it; the "
                   "threshold reveals only the part up to the target (\"they extend only to the "
                   "enemy and no further\"). An enemy beyond it is warned about (check, stats).",
           .min = 0.001,
           .max = 10000},
          length, d.length);
  v.visit({.key = "follow_target",
           .help = "\"By setting threshold_initial_t based on the enemy distance, I can reveal "
                   "only a portion of the "
                   "lightning bolt.\" Segment only: threshold_initial_t = distance / length - "
                   "threshold_offset.y"},
          followTarget, d.followTarget);
}

void Look::reflectThreshold(FieldVisitor& v, const Look& d) {
  v.visit(
      {.key = "threshold_initial_t",
       .help = "t at the start of the state. \"If I want to only reveal a certain amount without "
               "any changes "
               "over time, I can just set the threshold_initial_t, and set threshold_speed to 0.\"",
       .min = 0,
       .max = 1,
       .speed = 0.005f},
      thresholdInitialT, d.thresholdInitialT);
  v.visit({.key = "threshold_speed",
           .unit = "1/s",
           .help = "t = mod(threshold_initial_t + (time - start_time) * threshold_speed, 1.0)",
           .min = -100,
           .max = 100,
           .speed = 0.01f},
          thresholdSpeed, d.thresholdSpeed);
  v.visit(
      {.key = "threshold_offset",
       .help =
           "How much on either side of the current time is displayed: a texel is discarded when "
           "threshold < t - threshold_offset.x || threshold > t + threshold_offset.y",
       .min = 0,
       .max = 2,
       .speed = 0.005f},
      thresholdOffset, d.thresholdOffset);
  v.visit({.key = "glow_colour",
           .help = "GLOW_COLOUR: \"the glow colour was changed to a light blue colour\". color = "
                   "vec4(GLOW_COLOUR + "
                   "bolt, glow): white on the bolt, the glow colour elsewhere",
           .min = 0,
           .max = 1},
          glowColour, d.glowColour);
  v.visit(
      {.key = "distortion_strength",
       .unit = "uv",
       .help =
           "Noise offset of the sample position along each diagonal (UV units per unit of noise)",
       .min = 0,
       .max = 1,
       .speed = 0.0005f},
      distortionStrength, d.distortionStrength);
  v.visit({.key = "noise_scale",
           .help = "Noise lattice cells across the quad (u, v): the size of the wiggles",
           .min = 0,
           .max = 1024,
           .speed = 0.1f},
          noiseScale, d.noiseScale);
  v.visit({.key = "distortion_speed",
           .unit = "1/s",
           .help = "fxview option: lattice units per second the noise scrolls (0 = the game's "
                   "static per-instance "
                   "distortion)",
           .min = -100,
           .max = 100,
           .speed = 0.01f},
          distortionSpeed, d.distortionSpeed);
}

void StateChange::reflect(FieldVisitor& v) {
  v.visit({.key = "time", .unit = "s", .help = "Effect time of the change", .min = 0, .max = 1e6},
          time, 0.0f);
  visitEnum(v, {.key = "state", .help = "The state from then on"}, state, kStates,
            State::HasCharge);
}

void Definition::reflect(FieldVisitor& v) {
  visitEnum(v,
            {.key = "mode",
             .help = "Which of the seed's shader iterations draws the effect (1-3 for comparison)"},
            mode, kModes, ShaderMode::Iteration4);
  visitEnum(
      v,
      {.key = "state",
       .help = "The status the effect conveys: reached charge, has charge, using the ability "
               "unsuccessfully, "
               "using it successfully. The state at time 0; changing it live switches at once"},
      state, kStates, State::HasCharge);
  visitArray(v,
             {.key = "state_changes",
              .help = "A timed list of state changes (times in seconds)",
              .maxCount = 1024},
             stateChanges, [](StateChange& c, FieldVisitor& ev) { c.reflect(ev); });
  v.visit({.key = "random_offset",
           .help = "\"the distortion was given a unique random offset so that each instance of the "
                   "effect looks "
                   "unique\" (from the instance seed)"},
          randomOffset, true);
  v.visit({.key = "noise_offset",
           .help = "Added to the random offset (noise lattice units)",
           .min = -1e4,
           .max = 1e4},
          noiseOffset, vec2(0.0f));
  for (int i = 0; i < kStateCount; ++i) {
    Look d = defaultLook(State(i));
    Look& l = looks[i];
    v.visitObject({.key = kLookKeys[i], .help = "Look of this state"},
                  [&](FieldVisitor& ov) { l.reflect(ov, d); });
  }
  v.visit({.key = "bolt_half_width",
           .unit = "uv",
           .help = "Iterations 1-3: half height of the bolt rectangle (y check) / half thickness "
                   "of the circle",
           .min = 0,
           .max = 0.5,
           .speed = 0.001f},
          boltHalfWidth, 0.02f);
  v.visit({.key = "glow_width",
           .unit = "uv",
           .help = "Iteration 1: the bell curve's sigma. Iteration 2: the glow rectangle's half "
                   "height; glow "
                   "strength 1 - y / glow_width (\"1-10y\" at 0.1)",
           .min = 0.001,
           .max = 0.5,
           .speed = 0.001f},
          glowWidth, 0.1f);
  v.visit({.key = "glow_distortion",
           .help = "Iteration 1: \"The glow is also distorted, but to a lesser extent\" (share of "
                   "the bolt's)",
           .min = 0,
           .max = 1,
           .speed = 0.01f},
          glowDistortion, 0.5f);
  v.visit({.key = "circle_radius",
           .unit = "uv",
           .help = "Iteration 3: the circle's radius",
           .min = 0,
           .max = 0.5,
           .speed = 0.001f},
          circleRadius, 0.35f);
}

void Definition::reflectEntry(FieldVisitor& v) {
  visitEnum(v, {.key = "target", .help = "What the attack aims at"}, target, kTargetModes,
            TargetMode::Auto);
  v.visit(
      {.key = "target_object", .help = "Scene object the bolt reaches", .hint = FieldHint::Name},
      targetObject, "");
  v.visit({.key = "target_marker",
           .help = "Marker on target_object (\"\" = its origin)",
           .hint = FieldHint::Name},
          targetMarker, "");
  v.visit({.key = "target_point",
           .unit = "wu",
           .help = "World-space target point",
           .min = -1e6,
           .max = 1e6},
          targetPoint, vec3(0.0f));
}

void Definition::finalize(const LoadContext& ctx) {
  for (int i = 0; i < kStateCount; ++i) {
    Look& l = looks[i];
    std::string pointer = ctx.pointer + "/" + kLookKeys[i] + "/texture";
    l.resolvedTexture = ctx.resolveTexture(l.texture, pointer);
    l.histogram.reset();
    if (l.resolvedTexture.empty()) continue;
    Diagnostics sink;
    Diagnostics& diags = ctx.diags ? *ctx.diags : sink;
    std::error_code ec;
    if (!std::filesystem::exists(toPath(l.resolvedTexture), ec))
      continue;  // resolveTexture reported it
    l.histogram = loadSideCar(l.resolvedTexture, ctx.file, pointer, diags);
  }
}

}  // namespace fx::lightning
