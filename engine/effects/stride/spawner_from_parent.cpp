// Spawner "from parent": children for the particles of a parent emitter that meet a trigger
// (reference stride_runtime §5, Stride's SpawnerFromParent and ParticleSpawnTrigger*). The
// per-parent counts go into the parent's control-group field, where the parent initializers
// (initializer_parent.cpp) read them to give each parent exactly its children.
#include <algorithm>
#include <cmath>

#include "engine/effects/stride/stride_children.h"
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

namespace {

constexpr EnumOption kTriggers[] = {
    {"none", int32_t(SpawnTrigger::None), "No trigger: the spawner never spawns."},
    {"on_death", int32_t(SpawnTrigger::OnDeath),
     "When the parent particle dies (the parent keeps dying particles one more frame so the "
     "trigger sees them)."},
    {"on_hit", int32_t(SpawnTrigger::OnHit),
     "When the parent particle collides (the parent's collider sets the flag)."},
    {"on_birth", int32_t(SpawnTrigger::OnBirth), "When the parent particle is spawned."},
    {"lifetime", int32_t(SpawnTrigger::Lifetime),
     "Every frame while the parent's normalised age is between the lower and upper limits (a "
     "lower limit above the upper one reverses the range: outside it)."},
    {"distance", int32_t(SpawnTrigger::Distance),
     "Every frame, times the distance the parent particle moved this frame (children per metre)."},
};

constexpr float kZeroTolerance = 1e-6f;  // MathUtil.ZeroTolerance

// The trigger's value for parent particle i: 0 = not triggered, else the count's multiplier.
float triggered(const SpawnerModule& s, const ParticlePool& p, size_t i) {
  switch (s.trigger) {
    case SpawnTrigger::None:
      return 0.0f;
    case SpawnTrigger::OnDeath:
      return p.life[i] <= kZeroTolerance ? 1.0f : 0.0f;
    case SpawnTrigger::OnHit:
      return p.has(kFieldCollision) && p.collision[i] ? 1.0f : 0.0f;
    case SpawnTrigger::OnBirth:
      return 1.0f - p.life[i] <= kZeroTolerance ? 1.0f : 0.0f;
    case SpawnTrigger::Lifetime: {
      // Stride: (age >= lower) ^ (age <= upper) ^ (lower <= upper).
      float age = 1.0f - p.life[i];
      bool inOrder = s.lifetimeLower <= s.lifetimeUpper;
      return ((age >= s.lifetimeLower) ^ (age <= s.lifetimeUpper) ^ inOrder) ? 1.0f : 0.0f;
    }
    case SpawnTrigger::Distance:
      if (!p.has(kFieldOldPosition)) return 0.0f;
      return glm::length(p.position[i] - p.oldPosition[i]);
  }
  return 0.0f;
}

}  // namespace

void reflectFromParent(SpawnerModule& s, FieldVisitor& v) {
  v.visit({.key = "parent_emitter",
           .help = "The name of the followed (parent) emitter in this particle system."},
          s.parent, "");
  visitEnum(v,
            {.key = "control_group",
             .help = "The parent's control group this spawner records its per-parent counts in; "
                     "the parent initializers with the same group then give each parent exactly "
                     "its children. none: the spawner never spawns."},
            s.group, parentGroupOptions(), ParentGroup::Group0);
  visitEnum(v, {.key = "trigger", .help = "When a parent particle spawns children."}, s.trigger,
            std::span<const EnumOption>(kTriggers), SpawnTrigger::None);
  bool lifetime = s.trigger == SpawnTrigger::Lifetime;
  v.visit({.key = "lifetime_lower_limit",
           .help = "Trigger lifetime: a parent younger than this (normalised age) spawns no "
                   "children.",
           .min = 0,
           .max = 1,
           .unused = !lifetime},
          s.lifetimeLower, 0.0f);
  v.visit({.key = "lifetime_upper_limit",
           .help = "Trigger lifetime: a parent older than this (normalised age) spawns no "
                   "children.",
           .min = 0,
           .max = 1,
           .unused = !lifetime},
          s.lifetimeUpper, 1.0f);
  v.visit({.key = "spawn_count",
           .help = "Minimum and maximum children per trigger (each parent draws its own count "
                   "between them).",
           .min = 0,
           .max = kMaxChildrenPerTrigger},
          s.spawnCount, FloatBounds{2.0f, 5.0f});
}

int spawnFromParent(const SpawnerModule& s, const SpawnerRuntime& rt, ParentView parent) {
  if (rt.phase != SpawnerPhase::Active || !parent.pool || s.group == ParentGroup::None) return 0;
  ParticlePool& p = *parent.pool;
  const uint32_t field = childrenField(int(s.group));
  if (p.count == 0 || !p.has(field)) return 0;
  ChildCount* counts = p.children[int(s.group)].data();
  const float lo = std::clamp(s.spawnCount.lo, 0.0f, kMaxChildrenPerTrigger);
  const float hi = std::clamp(s.spawnCount.hi, 0.0f, kMaxChildrenPerTrigger);
  int64_t total = 0;
  for (size_t i = 0; i < p.count; ++i) {
    ChildCount c = counts[i];
    uint32_t n = 0;
    float t = triggered(s, p, i);
    if (t > 0.0f) {
      float f = (lo + (hi - lo) * RandomSeed{p.seed[i]}.getFloat(0)) * t;
      float whole = std::floor(std::min(f + c.carry, 1e6f));
      n = uint32_t(whole);
      c.carry += f - float(n);
    }
    c.toEmit = std::min(n, kMaxChildrenPerFrame);
    counts[i] = c;
    total += n;
  }
  return int(std::min<int64_t>(total, int64_t(kMaxParticlesPerEmitter)));
}

}  // namespace fx::stride
