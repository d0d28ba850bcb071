// Field declarations (the seed's structure, in tag order, with its comments as help), the effect
// entry's palette keys, and finalize: point_physics / wind files, sprite sheets, cache-only fields.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "engine/core/field_json.h"
#include "engine/core/json.h"
#include "engine/core/json_merge.h"
#include "engine/core/paths.h"
#include "engine/effects/halo_weather/weather_definition.h"
#include "engine/formats/halo/tag_fields.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/formats/texture_file.h"

namespace fx::weather {

namespace {

constexpr FlagOption kTypeFlags[] = {
    {"interpolate_colors_in_hsv", kInterpolateColorsInHsv,
     "When the game gives particles a random color between the color lower bound and color upper "
     "bound, it will "
     "interpolate in HSV space rather than RGB. This results in intermediate hues being "
     "represented rather than the "
     "muddy mix that sometimes comes from blending in RGB."},
    {"along_long_hue_path", kAlongLongHuePath,
     "When interpolate colors in hsv is enabled, this causes the hue interpolation to go the "
     "longer direction. For "
     "example, if blue and green are bounds then purple, red, orange, and yellow will be present."},
    {"random_rotation", kRandomRotation,
     "Particles spawn with random rotation, allowing for more visual variation despite using the "
     "same sprite. This "
     "applies no matter the render mode."},
};

constexpr EnumOption kRenderModes[] = {
    {"screen_facing", 0,
     "Particles will face directly toward the viewer, ideal for effects like smoke and snow."},
    {"parallel_to_direction", 1,
     "Particles will be oriented along the direction of movement, facing the camera but only "
     "rotating around the "
     "axis of movement. This type is ideal for particles with trails like rain and sparks. In the "
     "sprite texture, "
     "right is the forward direction."},
    {"perpendicular_to_direction", 2,
     "Particles will be oriented perpendicular to the direction of movement, so will be seen "
     "face-on when the "
     "particle is moving toward or away from the camera."},
};

constexpr EnumOption kDirectionSources[] = {
    {"from_velocity", 0,
     "Particles sprites are oriented relative to their velocity vector. This is generally what you "
     "want, even for "
     "particles with acceleration. The random hard-coded motion added to weather particles is not "
     "included."},
    {"from_acceleration", 1,
     "Particle sprites are oriented relative to their acceleration vectors, making it look like "
     "the sprite is "
     "pointing in the direction it's trying to move. This should only be used when acceleration "
     "turning rate is low "
     "or else the rotation of sprites will be very jittery."},
};

constexpr FlagOption kShaderFlags[] = {
    {"sort_bias", kSortBias,
     "Transparent sorting bias. fxview draws each type as one batch, so it has no visible effect."},
    {"nonlinear_tint", kNonlinearTint,
     "rgb = tint * tex + (1 - tint) * tex^4; the tint alpha is kept in every blend mode."},
    {"dont_overdraw_fp_weapon", kDontOverdrawFpWeapon,
     "fxview draws no first-person weapon: no effect."},
};

constexpr EnumOption kBlendFunctions[] = {
    {"alpha_blend", 0}, {"multiply", 1},      {"double_multiply", 2}, {"add", 3},
    {"subtract", 4},    {"component_min", 5}, {"component_max", 6},   {"alpha_multiply_add", 7},
};

constexpr EnumOption kFadeModes[] = {
    {"none", 0, "The faces do not fade by viewing angle."},
    {"fade_when_perpendicular", 1, "The faces fade out when viewed edge-on."},
    {"fade_when_parallel", 2, "The faces fade out when viewed flat to the camera."},
};

constexpr FlagOption kMapFlags[] = {
    {"unfiltered", kUnfiltered,
     "Texture sampling is unfiltered, resulting in aliasing at a distance and a blocky pixelated "
     "look up close."},
};

constexpr EnumOption kAnchors[] = {
    {"with_primary", 0, "Positioned relative to each particle."},
    {"with_screen_space", 1, "Positioned relative to the screen."},
    {"zsprite", 2, "Unknown usage; may not apply to weather particles (drawn as with primary)."},
};

constexpr EnumOption kFunctionOuts[] = {
    {"none", 0}, {"a_out", 1}, {"b_out", 2}, {"c_out", 3}, {"d_out", 4}};

struct AnimationKeys {
  std::string_view source, function, period, phase, scale;
};

// `at`: tag offset of the axis's source (0x208 u, 0x218 v, 0x228 rotation); function +2,
// period +4, phase +8, scale +12 (an Angle for rotation).
void reflectAnimation(FieldVisitor& v, MapAnimation& a, const AnimationKeys& k, int32_t at,
                      bool degrees) {
  visitEnum(
      v,
      {.key = k.source,
       .help =
           "Function source for the animation: the attached object's A-D out (1 when the effect is "
           "not on "
           "an object). It's unclear what this would be connected to in game and may be unused.",
       .tag = {at}},
      a.source, kFunctionOuts, FunctionOut::None);
  visitEnum(v,
            {.key = k.function,
             .help = "An animation function which scrolls (or rotates) the secondary bitmap.",
             .tag = {at + 2}},
            a.function, periodicFunctionOptions(), PeriodicFunction::One);
  v.visit({.key = k.period,
           .unit = "s",
           .help = "Period of the animation function (0 means 1).",
           .min = 0.0,
           .tag = {at + 4}},
          a.period, 0.0f);
  v.visit({.key = k.phase,
           .unit = "s",
           .help = "Phase added to the time before dividing by the period.",
           .tag = {at + 8}},
          a.phase, 0.0f);
  v.visit({.key = k.scale,
           .unit = degrees ? "deg" : "repeats",
           .help = degrees ? "Amplitude of the rotation."
                           : "Amplitude of the offset, in texture repeats.",
           .tag = {at + 12, degrees ? TagCodec::Degrees : TagCodec::Auto}},
          a.scale, 0.0f);
}

}  // namespace

void ParticleType::reflect(FieldVisitor& v) {
  reflectIdentity(v);
  reflectFade(v);
  reflectMotion(v);
  reflectSprite(v);
  reflectShader(v);
}

void ParticleType::reflectIdentity(FieldVisitor& v) {
  v.visit({.key = "name",
           .help = "A name for the particle type. This can be anything and is only used to make "
                   "identifying the type "
                   "easier.",
           .maxLength = kTagStringMaxLength,
           .tag = {0x000}},
          name, "");
  v.visitFlags({.key = "flags", .help = "Boolean settings for this particle type.", .tag = {0x020}},
               flags, kTypeFlags, 0);
}

void ParticleType::reflectFade(FieldVisitor& v) {
  v.visit(
      {.key = "fade_in_start_distance",
       .unit = "wu",
       .help =
           "The distance at which particles begin to fade in. This should be fairly close to the "
           "camera/player, but avoid having no fade at all or a distance of 0 since it can "
           "distracting for "
           "particles to come very close to the camera.",
       .min = 0.0,
       .max = 1e4,
       .speed = 0.01f,
       .tag = {0x024}},
      fadeInStartDistance, 0.1f);
  v.visit({.key = "fade_in_end_distance",
           .unit = "wu",
           .help = "The fade in distance where particles have reached full opacity.",
           .min = 0.0,
           .max = 1e4,
           .speed = 0.01f,
           .tag = {0x028}},
          fadeInEndDistance, 0.5f);
  v.visit({.key = "fade_out_start_distance",
           .unit = "wu",
           .help = "The distance where distant particles begin to fade out.",
           .min = 0.0,
           .max = 1e4,
           .speed = 0.01f,
           .tag = {0x02C}},
          fadeOutStartDistance, 3.0f);
  v.visit(
      {.key = "fade_out_end_distance",
       .unit = "wu",
       .help =
           "The distance where distant particles fully fade out. This determines the dimensions of "
           "the "
           "particle type's simulation cube and affects the maximum achievable particle density.",
       .min = 0.0,
       .max = 1e4,
       .restart = true,
       .speed = 0.01f,
       .tag = {0x030}},
      fadeOutEndDistance, 4.0f);
  v.visit({.key = "fade_in_start_height",
           .unit = "wu",
           .help = "A world-space Z height where particles begin to fade in. Think of this as the "
                   "lower bound. If you "
                   "want the weather to be present throughout the level, set this and the fade in "
                   "end height to some "
                   "large negative number like -500.",
           .tag = {0x034}},
          fadeInStartHeight, -500.0f);
  v.visit({.key = "fade_in_end_height",
           .unit = "wu",
           .help = "A world-space Z height where particles reach full opacity.",
           .tag = {0x038}},
          fadeInEndHeight, -500.0f);
  v.visit({.key = "fade_out_start_height",
           .unit = "wu",
           .help = "A world-space Z height where particles begin to fade out again.",
           .tag = {0x03C}},
          fadeOutStartHeight, 500.0f);
  v.visit({.key = "fade_out_end_height",
           .unit = "wu",
           .help = "A world-space Z height where particles fully fade out. If you want the weather "
                   "to be present "
                   "throughout the level, set this and the fade out start height to some large "
                   "positive number like "
                   "500.",
           .tag = {0x040}},
          fadeOutEndHeight, 500.0f);
}

void ParticleType::reflectMotion(FieldVisitor& v) {
  v.visit({.key = "particle_count",
           .unit = "particles/wu^3",
           .help = "Sets the density of particles for this type (one random draw per system). All "
                   "particle types "
                   "must share the 512 particle budget, so arbitrarily high densities cannot be "
                   "achieved for a given "
                   "fade out end distance.",
           .min = 0.0,
           .max = 1e7,
           .restart = true,
           .tag = {0x0A4}},
          particleCount, FloatBounds{8.0f, 8.0f});
  v.visitObject(
      {.key = "physics",
       .help =
           "The point_physics which controls physical properties of the weather particles, such as "
           "their density, air friction, and more (inline; see physics_path)."},
      [&](FieldVisitor& ov) { physics.reflect(ov); });
  v.visit({.key = "physics_path",
           .help = "A point_physics definition file (relative to this file) or a .point_physics "
                   "tag (under the tags root). When set it replaces the inline physics.",
           .hint = FieldHint::DefinitionPath,
           .tag = {0x0AC, TagCodec::Reference}},
          physicsPath, "");
  v.visit({.key = "acceleration_magnitude",
           .help = "The amount of \"forward\" acceleration for each particle, used for particles "
                   "that can accelerate "
                   "on their own like c10's flying insects. Set the min/max to 0 if you don't want "
                   "the particles to "
                   "accelerate on their own. If it changes with acceleration change rate, ensure "
                   "the minimum is "
                   "non-zero: once particles reach an acceleration of 0 they get stuck there.",
           .min = 0.0,
           .max = 1e4,
           .tag = {0x0CC}},
          accelerationMagnitude, FloatBounds{0.0f, 0.0f});
  v.visit(
      {.key = "acceleration_turning_rate",
       .help =
           "Controls how quickly the particles change their forward direction. 0 means they always "
           "accelerate in the same direction, while numbers like 0.2 cause the particles to "
           "wander. This "
           "rate is framerate-dependent so particles will turn faster at higher FPS.",
       .min = 0.0,
       .max = 1.0,
       .speed = 0.01f,
       .tag = {0x0D4}},
      accelerationTurningRate, 0.0f);
  v.visit({.key = "acceleration_change_rate",
           .help = "Sets the rate of change in the amount of acceleration magnitude, between the "
                   "bounds specified. "
                   "If set to 0 the particles will only have the acceleration they were "
                   "initialized with. Like the "
                   "turning rate, this is framerate-dependent.",
           .min = 0.0,
           .max = 1e4,
           .speed = 0.01f,
           .tag = {0x0D8}},
          accelerationChangeRate, 0.0f);
}

void ParticleType::reflectSprite(FieldVisitor& v) {
  v.visit({.key = "particle_radius",
           .unit = "wu",
           .help = "Scales the size of the particles, with the size being chosen randomly from "
                   "this range. This is "
                   "not purely a visual setting but affects the mass and surface area of the "
                   "simulated particle, and "
                   "therefore how it moves.",
           .min = 0.0,
           .max = 1e3,
           .speed = 0.001f,
           .tag = {0x0FC}},
          particleRadius, FloatBounds{0.02f, 0.02f});
  v.visit({.key = "animation_rate",
           .unit = "frames/s",
           .help = "If the sprite bitmap has sequences, this determines the framerate bounds of "
                   "the animation. Avoid "
                   "negative values, which cause flickering in the particles.",
           .min = -1e4,
           .max = 1e4,
           .tag = {0x104}},
          animationRate, FloatBounds{0.0f, 0.0f});
  v.visit(
      {.key = "rotation_rate",
       .unit = "deg/s",
       .help = "Sets the rotation rate of sprites, which will randomly be in either clockwise or "
               "counter-clockwise direction (by particle index parity). This applies no matter the "
               "render mode, "
               "and does not affect acceleration if present.",
       .min = -1e6,
       .max = 1e6,
       .tag = {0x10C, TagCodec::Degrees}},
      rotationRate, FloatBounds{0.0f, 0.0f});
  v.visit(
      {.key = "color_lower_bound",
       .help =
           "Lower bound for random particle color interpolation. The colors are multiplied against "
           "the "
           "sprite texture, and the alpha controls opacity of the particle (drawn separately).",
       .tag = {0x134}},
      colorLowerBound, ColorRgba{});
  v.visit({.key = "color_upper_bound",
           .help = "Upper bound for random particle color interpolation.",
           .tag = {0x144}},
          colorUpperBound, ColorRgba{});
  v.visit({.key = "sprite_size",
           .help = "Computed at load: 1 / the largest sprite pixel dimension of sequence 0, so the "
                   "largest sprite "
                   "spans 2 x radius.",
           .cacheOnly = true},
          spriteSize, 0.0f);
  v.visit({.key = "sprite_bitmap",
           .help = "A bitmap used for the particles (a PNG; sequences from its .sprites.json "
                   "side-car). It can "
                   "contain multiple sequences for random variation and animated particles.",
           .required = true,
           .hint = FieldHint::TexturePath,
           .tag = {0x194, TagCodec::Reference}},
          spriteBitmap, "");
  visitEnum(
      v,
      {.key = "render_mode", .help = "Sets the orientation of particle sprites.", .tag = {0x1A4}},
      renderMode, kRenderModes, SpriteOrientation::ScreenFacing);
  visitEnum(
      v,
      {.key = "render_direction_source",
       .help = "Determines the direction to use for directional sprite orientations (parallel and "
               "perpendicular).",
       .tag = {0x1A6}},
      renderDirectionSource, kDirectionSources, DirectionSource::FromVelocity);
  v.visit({.key = "not_broken", .help = "Computed at load.", .cacheOnly = true}, notBroken, 0);
}

void ParticleType::reflectShader(FieldVisitor& v) {
  v.visitFlags({.key = "shader_flags", .help = "Shader flags.", .tag = {0x1D0, TagCodec::Flags16}},
               shaderFlags, kShaderFlags, 0);
  visitEnum(v,
            {.key = "framebuffer_blend_function",
             .help = "Sets how the particle will blend against the background. You'll usually want "
                     "alpha blend for "
                     "solid particles like snow, or add for glowing particles like embers. For "
                     "alpha blend make sure "
                     "your sprite bitmap has an alpha channel.",
             .tag = {0x1D2}},
            framebufferBlendFunction, kBlendFunctions, BlendMode::AlphaBlend);
  visitEnum(
      v,
      {.key = "framebuffer_fade_mode",
       .help =
           "Sets how sprites fade based on viewing angle. For directional orientations, fade when "
           "perpendicular can help avoid seeing the sprite as a spinning 2d plane when viewed "
           "edge-on.",
       .tag = {0x1D4}},
      framebufferFadeMode, kFadeModes, FadeMode::None);
  v.visitFlags({.key = "map_flags",
                .help = "Flag controlling if the texture is filtered.",
                .tag = {0x1D6, TagCodec::Flags16}},
               mapFlags, kMapFlags, 0);
  v.visit({.key = "bitmap",
           .help = "Secondary map used to color the particles, by multiply. This map's UV "
                   "coordinates can be animated "
                   "along each axis and rotated.",
           .hint = FieldHint::TexturePath,
           .tag = {0x1F4, TagCodec::Reference}},
          bitmap, "");
  visitEnum(v,
            {.key = "anchor",
             .help = "Determines how the secondary map is positioned. If with primary, the map is "
                     "multiplied atop "
                     "each weather particle and follows its render mode orientation.",
             .tag = {0x204}},
            anchor, kAnchors, MapAnchor::WithPrimary);
  v.visitFlags({.key = "flags_1",
                .help = "Flag controlling if the secondary texture is filtered.",
                .tag = {0x206, TagCodec::Flags16}},
               flags1, kMapFlags, 0);
  reflectAnimation(v, uAnimation,
                   {"u_animation_source", "u_animation_function", "u_animation_period",
                    "u_animation_phase", "u_animation_scale"},
                   0x208, false);
  reflectAnimation(v, vAnimation,
                   {"v_animation_source", "v_animation_function", "v_animation_period",
                    "v_animation_phase", "v_animation_scale"},
                   0x218, false);
  reflectAnimation(
      v, rotationAnimation,
      {"rotation_animation_source", "rotation_animation_function", "rotation_animation_period",
       "rotation_animation_phase", "rotation_animation_scale"},
      0x228, true);
  v.visit({.key = "rotation_animation_center",
           .help = "Centre of the secondary map rotation, in texture UVs.",
           .tag = {0x238}},
          rotationAnimationCenter, vec2(0.0f));
  v.visit({.key = "zsprite_radius_scale",
           .help = "zsprite anchor only; unknown usage.",
           .unused = true,
           .tag = {0x244}},
          zspriteRadiusScale, 0.0f);
}

void Polyhedron::reflect(FieldVisitor& v) {
  v.visit(
      {.key = "box_min", .unit = "wu", .help = "Lower corner of a box polyhedron (world space)."},
      boxMin, vec3(0.0f));
  v.visit(
      {.key = "box_max", .unit = "wu", .help = "Upper corner of a box polyhedron (world space)."},
      boxMax, vec3(0.0f));
  visitValueArray(v,
                  {.key = "planes",
                   .help = "Convex polyhedron as planes [nx, ny, nz, d]; a point is inside when "
                           "n.p <= d for all of "
                           "them. Replaces the box when present.",
                   .maxCount = 64},
                  planes, vec4(0.0f, 0.0f, 1.0f, 0.0f));
  v.visit({.key = "sphere_center",
           .unit = "wu",
           .help = "Bounding sphere centre (world space), as the BSP stores it."},
          sphereCenter, vec3(0.0f));
  v.visit({.key = "sphere_radius",
           .unit = "wu",
           .help = "Bounding sphere radius; the polyhedron is used when the sphere comes within "
                   "the largest simulation cube's edge of the camera. 0: none (a box's own "
                   "sphere; planes always used).",
           .min = 0.0,
           .max = 1e6},
          sphereRadius, 0.0f);
}

bool Polyhedron::contains(vec3 p) const {
  if (usesPlanes()) {
    for (const vec4& pl : planes)
      if (glm::dot(vec3(pl), p) > pl.w) return false;
    return true;
  }
  return p.x >= boxMin.x && p.y >= boxMin.y && p.z >= boxMin.z && p.x <= boxMax.x &&
         p.y <= boxMax.y && p.z <= boxMax.z;
}

void Polyhedron::bounds(vec3& center, float& radius) const {
  if (sphereRadius > 0.0f) {
    center = sphereCenter;
    radius = sphereRadius;
    return;
  }
  if (usesPlanes()) {
    center = vec3(0.0f);
    radius = std::numeric_limits<float>::infinity();
    return;
  }
  center = (boxMin + boxMax) * 0.5f;
  radius = glm::length(boxMax - boxMin) * 0.5f;
}

WeatherDefinition::WeatherDefinition() {
  DefaultsVisitor d;
  reflect(d);
  reflectEntry(d);
}

void WeatherDefinition::reflect(FieldVisitor& v) {
  v.visit({.key = "version", .help = "Definition file format version."}, version, 1);
  v.visitFlags({.key = "flags", .help = "Unused.", .unused = true, .tag = {0x000}}, flags, {}, 0);
  visitArray(v,
             {.key = "particle_types",
              .help = "A list of particle types that are present in this weather system. As an "
                      "example, the c10 "
                      "swamp weather uses one type for rain and two types for flying insects. Note "
                      "that the first "
                      "particle type may use up the 512 weather particle budget if it's too dense, "
                      "and other types "
                      "will not render. Particle types with identical fields will not spawn at the "
                      "same locations.",
              .restart = true,
              .maxCount = kMaxParticleTypes,
              .tag = {0x024, TagCodec::Block}},
             particleTypes, [](ParticleType& t, FieldVisitor& ev) { t.reflect(ev); });
  v.visitObject(
      {.key = "wind",
       .help =
           "The wind tag of the weather palette entry (inline; see wind_path). Its direction and "
           "magnitude are on the effect entry."},
      [&](FieldVisitor& ov) { wind.reflect(ov); });
  v.visit({.key = "wind_path",
           .help = "A wind definition file (relative to this file); replaces the inline wind.",
           .hint = FieldHint::DefinitionPath},
          windPath, "");
}

void WeatherDefinition::reflectEntry(FieldVisitor& v) {
  v.visit({.key = "wind_direction",
           .help = "Weather palette entry: wind direction (world space; normalized; zero means "
                   "(1, 0, 0)). The variation area wanders around it."},
          palette.direction, vec3(1.0f, 0.0f, 0.0f));
  v.visit({.key = "wind_path",
           .help = "The weather palette entry's wind: a .wind tag (under the tags root) or a wind "
                   "definition file, relative to the preset. Replaces the definition's wind, so a "
                   "weather_particle_system tag (which has no wind of its own) gets one.",
           .hint = FieldHint::DefinitionPath},
          entryWindPath, "");
  v.visit({.key = "wind_magnitude",
           .help = "Weather palette entry: multiplies the wind tag's velocity.",
           .min = 0.0,
           .max = 1e4},
          palette.magnitude, 1.0f);
  v.visit({.key = "has_wind",
           .help = "Weather palette entry references a wind tag (false gives zero wind)."},
          palette.hasWind, true);
  v.visit({.key = "underwater",
           .help = "The camera is in a water fog region: point physics use water density, friction "
                   "and buoyancy."},
          underwater, false);
  visitArray(v,
             {.key = "polyhedra",
              .help = "Weather polyhedra (areas under overhangs and roofs): particles inside them "
                      "are not drawn. At "
                      "most 8 within the cube size of the camera are used.",
              .maxCount = 64},
             polyhedra, [](Polyhedron& p, FieldVisitor& ev) { p.reflect(ev); });
  v.visit({.key = "own_pool",
           .help = "fxview gallery option. Seed: \"The game can simulate up to 512 weather "
                   "particles\": by default every weather effect of the preset shares one pool of "
                   "512, in effect order (the first effect's first type has dibs), as the game has "
                   "one pool and one cluster shows one weather system. True gives this effect its "
                   "own 512, to show several systems side by side.",
           .restart = true},
          ownPool, false);
}

vec2 pngSize(const std::string& path) {
  if (isBitmapTagPath(toPath(path))) {
    ImageInfo info;
    std::string error;
    return probeTextureFile(toPath(path), info, error) ? vec2(float(info.width), float(info.height))
                                                       : vec2(0.0f);
  }
  std::FILE* f = openFile(toPath(path), "rb");
  if (!f) return vec2(0.0f);
  unsigned char h[24] = {};
  size_t n = std::fread(h, 1, sizeof h, f);
  std::fclose(f);
  static constexpr unsigned char kSig[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  if (n < 24 || !std::equal(kSig, kSig + 8, h)) return vec2(0.0f);
  auto be = [&](int o) {
    return (uint32_t(h[o]) << 24) | (uint32_t(h[o + 1]) << 16) | (uint32_t(h[o + 2]) << 8) |
           h[o + 3];
  };
  uint32_t w = be(16), hgt = be(20);
  if (w == 0 || hgt == 0 || w > 65536 || hgt > 65536) return vec2(0.0f);
  return vec2(float(w), float(hgt));
}

namespace {

// A referenced Halo tag (.point_physics, .wind): found under the tags root, its class checked,
// its bytes read through the field bindings. A missing tag is a warning, as for textures (the
// fields keep their defaults).
void loadReferencedTag(const LoadContext& ctx, const std::string& authored,
                       const std::string& fieldPointer, halo::TagClass cls,
                       const ReflectFn& reflect) {
  if (!ctx.diags) return;
  std::string resolved = ctx.resolvePath(authored, fieldPointer);
  std::error_code ec;
  if (resolved.empty() || !std::filesystem::is_regular_file(toPath(resolved), ec)) {
    std::string root = toUtf8(ctx.tagsRoot());
    if (!resolved.empty() || !ctx.diags->hasErrors())
      ctx.diags->warning(ctx.file, fieldPointer,
                         "tag \"" + authored + "\" not found under the tags root " +
                             (root.empty() ? std::string("(none: set \"tags_dir\" or --tags)")
                                           : "\"" + root + "\"") +
                             "; its fields keep their defaults");
    return;
  }
  Diagnostics local;
  auto tag = halo::loadTag(toPath(resolved), resolved, local);
  ctx.diags->append(local);
  if (!tag) return;
  if (tag->cls->id != cls) {
    ctx.diags->error(resolved, "header",
                     "expected a " + std::string(halo::tagClassInfo(cls).name) + " tag, got a " +
                         std::string(tag->cls->name) + " tag");
    return;
  }
  std::vector<halo::TagFieldProblem> problems;
  halo::readTagFields(tag->root(), reflect, &problems);
  for (const auto& p : problems) ctx.diags->error(resolved, p.pointer, p.message);
}

// Reads a referenced definition file into `reflect`; errors name that file and its pointers.
void loadReferenced(const LoadContext& ctx, const std::string& authored,
                    const std::string& fieldPointer, const ReflectFn& defaults,
                    const ReflectFn& reflect, halo::TagClass tagClass) {
  if (halo::isTagPath(authored)) {
    DefaultsVisitor d;
    defaults(d);
    return loadReferencedTag(ctx, authored, fieldPointer, tagClass, reflect);
  }
  std::string resolved = ctx.resolvePath(authored, fieldPointer);
  if (resolved.empty()) return;
  std::string display = toUtf8((ctx.baseDir / toPath(authored)).lexically_normal());
  Diagnostics local;
  auto json = loadJsonFile(toPath(resolved), display, local);
  if (ctx.diags) ctx.diags->append(local);
  if (!json) {
    if (ctx.diags && local.items.empty())
      ctx.diags->error(ctx.file, fieldPointer, "cannot read \"" + authored + "\"");
    return;
  }
  if (!json->is_object()) {
    if (ctx.diags) ctx.diags->error(display, "", "expected an object, got " + describeJson(*json));
    return;
  }
  DefaultsVisitor d;
  defaults(d);
  if (ctx.diags)
    readFields(*json, reflect,
               {.file = display, .pointer = "", .alsoKnown = {"version", "kind", kImportedFromKey}},
               *ctx.diags);
}

}  // namespace

void WeatherDefinition::finalize(const LoadContext& ctx) {
  auto windFields = [&](FieldVisitor& v) { wind.reflect(v); };
  if (!entryWindPath.empty()) {
    // The entry's wind_path is relative to the preset, whose folder is ctx.rootDir.
    LoadContext entryCtx = ctx;
    entryCtx.baseDir = ctx.rootDir;
    entryCtx.file = ctx.presetFile;
    loadReferenced(entryCtx, entryWindPath, pointerJoin(ctx.entryPointer, "wind_path"), windFields,
                   windFields, halo::TagClass::Wind);
  } else if (!windPath.empty()) {
    loadReferenced(ctx, windPath, pointerJoin(ctx.pointer, "wind_path"), windFields, windFields,
                   halo::TagClass::Wind);
  }
  for (size_t i = 0; i < particleTypes.size(); ++i) {
    ParticleType& t = particleTypes[i];
    std::string tp = pointerJoin(pointerJoin(ctx.pointer, "particle_types"), i);
    if (!t.physicsPath.empty())
      loadReferenced(
          ctx, t.physicsPath, pointerJoin(tp, "physics_path"),
          [&](FieldVisitor& v) { t.physics.reflect(v); },
          [&](FieldVisitor& v) { t.physics.reflect(v); }, halo::TagClass::PointPhysics);
    t.physics.computeCache();
    t.spritePath = t.spriteBitmap.empty()
                       ? std::string()
                       : ctx.resolveTexture(t.spriteBitmap, pointerJoin(tp, "sprite_bitmap"));
    t.secondaryPath =
        t.bitmap.empty() ? std::string() : ctx.resolveTexture(t.bitmap, pointerJoin(tp, "bitmap"));
    Diagnostics sheetDiags;
    t.sheet =
        loadTextureSprites(t.spritePath, ctx.file, pointerJoin(tp, "sprite_bitmap"), sheetDiags);
    if (ctx.diags) ctx.diags->append(sheetDiags);
    t.pagePx = t.spritePath.empty() ? vec2(0.0f) : pngSize(t.spritePath);
    // runtime_one_over_sprite_width: over sequence 0, min(1/width_px, 1/height_px).
    float largest = 0.0f;
    if (t.pagePx.x > 0.0f)
      for (const Sprite& s : t.sheet.sequences[0].sprites)
        largest = std::max({largest, std::abs(s.right - s.left) * t.pagePx.x,
                            std::abs(s.bottom - s.top) * t.pagePx.y});
    t.spriteSize = largest > 0.0f ? 1.0f / largest : 0.0f;
    t.notBroken = 1;
  }
}

}  // namespace fx::weather
