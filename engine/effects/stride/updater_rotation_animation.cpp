// Updater "rotation_animation" (seed 003 "Rotation Animation"; a post-updater): the single-axis
// billboard angle, in degrees, sampled over normalized lifetime. A curve without keys samples 0
// (Stride's ComputeAnimationCurve.SampleRaw), so the updater still runs.
#include "engine/effects/stride/updater_animation.h"

namespace fx::stride {

void reflectRotationAnimation(UpdaterModule& m, FieldVisitor& v) {
  reflectFloatCurve(v,
                    {.key = "curve",
                     .help = "Single-axis rotation (for billboards) over the particle's normalized "
                             "lifetime (0 to 1). Empty: 0 (or a random share of the second "
                             "curve)."},
                    m.curve, "deg");
  reflectFloatCurve(
      v,
      {.key = "curve_2",
       .help =
           "Optional secondary curve; particles get slightly varied rotations between the two."},
      m.curve2, "deg");
  reflectAnimationCommon(m, v);
}

void updateRotationAnimation(const UpdaterModule& m, ParticlePool& p, size_t begin, size_t end) {
  if (!p.has(kFieldRotation)) return;
  CurveSampler<FloatCurve, float> main(m.curve, m.bakedCurve, 0.0f);
  CurveSampler<FloatCurve, float> second(m.curve2, m.bakedCurve && !m.curve2.empty(), 0.0f);
  bool two = !m.curve2.empty();
  for (size_t i = begin, last = std::min(end, p.count); i < last; ++i) {
    float t = normalizedAge(p.life[i]);
    float a = main(t, 0.0f);
    if (two) a += (second(t, 0.0f) - a) * animationBlend(m, p.seed[i]);
    p.rotation[i] = a * kDegToRad;
  }
}

}  // namespace fx::stride
