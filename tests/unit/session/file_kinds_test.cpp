// The registry of openable file kinds (engine/session/file_kinds.h): a path's kind by its
// extension in any case, else by its first bytes; a folder holding bundle.json is a bundle; a
// file of no known kind has none. The GUI, `check`, `render`, `simulate` and `import` all ask it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>

#include "engine/formats/halo/tag_file.h"
#include "engine/session/file_kinds.h"
#include "engine/session/tag_scene.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  fs::path dir =
      fs::temp_directory_path() / ("fxview_file_kinds_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void writeText(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

std::string kindName(const fs::path& p) {
  const FileKind* k = findFileKind(p);
  return k ? std::string(k->name) : std::string("(none)");
}

TEST(FileKinds, ExtensionsNameTheKindInAnyCase) {
  // Nothing is read: the files need not exist.
  EXPECT_EQ(kindName("/nowhere/a.json"), "preset");
  EXPECT_EQ(kindName("/nowhere/a.JSON"), "preset");
  EXPECT_EQ(kindName("/nowhere/b.Glow"), "halo_glow");
  EXPECT_EQ(kindName("/nowhere/rain.WEATHER_PARTICLE_SYSTEM"), "halo_weather");
  EXPECT_EQ(kindName("/nowhere/p.point_physics"), "point_physics");
  EXPECT_EQ(kindName("/nowhere/w.Wind"), "wind");
  EXPECT_EQ(kindName("/nowhere/m.GbxModel"), "gbxmodel");
  EXPECT_EQ(kindName("/nowhere/b.bitmap"), "bitmap");
  for (const char* p : {"s.sdscene", "s.SDPREFAB", "s.xkscene", "s.XkPrefab"})
    EXPECT_EQ(kindName(fs::path("/nowhere") / p), "stride") << p;
  const FileKind* glow = findFileKindByExtension("x.GLOW");
  ASSERT_NE(glow, nullptr);
  EXPECT_EQ(glow->opensAs, FileOpening::EffectTag);
  EXPECT_EQ(glow->tagClass, halo::TagClass::Glow);
  ASSERT_NE(fileKindFamily(*glow), nullptr);
  EXPECT_EQ(fileKindFamily(*glow)->kind, "halo_glow");
  EXPECT_EQ(fileKindFamily(*findFileKindByExtension("x.wind")), nullptr);
  EXPECT_EQ(findFileKindByExtension("x.txt"), nullptr);
  EXPECT_EQ(findFileKindByExtension("noextension"), nullptr);
}

TEST(FileKinds, ContentNamesTheKindWithoutAnExtension) {
  fs::path dir = scratch("magic");
  halo::TagFile glow = halo::makeTag(halo::TagClass::Glow);
  ASSERT_EQ(halo::saveTag(dir / "g.glow", glow), "");
  fs::copy_file(dir / "g.glow", dir / "glow_without_extension");
  ASSERT_EQ(halo::saveTag(dir / "w.weather_particle_system",
                          halo::makeTag(halo::TagClass::WeatherParticleSystem)),
            "");
  fs::copy_file(dir / "w.weather_particle_system", dir / "weather.bin");
  ASSERT_EQ(halo::saveTag(dir / "m.gbxmodel", halo::makeTag(halo::TagClass::Gbxmodel)), "");
  fs::copy_file(dir / "m.gbxmodel", dir / "model");
  writeText(dir / "scene", "!SceneAsset\nId: 00000000-0000-0000-0000-000000000000\n");
  writeText(dir / "prefab.yaml", "!PrefabAsset\r\nId: 1\n");
  writeText(dir / "preset", "  \n{\"version\": 1}\n");
  EXPECT_EQ(kindName(dir / "glow_without_extension"), "halo_glow");
  EXPECT_EQ(kindName(dir / "weather.bin"), "halo_weather");
  EXPECT_EQ(kindName(dir / "model"), "gbxmodel");
  EXPECT_EQ(kindName(dir / "scene"), "stride");
  EXPECT_EQ(kindName(dir / "prefab.yaml"), "stride");
  EXPECT_EQ(kindName(dir / "preset"), "preset");
  // The extension wins over the bytes: a tag named .json is read as a preset (and fails as one).
  fs::copy_file(dir / "g.glow", dir / "tag.json");
  EXPECT_EQ(kindName(dir / "tag.json"), "preset");
  // Only extensions for outputs, which need not exist.
  EXPECT_EQ(findFileKindByExtension(dir / "glow_without_extension"), nullptr);
  fs::remove_all(dir);
}

TEST(FileKinds, AFolderWithBundleJsonIsABundle) {
  fs::path dir = scratch("bundle");
  fs::create_directories(dir / "report");
  writeText(dir / "report" / "bundle.json", "{}");
  fs::create_directories(dir / "named.json");
  writeText(dir / "named.json" / "bundle.json", "{}");
  fs::create_directories(dir / "plain");
  EXPECT_EQ(kindName(dir / "report"), "bundle");
  EXPECT_TRUE(opensAs(dir / "report", FileOpening::Bundle));
  EXPECT_EQ(kindName(dir / "named.json"), "bundle");
  EXPECT_EQ(kindName(dir / "plain"), "(none)");
  EXPECT_FALSE(opensAs(dir / "plain", FileOpening::Bundle));
  fs::remove_all(dir);
}

TEST(FileKinds, UnknownFilesHaveNoKind) {
  fs::path dir = scratch("unknown");
  writeText(dir / "notes.txt", "hello\n");
  writeText(dir / "empty", "");
  std::string shader(64, '\0');  // a Halo tag of a class fxview does not open
  shader.replace(0x24, 4, "soso");
  shader.replace(0x3C, 4, "blam");
  writeText(dir / "shader", shader);
  EXPECT_EQ(findFileKind(dir / "notes.txt"), nullptr);
  EXPECT_EQ(findFileKind(dir / "empty"), nullptr);
  EXPECT_EQ(findFileKind(dir / "shader"), nullptr);
  EXPECT_EQ(findFileKind(dir / "missing"), nullptr);
  fs::remove_all(dir);
}

TEST(FileKinds, ImportReadsTheSameExtensionsAsBefore) {
  EXPECT_EQ(importableExtensions(),
            ".glow, .weather_particle_system, .point_physics, .wind, .gbxmodel, .bitmap, "
            ".model_animations, .scenario_structure_bsp, .sdscene, .sdprefab, .xkscene, .xkprefab");
}

TEST(FileKinds, AnEffectTagWithoutExtensionOpensAsItsScene) {
  fs::path dir = scratch("scene");
  halo::TagFile glow = halo::makeTag(halo::TagClass::Glow);
  glow.root().setString(0x000, "glow");
  ASSERT_EQ(halo::saveTag(dir / "g.glow", glow), "");
  fs::copy_file(dir / "g.glow", dir / "sparkle");
  Diagnostics d;
  auto preset = loadPresetOrTag(dir / "sparkle", {}, d);
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  ASSERT_EQ(preset->effects.size(), 1u);
  EXPECT_EQ(preset->effects[0].kind, "halo_glow");
  EXPECT_TRUE(preset->effects[0].definitionTag);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace fx
