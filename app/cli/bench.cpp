// `fxview bench [--quick] [--json FILE]`: the benchmark suite (what each part measures: bench.h).
// Prints tables and the ratios; --json writes the same with the top-level numbers
// vm_vs_native, integrator_roofline_share, render_vs_raw_10k, render_vs_raw_100k,
// render_png_seconds and thread_speedup_100k, so runs can be compared across commits.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include <tbb/info.h>

#include "app/cli/bench.h"
#include "app/cli/common.h"
#include "engine/core/data_paths.h"

namespace fx::cli {

namespace {

namespace fs = std::filesystem;

struct Args {
  bool quick = false;
  std::string json;
  std::string presets;
  std::vector<std::string> only;  // parts to run (default: all)
  std::vector<size_t> sizes = {1000, 100000, 1000000};
};

fs::path findPresets(const std::string& given) {
  if (!given.empty()) return given;
  std::error_code ec;
  for (fs::path dir : {fs::current_path(ec), fs::read_symlink("/proc/self/exe", ec).parent_path()})
    for (fs::path d = dir; !d.empty(); d = d.parent_path()) {
      if (fs::exists(d / "presets/gallery.json", ec)) return d / "presets";
      if (d == d.parent_path()) break;
    }
  fs::path shipped = findDataFile("presets/gallery.json");
  return shipped.empty() ? fs::path("presets") : shipped.parent_path();
}

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

bool wants(const Args& a, const char* part) {
  if (a.only.empty()) return true;
  for (const auto& o : a.only)
    if (o == part) return true;
  return false;
}

int run(const Args& args) {
  bench::Settings s;
  s.quick = args.quick;
  s.presetsDir = findPresets(args.presets);
  std::error_code ec;
  s.executable = fs::read_symlink("/proc/self/exe", ec);
  s.sizes = args.sizes;
  s.minSeconds = args.quick ? 0.05 : 0.4;
  if (!fs::exists(s.presetsDir / "gallery.json")) {
    std::cerr << "fxview bench: no presets/gallery.json under " << s.presetsDir
              << " (pass --presets DIR)\n";
    return kExitUsage;
  }
  const int threads = tbb::info::default_concurrency();
  Json out = Json::object();
  out["fxview_version"] = FXVIEW_VERSION;
  out["quick"] = args.quick;
  out["threads"] = threads;
  out["hardware_threads"] = std::thread::hardware_concurrency();
  std::cout << "fxview bench" << (args.quick ? " --quick" : "") << ": " << threads
            << " threads (oneTBB), presets " << s.presetsDir.string() << "\n";

  // Families.
  std::vector<bench::FamilyRow> rows;
  if (wants(args, "families") || wants(args, "roofline") || wants(args, "threads")) {
    std::cout << "\n== Families: one update (World::stepOnce) with the budget lifted\n";
    rows = bench::runFamilies(s);
    if (wants(args, "threads")) bench::runThreadSpeedup(s, 100000, rows);
    std::printf("%-18s %9s %9s %12s %14s %10s %9s  %s\n", "family", "requested", "live",
                "ns/particle", "particles/s", "bytes/part", "2T/1T", "note");
    Json jr = Json::array();
    for (const auto& r : rows) {
      std::printf("%-18s %9zu %9zu %12s %14s %10zu %9s  %s\n", r.family.c_str(), r.requested,
                  r.live, r.live ? fmt("%.2f", r.nsPerParticle).c_str() : "-",
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
    out["thread_speedup_100k"] = worst;
    std::cout
        << "thread_speedup_100k (weakest of weather, stride, destiny_system; 2 threads vs 1): "
        << fmt("%.2f", worst) << "  target >= 1.8\n";
  }

  if (wants(args, "roofline") && !rows.empty()) {
    std::cout
        << "\n== Updates at 1M particles (the largest size) vs a streaming copy of their state "
           "(same threads)\n";
    auto roof = bench::runRoofline(s, rows);
    std::printf("%-18s %9s %10s %12s %12s %8s\n", "family", "particles", "MiB", "update ms",
                "copy ms", "share");
    Json jr = Json::array();
    double worst = 0.0;
    for (const auto& r : roof) {
      std::printf("%-18s %9zu %10.1f %12.2f %12.2f %7.0f%%\n", r.family.c_str(), r.particles,
                  double(r.bytes) / (1 << 20), r.updateSeconds * 1e3, r.copySeconds * 1e3,
                  r.share() * 100);
      jr.push_back({{"family", r.family},
                    {"particles", r.particles},
                    {"bytes", r.bytes},
                    {"update_seconds", r.updateSeconds},
                    {"copy_seconds", r.copySeconds},
                    {"share", r.share()}});
      worst = worst == 0.0 ? r.share() : std::min(worst, r.share());
    }
    out["integrators"] = jr;
    out["integrator_roofline_share"] = worst;
    std::cout << "integrator_roofline_share (weakest): " << fmt("%.2f", worst)
              << "  target >= 0.5\n";
  }

  if (wants(args, "vm")) {
    std::cout << "\n== Emitter VM: one stage-4 program over 1M particles, one thread\n";
    bench::VmResult vm = bench::runVm(s);
    std::printf("batched %.2f ms   scalar %.2f ms   native C++ %.2f ms\n", vm.batchedSeconds * 1e3,
                vm.scalarSeconds * 1e3, vm.nativeSeconds * 1e3);
    out["vm"] = {{"particles", vm.particles},
                 {"batched_seconds", vm.batchedSeconds},
                 {"scalar_seconds", vm.scalarSeconds},
                 {"native_seconds", vm.nativeSeconds}};
    out["vm_vs_native"] = vm.vmVsNative();
    std::cout << "vm_vs_native (batched / native): " << fmt("%.2f", vm.vmVsNative())
              << "  target <= 1.5\n";
  }

  if (wants(args, "render")) {
    std::cout
        << "\n== Render, headless 640x360: full frame vs raw instanced draw of the same sprites\n";
    bench::RenderResult rr = bench::runRender(s);
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
    out["render_png_seconds"] = rr.pngSeconds;
    out["gallery_frame_cpu_ms"] = rr.galleryFrameSeconds * 1e3;
    out["gallery_draw_submit_ms"] = rr.galleryDrawSeconds * 1e3;
    std::cout << "render_vs_raw_10k: " << fmt("%.2f", out["render_vs_raw_10k"].get<double>())
              << "  render_vs_raw_100k: " << fmt("%.2f", out["render_vs_raw_100k"].get<double>())
              << "  target <= 1.2\n";
    std::cout << "render_png_seconds (`fxview render presets/gallery.json`, best run): "
              << fmt("%.3f", rr.pngSeconds) << "  target <= 0.25\n";
    std::cout << "gallery_frame_cpu_ms (gallery at game limits, step + collect, median of "
              << (s.quick ? 150 : 300) << " frames, " << rr.gallerySprites
              << " sprites): " << fmt("%.3f", rr.galleryFrameSeconds * 1e3)
              << "  target < 0.5 (draw submission " << fmt("%.3f", rr.galleryDrawSeconds * 1e3)
              << " ms)\n";
  }

  if (!args.json.empty()) {
    if (std::string e = writeFileAtomic(args.json, out.dump(2) + "\n"); !e.empty()) {
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
      "roofline, render vs raw, thread speedup");
  cmd->add_flag("--quick", args->quick, "Short timings (under a minute on 2 cores), same keys");
  cmd->add_option("--json", args->json, "Write the results as JSON to FILE");
  cmd->add_option("--sizes", args->sizes,
                  "Particle counts of the family table (default 1000,100000,1000000)")
      ->delimiter(',')
      ->check(CLI::Range(size_t(1), kStressParticleCap));
  cmd->add_option("--presets", args->presets, "Folder of the shipped presets (default: found)");
  cmd->add_option("--only", args->only,
                  "Parts to run, comma-separated: families,threads,roofline,vm,render")
      ->delimiter(',')
      ->check(CLI::IsMember({"families", "threads", "roofline", "vm", "render"}));
  cmd->callback([args, &exitCode] { exitCode = run(*args); });
}

}  // namespace fx::cli
