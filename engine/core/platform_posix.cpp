// platform.h on Linux (and other POSIX systems).
#ifndef _WIN32
#include "engine/core/platform.h"
#include "engine/core/platform_files.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/core/paths.h"

extern char** environ;

namespace fx::platform {

namespace fs = std::filesystem;

std::string environment(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

fs::path executablePath() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe;
}

std::string invocationName() {
  return program_invocation_name ? std::string(program_invocation_name) : std::string();
}

std::vector<std::string> utf8Arguments(int argc, char** argv) {
  return std::vector<std::string>(argv, argv + argc);
}

void prepareStandardStreams() {}

void leaveOwnConsole() {}

void keepInputLibrariesLoaded() {}

fs::path settingsFolder() {
  const std::string explicitDir = environment("FXVIEW_SETTINGS_DIR");
  if (!explicitDir.empty()) return toPath(explicitDir);
  const std::string xdg = environment("XDG_CONFIG_HOME");
  if (!xdg.empty() && toPath(xdg).is_absolute()) return toPath(xdg) / "fxview";
  const std::string home = environment("HOME");
  if (!home.empty()) return toPath(home) / ".config" / "fxview";
  return {};
}

fs::path cacheFolder() {
  const std::string xdg = environment("XDG_CACHE_HOME");
  if (!xdg.empty() && toPath(xdg).is_absolute()) return toPath(xdg) / "fxview";
  const std::string home = environment("HOME");
  if (!home.empty()) return toPath(home) / ".cache" / "fxview";
  std::error_code ec;
  return fs::temp_directory_path(ec) / "fxview";
}

fs::path userDataFolder() {
  const std::string xdg = environment("XDG_DATA_HOME");
  if (!xdg.empty() && toPath(xdg).is_absolute()) return toPath(xdg) / "fxview";
  const std::string home = environment("HOME");
  if (!home.empty()) return toPath(home) / ".local" / "share" / "fxview";
  return {};
}

bool FileLock::acquire(const fs::path& path) {
  release();
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  // flock, not fcntl: its locks belong to the open file, so a second FileLock in this process
  // is refused too, and closing some other descriptor of the file never drops it.
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return false;
  }
  handle_ = fd;
  return true;
}

void FileLock::release() {
  if (handle_ == -1) return;
  ::close(int(handle_));  // drops the lock
  handle_ = -1;
}

bool fileLocked(const fs::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool held = ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return held;
}

bool isExecutableFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

namespace {

// Seconds since boot on the clock /proc's process start times use.
double bootSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_BOOTTIME, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

}  // namespace

// From /proc/self/stat's start time (field 22, clock ticks after boot).
double processAgeSeconds() {
  std::ifstream in("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t close = text.rfind(')');  // the command name may hold spaces
  if (close == std::string::npos) return 0.0;
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  for (int k = 3; k <= 22 && fields >> field; ++k)
    if (k == 22) {
      const long ticks = sysconf(_SC_CLK_TCK);
      double started = double(std::stoull(field)) / double(ticks > 0 ? ticks : 100);
      double age = bootSeconds() - started;
      return age > 0.0 ? age : 0.0;
    }
  return 0.0;
}

double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

bool displayAvailable() {
  return !environment("DISPLAY").empty() || !environment("WAYLAND_DISPLAY").empty();
}

namespace {

// NAME=value entries of this process's environment, without the names in `unset`.
std::vector<std::string> environmentWithout(const std::vector<std::string>& unset) {
  std::vector<std::string> out;
  for (char** e = environ; *e; ++e) {
    const std::string entry(*e);
    const std::string name = entry.substr(0, entry.find('='));
    if (std::find(unset.begin(), unset.end(), name) == unset.end()) out.push_back(entry);
  }
  return out;
}

}  // namespace

int runProcess(const ProcessOptions& o) {
  if (o.args.empty()) return -1;
  std::vector<char*> argv;
  for (const std::string& a : o.args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<std::string> envText(o.extraEnv);  // first: getenv takes the first of a name
  for (std::string& e : environmentWithout(o.unsetEnv)) envText.push_back(std::move(e));
  std::vector<char*> envp;
  for (std::string& e : envText) envp.push_back(e.data());
  envp.push_back(nullptr);
  const std::string out = o.stdoutFile.empty() ? "/dev/null" : o.stdoutFile.native();
  const std::string err = o.stderrFile.empty() ? "/dev/null" : o.stderrFile.native();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!o.stderrFile.empty() && o.stderrFile == o.stdoutFile)
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
  else
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

std::tm localTime(std::time_t t) {
  std::tm tm{};
  localtime_r(&t, &tm);
  return tm;
}

long processId() {
  return long(::getpid());
}

size_t lastLevelCacheBytes() {
  for (int name : {_SC_LEVEL4_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
    long v = sysconf(name);
    if (v > 0) return size_t(v);
  }
  return 0;
}

bool fileIdentity(const fs::path& p, FileIdentity& out) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return false;
  out = {
      .device = uint64_t(st.st_dev), .index = uint64_t(st.st_ino), .links = uint32_t(st.st_nlink)};
  return true;
}

FileStamp fileStamp(const fs::path& p) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return {};
  return {.modified = int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
          .size = uint64_t(st.st_size),
          .exists = true};
}

char pathListSeparator() {
  return ':';
}

const char* directorySeparators() {
  return "/";
}

}  // namespace fx::platform
#endif  // _WIN32
