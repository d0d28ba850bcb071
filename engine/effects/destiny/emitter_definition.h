// The Destiny-style emitter (seed "Emitters", class 0x80806E2C) and particle system (seed
// "Particle systems", class 0x80806E28) as plain reflected structs. Every field the seed lists is
// here, in the seed's order; the emitter program is authored as hex bytes or as assembly text
// (FieldHint::Code) and compiled + verified in finalize (emitter_program.h). The 55 channel
// records map the fixed channel name list (kChannels below) onto stream groups.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/diagnostics.h"
#include "engine/core/draw_list.h"
#include "engine/core/fields.h"
#include "engine/effects/destiny/emitter_program.h"

namespace fx {
struct LoadContext;
}

namespace fx::destiny {

// --- channels ---------------------------------------------------------------------------------
// Seed: "The 55 channels follow a fixed name list in the executable, from particle_age to
// emitter_grid_count." The seed names the first 18 and the last; fxview names the others after
// the quantities the seed's spawn steps and integrator use (documented in docs/emitter_opcodes.md).
enum class Ch : uint8_t {
  ParticleAge,
  ParticleRandom,
  ParticleSystemAge,
  ParticleSystemRandom,
  ParticleEmitTime,
  ParticleLifetime,
  ParticlePosition,
  ParticleVelocity,
  InitialParticlePosition,
  InitialParticleVelocity,
  EmissionRate,
  EmitterShapeScale,
  EmitterAngle,
  EmitterRadius,
  EmitterLength,
  InitialSpeed,
  InitialParticleCount,
  ParticleMaxCount,
  // fxview's names from here to EmitterGridCount
  ParticleSystemDuration,
  ParticleSpawnId,
  GravityStrength,
  AirFriction,
  Acceleration0Direction,
  Acceleration0Strength,
  Acceleration1Direction,
  Acceleration1Strength,
  AngularVelocity,
  AngularPosition,
  RotationalAcceleration,
  RotationalFriction,
  InitialRotationRate,
  InheritParentVelocity,
  ParticleCameraDistance,
  InitialCameraDistance,
  ParticleSize,
  ParticleColor,
  ParticleSpriteFrame,
  ParticleAspect,
  EmissionDistance,
  ParticleSystemTime,
  ParticleSystemLiveCount,
  ParticleSystemSpawnCount,
  ParticleSystemPosition,
  ParticleSystemVelocity,
  ParticlePreviousPosition,
  ParticleDirection,
  ParticleFade,
  ParticleStretch,
  ParticleSystemScale,
  SpawnFrameFraction,
  EmitterShapeOffset,
  EmitterGridJitter,
  EmitterGridCell,
  EmissionCarry,
  EmitterGridCount,
};
inline constexpr int kChannelCount = 55;

// Who writes a channel decides the groups it may live in (checked in finalize): the native code
// writes ParticleWrite channels per particle (groups 0, 1) and SystemWrite channels per system
// (groups 2, 4, 5); Read channels are only read by the native code (any group).
enum class ChannelKind : uint8_t { Read, ParticleWrite, SystemWrite };

struct ChannelInfo {
  std::string_view name;
  uint8_t floats;  // width: 1 scalar, 3 vector, 4 colour
  bool seedNamed;  // the seed names it; otherwise fxview's name
  ChannelKind kind;
  vec4 unbound;  // what the native code reads when the record is unused (group 0xFF)
  std::string_view doc;
};

extern const std::array<ChannelInfo, kChannelCount> kChannels;

// Stream groups (seed: "0, 1 the particle's own two streams; 2 spawn scratch for the system; 4, 5
// the system instance; 6 the emitter's channel constants"). Group 0xFF marks an unused channel.
inline constexpr uint8_t kGroupUnused = 0xFF;
inline constexpr int kSystemGroupVec4s =
    16;                                     // groups 2, 4 and 5 each hold 16 vec4s (fxview's size)
inline constexpr int kMaxStreamVec4s = 16;  // vec4s per particle in streams 0 and 1 (cap)
inline constexpr int kMaxTransformSlots =
    7;  // seed: "total transform slots, at most 7 in the install"

struct ChannelRecord {
  int32_t group = kGroupUnused;
  int32_t slot = 0;  // float index into the group (vec4 index * 4 + lane)
};

// --- spawn shapes and directions ---------------------------------------------------------------
enum class SpawnShape : int32_t { Point, Ring, SphereSurface, Segment, Cube, Grid };
enum class SpawnDirection : int32_t { Cone, TiltedTowardPoint, Sphere, FromOrigin, FromOrigin4 };

inline constexpr uint32_t kFlagInterpolateSpawnA = 0x200;
inline constexpr uint32_t kFlagInterpolateSpawnB = 0x400;
inline constexpr uint32_t kFlagRandomGridCells = 0x2000;

struct SlotGroup {
  int32_t first = 0;
  int32_t count = 0;
  void reflect(FieldVisitor& v);
};

struct EmitterDefinition {
  std::vector<vec4> channelConstants;  // +0x08, group 6
  std::vector<int32_t> slotList;       // +0x18, row-byte indices
  std::vector<SlotGroup> slotGroups;   // +0x28
  int32_t spawnGroup = 0;              // +0x38
  int32_t simulationGroup = 0;
  int32_t group2 = 0;
  int32_t group3 = 0;
  int32_t spawnFrameSlot = 0;                            // +0x40
  int32_t simulationFrameSlot = 0;                       // +0x41
  uint32_t flags = 0;                                    // +0x44
  int32_t transformSlotCount = 1;                        // +0x47, 1..7
  std::string program;                                   // +0x50, hex bytes or assembly text
  std::vector<vec4> constants;                           // +0x60
  std::vector<int32_t> stageLengths;                     // +0x70, eight
  std::array<ChannelRecord, kChannelCount> channels;     // +0x80
  std::vector<int32_t> smallIndices;                     // +0x100
  SpawnShape spawnShape = SpawnShape::Point;             // +0x115
  SpawnDirection spawnDirection = SpawnDirection::Cone;  // +0x116
  int32_t stream0Vec4s = 4;                              // +0x141
  int32_t stream1Vec4s = 4;                              // +0x142
  bool acceleration0EmitterFrame = false;                // +0x149
  bool acceleration1EmitterFrame = false;                // +0x14A

  // Derived in finalize (never authored): the verified program.
  std::shared_ptr<const CompiledProgram> compiled;

  void reflect(FieldVisitor& v);
  // reflect's field groups, in the order reflect calls them (emitter_fields.cpp).
  void reflectLayout(FieldVisitor& v);
  void reflectProgram(FieldVisitor& v);
  void reflectSpawn(FieldVisitor& v);
  // Compiles the program and checks the channel records; errors under `pointer` ("/emitter").
  void finalize(const std::string& file, const std::string& pointer, Diagnostics& diags);
};

// The raster material (seed +0x14): fxview draws it as a sprite texture + blend + orientation.
struct RasterMaterial {
  std::string texture;  // PNG (TexturePath); resolved in finalize
  BlendMode blend = BlendMode::Add;
  SpriteOrientation orientation = SpriteOrientation::ScreenFacing;
  float size = 0.1f;            // wu, when particle_size is unbound
  ColorRgba color{1, 1, 1, 1};  // tint; multiplied by particle_color when bound
  std::string resolvedTexture;  // cache
  void reflect(FieldVisitor& v);
};

struct SystemVariant {
  EmitterDefinition emitter;
  RasterMaterial material;
  void reflect(FieldVisitor& v);
};

struct ParticleSystemDefinition {
  EmitterDefinition emitter;  // +0x00, inline
  std::string emitterFile;    // or a separate emitter JSON (DefinitionPath), overriding inline
  RasterMaterial material;    // +0x14
  std::vector<SystemVariant> variants;  // seed: a row may list several systems as variants
  int32_t variant =
      -1;  // which variant plays (-1 = the base system); the game's choice is unverified
  float duration = 1.0f;  // s: the node duration particle_system_age runs over (a sequence sets it)
  float gravityScale = 1.0f;  // the seed's unknown "system scale" on gravity
  int32_t gpuSimulated = 0;   // +0x04..+0x10 compute materials: stored, not simulated (unused)

  void reflect(FieldVisitor& v);
  void finalize(const LoadContext& lc);
  // The emitter/material pair the chosen variant plays.
  const EmitterDefinition& activeEmitter() const;
  const RasterMaterial& activeMaterial() const;
};

std::span<const EnumOption> spawnShapeOptions();
std::span<const EnumOption> spawnDirectionOptions();
std::span<const EnumOption> blendModeOptions();
std::span<const EnumOption> orientationOptions();

}  // namespace fx::destiny
