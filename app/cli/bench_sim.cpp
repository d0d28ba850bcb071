// `fxview bench`: simulation measurements (families, thread speedup, bandwidth roofline).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include <tbb/global_control.h>

#include "app/cli/bench.h"
#include "engine/core/parallel.h"
#include "engine/session/world.h"

namespace fx::bench {

namespace {

// A loaded stress preset with its world, stepped until the population is in place.
struct Stress {
  std::unique_ptr<Preset> preset;
  std::unique_ptr<World> world;
  std::string error;

  size_t live() const {
    size_t n = 0;
    for (size_t i = 0; i < world->effects().size(); ++i) n += world->stats(i).live;
    return n;
  }
  size_t bytesPerParticle() const {
    for (size_t i = 0; i < world->effects().size(); ++i)
      if (size_t b = world->stats(i).bytesPerParticle) return b;
    return 0;
  }
};

Stress makeStress(const Settings& s, const std::string& family, size_t count) {
  Stress st;
  StressPreset sp = stressPreset(s, family, count);
  if (!sp.error.empty()) {
    st.error = sp.error;
    return st;
  }
  Diagnostics diags;
  st.preset = loadPresetFromJson(sp.json, sp.path, diags, {.allowAnyPath = true});
  if (!st.preset || diags.hasErrors() || st.preset->effects.empty()) {
    st.error = "stress preset for " + family + " does not load";
    for (const Diagnostic& d : diags.items)
      if (d.severity == Severity::Error) {
        st.error += ": " + format(d);
        break;
      }
    return st;
  }
  st.world = std::make_unique<World>(*st.preset);
  st.world->flags.unlimitedBudget = true;
  st.world->setView(presetView(st.preset->scene, {640.0f, 360.0f}));
  // Warm up: until the population stops growing (spawns happen on the first steps).
  size_t last = 0;
  for (int k = 0; k < 40; ++k) {
    st.world->stepOnce();
    size_t n = st.live();
    if (n >= count || (k >= 3 && n == last)) break;
    last = n;
  }
  return st;
}

}  // namespace

std::vector<FamilyRow> runFamilies(const Settings& s) {
  std::vector<FamilyRow> rows;
  for (const std::string& family : benchFamilies()) {
    for (size_t count : s.sizes) {
      FamilyRow row;
      row.family = family;
      row.requested = count;
      Stress st = makeStress(s, family, count);
      if (!st.error.empty()) {
        row.note = st.error;
        rows.push_back(row);
        if (family == "lightning") break;  // one row says why
        continue;
      }
      row.live = st.live();
      row.bytesPerParticle = st.bytesPerParticle();
      row.secondsPerUpdate = timePerRun([&] { st.world->stepOnce(); }, s.minSeconds);
      if (row.live > 0) {
        row.nsPerParticle = row.secondsPerUpdate * 1e9 / double(row.live);
        row.particlesPerSecond = double(row.live) / row.secondsPerUpdate;
      }
      if (row.live + row.live / 20 < count)
        row.note = "population capped at " + std::to_string(row.live);
      rows.push_back(row);
    }
  }
  return rows;
}

void runThreadSpeedup(const Settings& s, size_t count, std::vector<FamilyRow>& rows) {
  for (FamilyRow& row : rows) {
    if (row.requested != count || row.live == 0) continue;
    Stress st = makeStress(s, row.family, count);
    if (!st.error.empty()) continue;
    auto stepWith = [&](size_t threads) {
      return [&st, threads] {
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
        st.world->stepOnce();
      };
    };
    auto [one, two] = bestOfInterleaved(stepWith(1), stepWith(2), 2 * s.minSeconds);
    row.speedup2 = two > 0.0 ? one / two : 0.0;
  }
}

SteadyResult runSteadyThreadSpeedup(const Settings& s) {
  SteadyResult r;
  constexpr size_t kEmitters = 10;
  constexpr double kPerSecond = 4000.0, kLife = 2.5;
  StressPreset sp = steadyStridePreset(s, kEmitters, kPerSecond, kLife);
  if (!sp.error.empty()) return r;
  Diagnostics diags;
  auto preset = loadPresetFromJson(sp.json, sp.path, diags, {.allowAnyPath = true});
  if (!preset || diags.hasErrors() || preset->effects.empty()) return r;
  World world(*preset);
  world.flags.unlimitedBudget = true;
  // Warm up past one lifetime, so births and deaths balance (100K live).
  const double rate = preset->scene.simulation.rate > 0 ? preset->scene.simulation.rate : 60.0;
  for (int k = 0, warm = int(std::ceil(kLife * rate * 1.2)); k < warm; ++k) world.stepOnce();
  auto stepWith = [&](size_t threads) {
    return [&world, threads] {
      tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
      world.stepOnce();
    };
  };
  std::tie(r.oneThreadSeconds, r.twoThreadSeconds) =
      bestOfInterleaved(stepWith(1), stepWith(2), 2 * s.minSeconds);
  r.live = world.stats(0).live;
  return r;
}

std::vector<RooflineRow> runRoofline(const Settings& s, const std::vector<FamilyRow>& rows) {
  std::vector<RooflineRow> out;
  const size_t big = s.sizes.empty() ? 0 : s.sizes.back();
  std::vector<char> from, to;
  // Every family with particles at the largest size (lightning has none).
  for (const std::string& family : benchFamilies()) {
    auto it = std::find_if(rows.begin(), rows.end(), [&](const FamilyRow& r) {
      return r.family == family && r.requested == big && r.live > 0;
    });
    if (it == rows.end()) continue;
    RooflineRow r;
    r.family = family;
    r.particles = it->live;
    r.bytes = it->live * it->bytesPerParticle;
    Stress st = makeStress(s, family, big);
    if (!st.error.empty()) continue;
    // The roofline: stream the same bytes (read once, write once) with the same chunking and
    // threads as the update, measured in alternation with it.
    // One pair of buffers for every family (the largest so far), touched once.
    if (from.size() < r.bytes) {
      from.assign(r.bytes, 1);
      to.assign(r.bytes, 0);
    }
    const size_t chunkBytes = kParallelChunk * std::max<size_t>(it->bytesPerParticle, 1);
    auto copy = [&] {
      parallelChunks(
          r.bytes,
          [&](size_t, size_t b, size_t e) { std::memcpy(to.data() + b, from.data() + b, e - b); },
          chunkBytes);
    };
    std::tie(r.updateSeconds, r.copySeconds) =
        bestOfInterleaved([&] { st.world->stepOnce(); }, copy, 2 * s.minSeconds);
    out.push_back(r);
  }
  return out;
}

}  // namespace fx::bench
