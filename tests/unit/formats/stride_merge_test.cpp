// Writing a preset back into a Stride asset that changed since the import
// (stride_import::mergeAssetChanges): the preset's "imported_from" record is the base, so the
// asset's own changes stay and only the user's are written; one value both changed is refused.
#include <gtest/gtest.h>

#include <string>

#include "engine/core/json_merge.h"
#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_writeback.h"

namespace fx::stride_import {
namespace {

const char* kPrefab = R"(!PrefabAsset
Id: 11111111-1111-1111-1111-111111111111
SerializedVersion: {Stride: 3.1.0.1}
Hierarchy:
    Parts:
        -   Entity:
                Id: aaaaaaaa-0000-0000-0000-000000000001
                Name: Puff
                Components:
                    9999aaaabbbbccccddddeeeeffff0000: !ParticleSystemComponent
                        ParticleSystem:
                            Emitters:
                                e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0:
                                    ParticleLifetime: {X: 1.0, Y: 2.0}
                                    Spawners:
                                        51515151515151515151515151515151: !SpawnerPerSecond
                                            LoopCondition: Looping
                                            SpawnCount: 20.0
                                    Initializers: {}
                                    Updaters: {}
)";

const char* kEmitter = "/effects/0/definition/emitters/0";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

// The preset `fxview import` makes of kPrefab, with its record.
Json importedPreset() {
  Diagnostics diags;
  auto r = importText(kPrefab, "puff.sdprefab", "puff.sdprefab", diags);
  EXPECT_TRUE(r && !diags.hasErrors()) << diags.formatAll();
  Json base = Json::array();
  for (const auto& e : r->preset["effects"]) base.push_back(e["definition"]);
  r->preset[kImportedFromKey] = makeImportRecord(fnv1a64(kPrefab), base);
  return r->preset;
}

Json& at(Json& preset, const std::string& rest) {
  return preset[Json::json_pointer(std::string(kEmitter) + rest)];
}

std::optional<std::string> exportInto(const std::string& asset, Json preset, Diagnostics& diags) {
  if (!mergeAssetChanges(asset, "puff.sdprefab", "puff.sdprefab", preset, "p.json", diags))
    return std::nullopt;
  return writeBack(asset, "puff.sdprefab", "puff.sdprefab", preset, "p.json", diags);
}

TEST(StrideMerge, TheAssetsChangeStaysAndTheUsersIsWritten) {
  Json preset = importedPreset();
  at(preset, "/particle_lifetime") = Json::array({1.5, 2.0});
  const std::string asset = replaced(kPrefab, "SpawnCount: 20.0", "SpawnCount: 30.0");
  Diagnostics diags;
  auto out = exportInto(asset, preset, diags);
  ASSERT_TRUE(out) << diags.formatAll();
  EXPECT_EQ(*out, replaced(asset, "{X: 1.0, Y: 2.0}", "{X: 1.5, Y: 2.0}"));
}

TEST(StrideMerge, OneValueChangedOnBothSidesIsRefusedNamingIt) {
  Json preset = importedPreset();
  at(preset, "/spawners/0/particles_per_second") = 12.5;
  const std::string asset = replaced(kPrefab, "SpawnCount: 20.0", "SpawnCount: 30.0");
  Diagnostics diags;
  EXPECT_FALSE(exportInto(asset, preset, diags));
  ASSERT_EQ(diags.errorCount(), 1u) << diags.formatAll();
  const Diagnostic& d = diags.items[0];
  EXPECT_EQ(d.pointer, std::string(kEmitter) + "/spawners/0/particles_per_second");
  for (const char* part : {"12.5", "30", "20", "SpawnCount", "puff.sdprefab:18"})
    EXPECT_NE(d.message.find(part), std::string::npos) << part << " in " << d.message;
}

TEST(StrideMerge, TheSameChangeOnBothSidesIsFine) {
  Json preset = importedPreset();
  at(preset, "/spawners/0/particles_per_second") = 30;
  const std::string asset = replaced(kPrefab, "SpawnCount: 20.0", "SpawnCount: 30.0");
  Diagnostics diags;
  auto out = exportInto(asset, preset, diags);
  ASSERT_TRUE(out) << diags.formatAll();
  EXPECT_EQ(*out, asset);
}

TEST(StrideMerge, AnAssetAsImportedTakesThePresetAsItIs) {
  Json preset = importedPreset();
  Json before = preset;
  Diagnostics diags;
  EXPECT_TRUE(
      mergeAssetChanges(kPrefab, "puff.sdprefab", "puff.sdprefab", preset, "p.json", diags));
  EXPECT_EQ(preset, before);
  auto out = writeBack(kPrefab, "puff.sdprefab", "puff.sdprefab", preset, "p.json", diags);
  ASSERT_TRUE(out) << diags.formatAll();
  EXPECT_EQ(*out, kPrefab);
}

}  // namespace
}  // namespace fx::stride_import
