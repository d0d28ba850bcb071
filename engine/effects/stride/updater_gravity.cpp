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
  const size_t last = std::min(end, p.count);
  if (begin >= last) return;
  // Four particles are twelve floats: the vectors repeat with that period, so the loop adds a
  // twelve-float pattern (each component gets exactly vec3 += vec3).
  float dvs[12], dps[12];
  for (int k = 0; k < 12; ++k) dvs[k] = dv[k % 3], dps[k] = dp[k % 3];
  float* __restrict v = &p.velocity[begin].x;
  float* __restrict x = &p.position[begin].x;
  const size_t n = last - begin, groups = n / 4;
  for (size_t g = 0; g < groups; ++g)
    for (int k = 0; k < 12; ++k) {
      v[12 * g + k] += dvs[k];
      x[12 * g + k] += dps[k];
    }
  for (size_t i = begin + 4 * groups; i < last; ++i) {
    p.velocity[i] += dv;
    p.position[i] += dp;
  }
}

}  // namespace fx::stride
