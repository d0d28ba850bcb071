// The destiny_sequence family end to end (preset -> World -> system instances) against the seed's
// "Frames and instances": one system instance per valid spawn frame, instance k on spawn frame k
// and simulation frame k (else the first), a missing point emits nothing, and determinism.
#include <gtest/gtest.h>

#include "engine/core/json.h"
#include "engine/effects/destiny/sequence_view.h"
#include "engine/session/world.h"

namespace fx::destiny {
namespace {

const std::filesystem::path kPresets = std::filesystem::path(FXVIEW_TEST_DATA) / ".." / "presets";

Json loadJson(const std::string& name) {
  Diagnostics d;
  auto j = loadJsonFile(kPresets / name, name, d);
  EXPECT_TRUE(j.has_value()) << d.formatAll();
  return j ? *j : Json{};
}

struct Loaded {
  std::unique_ptr<Preset> preset;
  std::unique_ptr<World> world;
  SequenceInstanceApi* api = nullptr;
};

Loaded load(Json j, const std::string& name) {
  Loaded l;
  Diagnostics d;
  l.preset = loadPresetFromJson(std::move(j), kPresets / name, d);
  EXPECT_TRUE(l.preset && !d.hasErrors()) << d.formatAll();
  if (!l.preset || l.preset->effects.empty()) return l;
  l.world = std::make_unique<World>(*l.preset);
  l.api = sequenceApi(*l.world->effects()[0].instance);
  return l;
}

// Seed: "A Hydra's two primary_trigger rows put one muzzle effect on each gun." "A system runs one
// instance per valid spawn frame." (The preset's third primary_trigger row is disabled.)
TEST(SequenceInstance, TwinMuzzleRunsOneInstancePerValidFrame) {
  auto l = load(loadJson("destiny_seq_twin_muzzle.json"), "destiny_seq_twin_muzzle.json");
  ASSERT_NE(l.api, nullptr);
  l.world->advanceTo(0.05);
  ASSERT_EQ(l.api->systemCount(0), 2u);
  const auto& systems = l.api->systems();
  EXPECT_EQ(systems[0].instance, 0);
  EXPECT_EQ(systems[1].instance, 1);
  // Instance k sits on spawn frame k: the two guns at y = +0.5 and y = -0.5.
  EXPECT_NEAR(systems[0].system->slot(0).position.y, 0.5f, 1e-5f);
  EXPECT_NEAR(systems[1].system->slot(0).position.y, -0.5f, 1e-5f);
  // Seed: "Each instance emits at the full rate." Same burst on both guns.
  EXPECT_GT(systems[0].system->spawnedTotal(), 0u);
  EXPECT_EQ(systems[0].system->spawnedTotal(), systems[1].system->spawnedTotal());
  std::vector<ParticleRecord> dump;
  l.world->effects()[0].instance->dump(dump);
  size_t left = 0, right = 0;
  for (const auto& p : dump) (p.position.y > 0 ? left : right)++;
  EXPECT_GT(left, 0u);
  EXPECT_EQ(left, right);
}

// The twin-muzzle preset with its first particle node set to run `seconds` once (no loop), its
// emitter inlined at `rate` particles/s and `initial` particles at creation.
Json timedMuzzle(float seconds, float rate, float initial) {
  Json j = loadJson("destiny_seq_twin_muzzle.json");
  Json& def = j["effects"][0]["definition"];
  def["flow_nodes"][0]["loop"] = false;
  def["flow_nodes"][0]["children"] = Json::array({def["flow_nodes"][0]["children"][0]});
  def["work_nodes"][0]["duration"] = {seconds, seconds};
  Json system = loadJson("defs/destiny_seq_muzzle.system.json");
  Json emitter = loadJson("defs/destiny_seq_muzzle.emitter.json");
  emitter["channel_constants"][0][0] = rate;
  emitter["channel_constants"][0][1] = 10.0;  // lifetime: every particle stays countable
  emitter["channel_constants"][0][3] = initial;
  system.erase("emitter_file");
  system["emitter"] = emitter;
  def["work_nodes"][0]["rows"][0].erase("system_path");
  def["work_nodes"][0]["rows"][0]["system"] = system;
  return j;
}

uint64_t spawnedAfter(Json j, double seconds) {
  auto l = load(std::move(j), "destiny_seq_twin_muzzle.json");
  EXPECT_NE(l.api, nullptr);
  if (!l.api) return 0;
  l.world->advanceTo(seconds);
  return uint64_t(l.world->stats(0).values.empty() ? 0 : [&] {
    for (const auto& [k, v] : l.world->stats(0).values)
      if (k == "spawned") return v;
    return 0.0;
  }());
}

// Seed 002: "Each frame adds emission_rate times the frame time to a carried fraction and spawns
// the whole part." A node that runs for D seconds emits rate x D on each of its two instances:
// 0.1 s at 300/s gives 30, 1 s gives 300 (a standalone system gives the same).
TEST(SequenceInstance, NodeOfDSecondsEmitsRateTimesD) {
  EXPECT_EQ(spawnedAfter(timedMuzzle(0.1f, 300.0f, 0.0f), 2.0), 2u * 30u);
  EXPECT_EQ(spawnedAfter(timedMuzzle(1.0f, 300.0f, 0.0f), 2.0), 2u * 300u);
}

// Seed 002: "initial_particle_count spawns once." A burst node whose duration is zero, or shorter
// than a frame, spawns its initial count in the frame it starts.
TEST(SequenceInstance, ZeroOrSubFrameNodeSpawnsItsInitialCount) {
  EXPECT_EQ(spawnedAfter(timedMuzzle(0.0f, 300.0f, 10.0f), 0.5), 2u * 10u);
  EXPECT_EQ(spawnedAfter(timedMuzzle(0.01f, 350.0f, 10.0f), 0.5), 2u * (10u + 3u));  // 3.5
}

// Seed 002: "an importance threshold; the player pauses while the object's importance is below
// it". Paused: no node starts, no timer advances and nothing is emitted until importance rises.
TEST(SequenceInstance, PausedPlayerStartsAndEmitsNothing) {
  Json j = timedMuzzle(0.5f, 300.0f, 10.0f);
  j["effects"][0]["definition"]["importance_threshold"] = 2;
  j["effects"][0]["actions"] = {{{"time", 0.0}, {"action", "set_importance"}, {"value", 1.0}},
                                {{"time", 1.0}, {"action", "set_importance"}, {"value", 3.0}}};
  auto l = load(j, "destiny_seq_twin_muzzle.json");
  ASSERT_NE(l.api, nullptr);
  l.world->advanceTo(0.9);
  EXPECT_TRUE(l.api->player().paused());
  EXPECT_EQ(l.api->systemCount(-1), 0u);
  EXPECT_EQ(l.world->stats(0).live, 0u);
  EXPECT_EQ(l.api->player().node(1).starts, 0u);
  l.world->advanceTo(3.0);
  EXPECT_FALSE(l.api->player().paused());
  EXPECT_EQ(l.api->player().node(1).starts, 1u);
  EXPECT_EQ(l.world->stats(0).live, 2u * (10u + 150u));
}

// Seed: "A spawn location whose point is missing therefore emits nothing."
TEST(SequenceInstance, MissingPointEmitsNothing) {
  Json j = loadJson("destiny_seq_twin_muzzle.json");
  for (auto& m : j["objects"][0]["markers"])
    if (m["name"] == "primary_trigger") m["name"] = "secondary_trigger";
  auto l = load(j, "destiny_seq_twin_muzzle.json");
  ASSERT_NE(l.api, nullptr);
  l.world->advanceTo(0.5);
  EXPECT_EQ(l.api->systemCount(-1), 0u);
  EXPECT_EQ(l.world->stats(0).live, 0u);
  EXPECT_EQ(l.api->player().node(1).starts, 1u);  // the node itself played
  ASSERT_FALSE(l.world->stats(0).messages.empty());
  EXPECT_NE(l.world->stats(0).messages[0].find("emits nothing"), std::string::npos);
}

// Seed: "a disabled or missing point gives no frame": enabling the third row gives three instances.
TEST(SequenceInstance, EnableBitDecidesTheInstanceCount) {
  Json j = loadJson("destiny_seq_twin_muzzle.json");
  for (auto& m : j["objects"][0]["markers"]) m["enabled"] = true;
  j["effects"][0]["definition"]["locations"][0]["count"] = 3;
  auto l = load(j, "destiny_seq_twin_muzzle.json");
  l.world->advanceTo(0.05);
  EXPECT_EQ(l.api->systemCount(0), 3u);
}

// Seed: "Instance k takes spawn frame k, and simulation frame k while there are enough simulation
// frames, else the first one." The moving preset's rows feed slot 1 from world_space (one frame)
// and from the lower point; its trail emitter simulates in slot 1.
TEST(SequenceInstance, SimulationFrameFromTheRowsSecondByte) {
  auto l = load(loadJson("destiny_seq_moving_frames.json"), "destiny_seq_moving_frames.json");
  ASSERT_NE(l.api, nullptr);
  l.world->advanceTo(1.0);
  ASSERT_EQ(l.api->systemCount(0), 2u);
  const auto& s = l.api->systems();
  const SystemInstance& worldRow = *s[0].system;
  const SystemInstance& ownRow = *s[1].system;
  EXPECT_EQ(worldRow.slot(1).position, vec3(0.0f));        // world_space
  EXPECT_NEAR(worldRow.slot(0).position.z, 1.45f, 1e-4f);  // the upper point
  EXPECT_NEAR(ownRow.slot(1).position.z, 0.55f, 1e-4f);    // the lower point, both slots
  EXPECT_EQ(ownRow.slot(0).position, ownRow.slot(1).position);
  // Seed: "CPU particles are stored in the simulation frame": the own-frame puffs ride with the
  // object, the world_space ones stay where they spawned, so they spread much wider in x.
  auto spreadX = [](const SystemInstance& sys) {
    float lo = 1e9f, hi = -1e9f;
    for (size_t i = 0; i < sys.liveCount(); ++i) {
      lo = std::min(lo, sys.worldPosition(i).x);
      hi = std::max(hi, sys.worldPosition(i).x);
    }
    return hi - lo;
  };
  ASSERT_GT(worldRow.liveCount(), 10u);
  EXPECT_GT(spreadX(worldRow), 3.0f * spreadX(ownRow));
}

// Starts are scriptable: the alive gate opens when the action sets the channel.
TEST(SequenceInstance, ScriptedChannelOpensTheGate) {
  auto l = load(loadJson("destiny_seq_alive_gate.json"), "destiny_seq_alive_gate.json");
  ASSERT_NE(l.api, nullptr);
  l.world->advanceTo(0.4);
  EXPECT_EQ(l.api->systemCount(-1), 0u);
  EXPECT_FALSE(l.api->player().node(0).gateOpen);
  l.world->advanceTo(1.0);
  EXPECT_TRUE(l.api->player().node(0).gateOpen);
  EXPECT_EQ(l.api->systemCount(0), 1u);
  EXPECT_GT(l.world->stats(0).live, 0u);
  l.world->advanceTo(3.2);
  EXPECT_FALSE(l.api->player().node(0).gateOpen);
  EXPECT_FALSE(l.api->systems().empty() ? l.api->systems()[0].system->emitting() : false);
  l.world->advanceTo(4.2);
  EXPECT_EQ(l.api->player().node(0).gateOpens, 2u);  // re-armed by the loop flag
}

// Effect spawn: "autoplay off, destroy at end, up to six initial channel values, then play".
TEST(SequenceInstance, EffectSpawnFromTheGui) {
  Json j = loadJson("destiny_seq_alive_gate.json");
  j["effects"][0]["autoplay"] = false;
  j["effects"][0].erase("actions");
  auto l = load(j, "destiny_seq_alive_gate.json");
  l.world->advanceTo(0.5);
  EXPECT_FALSE(l.api->player().playing());  // autoplay turned off
  SpawnChannel alive{"alive", 1.0f};
  l.api->effectSpawn(std::span(&alive, 1));
  l.world->advanceTo(1.0);
  EXPECT_TRUE(l.api->player().destroyAtEnd());
  EXPECT_FLOAT_EQ(l.api->channelValue(0), 1.0f);
  EXPECT_EQ(l.api->systemCount(0), 1u);
}

// Same preset + seed => bit-identical particle state.
TEST(SequenceInstance, Deterministic) {
  auto run = [](uint32_t seed) {
    auto l = load(loadJson("destiny_seq_random_choice.json"), "destiny_seq_random_choice.json");
    l.world->reset(seed);
    l.world->advanceTo(3.0);
    Json out;
    l.world->dump(out);
    return out.dump();
  };
  EXPECT_EQ(run(5), run(5));
  EXPECT_NE(run(5), run(6));
}

}  // namespace
}  // namespace fx::destiny

namespace fx::destiny {
namespace {

// Seed: "three expressions, each a byte code array then a vec4 constant array", run with the
// emitter VM; fxview shows each one's result in the stats.
TEST(SequenceInstance, ExpressionsRunWithTheEmitterVm) {
  Json j = loadJson("destiny_seq_twin_muzzle.json");
  j["effects"][0]["definition"]["work_nodes"][0]["expressions"] =
      Json::array({Json{{"code",
                         ".const 1 2 3 4\n.const 0.5 0.5 0.5 0.5\n.stage 0\n  push_const 0\n  "
                         "push_const 1\n  mul\n  end\n"}},
                   Json{{"code", ""}}});
  auto l = load(j, "destiny_seq_twin_muzzle.json");
  ASSERT_NE(l.api, nullptr);
  auto v = l.api->expressionValues(0);
  EXPECT_EQ(v[0], vec4(0.5f, 1.0f, 1.5f, 2.0f));
  EXPECT_EQ(v[1], vec4(0.0f));
  bool shown = false;
  for (const auto& [k, x] : l.world->stats(0).values)
    shown = shown || (k == "node0.expr0.w" && x == 2.0);
  EXPECT_TRUE(shown);
}

}  // namespace
}  // namespace fx::destiny
