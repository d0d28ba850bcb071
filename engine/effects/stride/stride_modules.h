// Every module's two halves, one file per module (spawner_*.cpp, initializer_*.cpp,
// updater_*.cpp): the fields of its kind (reflected only while the module has that kind) and
// what it does to the pool. stride_fields.cpp dispatches on the kind; stride_emitter.cpp runs
// the modules in the engine's frame order.
#pragma once

#include <algorithm>
#include <cstddef>

#include "engine/effects/stride/stride_definition.h"
#include "engine/effects/stride/stride_pool.h"

namespace fx::stride {

// --- Spawners -----------------------------------------------------------------------------------
enum class SpawnerPhase : uint8_t { Inactive, Rest, Active, Dead };

// Runtime state of one spawner (ParticleSpawner's state machine and carried fraction).
struct SpawnerRuntime {
  SpawnerPhase phase = SpawnerPhase::Inactive;
  float stateTime = 0.0f;  // s left in the current phase
  RandomSeed seed;         // drawn from the emitter's seed generator on first update
  uint32_t randomOffset = 0;
  bool initialized = false;
  bool burstDone = false;  // burst: emitted since the spawner was last seen not Active
  float carry = 0.0f;      // fraction carried to the next frame
  bool hasBegun = false;   // from_distance: measuring since the spawner became active
  vec3 oldPosition{0.0f};  // from_distance: system position last frame
};

// Advances the state machine by dt (consuming dt across several switches within one frame) and
// returns the phase at the end of the frame. Inactive -> Rest (delay) -> Active (duration), then
// looping -> Rest, looping_no_delay -> Active, one_shot -> Dead.
SpawnerPhase advanceSpawner(const SpawnerModule& s, SpawnerRuntime& rt, float dt);

// Particles to emit this frame (the spawner is in `phase` at the end of the frame).
int spawnPerSecond(const SpawnerModule& s, SpawnerRuntime& rt, float dt);
int spawnPerFrame(const SpawnerModule& s, SpawnerRuntime& rt);
int spawnBurst(const SpawnerModule& s, SpawnerRuntime& rt);
// Burst: once while Active; re-armed only when a frame ends in (or switches to) a non-Active
// phase, so with looping_no_delay (Active -> Active) it bursts once, as in the engine.
// From distance: the first active frame only records the system position.
int spawnFromDistance(const SpawnerModule& s, SpawnerRuntime& rt, vec3 systemPosition);

void reflectPerSecond(SpawnerModule& s, FieldVisitor& v);
void reflectPerFrame(SpawnerModule& s, FieldVisitor& v);
void reflectBurst(SpawnerModule& s, FieldVisitor& v);
void reflectFromDistance(SpawnerModule& s, FieldVisitor& v);

// --- Child particles (stride_children.h) ---------------------------------------------------------
// A parent emitter as its children's modules see it this frame: its definition and pool (null
// when no emitter has the name). Child spawners write the parent's children flags and
// order_parent its child counters, so the pool is not const.
struct ParentView {
  const EmitterDef* def = nullptr;
  ParticlePool* pool = nullptr;
};

// from_parent: records each parent particle's children this frame in the parent's control-group
// field (count = (min + (max - min) x parent seed float(0)) x the trigger's value, floored with
// the remainder carried, at most 255 recorded per parent) and returns their sum. Nothing while
// the spawner is not active, without a parent or without the group's field.
int spawnFromParent(const SpawnerModule& s, const SpawnerRuntime& rt, ParentView parent);
void reflectFromParent(SpawnerModule& s, FieldVisitor& v);

// --- Initializers -------------------------------------------------------------------------------
struct InitContext {
  ModuleWorld world;
  vec3 parentDelta{0.0f};   // position "interpolate": the module's position at its last batch
                            // minus its position now (0 at the first batch)
  vec3 target{0, 0, -1};    // position_arc: target minus module position (simulation space)
  uint64_t spawnIndex = 0;  // particles this emitter spawned before this batch
  // The whole batch of this frame's new particles, [batchBegin, batchEnd) of the pool, when an
  // initializer is called on a part of it (parallel chunks); batchEnd = 0: the call's own range
  // is the batch. Initializers that depend on a particle's place in the batch (position
  // "interpolate", position_arc "ordered") count from batchBegin, so any split gives the same
  // result.
  size_t batchBegin = 0, batchEnd = 0;
  uint32_t orderBase = 0;       // spawn_order(_group): the counter at the batch's first particle
  ParentView parent;            // *_parent: the parent emitter
  uint32_t* counter = nullptr;  // order_parent: its running counter (advanced per particle)
  size_t firstOfBatch(size_t begin) const { return batchEnd > 0 ? batchBegin : begin; }
  size_t endOfBatch(size_t end) const { return batchEnd > 0 ? batchEnd : end; }
};

// Initialize particles [begin, end) of the pool.
void initPosition(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                  size_t end);
void initVelocity(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                  size_t end);
void initSize(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
              size_t end);
void initRotation(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                  size_t end);
void initColor(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
               size_t end);
void initPositionArc(const InitializerModule& m, const InitContext& c, ParticlePool& p,
                     size_t begin, size_t end);
void initDirection(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                   size_t end);
void initRotation3D(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                    size_t end);
// spawn_order and spawn_order_group: Order = orderBase + the particle's place in the batch
// (stride_order.h has the counters and layouts).
void initSpawnOrder(const InitContext& c, ParticlePool& p, size_t begin, size_t end);
// position_parent, velocity_parent, color_parent, size_parent, order_parent
// (initializer_parent.cpp): the whole batch at once, in order (the parents are walked along it).
void initFromParent(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                    size_t end);
bool isParentInitializer(InitializerKind k);

void reflectInitPosition(InitializerModule& m, FieldVisitor& v);
void reflectInitVelocity(InitializerModule& m, FieldVisitor& v);
void reflectInitSize(InitializerModule& m, FieldVisitor& v);
void reflectInitRotation(InitializerModule& m, FieldVisitor& v);
void reflectInitColor(InitializerModule& m, FieldVisitor& v);
void reflectInitPositionArc(InitializerModule& m, FieldVisitor& v);
void reflectInitDirection(InitializerModule& m, FieldVisitor& v);
void reflectInitRotation3D(InitializerModule& m, FieldVisitor& v);
void reflectInitParent(InitializerModule& m, FieldVisitor& v);

uint32_t initializerFields(InitializerKind k);

// --- Updaters -----------------------------------------------------------------------------------
// Updaters touch particles [begin, end) only (clamped to the live count), so the emitter can run
// them over chunks on several threads; each particle's result is independent of the others.
inline constexpr size_t kAllParticles = ~size_t(0);
void updateForceField(const UpdaterModule& m, const ModuleWorld& w, ParticlePool& p, float dt,
                      size_t begin = 0, size_t end = kAllParticles);
void updateCollider(const UpdaterModule& m, const ModuleWorld& w, ParticlePool& p, size_t begin = 0,
                    size_t end = kAllParticles);
void updateGravity(const UpdaterModule& m, ParticlePool& p, float dt, size_t begin = 0,
                   size_t end = kAllParticles);
void updateDirectionFromSpeed(const UpdaterModule& m, ParticlePool& p, float dt, size_t begin = 0,
                              size_t end = kAllParticles);
void updateColorAnimation(const UpdaterModule& m, ParticlePool& p, size_t begin = 0,
                          size_t end = kAllParticles);
void updateRotationAnimation(const UpdaterModule& m, ParticlePool& p, size_t begin = 0,
                             size_t end = kAllParticles);
void updateSizeAnimation(const UpdaterModule& m, const ModuleWorld& w, ParticlePool& p,
                         size_t begin = 0, size_t end = kAllParticles);

void reflectForceField(UpdaterModule& m, FieldVisitor& v);
void reflectCollider(UpdaterModule& m, FieldVisitor& v);
void reflectGravity(UpdaterModule& m, FieldVisitor& v);
void reflectDirectionFromSpeed(UpdaterModule& m, FieldVisitor& v);
void reflectColorAnimation(UpdaterModule& m, FieldVisitor& v);
void reflectRotationAnimation(UpdaterModule& m, FieldVisitor& v);
void reflectSizeAnimation(UpdaterModule& m, FieldVisitor& v);

uint32_t updaterFields(UpdaterKind k);

// Shared by the three animation updaters: the main curve, or with a second curve
// lerp(main(t), second(t), r) with r = seed.GetFloat(Offset1A + seed offset) per particle.
float animationBlend(const UpdaterModule& m, uint32_t particleSeed);

// --- Shape builders and UV builders (draw time) --------------------------------------------------
void reflectShapeSamplers(ShapeBuilder& b, FieldVisitor& v);
void reflectRibbon(ShapeBuilder& b, FieldVisitor& v);

// The shape builder's additive samplers at a particle's normalized age (1 - remaining life),
// baked to 32 samples as Stride's ComputeCurveSampler does. Applied over the particle's fields
// when drawing, never written back.
struct ShapeSamplers {
  bool size = false, rotation = false, position = false, quaternion = false;
  float sizeTable[kBakedSamples];
  quat quaternionTable[kBakedSamples];  // quad only
  float rotationTable[kBakedSamples];   // degrees
  vec3 positionTable[kBakedSamples];    // metres, Stride space
  explicit ShapeSamplers(const ShapeBuilder& b);
  float sizeFactor(float age) const { return size ? sampleBaked(sizeTable, age) : 1.0f; }
  float rotationDeg(float age) const { return rotation ? sampleBaked(rotationTable, age) : 0.0f; }
  vec3 offset(float age) const { return position ? sampleBaked(positionTable, age) : vec3(0.0f); }
  // The quad's sampled 3D rotation: the baked samples joined by slerp; identity without one.
  quat rotation3d(float age) const;
};

// The UV builder's rectangle (left, right, top, bottom) at a normalized age: the flipbook's
// frame, or the scroll's rectangle lerped from start_frame to end_frame; the whole texture
// without a UV builder.
vec4 flipbookUv(const UvBuilder& uv, float age);
// Maps a shape's own UV (0..1 across the shape) into the UV builder's rectangle.
inline vec2 uvInRect(vec4 rect, vec2 uv) {
  return {rect.x + (rect.y - rect.x) * uv.x, rect.z + (rect.w - rect.z) * uv.y};
}

}  // namespace fx::stride
