// `fxview bench --only seek`: seeks on the heaviest shipped preset (bench.h, SeekResult).
#include <algorithm>
#include <chrono>
#include <cmath>

#include "app/cli/bench.h"
#include "engine/core/paths.h"
#include "engine/session/world.h"

namespace fx::bench {

namespace {

using Clock = std::chrono::steady_clock;

double secondsOf(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

// A seek by re-simulation from time 0: what every seek cost before the snapshots.
void seekFromZero(World& w, double t) {
  w.reset(w.seed());
  w.advanceTo(t);
}

// The shipped preset whose simulation costs most: each one's first `probeSeconds` run from 0.
std::string heaviestPreset(const Settings& s, double probeSeconds, double& cost) {
  std::string best;
  cost = -1.0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(s.presetsDir, ec)) {
    if (entry.path().extension() != ".json") continue;
    Diagnostics diags;
    auto preset = loadPreset(entry.path(), diags);
    if (!preset || diags.hasErrors() || preset->effects.empty()) continue;
    World w(*preset);
    auto t0 = Clock::now();
    w.advanceTo(probeSeconds);
    double c = secondsOf(t0);
    if (c > cost) cost = c, best = toUtf8(entry.path().filename());
  }
  return best;
}

// Targets spread over (0, end], each one step before a snapshot would be taken: the most steps a
// seek through snapshots simulates. Visited out of order, back and forth.
std::vector<double> seekTargets(double end, double interval, double rate, size_t n) {
  std::vector<double> out;
  for (size_t k = 1; k <= n; ++k) {
    double boundary = std::round(end * double(k) / double(n) / interval) * interval;
    out.push_back(std::max(0.0, boundary - 1.0 / rate));
  }
  std::vector<double> order;  // stride 7 through n targets (n not a multiple of 7): each once
  for (size_t i = 0; i < out.size(); ++i) order.push_back(out[(i * 7) % out.size()]);
  return order;
}

}  // namespace

SeekResult runSeek(const Settings& s) {
  SeekResult r;
  r.endSeconds = 300.0;
  r.preset = heaviestPreset(s, s.quick ? 2.0 : 5.0, r.probeSeconds);
  if (r.preset.empty()) {
    r.error = "no shipped preset loads";
    return r;
  }
  Diagnostics diags;
  auto preset = loadPreset(s.presetsDir / toPath(r.preset), diags);
  World w(*preset);
  const double rate = double(preset->scene.simulation.rate);

  // Playing forward to the end, with and without keeping snapshots (their cost while playing).
  w.setSnapshotBudget({.intervalSeconds = 1e9});
  w.reset(w.seed());
  auto t0 = Clock::now();
  w.advanceTo(r.endSeconds);
  r.playPlainSeconds = secondsOf(t0);
  w.setSnapshotBudget({});
  w.reset(w.seed());
  t0 = Clock::now();
  w.advanceTo(r.endSeconds);
  r.playSnapshotSeconds = secondsOf(t0);
  SnapshotInfo info = w.snapshotInfo();
  r.snapshots = info.count;
  r.snapshotBytes = info.bytes;
  r.spacingSeconds = double(info.spacingSteps) / rate;

  // Seeks through the snapshots: each target's best of a few tries, the worst target counts.
  const auto targets =
      seekTargets(r.endSeconds, r.spacingSeconds, rate, s.quick ? size_t(24) : size_t(60));
  const int tries = s.quick ? 2 : 3;
  for (double t : targets) {
    double best = 1e300;
    for (int k = 0; k < tries; ++k) {
      w.seek(k % 2 ? 0.0 : r.endSeconds * 0.5);  // come from elsewhere (untimed)
      auto s0 = Clock::now();
      w.seek(t);
      best = std::min(best, secondsOf(s0));
    }
    if (best > r.worstSeconds) r.worstSeconds = best, r.worstAt = t;
  }
  r.seeks = targets.size();

  // The same seeks from 0 (the baseline): the worst is the latest target; a few measured.
  for (double t : {r.endSeconds * 0.2, r.endSeconds * 0.6, r.endSeconds - 1.0 / rate}) {
    auto s0 = Clock::now();
    seekFromZero(w, t);
    double c = secondsOf(s0);
    if (c > r.fromZeroWorstSeconds) r.fromZeroWorstSeconds = c, r.fromZeroWorstAt = t;
  }
  return r;
}

}  // namespace fx::bench
