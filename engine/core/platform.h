// What the operating system answers differently on Linux and Windows, in one seam: the rest of
// fxview asks these and never includes <unistd.h> or <windows.h>. (Writing files safely is
// file_write.h's; the headless GL context is engine/render's headless_*.cpp.)
#pragma once

#include <cstdint>
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

namespace fx::platform {

// An environment variable's value as UTF-8, "" when unset.
std::string environment(const char* name);

// The running executable (/proc/self/exe on Linux, GetModuleFileNameW on Windows); empty when
// the system does not say.
std::filesystem::path executablePath();

// What the program was started as: argv[0] (glibc's program_invocation_name; on Windows the first
// word of the command line).
std::string invocationName();

// The command line's arguments as UTF-8. On Windows main()'s argv is in the ANSI code page, so
// they are read again from the wide command line; elsewhere argv as it is.
std::vector<std::string> utf8Arguments(int argc, char** argv);

// Called first in main(). On Windows: standard output and error write "\n" as it is (not
// "\r\n"), so piped output is byte for byte what Linux prints, and the console shows UTF-8.
void prepareStandardStreams();

// Before the viewer opens its window: on Windows, a console window that only this process uses
// (fxview.exe started from Explorer, or a tag dropped onto it) is closed; one shared with a
// command prompt, or output going to a pipe or file, stays. Nothing elsewhere.
void leaveOwnConsole();

// After glfwInit: on Windows, the XInput DLL that GLFW loaded for gamepads stays loaded until the
// process ends. glfwTerminate unloads it, and Wine's XInput leaves a thread of its own running in
// it, which then jumps into unmapped code: the viewer crashed at exit, now and then. Nothing
// elsewhere.
void keepInputLibrariesLoaded();

// Where the viewer keeps its settings: $FXVIEW_SETTINGS_DIR when set (a copy carried on a USB
// stick, a test), else $XDG_CONFIG_HOME/fxview or ~/.config/fxview on Linux and
// %APPDATA%\fxview on Windows. Empty when none is known.
std::filesystem::path settingsFolder();

// Where fxview keeps files it made and may make again (bug-report zips unpacked to be opened):
// $XDG_CACHE_HOME/fxview or ~/.cache/fxview on Linux, %LOCALAPPDATA%\fxview on Windows; the
// system's temporary folder's fxview when none is known. Never beside the user's files.
std::filesystem::path cacheFolder();

// Whether `p` is a file the system would run (the execute bit; on Windows an .exe or .com).
bool isExecutableFile(const std::filesystem::path& p);

// Seconds since this process started (0 when unknown) and CPU seconds it has used.
double processAgeSeconds();
double processCpuSeconds();

// Whether a window can be opened: on Linux $DISPLAY or $WAYLAND_DISPLAY is set; on Windows the
// desktop is always there.
bool displayAvailable();

// A child process: `args` (args[0] the program, found on PATH; on Windows a path), this process's
// environment with `unsetEnv` removed and `extraEnv` ("NAME=value") added, and its standard
// output and error written to files (empty: discarded; the same file: both into it).
struct ProcessOptions {
  std::vector<std::string> args;
  std::vector<std::string> extraEnv;
  std::vector<std::string> unsetEnv;
  std::filesystem::path stdoutFile, stderrFile;
};
// Runs it and waits: its exit status, or -1 when it could not be started or did not exit.
int runProcess(const ProcessOptions& options);

// `t` in the local time zone (localtime_r; localtime_s on Windows).
std::tm localTime(std::time_t t);

// This process's id, and the size of the last-level CPU cache in bytes (0 when unknown).
long processId();
size_t lastLevelCacheBytes();

// Which file `p` is, whatever name reaches it (st_dev and st_ino; on Windows the volume serial
// number and file index), and how many hard links it has. False when it cannot be read.
struct FileIdentity {
  uint64_t device = 0;
  uint64_t index = 0;
  uint32_t links = 0;
};
bool fileIdentity(const std::filesystem::path& p, FileIdentity& out);

// What hot reload compares to see that a file changed: its modification time at the file
// system's own resolution (libstdc++'s last_write_time has whole seconds on Windows, so two saves
// in one second looked the same) and its size. All zero when the file cannot be read.
struct FileStamp {
  int64_t modified = 0;  // nanoseconds (Linux) or 100-ns ticks (Windows) since the system's epoch
  uint64_t size = 0;
  bool exists = false;
  bool operator==(const FileStamp&) const = default;
};
FileStamp fileStamp(const std::filesystem::path& p);

// The separator between entries of PATH-like variables (':' or ';'), and the characters that
// separate folders in a file name ("/" or "/\\").
char pathListSeparator();
const char* directorySeparators();

// Windows: fxview is a portable folder (data beside the executable, settings under %APPDATA%).
#ifdef _WIN32
inline constexpr bool kPortableLayout = true;
#else
inline constexpr bool kPortableLayout = false;
#endif

}  // namespace fx::platform
