#include "engine/core/clock.h"

#include <cmath>

namespace fx {

namespace {
constexpr EnumOption kModes[] = {{"tick", 0, "fixed steps at `rate` Hz"},
                                 {"frame", 1, "one update per rendered frame at `rate` fps"}};
}

std::span<const EnumOption> simulationModeOptions() { return kModes; }

void SimulationSettings::reflect(FieldVisitor& v) {
  visitEnum(v, {.key = "mode", .help = "tick: fixed steps at rate Hz (Halo ticks at 30); frame: one update per rendered frame at rate fps (framerate-dependent weather fields)"},
            mode, kModes, SimulationMode::Tick);
  v.visit({.key = "rate", .unit = "Hz", .help = "Ticks per second in tick mode, frames per second in frame mode", .min = 1, .max = 1000},
          rate, 30.0f);
}

uint64_t FixedStepClock::stepsUntil(double targetSeconds) const {
  // A tiny epsilon so 1.0 s at 30 Hz is exactly 30 steps despite rounding.
  double total = std::floor(targetSeconds * double(settings.rate) + 1e-6);
  if (total <= double(steps)) return 0;
  return uint64_t(total) - steps;
}

}  // namespace fx
