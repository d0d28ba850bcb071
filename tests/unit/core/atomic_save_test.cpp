// Reliability issue: "Saving and bundle writing are atomic; a crash or kill mid-save leaves the old
// file intact (test it by killing the process mid-write)."
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

#include "engine/core/json.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

std::string readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(AtomicSave, KillMidWriteLeavesOldOrNewFileWhole) {
  fs::path dir = fs::temp_directory_path() / ("fxview_atomic_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path target = dir / "preset.json";
  const std::string a(4 << 20, 'a'), b(4 << 20, 'b');
  ASSERT_EQ(writeFileAtomic(target, a), "");
  for (int round = 0; round < 8; ++round) {
    pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      for (int i = 0;; ++i) writeFileAtomic(target, (i & 1) ? a : b);
    }
    ::usleep(useconds_t(3000 + 7000 * round));  // kill at different points of a write
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    std::string now = readAll(target);
    ASSERT_EQ(now.size(), a.size()) << "round " << round;
    EXPECT_TRUE(now == a || now == b) << "round " << round << ": a partial file";
  }
  fs::remove_all(dir);
}

// A replaced file keeps its mode through the temp-file-and-rename (the temp file would otherwise
// leave it with the default permissions): a read-only one stays read-only, a private one private.
TEST(AtomicSave, ReplacedFileKeepsItsMode) {
  fs::path dir = fs::temp_directory_path() / ("fxview_atomic_mode_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path target = dir / "preset.json";
  for (fs::perms mode : {fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read,
                         fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read}) {
    ASSERT_EQ(writeFileAtomic(target, "old"), "");
    fs::permissions(target, mode);
    ASSERT_EQ(writeFileAtomic(target, "new"), "");
    EXPECT_EQ(readAll(target), "new");
    EXPECT_EQ(fs::status(target).permissions() & fs::perms::mask, mode);
    fs::permissions(target, fs::perms::owner_all);
    fs::remove(target);
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace fx
