// Updater "gravity" (seed 003 "Gravity", reference stride notes §2.4): a constant acceleration that
// ignores offset and inheritance. The emitter already moved the particle by v dt this frame;
// adding dv dt / 2 to the position integrates constant acceleration exactly.
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectGravity(UpdaterModule& m, FieldVisitor& v) {
  v.visit({.key = "gravitational_acceleration",
           .unit = "m/s2",
           .help = "The gravity force vector which defines the acceleration for all affected "
                   "particles. The default "
                   "value matches the average gravity on Earth."},
          m.gravity, vec3(0.0f, -9.80665f, 0.0f));
}

void updateGravity(const UpdaterModule& m, ParticlePool& p, float dt, size_t begin, size_t end) {
  if (!p.has(kFieldVelocity)) return;
  vec3 dv = m.gravity * dt;
  vec3 dp = dv * (dt * 0.5f);
  for (size_t i = begin, last = std::min(end, p.count); i < last; ++i) {
    p.velocity[i] += dv;
    p.position[i] += dp;
  }
}

}  // namespace fx::stride
