// engine/core/data_paths.h: "A data root is a folder holding assets/ and presets/, searched in
// order: $FXVIEW_DATA_DIR, <folder of the executable>/../share/fxview, the source tree (while the
// running executable lives inside its own build tree, and never when $FXVIEW_NO_SOURCE_TREE=1),
// $XDG_DATA_HOME/fxview (default ~/.local/share/fxview), <each of $XDG_DATA_DIRS>/fxview (default
// /usr/local/share:/usr/share)."
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "engine/core/data_paths.h"
#include "engine/core/paths.h"

namespace fx {
namespace {

namespace fs = std::filesystem;
using Roots = std::vector<fs::path>;

// An installed binary in /opt/fx/bin, built in /src/build from /src; no XDG variables set.
DataSearch installed() {
  DataSearch s;
  s.executable = "/opt/fx/bin/fxview";
  s.sourceDir = "/src";
  s.buildDir = "/src/build";
  s.home = "/home/u";
  return s;
}

// The Linux layout (absolute paths from "/", XDG folders); Windows' portable folder is tested
// below.
#ifndef _WIN32
TEST(DataPaths, InstalledBinarySearchesItsPrefixThenXdgDefaults) {
  EXPECT_EQ(dataRoots(installed()), (Roots{"/opt/fx/share/fxview", "/home/u/.local/share/fxview",
                                           "/usr/local/share/fxview", "/usr/share/fxview"}));
}

TEST(DataPaths, ExplicitDirComesFirstAndXdgVariablesReplaceTheDefaults) {
  DataSearch s = installed();
  s.explicitDir = "/data/mine";
  s.xdgDataHome = "/xdg/home";
  s.xdgDataDirs = "/a:relative/ignored::/b/";
  EXPECT_EQ(dataRoots(s), (Roots{"/data/mine", "/opt/fx/share/fxview", "/xdg/home/fxview",
                                 "/a/fxview", "/b/fxview"}));
}

TEST(DataPaths, ARelativeXdgDataHomeIsIgnored) {
  DataSearch s = installed();
  s.xdgDataHome = "relative";
  s.xdgDataDirs = "/usr/share";
  EXPECT_EQ(dataRoots(s),
            (Roots{"/opt/fx/share/fxview", "/home/u/.local/share/fxview", "/usr/share/fxview"}));
}

TEST(DataPaths, SourceTreeOnlyForABinaryInsideItsBuildTree) {
  DataSearch s = installed();
  s.executable = "/src/build/fxview";
  s.xdgDataDirs = "/usr/share";
  EXPECT_EQ(dataRoots(s), (Roots{"/src/share/fxview", "/src", "/home/u/.local/share/fxview",
                                 "/usr/share/fxview"}));
  s.executable = "/src/build/tests/fxview_unit_tests";
  EXPECT_NE(dataRoots(s)[1], fs::path("/src/share/fxview"));
  EXPECT_EQ(dataRoots(s)[1], fs::path("/src"));
  s.executable = "/src/build-other/fxview";  // a sibling folder is not inside the build tree
  for (const fs::path& r : dataRoots(s)) EXPECT_NE(r, fs::path("/src"));
}
#endif

TEST(DataPaths, NoSourceTreeSwitchesTheFallbackOff) {
  DataSearch s = installed();
  s.executable = "/src/build/fxview";
  s.sourceTreeAllowed = false;
  for (const fs::path& r : dataRoots(s)) EXPECT_NE(r, fs::path("/src"));
}

TEST(DataPaths, FindDataFileTakesTheFirstRootThatHasTheFile) {
  fs::path tmp = fs::temp_directory_path() / ("fxview_data_paths_" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "prefix/bin");
  fs::create_directories(tmp / "prefix/share/fxview/assets");
  fs::create_directories(tmp / "xdg/fxview/assets");
  fs::create_directories(tmp / "xdg/fxview/presets");
  std::ofstream(tmp / "prefix/share/fxview/assets/a.png") << "installed";
  std::ofstream(tmp / "xdg/fxview/assets/a.png") << "xdg";
  std::ofstream(tmp / "xdg/fxview/presets/gallery.json") << "{}";
  DataSearch s;
  s.executable = tmp / "prefix/bin/fxview";
  s.xdgDataHome = tmp / "xdg";
  s.xdgDataDirs = (tmp / "none").string();
  EXPECT_EQ(findDataFile("assets/a.png", s), tmp / "prefix/share/fxview/assets/a.png");
  EXPECT_EQ(findDataFile("presets/gallery.json", s), tmp / "xdg/fxview/presets/gallery.json");
  EXPECT_EQ(findDataFile("assets/missing.png", s), fs::path());
  fs::remove_all(tmp);
}

#ifndef _WIN32
// Issue 35: where /proc/self/exe cannot be read, the executable is found from argv[0], resolved
// against the working folder ("./fxview", "bin/fxview") or, without a slash, $PATH.
TEST(DataPaths, Argv0FindsTheExecutableThroughTheWorkingFolderOrPath) {
  fs::path tmp = fs::temp_directory_path() / ("fxview_argv0_" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "prefix/bin");
  fs::create_directories(tmp / "other");
  fs::path exe = tmp / "prefix/bin/fxview";
  std::ofstream(exe) << "#!/bin/sh\n";
  fs::permissions(exe, fs::perms::owner_all);
  std::ofstream(tmp / "other/fxview") << "not executable";
  fs::permissions(tmp / "other/fxview", fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(executableFromArgv0("bin/fxview", tmp / "prefix", ""), exe);
  EXPECT_EQ(executableFromArgv0("../prefix/bin/fxview", tmp / "other", ""), exe);
  EXPECT_EQ(executableFromArgv0(exe.string(), "/", ""), exe);
  std::string path = (tmp / "other").string() + ":" + (tmp / "prefix/bin").string();
  EXPECT_EQ(executableFromArgv0("fxview", "/", path), exe);
  EXPECT_EQ(executableFromArgv0("fxview", "/", (tmp / "other").string()), fs::path());
  EXPECT_EQ(executableFromArgv0("", "/", path), fs::path());
  EXPECT_EQ(executableFromArgv0("missing/fxview", tmp, path), fs::path());
  fs::remove_all(tmp);
}
#else
// Windows: the portable folder holds assets\ and presets\ beside fxview.exe (a folder named with
// spaces and non-ASCII letters), searched after $FXVIEW_DATA_DIR and never the XDG folders.
TEST(DataPaths, WindowsSearchesTheExecutablesOwnFolder) {
  DataSearch s;
  s.executable = toPath("C:\\Users\\Zo\xc3\xab\\fx tools\\fxview.exe");
  s.sourceDir = "C:\\src";
  s.buildDir = "C:\\src\\build";
  s.home = "C:\\Users\\u";
  s.portable = true;
  EXPECT_EQ(dataRoots(s), Roots{toPath("C:\\Users\\Zo\xc3\xab\\fx tools")});
  s.explicitDir = "D:\\data";
  EXPECT_EQ(dataRoots(s), (Roots{"D:\\data", toPath("C:\\Users\\Zo\xc3\xab\\fx tools")}));
  EXPECT_TRUE(dataSearchFromEnvironment().portable);
}

// argv[0] with backslashes, and PATH with ';' between its folders.
TEST(DataPaths, Argv0OnWindowsTakesBackslashesAndSemicolons) {
  fs::path tmp = fs::temp_directory_path() / ("fxview_argv0_" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "prefix" / "bin");
  fs::create_directories(tmp / "other");
  fs::path exe = tmp / "prefix" / "bin" / "fxview.exe";
  std::ofstream(exe) << "MZ";
  std::ofstream(tmp / "other" / "fxview.txt") << "not a program";
  EXPECT_EQ(executableFromArgv0("bin\\fxview.exe", tmp / "prefix", ""), exe);
  const std::string path = toUtf8(tmp / "other") + ";" + toUtf8(tmp / "prefix" / "bin");
  EXPECT_EQ(executableFromArgv0("fxview.exe", "C:\\", path), exe);
  EXPECT_EQ(executableFromArgv0("fxview.txt", "C:\\", path), fs::path());
  fs::remove_all(tmp);
}
#endif

}  // namespace
}  // namespace fx
