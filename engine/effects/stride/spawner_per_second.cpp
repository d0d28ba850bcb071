// Spawner "per second": a rate with the fraction carried to the next frame.
#include <cmath>

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectPerSecond(SpawnerModule& s, FieldVisitor& v) {
  v.visit({.key = "particles_per_second",
           .unit = "1/s",
           .help = "Particles emitted per second while active.",
           .min = 0,
           .max = 1e6},
          s.particlesPerSecond, 100.0f);
}

int spawnPerSecond(const SpawnerModule& s, SpawnerRuntime& rt, float dt) {
  if (rt.phase != SpawnerPhase::Active) return 0;
  float toSpawn = s.particlesPerSecond * dt + rt.carry;
  float whole = std::floor(toSpawn);
  rt.carry = toSpawn - whole;
  return int(whole);
}

}  // namespace fx::stride
