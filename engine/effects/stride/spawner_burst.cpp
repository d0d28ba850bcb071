// Spawner "burst": a fixed count once per Active period.
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectBurst(SpawnerModule& s, FieldVisitor& v) {
  v.visit({.key = "particle_count",
           .help = "Particles emitted at once, each time the spawner becomes active.",
           .min = 1,
           .max = 100000},
          s.particleCount, 100);
}

int spawnBurst(const SpawnerModule& s, SpawnerRuntime& rt) {
  if (rt.phase != SpawnerPhase::Active) {
    rt.burstDone = false;
    return 0;
  }
  if (rt.burstDone) return 0;
  rt.burstDone = true;
  return s.particleCount;
}

}  // namespace fx::stride
