// Spawner "from distance": particles per unit of distance the particle system moved.
#include <algorithm>
#include <cmath>

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectFromDistance(SpawnerModule& s, FieldVisitor& v) {
  v.visit({.key = "particles_per_unit",
           .unit = "1/m",
           .help = "Particles emitted per unit of distance the particle system moves while active.",
           .min = 0,
           .max = 1e5},
          s.particlesPerUnit, 100.0f);
}

int spawnFromDistance(const SpawnerModule& s, SpawnerRuntime& rt, vec3 systemPosition) {
  if (rt.phase != SpawnerPhase::Active) {
    rt.hasBegun = false;
    return 0;
  }
  if (!rt.hasBegun) {
    rt.hasBegun = true;
    rt.oldPosition = systemPosition;
    return 0;
  }
  float distance = glm::length(systemPosition - rt.oldPosition);
  rt.oldPosition = systemPosition;
  float toSpawn = s.particlesPerUnit * distance + rt.carry;
  float whole = std::floor(std::min(toSpawn, 1e6f));
  rt.carry = toSpawn - whole;
  return int(whole);
}

}  // namespace fx::stride
