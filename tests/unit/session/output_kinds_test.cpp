// The check every writer makes (engine/session/output_kinds.h): a file of one kind is never
// written over, or under the name of, a file of another kind; the same kind, and a name and
// content of no known kind, are written.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>

#include "engine/formats/halo/tag_file.h"
#include "engine/session/output_kinds.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

fs::path scratch() {
  fs::path dir = fs::temp_directory_path() / ("fxview_output_kinds_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void writeText(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

TEST(OutputKinds, TheExtensionMustNameWhatIsWritten) {
  EXPECT_EQ(outputKindRefusal("/nowhere/a.json", WrittenKind::Json), "");
  EXPECT_EQ(outputKindRefusal("/nowhere/a.PNG", WrittenKind::Png), "");
  EXPECT_EQ(outputKindRefusal("/nowhere/a.gif", WrittenKind::Gif), "");
  EXPECT_EQ(outputKindRefusal("/nowhere/a.webm", WrittenKind::Video), "");
  EXPECT_EQ(outputKindRefusal("/nowhere/dump", WrittenKind::Json), "") << "no extension";
  EXPECT_EQ(outputKindRefusal("/nowhere/dump.out", WrittenKind::Json), "") << "unknown extension";
  EXPECT_EQ(outputKindRefusal("/nowhere/sword.gbxmodel", WrittenKind::GbxmodelTag), "");
  EXPECT_EQ(outputKindRefusal("/nowhere/victim.glow", WrittenKind::Png),
            "refusing to write a PNG image to /nowhere/victim.glow: its extension names a Halo "
            ".glow tag");
  EXPECT_EQ(outputKindRefusal("/nowhere/other.sdprefab", WrittenKind::Json),
            "refusing to write JSON to /nowhere/other.sdprefab: its extension names a Stride "
            "asset");
  EXPECT_NE(outputKindRefusal("/nowhere/a.json", WrittenKind::Png), "");
  EXPECT_NE(outputKindRefusal("/nowhere/a.png", WrittenKind::Gif), "");
  EXPECT_NE(outputKindRefusal("/nowhere/a.gbxmodel", WrittenKind::Json), "");
}

TEST(OutputKinds, AnExistingFileMustHoldWhatIsWritten) {
  fs::path dir = scratch();
  fs::path tag = dir / "rain";
  ASSERT_EQ(halo::saveTag(tag, halo::makeTag(halo::TagClass::WeatherParticleSystem)), "");
  EXPECT_EQ(outputKindRefusal(tag, WrittenKind::Json),
            "refusing to write JSON over " + tag.string() +
                ", which holds a Halo .weather_particle_system tag");
  writeText(dir / "asset", "!PrefabAsset\nId: 1\n");
  EXPECT_NE(outputKindRefusal(dir / "asset", WrittenKind::Png).find("which holds a Stride asset"),
            std::string::npos);
  writeText(dir / "preset.txt", "  {\"effects\": []}\n");
  EXPECT_NE(outputKindRefusal(dir / "preset.txt", WrittenKind::Png).find("which holds JSON"),
            std::string::npos);
  EXPECT_EQ(outputKindRefusal(dir / "preset.txt", WrittenKind::Json), "");
  writeText(dir / "image.out", std::string("\x89PNG\r\n\x1a\n", 8) + "rest");
  EXPECT_NE(outputKindRefusal(dir / "image.out", WrittenKind::Json), "");
  EXPECT_EQ(outputKindRefusal(dir / "image.out", WrittenKind::Png), "");
  writeText(dir / "notes.out", "plain words\n");
  EXPECT_EQ(outputKindRefusal(dir / "notes.out", WrittenKind::Json), "") << "no known kind";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace fx
