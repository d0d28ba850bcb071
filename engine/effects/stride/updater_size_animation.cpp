// Updater "size_animation" (seed 003 "Size Animation"; a post-updater): the uniform size sampled
// over normalized lifetime, times the module's world scale X. A curve without keys samples 0
// (Stride's ComputeAnimationCurve.SampleRaw), so the updater still runs.
#include "engine/effects/stride/updater_animation.h"

namespace fx::stride {

void reflectSizeAnimation(UpdaterModule& m, FieldVisitor& v) {
  reflectFloatCurve(
      v,
      {.key = "curve",
       .help = "Uniform size over the particle's normalized lifetime (0 to 1). Empty: 0 (particles "
               "vanish, or take a random share of the second curve)."},
      m.curve, "m");
  reflectFloatCurve(
      v,
      {.key = "curve_2",
       .help = "Optional secondary curve; particles get slightly varied sizes between the two."},
      m.curve2, "m");
  reflectAnimationCommon(m, v);
}

void updateSizeAnimation(const UpdaterModule& m, const ModuleWorld& w, ParticlePool& p,
                         size_t begin, size_t end) {
  if (!p.has(kFieldSize)) return;
  CurveSampler<FloatCurve, float> main(m.curve, m.bakedCurve, 0.0f);
  CurveSampler<FloatCurve, float> second(m.curve2, m.bakedCurve && !m.curve2.empty(), 1.0f);
  bool two = !m.curve2.empty();
  for (size_t i = begin, last = std::min(end, p.count); i < last; ++i) {
    float t = normalizedAge(p.life[i]);
    float s = main(t, 0.0f);
    if (two) s += (second(t, 1.0f) - s) * animationBlend(m, p.seed[i]);
    p.size[i] = w.scale.x * s;
  }
}

}  // namespace fx::stride
