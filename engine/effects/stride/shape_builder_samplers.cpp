// Shape builder samplers (seed 003: "If you need additive kind of animation check if the Shape
// Builder supports it ... Additive animations are not preserved in particle fields and do not
// persist, but can be applied in addition to any fields the particles already have"). Billboard
// and quad take size, rotation and position samplers; oriented quad size and position. Each is a
// curve over the particle's normalized age, baked like Stride's ComputeCurveSampler.
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectShapeSamplers(ShapeBuilder& b, FieldVisitor& v) {
  reflectFloatCurve(v,
                    {.key = "sampler_size",
                     .help = "Size multiplier over the particle's normalized lifetime, applied "
                             "when drawing (not stored in the particle). Empty: none."},
                    b.samplerSize, "");
  reflectFloatCurve(v,
                    {.key = "sampler_rotation",
                     .help = "Rotation added over the particle's normalized lifetime, applied "
                             "when drawing (not stored in the particle). Empty: none.",
                     .unused = b.type == ShapeBuilderKind::OrientedQuad},
                    b.samplerRotation, "deg");
  reflectVec3Curve(v,
                   {.key = "sampler_position",
                    .help = "Position offset added over the particle's normalized lifetime, "
                            "applied when drawing (not stored in the particle). Empty: none."},
                   b.samplerPosition, "m");
  reflectQuatCurve(v,
                   {.key = "sampler_quaternion",
                    .help = "Quad: 3D rotation over the particle's normalized lifetime, applied "
                            "when drawing after the particle's own 3D rotation (not stored in "
                            "the particle). Empty: none.",
                    .unused = b.type != ShapeBuilderKind::Quad},
                   b.samplerQuaternion);
}

ShapeSamplers::ShapeSamplers(const ShapeBuilder& b) {
  size = !b.samplerSize.empty();
  rotation = !b.samplerRotation.empty() && b.type != ShapeBuilderKind::OrientedQuad;
  position = !b.samplerPosition.empty();
  quaternion = !b.samplerQuaternion.empty() && b.type == ShapeBuilderKind::Quad;
  for (int i = 0; i < kBakedSamples; ++i) {
    float t = float(i) / float(kBakedSamples - 1);
    sizeTable[i] = size ? sampleCurve(b.samplerSize, t, 1.0f) : 1.0f;
    rotationTable[i] = rotation ? sampleCurve(b.samplerRotation, t, 0.0f) : 0.0f;
    positionTable[i] = position ? sampleCurve(b.samplerPosition, t, vec3(0.0f)) : vec3(0.0f);
    quaternionTable[i] = quaternion ? sampleCurve(b.samplerQuaternion, t) : quat(1, 0, 0, 0);
  }
}

quat ShapeSamplers::rotation3d(float age) const {
  if (!quaternion) return quat(1, 0, 0, 0);
  float x = glm::clamp(age, 0.0f, 1.0f) * float(kBakedSamples - 1);
  int i = int(x);
  if (i >= kBakedSamples - 1) return quaternionTable[kBakedSamples - 1];
  return glm::normalize(glm::slerp(quaternionTable[i], quaternionTable[i + 1], x - float(i)));
}

}  // namespace fx::stride
