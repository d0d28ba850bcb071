// One emitter's runtime and its frame (reference stride notes §2.1, ParticleEmitter):
//   1. age particles (remaining life -= dt / lifetime), remove the dead (swap-remove), then
//      old position = position, position += velocity dt;
//   2. updaters that are not post-updaters, in list order;
//   3. spawners, then new particles: next seed, life 1, defaults, initializers in list order
//      (spawns beyond the pool's free slots are dropped, as in the engine);
//   4. post-updaters (collider, direction from speed, colour / rotation / size animation), in
//      list order.
// The component transform (the effect's placement) is given in Stride space each frame. In world
// simulation space modules inherit it; in local space they inherit identity and the drawing
// applies it.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "engine/core/debug_draw.h"
#include "engine/core/draw_list.h"
#include "engine/core/view.h"
#include "engine/effects/stride/stride_modules.h"
#include "engine/effects/stride/stride_ribbon.h"
#include "engine/effects/stride/stride_sort.h"

namespace fx::stride {

// What drawing an emitter keeps between frames (a steady frame allocates nothing).
struct DrawScratch {
  std::vector<uint32_t> order;  // draw order (pool indices)
  SortScratch sort;
  RibbonScratch ribbon;
  std::vector<vec4> colours;  // per drawn particle (strips)
};

struct EmitterRuntime {
  ParticlePool pool;
  std::vector<SpawnerRuntime> spawners;
  uint32_t nextSeed = 0;  // the emitter's seed generator: +1 per particle / spawner
  bool seeded = false;
  uint64_t spawned = 0;     // particles spawned so far
  uint64_t dropped = 0;     // spawns lost to a full pool
  Transform lastComponent;  // Stride space, last frame
  bool hasLast = false;
  // Per-frame scratch, sized to the pool once.
  std::vector<uint8_t> dead;         // per slot: died this frame
  std::vector<size_t> deadPerChunk;  // per parallel chunk: particles that died
  RemovalScratch removal;
  std::vector<InitContext> initContexts;  // per initializer, this frame's batch
  std::vector<uint32_t> orderCounters;    // per initializer: spawn order's next number
  std::vector<vec3> lastBatchAt;          // per initializer: its position at its last batch
  std::vector<uint8_t> hadBatch;          // per initializer: whether it initialized one yet
  mutable DrawScratch drawScratch;
};

struct EmitterStep {
  float dt = 0.0f;
  Transform component;        // Stride space
  uint32_t instanceSeed = 0;  // fxview's stand-in for the engine's clock seed
  uint32_t emitterIndex = 0;
  size_t particleCap = kMaxParticlesPerEmitter;  // kStressParticleCap with the budget lifted
  // Finds a scene object's position in Stride space (position_arc targets).
  std::function<bool(std::string_view, vec3&)> findObject;
  // Child particles (stride_children.h): the emitter a module names as its parent, and what the
  // emitters following this one need of it.
  std::function<ParentView(const std::string&)> findParent;
  uint32_t linkedFields = 0;
  bool delayDeath = false;
};

// The pool fields an emitter's modules require.
uint32_t requiredFields(const EmitterDef& def);
// Lays the pool out for the definition (on the first frame and after module-list edits).
// `linkedFields`: fields its children need on it (stride_children.h).
void prepareEmitter(const EmitterDef& def, EmitterRuntime& rt,
                    size_t particleCap = kMaxParticlesPerEmitter, uint32_t linkedFields = 0);
// The seed the emitter's generator starts from.
uint32_t emitterSeed(SeedMethod method, const Transform& component, uint32_t instanceSeed,
                     uint32_t emitterIndex);

void stepEmitter(const EmitterDef& def, EmitterRuntime& rt, const EmitterStep& step);

// Simulation space -> Stride world, for drawing and dumps.
inline vec3 toStrideWorld(const EmitterDef& def, const Transform& component, vec3 p) {
  return def.space == SimulationSpace::Local ? component.apply(p) : p;
}

// Draws for `view` (the sorters' depth axis, the ribbons' screen-facing widths), its batches in
// linear light unless the system's colours blend in gamma (SystemDef::colorSpace).
void drawEmitter(const EmitterDef& def, const EmitterRuntime& rt, const Transform& component,
                 DrawList& draw, const View& view = View{}, ColorSpace space = ColorSpace::Linear);
void drawEmitterDebug(const EmitterDef& def, const Transform& component, bool allShapes,
                      DebugDraw& debug,
                      const std::function<bool(std::string_view, vec3&)>& findObject);

}  // namespace fx::stride
