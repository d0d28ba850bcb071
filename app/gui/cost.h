// The Cost panel's model (no ImGui, so it is tested without a window): per effect and per
// emitter, the live particle count and budget (EffectStats: the weather's 512, a Stride pool's
// cap), the CPU ms of the effect's step + collect this frame (EffectRuntime::cpuSeconds, read
// before the toolbar's per-family sums zero it), and the GPU ms of the scene's draw where GL
// timer queries exist (n/a elsewhere); with a history of the last kCostHistorySeconds per row,
// bounded by time and by count, for the panel's graphs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/json.h"

namespace fx {
class World;
}

namespace fx::gui {

inline constexpr double kCostHistorySeconds = 10.0;
inline constexpr size_t kCostHistoryMaxSamples = 1200;  // 10 s at 120 frames a second

struct CostSample {
  double time = 0.0;  // the caller's clock, seconds
  float live = 0.0f;
  float cpuMs = 0.0f;
  float gpuMs = 0.0f;
};

struct CostRow {
  std::string effect;   // effect id
  std::string emitter;  // "" for the effect's own row
  std::string kind;     // family
  size_t live = 0;
  size_t budget = 0;   // 0 = none
  double cpuMs = 0.0;  // this frame; emitter rows: n/a (the effect's step is not split by emitter)
  std::optional<double> gpuMs;  // the effect's draws (a few frames old); nullopt = n/a
  std::deque<CostSample> history;
};

struct CostTable {
  std::vector<CostRow> rows;
  std::optional<double> gpuMs;  // the whole scene's draw; nullopt = no timer queries (n/a)
  std::deque<std::pair<double, float>> gpuHistory;

  // Reads `world`'s effects (and zeroes nothing) at `now` seconds: rows are matched by effect id
  // and emitter name and keep their history; rows of effects that left are dropped. `gpuOwners`
  // is the renderer's per-owner GPU ms, the owner being the effect's index in the world.
  void sample(const World& world, double now, std::optional<double> gpuMs,
              const std::vector<std::pair<int32_t, double>>& gpuOwners = {});
  void clear() { rows.clear(), gpuHistory.clear(), gpuMs.reset(); }
  std::string text() const;  // the table as aligned text lines
  // {"gpu_ms": x|null, "effects": [{id, kind, live, budget, cpu_ms, gpu_ms, emitters: [...]}]}
  Json json() const;
};

}  // namespace fx::gui
