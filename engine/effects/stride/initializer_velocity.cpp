// Initializer "velocity": a random velocity in a box [min, max], scaled and rotated by the module
// transform (not translated). It samples the same random offsets as the position initializer, so
// with equal seed offsets the two are correlated, as in the engine.
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectInitVelocity(InitializerModule& m, FieldVisitor& v) {
  v.visit({.key = "velocity_min", .unit = "m/s", .help = "Lower velocity value."}, m.velocityMin,
          vec3(-1, 1, -1));
  v.visit({.key = "velocity_max", .unit = "m/s", .help = "Upper velocity value."}, m.velocityMax,
          vec3(1, 1, 1));
}

void initVelocity(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                  size_t end) {
  if (!p.has(kFieldVelocity)) return;
  const ModuleWorld& w = c.world;
  vec3 lo = m.velocityMin * w.scale;
  vec3 extent = m.velocityMax * w.scale - lo;
  for (size_t i = begin; i < end; ++i) {
    RandomSeed r{p.seed[i]};
    vec3 local = lo + extent * unitVec3(r, m.seedOffset);
    p.velocity[i] = w.rotation * local;
  }
}

}  // namespace fx::stride
