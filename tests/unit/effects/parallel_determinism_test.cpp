// Large populations update in fixed chunks on several threads (engine/core/parallel.h); the
// result must not depend on the thread count. Each case scales a shipped preset past several
// chunks, runs it on 1 thread and on 4, and compares the `simulate` dumps bit for bit.
#include <gtest/gtest.h>

#include <tbb/global_control.h>

#include "engine/core/parallel.h"
#include "engine/session/world.h"

namespace parallel_determinism_test {

using namespace fx;
namespace fs = std::filesystem;

const fs::path kPresets = fs::path(FXVIEW_TEST_DATA).parent_path() / "presets";
constexpr size_t kCount = 3 * kParallelChunk + 123;  // several chunks and a ragged tail

Json load(const fs::path& p) {
  Diagnostics d;
  auto j = loadJsonFile(p, p.filename().string(), d);
  EXPECT_TRUE(j.has_value()) << d.formatAll();
  return j ? *j : Json::object();
}

Json stridePreset() {
  Json j = load(kPresets / "stride_fountain.json");
  Json& em = j["effects"][0]["definition"]["emitters"][0];
  em["particle_lifetime"] = Json::array({1000.0, 1000.0});
  em["max_particles_override"] = kCount;
  em["spawners"] = Json::array({{{"type", "burst"}, {"particle_count", kCount}}});
  return j;
}

Json destinyPreset() {
  Json j = load(kPresets / "destiny_fountain.json");
  Json e = load(kPresets / "destiny/fountain.emitter.json");
  // A stage 4 that draws random numbers per particle, so chunk streams matter.
  auto constant = [&](const char* ch, float v) {
    int slot = e["channels"][ch]["slot"].get<int>();
    e["channel_constants"][size_t(slot / 4)][size_t(slot % 4)] = v;
  };
  constant("emission_rate", 0.0f);
  constant("particle_lifetime", 1000.0f);
  constant("initial_particle_count", float(kCount));
  constant("particle_max_count", float(kCount));
  e["program"] =
      ".stage 3\n load 2 0 xyzw\n store 1 0 xyz\n load 2 1 xyzw\n store 1 1 xyz\n end\n"
      ".stage 4\n random\n store 0 0 xyzw\n load 1 2 xxxx\n random\n add\n"
      " store 1 3 x_to_z\n end\n";
  e.erase("stage_lengths");
  Json& def = j["effects"][0]["definition"];
  def.erase("emitter_file");
  def["emitter"] = e;
  return j;
}

Json weatherPreset() {
  Json j = load(kPresets / "weather_rain.json");
  fs::path defFile = kPresets / j["effects"][0]["definition"].get<std::string>();
  Json w = load(defFile);
  for (Json& t : w["particle_types"]) {
    t["physics_path"] = (defFile.parent_path() / t["physics_path"].get<std::string>()).string();
    double box = t.value("fade_out_end_distance", 4.0);
    double d = double(kCount) / (box * box * box);
    t["particle_count"] = Json::array({d, d});
    t["acceleration_magnitude"] = Json::array({0.1, 0.5});  // the sequential random walk too
  }
  if (w.contains("wind_path"))
    w["wind_path"] = (defFile.parent_path() / w["wind_path"].get<std::string>()).string();
  j["effects"][0]["definition"] = w;
  return j;
}

// stride_fountain's emitter repeated `emitters` times, spawning `perSecond` (or `perFrame`)
// particles living `life` s: births and deaths every frame once past one lifetime.
Json strideSteadyPreset(size_t emitters, double perSecond, double life, int perFrame = 0) {
  Json j = load(kPresets / "stride_fountain.json");
  Json& def = j["effects"][0]["definition"];
  Json first = def["emitters"][0];
  first["particle_lifetime"] = Json::array({life * 0.5, life});
  first["spawners"] =
      perFrame > 0 ? Json::array({{{"type", "per_frame"}, {"particles_per_frame", perFrame}}})
                   : Json::array({{{"type", "per_second"}, {"particles_per_second", perSecond}}});
  first["initializers"][0]["interpolate"] = true;  // depends on the place in the spawn batch
  Json list = Json::array();
  for (size_t k = 0; k < emitters; ++k) list.push_back(first);
  def["emitters"] = list;
  return j;
}

// The energy sword's two glows past several chunks: one wrapping with trailing particles, one
// bouncing both ways with colours in range; the sword swings, so the path moves every tick.
Json glowPreset() {
  Json j = load(kPresets / "glow_energy_sword.json");
  Json& upper = j["effects"][0]["definition"];
  upper["number_of_particles"] = kCount;
  Json& lower = j["effects"][1]["definition"];
  lower["number_of_particles"] = kCount;
  lower["boundary_effect"] = "bounce";
  lower["glow_flags"] =
      Json::array({"particles_move_in_both_directions", "modify_particle_color_in_range"});
  lower["min_distance_particle_to_object"] = 0.01;
  return j;
}

Json run(const Json& presetJson, size_t threads, size_t& live, int steps) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  Diagnostics d;
  auto preset =
      loadPresetFromJson(presetJson, kPresets / "determinism.json", d, {.allowAnyPath = true});
  EXPECT_TRUE(preset && !d.hasErrors()) << d.formatAll();
  if (!preset) return Json();
  World world(*preset);
  world.flags.unlimitedBudget = true;
  for (int k = 0; k < steps; ++k) world.stepOnce();
  live = world.stats(0).live;
  Json out;
  world.dump(out);
  return out;
}

void expectSameOnAnyThreadCount(const Json& preset, int steps = 6) {
  size_t live1 = 0, live4 = 0;
  Json one = run(preset, 1, live1, steps), four = run(preset, 4, live4, steps);
  EXPECT_GT(live1, 2 * kParallelChunk) << "the population must span several chunks";
  EXPECT_EQ(live1, live4);
  EXPECT_TRUE(one == four) << "dumps differ between 1 and 4 threads";
}

TEST(ParallelDeterminism, StrideUpdatersIgnoreTheThreadCount) {
  expectSameOnAnyThreadCount(stridePreset());
}

void expectSteadySameOnOneAndTwoThreads(const Json& preset, int frames) {
  size_t live1 = 0, live2 = 0;
  Json one = run(preset, 1, live1, frames), two = run(preset, 2, live2, frames);
  EXPECT_GT(live1, 2 * kParallelChunk) << "the population must span several chunks";
  EXPECT_EQ(live1, live2);
  EXPECT_TRUE(one == two) << "dumps differ between 1 and 2 threads";
}

// The bench's steady load, scaled down: ten emitters stepping concurrently, with particles born
// and dying every frame.
TEST(ParallelDeterminism, StrideSteadyEmittersIgnoreTheThreadCount) {
  expectSteadySameOnOneAndTwoThreads(strideSteadyPreset(10, 6000.0, 0.5), 45);
}

// Emitters of several chunks each: the chunked removal and chunked spawn batches (the per-frame
// emitter spawns two chunks a frame) on both thread counts.
TEST(ParallelDeterminism, StrideChunkedRemovalAndSpawnIgnoreTheThreadCount) {
  Json j = strideSteadyPreset(2, 60000.0, 0.4);
  Json big = strideSteadyPreset(1, 0.0, 0.1, int(2 * kParallelChunk + 11));
  j["effects"][0]["definition"]["emitters"].push_back(
      big["effects"][0]["definition"]["emitters"][0]);
  expectSteadySameOnOneAndTwoThreads(j, 40);
}

TEST(ParallelDeterminism, DestinyChunksIgnoreTheThreadCount) {
  expectSameOnAnyThreadCount(destinyPreset());
}

TEST(ParallelDeterminism, WeatherIgnoresTheThreadCount) {
  expectSameOnAnyThreadCount(weatherPreset());
}

TEST(ParallelDeterminism, GlowIgnoresTheThreadCount) {
  expectSameOnAnyThreadCount(glowPreset());
  Json frame = glowPreset();  // normal particles moved per rendered frame
  frame["simulation"] = {{"mode", "frame"}, {"rate", 144}};
  expectSameOnAnyThreadCount(frame, 30);  // the path is set up on the 5th
}

TEST(ParallelDeterminism, ChunkSeedsDifferPerChunkAndFrame) {
  EXPECT_NE(chunkSeed(1, 0, 1), chunkSeed(1, 0, 2));
  EXPECT_NE(chunkSeed(1, 0, 1), chunkSeed(1, 1, 1));
  EXPECT_NE(chunkSeed(1, 0, 1), chunkSeed(2, 0, 1));
  EXPECT_EQ(chunkSeed(7, 3, 5), chunkSeed(7, 3, 5));
}

TEST(ParallelDeterminism, ChunksCoverTheRangeOnce) {
  std::vector<int> hits(kCount, 0);
  parallelChunks(kCount, [&](size_t c, size_t b, size_t e) {
    EXPECT_EQ(b, c * kParallelChunk);
    for (size_t i = b; i < e; ++i) hits[i]++;
  });
  for (size_t i = 0; i < kCount; ++i) ASSERT_EQ(hits[i], 1) << i;
}

}  // namespace parallel_determinism_test
