// Initializer "position_arc": particles along a line or arc from the module to a target (a scene
// object, else the fallback offset), bulging by the arc height, with a random box that grows
// toward the middle (sin(pi step)).
#include <cmath>

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectInitPositionArc(InitializerModule& m, FieldVisitor& v) {
  v.visit({.key = "target",
           .help = "Scene object the arc ends at; empty uses the fallback target.",
           .hint = FieldHint::Name},
          m.target, "");
  v.visit({.key = "fallback_target",
           .unit = "m",
           .help = "In case the target is empty, this offset is used."},
          m.fallbackTarget, vec3(0, 0, -1));
  v.visit({.key = "arc_height",
           .unit = "m",
           .help = "The height of the arc in the center, which is also subject to scale and "
                   "rotation if inherited."},
          m.arcHeight, 1.0f);
  v.visit({.key = "ordered",
           .help = "If true the particles will appear along the arc path in the order they are "
                   "added. Otherwise, their "
                   "positions will be random along the arc."},
          m.sequential, true);
  v.visit({.key = "fixed_count",
           .help = "If positive, it will limit the number of possible positions where the "
                   "particles can appear along "
                   "the arc to the specified count.",
           .min = 0,
           .max = 100000},
          m.fixedCount, 0);
  v.visit({.key = "position_min",
           .unit = "m",
           .help = "The left bottom back corner of the random box."},
          m.arcMin, vec3(-0.3f));
  v.visit({.key = "position_max",
           .unit = "m",
           .help = "The right upper front corner of the random box."},
          m.arcMax, vec3(0.3f));
}

void initPositionArc(const InitializerModule& m, const InitContext& c, ParticlePool& p,
                     size_t begin, size_t end) {
  const ModuleWorld& w = c.world;
  vec3 arcOffset = w.rotation * vec3(0, m.arcHeight, 0);
  vec3 lo = w.rotation * (m.arcMin * w.scale);
  vec3 extent = m.arcMax * w.scale - m.arcMin * w.scale;
  vec3 ax = w.rotation * vec3(extent.x, 0, 0), ay = w.rotation * vec3(0, extent.y, 0),
       az = w.rotation * vec3(0, 0, extent.z);
  const size_t first = c.firstOfBatch(begin);
  int64_t countLessOne =
      m.fixedCount > 0 ? m.fixedCount - 1 : int64_t(c.endOfBatch(end) - first) - 1;
  float stepF = countLessOne > 1 ? 1.0f / float(countLessOne) : 1.0f;
  float step = -stepF;
  // The ordered step is a running sum over the batch: a part that starts later repeats the
  // additions of the particles before it, so it continues from the same float.
  if (m.sequential && m.fixedCount <= 0)
    for (size_t i = first; i < begin; ++i) step += stepF;
  uint32_t so = uint32_t(m.seedOffset);
  for (size_t i = begin; i < end; ++i) {
    RandomSeed r{p.seed[i]};
    if (m.sequential) {
      step += stepF;
      if (m.fixedCount > 0)
        step = float((c.spawnIndex + (i - first)) % uint64_t(m.fixedCount)) * stepF;
    } else {
      step = r.getFloat(offset::k1A + so);
    }
    float bulge = float(std::sin(double(step) * double(kPi)));
    vec3 pos = lo * bulge + c.target * step + arcOffset * bulge + w.position;
    pos += ax * bulge * r.getFloat(offset::k3A + so);
    pos += ay * bulge * r.getFloat(offset::k3B + so);
    pos += az * bulge * r.getFloat(offset::k3C + so);
    p.position[i] = pos;
  }
}

}  // namespace fx::stride
