// Initializer "position": a random point in a box [min, max], scaled, rotated and placed by the
// module transform; `interpolate` spreads one batch's spawns along the module's movement since
// its last batch (InitialPositionSeed.Initialize): the first at the new position, the others
// towards the old one in steps of 1 / (count - 1) (1 for two), the last at the old position.
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectInitPosition(InitializerModule& m, FieldVisitor& v) {
  v.visit({.key = "position_min", .unit = "m", .help = "The left bottom back corner of the box."},
          m.positionMin, vec3(-1, 1, -1));
  v.visit({.key = "position_max", .unit = "m", .help = "The right upper front corner of the box."},
          m.positionMax, vec3(1, 1, 1));
  v.visit({.key = "interpolate",
           .help = "Spreads the particles spawned in one frame between the old and the new "
                   "position of the particle "
                   "system, so a moving system leaves no gaps."},
          m.interpolate, false);
}

void initPosition(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                  size_t end) {
  const ModuleWorld& w = c.world;
  vec3 lo = m.positionMin * w.scale;
  vec3 extent = m.positionMax * w.scale - lo;
  size_t first = c.firstOfBatch(begin), n = c.endOfBatch(end) - first;
  const float stepF = n > 2 ? 1.0f / float(n - 1) : 1.0f;
  const bool hasOld = p.has(kFieldOldPosition);
  for (size_t i = begin; i < end; ++i) {
    RandomSeed r{p.seed[i]};
    vec3 local = lo + extent * unitVec3(r, m.seedOffset);
    vec3 pos = w.position + w.rotation * local;
    if (m.interpolate) pos += c.parentDelta * (float(i - first) * stepF);
    p.position[i] = pos;
    if (hasOld) p.oldPosition[i] = pos;  // InitialPositionSeed sets both
  }
}

uint32_t initializerFields(InitializerKind k) {
  switch (k) {
    case InitializerKind::Position:
    case InitializerKind::PositionArc:
    case InitializerKind::PositionParent:
      return kFieldPosition;
    case InitializerKind::Velocity:
    case InitializerKind::VelocityParent:
      return kFieldVelocity;
    case InitializerKind::Size:
    case InitializerKind::SizeParent:
      return kFieldSize;
    case InitializerKind::Rotation:
      return kFieldRotation;
    case InitializerKind::Color:
    case InitializerKind::ColorParent:
      return kFieldColor;
    case InitializerKind::Direction:
      return kFieldDirection;
    case InitializerKind::Rotation3D:
      return kFieldQuaternion;
    case InitializerKind::SpawnOrder:
    case InitializerKind::SpawnOrderGroup:
    case InitializerKind::OrderParent:
      return kFieldOrder;
  }
  return 0;
}

}  // namespace fx::stride
