// The viewer's Save on files it must not simply replace (issue 35, cases 2, 3 and 6), through
// gui::saveDocument and the console: a read-only tag asks "Make writable and save" and writes
// nothing until answered; saving a tag opened through a symlink writes the file it names and keeps
// the link; a screenshot, GIF or sheet is never written over a file of another kind.
#include <fstream>

#include "app/gui/app.h"
#include "engine/core/file_write.h"
#include "engine/formats/halo/tag_file.h"
#include "engine/import/halo/tag_definitions.h"
#include "tests/gl/gl_fixture.h"

namespace app_write_test {

using namespace fx;
namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("fxview-app-write-" + name);
  if (fs::exists(dir)) fs::permissions(dir, fs::perms::owner_all, fs::perm_options::add);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string readBytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

fs::path writeGlowTag(const fs::path& path) {
  Diagnostics d;
  auto preset = loadPreset(gltest::sourceDir() / "presets/glow_energy_sword.json", d);
  EXPECT_TRUE(preset && !preset->effects.empty()) << d.formatAll();
  halo::TagFile tag = halo::makeTag(halo::TagClass::Glow);
  writeDefinitionToTag(*preset->effects[0].definition, tag);
  fs::create_directories(path.parent_path());
  EXPECT_EQ(halo::saveTag(path, tag), "");
  return path;
}

std::string consoleError(gui::App& app, const std::string& line) {
  size_t before = app.consoleLog.size();
  gui::runConsole(app, line, false);
  for (size_t i = app.consoleLog.size(); i > before; --i)
    if (app.consoleLog[i - 1].kind == gui::ConsoleLine::Error) return app.consoleLog[i - 1].text;
  return {};
}

unsigned modeOf(const fs::path& p) {
  return unsigned(fs::status(p).permissions() & fs::perms::mask);
}

TEST(AppWrite, AReadOnlyTagAsksBeforeItIsMadeWritableAndSaved) {
  fs::path dir = scratch("readonly");
  fs::path tag = writeGlowTag(dir / "tags/fx/sword.glow");
  fs::permissions(tag, fs::perms(0444));
  const std::string original = readBytes(tag);
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, tag)) << app.loadDiagnostics.formatAll();
  ASSERT_EQ(consoleError(app, "set sword/number_of_particles 21"), "");
  std::string err = gui::saveDocument(app, {});
#ifdef _WIN32
  EXPECT_NE(err.find(fs::path(tag).make_preferred().string() +
                     " is read-only (its read-only attribute is set)"),
            std::string::npos)
      << err;
#else
  EXPECT_NE(err.find(tag.string() + " is read-only (mode 0444)"), std::string::npos) << err;
#endif
  EXPECT_TRUE(app.showReadOnlyPrompt);
  ASSERT_EQ(app.readOnlyFiles.size(), 1u);
  EXPECT_EQ(app.readOnlyFiles[0], tag);
  EXPECT_EQ(readBytes(tag), original) << "nothing is written before the answer";
  EXPECT_TRUE(readOnlyMode(tag).has_value());
  // "Make writable and save".
  EXPECT_EQ(gui::saveDocument(app, app.readOnlySavePath, app.readOnlySaveOverwrite, true), "");
  EXPECT_NE(readBytes(tag), original);
  EXPECT_FALSE(readOnlyMode(tag).has_value());
#ifndef _WIN32
  EXPECT_EQ(modeOf(tag), 0644u);
#endif
}

TEST(AppWrite, SavingATagThroughASymlinkWritesItsTargetAndKeepsTheLink) {
  fs::path dir = scratch("symlink");
  fs::path real = writeGlowTag(dir / "real/tags/fx/sword.glow");
  fs::create_directories(dir / "work/tags/fx");
  std::error_code linkError;
  fs::create_symlink(real, dir / "work/tags/fx/sword.glow", linkError);
  if (linkError) GTEST_SKIP() << "this system makes no symbolic links: " << linkError.message();
  const std::string original = readBytes(real);
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, dir / "work/tags/fx/sword.glow"))
      << app.loadDiagnostics.formatAll();
  ASSERT_EQ(app.preset->effects.size(), 1u);
  const std::string id = app.preset->effects[0].placement.id;
  ASSERT_EQ(consoleError(app, "set " + id + "/number_of_particles 21"), "");
  EXPECT_EQ(gui::saveDocument(app, {}), "");
  EXPECT_TRUE(fs::is_symlink(dir / "work/tags/fx/sword.glow"));
  EXPECT_NE(readBytes(real), original);
  EXPECT_EQ(readBytes(dir / "work/tags/fx/sword.glow"), readBytes(real));
}

TEST(AppWrite, NoPictureIsWrittenOverAFileOfAnotherKind) {
  fs::path dir = scratch("kinds");
  fs::path tag = writeGlowTag(dir / "tags/fx/sword.glow");
  fs::path other = writeGlowTag(dir / "tags/fx/other");
  const std::string original = readBytes(other);
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, tag)) << app.loadDiagnostics.formatAll();
  for (const std::string& line :
       {"screenshot " + (dir / "victim.glow").string(), "screenshot_window " + other.string(),
        "gif " + other.string() + " 2 0.1", "sheet " + (dir / "a.sdprefab").string() + " 2 0.1"}) {
    std::string err = consoleError(app, line);
    EXPECT_NE(err.find("refusing to write"), std::string::npos) << line << ": " << err;
  }
  EXPECT_TRUE(app.pendingScreenshot.empty());
  EXPECT_EQ(readBytes(other), original);
  EXPECT_FALSE(fs::exists(dir / "victim.glow"));
}

}  // namespace app_write_test
