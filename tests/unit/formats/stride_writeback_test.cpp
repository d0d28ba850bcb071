// Writing an imported Stride prefab back into its text (engine/import/stride/stride_writeback.h)
// on Stride-format YAML written here (reference stride_yaml.md): unedited presets give the same
// bytes, an edit changes one value's text, modules added and removed are written as Stride
// writes them and read back, and bad input is refused without a byte written.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_writeback.h"
#include "engine/session/documents.h"
#include "engine/session/world.h"
#include "engine/session/world_edit.h"

namespace fx::stride_import {
namespace {

namespace fs = std::filesystem;

// A prefab with one particle system and one emitter (a comment, an `*` override, a kept module).
const char* kPrefab = R"(!PrefabAsset
Id: 11111111-1111-1111-1111-111111111111
SerializedVersion: {Stride: 3.1.0.1}
Tags: []
# hand-written comment, kept
Hierarchy:
    RootParts:
        - ref!! aaaaaaaa-0000-0000-0000-000000000001
    Parts:
        -   Entity:
                Id: aaaaaaaa-0000-0000-0000-000000000001
                Name: Sparks
                Components:
                    11112222333344445555666677778888: !TransformComponent
                        Id: bbbbbbbb-0000-0000-0000-000000000002
                        Position: {X: 0.0, Y: 0.0, Z: 1.0}
                        Rotation: {X: 0.0, Y: 0.0, Z: 0.0, W: 1.0}
                        Scale: {X: 1.0, Y: 1.0, Z: 1.0}
                        Children: {}
                    9999aaaabbbbccccddddeeeeffff0000: !ParticleSystemComponent
                        Id: dddddddd-0000-0000-0000-000000000001
                        Control:
                            ResetSeconds: 0.0
                            Control: Play
                        Color: {R: 1.0, G: 1.0, B: 1.0, A: 1.0}
                        Speed: 1.0
                        ParticleSystem:
                            Settings: {}
                            BoundingShape: null
                            Emitters:
                                e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0:
                                    EmitterName: sparks
                                    ParticleLifetime: {X: 1.5, Y: 2.0}
                                    ShapeBuilder: !ShapeBuilderBillboard
                                        SamplerPosition: null
                                        SamplerSize: null
                                        SamplerRotation: null
                                    Material: !ParticleMaterialComputeColor
                                        ComputeColor: !ComputeVertexStreamColor
                                            Stream: !ColorVertexStreamDefinition {}
                                        UVBuilder: null
                                        ForceTexCoords: false
                                    Spawners:
                                        51515151515151515151515151515151: !SpawnerPerSecond
                                            LoopCondition: Looping
                                            Delay: {X: 0.0, Y: 0.0}
                                            Duration: {X: 1.0, Y: 1.0}
                                            SpawnCount*: 50.0
                                    Initializers:
                                        a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1: !InitialSizeSeed
                                            InheritPosition: true
                                            SeedOffset: 3
                                            RandomSize: {X: 0.05, Y: 0.02}
                                        c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1: !MyGame.CustomInitializer,MyGame
                                            Strength: 2.0
                                        a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2: !InitialVelocitySeed
                                            VelocityMin: {X: 0.0, Y: 3.0, Z: 0.0}
                                            VelocityMax: {X: 3.0, Y: 4.0, Z: 3.0}
                                    Updaters: {}
)";

struct Import {
  Diagnostics diags;
  std::optional<ImportResult> result;
};

Import importYaml(const std::string& text) {
  Import out;
  out.result = importText(text, "/nonexistent/test.sdprefab", "test.sdprefab", out.diags);
  return out;
}

Json presetOf(const std::string& text) {
  Import im = importYaml(text);
  EXPECT_TRUE(im.result) << im.diags.formatAll();
  EXPECT_FALSE(im.diags.hasErrors()) << im.diags.formatAll();
  return im.result ? im.result->preset : Json();
}

std::optional<std::string> write(const std::string& text, const Json& preset, Diagnostics& d) {
  return writeBack(text, "/nonexistent/test.sdprefab", "test.sdprefab", preset, "test.json", d);
}

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// Lines of `b` that differ from `a` at the same index (both the same length).
std::vector<std::string> changedLines(const std::string& a, const std::string& b) {
  auto la = lines(a), lb = lines(b);
  std::vector<std::string> out;
  EXPECT_EQ(la.size(), lb.size());
  for (size_t i = 0; i < la.size() && i < lb.size(); ++i)
    if (la[i] != lb[i]) out.push_back(lb[i]);
  return out;
}

Json& emitter(Json& preset) {
  return preset["effects"][0]["definition"]["emitters"][0];
}

TEST(StrideWriteBack, UnchangedPresetGivesTheSameBytes) {
  for (bool crlf : {false, true}) {
    std::string text = kPrefab;
    if (crlf) text = std::regex_replace(text, std::regex("\n"), "\r\n");
    Json preset = presetOf(text);
    Diagnostics d;
    auto out = write(text, preset, d);
    ASSERT_TRUE(out) << d.formatAll();
    EXPECT_EQ(*out, text);
  }
}

TEST(StrideWriteBack, AnEditedValueChangesOnlyItsText) {
  std::string text = kPrefab;
  Json preset = presetOf(text);
  emitter(preset)["spawners"][0]["particles_per_second"] = 12.5;
  Diagnostics d;
  auto out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  auto changed = changedLines(text, *out);
  ASSERT_EQ(changed.size(), 1u);
  EXPECT_EQ(changed[0], std::string(44, ' ') + "SpawnCount*: 12.5");
  Json back = presetOf(*out);
  EXPECT_FLOAT_EQ(emitter(back)["spawners"][0]["particles_per_second"].get<float>(), 12.5f);

  // One component of a flow vector; a whole number as Stride spells it.
  preset = presetOf(text);
  emitter(preset)["initializers"][1]["velocity_max"][1] = 10;
  out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  changed = changedLines(text, *out);
  ASSERT_EQ(changed.size(), 1u);
  EXPECT_EQ(changed[0], std::string(44, ' ') + "VelocityMax: {X: 3.0, Y: 10.0, Z: 3.0}");
}

TEST(StrideWriteBack, AValueTheAssetLeftOutIsAddedToItsMapping) {
  std::string text = kPrefab;
  Json preset = presetOf(text);
  emitter(preset)["spawners"][0]["enabled"] = false;
  Diagnostics d;
  auto out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  EXPECT_NE(out->find(std::string(44, ' ') + "SpawnCount*: 50.0\n" + std::string(44, ' ') +
                      "Enabled: false\n"),
            std::string::npos)
      << *out;
  Json back = presetOf(*out);
  EXPECT_EQ(emitter(back)["spawners"][0]["enabled"], false);
}

TEST(StrideWriteBack, ModulesAddedAndRemovedAreWrittenAsStrideWritesThem) {
  std::string text = kPrefab;
  Json preset = presetOf(text);
  Json& e = emitter(preset);
  e["initializers"].erase(0);  // the size seed
  e["updaters"].push_back(
      {{"type", "gravity"}, {"gravitational_acceleration", Json::array({0.0, -2.0, 0.0})}});
  Diagnostics d;
  auto out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  EXPECT_EQ(out->find("a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1"), std::string::npos);
  EXPECT_NE(out->find("c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1"), std::string::npos);  // kept module
  EXPECT_NE(out->find("    Updaters:\n"), std::string::npos);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(*out, m, std::regex("\n {40}[0-9a-f]{32}: !UpdaterGravity\n")))
      << *out;
  EXPECT_NE(out->find("GravitationalAcceleration: {X: 0.0, Y: -2.0, Z: 0.0}"), std::string::npos);

  Json back = presetOf(*out);
  const Json& b = emitter(back);
  ASSERT_EQ(b["initializers"].size(), 1u);
  EXPECT_EQ(b["initializers"][0]["type"], "velocity");
  ASSERT_EQ(b["updaters"].size(), 1u);
  EXPECT_EQ(b["updaters"][0]["type"], "gravity");
  EXPECT_FLOAT_EQ(b["updaters"][0]["gravitational_acceleration"][1].get<float>(), -2.0f);

  // Removing the last updater again gives Stride's empty mapping, and the same bytes as before.
  back["effects"][0]["definition"]["emitters"][0]["updaters"] = Json::array();
  back["effects"][0]["definition"]["emitters"][0]["initializers"] =
      presetOf(text)["effects"][0]["definition"]["emitters"][0]["initializers"];
  auto again = write(*out, back, d);
  ASSERT_TRUE(again) << d.formatAll();
  EXPECT_NE(again->find("    Updaters: {}\n"), std::string::npos);
  EXPECT_EQ(presetOf(*again)["effects"][0]["definition"]["emitters"][0]["initializers"].size(), 2u);
}

TEST(StrideWriteBack, ModulesMovedKeepTheirBlocks) {
  std::string text = kPrefab;
  Json preset = presetOf(text);
  Json& inits = emitter(preset)["initializers"];
  std::swap(inits[0], inits[1]);
  Diagnostics d;
  auto out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  EXPECT_LT(out->find("a2a2a2a2"), out->find("a1a1a1a1"));
  EXPECT_EQ(out->size(), text.size());
  Json back = presetOf(*out);
  EXPECT_EQ(emitter(back)["initializers"][0]["type"], "velocity");
}

TEST(StrideWriteBack, BrokenAssetIsAnErrorWithItsLine) {
  std::string text = kPrefab;
  text.replace(text.find("SpawnCount*: 50.0"), 17, "SpawnCount*: lots");
  Json preset = presetOf(kPrefab);
  Diagnostics d;
  EXPECT_FALSE(write(text, preset, d));
  int line = 1 + int(std::count(text.begin(), text.begin() + ptrdiff_t(text.find("lots")), '\n'));
  bool named = false;
  for (const auto& item : d.items)
    named = named || (item.file == "test.sdprefab" && item.line == line);
  EXPECT_TRUE(named) << d.formatAll();
}

TEST(StrideWriteBack, ValuesStrideCannotHoldAreRefused) {
  std::string text = kPrefab;
  Json preset = presetOf(text);
  emitter(preset)["spawners"][0]["particles_per_second"] = std::nan("");
  Diagnostics d;
  EXPECT_FALSE(write(text, preset, d));
  EXPECT_TRUE(d.hasErrors());
  EXPECT_NE(d.formatAll().find("/effects/0/definition/emitters/0/spawners/0"), std::string::npos)
      << d.formatAll();

  // A value fxview derives (the material's tint) has no single place in the asset.
  preset = presetOf(text);
  emitter(preset)["material"]["tint"] = {{"r", 0.5}, {"g", 1}, {"b", 1}, {"a", 1}};
  Diagnostics d2;
  EXPECT_FALSE(write(text, preset, d2));
  EXPECT_NE(d2.formatAll().find("/material/tint"), std::string::npos) << d2.formatAll();
}

TEST(StrideWriteBack, AFailedExportLeavesTheAssetAsItWas) {
  fs::path dir = fs::temp_directory_path() / ("fxview_writeback_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path asset = dir / "fx.sdprefab";
  { std::ofstream(asset, std::ios::binary) << kPrefab; }
  Json preset = presetOf(kPrefab);
  emitter(preset)["spawners"][0]["particles_per_second"] = std::nan("");
  Diagnostics d;
  EXPECT_NE(exportToAsset(preset, (dir / "fx.sdprefab.json").string(), asset, asset, d), "");
  std::ifstream in(asset, std::ios::binary);
  std::string now((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(now, kPrefab);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);

  emitter(preset)["spawners"][0]["particles_per_second"] = 7;
  Diagnostics ok;
  EXPECT_EQ(exportToAsset(preset, (dir / "fx.sdprefab.json").string(), asset, asset, ok), "")
      << ok.formatAll();
  EXPECT_EQ(changedLines(kPrefab, presetOf(kPrefab).is_null() ? "" : [&] {
              std::ifstream again(asset, std::ios::binary);
              return std::string((std::istreambuf_iterator<char>(again)), {});
            }()).size(),
            1u);
  fs::remove_all(dir);
}

std::string readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

TEST(StrideWriteBack, SaveOnAnOpenedAssetWritesItInPlace) {
  fs::path dir = fs::temp_directory_path() / ("fxview_save_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path asset = dir / "fx.sdprefab";
  { std::ofstream(asset, std::ios::binary) << kPrefab; }
  Diagnostics d;
  auto p = loadPreset(asset, d);
  ASSERT_TRUE(p) << d.formatAll();
  EXPECT_EQ(saveDocuments(*p).status, SaveResult::Status::NothingToSave);
  World w(*p);
  FieldEdit edit;
  ASSERT_EQ(setField(*p, w, "sparks/emitters/0/spawners/0/particles_per_second", "12.5", edit), "");
  SaveResult r = saveDocuments(*p);
  EXPECT_EQ(r.status, SaveResult::Status::Saved) << r.message;
  EXPECT_FALSE(r.sceneNeedsSaveAs) << r.message;
  auto changed = changedLines(kPrefab, readAll(asset));
  ASSERT_EQ(changed.size(), 1u);
  EXPECT_EQ(changed[0], std::string(44, ' ') + "SpawnCount*: 12.5");
  EXPECT_EQ(saveDocuments(*p).status, SaveResult::Status::NothingToSave);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);

  // A value the asset cannot take: Save fails, the asset keeps its bytes.
  std::string before = readAll(asset);
  ASSERT_EQ(setField(*p, w, "sparks/emitters/0/material/intensity", "3", edit), "");
  r = saveDocuments(*p);
  EXPECT_EQ(r.status, SaveResult::Status::Failed);
  EXPECT_NE(r.message.find("/material/intensity"), std::string::npos) << r.message;
  EXPECT_EQ(readAll(asset), before);
  // Save As still writes fxview JSON.
  SaveResult as = saveDocumentsAs(*p, dir / "copy.json");
  EXPECT_TRUE(as.ok()) << as.message;
  fs::remove_all(dir);
}

TEST(StrideWriteBack, FloatsAreSpelledAsStrideSpellsThem) {
  EXPECT_EQ(strideFloat(0.5f), "0.5");
  EXPECT_EQ(strideFloat(10.0f), "10.0");
  EXPECT_EQ(strideFloat(-9.80665f), "-9.80665");
  EXPECT_EQ(strideFloat(3.090862e-08f), "3.090862E-08");
  EXPECT_EQ(strideFloat(0.0001f), "0.0001");
  EXPECT_EQ(strideFloat(1e20f), "1E+20");
}

}  // namespace
}  // namespace fx::stride_import
