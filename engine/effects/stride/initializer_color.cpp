// Initializer "color": a colour between min and max, stored premultiplied (rgb x a).
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectInitColor(InitializerModule& m, FieldVisitor& v) {
  v.visit({.key = "color_min",
           .help = "First colour; the particle's colour lies between the two.",
           .min = 0},
          m.colorMin, ColorRgba{});
  v.visit({.key = "color_max", .help = "Second colour.", .min = 0}, m.colorMax, ColorRgba{});
}

void initColor(const InitializerModule& m, const InitContext&, ParticlePool& p, size_t begin,
               size_t end) {
  if (!p.has(kFieldColor)) return;
  vec4 a = m.colorMin.vec(), b = m.colorMax.vec();
  for (size_t i = begin; i < end; ++i) {
    float r = RandomSeed{p.seed[i]}.getFloat(offset::k1A + uint32_t(m.seedOffset));
    vec4 c = a + (b - a) * r;
    p.color[i] = vec4(vec3(c) * c.a, c.a);
  }
}

}  // namespace fx::stride
