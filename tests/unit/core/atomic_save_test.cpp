// Reliability issue: "Saving and bundle writing are atomic; a crash or kill mid-save leaves the old
// file intact (test it by killing the process mid-write)."
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#ifdef _WIN32
#include "engine/core/windows_api.h"
#else
#include <sys/wait.h>
#endif
#include <unistd.h>

#include "engine/core/file_write.h"
#include "engine/core/paths.h"
#include "engine/core/platform.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

std::string readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

#ifdef _WIN32
// The writer the test below kills: this test program again, running only this test, which writes
// the file named by $FXVIEW_ATOMIC_TARGET until it is terminated (skipped in a normal run).
TEST(AtomicSave, ChildKeepsWriting) {
  const std::string target = platform::environment("FXVIEW_ATOMIC_TARGET");
  if (target.empty()) GTEST_SKIP() << "the writer of KillMidWriteLeavesOldOrNewFileWhole";
  const std::string a(4 << 20, 'a'), b(4 << 20, 'b');
  for (int i = 0;; ++i) writeFileAtomic(target, (i & 1) ? a : b);
}

TEST(AtomicSave, KillMidWriteLeavesOldOrNewFileWhole) {
  fs::path dir = fs::temp_directory_path() / ("fxview_atomic_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path target = dir / "preset.json";
  const std::string a(4 << 20, 'a'), b(4 << 20, 'b');
  ASSERT_EQ(writeFileAtomic(target, a), "");
  std::wstring env = L"FXVIEW_ATOMIC_TARGET=" + target.wstring() + L'\0';
  if (wchar_t* block = GetEnvironmentStringsW()) {
    for (const wchar_t* e = block; *e; e += wcslen(e) + 1) env += std::wstring(e) + L'\0';
    FreeEnvironmentStringsW(block);
  }
  env += L'\0';
  std::wstring cmd = L"\"" + platform::executablePath().wstring() +
                     L"\" --gtest_filter=AtomicSave.ChildKeepsWriting";
  for (int round = 0; round < 8; ++round) {
    STARTUPINFOW si{};
    si.cb = sizeof si;
    PROCESS_INFORMATION pi{};
    ASSERT_TRUE(CreateProcessW(nullptr, cmd.data(), nullptr, nullptr, FALSE,
                               CREATE_UNICODE_ENVIRONMENT, env.data(), nullptr, &si, &pi));
    Sleep(DWORD(30 + 40 * round));  // kill at different points of a write
    TerminateProcess(pi.hProcess, 9);
    WaitForSingleObject(pi.hProcess, INFINITE);
    CloseHandle(pi.hThread);
    CloseHandle(pi.hProcess);
    std::string now = readAll(target);
    ASSERT_EQ(now.size(), a.size()) << "round " << round;
    EXPECT_TRUE(now == a || now == b) << "round " << round << ": a partial file";
  }
  fs::remove_all(dir);
}
#else
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

#endif

fs::path freshDir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

#ifdef _WIN32
// A file another program holds open (Guerilla, an editor) without sharing it for deletion cannot
// be replaced: the save says so, the file keeps its bytes and no temporary file is left; once it
// is closed the same save goes through.
TEST(AtomicSave, AFileHeldOpenElsewhereIsKeptAndTheErrorSaysSo) {
  fs::path dir = freshDir("fxview_atomic_held");
  fs::path target = dir / "sword glow.glow";
  ASSERT_EQ(writeFileAtomic(target, "old"), "");
  HANDLE held = CreateFileW(target.c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING,
                            FILE_ATTRIBUTE_NORMAL, nullptr);
  ASSERT_NE(held, INVALID_HANDLE_VALUE);
  const std::string err = writeFileAtomic(target, "new");
  EXPECT_NE(err.find("cannot save " + target.string() + ": it is open in another program"),
            std::string::npos)
      << err;
  CloseHandle(held);
  EXPECT_EQ(readAll(target), "old");
  size_t entries = 0;
  for ([[maybe_unused]] auto& e : fs::directory_iterator(dir)) ++entries;
  EXPECT_EQ(entries, 1u) << "a temporary file was left behind";
  EXPECT_EQ(writeFileAtomic(target, "new"), "");
  EXPECT_EQ(readAll(target), "new");
  fs::remove_all(dir);
}

// Names in any script, as a user's folders are named (C:\Users\Zoë\fx tools\日本).
TEST(AtomicSave, UnicodeNamesSaveWhereTheyAreNamed) {
  fs::path dir = freshDir("fxview_atomic_unicode");
  const fs::path folder = dir / toPath("Zo\xc3\xab fx \xe6\x97\xa5\xe6\x9c\xac");
  fs::create_directories(folder);
  const fs::path target = folder / toPath("\xc3\xa9t\xc3\xa9 glow.glow");
  ASSERT_EQ(writeFileAtomic(target, "\xc3\xa9"), "");
  EXPECT_EQ(readAll(target), "\xc3\xa9");
  EXPECT_TRUE(fs::exists(folder / L"\u00e9t\u00e9 glow.glow"));
  fs::remove_all(dir);
}
#endif

unsigned modeOf(const fs::path& p) {
  return unsigned(fs::status(p).permissions() & fs::perms::mask);
}

#ifndef _WIN32  // Windows has no mode bits: ReplaceFileW keeps the attributes and security
// A replaced file keeps its mode through the temp-file-and-rename (the temp file would otherwise
// leave it with the default permissions): a private one stays private.
TEST(AtomicSave, ReplacedFileKeepsItsMode) {
  fs::path dir = freshDir("fxview_atomic_mode");
  fs::path target = dir / "preset.json";
  ASSERT_EQ(writeFileAtomic(target, "old"), "");
  fs::permissions(target, fs::perms(0640));
  ASSERT_EQ(writeFileAtomic(target, "new"), "");
  EXPECT_EQ(readAll(target), "new");
  EXPECT_EQ(modeOf(target), 0640u);
  fs::remove_all(dir);
}
#endif

// A file whose mode bits grant no write permission (a Perforce file not checked out) is refused
// as editors refuse it, even for root; forced, it is made writable (u+w) and saved.
TEST(AtomicSave, ReadOnlyFileIsRefusedUnlessForced) {
  fs::path dir = freshDir("fxview_atomic_ro");
  fs::path target = dir / "rain.weather_particle_system";
  ASSERT_EQ(writeFileAtomic(target, "old"), "");
  fs::permissions(target, fs::perms(0444));
  std::string err = writeFileAtomic(target, "new");
#ifdef _WIN32
  const std::string why = " is read-only (its read-only attribute is set)";
#else
  const std::string why = " is read-only (mode 0444)";
#endif
  EXPECT_NE(err.find(target.string() + why), std::string::npos) << err;
  EXPECT_NE(err.find("--force"), std::string::npos) << err;
  EXPECT_EQ(readAll(target), "old");
  EXPECT_TRUE(readOnlyMode(target).has_value());
  EXPECT_EQ(writeFileAtomic(target, "new", {.force = true}), "");
  EXPECT_EQ(readAll(target), "new");
  EXPECT_FALSE(readOnlyMode(target).has_value());
#ifndef _WIN32
  EXPECT_EQ(modeOf(target), 0644u);
#endif
  fs::remove_all(dir);
}

// Saving through a symlink (and a chain of them, one relative) writes the file it names and
// keeps the links; the temporary file lives beside the target, not the link.
TEST(AtomicSave, SymlinkIsKeptAndItsTargetWritten) {
  fs::path dir = freshDir("fxview_atomic_link");
  fs::create_directories(dir / "real");
  fs::path real = dir / "real/rain.json";
  ASSERT_EQ(writeFileAtomic(real, "old"), "");
  fs::permissions(real, fs::perms(0600));
  std::error_code linkError;
  fs::create_symlink("real/rain.json", dir / "link1.json", linkError);
  if (linkError) GTEST_SKIP() << "this system makes no symbolic links: " << linkError.message();
  fs::create_symlink(dir / "link1.json", dir / "link2.json");
  ASSERT_EQ(writeFileAtomic(dir / "link2.json", "new"), "");
  EXPECT_TRUE(fs::is_symlink(dir / "link1.json"));
  EXPECT_TRUE(fs::is_symlink(dir / "link2.json"));
  EXPECT_EQ(readAll(real), "new");
#ifndef _WIN32
  EXPECT_EQ(modeOf(real), 0600u);
#endif
  // A dangling link makes its target.
  fs::create_symlink("real/new.json", dir / "dangling.json");
  ASSERT_EQ(writeFileAtomic(dir / "dangling.json", "made"), "");
  EXPECT_TRUE(fs::is_symlink(dir / "dangling.json"));
  EXPECT_EQ(readAll(dir / "real/new.json"), "made");
  size_t entries = 0;
  for ([[maybe_unused]] auto& e : fs::directory_iterator(dir / "real")) ++entries;
  EXPECT_EQ(entries, 2u) << "a temporary file was left behind";
  fs::remove_all(dir);
}

// A file with two hard links is updated in place: both names see the new content, still one
// file, with its mode.
TEST(AtomicSave, HardLinksShareTheNewContent) {
  fs::path dir = freshDir("fxview_atomic_hard");
  fs::path a = dir / "a.glow", b = dir / "b.glow";
  ASSERT_EQ(writeFileAtomic(a, "old"), "");
  fs::permissions(a, fs::perms(0640));
  fs::create_hard_link(a, b);
  ASSERT_EQ(writeFileAtomic(b, "new content"), "");
  EXPECT_EQ(readAll(a), "new content");
  EXPECT_EQ(readAll(b), "new content");
#ifndef _WIN32  // libstdc++ reads the count with _wstat there, which always says 1
  EXPECT_EQ(fs::hard_link_count(a), 2u);
#endif
  EXPECT_TRUE(fs::equivalent(a, b));
#ifndef _WIN32
  EXPECT_EQ(modeOf(a), 0640u);
#endif
  size_t entries = 0;
  for ([[maybe_unused]] auto& e : fs::directory_iterator(dir)) ++entries;
  EXPECT_EQ(entries, 2u) << "the temporary copy was left behind";
  fs::remove_all(dir);
}

// Any name the file system takes saves: a 250-character name (the old "NAME.tmp-PID" temp name
// did not fit in 255), and a failure says why, naming the file, not a temporary one.
TEST(AtomicSave, LongNamesSaveAndFailuresSayWhy) {
  fs::path dir = freshDir("fxview_atomic_long");
  fs::path longName = dir / (std::string(245, 'n') + ".json");
  ASSERT_EQ(longName.filename().string().size(), 250u);
  EXPECT_EQ(writeFileAtomic(longName, "{}"), "");
  EXPECT_EQ(readAll(longName), "{}");
  EXPECT_EQ(writeFileAtomic(longName, "{ }"), "");
  EXPECT_EQ(readAll(longName), "{ }");

  fs::path tooLong = dir / (std::string(260, 'n') + ".json");
  EXPECT_EQ(writeFileAtomic(tooLong, "{}"),
            "cannot save " + tooLong.string() + ": file name too long");
  fs::path noFolder = dir / "missing/sub/rain.json";
  EXPECT_EQ(
      writeFileAtomic(noFolder, "{}"),
      "cannot save " + noFolder.string() + ": no such folder " + (dir / "missing/sub").string());
  fs::create_directories(dir / "folder.json");
  std::string err = writeFileAtomic(dir / "folder.json", "{}");
  EXPECT_NE(err.find("it is a folder"), std::string::npos) << err;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace fx
