// `fxview bench`: the ribbon load. presets/stride_ribbons.json's ribbon emitter (best smoothing,
// 4 segments, sorted by order) spawning 100 particles a frame with spawn_order_group, so every
// frame's batch is its own ribbon; living 1000 frames, that is 100K particles in 1K ribbons once
// warm. Timed: the update (World::stepOnce, births and deaths every frame) and the strip building
// (World::collect: sort by order, split into strips, smooth, write the quads), each per particle
// and each on 1 thread vs 2.
#include <tbb/global_control.h>

#include "app/cli/bench.h"
#include "engine/core/paths.h"
#include "engine/session/world.h"

namespace fx::bench {

namespace {

constexpr double kRate = 60.0;
constexpr int kPerFrame = 100;
constexpr int kFramesAlive = 1000;

StressPreset ribbonPreset(const Settings& s, std::string& error) {
  StressPreset out;
  out.path = s.presetsDir / "stride_ribbons.json";
  Diagnostics d;
  auto j = loadJsonFile(out.path, toUtf8(out.path.filename()), d);
  if (!j || !(*j)["effects"].is_array() || (*j)["effects"].empty()) {
    error = "cannot read " + toUtf8(out.path);
    return out;
  }
  out.json = *j;
  out.json["simulation"] = {{"mode", "tick"}, {"rate", kRate}};
  Json& def = out.json["effects"][0]["definition"];
  Json e = def["emitters"][0];
  const double life = double(kFramesAlive) / kRate;
  e["particle_lifetime"] = Json::array({life, life});
  e["spawners"] = Json::array({{{"type", "per_frame"},
                                {"particles_per_frame", kPerFrame},
                                {"framerate", kRate},
                                {"duration", Json::array({1e6, 1e6})}}});
  e["initializers"] = Json::array({{{"type", "spawn_order_group"}},
                                   {{"type", "velocity"},
                                    {"velocity_min", Json::array({-1.0, 0.5, -1.0})},
                                    {"velocity_max", Json::array({1.0, 1.5, 1.0})}},
                                   {{"type", "size"}, {"random_size", Json::array({0.05, 0.1})}}});
  e["updaters"] = Json::array(
      {{{"type", "gravity"}, {"gravitational_acceleration", Json::array({0.0, -0.1, 0.0})}}});
  def["emitters"] = Json::array({e});
  return out;
}

template <class Fn>
auto withThreads(size_t threads, Fn& fn) {
  return [&fn, threads] {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    fn();
  };
}

}  // namespace

RibbonResult runRibbons(const Settings& s) {
  RibbonResult r;
  StressPreset sp = ribbonPreset(s, r.error);
  if (!r.error.empty()) return r;
  Diagnostics diags;
  auto preset = loadPresetFromJson(sp.json, sp.path, diags, {.allowAnyPath = true});
  if (!preset || diags.hasErrors() || preset->effects.empty()) {
    r.error = "the ribbon load does not load: " + diags.formatAll();
    return r;
  }
  World world(*preset);
  world.flags.unlimitedBudget = true;
  world.setView(presetView(preset->scene, {1280.0f, 720.0f}));
  for (int k = 0; k < kFramesAlive + 10; ++k) world.stepOnce();
  r.live = world.stats(0).live;
  DrawList draw;
  DebugDraw debug;
  auto update = [&] { world.stepOnce(); };
  auto strips = [&] {
    draw.clear();
    debug.clear();
    world.collect(draw, debug);
  };
  strips();
  r.quads = draw.stripVertices.size() / 4;
  std::tie(r.update1, r.update2) =
      bestOfInterleaved(withThreads(1, update), withThreads(2, update), 2 * s.minSeconds);
  std::tie(r.strips1, r.strips2) =
      bestOfInterleaved(withThreads(1, strips), withThreads(2, strips), 2 * s.minSeconds);
  return r;
}

}  // namespace fx::bench
