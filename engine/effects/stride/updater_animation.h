// Curve sampling for the animation updaters: exact linear segments, or Stride's 32-sample bake.
#pragma once

#include <algorithm>

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

template <class Curve, class Value>
struct CurveSampler {
  const Curve* curve = nullptr;
  bool baked = false;
  Value table[kBakedSamples];

  CurveSampler(const Curve& c, bool bake, Value fallback) : curve(&c), baked(bake) {
    if (!bake) return;
    for (int i = 0; i < kBakedSamples; ++i)
      table[i] = sampleCurve(c, float(i) / float(kBakedSamples - 1), fallback);
  }
  Value operator()(float t, Value fallback) const {
    return baked ? sampleBaked(table, t) : sampleCurve(*curve, t, fallback);
  }
};

inline float normalizedAge(float life) {
  return std::clamp(1.0f - life, 0.0f, 1.0f);
}

void reflectAnimationCommon(UpdaterModule& m, FieldVisitor& v);

}  // namespace fx::stride
