// `fxview bench`: rendering. A full frame of N sprites (the Stride stress preset: simulate, collect
// into the DrawList, upload, draw, glFinish) against a raw instanced draw of the very same sprites
// (one buffer upload, a minimal shader, one glDrawArraysInstanced, glFinish), both headless at
// 640x360; and the wall time of `fxview render presets/gallery.json` as a separate process.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>

#include "app/cli/bench.h"
#include "engine/session/world.h"
#include "engine/render/bench_support.h"
#include "engine/render/renderer.h"

extern char** environ;

namespace fx::bench {

namespace {

constexpr int kWidth = 640, kHeight = 360;

// Runs `args` (argv[0] = the program) with stdout/stderr to /dev/null; wall seconds, or < 0.
double runProcess(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1.0;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return -1.0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

RenderResult runRender(const Settings& s) {
  RenderResult out;
  std::string error;
  auto context = render::HeadlessContext::create(error);
  if (!context) {
    out.error = "no headless GL: " + error;
    return out;
  }
  render::OffscreenTarget target(kWidth, kHeight);
  target.bind();
  render::Renderer renderer;
  if (!renderer.init({}, error)) {
    out.error = error;
    return out;
  }
  out.glRenderer = render::glRendererString();

  for (size_t count : {size_t(10000), size_t(100000)}) {
    StressPreset sp = stressPreset(s, "stride_particles", count);
    Diagnostics diags;
    std::unique_ptr<Preset> preset;
    if (sp.error.empty())
      preset = loadPresetFromJson(sp.json, sp.path, diags, {.allowAnyPath = true});
    if (!preset || diags.hasErrors()) {
      out.error = "stride stress preset does not load: " + diags.formatAll() + sp.error;
      return out;
    }
    World world(*preset);
    world.flags.unlimitedBudget = true;
    const View view = presetView(preset->scene, {float(kWidth), float(kHeight)});
    world.setView(view);
    const ColorRgba background{0.0f, 0.0f, 0.0f, 1.0f};
    DrawList draw;
    DebugDraw debug;
    world.stepOnce();  // the bursts spawn
    world.collect(draw, debug);
    std::filesystem::path texture;
    if (!draw.batches.empty() && draw.batches[0].texture >= 0 &&
        size_t(draw.batches[0].texture) < draw.textures.size())
      texture = draw.textures[size_t(draw.batches[0].texture)].path;
    render::RawSpriteBaseline raw;
    if (!raw.init(texture, error)) {
      out.error = "raw baseline: " + error;
      return out;
    }

    RenderRow row;
    auto frame = [&] {
      world.stepOnce();
      draw.clear();
      debug.clear();
      world.collect(draw, debug);
      renderer.beginFrame(kWidth, kHeight, background);
      renderer.draw(draw, view);
      renderer.endFrame();
      render::finishGL();
    };
    frame();
    row.simSeconds = timePerRun(
        [&] {
          world.stepOnce();
          draw.clear();
          debug.clear();
          world.collect(draw, debug);
        },
        s.minSeconds);
    row.sprites = draw.sprites.size();
    row.drawCalls = renderer.stats().drawCalls;
    // The baseline: the same sprites, the same clear, the cheapest instanced draw.
    std::vector<SpriteInstance> sprites, frameSprites = draw.sprites;
    auto rawFrame = [&] {
      renderer.beginFrame(kWidth, kHeight, background);
      sprites.assign(frameSprites.begin(), frameSprites.end());
      raw.draw(sprites, view);
      renderer.endFrame();
      render::finishGL();
    };
    std::tie(row.frameSeconds, row.rawSeconds) =
        bestOfInterleaved(frame, rawFrame, 2 * s.minSeconds);
    out.rows.push_back(row);
  }

  // `fxview render` of the gallery, as a user runs it (process start, EGL, load, simulate, PNG).
  std::filesystem::path png = std::filesystem::temp_directory_path() /
                              ("fxview-bench-" + std::to_string(getpid()) + ".png");
  const std::vector<std::string> args = {s.executable.string(), "render",
                                         (s.presetsDir / "gallery.json").string(), "-o",
                                         png.string()};
  double best = -1.0;
  for (int run = 0; run < (s.quick ? 2 : 5); ++run) {
    double t = runProcess(args);
    if (t >= 0.0 && (best < 0.0 || t < best)) best = t;
  }
  std::error_code ec;
  std::filesystem::remove(png, ec);
  out.pngSeconds = best;
  if (best < 0.0) out.error = "`fxview render` of the gallery failed";
  return out;
}

}  // namespace fx::bench
