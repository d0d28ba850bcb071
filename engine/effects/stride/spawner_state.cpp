// The spawner state machine shared by every spawner (reference stride notes §2.7).
#include <algorithm>

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

namespace {

float nextFloat(SpawnerRuntime& rt) {
  return rt.seed.getFloat(rt.randomOffset++);
}

void switchTo(const SpawnerModule& s, SpawnerRuntime& rt, SpawnerPhase phase) {
  rt.phase = phase;
  if (phase != SpawnerPhase::Active) rt.burstDone = false;
  if (phase == SpawnerPhase::Active) {
    float lo = std::max(s.duration.lo, 0.001f), hi = std::max(s.duration.hi, 0.001f);
    rt.stateTime = lo + (hi - lo) * nextFloat(rt);
  } else if (phase == SpawnerPhase::Rest) {
    float lo = std::max(s.delay.lo, 0.0f), hi = std::max(s.delay.hi, 0.0f);
    rt.stateTime = lo + (hi - lo) * nextFloat(rt);
  } else {
    rt.stateTime = 10.0f;
  }
}

}  // namespace

SpawnerPhase advanceSpawner(const SpawnerModule& s, SpawnerRuntime& rt, float dt) {
  float remaining = dt;
  // Each pass consumes a whole phase; a phase is at least 0.001 s long except a zero delay, and
  // Rest always leads to Active, so the loop ends. The cap guards against pathological dt.
  for (int guard = 0; rt.stateTime <= remaining && guard < 100000; ++guard) {
    remaining -= rt.stateTime;
    switch (rt.phase) {
      case SpawnerPhase::Inactive:
        switchTo(s, rt, SpawnerPhase::Rest);
        break;
      case SpawnerPhase::Rest:
        switchTo(s, rt, SpawnerPhase::Active);
        break;
      case SpawnerPhase::Active:
        if (s.loop == LoopCondition::OneShot)
          switchTo(s, rt, SpawnerPhase::Dead);
        else if (s.loop == LoopCondition::Looping)
          switchTo(s, rt, SpawnerPhase::Rest);
        else
          switchTo(s, rt, SpawnerPhase::Active);
        break;
      case SpawnerPhase::Dead:
        switchTo(s, rt, SpawnerPhase::Dead);
        break;
    }
  }
  rt.stateTime -= remaining;
  return rt.phase;
}

}  // namespace fx::stride
