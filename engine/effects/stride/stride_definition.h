// The stride_particles definition (seed 003, reference stride notes §2): a particle system of
// one or more emitters. Each emitter owns polymorphic module lists — spawners, initializers,
// updaters — reflected as JSON arrays of objects with a `type` enum plus that type's fields:
//   "updaters": [{"type": "force_field", "shape": {"type": "cylinder", "radius": 2}, ...},
//                {"type": "collider", "shape": {"type": "box"}, "is_hollow": true}]
// A module struct holds every kind's parameters, but only the active kind's fields are reflected
// (stride_fields.cpp and the module files), so JSON, schema and inspector see one kind at a time.
// All positions and vectors are in Stride space (Y-up, see stride_common.h).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/color_ops.h"
#include "engine/effects/stride/stride_common.h"

namespace fx::stride {

// --- Bounding shapes (force field and collider) -------------------------------------------------
// None: Stride's `FieldShape: null` (the module still runs, see kShapeKinds).
enum class ShapeKind : int32_t { Sphere, Box, Cylinder, Torus, None };
struct ShapeParams {
  ShapeKind type = ShapeKind::Sphere;
  float radius = 1.0f;           // sphere, cylinder
  vec3 halfSize{1.0f};           // box
  float halfHeight = 1.0f;       // cylinder
  float bigRadius = 1.0f;        // torus: radius of the inner circle (axis of revolution)
  float smallRadius = 0.33333f;  // torus: tube radius relative to the big radius
  void reflect(FieldVisitor& v);
};

// --- Spawners ----------------------------------------------------------------------------------
enum class SpawnerKind : int32_t { PerSecond, PerFrame, Burst, FromDistance, FromParent };
enum class LoopCondition : int32_t { Looping, LoopingNoDelay, OneShot };
// Child particles (stride_children.h): the parent emitter's children-flags field a spawner
// records its per-parent counts in and the parent initializers walk (Stride's ParentControlFlag);
// none = no such field (the spawner then never spawns, the initializers pick random parents).
enum class ParentGroup : int32_t { Group0, Group1, Group2, Group3, None };
inline constexpr int kParentGroups = 4;
// What makes a parent particle spawn children (Stride's ParticleSpawnTrigger*): none (no trigger
// set: never), its death, its collision flag, its birth, its normalised age within a range, or
// the distance it moved this frame (a multiplier of the count).
enum class SpawnTrigger : int32_t { None, OnDeath, OnHit, OnBirth, Lifetime, Distance };
struct SpawnerModule {
  SpawnerKind type = SpawnerKind::PerSecond;
  bool enabled = true;
  LoopCondition loop = LoopCondition::Looping;
  FloatBounds delay{0.0f, 0.0f};      // s, clamped >= 0
  FloatBounds duration{1.0f, 1.0f};   // s, clamped >= 0.001
  float particlesPerSecond = 100.0f;  // per_second
  float particlesPerFrame = 1.0f;     // per_frame
  float framerate = 60.0f;            // per_frame: only sizes the pool
  int32_t particleCount = 100;        // burst
  float particlesPerUnit = 100.0f;    // from_distance
  // from_parent: children per triggering parent particle, clamped to [0, kMaxChildrenPerTrigger]
  std::string parent;  // the parent emitter's name
  ParentGroup group = ParentGroup::Group0;
  SpawnTrigger trigger = SpawnTrigger::None;
  float lifetimeLower = 0.0f, lifetimeUpper = 1.0f;  // trigger lifetime: normalised age
  FloatBounds spawnCount{2.0f, 5.0f};
  void reflect(FieldVisitor& v);
};
inline constexpr float kMaxChildrenPerTrigger = 250.0f;

// --- Initializers ------------------------------------------------------------------------------
enum class InitializerKind : int32_t {
  Position,
  Velocity,
  Size,
  Rotation,
  Color,
  PositionArc,
  Direction,
  Rotation3D,
  SpawnOrder,       // Order = a running counter of this initializer
  SpawnOrderGroup,  // the same, each frame's batch in its own group (upper 16 bits)
  // Child particles (stride_children.h): read a parent emitter's particles.
  PositionParent,
  VelocityParent,
  ColorParent,
  SizeParent,
  OrderParent,
};
struct InitializerModule {
  InitializerKind type = InitializerKind::Position;
  bool enabled = true;
  bool debugDraw = false;
  ModuleTransform transform;
  int32_t seedOffset = 0;
  vec3 positionMin{-1, 1, -1}, positionMax{1, 1, 1};  // position
  bool interpolate = false;                           // position
  vec3 velocityMin{-1, 1, -1}, velocityMax{1, 1, 1};  // velocity
  FloatBounds size{0.5f, 1.0f};                       // size
  FloatBounds rotationDeg{-60.0f, 60.0f};             // rotation
  ColorRgba colorMin{}, colorMax{};                   // color
  std::string target;                                 // position_arc: scene object name
  vec3 fallbackTarget{0, 0, -1};
  float arcHeight = 1.0f;
  bool sequential = true;
  int32_t fixedCount = 0;
  vec3 arcMin{-0.3f}, arcMax{0.3f};
  vec3 directionMin{-1, 1, -1}, directionMax{1, 1, 1};    // direction
  quat rotationMin{1, 0, 0, 0}, rotationMax{1, 0, 0, 0};  // rotation_3d
  // *_parent: the parent emitter, the random parent's seed offset, the control group
  std::string parent;
  int32_t parentSeedOffset = 0;
  ParentGroup parentGroup = ParentGroup::Group0;
  float parentVelocityFactor = 0.5f;  // velocity_parent
  void reflect(FieldVisitor& v);
};

// --- Updaters ----------------------------------------------------------------------------------
enum class UpdaterKind : int32_t {
  ForceField,
  Collider,
  Gravity,
  DirectionFromSpeed,
  ColorAnimation,
  RotationAnimation,
  SizeAnimation,
};

struct FalloffParams {
  float strengthInside = 1.0f;
  float falloffStart = 0.1f;
  float strengthOutside = 0.0f;
  float falloffEnd = 0.9f;
  bool divideByEndOverStart = false;  // Stride's code: t = (d - start) / (end / start)
};

struct UpdaterModule {
  UpdaterKind type = UpdaterKind::ForceField;
  bool enabled = true;
  bool debugDraw = false;
  ModuleTransform transform;
  ShapeParams shape;
  // force_field
  FalloffParams falloff;
  float energyConservation = 0.0f;
  float forceDirected = 0.0f;
  float forceVortex = 1.0f;
  float forceRepulsive = 1.0f;
  vec3 forceFixed{0.0f};
  bool repulsionZeroesWorldY =
      false;  // Stride's cylinder code: away = p - centre with world Y zeroed
  // collider
  bool isHollow = false;
  bool killParticles = false;
  float restitution = 0.5f;
  float friction = 0.1f;
  // gravity
  vec3 gravity{0.0f, -9.80665f, 0.0f};
  // direction_from_speed
  bool directionDividedByDt = false;  // Stride's code: direction = delta / dt (a speed)
  // color / rotation / size animation
  int32_t seedOffset = 0;
  bool bakedCurve = false;
  ColorCurve colorCurve, colorCurve2;
  FloatCurve curve, curve2;
  void reflect(FieldVisitor& v);
};

// --- Emitter ------------------------------------------------------------------------------------
enum class SimulationSpace : int32_t { World, Local };
enum class SeedMethod : int32_t { Time, Fixed, Position };
enum class ShapeBuilderKind : int32_t { Billboard, OrientedQuad, Quad, Ribbon, Trail, Hexagon };
// The order particles are drawn in (stride_sort.h): pool order, far to near, youngest first, or
// descending Order (Stride's ByOrder sorts the negated Order bits read as a float ascending).
enum class Sorting : int32_t { None, ByDepth, ByAge, ByOrder };
// Ribbon and trail options (stride_ribbon.h).
enum class Smoothing : int32_t { None, Fast, Best };
enum class TexCoordPolicy : int32_t { AsIs, Stretched, DistanceBased };
enum class EdgePolicy : int32_t { Center, Edge };
enum class UvClockwise : int32_t { Degree0, Degree90, Degree180, Degree270 };

// Billboard: camera-facing; oriented_quad: stretched along the direction; quad: an up-facing
// (Stride +Y normal) quad. The samplers (shape_builder_samplers.cpp) apply at draw time over the
// particle's own fields and are never stored in them: size x sampler_size(age), rotation +
// sampler_rotation(age) degrees, position + sampler_position(age) metres (Stride space).
struct ShapeBuilder {
  ShapeBuilderKind type = ShapeBuilderKind::Billboard;
  bool scaleLength = true;      // oriented_quad: length also scales with the particle size
  float lengthFactor = 1.0f;    // oriented_quad
  FloatCurve samplerSize;       // multiplier over normalized age; empty = none
  FloatCurve samplerRotation;   // degrees added over normalized age (billboard, quad)
  Vec3Curve samplerPosition;    // metres added over normalized age
  QuatCurve samplerQuaternion;  // quad: 3D rotation over normalized age, after the own one
  // ribbon, trail: the particles in draw order joined into strips (a new strip where the Order's
  // group, its upper 16 bits, changes)
  Smoothing smoothing = Smoothing::None;
  int32_t segments = 3;  // quads between two particles when smoothed
  TexCoordPolicy texCoords = TexCoordPolicy::AsIs;
  float texCoordsFactor = 1.0f;
  bool uvFlipX = false, uvFlipY = false;
  UvClockwise uvClockwise = UvClockwise::Degree0;
  EdgePolicy edge = EdgePolicy::Center;  // trail only
  void reflect(FieldVisitor& v);
};

// UV builder (uv_flipbook.cpp): a flipbook of x_divisions x y_divisions frames, frame =
// starting_frame + floor(age x animation_speed), read left to right, top to bottom; or a scroll:
// the UV rectangle (x min, y min, x max, y max) moves from start_frame to end_frame over the
// particle's life (UVs past 0..1 repeat the texture).
enum class UvBuilderKind : int32_t { None, Flipbook, Scroll };
struct UvBuilder {
  UvBuilderKind type = UvBuilderKind::None;
  int32_t xDivisions = 4;
  int32_t yDivisions = 4;
  int32_t startingFrame = 0;
  float animationSpeed = 16.0f;  // frames over the particle's whole lifetime
  vec4 startFrame{0, 0, 1, 1};   // scroll: x min, y min, x max, y max at birth
  vec4 endFrame{0, 1, 1, 2};     // scroll: the same at the end of the life
  void reflect(FieldVisitor& v);
  void reflectScroll(FieldVisitor& v);
};

// One step of a material's colour operations (material_color_ops.cpp): colour = op(colour,
// operand), or op(operand, colour) when the operand is the left one, starting from the texture
// sample; the operand is the step's value, the particle's colour, the material's second
// texture's sample, the texture sample itself or the colour a push set aside last (taken back).
// A load step starts again from its operand; a push step first sets the colour so far aside
// (trees that are not one chain: Add(Multiply(a, b), Multiply(c, d))).
enum class ColorOperandKind : int32_t { Constant, ParticleColor, SecondTexture, Texture, Saved };
enum class ColorStepAction : int32_t { Apply, Load, Push };
struct MaterialColorOp {
  ColorOp op = ColorOp::Multiply;
  ColorOperandKind operand = ColorOperandKind::Constant;
  bool operandIsLeft = false;
  ColorRgba value{};
  ColorStepAction action = ColorStepAction::Apply;
  void reflect(FieldVisitor& v);
};
inline constexpr size_t kMaxMaterialColorOps = 10;
inline constexpr int kMaxColorOpsSetAside = 4;  // pushes not yet taken back

// Stride's TextureAddressMode: what a texture shows where its UVs leave 0..1.
enum class TextureAddress : int32_t { Wrap, Mirror, Clamp, Border, MirrorOnce };

struct Material {
  std::string texture = "assets/sprites/dot.png";
  std::string resolvedTexture;  // cache: resolved at load
  // The texture is sampled at the particle's UV (after the UV builder) x scale + offset,
  // repeating (Stride's ComputeTextureColor Scale and Offset).
  vec2 textureScale{1.0f, 1.0f};
  vec2 textureOffset{0.0f, 0.0f};
  // Past UVs 0..1, along U and V (Stride's AddressModeU / AddressModeV, Wrap by default).
  TextureAddress addressU = TextureAddress::Wrap, addressV = TextureAddress::Wrap;
  float alphaAdditive = 0.0f;  // 0 = alpha blended, 1 = additive (premultiplied colours)
  ColorRgba tint{};
  float intensity = 1.0f;
  float zOffset = 0.0f;           // m: depth moved toward the camera (Stride's view z + offset)
  float softEdgeDistance = 0.0f;  // m: > 0 fades where scene depth is this close behind
  // Empty: texture x particle colour x tint. Else the steps over the texture sample, then x tint.
  std::vector<MaterialColorOp> colorOps;
  // Without colour operations: whether the particle's colour multiplies in (Stride: the emissive
  // tree holds a ComputeVertexStreamColor; ParticleColorStream.sdsl is the colour's only way to
  // the pixel). false: texture x tint alone.
  bool particleColor = true;
  // A second map (a second ComputeTextureColor in Stride's colour tree), read only by colour
  // steps whose operand is it: sampled at the particle's UV (after the UV builder, as Stride's
  // both maps read the same coordinates) x scale + offset, repeating. Stride's particle vertices
  // carry texture coordinate channel 0 only; another channel reads (0, 0) x scale + offset.
  std::string secondTexture;          // empty: none (the steps read white)
  std::string resolvedSecondTexture;  // cache: resolved at load
  vec2 secondTextureScale{1.0f, 1.0f};
  vec2 secondTextureOffset{0.0f, 0.0f};
  int32_t secondTextureChannel = 0;  // 0..9 (Stride's TexcoordIndex)
  UvBuilder uvBuilder;
  void reflect(FieldVisitor& v);
};

struct EmitterDef {
  std::string name;
  bool enabled = true;
  int32_t maxParticlesOverride = 0;  // 0 = derived from lifetime and spawners
  FloatBounds lifetime{1.0f, 1.0f};  // s
  SimulationSpace space = SimulationSpace::World;
  SeedMethod seedMethod = SeedMethod::Time;
  int32_t drawPriority = 0;
  bool delayParticleDeath = false;
  Sorting sorting = Sorting::None;
  ShapeBuilder shapeBuilder;
  Material material;
  std::vector<SpawnerModule> spawners;
  std::vector<InitializerModule> initializers;
  std::vector<UpdaterModule> updaters;
  void reflect(FieldVisitor& v);
};

inline constexpr size_t kMaxEmitters = 16;
inline constexpr size_t kMaxModules = 32;
inline constexpr size_t kMaxParticlesPerEmitter = 100000;
inline constexpr size_t kMaxCurveKeys = 64;
inline constexpr int32_t kMaxRibbonSegments = 64;

// A Stride module (or setting) fxview does not simulate, kept verbatim from an imported asset so
// that saving the preset keeps it (engine/import/stride reports each once with its YAML line).
struct KeptModule {
  std::string tag;    // Stride type, e.g. "InitialPositionParent"
  std::string where;  // e.g. "emitter Bonfire, initializers"
  int32_t line = 0;   // 1-based YAML line in the source asset
  std::string yaml;   // the module as Stride wrote it
  void reflect(FieldVisitor& v);
  // "line 42: InitialPositionParent": how the inspector titles it in the not_simulated list.
  std::string title() const;
};
inline constexpr size_t kMaxKeptModules = 1024;

// The space the system's colours blend in (Stride's RenderingSettings.ColorSpace, Linear in a new
// project): linear light with sRGB-decoded textures and ComputeColor constants converted by
// ToColorSpace, vertex colours taken as they are; or gamma, every value as it is.
enum class ColorSpace : int32_t { Linear, Gamma };

// The system's bounding shape (Stride's ParticleSystem.BoundingShape): an axis-aligned box in
// Stride space placed by the component, GetAABB(translation, rotation, uniform scale). Stride
// sorts the system's emitters back to front by the box's centre (none: the system's position).
//   box: the 8 corners of minimum..maximum rotated (from the centre of minimum and maximum),
//        then x scale + translation (BoundingBoxStatic.GetAABB);
//   sphere: +-radius x scale about the translation (BoundingSphereStatic.GetAABB).
enum class BoundsKind : int32_t { None, Box, Sphere };
struct SystemBounds {
  BoundsKind type = BoundsKind::None;
  vec3 minimum{-1.0f};  // box
  vec3 maximum{1.0f};   // box
  float radius = 1.0f;  // sphere
  bool debugDraw = false;
  void reflect(FieldVisitor& v);
};
// The world box (Stride space) of the system placed by `component`: lo and hi.
void systemAabb(const SystemBounds& b, const Transform& component, vec3& lo, vec3& hi);

struct SystemDef {
  float warmUpTime = 0.0f;  // s simulated before the first frame
  ColorSpace colorSpace = ColorSpace::Linear;
  float resetSeconds = 0.0f;  // the preview restarts every this many seconds (0 = never)
  float speedScale = 1.0f;
  SystemBounds bounds;
  std::vector<EmitterDef> emitters;
  std::vector<KeptModule> kept;  // not simulated; carried through load and save
  void reflect(FieldVisitor& v);
};

// --- Kind metadata (one table per module list; the enum names are the JSON names) ---------------
extern const EnumOption kShapeKinds[5];
extern const EnumOption kBoundsKinds[3];
extern const EnumOption kSpawnerKinds[5];
extern const EnumOption kInitializerKinds[15];
extern const EnumOption kUpdaterKinds[7];
extern const EnumOption kShapeBuilderKinds[6];

// Post-updaters resolve after every other updater whatever their place in the list (seed:
// "This is a post-updater ..."). The collider is one too (reference stride notes §2.3).
bool isPostUpdater(UpdaterKind k);
// Whether a module draws a debug shape (and so whether its transform matters).
bool updaterHasShape(UpdaterKind k);

// Pool capacity: ceil(lifetime.max x sum of spawners' peak rates) unless overridden, capped.
// The pool capacity: the override or lifetime x peak spawn rate, at most `cap` (fxview's
// kMaxParticlesPerEmitter; kStressParticleCap when the budget is lifted).
size_t maxParticles(const EmitterDef& e, size_t cap = kMaxParticlesPerEmitter);
// ParticleEmitter.ParticleLifetime's setter takes only 0 < min <= max; any other value leaves the
// default (1, 1), which is what particleLifetime returns for it.
inline bool validLifetime(float lo, float hi) {
  return lo > 0.0f && hi >= lo;
}
FloatBounds particleLifetime(const EmitterDef& e);
float peakParticlesPerSecond(const SpawnerModule& s);

}  // namespace fx::stride
