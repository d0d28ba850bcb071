// Initializer "rotation": a billboard angle in [min, max] degrees.
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectInitRotation(InitializerModule& m, FieldVisitor& v) {
  v.visit({.key = "angle",
           .unit = "deg",
           .help = "Minimum and maximum initial rotation (single axis)."},
          m.rotationDeg, FloatBounds{-60.0f, 60.0f});
}

void initRotation(const InitializerModule& m, const InitContext&, ParticlePool& p, size_t begin,
                  size_t end) {
  if (!p.has(kFieldRotation)) return;
  for (size_t i = begin; i < end; ++i) {
    float r = RandomSeed{p.seed[i]}.getFloat(offset::k1A + uint32_t(m.seedOffset));
    p.rotation[i] = (m.rotationDeg.lo + (m.rotationDeg.hi - m.rotationDeg.lo) * r) * kDegToRad;
  }
}

}  // namespace fx::stride
