// Initializer "rotation_3d" (Stride's Initial3DRotationSeed, reference stride_yaml.md §3:
// RotationQuaternionMin, RotationQuaternionMax {X,Y,Z,W}): each particle turns by a rotation
// between the two, slerped by its random value at offset 1A + seed offset, after the module's
// world rotation. The quad shape builder turns its up-facing quad by it.
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectInitRotation3D(InitializerModule& m, FieldVisitor& v) {
  v.visit({.key = "rotation_min",
           .help = "One end of the random rotation, a quaternion [i, j, k, w] in Stride space."},
          m.rotationMin, quat(1, 0, 0, 0));
  v.visit({.key = "rotation_max",
           .help = "The other end of the random rotation, a quaternion [i, j, k, w]."},
          m.rotationMax, quat(1, 0, 0, 0));
}

void initRotation3D(const InitializerModule& m, const InitContext& c, ParticlePool& p, size_t begin,
                    size_t end) {
  if (!p.has(kFieldQuaternion)) return;
  auto unit = [](quat q) {
    float len = glm::length(q);
    return len > 1e-6f ? q / len : quat(1, 0, 0, 0);
  };
  quat lo = unit(m.rotationMin), hi = unit(m.rotationMax);
  for (size_t i = begin; i < end; ++i) {
    float r = RandomSeed{p.seed[i]}.getFloat(offset::k1A + uint32_t(m.seedOffset));
    p.quaternion[i] = c.world.rotation * glm::slerp(lo, hi, r);
  }
}

}  // namespace fx::stride
