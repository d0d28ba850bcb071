// `fxview bench [--quick] [--json FILE]`: the benchmark suite (what each part measures: bench.h).
// Prints tables and the ratios, then the Goals table (kGoals: every issue-18 target, met or
// missed); --json writes the same, each goal's number as a top-level key plus the `goals` array,
// so runs can be compared across commits.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <thread>

#include <tbb/info.h>

#include "app/cli/bench.h"
#include "app/cli/common.h"
#include "engine/core/data_paths.h"
#include "engine/core/paths.h"
#include "engine/core/platform.h"

namespace fx::cli {

namespace {

namespace fs = std::filesystem;

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// The targets, one row per top-level JSON key. A part that did not run (or a key no part
// of this build writes yet) shows as missing and not met.
struct Goal {
  const char* key;
  const char* comparison;  // "<=", "<", ">=" or ">": how `value` must compare with `target`
  double target;
};
constexpr Goal kGoals[] = {
    {"vm_vs_native", "<=", 1.5},
    {"vm_vs_native_presets_worst", "<=", 1.5},
    {"integrator_roofline_share", ">=", 0.4},
    {"render_vs_raw_10k", "<=", 1.15},
    {"render_vs_raw_100k", "<=", 1.15},
    {"thread_speedup_100k", ">=", 1.8},
    {"thread_speedup_steady_100k", ">=", 1.7},
    {"gallery_frame_cpu_ms", "<", 0.5},
    {"render_png_seconds", "<=", 0.25},
    {"ribbon_update_speedup_2t", ">=", 1.6},
    {"ribbon_strips_speedup_2t", ">=", 1.6},
    {"seek_worst_ms", "<", 50.0},
};

bool goalMet(const Goal& g, double v) {
  std::string_view c = g.comparison;
  if (c == "<=") return v <= g.target;
  if (c == "<") return v < g.target;
  if (c == ">=") return v >= g.target;
  return v > g.target;
}

// "  target >= 0.4" for a key of kGoals (the line each part prints under its figure).
std::string targetText(std::string_view key) {
  for (const Goal& g : kGoals)
    if (key == g.key) return std::string("  target ") + g.comparison + " " + fmt("%g", g.target);
  return "";
}

// Prints the Goals table and returns it as the JSON `goals` array. `partial`: only some parts ran
// (--only), so a goal without its figure was not measured rather than missed.
Json goalsTable(const Json& out, bool partial) {
  std::cout << "\n== Goals (issue 18)\n";
  std::printf("%-28s %10s %10s  %s\n", "key", "measured", "target", "result");
  Json goals = Json::array();
  for (const Goal& g : kGoals) {
    auto it = out.find(g.key);
    bool present = it != out.end() && it->is_number() && std::isfinite(it->get<double>());
    double v = present ? it->get<double>() : 0.0;
    bool met = present && goalMet(g, v);
    std::string target = std::string(g.comparison) + " " + fmt("%g", g.target);
    std::printf("%-28s %10s %10s  %s\n", g.key, present ? fmt("%.3f", v).c_str() : "-",
                target.c_str(),
                present   ? (met ? "met" : "missed")
                : partial ? "not run (--only)"
                          : "missing (not met)");
    goals.push_back({{"key", g.key},
                     {"value", present ? Json(v) : Json(nullptr)},
                     {"target", g.target},
                     {"comparison", g.comparison},
                     {"met", met}});
  }
  return goals;
}

struct Args {
  bool quick = false;
  std::string json;
  std::string presets;
  std::vector<std::string> only;  // parts to run (default: all)
  std::vector<size_t> sizes = {1000, 100000, 1000000};
};

fs::path findPresets(const std::string& given) {
  if (!given.empty()) return toPath(given);
  std::error_code ec;
  for (fs::path dir : {fs::current_path(ec), platform::executablePath().parent_path()})
    for (fs::path d = dir; !d.empty(); d = d.parent_path()) {
      if (fs::exists(d / "presets/gallery.json", ec)) return d / "presets";
      if (d == d.parent_path()) break;
    }
  fs::path shipped = findDataFile("presets/gallery.json");
  return shipped.empty() ? fs::path("presets") : shipped.parent_path();
}

bool wants(const Args& a, const char* part) {
  if (a.only.empty()) return true;
  for (const auto& o : a.only)
    if (o == part) return true;
  return false;
}

// Wall seconds of each part, in run order (the --quick budget).
struct PartTimer {
  using Clock = std::chrono::steady_clock;
  Json seconds = Json::object();
  Clock::time_point start = Clock::now();
  void end(const char* name) {
    auto now = Clock::now();
    seconds[name] = std::chrono::duration<double>(now - start).count();
    start = now;
  }
};

// Families: one update of each at every size, and the thread speedups.
std::vector<bench::FamilyRow> familiesPart(const Args& args, const bench::Settings& s, Json& out,
                                           PartTimer& parts) {
  std::cout << "\n== Families: one update (World::stepOnce) with the budget lifted\n";
  std::vector<bench::FamilyRow> rows = bench::runFamilies(s);
  parts.end("families");
  if (wants(args, "threads")) {
    bench::runThreadSpeedup(s, 100000, rows);
    parts.end("threads");
  }
  std::printf("%-18s %9s %9s %12s %14s %10s %9s  %s\n", "family", "requested", "live",
              "ns/particle", "particles/s", "bytes/part", "2T/1T", "note");
  Json jr = Json::array();
  for (const auto& r : rows) {
    std::printf("%-18s %9zu %9zu %12s %14s %10zu %9s  %s\n", r.family.c_str(), r.requested, r.live,
                r.live ? fmt("%.2f", r.nsPerParticle).c_str() : "-",
                r.live ? fmt("%.3g", r.particlesPerSecond).c_str() : "-", r.bytesPerParticle,
                r.speedup2 > 0 ? fmt("%.2fx", r.speedup2).c_str() : "", r.note.c_str());
    Json j = {{"family", r.family},
              {"requested", r.requested},
              {"live", r.live},
              {"ns_per_particle", r.nsPerParticle},
              {"particles_per_second", r.particlesPerSecond},
              {"bytes_per_particle", r.bytesPerParticle},
              {"seconds_per_update", r.secondsPerUpdate}};
    if (r.speedup2 > 0) j["thread_speedup_2"] = r.speedup2;
    if (!r.note.empty()) j["note"] = r.note;
    jr.push_back(j);
  }
  out["families"] = jr;
  // Threaded families at 100K: the weakest speedup is the headline.
  double worst = 0.0;
  for (const auto& r : rows)
    if (r.speedup2 > 0 && (r.family == "halo_weather" || r.family == "stride_particles" ||
                           r.family == "destiny_system"))
      worst = worst == 0.0 ? r.speedup2 : std::min(worst, r.speedup2);
  if (wants(args, "threads")) {
    out["thread_speedup_100k"] = worst;
    std::cout
        << "thread_speedup_100k (weakest of weather, stride, destiny_system; 2 threads vs 1): "
        << fmt("%.2f", worst) << targetText("thread_speedup_100k") << "\n";
    bench::SteadyResult st = bench::runSteadyThreadSpeedup(s);
    parts.end("threads_steady");
    out["thread_speedup_steady_100k"] = st.speedup();
    std::cout << "thread_speedup_steady_100k (stride, 10 emitters x 4000/s, 2.5 s life, " << st.live
              << " live; 2 threads vs 1): " << fmt("%.2f", st.speedup())
              << targetText("thread_speedup_steady_100k") << "\n";
  }
  return rows;
}

// Each family's update at the largest size against a streaming copy of its state.
void rooflinePart(const Args& args, const bench::Settings& s,
                  const std::vector<bench::FamilyRow>& rows, Json& out, PartTimer& parts) {
  std::cout << "\n== Updates at the largest size (" << (args.sizes.empty() ? 0 : args.sizes.back())
            << " particles) vs a streaming copy of their state (same threads)\n";
  auto roof = bench::runRoofline(s, rows);
  if (!roof.empty())
    std::cout << "working set: copies of each world taken in turn, past the last-level cache ("
              << fmt("%.0f", double(roof[0].cacheBytes) / (1 << 20)) << " MiB)"
              << (s.quick ? "; --quick keeps one copy, so this stays in the cache" : "") << "\n";
  std::printf("%-18s %9s %10s %7s %12s %12s %10s %8s\n", "family", "particles", "MiB", "copies",
              "update ms", "copy ms", "copy GB/s", "share");
  Json jr = Json::array();
  double worst = 0.0, bandwidth = 0.0;
  for (const auto& r : roof) {
    std::printf("%-18s %9zu %10.1f %7zu %12.2f %12.2f %10.1f %7.0f%%\n", r.family.c_str(),
                r.particles, double(r.bytes) / (1 << 20), r.copies, r.updateSeconds * 1e3,
                r.copySeconds * 1e3, r.bandwidth() * 1e-9, r.share() * 100);
    jr.push_back({{"family", r.family},
                  {"particles", r.particles},
                  {"bytes", r.bytes},
                  {"copies", r.copies},
                  {"working_set_bytes", r.bytes * r.copies},
                  {"update_seconds", r.updateSeconds},
                  {"copy_seconds", r.copySeconds},
                  {"copy_bytes_per_second", r.bandwidth()},
                  {"share", r.share()}});
    worst = worst == 0.0 ? r.share() : std::min(worst, r.share());
    bandwidth = std::max(bandwidth, r.bandwidth());
  }
  out["copy_bandwidth_gb_per_s"] = bandwidth * 1e-9;
  out["last_level_cache_bytes"] = roof.empty() ? 0 : roof[0].cacheBytes;
  std::cout << "copy bandwidth (read + write, best family's buffers): "
            << fmt("%.1f", bandwidth * 1e-9) << " GB/s\n";
  parts.end("roofline");
  out["integrators"] = jr;
  out["integrator_roofline_share"] = worst;
  std::cout << "integrator_roofline_share (weakest): " << fmt("%.2f", worst)
            << targetText("integrator_roofline_share") << "\n";
}

// The emitter VM against native code; false when it could not run.
bool vmPart(const bench::Settings& s, Json& out, PartTimer& parts) {
  std::cout << "\n== Emitter VM: stage-4 programs over 1M particles, one thread\n";
  bench::VmResult vm;
  try {
    vm = bench::runVm(s);
  } catch (const std::exception& e) {
    std::cerr << "fxview bench: vm: " << e.what() << "\n";
    return false;
  }
  parts.end("vm");
  std::printf(
      "bench program: compiled %.2f ms   native C++ %.2f ms   (interpreter: batched %.2f ms, "
      "scalar %.2f ms)\n",
      vm.compiledSeconds * 1e3, vm.nativeSeconds * 1e3, vm.batchedSeconds * 1e3,
      vm.scalarSeconds * 1e3);
  out["vm"] = {{"particles", vm.particles},
               {"compiled_seconds", vm.compiledSeconds},
               {"batched_seconds", vm.batchedSeconds},
               {"scalar_seconds", vm.scalarSeconds},
               {"native_seconds", vm.nativeSeconds}};
  out["vm_vs_native"] = vm.vmVsNative();
  std::cout << "vm_vs_native (compiled / native): " << fmt("%.2f", vm.vmVsNative())
            << targetText("vm_vs_native") << "\n";
  std::printf("%-14s %12s %10s %7s %14s\n", "preset", "compiled ms", "native ms", "ratio",
              "interpreter ms");
  Json jp = Json::array();
  for (const auto& c : vm.presets) {
    std::printf("%-14s %12.2f %10.2f %7.2f %14.2f\n", c.name.c_str(), c.compiledSeconds * 1e3,
                c.nativeSeconds * 1e3, c.ratio(), c.batchedSeconds * 1e3);
    jp.push_back({{"name", c.name},
                  {"compiled_seconds", c.compiledSeconds},
                  {"native_seconds", c.nativeSeconds},
                  {"batched_seconds", c.batchedSeconds},
                  {"ratio", c.ratio()}});
  }
  out["vm_presets"] = jp;
  out["vm_vs_native_presets_worst"] = vm.worstPreset();
  std::cout << "vm_vs_native_presets_worst: " << fmt("%.2f", vm.worstPreset())
            << targetText("vm_vs_native_presets_worst") << "\n";
  return true;
}

// The ribbon load: update and strip building per particle, and their 2-thread speedups.
void ribbonsPart(const bench::Settings& s, Json& out, PartTimer& parts) {
  std::cout << "\n== Ribbons: 100K Stride particles in 1K ribbons, best smoothing\n";
  bench::RibbonResult r = bench::runRibbons(s);
  parts.end("ribbons");
  if (!r.error.empty()) {
    std::cout << r.error << "\n";
    return;
  }
  const double n = double(std::max<size_t>(r.live, 1));
  const double up = bench::RibbonResult::ratio(r.update1, r.update2);
  const double st = bench::RibbonResult::ratio(r.strips1, r.strips2);
  std::printf("%-9s %9s %14s %14s %8s\n", "stage", "particles", "ns/part (1T)", "ns/part (2T)",
              "2T/1T");
  std::printf("%-9s %9zu %14.2f %14.2f %7.2fx\n", "update", r.live, r.update1 * 1e9 / n,
              r.update2 * 1e9 / n, up);
  std::printf("%-9s %9zu %14.2f %14.2f %7.2fx  (%zu quads)\n", "strips", r.live,
              r.strips1 * 1e9 / n, r.strips2 * 1e9 / n, st, r.quads);
  out["ribbons"] = {{"live", r.live},
                    {"quads", r.quads},
                    {"update_ns_per_particle_1t", r.update1 * 1e9 / n},
                    {"update_ns_per_particle_2t", r.update2 * 1e9 / n},
                    {"strips_ns_per_particle_1t", r.strips1 * 1e9 / n},
                    {"strips_ns_per_particle_2t", r.strips2 * 1e9 / n}};
  out["ribbon_update_speedup_2t"] = up;
  out["ribbon_strips_speedup_2t"] = st;
  std::cout << "ribbon_update_speedup_2t: " << fmt("%.2f", up)
            << targetText("ribbon_update_speedup_2t") << "\n"
            << "ribbon_strips_speedup_2t: " << fmt("%.2f", st)
            << targetText("ribbon_strips_speedup_2t") << "\n";
}

// Rendering: full frames against raw instanced draws, the PNG path and the gallery frame.
void renderPart(const bench::Settings& s, Json& out, PartTimer& parts) {
  std::cout
      << "\n== Render, headless 640x360: full frame vs raw instanced draw of the same sprites\n";
  bench::RenderResult rr = bench::runRender(s);
  parts.end("render");
  if (!rr.error.empty()) std::cout << "render: " << rr.error << "\n";
  std::cout << "GL: " << rr.glRenderer << "\n";
  Json jr = Json::array();
  for (const auto& r : rr.rows) {
    std::printf(
        "%7zu sprites: frame %.2f ms (simulate + collect %.2f ms; into plain memory %.2f ms), "
        "raw %.2f ms, ratio %.2f (%d draw calls)\n",
        r.sprites, r.frameSeconds * 1e3, r.simSeconds * 1e3, r.simPlainSeconds * 1e3,
        r.rawSeconds * 1e3, r.ratio(), r.drawCalls);
    jr.push_back({{"sprites", r.sprites},
                  {"frame_seconds", r.frameSeconds},
                  {"raw_seconds", r.rawSeconds},
                  {"simulate_collect_seconds", r.simSeconds},
                  {"simulate_collect_plain_seconds", r.simPlainSeconds},
                  {"ratio", r.ratio()},
                  {"draw_calls", r.drawCalls}});
  }
  out["render"] = {{"gl_renderer", rr.glRenderer}, {"rows", jr}};
  out["render_vs_raw_10k"] = rr.rows.size() > 0 ? rr.rows[0].ratio() : 0.0;
  out["render_vs_raw_100k"] = rr.rows.size() > 1 ? rr.rows[1].ratio() : 0.0;
  out["gallery_frame_cpu_ms"] = rr.galleryFrameSeconds * 1e3;
  out["gallery_draw_submit_ms"] = rr.galleryDrawSeconds * 1e3;
  std::cout << "render_vs_raw_10k: " << fmt("%.2f", out["render_vs_raw_10k"].get<double>())
            << "  render_vs_raw_100k: " << fmt("%.2f", out["render_vs_raw_100k"].get<double>())
            << targetText("render_vs_raw_10k") << "\n";
  std::cout << "gallery_frame_cpu_ms (gallery at game limits, step + collect, median of "
            << (s.quick ? 150 : 300) << " frames, " << rr.gallerySprites
            << " sprites): " << fmt("%.3f", rr.galleryFrameSeconds * 1e3)
            << targetText("gallery_frame_cpu_ms") << " (draw submission "
            << fmt("%.3f", rr.galleryDrawSeconds * 1e3) << " ms)\n";
}

// Prints "name  wall ms  share  cpu ms" rows of a startup breakdown (CPU: every thread of the
// process, so a phase on a busy machine shows what it cost beside what it waited); returns them
// as JSON.
Json phaseTable(const std::vector<bench::StartupPhase>& phases, double total) {
  Json rows = Json::array();
  for (const bench::StartupPhase& p : phases) {
    std::printf("  %-22s %8.1f ms %5.0f%%", p.name.c_str(), p.seconds * 1e3,
                total > 0 ? 100.0 * p.seconds / total : 0.0);
    if (p.cpuSeconds >= 0) std::printf("   cpu %7.1f ms", p.cpuSeconds * 1e3);
    std::printf("\n");
    Json row = {{"name", p.name}, {"seconds", p.seconds}};
    if (p.cpuSeconds >= 0) row["cpu_seconds"] = p.cpuSeconds;
    rows.push_back(row);
  }
  return rows;
}

// Seeks on the heaviest preset: through snapshots vs by re-simulation from 0, same run.
void seekPart(const bench::Settings& s, Json& out, PartTimer& parts) {
  std::cout << "\n== Seek: scrubbing the heaviest shipped preset up to t = 300 s\n";
  bench::SeekResult r = bench::runSeek(s);
  parts.end("seek");
  if (!r.error.empty()) {
    std::cout << "seek: " << r.error << "\n";
    return;
  }
  const double ratio = r.worstSeconds > 0.0 ? r.fromZeroWorstSeconds / r.worstSeconds : 0.0;
  std::cout << r.preset << " (first " << (s.quick ? 2 : 5) << " s cost "
            << fmt("%.1f", r.probeSeconds * 1e3) << " ms, the most of the shipped presets)\n";
  std::cout << "playing 0.." << fmt("%g", r.endSeconds) << " s: " << fmt("%.2f", r.playPlainSeconds)
            << " s plain, " << fmt("%.2f", r.playSnapshotSeconds) << " s keeping " << r.snapshots
            << " snapshots (" << fmt("%.1f", double(r.snapshotBytes) / (1 << 20)) << " MiB, every "
            << fmt("%g", r.spacingSeconds) << " s)\n";
  std::cout << "seek_from_zero_worst_ms (re-simulation from 0, at "
            << fmt("%.2f", r.fromZeroWorstAt)
            << " s): " << fmt("%.1f", r.fromZeroWorstSeconds * 1e3) << "\n";
  std::cout << "seek_worst_ms (through snapshots, worst of " << r.seeks << " targets, at "
            << fmt("%.2f", r.worstAt) << " s): " << fmt("%.2f", r.worstSeconds * 1e3)
            << targetText("seek_worst_ms") << "  (" << fmt("%.0f", ratio) << "x faster)\n";
  out["seek"] = {{"preset", r.preset},
                 {"end_seconds", r.endSeconds},
                 {"play_plain_seconds", r.playPlainSeconds},
                 {"play_snapshots_seconds", r.playSnapshotSeconds},
                 {"snapshots", r.snapshots},
                 {"snapshot_bytes", r.snapshotBytes},
                 {"snapshot_spacing_seconds", r.spacingSeconds},
                 {"seeks", r.seeks},
                 {"worst_at_seconds", r.worstAt},
                 {"from_zero_worst_at_seconds", r.fromZeroWorstAt}};
  out["seek_worst_ms"] = r.worstSeconds * 1e3;
  out["seek_from_zero_worst_ms"] = r.fromZeroWorstSeconds * 1e3;
  out["seek_speedup_vs_from_zero"] = ratio;
}

// Startup: `fxview render` of the gallery as a new process, and the viewer's first frame.
void startupPart(const bench::Settings& s, Json& out, PartTimer& parts) {
  std::cout << "\n== Startup: `fxview render presets/gallery.json -o x.png` as a new process "
               "(best of "
            << (s.quick ? 3 : 7) << "), where its time went\n";
  bench::StartupResult st = bench::runStartup(s);
  parts.end("startup");
  if (!st.error.empty()) std::cout << "startup: " << st.error << "\n";
  Json render = {{"phases", phaseTable(st.renderPhases, st.pngSeconds)}};
  std::cout << "  inside those phases:\n";
  render["within"] = phaseTable(st.renderWithin, st.pngSeconds);
  out["startup"] = {{"render", render}};
  out["render_png_seconds"] = st.pngSeconds;
  std::cout << "render_png_seconds (wall, best run): " << fmt("%.3f", st.pngSeconds)
            << targetText("render_png_seconds") << "\n";
  std::cout << "\nviewer to its first frame ("
            << (st.guiNote.empty() ? "on this display" : st.guiNote) << "):\n";
  Json gui = {{"note", st.guiNote}, {"phases", phaseTable(st.guiPhases, st.guiFirstFrameSeconds)}};
  out["startup"]["gui"] = gui;
  if (st.guiFirstFrameSeconds > 0.0) out["gui_first_frame_seconds"] = st.guiFirstFrameSeconds;
  std::cout << "gui_first_frame_seconds: "
            << (st.guiFirstFrameSeconds > 0.0 ? fmt("%.3f", st.guiFirstFrameSeconds) : "-") << "\n";
}

int run(const Args& args) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  PartTimer parts;
  bench::Settings s;
  s.quick = args.quick;
  s.presetsDir = findPresets(args.presets);
  std::error_code ec;
  s.executable = platform::executablePath();
  s.sizes = args.sizes;
  s.minSeconds = args.quick ? 0.05 : 0.4;
  if (!fs::exists(s.presetsDir / "gallery.json")) {
    std::cerr << "fxview bench: no presets/gallery.json under " << std::quoted(toUtf8(s.presetsDir))
              << " (pass --presets DIR)\n";
    return kExitUsage;
  }
  if (!args.json.empty()) {  // the results never land on a file the suite reads
    std::vector<fs::path> inputs;
    for (auto it = fs::recursive_directory_iterator(s.presetsDir, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->is_regular_file(ec)) inputs.push_back(it->path());
    if (refuseOutputOverInput("bench", {toPath(args.json)}, inputs) ||
        refuseOutputs("bench", {{toPath(args.json), WrittenKind::Json}}))
      return kExitUsage;
  }
  const int threads = tbb::info::default_concurrency();
  Json out = Json::object();
  out["fxview_version"] = FXVIEW_VERSION;
  out["quick"] = args.quick;
  out["threads"] = threads;
  out["hardware_threads"] = std::thread::hardware_concurrency();
  std::cout << "fxview bench" << (args.quick ? " --quick" : "") << ": " << threads
            << " threads (oneTBB), presets " << toUtf8(s.presetsDir) << "\n";

  std::vector<bench::FamilyRow> rows;
  if (wants(args, "families") || wants(args, "roofline") || wants(args, "threads"))
    rows = familiesPart(args, s, out, parts);
  if (wants(args, "roofline") && !rows.empty()) rooflinePart(args, s, rows, out, parts);
  if (wants(args, "vm") && !vmPart(s, out, parts)) return 1;
  if (wants(args, "ribbons")) ribbonsPart(s, out, parts);
  if (wants(args, "render")) renderPart(s, out, parts);
  if (wants(args, "seek")) seekPart(s, out, parts);
  if (wants(args, "startup")) startupPart(s, out, parts);

  out["goals"] = goalsTable(out, !args.only.empty());
  const double wall = std::chrono::duration<double>(Clock::now() - started).count();
  out["bench_seconds"] = wall;
  out["part_seconds"] = parts.seconds;
  std::cout << "\nbench wall time " << fmt("%.1f", wall) << " s"
            << (args.quick ? " (--quick: under 60 s on the 2-core reference machine)" : "") << ":";
  for (auto it = parts.seconds.begin(); it != parts.seconds.end(); ++it)
    std::cout << " " << it.key() << " " << fmt("%.1f", it.value().get<double>());
  std::cout << "\n";

  if (!args.json.empty()) {
    if (std::string e = writeFileAtomic(toPath(args.json), out.dump(2) + "\n"); !e.empty()) {
      std::cerr << e << "\n";
      return kExitUsage;
    }
    std::cout << "\nwrote " << args.json << "\n";
  }
  return kExitOk;
}

}  // namespace

void registerBench(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand(
      "bench",
      "Benchmark suite: per-family update cost at 1K/100K/1M particles, VM vs native, "
      "roofline, render vs raw, thread speedup, seek, startup");
  cmd->add_flag("--quick", args->quick, "Short timings (under a minute on 2 cores), same keys");
  cmd->add_option("--json", args->json, "Write the results as JSON to FILE");
  cmd->add_option("--sizes", args->sizes,
                  "Particle counts of the family table (default 1000,100000,1000000)")
      ->delimiter(',')
      ->check(CLI::Range(size_t(1), kStressParticleCap));
  cmd->add_option("--presets", args->presets, "Folder of the shipped presets (default: found)");
  cmd->add_option(
         "--only", args->only,
         "Parts to run, comma-separated: families,threads,roofline,vm,ribbons,render,seek,startup")
      ->delimiter(',')
      ->check(CLI::IsMember(
          {"families", "threads", "roofline", "vm", "ribbons", "render", "seek", "startup"}));
  cmd->callback([args, &exitCode] { exitCode = run(*args); });
}

}  // namespace fx::cli
