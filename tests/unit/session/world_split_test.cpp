// Split view (engine/session/world_split.h): "the same scene twice side by side with different
// simulation rates (e.g. 30 vs 144 fps "frame" mode) or one field changed, cameras linked — the
// quickest way to see a framerate-dependent field or a tweak" (viewer issue). The right half must
// be exactly what a single view at its settings shows, and follow the left's time and seed.
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/session/world_console.h"
#include "engine/session/world_split.h"

namespace fx {
namespace world_split_test {

std::filesystem::path presetPath(const char* name) {
  return std::filesystem::path(FXVIEW_TEST_DATA) / ".." / "presets" / name;
}

std::unique_ptr<Preset> load(const char* name) {
  Diagnostics diags;
  auto p = loadPreset(presetPath(name), diags);
  EXPECT_TRUE(p && !diags.hasErrors()) << diags.formatAll();
  return p;
}

Json dumpOf(const World& w) {
  Json j;
  w.dump(j);
  return j;
}

// Weather in frame mode is the seeds' framerate-dependent case.
TEST(WorldSplit, RightHalfAtAnotherRateMatchesASingleViewAtThatRate) {
  auto left = load("weather_rain.json");
  ASSERT_TRUE(left);
  ASSERT_EQ(left->scene.simulation.mode, SimulationMode::Frame);
  World world(*left);
  world.advanceTo(1.0);

  SplitView split;
  split.spec = {.enabled = true, .mode = SimulationMode::Frame, .rate = 144.0f};
  ASSERT_EQ(rebuildSplit(split, *left, world), "");
  ASSERT_TRUE(split.world);
  EXPECT_EQ(split.preset->scene.simulation.rate, 144.0f);
  EXPECT_EQ(left->scene.simulation.rate, 30.0f) << "the left keeps its own rate";
  EXPECT_NEAR(split.world->time(), world.time(), 1.0 / 144.0);

  auto single = load("weather_rain.json");
  single->scene.simulation.rate = 144.0f;
  World reference(*single);
  reference.advanceTo(1.0);
  EXPECT_EQ(dumpOf(*split.world), dumpOf(reference));
  EXPECT_NE(dumpOf(*split.world)["effects"], dumpOf(world)["effects"])
      << "30 and 144 fps frame mode must differ for a framerate-dependent preset";
}

TEST(WorldSplit, FollowsTheLeftsTimeSeedAndToggles) {
  auto left = load("weather_rain.json");
  World world(*left);
  SplitView split;
  split.spec = {.enabled = true, .rate = 60.0f};
  ASSERT_EQ(rebuildSplit(split, *left, world), "");
  world.advanceTo(2.0);
  followSplit(split, *left, world);
  EXPECT_NEAR(split.world->time(), 2.0, 1.0 / 60.0);
  Json at2 = dumpOf(*split.world);

  // Back in time (restart / scrub): the right half re-simulates and lands on the same state.
  world.reset(world.seed());
  world.advanceTo(0.5);
  followSplit(split, *left, world);
  EXPECT_NEAR(split.world->time(), 0.5, 1.0 / 60.0);
  world.advanceTo(2.0);
  followSplit(split, *left, world);
  EXPECT_EQ(dumpOf(*split.world), at2);

  world.reset(7);
  world.advanceTo(2.0);
  followSplit(split, *left, world);
  EXPECT_EQ(split.world->seed(), 7u);
  EXPECT_NE(dumpOf(*split.world), at2);

  left->effects[0].enabled = false;
  followSplit(split, *left, world);
  EXPECT_FALSE(split.preset->effects[0].enabled);
}

TEST(WorldSplit, OneFieldChangedOnTheRightOnly) {
  auto left = load("weather_rain.json");
  World world(*left);
  world.advanceTo(0.5);
  std::string field = left->effects[0].placement.id + "/particle_types/0/animation_rate";
  std::string err;
  ASSERT_TRUE(getField(*left, field, err)) << err;
  SplitView split;
  split.spec = {.enabled = true, .field = field, .value = "[2, 2]"};
  ASSERT_EQ(rebuildSplit(split, *left, world), "");
  EXPECT_EQ(*getField(*split.preset, field, err), Json::array({2, 2}));
  EXPECT_EQ(*getField(*left, field, err), Json::array({0, 0})) << "the left preset is not edited";

  split.spec.field = "no_such_effect/x";
  EXPECT_NE(rebuildSplit(split, *left, world), "");
  EXPECT_FALSE(split.world);
}

TEST(WorldSplit, ConsoleCommands) {
  auto left = load("weather_rain.json");
  World world(*left);
  SplitView split;
  ConsoleSession s{.preset = left.get(), .world = &world, .split = &split};
  auto one = [&](const char* line) { return executeConsole(s, line).at(0); };
  EXPECT_EQ(one("split").text, "split off");
  ConsoleReply r = one("split rate 144 frame");
  ASSERT_TRUE(r.ok) << r.text;
  EXPECT_EQ(r.text, "split: left frame 30 Hz | right frame 144 Hz");
  EXPECT_TRUE(split.world);
  EXPECT_FALSE(one("split rate 0").ok);
  EXPECT_FALSE(one("split mode sideways").ok);
  EXPECT_FALSE(one("split sideways").ok);
  EXPECT_TRUE(one("split mode tick").ok);
  EXPECT_EQ(split.preset->scene.simulation.mode, SimulationMode::Tick);
  EXPECT_EQ(split.preset->scene.simulation.rate, 144.0f) << "the rate given before stays";
  // An edit on the left makes the right half stale (it is rebuilt from the left).
  std::string field = left->effects[0].placement.id + "/particle_types/0/animation_rate";
  ASSERT_TRUE(one(("set " + field + " [1, 1]").c_str()).ok);
  EXPECT_TRUE(split.stale);
  EXPECT_TRUE(one("split off").ok);
  EXPECT_FALSE(split.world);
  EXPECT_FALSE(split.spec.enabled);

  ConsoleSession noSplit{.preset = left.get(), .world = &world};
  EXPECT_FALSE(executeConsole(noSplit, "split rate 60").at(0).ok);
  EXPECT_EQ(executeConsole(noSplit, "gif /tmp/x.gif 3 0.1").at(0).text,
            "gif is not available here");
}

TEST(WorldSplit, ClonedPresetIsIndependent) {
  auto left = load("glow_energy_sword.json");
  ASSERT_TRUE(left);
  auto copy = clonePreset(*left);
  ASSERT_EQ(copy->effects.size(), left->effects.size());
  for (size_t i = 0; i < copy->effects.size(); ++i)
    EXPECT_NE(copy->effects[i].definition.get(), left->effects[i].definition.get());
  World a(*left), b(*copy);
  a.advanceTo(1.0);
  b.advanceTo(1.0);
  EXPECT_EQ(dumpOf(a), dumpOf(b));
}

}  // namespace world_split_test
}  // namespace fx
