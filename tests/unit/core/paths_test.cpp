// UTF-8 file names to std::filesystem::path and back (engine/core/paths.h): "Every conversion
// between a UTF-8 name and std::filesystem::path goes through these, and every file is opened
// through a path". On Linux the narrow encoding is UTF-8 already; a Windows build runs the same
// checks against the ANSI code page the standard library would otherwise use.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "engine/core/paths.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

// "Zoë/日本.json" written out in UTF-8 bytes, so the test does not depend on the source charset.
const std::string kName = "Zo\xC3\xAB/\xE6\x97\xA5\xE6\x9C\xAC.json";

TEST(Paths, AUtf8NameComesBackAsTheSameBytes) {
  fs::path p = toPath(kName);
  EXPECT_EQ(toGenericUtf8(p), kName);
  EXPECT_EQ(toUtf8(p.filename()), "\xE6\x97\xA5\xE6\x9C\xAC.json");
  EXPECT_EQ(toUtf8(p.parent_path()), "Zo\xC3\xAB");
  EXPECT_EQ(toUtf8(p.extension()), ".json");
}

TEST(Paths, GenericTextUsesForwardSlashes) {
  fs::path p = toPath("a") / toPath("b") / toPath("c.json");
  EXPECT_EQ(toGenericUtf8(p), "a/b/c.json");
  // Native text uses the platform's separator (a backslash on Windows).
  EXPECT_EQ(toUtf8(p), (fs::path("a") / "b" / "c.json").string());
}

TEST(Paths, OpenFileWritesAndReadsAFileWithAUtf8Name) {
  fs::path dir = fs::temp_directory_path() / toPath("fxview_paths_test_\xC3\xA9");
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path file = dir / toPath("\xE6\x97\xA5\xE6\x9C\xAC.txt");
  std::FILE* out = openFile(file, "wb");
  ASSERT_NE(out, nullptr);
  std::fputs("line\n", out);
  std::fclose(out);
  EXPECT_TRUE(fs::exists(file));
  EXPECT_EQ(fs::file_size(file), 5u);  // binary: no "\r\n" on Windows
  std::FILE* in = openFile(file, "rb");
  ASSERT_NE(in, nullptr);
  char buf[8] = {};
  EXPECT_EQ(std::fread(buf, 1, sizeof buf, in), 5u);
  std::fclose(in);
  EXPECT_EQ(std::string(buf), "line\n");
  EXPECT_EQ(openFile(dir / toPath("missing"), "rb"), nullptr);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace fx
