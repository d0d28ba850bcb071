// The scene made for a tag opened straight away (engine/session/tag_scene.h): "fxview PATH.glow
// --model PATH.gbxmodel and fxview PATH.weather_particle_system open the GUI on a scene made for
// it (camera framed on the model or the weather cube); the same works for render and simulate."
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>

#include "engine/formats/halo/gbxmodel_tag.h"
#include "engine/session/tag_scene.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

TEST(TagScene, AGlowSitsOnItsModelsObject) {
  // Absolute as the scene makes it (on Windows "/data" gains the current drive).
  fs::path tags = fs::absolute("/data/mod/tags");
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
  EXPECT_EQ(makeTagScene("/x/fx/b.glow", {}).presetPath, fs::absolute("/x/fx/b.fxview.json"));
}

// Issue 38: "a glow tag opened on its own gets a placeholder object with no markers: offer the
// .gbxmodel beside it (or the one its tags folder holds) in one click".
TEST(TagScene, AGlowsModelCandidatesAreBesideItThenUnderItsTagsFolder) {
  fs::path root = fs::temp_directory_path() / ("fxview_models_" + std::to_string(getpid()));
  fs::remove_all(root);
  fs::path tags = root / "tags";
  fs::create_directories(tags / "effects" / "glows");
  fs::create_directories(tags / "weapons" / "sword");
  fs::create_directories(tags / "vehicles");
  auto touch = [](const fs::path& p) { std::ofstream(p) << "x"; };
  touch(tags / "effects" / "glows" / "energy.glow");
  touch(tags / "effects" / "glows" / "b.GBXMODEL");
  touch(tags / "effects" / "glows" / "a.gbxmodel");
  touch(tags / "weapons" / "sword" / "sword.gbxmodel");
  touch(tags / "vehicles" / "ghost.gbxmodel");
  touch(tags / "vehicles" / "ghost.model_animations");
  auto found = modelCandidatesFor(tags / "effects" / "glows" / "energy.glow");
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].filename(), "a.gbxmodel");
  EXPECT_EQ(found[1].filename(), "b.GBXMODEL");
  EXPECT_EQ(found[2].filename(), "ghost.gbxmodel");  // then the tags folder, by path
  EXPECT_EQ(found[3].filename(), "sword.gbxmodel");
  EXPECT_EQ(modelCandidatesFor(tags / "effects" / "glows" / "energy.glow", {}, 1).size(), 1u);
  // Weather has no object to put a model on.
  EXPECT_TRUE(modelCandidatesFor(tags / "effects" / "rain.weather_particle_system").empty());
  // Outside any tags folder: the glow's own folder only.
  fs::create_directories(root / "loose");
  touch(root / "loose" / "x.glow");
  EXPECT_TRUE(modelCandidatesFor(root / "loose" / "x.glow").empty());
  fs::remove_all(root);
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

TEST(TagScene, LoadsTheGlowOnItsModelWithTheCameraOnTheModel) {
  // A glow tag and a model tag written by fxview's own writers into tags/fx/.
  fs::path dir = fs::temp_directory_path() / ("fxview_tag_scene_" + std::to_string(::getpid()));
  fs::create_directories(dir / "tags" / "fx");
  halo::TagFile glow = halo::makeTag(halo::TagClass::Glow);
  glow.root().setString(0x000, "glow");
  glow.root().setInt16(0x020, 5);  // number of particles
  ASSERT_EQ(halo::saveTag(dir / "tags/fx/g.glow", glow), "");
  halo::GbxModel model;
  model.nodes.push_back({"frame", halo::kNoIndex, vec3(0.0f), quat(1, 0, 0, 0)});
  halo::ModelPermutation perm;
  perm.name = "__base";
  perm.markers.push_back({"glow", 0, vec3(0, 0, 0), quat(1, 0, 0, 0)});
  perm.markers.push_back({"glow", 0, vec3(2, 0, 0), quat(1, 0, 0, 0)});
  model.regions.push_back({"__base", {perm}});
  ASSERT_EQ(halo::saveTag(dir / "tags/fx/m.gbxmodel", halo::gbxModelToTag(model)), "");

  Diagnostics d;
  auto preset = loadTagScene(dir / "tags/fx/g.glow", dir / "tags/fx/m.gbxmodel", d);
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  ASSERT_EQ(preset->effects.size(), 1u);
  EXPECT_EQ(preset->effects[0].kind, "halo_glow");
  ASSERT_EQ(preset->scene.objects.size(), 1u);
  EXPECT_EQ(preset->scene.objects[0].modelMarkers.size(), 2u);
  // Framed on the bounds of the markers: centred between them, looking at them.
  EXPECT_NEAR(preset->scene.camera.target.x, 1.0f, 1e-5f);
  EXPECT_GT(glm::length(preset->scene.camera.position - preset->scene.camera.target), 1.0f);
  // The glow found the model's markers: its path runs between them.
  World world(*preset);
  world.advanceTo(0.5);
  bool found = false;
  for (const auto& [key, value] : world.stats(0).values)
    if (key == "path_length") {
      found = true;
      EXPECT_NEAR(value, 2.0, 1e-5);
    }
  EXPECT_TRUE(found);
  std::error_code ec;
  fs::remove_all(dir, ec);
}

}  // namespace
}  // namespace fx
