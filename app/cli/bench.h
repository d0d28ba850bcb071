// `fxview bench`: the benchmark suite, the scoreboard of issue 18. Every ratio compares two things
// measured side by side in the same run (bestOfInterleaved), so the figures mean the same on any
// machine:
//   families   each family's real update (World::stepOnce on a stress preset built from a shipped
//              preset, DebugFlags::unlimitedBudget on) at 1K / 100K / 1M particles (--sizes): ns
//              per particle per update, particles per second, bytes of state per particle;
//   threads    the same update at 100K on 1 thread vs 2 (the 2T/1T column);
//              thread_speedup_100k is the weakest of halo_weather, stride_particles and
//              destiny_system;
//   threads    also a steady Stride load with births and deaths every frame (10 emitters x
//              4000/s, 2.5 s life: 100K live), 1 thread vs 2 (thread_speedup_steady_100k);
//   vm         the emitter VM's compiled stage 4 vs the same program written in C++ over 1M
//              particles on one thread, for the bench program (vm_vs_native = compiled / native)
//              and every shipped Destiny preset (vm_vs_native_presets_worst), the interpreter
//              beside them as the reference (bench_vm.cpp);
//   roofline   every particle family's update at the largest size vs a streaming copy (read once,
//              write once, same chunks and threads) of its state bytes: share = copy / update,
//              integrator_roofline_share is the weakest family's. Both sides go through a working
//              set twice the last-level cache (copies of the world stepped in turn, as many copy
//              buffers), so both stream from memory; the copy's bandwidth is printed;
//   ribbons    100K Stride particles in 1K ribbons (best smoothing): ns per particle of the
//              update and of the strip building, each with its 2-thread speedup
//              (ribbon_update_speedup_2t, ribbon_strips_speedup_2t);
//   render     a full frame (simulate + collect + upload + draw, headless EGL) of 10K and 100K
//              sprites vs a raw instanced draw of the same sprites (render_vs_raw_10k / _100k);
//   seek       scrubbing (World::seek) on the heaviest shipped preset (the one whose first
//              seconds cost most to simulate): the world plays to t = 300 s keeping snapshots,
//              then seeks to targets spread over 0..300 s, each one step before a snapshot (the
//              most a seek simulates), back and forth; seek_worst_ms is the worst target's best
//              of a few tries, beside the same seek by re-simulation from 0 measured in the same
//              run (seek_from_zero_worst_ms; the old way) and what keeping snapshots costs while
//              playing (bench_seek.cpp);
//   startup    the wall time of `fxview render` of the gallery as a new process
//              (render_png_seconds) with where it went (its --startup-report), and the viewer's
//              time to its first frame (gui_first_frame_seconds; bench_startup.cpp).
// The run ends with the Goals table (bench.cpp kGoals: key, measured, target, met or missed; a
// key no part produced is missing and not met), written to the JSON as `goals` beside the
// top-level numbers, and the run's wall time (bench_seconds; --quick stays under a minute).
#pragma once

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/core/json.h"

namespace fx::bench {

struct Settings {
  bool quick = false;                // shorter timings, same keys
  std::filesystem::path presetsDir;  // the shipped presets the stress presets are built from
  std::filesystem::path executable;  // this binary, for the `fxview render` wall time
  std::vector<size_t> sizes;         // particle counts of the family table
  double minSeconds = 0.5;           // timing window per measurement
};

// Seconds of wall time of fn(), repeated until `minSeconds` passed (at least `minRuns` times);
// returns the mean per run. One untimed run first warms caches (and the GL driver's shader
// variants).
template <class Fn>
double timePerRun(Fn&& fn, double minSeconds, int minRuns = 3);

// A ratio's two sides measured in alternation, `rounds` times each, keeping each side's best:
// a shared or throttled machine drifts by tens of percent over seconds, and both sides see the
// same drift this way. Returns {seconds of a, seconds of b}.
template <class A, class B>
std::pair<double, double> bestOfInterleaved(A&& a, B&& b, double minSeconds, int rounds = 5) {
  double ta = 1e300, tb = 1e300;
  for (int r = 0; r < rounds; ++r) {
    ta = std::min(ta, timePerRun(a, minSeconds / rounds, 1));
    tb = std::min(tb, timePerRun(b, minSeconds / rounds, 1));
  }
  return {ta, tb};
}

struct FamilyRow {
  std::string family;
  size_t requested = 0;
  size_t live = 0;             // particles alive while timed
  double nsPerParticle = 0.0;  // per update, all threads
  double particlesPerSecond = 0.0;
  size_t bytesPerParticle = 0;
  double secondsPerUpdate = 0.0;
  double speedup2 = 0.0;  // 1-thread time / 2-thread time (measured at 100K only; 0 = not run)
  std::string note;
};

std::vector<FamilyRow> runFamilies(const Settings& s);
// 1-thread vs 2-thread update of each threaded family at `count` particles (fills speedup2 of
// the matching rows).
void runThreadSpeedup(const Settings& s, size_t count, std::vector<FamilyRow>& rows);

// Steady-state Stride load (steadyStridePreset): 2-thread vs 1-thread speedup of one update,
// with particles born and dying every frame.
struct SteadyResult {
  size_t live = 0;  // particles alive while timed
  double oneThreadSeconds = 0.0, twoThreadSeconds = 0.0;
  double speedup() const {
    return twoThreadSeconds > 0.0 ? oneThreadSeconds / twoThreadSeconds : 0.0;
  }
};
SteadyResult runSteadyThreadSpeedup(const Settings& s);

// The ribbon load (bench_ribbons.cpp): 100K particles in 1K ribbons, best smoothing; one update
// and one strip building (collect), each on 1 thread and on 2.
struct RibbonResult {
  std::string error;
  size_t live = 0, quads = 0;
  double update1 = 0.0, update2 = 0.0, strips1 = 0.0, strips2 = 0.0;  // seconds
  static double ratio(double a, double b) { return b > 0.0 ? a / b : 0.0; }
};
RibbonResult runRibbons(const Settings& s);

// One stage-4 program: compiled kernels and hand-written C++ interleaved, the batched interpreter
// beside them as the reference.
struct VmCase {
  std::string name;
  double compiledSeconds = 0.0, nativeSeconds = 0.0, batchedSeconds = 0.0;
  double ratio() const { return nativeSeconds > 0.0 ? compiledSeconds / nativeSeconds : 0.0; }
};
struct VmResult {
  size_t particles = 0;
  // The bench program: compiled (the engine's path), batched and scalar interpreter, native.
  double compiledSeconds = 0.0, batchedSeconds = 0.0, scalarSeconds = 0.0, nativeSeconds = 0.0;
  std::vector<VmCase> presets;  // every shipped Destiny preset's stage 4
  double vmVsNative() const { return nativeSeconds > 0.0 ? compiledSeconds / nativeSeconds : 0.0; }
  double worstPreset() const {
    double w = 0.0;
    for (const VmCase& c : presets) w = std::max(w, c.ratio());
    return w;
  }
};
VmResult runVm(const Settings& s);

struct RooflineRow {
  std::string family;
  size_t particles = 0;
  size_t bytes = 0;            // state bytes streamed
  size_t copies = 1;           // worlds (and copy buffers) taken in turn: copies x bytes > LLC
  size_t cacheBytes = 0;       // the last-level cache the working set is sized against
  double updateSeconds = 0.0;  // one update
  double copySeconds = 0.0;    // streaming copy of the same bytes (same thread count)
  double share() const { return updateSeconds > 0.0 ? copySeconds / updateSeconds : 0.0; }
  // Bytes moved per second by the copy (read + write).
  double bandwidth() const { return copySeconds > 0.0 ? 2.0 * double(bytes) / copySeconds : 0.0; }
};
std::vector<RooflineRow> runRoofline(const Settings& s, const std::vector<FamilyRow>& rows);

struct RenderRow {
  size_t sprites = 0;
  double frameSeconds = 0.0;  // simulate + collect + upload + draw + finish
  double rawSeconds = 0.0;    // raw instanced draw of the same sprites + finish
  double simSeconds = 0.0;    // the frame's simulate + collect alone (CPU), into the mapped buffer
  double simPlainSeconds = 0.0;  // the same, collected into plain memory (side by side)
  int drawCalls = 0;
  double ratio() const { return rawSeconds > 0.0 ? frameSeconds / rawSeconds : 0.0; }
};
struct RenderResult {
  std::string glRenderer;
  std::vector<RenderRow> rows;
  // One frame of presets/gallery.json at its game limits, after a warm-up, median over many
  // frames: World::stepOnce + collect into the renderer's mapped instance buffer (CPU only).
  double galleryFrameSeconds = 0.0;
  double galleryDrawSeconds = 0.0;  // the same frames' Renderer::draw submission, median
  size_t gallerySprites = 0;        // sprites in the last measured frame
  std::string error;
};
RenderResult runRender(const Settings& s);

struct StartupPhase {
  std::string name;
  double seconds = 0.0;     // wall
  double cpuSeconds = 0.0;  // the process's CPU time meanwhile, every thread (-1: not known)
};
struct StartupResult {
  double pngSeconds = 0.0;  // `fxview render gallery.json -o x.png`, wall time (best run)
  std::vector<StartupPhase> renderPhases;  // that run's phases, in order (sum = its wall time)
  std::vector<StartupPhase> renderWithin;  // shader compile and link, textures: inside phases
  double guiFirstFrameSeconds = 0.0;       // the viewer from exec to its first frame's swap
  std::vector<StartupPhase> guiPhases;     // that run's phases up to exit
  std::string guiNote;                     // how it was measured, or why not
  std::string error;
};
StartupResult runStartup(const Settings& s);

struct SeekResult {
  std::string preset;         // the heaviest shipped preset's file name
  double probeSeconds = 0.0;  // its first seconds simulated from 0 (how it was chosen)
  double endSeconds = 300.0;  // seeks go up to here
  double playPlainSeconds = 0.0, playSnapshotSeconds = 0.0;  // playing 0..end without / with
  size_t snapshots = 0, snapshotBytes = 0;
  double spacingSeconds = 0.0;  // between snapshots after playing to the end
  size_t seeks = 0;
  double worstSeconds = 0.0, worstAt = 0.0;                  // through snapshots
  double fromZeroWorstSeconds = 0.0, fromZeroWorstAt = 0.0;  // by re-simulation from 0
  std::string error;
};
SeekResult runSeek(const Settings& s);

// Stress presets (bench_presets.cpp): a shipped preset of `family` scaled to about `count`
// particles. Empty json with `error` set when the preset cannot be built.
struct StressPreset {
  Json json;
  std::filesystem::path path;  // where it notionally lives (relative references resolve there)
  std::string error;
};
StressPreset stressPreset(const Settings& s, const std::string& family, size_t count);
// stride_fountain with `emitters` emitters of `perSecond` particles/s living `life` s each: births
// and deaths every frame, emitters x perSecond x life particles once warm.
StressPreset steadyStridePreset(const Settings& s, size_t emitters, double perSecond, double life);
// The families of the table, in order.
const std::vector<std::string>& benchFamilies();

}  // namespace fx::bench

#include <chrono>

namespace fx::bench {

template <class Fn>
double timePerRun(Fn&& fn, double minSeconds, int minRuns) {
  using Clock = std::chrono::steady_clock;
  fn();
  int runs = 0;
  auto start = Clock::now();
  double elapsed = 0.0;
  while (runs < minRuns || elapsed < minSeconds) {
    fn();
    ++runs;
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  return elapsed / runs;
}

}  // namespace fx::bench
