// Updater "color_animation" (seed 003 "Color Animation"; a post-updater): the colour sampled over
// normalized lifetime, optionally varied per particle by a second curve; stored premultiplied.
// A curve without keys samples (0, 0, 0, 0), as Stride's ComputeAnimationCurve.SampleRaw returns
// the default value then: the updater still runs (transparent, or towards the second curve).
#include "engine/effects/stride/updater_animation.h"

namespace fx::stride {

void reflectColorAnimation(UpdaterModule& m, FieldVisitor& v) {
  reflectColorCurve(
      v,
      {.key = "curve",
       .help =
           "Color over the particle's normalized lifetime (0 to 1), RGBA. Values above 1 are valid "
           "for RGB only (not Alpha) and can be used for HDR rendering. Empty: (0, 0, 0, 0), so "
           "particles are transparent or take a random share of the second curve."},
      m.colorCurve);
  reflectColorCurve(
      v,
      {.key = "curve_2",
       .help = "Optional secondary curve; particles get slightly varied colors between the two."},
      m.colorCurve2);
  reflectAnimationCommon(m, v);
}

void updateColorAnimation(const UpdaterModule& m, ParticlePool& p, size_t begin, size_t end) {
  if (!p.has(kFieldColor)) return;
  CurveSampler<ColorCurve, vec4> main(m.colorCurve, m.bakedCurve, vec4(0.0f));
  CurveSampler<ColorCurve, vec4> second(m.colorCurve2, m.bakedCurve && !m.colorCurve2.empty(),
                                        vec4(1.0f));
  bool two = !m.colorCurve2.empty();
  for (size_t i = begin, last = std::min(end, p.count); i < last; ++i) {
    float t = normalizedAge(p.life[i]);
    vec4 c = main(t, vec4(0.0f));
    if (two) c = c + (second(t, vec4(1.0f)) - c) * animationBlend(m, p.seed[i]);
    c.a = std::clamp(c.a, 0.0f, 1.0f);
    c = glm::max(c, vec4(0.0f));
    p.color[i] = vec4(vec3(c) * c.a, c.a);
  }
}

}  // namespace fx::stride
