// Where fxview's shipped data lives: the default assets (textures, marker models) and presets
// (the gallery). Every lookup of a shipped file goes through here; nothing else knows the
// checkout's path. A data root is a folder holding `assets/` and `presets/`, searched in order:
//   1. $FXVIEW_DATA_DIR                          an explicit override
//   2. <folder of the executable>/../share/fxview  an installed copy (cmake --install, the .deb);
//      on Windows the executable's own folder: the portable zip keeps assets/ and presets/ there
//   3. the source tree the binary was built from  development only: used while the running
//      executable lives inside its own build tree, and never when $FXVIEW_NO_SOURCE_TREE=1
//   4. $XDG_DATA_HOME/fxview (default ~/.local/share/fxview)
//   5. <each of $XDG_DATA_DIRS>/fxview (default /usr/local/share:/usr/share)
//   (4 and 5 only where XDG applies: not on Windows)
// The built-in shaders are compiled into the executable (engine/render/builtin_shaders.h) and
// need no data root. The search reads the environment and /proc/self/exe on each call; nothing is
// cached. Where /proc/self/exe cannot be read (no /proc mounted, a sandbox), the executable is
// found from argv[0] instead (glibc's program_invocation_name), resolved against the working
// folder or $PATH; $FXVIEW_IGNORE_PROC_EXE=1 skips /proc/self/exe to test that fallback.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace fx {

// The inputs of the search, gathered from the environment by dataSearchFromEnvironment() or
// written by hand in tests.
struct DataSearch {
  std::filesystem::path explicitDir;  // $FXVIEW_DATA_DIR; empty when unset
  std::filesystem::path executable;   // the running binary (absolute)
  std::filesystem::path sourceDir;    // checkout the binary was built from
  std::filesystem::path buildDir;     // its build tree
  bool sourceTreeAllowed = true;      // false when $FXVIEW_NO_SOURCE_TREE is set (not "0")
  std::filesystem::path xdgDataHome;  // $XDG_DATA_HOME; empty when unset
  std::string xdgDataDirs;            // $XDG_DATA_DIRS (':'-separated); empty when unset
  std::filesystem::path home;         // $HOME; empty when unset
  bool portable = false;              // Windows: data beside the executable, no XDG folders
};

DataSearch dataSearchFromEnvironment();

// The executable argv[0] names: with a '/' (or '\\' on Windows), `cwd`/argv0 (or argv0 when
// absolute); without one, the first entry of `pathVar` (':'-separated, as $PATH; ';' on Windows)
// holding an executable file of that name.
// Empty when none does.
std::filesystem::path executableFromArgv0(const std::string& argv0,
                                          const std::filesystem::path& cwd,
                                          const std::string& pathVar);

// The data roots of `search`, in search order, duplicates removed. Roots need not exist.
std::vector<std::filesystem::path> dataRoots(const DataSearch& search);

// `<root>/<relative>` for the first root where it exists; empty when none has it.
std::filesystem::path findDataFile(const std::filesystem::path& relative, const DataSearch& search);
std::filesystem::path findDataFile(const std::filesystem::path& relative);

// For a message when a shipped file is not found: "searched A, B, C" over the data roots of the
// environment's search (and "the executable's folder is unknown" when neither /proc/self/exe nor
// argv[0] gave it).
std::string dataSearchDescription();

// The checkout this binary was built from, whether or not it still exists. For tests and
// developer tools that read the source tree's own files (tests/golden, tests/bad_inputs); the
// viewer itself finds its data through findDataFile().
std::filesystem::path sourceTreeDir();

}  // namespace fx
