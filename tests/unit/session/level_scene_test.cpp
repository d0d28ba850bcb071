// Opening a level's weather (engine/session/level_scene.h) and printing its palette
// (engine/import/halo/level_weather.h): one halo_weather effect per palette entry carrying its
// wind, wind direction (zero = (1, 0, 0)), magnitude and the BSP's polyhedra; the entry shown is
// chosen by name or by the cluster that has it; the BSP is an input, never written.
#include <gtest/gtest.h>

#include <unistd.h>

#include "engine/effects/halo_weather/weather_definition.h"
#include "engine/effects/registry.h"
#include "engine/formats/halo/structure_bsp.h"
#include "engine/import/halo/level_weather.h"
#include "engine/import/halo/tag_definitions.h"
#include "engine/session/level_scene.h"
#include "engine/session/tag_scene.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

halo::LevelWeather testLevel() {
  halo::LevelWeather l;
  l.palette.push_back({"storm", "weather\\test\\storm", "", "weather\\test\\storm",
                       vec3(0.6f, 0.8f, 0.0f), 1.95f, ""});
  l.palette.push_back({"calm", "weather\\test\\storm", "", "", vec3(0.0f), 0.325f, ""});
  l.clusterWeather = {0, 1, halo::kNoWeather};
  l.polyhedra.push_back({vec3(1.3f, 2.0f, 0.5f), 3.0f, {vec4(0, 0, 1, 2), vec4(0, 0, -1, 1)}});
  return l;
}

// tags/weather/test/storm.{weather_particle_system,wind} and tags/levels/test/test.sbsp, written
// by fxview's own tag writers.
class LevelScene : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fxview_level_scene_" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "tags/weather/test");
    fs::create_directories(dir_ / "tags/levels/test");
    weather::WeatherDefinition def;
    weather::ParticleType t;
    DefaultsVisitor defaults;
    t.reflect(defaults);
    t.name = "rain";
    t.fadeInStartDistance = 0.5f;
    t.fadeInEndDistance = 1.0f;
    t.fadeOutStartDistance = 3.0f;
    t.fadeOutEndDistance = 4.0f;
    t.particleCount = {1.0f, 1.0f};
    def.particleTypes.push_back(t);
    auto tag = tagFromDefinition(def, haloWeatherFamily());
    ASSERT_TRUE(tag);
    ASSERT_EQ(halo::saveTag(dir_ / "tags/weather/test/storm.weather_particle_system", *tag), "");
    ASSERT_EQ(
        halo::saveTag(dir_ / "tags/weather/test/storm.wind", halo::makeTag(halo::TagClass::Wind)),
        "");
    bsp_ = dir_ / "tags/levels/test/test.scenario_structure_bsp";
    ASSERT_EQ(halo::saveTag(bsp_, halo::levelWeatherToTag(testLevel())), "");
  }
  void TearDown() override { fs::remove_all(dir_); }

  const weather::WeatherDefinition& weatherOf(const Preset& p, size_t i = 0) {
    return dynamic_cast<const weather::WeatherDefinition&>(*p.effects.at(i).definition);
  }

  fs::path dir_, bsp_;
};

TEST_F(LevelScene, OpensTheFirstEntryWithItsWindAndPolyhedra) {
  Diagnostics d;
  auto p = loadPresetOrTag(bsp_, {}, d);
  ASSERT_TRUE(p) << d.formatAll();
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  ASSERT_EQ(p->effects.size(), 1u);
  EXPECT_EQ(p->effects[0].placement.id, "storm");
  EXPECT_EQ(p->effects[0].definitionFile, dir_ / "tags/weather/test/storm.weather_particle_system");
  const auto& w = weatherOf(*p);
  EXPECT_TRUE(w.palette.hasWind);
  EXPECT_EQ(w.entryWindPath, "weather\\test\\storm.wind");
  EXPECT_NEAR(w.palette.direction.x, 0.6f, 1e-6f);
  EXPECT_NEAR(w.palette.direction.y, 0.8f, 1e-6f);
  EXPECT_FLOAT_EQ(w.palette.magnitude, 1.95f);
  ASSERT_EQ(w.polyhedra.size(), 1u);
  EXPECT_FLOAT_EQ(w.polyhedra[0].sphereRadius, 3.0f);
  EXPECT_EQ(w.polyhedra[0].sphereCenter, vec3(1.3f, 2.0f, 0.5f));
  EXPECT_EQ(w.polyhedra[0].planes.size(), 2u);
  ASSERT_TRUE(p->level);
  EXPECT_EQ(p->level->entries, (std::vector<std::string>{"storm", "calm"}));
  EXPECT_EQ(p->level->clusterWeather, (std::vector<int>{0, 1, -1}));
  EXPECT_EQ(p->level->entry, 0);
}

TEST_F(LevelScene, ChoosesByNameOrByCluster) {
  Diagnostics d;
  auto calm = loadLevelScene(bsp_, d, {.levelWeather = "calm"});
  ASSERT_TRUE(calm) << d.formatAll();
  EXPECT_EQ(calm->effects.at(0).placement.id, "calm");
  EXPECT_FALSE(weatherOf(*calm).palette.hasWind);  // no wind tag: zero wind
  EXPECT_EQ(weatherOf(*calm).palette.direction, vec3(1, 0, 0));
  EXPECT_FLOAT_EQ(weatherOf(*calm).palette.magnitude, 0.325f);

  auto c1 = loadLevelScene(bsp_, d, {.levelCluster = 1});
  ASSERT_TRUE(c1);
  EXPECT_EQ(c1->effects.at(0).placement.id, "calm");
  EXPECT_EQ(c1->level->cluster, 1);
  auto c2 = loadLevelScene(bsp_, d, {.levelCluster = 2});  // a cluster without weather
  ASSERT_TRUE(c2);
  EXPECT_TRUE(c2->effects.empty());
  EXPECT_EQ(c2->level->entry, -1);
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();

  Diagnostics bad;
  EXPECT_EQ(loadLevelScene(bsp_, bad, {.levelWeather = "fog"}), nullptr);
  EXPECT_EQ(bad.formatAll(), bsp_.string() +
                                 ": weather_palette: no weather palette entry \"fog\" (entries: "
                                 "\"storm\", \"calm\")\n");
  Diagnostics far;
  EXPECT_EQ(loadLevelScene(bsp_, far, {.levelCluster = 3}), nullptr);
  EXPECT_NE(far.formatAll().find("no cluster 3 (the level has 3 clusters)"), std::string::npos);
}

TEST_F(LevelScene, TheBspIsAnInputNeverWritten) {
  Diagnostics d;
  auto p = loadLevelScene(bsp_, d);
  ASSERT_TRUE(p);
  auto inputs = presetInputs(*p);
  EXPECT_NE(std::find(inputs.begin(), inputs.end(), bsp_), inputs.end());
  bool seen = false;
  for (const Document& doc : p->documents) {
    if (doc.path == p->path) {
      EXPECT_FALSE(doc.writable);
    }
    if (sameFile(doc.path, bsp_)) {
      seen = true;
      EXPECT_FALSE(doc.writable);
      EXPECT_EQ(doc.format, DocumentFormat::Input);
    }
  }
  EXPECT_TRUE(seen);
  FileStamp before = stampFile(bsp_);
  p->scene.seed = 7;  // an edit of the scene: only Save As can keep it
  SaveResult r = saveDocuments(*p);
  EXPECT_EQ(r.status, SaveResult::Status::NeedsSaveAs) << r.message;
  EXPECT_EQ(stampFile(bsp_), before);
  SaveResult over = saveDocumentsAs(*p, bsp_, {.replaceExisting = true});
  EXPECT_EQ(over.status, SaveResult::Status::Refused);
  EXPECT_EQ(stampFile(bsp_), before);
}

TEST_F(LevelScene, ThePaletteSceneHoldsEveryEntry) {
  Diagnostics d;
  auto p = loadLevelPaletteScene(bsp_, d);
  ASSERT_TRUE(p) << d.formatAll();
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  ASSERT_EQ(p->effects.size(), 2u);
  EXPECT_EQ(p->effects[1].placement.id, "calm");
}

TEST(LevelWeatherImport, EffectsPerEntry) {
  halo::LevelWeather l = testLevel();
  l.palette.push_back({"", "", "", "", vec3(0, 0, 2), 1.0f, ""});
  l.palette.push_back({"calm", "", "", "", vec3(0), 1.0f, ""});
  Json e = weatherPaletteEffects(l);
  ASSERT_EQ(e.size(), 4u);
  EXPECT_EQ(e[0]["id"], "storm");
  EXPECT_EQ(e[0]["kind"], "halo_weather");
  EXPECT_EQ(e[0]["definition"], "weather\\test\\storm.weather_particle_system");
  EXPECT_EQ(e[0]["wind_path"], "weather\\test\\storm.wind");
  EXPECT_FALSE(e[0].contains("has_wind"));
  EXPECT_FLOAT_EQ(e[0]["wind_magnitude"].get<float>(), 1.95f);
  EXPECT_EQ(e[0]["polyhedra"][0]["planes"][1], Json::array({0.0, 0.0, -1.0, 1.0}));
  EXPECT_FLOAT_EQ(e[0]["polyhedra"][0]["sphere_radius"].get<float>(), 3.0f);
  EXPECT_EQ(e[1]["has_wind"], false);
  EXPECT_EQ(e[1]["wind_direction"], Json::array({1.0, 0.0, 0.0}));  // zero = (1, 0, 0)
  EXPECT_EQ(e[2]["id"], "weather_2");
  EXPECT_EQ(e[2]["definition"], Json::object());  // wind only: no particle system
  EXPECT_EQ(e[3]["id"], "calm_2");
  EXPECT_EQ(clusterWeatherEntry(l, 1), 1);
  EXPECT_EQ(clusterWeatherEntry(l, 2), -1);
  EXPECT_EQ(clusterWeatherEntry(l, 9), -1);
}

}  // namespace
}  // namespace fx
