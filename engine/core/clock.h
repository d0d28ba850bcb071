// Fixed-step simulation clock. "tick" mode steps at `rate` Hz whatever the render rate (Halo
// ticks at 30); "frame" mode does one update per rendered frame of 1/rate seconds, which is how
// the framerate-dependent Halo weather fields really behave. Step counts come from integers, so
// the same inputs always give the same number of steps of the same dt (bit-identical state).
#pragma once

#include <cstdint>
#include <span>

#include "engine/core/fields.h"

namespace fx {

enum class SimulationMode : int32_t { Tick, Frame };
std::span<const EnumOption> simulationModeOptions();

struct SimulationSettings {
  SimulationMode mode = SimulationMode::Tick;
  float rate = 30.0f;  // Hz: ticks per second, or frames per second in frame mode

  void reflect(FieldVisitor& v);
  float dt() const { return 1.0f / rate; }
};

struct FixedStepClock {
  SimulationSettings settings;
  uint64_t steps = 0;  // steps taken since reset

  double time() const { return double(steps) / double(settings.rate); }
  // Steps needed to reach `targetSeconds` (never negative).
  uint64_t stepsUntil(double targetSeconds) const;
  void reset() { steps = 0; }
};

}  // namespace fx
