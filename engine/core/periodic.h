// Halo periodic (wave) and transition functions (reference halo notes §6.3), used by object
// functions A-D and the weather secondary-map animation. Evaluated from the engine's 1024-entry
// byte tables built with the LCG seeded to 0x20F3F660, so the random waves match the game.
#pragma once

#include <cstdint>
#include <span>

#include "engine/core/fields.h"

namespace fx {

enum class PeriodicFunction : int32_t {
  One,
  Zero,
  Cosine,
  CosineVariablePeriod,
  DiagonalWave,
  DiagonalWaveVariablePeriod,
  Slide,
  SlideVariablePeriod,
  Noise,
  Jitter,
  Wander,
  Spark,
};
std::span<const EnumOption> periodicFunctionOptions();

enum class TransitionFunction : int32_t { Linear, Early, VeryEarly, Late, VeryLate, Cosine };
std::span<const EnumOption> transitionFunctionOptions();

// Value in [0, 1] at input t (t = time / period as the engine passes it).
float periodicEvaluate(PeriodicFunction f, float t);
// x clamped to [0, 1].
float transitionEvaluate(TransitionFunction f, float x);

}  // namespace fx
