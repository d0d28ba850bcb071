// The platform seam's per-user data folder and file locks (platform.h answers the rest; these
// are apart so that adding them rebuilt nothing that includes platform.h). Implemented in
// platform_posix.cpp and platform_win.cpp.
#pragma once

#include <cstdint>
#include <filesystem>

namespace fx::platform {

// Where fxview keeps data of its own that is not a setting (autosaved recoveries):
// $XDG_DATA_HOME/fxview or ~/.local/share/fxview on Linux, %LOCALAPPDATA%\fxview on Windows.
// Empty when none is known.
std::filesystem::path userDataFolder();

// An exclusive lock on a file, held while the object lives: flock() on Linux, LockFileEx on
// Windows. The system drops it when the process ends, however it ends (a crash, SIGKILL), so a
// lock nobody holds marks what a process that died left behind.
class FileLock {
 public:
  FileLock() = default;
  ~FileLock() { release(); }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  // Creates `path` when missing and takes the lock without waiting. False when another holder
  // (another process, or another FileLock of this one) has it, or the file cannot be opened.
  bool acquire(const std::filesystem::path& path);
  void release();
  bool held() const { return handle_ != -1; }

 private:
  intptr_t handle_ = -1;  // a file descriptor, or a HANDLE
};
// Whether a FileLock (of any process, this one included) holds `path` now. A missing file is not
// held.
bool fileLocked(const std::filesystem::path& path);

}  // namespace fx::platform
