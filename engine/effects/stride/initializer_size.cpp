// Initializer "size": a uniform size in [min, max] times the module's world scale X.
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectInitSize(InitializerModule& m, FieldVisitor& v) {
  v.visit(
      {.key = "random_size", .unit = "m", .help = "Minimum and maximum uniform size.", .min = 0},
      m.size, FloatBounds{0.5f, 1.0f});
}

void initSize(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
              size_t end) {
  if (!p.has(kFieldSize)) return;
  for (size_t i = begin; i < end; ++i) {
    float r = RandomSeed{p.seed[i]}.getFloat(offset::k1A + uint32_t(m.seedOffset));
    p.size[i] = (m.size.lo + (m.size.hi - m.size.lo) * r) * c.world.scale.x;
  }
}

}  // namespace fx::stride
