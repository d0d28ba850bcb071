// Halo CE weather_particle_system (seed 001; reference halo notes §4, §5): up to 8 particle types,
// each simulated in a cube of edge "fade out end distance" at the world origin that wraps and is
// tiled around the camera when drawn; one 512-particle pool shared by the types in order.
//
// The definition is the tag's fields (reflected once, in tag order) plus what the build step
// computes (cache-only fields, the loaded sprite sheets). A type's point_physics and the system's
// wind are their own reflected structs, authored inline ("physics": {...}) or by path
// ("physics_path": "point_physics_rain.json"), resolved in finalize. The weather palette entry's
// parts (wind direction and magnitude, underwater, weather polyhedra) live on the effect entry.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/draw_list.h"
#include "engine/core/periodic.h"
#include "engine/core/sprite_sheet.h"
#include "engine/effects/effect.h"
#include "engine/effects/halo_weather/point_physics.h"
#include "engine/effects/halo_weather/wind.h"

namespace fx::weather {

inline constexpr int kMaxParticleTypes = 8;
inline constexpr int kMaxWeatherParticles =
    512;                                     // "The game can simulate up to 512 weather particles."
inline constexpr int kMaxPolyhedraUsed = 8;  // nearby polyhedra the renderer tests per frame

enum ParticleTypeFlag : uint32_t {
  kInterpolateColorsInHsv = 1u << 0,
  kAlongLongHuePath = 1u << 1,
  kRandomRotation = 1u << 2,
};

enum ShaderFlag : uint32_t {
  kSortBias = 1u << 0,
  kNonlinearTint = 1u << 1,
  kDontOverdrawFpWeapon = 1u << 2
};
enum MapFlag : uint32_t { kUnfiltered = 1u << 0 };

enum class DirectionSource : int32_t { FromVelocity, FromAcceleration };
enum class MapAnchor : int32_t { WithPrimary, WithScreenSpace, ZSprite };
enum class FunctionOut : int32_t { None, AOut, BOut, COut, DOut };

// One axis of the secondary map animation (reference §4.6).
struct MapAnimation {
  FunctionOut source = FunctionOut::None;
  PeriodicFunction function = PeriodicFunction::One;
  float period = 0.0f;  // s; 0 means 1
  float phase = 0.0f;   // s
  float scale = 0.0f;   // repeats (u, v) or degrees (rotation)
};

struct ParticleType {
  std::string name;
  uint32_t flags = 0;
  float fadeInStartDistance = 0.0f, fadeInEndDistance = 0.0f;
  float fadeOutStartDistance = 0.0f,
        fadeOutEndDistance = 0.0f;  // fade out end = simulation cube edge
  float fadeInStartHeight = -500.0f, fadeInEndHeight = -500.0f;
  float fadeOutStartHeight = 500.0f, fadeOutEndHeight = 500.0f;
  FloatBounds particleCount;  // particles per cubic wu
  PointPhysics physics;
  std::string physicsPath;  // a point_physics definition file; overrides the inline "physics"
  FloatBounds accelerationMagnitude;
  float accelerationTurningRate = 0.0f;
  float accelerationChangeRate = 0.0f;
  FloatBounds particleRadius;  // wu
  FloatBounds animationRate;   // frames/s
  FloatBounds rotationRate;    // deg/s
  ColorRgba colorLowerBound, colorUpperBound;
  float spriteSize = 0.0f;   // cache-only: 1 / largest sprite pixel dimension of sequence 0
  std::string spriteBitmap;  // PNG with optional .sprites.json side-car
  SpriteOrientation renderMode = SpriteOrientation::ScreenFacing;
  DirectionSource renderDirectionSource = DirectionSource::FromVelocity;
  int32_t notBroken = 0;  // cache-only
  uint32_t shaderFlags = 0;
  BlendMode framebufferBlendFunction = BlendMode::AlphaBlend;
  FadeMode framebufferFadeMode = FadeMode::None;
  uint32_t mapFlags = 0;
  std::string bitmap;  // secondary map
  MapAnchor anchor = MapAnchor::WithPrimary;
  uint32_t flags1 = 0;  // secondary map: unfiltered
  MapAnimation uAnimation, vAnimation, rotationAnimation;
  vec2 rotationAnimationCenter{0.0f};
  float zspriteRadiusScale = 0.0f;

  // Runtime, filled by finalize (not reflected).
  std::string spritePath;     // resolved
  std::string secondaryPath;  // resolved
  SpriteSheet sheet = SpriteSheet::single();
  vec2 pagePx{0.0f};  // sprite page size in pixels (0 when unreadable)

  void reflect(FieldVisitor& v);
  // reflect's field groups, in the order reflect calls them (weather_fields.cpp).
  void reflectIdentity(FieldVisitor& v);
  void reflectFade(FieldVisitor& v);
  void reflectMotion(FieldVisitor& v);
  void reflectSprite(FieldVisitor& v);
  void reflectShader(FieldVisitor& v);
  float boxWidth() const { return fadeOutEndDistance; }
};

// A weather polyhedron (level geometry): particles inside it are not drawn. Either a box
// (box_min/box_max) or convex planes [nx, ny, nz, d], inside where n.p <= d for every plane; a
// BSP's polyhedra also carry their bounding sphere (sphere_radius > 0), which decides whether
// the polyhedron is near the camera.
struct Polyhedron {
  vec3 boxMin{0.0f}, boxMax{0.0f};
  std::vector<vec4> planes;
  vec3 sphereCenter{0.0f};
  float sphereRadius = 0.0f;  // 0: none

  void reflect(FieldVisitor& v);
  bool usesPlanes() const { return !planes.empty(); }
  bool contains(vec3 p) const;
  // Bounding sphere: the given one, else the box's; infinite for plane sets without one (always
  // "nearby").
  void bounds(vec3& center, float& radius) const;
};

class WeatherDefinition final : public EffectDefinition {
 public:
  int32_t version = 1;
  uint32_t flags = 0;  // unused
  std::vector<ParticleType> particleTypes;
  Wind wind;
  std::string windPath;

  // Effect entry (the weather palette entry and the level around it).
  WindPalette palette;
  std::string entryWindPath;  // the entry's "wind_path" (a .wind tag or JSON); overrides windPath
  bool underwater = false;
  std::vector<Polyhedron> polyhedra;
  // fxview gallery option: false (default) shares the world's one 512-particle pool with every
  // other weather effect in effect order; true gives this effect its own pool.
  bool ownPool = false;

  WeatherDefinition();
  void reflect(FieldVisitor& v) override;
  void reflectEntry(FieldVisitor& v) override;
  void finalize(const LoadContext& ctx) override;
  void lint(const SceneObject* attachedTo, const Scene& scene, const EffectPlacement& where,
            Diagnostics& out, const std::string& file, const std::string& pointer) const override;
  std::unique_ptr<EffectDefinition> clone() const override {
    return std::make_unique<WeatherDefinition>(*this);
  }
};

// "Max achievable density": 512 / box^3 (the seed's table: 0.5 -> 4096, 8 -> 1).
inline float maxAchievableDensity(float box) {
  return box > 0.0f ? float(kMaxWeatherParticles) / (box * box * box) : 0.0f;
}

// The sprite page size in texels: a PNG header, or a bitmap tag's first page (0,0 when unreadable).
vec2 pngSize(const std::string& path);

}  // namespace fx::weather
