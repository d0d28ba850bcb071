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
#include "engine/import/stride/stride_writeback_internal.h"
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
  fs::remove_all(dir);  // process ids come round again (under Wine, soon)
  fs::create_directories(dir);
  fs::path asset = dir / "fx.sdprefab";
  { std::ofstream(asset, std::ios::binary) << kPrefab; }
  Json preset = presetOf(kPrefab);
  emitter(preset)["spawners"][0]["particles_per_second"] = std::nan("");
  Diagnostics d;
  EXPECT_NE(exportToAsset(preset, (dir / "fx.sdprefab.json").string(), asset, asset, d), "");
  {
    // Closed before the next export: Windows cannot replace a file this process holds open.
    std::ifstream in(asset, std::ios::binary);
    std::string now((std::istreambuf_iterator<char>(in)), {});
    EXPECT_EQ(now, kPrefab);
  }
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

// A particle system with two emitters: a named one with a colour curve and a size sampler, an
// unnamed one.
const char* kTwoEmitters = R"(!PrefabAsset
Id: 22222222-2222-2222-2222-222222222222
SerializedVersion: {Stride: 3.1.0.1}
Tags: []
Hierarchy:
    RootParts:
        - ref!! aaaaaaaa-0000-0000-0000-000000000002
    Parts:
        -   Entity:
                Id: aaaaaaaa-0000-0000-0000-000000000002
                Name: Smoke
                Components:
                    9999aaaabbbbccccddddeeeeffff0001: !ParticleSystemComponent
                        Id: dddddddd-0000-0000-0000-000000000002
                        ParticleSystem:
                            Settings: {}
                            BoundingShape: null
                            Emitters:
                                e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1:
                                    EmitterName: smoke
                                    ParticleLifetime: {X: 1.0, Y: 2.0}
                                    ShapeBuilder: !ShapeBuilderBillboard
                                        SamplerPosition: null
                                        SamplerSize: !ComputeCurveSamplerFloat
                                            Curve: !ComputeAnimationCurveFloat
                                                KeyFrames:
                                                    f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1:
                                                        Key: 0.0
                                                        Value: 1.0
                                                        TangentType: Linear
                                                    f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2:
                                                        Key: 1.0
                                                        Value: 2.0
                                                        TangentType: Linear
                                        SamplerRotation: null
                                    Material: !ParticleMaterialComputeColor
                                        ComputeColor: !ComputeVertexStreamColor
                                            Stream: !ColorVertexStreamDefinition {}
                                        UVBuilder: null
                                        ForceTexCoords: false
                                    Spawners:
                                        51515151515151515151515151515152: !SpawnerPerSecond
                                            LoopCondition: Looping
                                            Delay: {X: 0.0, Y: 0.0}
                                            Duration: {X: 1.0, Y: 1.0}
                                            SpawnCount: 30.0
                                    Initializers: {}
                                    Updaters:
                                        c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0: !UpdaterColorOverTime
                                            SamplerMain: !ComputeCurveSamplerColor4
                                                Curve: !ComputeAnimationCurveColor4
                                                    KeyFrames:
                                                        a0a0000000000000000000000000000a:
                                                            Key: 0.0
                                                            Value: {R: 1.0, G: 1.0, B: 1.0, A: 0.0}
                                                            TangentType: Linear
                                                        00000000000000000000000000000b0b:
                                                            Key: 0.5
                                                            Value: {R: 1.0, G: 0.5, B: 0.0, A: 1.0}
                                                            TangentType: Linear
                                                        00000000000000000000000000000c0c:
                                                            Key: 1.0
                                                            Value: {R: 0.0, G: 0.0, B: 0.0, A: 0.0}
                                                            TangentType: Linear
                                            SamplerOptional: null
                                            SeedOffset: 0
                                        90909090909090909090909090909090: !UpdaterGravity
                                            GravitationalAcceleration: {X: 0.0, Y: -1.0, Z: 0.0}
                                e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2:
                                    ParticleLifetime: {X: 0.5, Y: 0.5}
                                    Spawners:
                                        52525252525252525252525252525252: !SpawnerBurst
                                            LoopCondition: OneShot
                                            SpawnCount: 10
                                    Initializers: {}
                                    Updaters: {}
)";

Json& emitters(Json& preset) {
  return preset["effects"][0]["definition"]["emitters"];
}

// Every 32-hex item id key of the text, in order.
std::vector<std::string> itemIds(const std::string& text) {
  std::vector<std::string> out;
  std::regex id("\n *([0-9a-f]{32})[:~]");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), id); it != std::sregex_iterator();
       ++it)
    out.push_back((*it)[1]);
  return out;
}

// What the preset's emitters read back as from `text`, every field written.
void expectReadsBack(const std::string& text, const Json& preset) {
  Json back = presetOf(text);
  ASSERT_EQ(emitters(back).size(), preset["effects"][0]["definition"]["emitters"].size()) << text;
  for (size_t i = 0; i < emitters(back).size(); ++i) {
    Diagnostics d;
    auto want = wb::fullDefinition(preset["effects"][0]["definition"], "a", "", d);
    auto got = wb::fullDefinition(back["effects"][0]["definition"], "b", "", d);
    ASSERT_TRUE(want && got) << d.formatAll();
    EXPECT_EQ((*want)["emitters"], (*got)["emitters"]) << text;
  }
}

TEST(StrideWriteBack, AnAddedEmitterIsACopyWithFreshIds) {
  std::string text = kTwoEmitters;
  Json preset = presetOf(text);
  Json copy = emitters(preset)[0];
  copy["name"] = "smoke 2";
  copy["spawners"][0]["particles_per_second"] = 5;
  copy["updaters"].erase(1);  // its gravity
  emitters(preset).push_back(copy);
  Diagnostics d;
  auto out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  // Every item id is unique: the copy's emitter, module and curve key ids are new.
  auto ids = itemIds(*out);
  auto sorted = ids;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::unique(sorted.begin(), sorted.end()), sorted.end()) << *out;
  EXPECT_EQ(ids.size(), itemIds(text).size() + 1 + 1 + 1 + 2 + 3) << *out;
  // The original text is kept as it was, the copy follows the last emitter.
  EXPECT_EQ(out->substr(0, text.size() - 1), text.substr(0, text.size() - 1));
  std::string added = out->substr(text.size());
  EXPECT_TRUE(
      std::regex_search(added, std::regex("^ {32}[0-9a-f]{32}:\n {36}EmitterName: smoke 2\n")))
      << added;
  EXPECT_NE(added.find("SpawnCount: 5.0"), std::string::npos) << added;
  EXPECT_EQ(added.find("UpdaterGravity"), std::string::npos) << added;
  expectReadsBack(*out, preset);
}

TEST(StrideWriteBack, AnEmitterInAnEmptySystemIsStridesFreshEmitter) {
  std::string text = kTwoEmitters;
  Json preset = presetOf(text);
  Json fresh = emitters(preset)[1];
  std::string empty = text.substr(0, text.find(std::string(32, ' ') + "e1e1"));
  empty.replace(empty.rfind("Emitters:\n"), 10, "Emitters: {}\n");
  Json none = presetOf(empty);
  ASSERT_TRUE(emitters(none).empty());
  fresh["name"] = "it's new";
  emitters(none).push_back(fresh);
  Diagnostics d;
  auto out = write(empty, none, d);
  ASSERT_TRUE(out) << d.formatAll();
  EXPECT_NE(out->find("Emitters:\n"), std::string::npos) << *out;
  EXPECT_NE(out->find("EmitterName: 'it''s new'\n"), std::string::npos) << *out;
  EXPECT_NE(out->find("ParticleLifetime: {X: 0.5, Y: 0.5}"), std::string::npos) << *out;
  EXPECT_TRUE(std::regex_search(*out, std::regex("\n {40}[0-9a-f]{32}: !SpawnerBurst\n"))) << *out;
  expectReadsBack(*out, none);
}

TEST(StrideWriteBack, RemovedAndMovedEmittersKeepTheirBlocks) {
  std::string text = kTwoEmitters;
  std::string first = text.substr(
      text.find(std::string(32, ' ') + "e1e1"),
      text.find(std::string(32, ' ') + "e2e2") - text.find(std::string(32, ' ') + "e1e1"));
  // Removed: the first emitter's block goes, nothing else changes.
  Json preset = presetOf(text);
  emitters(preset).erase(0);
  emitters(preset)[0]["name"] = "emitter 1";  // as an unnamed first emitter reads
  Diagnostics d;
  auto out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  std::string without = text;
  without.erase(without.find(first), first.size());
  EXPECT_EQ(*out, without);
  expectReadsBack(*out, preset);

  // Moved: the blocks swap; the unnamed emitter gets the name it had (it is no longer first).
  preset = presetOf(text);
  std::swap(emitters(preset)[0], emitters(preset)[1]);
  out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  EXPECT_LT(out->find("e2e2e2e2"), out->find("e1e1e1e1"));
  EXPECT_NE(out->find("e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2e2:\n" + std::string(36, ' ') +
                      "EmitterName: emitter 2\n"),
            std::string::npos)
      << *out;
  EXPECT_EQ(out->find(first), out->find("e1e1e1e1") - 32);
  expectReadsBack(*out, preset);
}

TEST(StrideWriteBack, CurveKeysAddedRemovedAndMoved) {
  std::string text = kTwoEmitters;
  Json preset = presetOf(text);
  Json& colour = emitters(preset)[0]["updaters"][0]["curve"];
  ASSERT_EQ(colour.size(), 3u);
  colour.erase(1);  // the 0.5 key
  Json& size = emitters(preset)[0]["shape_builder"]["sampler_size"];
  size.push_back({{"key", 1.0}, {"value", 0.5}});
  size[1]["key"] = 0.5;  // moved
  Diagnostics d;
  auto out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  // The removed key loses its block; the kept ones keep their ids and bytes.
  EXPECT_EQ(out->find("00000000000000000000000000000b0b"), std::string::npos);
  std::string pad(60, ' ');
  EXPECT_NE(out->find("TangentType: Linear\n" + std::string(56, ' ') +
                      "00000000000000000000000000000c0c:\n" + pad + "Key: 1.0\n" + pad +
                      "Value: {R: 0.0, G: 0.0, B: 0.0, A: 0.0}\n"),
            std::string::npos)
      << *out;
  // A key replaced by another at its place is the same item with new values.
  Json replaced = presetOf(text);
  Json& keys = emitters(replaced)[0]["updaters"][0]["curve"];
  keys[1] = Json{{"key", 0.25}, {"value", {{"r", 0.5}, {"g", 0.25}, {"b", 1}, {"a", 1}}}};
  auto inPlace = write(text, replaced, d);
  ASSERT_TRUE(inPlace) << d.formatAll();
  EXPECT_NE(inPlace->find("00000000000000000000000000000b0b:\n" + pad + "Key: 0.25\n" + pad +
                          "Value: {R: 0.5, G: 0.25, B: 1.0, A: 1.0}\n"),
            std::string::npos)
      << *inPlace;
  expectReadsBack(*inPlace, replaced);
  pad = std::string(56, ' ');
  EXPECT_TRUE(std::regex_search(
      *out, std::regex("f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2:\n" + pad + "Key: 0.5\n" + pad +
                       "Value: 2.0\n" + pad + "TangentType: Linear\n {52}[0-9a-f]{32}:\n" + pad +
                       "Key: 1.0\n" + pad + "Value: 0.5\n")))
      << *out;
  expectReadsBack(*out, preset);

  // Every key removed: Stride's empty mapping.
  Json none = presetOf(text);
  emitters(none)[0]["shape_builder"]["sampler_size"] = Json::array();
  out = write(text, none, d);
  ASSERT_TRUE(out) << d.formatAll();
  EXPECT_NE(out->find("KeyFrames: {}\n"), std::string::npos) << *out;
  expectReadsBack(*out, none);
}

TEST(StrideWriteBack, AModuleWithACurveIsRemoved) {
  std::string text = kTwoEmitters;
  Json preset = presetOf(text);
  emitters(preset)[0]["updaters"].erase(0);
  Diagnostics d;
  auto out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  EXPECT_EQ(out->find("UpdaterColorOverTime"), std::string::npos);
  EXPECT_EQ(out->find("KeyFrames", out->find("Updaters:")), std::string::npos);
  EXPECT_NE(out->find("90909090909090909090909090909090: !UpdaterGravity"), std::string::npos);
  expectReadsBack(*out, preset);
}

TEST(StrideWriteBack, WhatStrideCannotHoldIsRefusedNamingPresetAndAsset) {
  std::string text = kTwoEmitters;
  // An effect removed: the asset's particle systems cannot be added or removed.
  Json preset = presetOf(text);
  preset["effects"] = Json::array();
  Diagnostics d;
  EXPECT_FALSE(write(text, preset, d));
  EXPECT_NE(d.formatAll().find("test.json"), std::string::npos) << d.formatAll();
  EXPECT_NE(d.formatAll().find("/effects"), std::string::npos) << d.formatAll();
  EXPECT_NE(d.formatAll().find("test.sdprefab"), std::string::npos) << d.formatAll();

  // A curve where the asset has no sampler (SamplerRotation: null).
  preset = presetOf(text);
  emitters(preset)[0]["shape_builder"]["sampler_rotation"] =
      Json::array({{{"key", 0.0}, {"value", 10.0}}});
  Diagnostics d2;
  EXPECT_FALSE(write(text, preset, d2));
  EXPECT_NE(d2.formatAll().find("/effects/0/definition/emitters/0/shape_builder/sampler_rotation"),
            std::string::npos)
      << d2.formatAll();
}

TEST(StrideWriteBack, FloatsAreSpelledAsStrideSpellsThem) {
  EXPECT_EQ(strideFloat(0.5f), "0.5");
  EXPECT_EQ(strideFloat(10.0f), "10.0");
  EXPECT_EQ(strideFloat(-9.80665f), "-9.80665");
  EXPECT_EQ(strideFloat(3.090862e-08f), "3.090862E-08");
  EXPECT_EQ(strideFloat(0.0001f), "0.0001");
  EXPECT_EQ(strideFloat(1e20f), "1E+20");
}

// Stride holds a module's rotation as a quaternion; fxview shows Euler degrees. An edited angle
// is written as the whole quaternion the family turns it into, on the Rotation line alone, and
// a module without a Rotation key gets one; both read back as the angles edited.
TEST(StrideWriteBack, AModuleRotationIsWrittenAsItsQuaternion) {
  std::string text = kTwoEmitters;
  const std::string pad(44, ' ');
  const std::string seed = "Initializers:\n" + pad +
                           "3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a: !InitialPositionSeed\n" + pad +
                           "    Position: {X: 0.0, Y: 0.0, Z: 0.0}\n" + pad +
                           "    Rotation: {X: 0.0, Y: 0.0, Z: 0.0, W: 1.0}\n" + pad +
                           "    PositionMin: {X: -1.0, Y: 0.0, Z: -1.0}\n" + pad +
                           "    PositionMax: {X: 1.0, Y: 0.0, Z: 1.0}\n";
  size_t at = text.find("Initializers: {}\n");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, std::string("Initializers: {}\n").size(), seed);
  Json preset = presetOf(text);
  Json& em = emitters(preset)[0];
  ASSERT_EQ(em["initializers"].size(), 1u) << em.dump();
  em["initializers"][0]["rotation_offset"] = Json::array({0.0, 90.0, 0.0});
  em["updaters"][1]["rotation_offset"] = Json::array({30.0, 0.0, 0.0});  // the gravity: no key
  Diagnostics d;
  auto out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  std::vector<std::string> changed =
      changedLines(text, out->substr(0, out->find("GravitationalAcceleration")) +
                             text.substr(text.find("GravitationalAcceleration")));
  ASSERT_EQ(changed.size(), 1u) << *out;
  EXPECT_EQ(changed[0], pad + "    Rotation: {X: 0.0, Y: 0.70710677, Z: 0.0, W: 0.70710677}");
  EXPECT_NE(out->find("GravitationalAcceleration: {X: 0.0, Y: -1.0, Z: 0.0}\n" + pad +
                      "Rotation: {X: 0.25881904, Y: 0.0, Z: 0.0, W: 0.9659258}\n"),
            std::string::npos)
      << *out;
  Json back = presetOf(*out);
  const Json& seedBack = emitters(back)[0]["initializers"][0]["rotation_offset"];
  const Json& gravityBack = emitters(back)[0]["updaters"][1]["rotation_offset"];
  ASSERT_TRUE(seedBack.is_array() && gravityBack.is_array()) << back.dump();
  EXPECT_NEAR(seedBack[1].get<double>(), 90.0, 1e-3);
  EXPECT_NEAR(gravityBack[0].get<double>(), 30.0, 1e-3);

  // Not three finite angles: refused, naming the preset and the pointer.
  em["initializers"][0]["rotation_offset"] = Json::array({0.0, "north", 0.0});
  Diagnostics bad;
  EXPECT_FALSE(write(text, preset, bad));
  EXPECT_NE(bad.formatAll().find("/initializers/0/rotation_offset"), std::string::npos)
      << bad.formatAll();
}

// The material's texture: its Scale and Offset and its address modes go back into the
// ComputeTextureColor (an address mode the asset leaves out is added to its mapping).
TEST(StrideWriteBack, TheTexturesScaleAndAddressModesAreWritten) {
  std::string text = kTwoEmitters;
  const std::string pad(40, ' ');
  const std::string stream = pad + "ComputeColor: !ComputeVertexStreamColor\n" + pad +
                             "    Stream: !ColorVertexStreamDefinition {}\n";
  size_t at = text.find(stream);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, stream.size(),
               pad + "ComputeColor: !ComputeBinaryColor\n" + pad + "    Operator: Multiply\n" +
                   pad + "    LeftChild: !ComputeTextureColor\n" + pad +
                   "        Texture: 12345678-0000-0000-0000-000000000000:Textures/smoke\n" + pad +
                   "        AddressModeV: Clamp\n" + pad + "        Scale: {X: 1.0, Y: 1.0}\n" +
                   pad + "        Offset: {X: 0.0, Y: 0.0}\n" + pad +
                   "    RightChild: !ComputeVertexStreamColor\n" + pad +
                   "        Stream: !ColorVertexStreamDefinition {}\n");
  Json preset = presetOf(text);
  Json& mat = emitters(preset)[0]["material"];
  ASSERT_EQ(mat["address_u"], "wrap") << mat.dump();
  ASSERT_EQ(mat["address_v"], "clamp") << mat.dump();
  mat["address_u"] = "mirror";
  mat["address_v"] = "border";
  mat["texture_scale"] = Json::array({2.0, 3.0});
  Diagnostics d;
  auto out = write(text, preset, d);
  ASSERT_TRUE(out) << d.formatAll();
  EXPECT_NE(
      out->find(pad + "        AddressModeV: Border\n" + pad + "        Scale: {X: 2.0, Y: 3.0}\n" +
                pad + "        Offset: {X: 0.0, Y: 0.0}\n" + pad +
                "        AddressModeU: Mirror\n" + pad + "    RightChild"),
      std::string::npos)
      << *out;
  EXPECT_EQ(lines(*out).size(), lines(text).size() + 1);
  expectReadsBack(*out, preset);
}

}  // namespace
}  // namespace fx::stride_import
