#include "engine/core/data_paths.h"

#include <algorithm>

#include "engine/core/paths.h"
#include "engine/core/platform.h"

#include "engine/core/paths.h"

// Compiled into this file alone (CMakeLists.txt): the checkout and build tree of this binary.
#ifndef FXVIEW_SOURCE_DIR
#error "FXVIEW_SOURCE_DIR must name the source tree"
#endif
#ifndef FXVIEW_BUILD_DIR
#error "FXVIEW_BUILD_DIR must name the build tree"
#endif

namespace fx {

namespace fs = std::filesystem;

namespace {

std::string environment(const char* name) {
  return platform::environment(name);
}

bool isUnder(const fs::path& child, const fs::path& root) {
  if (child.empty() || root.empty()) return false;
  std::error_code ec;
  fs::path c = fs::weakly_canonical(child, ec);
  if (ec) return false;
  fs::path r = fs::weakly_canonical(root, ec);
  if (ec) return false;
  fs::path rel = c.lexically_relative(r);
  return !rel.empty() && *rel.begin() != "..";
}

// XDG Base Directory rules: relative entries are invalid and ignored.
void addXdg(std::vector<fs::path>& roots, const fs::path& base) {
  if (!base.empty() && base.is_absolute()) roots.push_back(base / "fxview");
}

// The running binary: what the system says (/proc/self/exe), else what argv[0] names.
fs::path runningExecutable() {
  std::error_code ec;
  if (environment("FXVIEW_IGNORE_PROC_EXE") != "1") {
    fs::path exe = platform::executablePath();
    if (!exe.empty()) return exe;
  }
  fs::path cwd = fs::current_path(ec);
  return executableFromArgv0(platform::invocationName(), cwd, environment("PATH"));
}

// $XDG_DATA_HOME (or ~/.local/share) and each of $XDG_DATA_DIRS, with "fxview" added.
void addXdgRoots(std::vector<fs::path>& roots, const DataSearch& s) {
  if (!s.xdgDataHome.empty() && s.xdgDataHome.is_absolute())
    addXdg(roots, s.xdgDataHome);
  else if (!s.home.empty())
    addXdg(roots, s.home / ".local" / "share");
  std::string dirs = s.xdgDataDirs.empty() ? "/usr/local/share:/usr/share" : s.xdgDataDirs;
  for (size_t at = 0; at <= dirs.size();) {
    size_t end = std::min(dirs.find(':', at), dirs.size());
    addXdg(roots, toPath(dirs.substr(at, end - at)));
    at = end + 1;
  }
}

}  // namespace

fs::path executableFromArgv0(const std::string& argv0, const fs::path& cwd,
                             const std::string& pathVar) {
  if (argv0.empty()) return {};
  std::error_code ec;
  if (argv0.find_first_of(platform::directorySeparators()) != std::string::npos) {
    fs::path p = toPath(argv0).is_absolute() ? toPath(argv0) : cwd / toPath(argv0);
    return fs::is_regular_file(p, ec) ? fs::weakly_canonical(p, ec) : fs::path();
  }
  for (size_t at = 0; at <= pathVar.size();) {
    size_t end = std::min(pathVar.find(platform::pathListSeparator(), at), pathVar.size());
    std::string dir = pathVar.substr(at, end - at);
    fs::path candidate = (dir.empty() ? cwd : toPath(dir)) / toPath(argv0);
    if (platform::isExecutableFile(candidate))
      return fs::weakly_canonical(candidate.is_absolute() ? candidate : cwd / candidate, ec);
    at = end + 1;
  }
  return {};
}

DataSearch dataSearchFromEnvironment() {
  DataSearch s;
  s.explicitDir = toPath(environment("FXVIEW_DATA_DIR"));
  s.executable = runningExecutable();
  s.sourceDir = toPath(FXVIEW_SOURCE_DIR);
  s.buildDir = toPath(FXVIEW_BUILD_DIR);
  std::string noSource = environment("FXVIEW_NO_SOURCE_TREE");
  s.sourceTreeAllowed = noSource.empty() || noSource == "0";
  s.xdgDataHome = toPath(environment("XDG_DATA_HOME"));
  s.xdgDataDirs = environment("XDG_DATA_DIRS");
  s.home = toPath(environment("HOME"));
  s.portable = platform::kPortableLayout;
  return s;
}

std::vector<fs::path> dataRoots(const DataSearch& s) {
  std::vector<fs::path> roots;
  if (!s.explicitDir.empty()) roots.push_back(s.explicitDir);
  if (!s.executable.empty())
    roots.push_back(s.portable ? s.executable.parent_path()
                               : s.executable.parent_path().parent_path() / "share" / "fxview");
  if (s.sourceTreeAllowed && isUnder(s.executable, s.buildDir)) roots.push_back(s.sourceDir);
  if (!s.portable) addXdgRoots(roots, s);
  for (fs::path& r : roots) r = r.lexically_normal();
  std::vector<fs::path> unique;
  for (const fs::path& r : roots)
    if (std::find(unique.begin(), unique.end(), r) == unique.end()) unique.push_back(r);
  return unique;
}

fs::path findDataFile(const fs::path& relative, const DataSearch& search) {
  std::error_code ec;
  for (const fs::path& root : dataRoots(search)) {
    fs::path candidate = root / relative;
    if (fs::exists(candidate, ec)) return candidate;
  }
  return {};
}

fs::path findDataFile(const fs::path& relative) {
  return findDataFile(relative, dataSearchFromEnvironment());
}

std::string dataSearchDescription() {
  DataSearch search = dataSearchFromEnvironment();
  std::string out = "searched ";
  bool first = true;
  for (const fs::path& root : dataRoots(search)) {
    out += (first ? "" : ", ") + toUtf8(root);
    first = false;
  }
  if (first) out += "nothing";
  if (search.executable.empty())
    out +=
        " (the executable's own folder is unknown: /proc/self/exe and argv[0] gave none; set "
        "FXVIEW_DATA_DIR)";
  return out;
}

fs::path sourceTreeDir() {
  return toPath(FXVIEW_SOURCE_DIR);
}

}  // namespace fx
