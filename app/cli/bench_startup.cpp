// `fxview bench`: startup. `fxview render presets/gallery.json -o x.png` run as a user runs it (a
// new process each time), its best wall time (render_png_seconds) and where that run's time went
// (its --startup-report: before main, EGL, shader compile and link, textures, simulation, PNG,
// teardown; what the process spent after main returned is the wall time's remainder); and the
// viewer's time to its first frame (--frames 1 --startup-report), on the display there is, else
// under xvfb-run when that is installed, with its settings in a folder of its own.
#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "app/cli/bench.h"
#include "engine/core/diagnostics.h"
#include "engine/core/paths.h"
#include "engine/core/platform.h"

namespace fx::bench {

namespace {

namespace fs = std::filesystem;

// Runs `args` (argv[0] = the program, found on PATH) with its output discarded and `extraEnv`
// ("NAME=value") added to the environment; wall seconds, or < 0 when it failed.
double runProcess(const std::vector<std::string>& args, const std::vector<std::string>& extraEnv) {
  auto start = std::chrono::steady_clock::now();
  if (platform::runProcess({.args = args, .extraEnv = extraEnv}) != 0) return -1.0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The phases of a --startup-report, with "after_main" (wall - accounted) appended when wall > 0.
std::vector<StartupPhase> readReport(const fs::path& path, double wall, double& accounted,
                                     std::vector<StartupPhase>& within) {
  std::vector<StartupPhase> out;
  Diagnostics diags;
  std::optional<Json> read = loadJsonFile(path, toUtf8(path.filename()), diags);
  accounted = 0.0;
  if (!read || !read->is_object()) return out;
  const Json& j = *read;
  accounted = j.value("before_main_seconds", 0.0);
  out.push_back({"before_main", accounted, j.value("before_main_cpu_seconds", -1.0)});
  auto phase = [](const Json& p) {
    return StartupPhase{p.value("name", ""), p.value("seconds", 0.0), p.value("cpu_seconds", -1.0)};
  };
  for (const Json& p : j.value("phases", Json::array())) {
    out.push_back(phase(p));
    accounted += out.back().seconds;
  }
  within.clear();
  for (const Json& p : j.value("within", Json::array())) within.push_back(phase(p));
  if (wall > accounted) out.push_back({"after_main", wall - accounted, -1.0});
  return out;
}

bool onPath(const char* program) {
  const std::string dirs = platform::environment("PATH");
  for (size_t b = 0; b <= dirs.size();) {
    size_t e = dirs.find(platform::pathListSeparator(), b);
    if (e == std::string::npos) e = dirs.size();
    std::error_code ec;
    if (e > b && fs::exists(toPath(dirs.substr(b, e - b)) / toPath(program), ec)) return true;
    b = e + 1;
  }
  return false;
}

void renderStartup(const Settings& s, const fs::path& dir, StartupResult& out) {
  const fs::path png = dir / "gallery.png", report = dir / "render.json";
  const std::vector<std::string> args = {
      toUtf8(s.executable), "render",      toUtf8(s.presetsDir / "gallery.json"), "-o", toUtf8(png),
      "--startup-report",   toUtf8(report)};
  for (int run = 0; run < (s.quick ? 3 : 7); ++run) {
    const double t = runProcess(args, {});
    if (t < 0.0) continue;
    if (out.pngSeconds > 0.0 && t >= out.pngSeconds) continue;
    out.pngSeconds = t;
    double accounted = 0.0;
    out.renderPhases = readReport(report, t, accounted, out.renderWithin);
  }
  if (out.pngSeconds <= 0.0) out.error = "`fxview render` of the gallery failed";
}

void guiStartup(const Settings& s, const fs::path& dir, StartupResult& out) {
  const bool display = platform::displayAvailable();
  std::vector<std::string> args;
  if (!display) {
    if (!onPath("xvfb-run")) {
      out.guiNote = "no display and no xvfb-run: not measured";
      return;
    }
    args = {"xvfb-run", "-a", "-s", "-screen 0 1280x800x24"};
    out.guiNote = "under xvfb-run";
  }
  const fs::path report = dir / "gui.json";
  for (std::string a : {toUtf8(s.executable), toUtf8(s.presetsDir / "gallery.json"),
                        std::string("--frames"), std::string("1"), std::string("--window"),
                        std::string("1280x800"), std::string("--startup-report"), toUtf8(report)})
    args.push_back(a);
  // The viewer remembers its window in its settings: a folder of its own, not the user's.
  const std::vector<std::string> env = {"XDG_CONFIG_HOME=" + toUtf8(dir / "config")};
  for (int run = 0; run < (s.quick ? 2 : 3); ++run) {
    std::error_code ec;
    fs::remove(report, ec);
    if (runProcess(args, env) < 0.0) continue;
    double accounted = 0.0;
    std::vector<StartupPhase> within;
    std::vector<StartupPhase> phases = readReport(report, 0.0, accounted, within);
    // Time to the first frame: everything up to and including its swap.
    double firstFrame = 0.0;
    bool reached = false;
    for (const StartupPhase& p : phases) {
      firstFrame += p.seconds;
      if (p.name == "first_frame") {
        reached = true;
        break;
      }
    }
    if (!reached) continue;
    if (out.guiFirstFrameSeconds > 0.0 && firstFrame >= out.guiFirstFrameSeconds) continue;
    out.guiFirstFrameSeconds = firstFrame;
    out.guiPhases = phases;
  }
  if (out.guiFirstFrameSeconds <= 0.0) out.guiNote += out.guiNote.empty() ? "failed" : ", failed";
}

}  // namespace

StartupResult runStartup(const Settings& s) {
  StartupResult out;
  std::error_code ec;
  const fs::path dir = fs::temp_directory_path(ec) /
                       toPath("fxview-bench-startup-" + std::to_string(platform::processId()));
  fs::create_directories(dir, ec);
  renderStartup(s, dir, out);
  guiStartup(s, dir, out);
  fs::remove_all(dir, ec);
  return out;
}

}  // namespace fx::bench
