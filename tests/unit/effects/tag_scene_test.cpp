// The scene made for a tag opened straight away (engine/effects/tag_scene.h): "fxview PATH.glow
// --model PATH.gbxmodel and fxview PATH.weather_particle_system open the GUI on a scene made for
// it (camera framed on the model or the weather cube); the same works for render and simulate."
#include <gtest/gtest.h>

#include "engine/effects/tag_scene.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

TEST(TagScene, AGlowSitsOnItsModelsObject) {
  fs::path tags = fs::path("/data/mod/tags");
  TagScene s = makeTagScene(tags / "fx" / "sword glow.glow", tags / "fx" / "sword.gbxmodel");
  // The virtual preset lies in the tags root, so the tag's own references resolve from there.
  EXPECT_EQ(s.presetPath, tags / "sword glow.fxview.json");
  const Json& j = s.json;
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["simulation"]["mode"], "tick");
  ASSERT_EQ(j["objects"].size(), 1u);
  EXPECT_EQ(j["objects"][0]["name"], "sword");
  EXPECT_EQ(j["objects"][0]["model"], (tags / "fx" / "sword.gbxmodel").string());
  ASSERT_EQ(j["effects"].size(), 1u);
  EXPECT_EQ(j["effects"][0]["kind"], "halo_glow");
  EXPECT_EQ(j["effects"][0]["object"], "sword");
  EXPECT_EQ(j["effects"][0]["definition"], "fx/sword glow.glow");
}

TEST(TagScene, AGlowWithoutAModelUsesAnEmptyObjectAndWeatherStandsAlone) {
  TagScene glow = makeTagScene("/x/tags/a.GLOW", {});
  EXPECT_EQ(glow.json["objects"][0]["name"], "object");
  EXPECT_FALSE(glow.json["objects"][0].contains("model"));
  TagScene rain = makeTagScene("/x/tags/weather/rain.weather_particle_system", {});
  EXPECT_TRUE(rain.json["objects"].empty());
  EXPECT_EQ(rain.json["effects"][0]["kind"], "halo_weather");
  EXPECT_FALSE(rain.json["effects"][0].contains("object"));
  // No folder named tags above it: the tag's own folder.
  EXPECT_EQ(makeTagScene("/x/fx/b.glow", {}).presetPath, fs::path("/x/fx/b.fxview.json"));
}

TEST(TagScene, OnlyEffectTagsMakeScenes) {
  EXPECT_TRUE(isEffectTagPath("a/b.Glow"));
  EXPECT_TRUE(isEffectTagPath("rain.weather_particle_system"));
  EXPECT_FALSE(isEffectTagPath("sword.gbxmodel"));
  EXPECT_FALSE(isEffectTagPath("preset.json"));
  Diagnostics d;
  EXPECT_EQ(loadTagScene("sword.gbxmodel", {}, d), nullptr);
  ASSERT_EQ(d.items.size(), 1u);
  EXPECT_EQ(format(d.items[0]),
            "sword.gbxmodel: /: expected a .glow or .weather_particle_system tag");
  Diagnostics missing;
  EXPECT_EQ(loadTagScene("/nonexistent/a.glow", {}, missing), nullptr);
  EXPECT_EQ(format(missing.items.at(0)), "/nonexistent/a.glow: /: file not found");
}

}  // namespace
}  // namespace fx
