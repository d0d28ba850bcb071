// DebugFlags::unlimitedBudget lifts the games' limits for stress runs, but never past fxview's own
// hard cap (kStressParticleCap): the densest weather the fields allow asks for 10 million
// particles, gets 2^20 and says why, and allocates no more than that.
#include <gtest/gtest.h>

#include "engine/session/world.h"

namespace stress_cap_test {

using namespace fx;
namespace fs = std::filesystem;

const fs::path kPresets = fs::path(FXVIEW_TEST_DATA).parent_path() / "presets";

std::unique_ptr<Preset> densestRain(Diagnostics& d) {
  auto j = loadJsonFile(kPresets / "weather_rain.json", "weather_rain.json", d);
  fs::path defFile = kPresets / (*j)["effects"][0]["definition"].get<std::string>();
  auto w = loadJsonFile(defFile, defFile.filename().string(), d);
  Json& t = (*w)["particle_types"][0];
  t["physics_path"] = (defFile.parent_path() / t["physics_path"].get<std::string>()).string();
  t["fade_out_end_distance"] = 1.0;               // box 1 wu: target = density
  t["particle_count"] = Json::array({1e7, 1e7});  // the field's maximum
  if (w->contains("wind_path"))
    (*w)["wind_path"] = (defFile.parent_path() / (*w)["wind_path"].get<std::string>()).string();
  (*j)["effects"][0]["definition"] = *w;
  return loadPresetFromJson(*j, kPresets / "stress.json", d, {.allowAnyPath = true});
}

TEST(StressCap, WeatherStopsAtTheHardCapWithTheBudgetLifted) {
  Diagnostics d;
  auto preset = densestRain(d);
  ASSERT_TRUE(preset && !d.hasErrors()) << d.formatAll();
  World world(*preset);
  world.flags.unlimitedBudget = true;
  world.stepOnce();
  EffectStats s = world.stats(0);
  EXPECT_EQ(s.live, kStressParticleCap);
  EXPECT_EQ(s.budget, kStressParticleCap);
  ASSERT_FALSE(s.messages.empty());
  EXPECT_NE(s.messages[0].find("stress cap of 1048576"), std::string::npos) << s.messages[0];
}

TEST(StressCap, WeatherKeepsTheGameBudgetByDefault) {
  Diagnostics d;
  auto preset = densestRain(d);
  ASSERT_TRUE(preset && !d.hasErrors()) << d.formatAll();
  World world(*preset);
  world.stepOnce();
  EXPECT_EQ(world.stats(0).live, 512u);
  // Lifting the budget later re-creates the system with the bigger pool; lowering it again
  // goes back to the game's 512.
  world.flags.unlimitedBudget = true;
  world.stepOnce();
  EXPECT_EQ(world.stats(0).live, kStressParticleCap);
  world.flags.unlimitedBudget = false;
  world.stepOnce();
  EXPECT_EQ(world.stats(0).live, 512u);
}

}  // namespace stress_cap_test
