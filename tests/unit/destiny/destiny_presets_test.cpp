// The shipped destiny_system presets load cleanly, emit, and show the frame rule (seed "Frames and
// instances": "a system that spawns and simulates in one moving location keeps its particles with
// it. One that simulates in world_space leaves them where they spawned").
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/effects/destiny/destiny_system_family.h"
#include "engine/session/world.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

fs::path presetDir() {
  return fs::path(FXVIEW_TEST_DATA).parent_path() / "presets";
}

std::unique_ptr<Preset> load(const std::string& name) {
  Diagnostics d;
  auto p = loadPreset(presetDir() / name, d);
  EXPECT_TRUE(p) << d.formatAll();
  if (p) lintPreset(*p, d);
  EXPECT_EQ(d.errorCount(), 0u) << d.formatAll();
  EXPECT_EQ(d.warningCount(), 0u) << d.formatAll();
  return p;
}

TEST(DestinyPresets, EveryPresetLoadsAndEmits) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(presetDir())) {
    std::string name = e.path().filename().string();
    if (name.rfind("destiny_", 0) != 0 || name.rfind("destiny_seq_", 0) == 0 ||
        e.path().extension() != ".json")
      continue;
    auto p = load(name);
    if (!p) continue;
    bool hasSystem = false;
    for (const auto& entry : p->effects) hasSystem = hasSystem || entry.kind == "destiny_system";
    if (!hasSystem) continue;
    World w(*p);
    w.advanceTo(1.0);
    size_t live = 0;
    for (size_t i = 0; i < w.effects().size(); ++i) live += w.stats(i).live;
    EXPECT_GT(live, 10u) << name;
    ++n;
  }
  EXPECT_GE(n, 7);
}

// Spread of the live particles' world positions around the orbiting object.
float meanDistanceToOrbiter(const std::string& name) {
  auto p = load(name);
  if (!p) return -1;
  World w(*p);
  w.advanceTo(2.0);
  const ObjectState* orbiter = w.sceneState().find("orbiter");
  EXPECT_TRUE(orbiter);
  auto systems = destinySystems(*w.effects()[0].instance);
  EXPECT_EQ(systems.size(), 1u);
  double sum = 0;
  for (size_t i = 0; i < systems[0].liveCount(); ++i)
    sum += glm::length(systems[0].worldPosition(i) - orbiter->world.position);
  return float(sum / double(std::max<size_t>(1, systems[0].liveCount())));
}

TEST(DestinyPresets, OwnFrameCarriesParticlesWorldSpaceLeavesATrail) {
  float own = meanDistanceToOrbiter("destiny_orbit_own_frame.json");
  float world = meanDistanceToOrbiter("destiny_orbit_world_space.json");
  EXPECT_LT(own, 0.4f);    // puffs drift 0.25 wu/s around the orbiter
  EXPECT_GT(world, 1.0f);  // a trail along the 1.6 wu orbit
}

TEST(DestinyPresets, DebuggerSeesTheRunningSystem) {
  auto p = load("destiny_swirl.json");
  ASSERT_TRUE(p);
  World w(*p);
  w.advanceTo(0.5);
  auto systems = destinySystems(*w.effects()[0].instance);
  ASSERT_EQ(systems.size(), 1u);
  ASSERT_GT(systems[0].liveCount(), 0u);
  auto steps = systems[0].trace(4, 0);
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(steps[0].text, "load 0 1 xyzw");
  bool rotated = false;
  for (const auto& s : steps) rotated = rotated || s.text == "rotate_axis";
  EXPECT_TRUE(rotated);
}

}  // namespace
}  // namespace fx

namespace fx {
namespace {

// Seed 002: "A point source gives one frame per row of its name, and skips a row whose enable bit
// is clear." The destiny_system path builds its marker frames as the sequence path does: with the
// first of two "nozzle" markers disabled, the one instance sits on the second.
TEST(DestinyPresets, SystemSkipsADisabledMarker) {
  Diagnostics d;
  auto json = loadJsonFile(presetDir() / "destiny_fountain.json", "destiny_fountain.json", d);
  ASSERT_TRUE(json) << d.formatAll();
  Json& markers = (*json)["objects"][0]["markers"];
  markers = Json::array({{{"name", "nozzle"}, {"position", {5, 0, 0}}, {"enabled", false}},
                         {{"name", "nozzle"}, {"position", {-5, 0, 0}}}});
  auto p = loadPresetFromJson(*json, presetDir() / "destiny_fountain.json", d);
  ASSERT_TRUE(p) << d.formatAll();
  World w(*p);
  w.advanceTo(0.2);
  auto systems = destinySystems(*w.effects()[0].instance);
  ASSERT_EQ(systems.size(), 1u);
  EXPECT_NEAR(systems[0].slot(0).position.x, -5.0f, 1e-5f);
  ASSERT_GT(systems[0].liveCount(), 0u);
  for (size_t i = 0; i < systems[0].liveCount(); ++i)
    EXPECT_LT(systems[0].worldPosition(i).x, 0.0f) << i;
}

}  // namespace
}  // namespace fx
