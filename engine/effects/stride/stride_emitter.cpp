#include "engine/effects/stride/stride_emitter.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "engine/core/parallel.h"
#include "engine/effects/stride/stride_order.h"

namespace fx::stride {

namespace {

constexpr float kZeroTolerance = 1e-6f;  // MathUtil.ZeroTolerance

Transform moduleParent(const EmitterDef& def, const Transform& component) {
  return def.space == SimulationSpace::World ? component : Transform{};
}

void runUpdater(const UpdaterModule& m, const Transform& parent, ParticlePool& p, float dt,
                size_t begin, size_t end) {
  switch (m.type) {
    case UpdaterKind::ForceField:
      updateForceField(m, moduleWorld(m.transform, parent), p, dt, begin, end);
      break;
    case UpdaterKind::Collider:
      updateCollider(m, moduleWorld(m.transform, parent), p, begin, end);
      break;
    case UpdaterKind::Gravity:
      updateGravity(m, p, dt, begin, end);
      break;
    case UpdaterKind::DirectionFromSpeed:
      updateDirectionFromSpeed(m, p, dt, begin, end);
      break;
    case UpdaterKind::ColorAnimation:
      updateColorAnimation(m, p, begin, end);
      break;
    case UpdaterKind::RotationAnimation:
      updateRotationAnimation(m, p, begin, end);
      break;
    case UpdaterKind::SizeAnimation:
      updateSizeAnimation(m, moduleWorld(m.transform, parent), p, begin, end);
      break;
  }
}

void runInitializer(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                    size_t end) {
  if (isParentInitializer(m.type)) return initFromParent(m, c, p, begin, end);
  switch (m.type) {
    case InitializerKind::Position:
      initPosition(m, c, p, begin, end);
      break;
    case InitializerKind::Velocity:
      initVelocity(m, c, p, begin, end);
      break;
    case InitializerKind::Size:
      initSize(m, c, p, begin, end);
      break;
    case InitializerKind::Rotation:
      initRotation(m, c, p, begin, end);
      break;
    case InitializerKind::Color:
      initColor(m, c, p, begin, end);
      break;
    case InitializerKind::PositionArc:
      initPositionArc(m, c, p, begin, end);
      break;
    case InitializerKind::Direction:
      initDirection(m, c, p, begin, end);
      break;
    case InitializerKind::Rotation3D:
      initRotation3D(m, c, p, begin, end);
      break;
    case InitializerKind::SpawnOrder:
    case InitializerKind::SpawnOrderGroup:
      initSpawnOrder(c, p, begin, end);
      break;
    default:
      break;
  }
}

// to[j] += from[j] * scale over n floats (vec3 arrays seen as their components: the same
// per-component operation as vec3 += vec3 * float, in a loop the compiler vectorises).
void addScaled(float* __restrict to, const float* __restrict from, float scale, size_t n) {
  for (size_t j = 0; j < n; ++j) to[j] += from[j] * scale;
}

constexpr float kDead = -1e30f;  // delayed death: marks "died last frame" (never survives)
// Particles per block of the fused update: a block's touched fields stay in L1/L2 while every
// module runs over it.
constexpr size_t kUpdateBlock = 1024;

// Frame steps 1, 2 and 4 for the particles alive at the start of the frame, over [begin, end)
// in blocks: age (marking the dead in `dead`), move, then every enabled updater that is not a
// post-updater and (`withPost`) every post-updater, in list order. Returns the dead count.
// `delayed`: a particle whose life runs out stays one more frame at life 1e-6 (Stride's
// DelayParticleDeath).
//
// This is the engine's order per particle. Removal (step 1) only renumbers the survivors, and
// spawning (step 3) only appends particles, while every updater reads and writes the particle
// it is on alone; so updating the survivors before removal instead of after, and their
// post-update before the spawn instead of after, gives each survivor the same bits. A dead
// particle's life is parked at 0 (the updaters then see an ordinary age) and the particle is
// removed after the pass, whatever the updaters wrote into it. An emitter that reads its own
// particles as a parent (stride_children.h) sees them between the two: it runs the post-updaters
// after the spawn (withPost false here).
struct AgeMove {
  bool delayed = false;
  bool withPost = true;
};
size_t ageMoveUpdate(const EmitterDef& def, const Transform& parent, ParticlePool& p, float dt,
                     AgeMove how, uint8_t* dead, size_t begin, size_t end) {
  const bool delayed = how.delayed;
  const bool hasOld = p.has(kFieldOldPosition), hasVel = p.has(kFieldVelocity);
  float* life = p.life.data();
  const float* lifetime = p.lifetime.data();
  vec3* position = p.position.data();
  const vec3* velocity = hasVel ? p.velocity.data() : nullptr;
  vec3* oldPosition = hasOld ? p.oldPosition.data() : nullptr;
  size_t deadCount = 0;
  for (size_t b = begin; b < end; b += kUpdateBlock) {
    const size_t e = std::min(b + kUpdateBlock, end);
    for (size_t i = b; i < e; ++i) {
      float l = std::min(life[i], 1.0f);
      bool gone;
      if (delayed) {
        // Died last frame: removed one frame late.
        l = l <= kZeroTolerance ? kDead : std::max(l - dt / lifetime[i], kZeroTolerance);
        gone = l == kDead;
      } else {
        l -= dt / lifetime[i];
        gone = l <= kZeroTolerance;
      }
      life[i] = gone ? 0.0f : l;
      dead[i] = uint8_t(gone);
      deadCount += gone;
    }
    if (oldPosition)
      for (size_t i = b; i < e; ++i) oldPosition[i] = position[i];
    if (velocity) addScaled(&position[b].x, &velocity[b].x, dt, 3 * (e - b));
    for (bool post : {false, true})
      for (const auto& m : def.updaters)
        if (m.enabled && isPostUpdater(m.type) == post && (how.withPost || !post))
          runUpdater(m, parent, p, dt, b, e);
  }
  return deadCount;
}

void postUpdate(const EmitterDef& def, const Transform& parent, ParticlePool& p, float dt,
                size_t begin, size_t end) {
  for (const auto& m : def.updaters)
    if (m.enabled && isPostUpdater(m.type)) runUpdater(m, parent, p, dt, begin, end);
}

ParentView parentOf(const EmitterStep& step, const std::string& name) {
  return step.findParent ? step.findParent(name) : ParentView{};
}

// Whether a module of the emitter reads the emitter's own particles as its parent.
bool readsOwnPool(const EmitterDef& def, const EmitterRuntime& rt, const EmitterStep& step) {
  if (!step.findParent) return false;
  for (const auto& s : def.spawners)
    if (s.type == SpawnerKind::FromParent && parentOf(step, s.parent).pool == &rt.pool) return true;
  for (const auto& m : def.initializers)
    if (isParentInitializer(m.type) && parentOf(step, m.parent).pool == &rt.pool) return true;
  return false;
}

bool hasParentInitializer(const EmitterDef& def) {
  for (const auto& m : def.initializers)
    if (m.enabled && isParentInitializer(m.type)) return true;
  return false;
}

int spawnCount(const SpawnerModule& s, SpawnerRuntime& rt, float dt, vec3 systemPosition,
               const EmitterStep& step) {
  switch (s.type) {
    case SpawnerKind::PerSecond:
      return spawnPerSecond(s, rt, dt);
    case SpawnerKind::PerFrame:
      return spawnPerFrame(s, rt);
    case SpawnerKind::Burst:
      return spawnBurst(s, rt);
    case SpawnerKind::FromDistance:
      return spawnFromDistance(s, rt, systemPosition);
    case SpawnerKind::FromParent:
      return spawnFromParent(s, rt, parentOf(step, s.parent));
  }
  return 0;
}

}  // namespace

uint32_t requiredFields(const EmitterDef& def) {
  uint32_t f = kFieldsAlways;
  for (const auto& m : def.initializers) {
    f |= initializerFields(m.type);
    if (isParentInitializer(m.type)) f |= kFieldParent;
  }
  for (const auto& m : def.updaters) f |= updaterFields(m.type);
  return f;
}

void prepareEmitter(const EmitterDef& def, EmitterRuntime& rt, size_t particleCap,
                    uint32_t linkedFields) {
  uint32_t fields = requiredFields(def) | linkedFields;
  size_t capacity = maxParticles(def, particleCap);
  if (fields != rt.pool.fields || capacity != rt.pool.capacity ||
      rt.pool.position.size() != capacity)
    rt.pool.layout(fields, capacity);
  if (rt.spawners.size() != def.spawners.size()) rt.spawners.resize(def.spawners.size());
}

uint32_t emitterSeed(SeedMethod method, const Transform& component, uint32_t instanceSeed,
                     uint32_t emitterIndex) {
  switch (method) {
    case SeedMethod::Fixed:
      return 0;
    case SeedMethod::Position: {
      uint32_t x = std::bit_cast<uint32_t>(component.position.x);
      uint32_t y = std::bit_cast<uint32_t>(component.position.y);
      uint32_t z = std::bit_cast<uint32_t>(component.position.z);
      x ^= x >> 19;
      y ^= y >> 8;
      return x ^ y ^ z;
    }
    case SeedMethod::Time:
      break;
  }
  return instanceSeed + emitterIndex * 0x9E3779B9u;
}

namespace {
void spawnBatch(const EmitterDef& def, EmitterRuntime& rt, const EmitterStep& step,
                const Transform& parent, float dt, size_t n, bool withPost);
}  // namespace

void stepEmitter(const EmitterDef& def, EmitterRuntime& rt, const EmitterStep& step) {
  prepareEmitter(def, rt, step.particleCap, step.linkedFields);
  ParticlePool& p = rt.pool;
  float dt = step.dt;
  if (!rt.seeded) {
    rt.nextSeed = emitterSeed(def.seedMethod, step.component, step.instanceSeed, step.emitterIndex);
    rt.seeded = true;
  }
  Transform parent = moduleParent(def, step.component);

  // 1, 2 and 4 for the particles alive before this frame (see ageMoveUpdate), then removal.
  const AgeMove how{.delayed = def.delayParticleDeath || step.delayDeath,
                    .withPost = !readsOwnPool(def, rt, step)};
  const size_t chunks = chunkCount(p.count);
  if (rt.dead.size() < p.count) rt.dead.resize(p.capacity);
  if (rt.deadPerChunk.size() < chunks) rt.deadPerChunk.resize(chunkCount(p.capacity));
  parallelChunks(p.count, [&](size_t c, size_t begin, size_t end) {
    rt.deadPerChunk[c] = ageMoveUpdate(def, parent, p, dt, how, rt.dead.data(), begin, end);
  });
  removeMarked(p, rt.dead.data(), rt.deadPerChunk.data(), rt.removal);

  // 3. Spawn and initialize; 4 for the new particles.
  int64_t toSpawn = 0;
  for (size_t s = 0; s < def.spawners.size(); ++s) {
    const SpawnerModule& sp = def.spawners[s];
    if (!sp.enabled) continue;
    SpawnerRuntime& sr = rt.spawners[s];
    if (!sr.initialized) {
      sr.seed = RandomSeed{rt.nextSeed++};
      sr.initialized = true;
    }
    advanceSpawner(sp, sr, dt);
    toSpawn += spawnCount(sp, sr, dt, step.component.position, step);
  }
  size_t n = size_t(std::min<int64_t>(toSpawn, int64_t(p.freeSlots())));
  rt.dropped += uint64_t(toSpawn) - n;
  if (n > 0) spawnBatch(def, rt, step, parent, dt, n, how.withPost);
  if (!how.withPost)
    parallelChunks(p.count, [&](size_t, size_t begin, size_t end) {
      postUpdate(def, parent, p, dt, begin, end);
    });

  rt.lastComponent = step.component;
  rt.hasLast = true;
}

namespace {

// Step 3 for `n` new particles and step 4 for them, in parallel chunks of the batch.
void spawnBatch(const EmitterDef& def, EmitterRuntime& rt, const EmitterStep& step,
                const Transform& parent, float dt, size_t n, bool withPost) {
  ParticlePool& p = rt.pool;
  const size_t batchBegin = p.count;
  const uint32_t firstSeed = rt.nextSeed;
  p.count += n;
  rt.nextSeed += uint32_t(n);
  // Each initializer's context once per frame (position_arc looks its target up here).
  rt.initContexts.resize(def.initializers.size());
  rt.orderCounters.resize(def.initializers.size(), 0u);
  rt.lastBatchAt.resize(def.initializers.size(), vec3(0.0f));
  rt.hadBatch.resize(def.initializers.size(), 0);
  for (size_t k = 0; k < def.initializers.size(); ++k) {
    const InitializerModule& m = def.initializers[k];
    InitContext& ic = rt.initContexts[k];
    ic = InitContext{};
    ic.spawnIndex = rt.spawned;
    ic.batchBegin = batchBegin, ic.batchEnd = p.count;
    if (!m.enabled) continue;
    ic.orderBase = rt.orderCounters[k];
    if (isParentInitializer(m.type)) {
      ic.parent = parentOf(step, m.parent);
      ic.counter = &rt.orderCounters[k];  // order_parent advances it per particle
    } else {
      rt.orderCounters[k] = order::advance(m.type, rt.orderCounters[k], n);
    }
    ic.world = moduleWorld(m.transform, parent);
    // InitialPositionSeed.Initialize keeps the position of its last call (made only for a batch).
    if (rt.hadBatch[k]) ic.parentDelta = rt.lastBatchAt[k] - ic.world.position;
    rt.lastBatchAt[k] = ic.world.position;
    rt.hadBatch[k] = 1;
    if (m.type == InitializerKind::PositionArc) {
      vec3 target;
      bool found = !m.target.empty() && step.findObject && step.findObject(m.target, target);
      if (found && def.space == SimulationSpace::Local)
        target = inverse(step.component).apply(target);
      ic.target = found ? target - ic.world.position : m.fallbackTarget;
    }
  }
  // Every new particle draws from its own seed, so the chunks are independent; but the parent
  // initializers walk the parents along the whole batch, so with one the batch is one chunk.
  const FloatBounds life = particleLifetime(def);
  const float lifeLo = life.lo, lifeHi = life.hi;
  auto initChunk = [&](size_t, size_t from, size_t to) {
    const size_t begin = batchBegin + from, end = batchBegin + to;
    for (size_t i = begin; i < end; ++i) {
      soa::initRow(p, i);
      p.seed[i] = firstSeed + uint32_t(i - batchBegin);
      p.id[i] = uint32_t(rt.spawned + (i - batchBegin));
      p.life[i] = 1.0f;
      float lt = lifeLo + (lifeHi - lifeLo) * RandomSeed{p.seed[i]}.getFloat(offset::kLifetime);
      p.lifetime[i] = std::max(lt, 1e-3f);
      // InitialDefaultFields.Initialize: position and old position at the emitter's position;
      // only the position and position_parent initializers move the old position along.
      p.position[i] = parent.position;
      if (p.has(kFieldOldPosition)) p.oldPosition[i] = parent.position;
      if (p.has(kFieldSize)) p.size[i] = parent.scale;
    }
    for (size_t k = 0; k < def.initializers.size(); ++k)
      if (def.initializers[k].enabled)
        runInitializer(def.initializers[k], rt.initContexts[k], p, begin, end);
    if (withPost) postUpdate(def, parent, p, dt, begin, end);
  };
  if (hasParentInitializer(def))
    initChunk(0, 0, n);
  else
    parallelChunks(n, initChunk);
  rt.spawned += n;
}

}  // namespace

}  // namespace fx::stride
