// A preset written self-contained (engine/session/self_contained.h; File > Save As and bug-report
// bundles, issue "Never lose a user's work"): the copy holds every file the scene reads, names
// them by relative paths, opens from wherever its folder goes, and the originals stay as they
// were, on disk and in memory.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <map>

#include "engine/effects/halo_glow/glow_definition.h"
#include "engine/effects/halo_weather/weather_definition.h"
#include "engine/formats/halo/gbxmodel_tag.h"
#include "engine/formats/halo/tag_layouts.h"
#include "engine/session/level_scene.h"
#include "engine/session/self_contained.h"
#include "engine/session/tag_scene.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

const fs::path kPresets = fs::path(FXVIEW_TEST_DATA).parent_path() / "presets";
// Tags written by fxview's own writers (the fuzzer's seeds).
const fs::path kSeeds = fs::path(FXVIEW_TEST_DATA) / "fuzz/seeds/fuzz_halo_tag";

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() /
                 ("fxview_self_contained_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string bytesOf(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// Every file under `dir` (relative path -> bytes).
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file())
      out[e.path().lexically_relative(dir).generic_string()] = bytesOf(e.path());
  return out;
}

void collectStrings(const Json& j, std::vector<std::string>& out) {
  if (j.is_string()) out.push_back(j.get<std::string>());
  if (j.is_object() || j.is_array())
    for (const Json& e : j) collectStrings(e, out);
}

// No string of any JSON file under `dir` is an absolute path or names `old`.
void expectRelativeOnly(const fs::path& dir, const fs::path& old) {
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file() || e.path().extension() != ".json") continue;
    Diagnostics d;
    auto json = loadJsonFile(e.path(), e.path().string(), d);
    ASSERT_TRUE(json) << d.formatAll();
    std::vector<std::string> strings;
    collectStrings(*json, strings);
    for (const std::string& s : strings) {
      EXPECT_FALSE(fs::path(s).is_absolute()) << e.path() << ": \"" << s << "\"";
      EXPECT_EQ(s.find(old.string()), std::string::npos) << e.path() << ": \"" << s << "\"";
    }
  }
}

// The rain preset with its definition, physics and wind files in defs/, as a user keeps them.
fs::path copyRain(const fs::path& dir) {
  fs::create_directories(dir / "defs");
  fs::copy_file(kPresets / "weather_rain.json", dir / "rain.json");
  for (const char* f : {"weather_rain.json", "point_physics_rain.json", "wind_rain.json"})
    fs::copy_file(kPresets / "defs" / f, dir / "defs" / f);
  return dir / "rain.json";
}

weather::WeatherDefinition& rainOf(Preset& p) {
  return dynamic_cast<weather::WeatherDefinition&>(*p.effects.at(0).definition);
}

TEST(SelfContained, DefinitionFilesStayFilesBesideTheCopyAndTheOriginalsAreUntouched) {
  fs::path src = scratch("src"), out = scratch("out");
  fs::path file = copyRain(src);
  Diagnostics d;
  auto preset = loadPreset(file, d);
  ASSERT_TRUE(preset && !d.hasErrors()) << d.formatAll();
  // An edit made in the viewer: the copy carries it; the original file and the session do not.
  rainOf(*preset).particleTypes.at(0).particleRadius = {0.25f, 0.5f};
  const auto originals = snapshot(src);
  const Json jsonBefore = preset->json;
  const Json definitionBefore = preset->effects[0].definitionJson;

  ASSERT_EQ(writeSelfContained(*preset, out / "copy.json"), "");

  EXPECT_EQ(snapshot(src), originals) << "no original file may be written";
  EXPECT_EQ(preset->path, file);
  EXPECT_EQ(preset->json, jsonBefore);
  EXPECT_EQ(preset->effects[0].definitionJson, definitionBefore);
  EXPECT_EQ(preset->effects[0].definitionRef, "defs/weather_rain.json");
  EXPECT_EQ(rainOf(*preset).particleTypes[0].physicsPath, "point_physics_rain.json");

  // The definition keeps its relative path; the files it references come along beside it.
  const auto written = snapshot(out);
  for (const char* f : {"copy.json", "defs/weather_rain.json", "defs/point_physics_rain.json",
                        "defs/wind_rain.json"})
    EXPECT_TRUE(written.count(f)) << f;
  Diagnostics rd;
  auto doc = loadJsonFile(out / "copy.json", "copy", rd);
  ASSERT_TRUE(doc);
  EXPECT_EQ((*doc)["effects"][0]["definition"], "defs/weather_rain.json");
  EXPECT_FALSE(doc->contains("tags_dir"));
  EXPECT_EQ(written.at("defs/point_physics_rain.json"),
            originals.at("defs/point_physics_rain.json"));
  EXPECT_EQ(written.at("defs/wind_rain.json"), originals.at("defs/wind_rain.json"));
  expectRelativeOnly(out, src);

  // The folder moves elsewhere and the originals go: the copy still opens, edit included.
  fs::path moved = scratch("moved") / "elsewhere";
  fs::rename(out, moved);
  fs::remove_all(src);
  Diagnostics md;
  auto reopened = loadPreset(moved / "copy.json", md);
  ASSERT_TRUE(reopened) << md.formatAll();
  EXPECT_FALSE(md.hasErrors()) << md.formatAll();
  EXPECT_TRUE(md.items.empty()) << md.formatAll();
  ASSERT_EQ(reopened->effects.size(), 1u);
  EXPECT_EQ(rainOf(*reopened).particleTypes[0].particleRadius, (FloatBounds{0.25f, 0.5f}));
  EXPECT_EQ(rainOf(*reopened).wind.velocity, rainOf(*preset).wind.velocity);
  World world(*reopened);
  world.advanceTo(1.0);
  EXPECT_GT(world.stats(0).live, 0u);
  fs::remove_all(moved.parent_path());
}

TEST(SelfContained, SavedIntoItsOwnFolderAnEditedDefinitionTakesAFreeName) {
  fs::path src = scratch("same");
  fs::path file = copyRain(src);
  Diagnostics d;
  auto preset = loadPreset(file, d);
  ASSERT_TRUE(preset && !d.hasErrors()) << d.formatAll();
  rainOf(*preset).particleTypes.at(0).particleRadius = {0.25f, 0.5f};
  const auto originals = snapshot(src);

  ASSERT_EQ(writeSelfContained(*preset, src / "rain copy.json"), "");
  auto after = snapshot(src);
  for (const auto& [name, bytes] : originals) EXPECT_EQ(after.at(name), bytes) << name;
  // The unedited physics and wind are the same bytes: shared, not duplicated.
  EXPECT_EQ(after.size(), originals.size() + 2);
  Diagnostics rd;
  auto doc = loadJsonFile(src / "rain copy.json", "copy", rd);
  ASSERT_TRUE(doc);
  EXPECT_EQ((*doc)["effects"][0]["definition"], "defs/weather_rain-2.json");
  Diagnostics md;
  auto reopened = loadPreset(src / "rain copy.json", md);
  ASSERT_TRUE(reopened && !md.hasErrors()) << md.formatAll();
  EXPECT_EQ(rainOf(*reopened).particleTypes[0].particleRadius, (FloatBounds{0.25f, 0.5f}));
  fs::remove_all(src);
}

TEST(SelfContained, FilesFromOutsideThePresetsFolderGoUnderDefs) {
  fs::path root = scratch("outside"), out = scratch("outside_out");
  copyRain(root / "shared");
  fs::create_directories(root / "scenes");
  Diagnostics jd;
  auto json = loadJsonFile(kPresets / "weather_rain.json", "rain", jd);
  ASSERT_TRUE(json);
  (*json)["effects"][0]["definition"] = "../shared/defs/weather_rain.json";
  ASSERT_EQ(writeFileAtomic(root / "scenes/rain.json", json->dump(2)), "");
  Diagnostics d;
  auto preset = loadPreset(root / "scenes/rain.json", d, {.allowAnyPath = true});
  ASSERT_TRUE(preset && !d.hasErrors()) << d.formatAll();

  ASSERT_EQ(writeSelfContained(*preset, out / "rain.json"), "");
  Diagnostics rd;
  auto doc = loadJsonFile(out / "rain.json", "copy", rd);
  ASSERT_TRUE(doc);
  EXPECT_EQ((*doc)["effects"][0]["definition"], "defs/weather_rain.json");
  EXPECT_TRUE(fs::exists(out / "defs/point_physics_rain.json"));
  expectRelativeOnly(out, root);
  Diagnostics md;
  auto reopened = loadPreset(out / "rain.json", md);  // no --allow-any-path now
  ASSERT_TRUE(reopened && !md.hasErrors()) << md.formatAll();
  EXPECT_EQ(reopened->effects.size(), 1u);
  fs::remove_all(root);
  fs::remove_all(out);
}

TEST(SelfContained, ATagDefinitionIsCopiedWithItsEditsAndTheTagsItReferences) {
  // A glow tag (texture: a bitmap tag) on a model, written by fxview's own writers into tags/fx/.
  fs::path src = scratch("tags"), out = scratch("tags_out");
  fs::create_directories(src / "tags/fx");
  halo::TagFile glow = halo::makeTag(halo::TagClass::Glow);
  glow.root().setString(0x000, "glow");
  glow.root().setInt16(0x020, 5);  // number of particles
  glow.root().setReference("texture", "fx\\g", halo::tagClassInfo(halo::TagClass::Bitmap).fourcc);
  ASSERT_EQ(halo::saveTag(src / "tags/fx/g.glow", glow), "");
  ASSERT_EQ(halo::saveTag(src / "tags/fx/g.bitmap", halo::makeTag(halo::TagClass::Bitmap)), "");
  halo::GbxModel model;
  model.nodes.push_back({"frame", halo::kNoIndex, vec3(0.0f), quat(1, 0, 0, 0)});
  halo::ModelPermutation perm;
  perm.name = "__base";
  perm.markers.push_back({"glow", 0, vec3(0, 0, 0), quat(1, 0, 0, 0)});
  perm.markers.push_back({"glow", 0, vec3(2, 0, 0), quat(1, 0, 0, 0)});
  model.regions.push_back({"__base", {perm}});
  ASSERT_EQ(halo::saveTag(src / "tags/fx/m.gbxmodel", halo::gbxModelToTag(model)), "");
  Diagnostics d;
  auto preset = loadTagScene(src / "tags/fx/g.glow", src / "tags/fx/m.gbxmodel", d);
  ASSERT_TRUE(preset && !d.hasErrors()) << d.formatAll();
  auto& def = dynamic_cast<glow::GlowDefinition&>(*preset->effects.at(0).definition);
  def.numberOfParticles = 9;
  const auto originals = snapshot(src);

  ASSERT_EQ(writeSelfContained(*preset, out / "glow.json"), "");
  EXPECT_EQ(snapshot(src), originals);
  EXPECT_EQ(def.numberOfParticles, 9);
  Diagnostics rd;
  auto doc = loadJsonFile(out / "glow.json", "copy", rd);
  ASSERT_TRUE(doc);
  EXPECT_EQ((*doc)["tags_dir"], "tags");
  EXPECT_EQ((*doc)["effects"][0]["definition"], "fx/g.glow");
  EXPECT_EQ((*doc)["objects"][0]["model"], "fx/m.gbxmodel");
  EXPECT_EQ(bytesOf(out / "tags/fx/g.bitmap"), originals.at("tags/fx/g.bitmap"));
  EXPECT_EQ(bytesOf(out / "tags/fx/m.gbxmodel"), originals.at("tags/fx/m.gbxmodel"));
  Diagnostics td;
  auto copied = halo::loadTag(out / "tags/fx/g.glow", "copy", td);
  ASSERT_TRUE(copied) << td.formatAll();
  EXPECT_EQ(copied->root().getInt16(0x020), 9) << "the edit is written into the copy";
  EXPECT_EQ(copied->root().referencePath("texture"), "fx\\g");
  expectRelativeOnly(out, src);

  fs::path moved = scratch("tags_moved") / "glow";
  fs::rename(out, moved);
  fs::remove_all(src);
  Diagnostics md;
  auto reopened = loadPreset(moved / "glow.json", md);
  ASSERT_TRUE(reopened) << md.formatAll();
  EXPECT_FALSE(md.hasErrors()) << md.formatAll();
  ASSERT_EQ(reopened->effects.size(), 1u);
  EXPECT_EQ(dynamic_cast<glow::GlowDefinition&>(*reopened->effects[0].definition).numberOfParticles,
            9);
  EXPECT_EQ(reopened->scene.objects.at(0).modelMarkers.size(), 2u);
  fs::remove_all(moved.parent_path());
}

TEST(SelfContained, AGlowOnAnAnimatedModelTakesTheAnimationTagAlong) {
  // `fxview X.glow --model M --animation A:NAME` names the model and the animation by absolute
  // paths; the copy holds both and plays the same animation once the originals are gone.
  fs::path src = scratch("anim"), out = scratch("anim_out");
  fs::path fx = src / "tags/fx";
  fs::create_directories(fx / "bitmaps");
  fs::copy_file(kSeeds / "glow.glow", fx / "blade.glow");
  fs::copy_file(kSeeds / "sprites.bitmap", fx / "bitmaps/glow.bitmap");  // the glow's texture
  fs::copy_file(kSeeds / "model.gbxmodel", fx / "blade.gbxmodel");
  fs::copy_file(kSeeds / "swing.model_animations", fx / "blade.model_animations");
  Diagnostics d;
  PresetLoadOptions opts;
  opts.tagAnimation = (fx / "blade.model_animations").string() + ":swing";
  auto preset = loadTagScene(fx / "blade.glow", fx / "blade.gbxmodel", d, opts);
  ASSERT_TRUE(preset && !d.hasErrors()) << d.formatAll();
  ASSERT_TRUE(preset->scene.objects.at(0).poses);
  ASSERT_TRUE(preset->scene.objects[0].poses->animated) << d.formatAll();
  const int32_t frames = preset->scene.objects[0].poses->frameCount;

  fs::path opened;
  ASSERT_EQ(writeSelfContained(*preset, out / "glow.json", {}, &opened), "");
  EXPECT_EQ(opened, "tags/fx/blade.glow");
  Diagnostics rd;
  auto doc = loadJsonFile(out / "glow.json", "copy", rd);
  ASSERT_TRUE(doc);
  const Json& animation = (*doc)["objects"][0]["animation"];
  ASSERT_TRUE(animation.is_object()) << doc->dump(2);
  EXPECT_EQ(animation["tag"], "fx/blade.model_animations") << doc->dump(2);
  EXPECT_EQ(animation["name"], "swing") << doc->dump(2);
  EXPECT_EQ(bytesOf(out / "tags/fx/blade.model_animations"),
            bytesOf(fx / "blade.model_animations"));
  EXPECT_EQ(bytesOf(out / "tags/fx/bitmaps/glow.bitmap"), bytesOf(fx / "bitmaps/glow.bitmap"));
  expectRelativeOnly(out, src);

  fs::path moved = scratch("anim_moved") / "glow";
  fs::rename(out, moved);
  fs::remove_all(src);
  Diagnostics md;
  auto reopened = loadPreset(moved / "glow.json", md);
  ASSERT_TRUE(reopened) << md.formatAll();
  EXPECT_TRUE(md.items.empty()) << md.formatAll();
  ASSERT_TRUE(reopened->scene.objects.at(0).poses);
  EXPECT_TRUE(reopened->scene.objects[0].poses->animated) << "the default pose, not the animation";
  EXPECT_EQ(reopened->scene.objects[0].poses->frameCount, frames);
  fs::remove_all(moved.parent_path());
}

TEST(SelfContained, ALevelsCopyHoldsItsBsp) {
  // The scene of a level's weather entry: the BSP it was built around goes into the copy too
  // (under tags/, where its references resolve), so the copy opens as the level again.
  fs::path src = scratch("level"), out = scratch("level_out");
  fs::create_directories(src / "tags/levels/test");
  fs::copy_file(kSeeds / "level.scenario_structure_bsp",
                src / "tags/levels/test/test.scenario_structure_bsp");
  Diagnostics d;
  auto preset = loadLevelScene(src / "tags/levels/test/test.scenario_structure_bsp", d);
  ASSERT_TRUE(preset) << d.formatAll();
  fs::path opened;
  ASSERT_EQ(writeSelfContained(*preset, out / "level.json", {}, &opened), "");
  EXPECT_EQ(opened, "tags/levels/test/test.scenario_structure_bsp");
  EXPECT_EQ(bytesOf(out / opened), bytesOf(src / "tags/levels/test/test.scenario_structure_bsp"));
  expectRelativeOnly(out, src);
  fs::remove_all(src);
  fs::remove_all(out);
}

}  // namespace
}  // namespace fx

namespace fx {
namespace {

TEST(SelfContained, AStrideProceduralModelTravelsWithItsMaterial) {
  // An object's "model" naming a .sdpromodel (issue 37 item 9) is a file beside the preset, not a
  // Halo tag: the copy holds it and the .sdmat its MaterialInstance names, where the model's URL
  // finds it, so the copy draws the same mesh in the same colour.
  fs::path dir = scratch("promodel");
  fs::create_directories(dir / "in/Models/Materials");
  std::ofstream(dir / "in/Models/Box.sdpromodel")
      << "!ProceduralModelAsset\nType: !CubeProceduralModel\n    MaterialInstance:\n"
         "        Material: 1:Materials/Red\n";
  std::ofstream(dir / "in/Models/Materials/Red.sdmat")
      << "!MaterialAsset\nAttributes:\n    Diffuse: !MaterialDiffuseMapFeature\n"
         "        DiffuseMap: !ComputeColor\n            Value: {R: 0.9, G: 0.1, B: 0.1, A: 1.0}\n";
  std::ofstream(dir / "in/p.json") << R"({"version": 1, "objects": [{"name": "box",
      "model": "Models/Box.sdpromodel"}], "effects": []})";
  Diagnostics d;
  auto preset = loadPreset(dir / "in/p.json", d);
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_TRUE(d.items.empty()) << d.formatAll();
  ASSERT_EQ(writeSelfContained(*preset, dir / "out/p.json"), "");
  EXPECT_TRUE(fs::is_regular_file(dir / "out/Models/Box.sdpromodel"));
  EXPECT_TRUE(fs::is_regular_file(dir / "out/Models/Materials/Red.sdmat"));
  Diagnostics d2;
  auto copy = loadPreset(dir / "out/p.json", d2);
  ASSERT_TRUE(copy) << d2.formatAll();
  EXPECT_TRUE(d2.items.empty()) << d2.formatAll();
  ASSERT_TRUE(copy->scene.objects.at(0).mesh);
  EXPECT_NEAR(copy->scene.objects[0].meshColor.r, 0.9f, 1e-5f);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace fx
