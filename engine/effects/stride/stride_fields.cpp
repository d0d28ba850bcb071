// Field reflection of the stride_particles definition: the emitter, its module lists and the
// kind tables. Each module kind's own fields live in its module file; here the `type` selector
// picks which of them are visited (visitKind), so a module reflects exactly one kind.
#include <algorithm>
#include <cmath>

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

const EnumOption kShapeKinds[5] = {
    {"sphere", int32_t(ShapeKind::Sphere),
     "Distance: radial distance from the centre, relative to the radius."},
    {"box", int32_t(ShapeKind::Box),
     "Distance: the longest of the three distances on X, Y and Z, relative to the box's sizes."},
    {"cylinder", int32_t(ShapeKind::Cylinder),
     "Distance: radial distance from the local Y axis; height is ignored inside."},
    {"torus", int32_t(ShapeKind::Torus),
     "Distance: radial distance from the torus's inner circle."},
    {"none", int32_t(ShapeKind::None),
     "No shape (Stride's FieldShape null). Force field: full strength everywhere (no falloff), "
     "along +Y, away +Z, around +X. Collider: no particle is inside, so a hollow one moves every "
     "particle to the origin."},
};

const EnumOption kSpawnerKinds[5] = {
    {"per_second", int32_t(SpawnerKind::PerSecond),
     "A number of particles per second, fraction carried over."},
    {"per_frame", int32_t(SpawnerKind::PerFrame), "A number of particles every frame."},
    {"burst", int32_t(SpawnerKind::Burst),
     "All particles at once, each time the spawner becomes active."},
    {"from_distance", int32_t(SpawnerKind::FromDistance),
     "Particles per unit of distance the system moves."},
    {"from_parent", int32_t(SpawnerKind::FromParent),
     "Children for the particles of a parent emitter that meet a trigger (death, hit, birth, "
     "age, distance)."},
};

const EnumOption kInitializerKinds[15] = {
    {"position", int32_t(InitializerKind::Position), "Random position in a box."},
    {"velocity", int32_t(InitializerKind::Velocity), "Random velocity in a box."},
    {"size", int32_t(InitializerKind::Size), "Random uniform size."},
    {"rotation", int32_t(InitializerKind::Rotation), "Random billboard angle."},
    {"color", int32_t(InitializerKind::Color), "Random colour between two."},
    {"position_arc", int32_t(InitializerKind::PositionArc),
     "Position along an arc toward a target."},
    {"direction", int32_t(InitializerKind::Direction),
     "Random direction in a box (what oriented quads stretch along)."},
    {"rotation_3d", int32_t(InitializerKind::Rotation3D),
     "Random 3D rotation between two (what quads turn by)."},
    {"spawn_order", int32_t(InitializerKind::SpawnOrder),
     "Order = an increasing number in spawn order (sorting by order, ribbons)."},
    {"spawn_order_group", int32_t(InitializerKind::SpawnOrderGroup),
     "Spawn order, with every frame's particles in a group of their own (each frame's batch "
     "becomes its own ribbon)."},
    {"position_parent", int32_t(InitializerKind::PositionParent),
     "Position in a box around a parent particle, spread between its old and new position."},
    {"velocity_parent", int32_t(InitializerKind::VelocityParent),
     "Random velocity in a box plus the parent particle's velocity times a factor."},
    {"color_parent", int32_t(InitializerKind::ColorParent),
     "Random colour between two times the parent particle's colour."},
    {"size_parent", int32_t(InitializerKind::SizeParent),
     "Random size times the parent particle's size."},
    {"order_parent", int32_t(InitializerKind::OrderParent),
     "Order = the parent particle's order in the upper bits, its child counter below (each "
     "parent's children make one ribbon)."},
};

const EnumOption kShapeBuilderKinds[6] = {
    {"billboard", int32_t(ShapeBuilderKind::Billboard),
     "Camera-facing quad: size, rotation, colour."},
    {"oriented_quad", int32_t(ShapeBuilderKind::OrientedQuad),
     "Quad stretched along the particle's direction, facing the camera around it."},
    {"quad", int32_t(ShapeBuilderKind::Quad),
     "Up-facing quad (normal along Stride's +Y, the system's up), spun by the rotation."},
    {"ribbon", int32_t(ShapeBuilderKind::Ribbon),
     "The particles, in draw order, joined by camera-facing quads into a band (a new band "
     "where the spawn order's group changes)."},
    {"trail", int32_t(ShapeBuilderKind::Trail),
     "A band through the particles, its width along each particle's direction (or +Y) x size."},
    {"hexagon", int32_t(ShapeBuilderKind::Hexagon),
     "Camera-facing hexagon (two quads): size, rotation (clockwise), colour."},
};

const EnumOption kUpdaterKinds[7] = {
    {"force_field", int32_t(UpdaterKind::ForceField),
     "Forces based on the relative position to a bounding shape."},
    {"collider", int32_t(UpdaterKind::Collider),
     "Bounce off or stay inside a shape (post-updater)."},
    {"gravity", int32_t(UpdaterKind::Gravity),
     "Constant acceleration; ignores offset and inheritance."},
    {"direction_from_speed", int32_t(UpdaterKind::DirectionFromSpeed),
     "Direction = position change (post-updater)."},
    {"color_animation", int32_t(UpdaterKind::ColorAnimation),
     "Colour over lifetime (post-updater)."},
    {"rotation_animation", int32_t(UpdaterKind::RotationAnimation),
     "Rotation over lifetime (post-updater)."},
    {"size_animation", int32_t(UpdaterKind::SizeAnimation), "Size over lifetime (post-updater)."},
};

namespace {

constexpr EnumOption kLoopConditions[] = {
    {"looping", int32_t(LoopCondition::Looping),
     "Loops to the beginning of its Delay when its Duration is over."},
    {"looping_no_delay", int32_t(LoopCondition::LoopingNoDelay),
     "Loops to the beginning of its Active state, skipping the Delay after the first loop."},
    {"one_shot", int32_t(LoopCondition::OneShot), "Active once for its Duration, then dead."},
};
constexpr EnumOption kSpaces[] = {
    {"world", int32_t(SimulationSpace::World),
     "Particles live in world space; moving the system leaves them behind."},
    {"local", int32_t(SimulationSpace::Local),
     "Particles live in the system's space and move with it."},
};
constexpr EnumOption kSeedMethods[] = {
    {"time", int32_t(SeedMethod::Time),
     "The engine seeds from a clock; fxview uses the preset seed instead, so replays are "
     "identical."},
    {"fixed", int32_t(SeedMethod::Fixed), "Seed 0: every run and every copy looks the same."},
    {"position", int32_t(SeedMethod::Position), "Seed from the bits of the system's position."},
};

constexpr EnumOption kColorSpaces[] = {
    {"linear", int32_t(ColorSpace::Linear), "Linear light, shown through an sRGB back buffer."},
    {"gamma", int32_t(ColorSpace::Gamma), "Gamma space: values blend as they are."},
};

constexpr EnumOption kAddresses[] = {
    {"wrap", int32_t(TextureAddress::Wrap), "The texture repeats."},
    {"mirror", int32_t(TextureAddress::Mirror), "The texture repeats, every other copy mirrored."},
    {"clamp", int32_t(TextureAddress::Clamp), "The edge texel continues."},
    {"border", int32_t(TextureAddress::Border), "Transparent black outside."},
    {"mirror_once", int32_t(TextureAddress::MirrorOnce),
     "One mirrored copy below 0, then the edge texel continues."},
};

constexpr EnumOption kSortings[] = {
    {"none", int32_t(Sorting::None), "Pool order."},
    {"by_depth", int32_t(Sorting::ByDepth), "Back to front from the camera."},
    {"by_age", int32_t(Sorting::ByAge), "Youngest first (most remaining life first)."},
    {"by_order", int32_t(Sorting::ByOrder),
     "By the spawn order: Stride sorts the negated order bits read as a float, so the newest "
     "(highest order) come first."},
};

}  // namespace

const EnumOption kBoundsKinds[3] = {
    {"none", int32_t(BoundsKind::None),
     "No bounding shape (Stride's null): the system is sorted by its position and never culled."},
    {"box", int32_t(BoundsKind::Box),
     "Stride's BoundingBoxStatic: the corners minimum..maximum, rotated and scaled with the "
     "component, bound by an axis-aligned box."},
    {"sphere", int32_t(BoundsKind::Sphere),
     "Stride's BoundingSphereStatic: a cube of +-radius x the component's scale about its "
     "position."},
};

void SystemBounds::reflect(FieldVisitor& v) {
  visitKind(v,
            {.key = "type",
             .help = "Stride's BoundingShape. Its box's centre is the point the system's emitters "
                     "are sorted back to front by, among all the systems of the scene."},
            type, std::span<const EnumOption>(kBoundsKinds), BoundsKind::None,
            [this](FieldVisitor& kv) {
              switch (type) {
                case BoundsKind::None:
                  break;
                case BoundsKind::Box:
                  kv.visit({.key = "minimum", .unit = "m", .help = "Lower corner (Stride space)."},
                           minimum, vec3(-1.0f));
                  kv.visit({.key = "maximum", .unit = "m", .help = "Upper corner (Stride space)."},
                           maximum, vec3(1.0f));
                  break;
                case BoundsKind::Sphere:
                  kv.visit({.key = "radius", .unit = "m"}, radius, 1.0f);
                  break;
              }
              if (type != BoundsKind::None)
                kv.visit({.key = "debug_draw",
                          .help = "Draws the shape's box as a wireframe (with module shapes on)."},
                         debugDraw, false);
            });
}

void ShapeParams::reflect(FieldVisitor& v) {
  visitKind(
      v,
      {.key = "type",
       .help = "The shape: sphere, box, cylinder, torus or none. Its local Y axis is the central "
               "axis."},
      type, kShapeKinds, ShapeKind::Sphere, [this](FieldVisitor& kv) {
        switch (type) {
          case ShapeKind::Sphere:
            kv.visit({.key = "radius", .unit = "m", .min = 1e-6}, radius, 1.0f);
            break;
          case ShapeKind::Box:
            kv.visit(
                {.key = "half_size", .unit = "m", .help = "Half sizes on X, Y and Z.", .min = 1e-6},
                halfSize, vec3(1.0f));
            break;
          case ShapeKind::Cylinder:
            kv.visit({.key = "half_height", .unit = "m", .min = 1e-6}, halfHeight, 1.0f);
            kv.visit({.key = "radius", .unit = "m", .min = 1e-6}, radius, 1.0f);
            break;
          case ShapeKind::Torus:
            kv.visit({.key = "big_radius",
                      .unit = "m",
                      .help = "Radius of the inner circle (the axis of revolution).",
                      .min = 1e-6},
                     bigRadius, 1.0f);
            kv.visit({.key = "small_radius",
                      .help = "Radius of the tube, relative to the big radius.",
                      .min = 1e-6},
                     smallRadius, 0.33333f);
            break;
          case ShapeKind::None:
            break;
        }
      });
}

void SpawnerModule::reflect(FieldVisitor& v) {
  visitKind(v, {.key = "type", .help = "How the spawner decides how many particles to emit."}, type,
            kSpawnerKinds, SpawnerKind::PerSecond, [this](FieldVisitor& kv) {
              switch (type) {
                case SpawnerKind::PerSecond:
                  reflectPerSecond(*this, kv);
                  break;
                case SpawnerKind::PerFrame:
                  reflectPerFrame(*this, kv);
                  break;
                case SpawnerKind::Burst:
                  reflectBurst(*this, kv);
                  break;
                case SpawnerKind::FromDistance:
                  reflectFromDistance(*this, kv);
                  break;
                case SpawnerKind::FromParent:
                  reflectFromParent(*this, kv);
                  break;
              }
            });
  v.visit({.key = "enabled"}, enabled, true);
  visitEnum(
      v,
      {.key = "loop",
       .help =
           "Indicates if the spawner should loop, and if there is a delay every time it loops."},
      loop, std::span<const EnumOption>(kLoopConditions), LoopCondition::Looping);
  v.visit({.key = "delay",
           .unit = "s",
           .help = "The minimum and maximum time the spawner should wait before starting to emit "
                   "particles.",
           .min = 0},
          delay, FloatBounds{0.0f, 0.0f});
  v.visit({.key = "duration",
           .unit = "s",
           .help = "The minimum and maximum duration the spawner will be active once it starts "
                   "spawning particles.",
           .min = 0.001},
          duration, FloatBounds{1.0f, 1.0f});
}

void InitializerModule::reflect(FieldVisitor& v) {
  visitKind(v, {.key = "type", .help = "What the initializer sets on new particles."}, type,
            kInitializerKinds, InitializerKind::Position, [this](FieldVisitor& kv) {
              switch (type) {
                case InitializerKind::Position:
                  reflectInitPosition(*this, kv);
                  break;
                case InitializerKind::Velocity:
                  reflectInitVelocity(*this, kv);
                  break;
                case InitializerKind::Size:
                  reflectInitSize(*this, kv);
                  break;
                case InitializerKind::Rotation:
                  reflectInitRotation(*this, kv);
                  break;
                case InitializerKind::Color:
                  reflectInitColor(*this, kv);
                  break;
                case InitializerKind::PositionArc:
                  reflectInitPositionArc(*this, kv);
                  break;
                case InitializerKind::Direction:
                  reflectInitDirection(*this, kv);
                  break;
                case InitializerKind::Rotation3D:
                  reflectInitRotation3D(*this, kv);
                  break;
                case InitializerKind::SpawnOrder:
                case InitializerKind::SpawnOrderGroup:
                  break;
                case InitializerKind::PositionParent:
                case InitializerKind::VelocityParent:
                case InitializerKind::ColorParent:
                case InitializerKind::SizeParent:
                case InitializerKind::OrderParent:
                  reflectInitParent(*this, kv);
                  break;
              }
            });
  v.visit({.key = "enabled"}, enabled, true);
  bool spatial = type == InitializerKind::Position || type == InitializerKind::Velocity ||
                 type == InitializerKind::PositionArc || type == InitializerKind::PositionParent ||
                 type == InitializerKind::VelocityParent;
  v.visit({.key = "debug_draw",
           .help = "A debug wireframe shape will be drawn to show the boundaries for this module.",
           .unused = !spatial},
          debugDraw, false);
  v.visit({.key = "seed_offset",
           .help = "The seed offset used to match or separate random values.",
           .min = 0,
           .max = 65535},
          seedOffset, 0);
  transform.reflect(
      v, type == InitializerKind::Rotation || type == InitializerKind::Color ||
             type == InitializerKind::SpawnOrder || type == InitializerKind::SpawnOrderGroup ||
             type == InitializerKind::ColorParent || type == InitializerKind::OrderParent);
}

void UpdaterModule::reflect(FieldVisitor& v) {
  visitKind(v, {.key = "type", .help = "What the updater does to living particles."}, type,
            kUpdaterKinds, UpdaterKind::ForceField, [this](FieldVisitor& kv) {
              switch (type) {
                case UpdaterKind::ForceField:
                  reflectForceField(*this, kv);
                  break;
                case UpdaterKind::Collider:
                  reflectCollider(*this, kv);
                  break;
                case UpdaterKind::Gravity:
                  reflectGravity(*this, kv);
                  break;
                case UpdaterKind::DirectionFromSpeed:
                  reflectDirectionFromSpeed(*this, kv);
                  break;
                case UpdaterKind::ColorAnimation:
                  reflectColorAnimation(*this, kv);
                  break;
                case UpdaterKind::RotationAnimation:
                  reflectRotationAnimation(*this, kv);
                  break;
                case UpdaterKind::SizeAnimation:
                  reflectSizeAnimation(*this, kv);
                  break;
              }
            });
  v.visit({.key = "enabled"}, enabled, true);
  bool shaped = updaterHasShape(type);
  v.visit({.key = "debug_draw",
           .help = "A debug wireframe shape will be drawn to show the boundaries for this updater "
                   "(editor only; "
                   "ignored in game).",
           .unused = !shaped},
          debugDraw, false);
  // Size animation scales by the module's world scale; the other shapeless updaters ignore it.
  transform.reflect(v, !shaped && type != UpdaterKind::SizeAnimation);
}

bool isPostUpdater(UpdaterKind k) {
  switch (k) {
    case UpdaterKind::ForceField:
    case UpdaterKind::Gravity:
      return false;
    default:
      return true;
  }
}

bool updaterHasShape(UpdaterKind k) {
  return k == UpdaterKind::ForceField || k == UpdaterKind::Collider;
}

void ShapeBuilder::reflect(FieldVisitor& v) {
  visitKind(v, {.key = "type", .help = "How each particle becomes a quad."}, type,
            std::span<const EnumOption>(kShapeBuilderKinds), ShapeBuilderKind::Billboard,
            [this](FieldVisitor& kv) {
              if (type == ShapeBuilderKind::OrientedQuad) {
                kv.visit({.key = "size_to_length",
                          .help = "If true, length will scale with particle size."},
                         scaleLength, true);
                kv.visit({.key = "length_factor",
                          .help = "Length will be modified with this factor (length = |direction| "
                                  "x factor [x size])."},
                         lengthFactor, 1.0f);
              }
              if (type == ShapeBuilderKind::Ribbon || type == ShapeBuilderKind::Trail)
                reflectRibbon(*this, kv);
              else
                reflectShapeSamplers(*this, kv);
            });
}

void Material::reflect(FieldVisitor& v) {
  v.visit({.key = "texture", .help = "Particle texture (PNG).", .hint = FieldHint::TexturePath},
          texture, "assets/sprites/dot.png");
  v.visit({.key = "resolved_texture", .cacheOnly = true}, resolvedTexture, "");
  v.visit({.key = "texture_scale",
           .help = "The texture's UV = the particle's UV (after the UV builder) x this + the "
                   "offset; it repeats past 0..1 (-1 mirrors).",
           .min = -1000,
           .max = 1000},
          textureScale, vec2(1.0f, 1.0f));
  v.visit({.key = "texture_offset",
           .help = "Added to the texture's scaled UV.",
           .min = -1000,
           .max = 1000},
          textureOffset, vec2(0.0f, 0.0f));
  visitEnum(v, {.key = "address_u", .help = "What the texture shows where U leaves 0..1."},
            addressU, std::span<const EnumOption>(kAddresses), TextureAddress::Wrap);
  visitEnum(v, {.key = "address_v", .help = "What the texture shows where V leaves 0..1."},
            addressV, std::span<const EnumOption>(kAddresses), TextureAddress::Wrap);
  v.visit(
      {.key = "alpha_additive",
       .help = "0 = alpha blended, 1 = additive; in between mixes the two (premultiplied colours).",
       .min = 0,
       .max = 1},
      alphaAdditive, 0.0f);
  v.visit({.key = "tint",
           .help = "Emissive colour multiplied with the texture and particle colour (its alpha "
                   "with theirs: the component colour's alpha fades the particles).",
           .min = 0},
          tint, ColorRgba{});
  v.visit({.key = "intensity", .help = "Emissive intensity (HDR above 1).", .min = 0}, intensity,
          1.0f);
  v.visit({.key = "z_offset",
           .unit = "m",
           .help = "Moves the particles' depth toward the camera by this much (the picture stays "
                   "in place): they draw over scene geometry up to this far in front of them.",
           .min = -1000,
           .max = 1000},
          zOffset, 0.0f);
  v.visit({.key = "soft_edge_distance",
           .unit = "m",
           .help = "Soft particles: above 0, a particle fades out where the scene behind it is "
                   "closer than this (smoothly, to nothing where it meets it). 0 = hard edges.",
           .min = 0,
           .max = 1000},
          softEdgeDistance, 0.0f);
  v.visit({.key = "particle_color",
           .help = "Without colour operations, the particle's colour multiplies the texture "
                   "(Stride: the emissive map holds a vertex stream colour). Off: texture x tint."},
          particleColor, true);
  visitArray(v,
             {.key = "color_ops",
              .help = "Colour operations on the texture sample, in order (Stride's binary "
                      "operators). Empty: texture x particle colour. With steps the particle "
                      "colour enters only where a step uses it; the tint multiplies the result.",
              .maxCount = kMaxMaterialColorOps},
             colorOps, [](MaterialColorOp& s, FieldVisitor& ev) { s.reflect(ev); });
  v.visit({.key = "second_texture",
           .help = "A second texture (PNG) the colour operations may read (operand "
                   "second_texture); empty: none (it reads white).",
           .hint = FieldHint::TexturePath},
          secondTexture, "");
  v.visit({.key = "resolved_second_texture", .cacheOnly = true}, resolvedSecondTexture, "");
  v.visit({.key = "second_texture_scale",
           .help = "The second texture's UV = the particle's UV x this + the offset.",
           .min = -1000,
           .max = 1000},
          secondTextureScale, vec2(1.0f, 1.0f));
  v.visit({.key = "second_texture_offset",
           .help = "Added to the second texture's scaled UV (it repeats past 0..1).",
           .min = -1000,
           .max = 1000},
          secondTextureOffset, vec2(0.0f, 0.0f));
  v.visit({.key = "second_texture_channel",
           .help = "Stride's texture coordinate channel for the second texture. Particles carry "
                   "channel 0 only: another channel reads UV (0, 0) before scale and offset.",
           .min = 0,
           .max = 9},
          secondTextureChannel, 0);
  v.visitObject({.key = "uv_builder", .help = "How the texture's UVs change over the lifetime."},
                [this](FieldVisitor& uv) { uvBuilder.reflect(uv); });
}

void KeptModule::reflect(FieldVisitor& v) {
  v.visit({.key = "tag", .help = "The Stride module type."}, tag, "");
  v.visit({.key = "where", .help = "Where it sat in the Stride particle system."}, where, "");
  v.visit({.key = "line", .help = "Its line in the imported Stride asset.", .min = 0}, line, 0);
  v.visit({.key = "yaml", .help = "The module as the Stride asset wrote it."}, yaml, "");
}

std::string KeptModule::title() const {
  // The line first: a long tag ("UVBuilderFlipbook (its texture is missing)") may be cut.
  std::string t = tag.empty() ? std::string("(no tag)") : tag;
  return line > 0 ? "line " + std::to_string(line) + ": " + t : t;
}

void EmitterDef::reflect(FieldVisitor& v) {
  v.visit({.key = "name"}, name, "");
  v.visit({.key = "enabled"}, enabled, true);
  v.visit(
      {.key = "max_particles_override",
       .help =
           "Pool size. 0 derives it: ceil(lifetime max x the spawners' peak particles per second).",
       .min = 0,
       .max = double(kMaxParticlesPerEmitter),
       .restart = true},
      maxParticlesOverride, 0);
  v.visit({.key = "particle_lifetime",
           .unit = "s",
           .help = "Minimum and maximum particle lifetime. A maximum below the minimum is "
                   "rejected as Stride does: the lifetime stays (1, 1).",
           .min = 0.001},
          lifetime, FloatBounds{1.0f, 1.0f});
  visitEnum(v, {.key = "simulation_space", .restart = true}, space,
            std::span<const EnumOption>(kSpaces), SimulationSpace::World);
  visitEnum(v, {.key = "random_seed_method", .restart = true}, seedMethod,
            std::span<const EnumOption>(kSeedMethods), SeedMethod::Time);
  v.visit({.key = "draw_priority",
           .help = "Emitters with a higher priority are drawn later (on top) among the emitters of "
                   "systems at the same depth; ties keep list order. Stride holds it as a byte.",
           .min = 0,
           .max = 255},
          drawPriority, 0);
  v.visit({.key = "delay_particle_death",
           .help = "Keeps dead particles for one more frame before removing them."},
          delayParticleDeath, false);
  visitEnum(v, {.key = "sorting"}, sorting, std::span<const EnumOption>(kSortings), Sorting::None);
  v.visitObject({.key = "shape_builder"}, [this](FieldVisitor& sv) { shapeBuilder.reflect(sv); });
  v.visitObject({.key = "material"}, [this](FieldVisitor& mv) { material.reflect(mv); });
  visitArray(v,
             {.key = "spawners",
              .help = "Spawners decide how many particles are emitted.",
              .maxCount = kMaxModules},
             spawners, [](SpawnerModule& s, FieldVisitor& ev) { s.reflect(ev); });
  visitArray(v,
             {.key = "initializers",
              .help = "Initializers set new particles' fields, in list order.",
              .maxCount = kMaxModules},
             initializers, [](InitializerModule& s, FieldVisitor& ev) { s.reflect(ev); });
  visitArray(v,
             {.key = "updaters",
              .help = "Updaters act on all living particles; post-updaters resolve after the "
                      "others whatever their "
                      "place in the list.",
              .maxCount = kMaxModules},
             updaters, [](UpdaterModule& s, FieldVisitor& ev) { s.reflect(ev); });
}

void SystemDef::reflect(FieldVisitor& v) {
  v.visit({.key = "warm_up_time",
           .unit = "s",
           .help = "Simulated before the first frame, in steps of 1/30 s as Stride does.",
           .min = 0,
           .max = 60,
           .restart = true},
          warmUpTime, 0.0f);
  v.visit({.key = "reset_seconds",
           .unit = "s",
           .help = "The preview restarts the system every this many seconds of simulation time, "
                   "as Stride's editor does (0 = never), so a one-shot effect keeps playing. The "
                   "speed scale runs this clock too: at speed 2 it restarts twice as often.",
           .min = 0,
           .max = 3600},
          resetSeconds, 0.0f);
  v.visit({.key = "speed_scale", .help = "Multiplies the frame time.", .min = 0, .max = 100},
          speedScale, 1.0f);
  visitEnum(v,
            {.key = "color_space",
             .help = "Where colours blend, as the Stride project's rendering settings say: "
                     "linear light (textures and material colours sRGB-decoded, particle colours "
                     "as they are) or gamma."},
            colorSpace, std::span<const EnumOption>(kColorSpaces), ColorSpace::Linear);
  v.visitObject({.key = "bounds",
                 .help = "The system's bounding shape: where its emitters sort among the scene's "
                         "systems (back to front, then by draw priority)."},
                [this](FieldVisitor& bv) { bounds.reflect(bv); });
  visitArray(v,
             {.key = "emitters",
              .help = "A particle system holds one or more emitters; list order is update order.",
              .maxCount = kMaxEmitters},
             emitters, [](EmitterDef& e, FieldVisitor& ev) { e.reflect(ev); });
  visitArray(
      v,
      {.key = "not_simulated",
       .help = "Stride modules of an imported asset that fxview does not simulate yet, kept "
               "so that saving keeps them.",
       .maxCount = kMaxKeptModules},
      kept, [](KeptModule& k, FieldVisitor& kv) { k.reflect(kv); },
      [](const KeptModule& k) { return k.title(); });
}

float peakParticlesPerSecond(const SpawnerModule& s) {
  switch (s.type) {
    case SpawnerKind::PerSecond:
      return std::ceil(s.particlesPerSecond);
    case SpawnerKind::PerFrame:
      return std::ceil(s.particlesPerFrame * s.framerate);
    case SpawnerKind::Burst: {
      // One burst per (shortest delay + shortest duration); at least once a second, at most 100.
      float period = std::min(s.delay.lo, s.delay.hi) + std::min(s.duration.lo, s.duration.hi);
      float times = period <= 0.01f ? 100.0f : std::max(1.0f, 1.0f / period);
      return std::ceil(float(s.particleCount) * times);
    }
    case SpawnerKind::FromDistance:
      return std::ceil(s.particlesPerUnit);  // sized for 1 m/s
    case SpawnerKind::FromParent:            // as Stride sizes it: the larger count, once a second
      return std::ceil(
          std::clamp(std::max(s.spawnCount.lo, s.spawnCount.hi), 0.0f, kMaxChildrenPerTrigger));
  }
  return 0.0f;
}

FloatBounds particleLifetime(const EmitterDef& e) {
  return validLifetime(e.lifetime.lo, e.lifetime.hi) ? e.lifetime : FloatBounds{1.0f, 1.0f};
}

size_t maxParticles(const EmitterDef& e, size_t cap) {
  if (e.maxParticlesOverride > 0) return std::min(size_t(e.maxParticlesOverride), cap);
  double perSecond = 0.0;
  for (const auto& s : e.spawners)
    if (s.enabled) perSecond += peakParticlesPerSecond(s);
  double n = std::ceil(double(particleLifetime(e).hi) * perSecond);
  return size_t(std::clamp(n, 0.0, double(cap)));
}

}  // namespace fx::stride
