#include "engine/effects/stride/stride_emitter.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "engine/core/parallel.h"

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
  }
}

// Ages every particle, removes the dead (swap-remove) and moves the rest by v dt. The per-particle
// work runs over chunks on several threads; removal then walks the pool in order, exactly as one
// sequential loop would (each particle's update is independent of its slot, so updating all first
// and removing after leaves the same survivors in the same slots).
void moveAndDelete(const EmitterDef& def, ParticlePool& p, float dt) {
  constexpr float kDead = -1e30f;  // delayed death: marks "died last frame" (never survives)
  const bool delayed = def.delayParticleDeath;
  const bool hasOld = p.has(kFieldOldPosition), hasVel = p.has(kFieldVelocity);
  parallelChunks(p.count, [&](size_t, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      float life = std::min(p.life[i], 1.0f);
      if (delayed) {
        // Died last frame: removed one frame late.
        life = life <= kZeroTolerance ? kDead : life - dt / p.lifetime[i];
      } else {
        life -= dt / p.lifetime[i];
      }
      p.life[i] = life;
      if (hasOld) p.oldPosition[i] = p.position[i];
      if (hasVel) p.position[i] += p.velocity[i] * dt;
    }
  });
  auto dead = [&](size_t i) { return delayed ? p.life[i] == kDead : p.life[i] <= kZeroTolerance; };
  for (size_t i = 0; i < p.count;) {
    if (dead(i))
      p.remove(i);
    else
      ++i;
  }
}

// Every enabled updater of one group (post-updaters or not), in list order, over chunks of the
// pool on several threads: each updater only reads and writes the particle it is on.
void runUpdaters(const EmitterDef& def, bool post, const Transform& parent, ParticlePool& p,
                 float dt) {
  parallelChunks(p.count, [&](size_t, size_t begin, size_t end) {
    for (const auto& m : def.updaters)
      if (m.enabled && isPostUpdater(m.type) == post) runUpdater(m, parent, p, dt, begin, end);
  });
}

int spawnCount(const SpawnerModule& s, SpawnerRuntime& rt, float dt, vec3 systemPosition) {
  switch (s.type) {
    case SpawnerKind::PerSecond:
      return spawnPerSecond(s, rt, dt);
    case SpawnerKind::PerFrame:
      return spawnPerFrame(s, rt);
    case SpawnerKind::Burst:
      return spawnBurst(s, rt);
    case SpawnerKind::FromDistance:
      return spawnFromDistance(s, rt, systemPosition);
  }
  return 0;
}

}  // namespace

uint32_t requiredFields(const EmitterDef& def) {
  uint32_t f = kFieldsAlways;
  for (const auto& m : def.initializers) f |= initializerFields(m.type);
  for (const auto& m : def.updaters) f |= updaterFields(m.type);
  return f;
}

void prepareEmitter(const EmitterDef& def, EmitterRuntime& rt, size_t particleCap) {
  uint32_t fields = requiredFields(def);
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

void stepEmitter(const EmitterDef& def, EmitterRuntime& rt, const EmitterStep& step) {
  prepareEmitter(def, rt, step.particleCap);
  ParticlePool& p = rt.pool;
  float dt = step.dt;
  if (!rt.seeded) {
    rt.nextSeed = emitterSeed(def.seedMethod, step.component, step.instanceSeed, step.emitterIndex);
    rt.seeded = true;
  }
  Transform parent = moduleParent(def, step.component);
  Transform lastParent = rt.hasLast ? moduleParent(def, rt.lastComponent) : parent;

  // 1. Age, remove, move.
  moveAndDelete(def, p, dt);

  // 2. Updaters that are not post-updaters.
  runUpdaters(def, false, parent, p, dt);

  // 3. Spawn and initialize.

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
    toSpawn += spawnCount(sp, sr, dt, step.component.position);
  }
  size_t n = size_t(std::min<int64_t>(toSpawn, int64_t(p.freeSlots())));
  rt.dropped += uint64_t(toSpawn) - n;
  if (n > 0) {
    size_t begin = p.count;
    float lifeLo = def.lifetime.lo, lifeHi = def.lifetime.hi;
    for (size_t k = 0; k < n; ++k) {
      size_t i = p.add();
      p.seed[i] = rt.nextSeed++;
      p.life[i] = 1.0f;
      float lt = lifeLo + (lifeHi - lifeLo) * RandomSeed{p.seed[i]}.getFloat(offset::kLifetime);
      p.lifetime[i] = std::max(lt, 1e-3f);
      p.position[i] = parent.position;
      if (p.has(kFieldSize)) p.size[i] = parent.scale;
    }
    size_t end = p.count;
    InitContext ic;
    ic.parentDelta = parent.position - lastParent.position;
    ic.spawnIndex = rt.spawned;
    for (const auto& m : def.initializers) {
      if (!m.enabled) continue;
      ic.world = moduleWorld(m.transform, parent);
      if (m.type == InitializerKind::PositionArc) {
        vec3 target;
        bool found = !m.target.empty() && step.findObject && step.findObject(m.target, target);
        if (found && def.space == SimulationSpace::Local)
          target = inverse(step.component).apply(target);
        ic.target = found ? target - ic.world.position : m.fallbackTarget;
      }
      runInitializer(m, ic, p, begin, end);
    }
    if (p.has(kFieldOldPosition))
      for (size_t i = begin; i < end; ++i) p.oldPosition[i] = p.position[i];
    rt.spawned += n;
  }

  // 4. Post-updaters.
  runUpdaters(def, true, parent, p, dt);

  rt.lastComponent = step.component;
  rt.hasLast = true;
}

}  // namespace fx::stride
