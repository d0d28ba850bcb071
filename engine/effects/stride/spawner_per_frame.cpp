// Spawner "per frame": a count every frame (fraction carried); the framerate only sizes the pool.
#include <cmath>

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectPerFrame(SpawnerModule& s, FieldVisitor& v) {
  v.visit({.key = "particles_per_frame",
           .help = "Particles emitted every frame while active.",
           .min = 0,
           .max = 1e5},
          s.particlesPerFrame, 1.0f);
  v.visit({.key = "framerate",
           .unit = "Hz",
           .help = "Expected frames per second; only used to size the particle pool.",
           .min = 1,
           .max = 1000},
          s.framerate, 60.0f);
}

int spawnPerFrame(const SpawnerModule& s, SpawnerRuntime& rt) {
  if (rt.phase != SpawnerPhase::Active) return 0;
  float toSpawn = s.particlesPerFrame + rt.carry;
  float whole = std::floor(toSpawn);
  rt.carry = toSpawn - whole;
  return int(whole);
}

}  // namespace fx::stride
