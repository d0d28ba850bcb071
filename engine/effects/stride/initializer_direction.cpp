// Initializer "direction" (Stride's InitialDirectionSeed, reference stride_yaml.md §3:
// DirectionMin, DirectionMax; §5.4 default Min (-1, 1, -1), Max (1, 1, 1)): a random direction
// in the box [min, max], scaled and rotated by the module transform like the velocity
// initializer, with the same random offsets. The direction is what an oriented quad stretches
// along (until a direction-from-speed updater overwrites it).
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectInitDirection(InitializerModule& m, FieldVisitor& v) {
  v.visit({.key = "direction_min", .help = "Lower direction value (any length)."}, m.directionMin,
          vec3(-1, 1, -1));
  v.visit({.key = "direction_max", .help = "Upper direction value (any length)."}, m.directionMax,
          vec3(1, 1, 1));
}

void initDirection(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                   size_t end) {
  if (!p.has(kFieldDirection)) return;
  const ModuleWorld& w = c.world;
  vec3 lo = m.directionMin * w.scale;
  vec3 extent = m.directionMax * w.scale - lo;
  for (size_t i = begin; i < end; ++i) {
    RandomSeed r{p.seed[i]};
    vec3 local = lo + extent * unitVec3(r, m.seedOffset);
    p.direction[i] = w.rotation * local;
  }
}

}  // namespace fx::stride
