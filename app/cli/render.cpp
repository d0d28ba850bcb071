// fxview render PRESET -o OUT.png [--time S] [--fps N] [--size WxH] [--seed N]
//                      [--frames N --every S] [--gif OUT.gif] [--sheet OUT.png [--columns C]]
//                      [--video OUT.webm|OUT.mp4]
//                      [--grid] [--exec "cmd; cmd"] [--allow-any-path] [--model X.gbxmodel]
//                      [--view normal|overdraw] [--transparent] [--bloom] [--bloom-threshold T]
//                      [--bloom-intensity I] [--bloom-knee K] [--exposure E]
// PRESET may be a .glow (with --model) or .weather_particle_system tag: the scene
// engine/session/tag_scene.h makes for it, camera framed on the model or the weather cube. A
// bug-report bundle folder renders its preset at its moment (seed, simulation, camera, and time
// unless --time is given).
// Renders a preset headless (EGL, no display server) to PNG. The background is the scene's
// background colour; --grid adds a ground grid. Warnings (missing textures, shader failures) go
// to stderr. Exit codes: 0 ok, 1 preset errors, 2 usage or GL failure. No output may be one of
// the files the preset reads (the preset, its definition files, model tags, textures): exit 2.
//
// --frames N --every S writes N pictures S seconds apart from --time: numbered PNGs with -o
// (OUT_0000.png ...), one animated GIF with --gif, one sprite sheet with --sheet (rows of
// --columns tiles, default the smallest square), one video clip with --video (app/capture/video.h:
// VP9 in .webm, H.264 in .mp4, at the frames' own colours).
//
// --exec takes the viewer's console commands separated by ';' (engine/session/world_console.h),
// run before simulating: the Halo debug globals (render_model_markers, debug_point_physics,
// debug_sprites, weather, render_psystems), seed, fps, mode, set FIELD VALUE, enable, solo, and
// `split ...` for a side-by-side picture (e.g. "mode frame; split rate 144": the left half at the
// preset's rate, the right one at 144 Hz, same camera). A failing command is a usage error, and
// the commands after it do not run (--keep-going runs them, still exiting 2).
// Debug labels (DebugDraw::labels: marker names with render_model_markers) are drawn as small
// text beside their points, over the picture.
//
// --view overdraw draws the particle layer count of each pixel on a colour ramp with a legend
// (engine/render/renderer.h Renderer::setOverdraw) and prints each frame's max and mean count;
// --transparent writes premultiplied colour with coverage alpha (Renderer::setTransparent) to the
// PNGs, the sheet and a .webm (VP9 with alpha); not to a GIF or an .mp4 (a usage error). Bloom
// and exposure are the preset's `bloom` object; the --bloom options override its fields.
#include <cstdio>
#include <future>
#include <iostream>

#include "app/capture/frames.h"
#include "app/capture/video.h"
#include "app/cli/common.h"
#include "app/cli/view_options.h"
#include "engine/core/paths.h"
#include "engine/core/startup_phases.h"
#include "engine/render/renderer.h"
#include "engine/session/tag_scene.h"
#include "engine/session/world_console.h"

namespace fx::cli {

using capture::captureFrames;
using capture::Image;
using capture::kVideoExtensions;
using capture::makeSheet;
using capture::splitViews;
using capture::videoContainerFor;
using capture::VideoWriter;
using capture::ViewMaker;
using capture::writeGifAtomic;
using capture::writePngAtomic;

namespace {

struct Args {
  std::string preset, output, model, size = "640x360";
  std::string animation;  // --animation X.model_animations[:NAME]
  std::string tagsDir;
  LevelArgs level;
  std::optional<double> time;  // default: a bundle's time, else 1 s
  std::optional<double> fps;
  std::optional<int64_t> seed;
  int frames = 1;
  double every = 0.0;
  bool allowAnyPath = false;
  bool unlimitedBudget = false;
  bool grid = false;
  bool debugGl = false;
  bool bloom = false;
  std::optional<float> bloomThreshold, bloomIntensity, bloomKnee, exposure;
  std::string view = "normal";  // --view normal|overdraw (the console's `view` may change it)
  bool transparent = false;
  bool force = false;  // --force: read-only outputs made writable
  std::string exec;
  bool keepGoing = false;  // --keep-going: --exec runs past a failing command
  std::string gif, sheet, video;
  int columns = 0;
};

bool parseSize(const std::string& s, int& w, int& h) {
  char x = 0;
  char tail = 0;
  if (std::sscanf(s.c_str(), "%d%c%d%c", &w, &x, &h, &tail) != 3 || (x != 'x' && x != 'X'))
    return false;
  return w >= 1 && h >= 1 && w <= 8192 && h <= 8192;
}

std::filesystem::path numberedPath(const std::filesystem::path& out, int index) {
  char suffix[16];
  std::snprintf(suffix, sizeof suffix, "_%04d", index);
  std::filesystem::path p = out;
  p.replace_filename(toPath(toUtf8(out.stem()) + suffix + toUtf8(out.extension())));
  return p;
}

void printWarnings(render::Renderer& renderer) {
  for (const std::string& w : renderer.takeWarnings()) std::cerr << "warning: " << w << "\n";
}

// The picture's size and the outputs asked for; false (after saying why) on a usage error.
bool checkArgs(const Args& args, int& width, int& height) {
  if (!parseSize(args.size, width, height)) {
    std::cerr << "--size: expected WxH with 1..8192 each, got '" << args.size << "'\n";
    return false;
  }
  if (args.frames > 1 && args.every <= 0.0) {
    std::cerr << "--frames N needs --every S > 0\n";
    return false;
  }
  if (args.view != "normal" && args.view != "overdraw") {
    std::cerr << "--view: expected normal or overdraw, got '" << args.view << "'\n";
    return false;
  }
  if (args.transparent && (!args.gif.empty() || videoContainerFor(toPath(args.video)) == "mp4")) {
    std::cerr << "--transparent: a GIF or an .mp4 holds no alpha; write PNGs, a --sheet or a "
                 ".webm\n";
    return false;
  }
  if (args.output.empty() && args.gif.empty() && args.sheet.empty() && args.video.empty()) {
    std::cerr << "nothing to write: give -o OUT.png, --gif OUT.gif, --sheet OUT.png or --video "
                 "OUT.webm\n";
    return false;
  }
  return true;
}

// The preset's bloom with the command line's overrides.
render::BloomSettings bloomOf(const Args& args, const BloomLook& preset) {
  render::BloomSettings b = bloomSettingsOf(preset);
  b.enabled = b.enabled || args.bloom;
  b.threshold = args.bloomThreshold.value_or(b.threshold);
  b.strength = args.bloomIntensity.value_or(b.strength);
  b.softKnee = args.bloomKnee.value_or(b.softKnee);
  b.exposure = args.exposure.value_or(b.exposure);
  return b;
}

// The PNG a frame goes to with -o: numbered with --frames.
std::filesystem::path framePath(const Args& args, int index) {
  return args.frames > 1 ? numberedPath(toPath(args.output), index) : toPath(args.output);
}

// Every file this run writes, none of which may be one of the files it reads.
std::vector<std::filesystem::path> outputsOf(const Args& args) {
  std::vector<std::filesystem::path> outputs{toPath(args.gif), toPath(args.sheet),
                                             toPath(args.video)};
  if (!args.output.empty())
    for (int i = 0; i < (args.frames > 1 ? args.frames : 1); ++i)
      outputs.push_back(framePath(args, i));
  return outputs;
}

// The same files with the kind each receives (refuseOutputs).
std::vector<OutputFile> outputKindsOf(const Args& args) {
  std::vector<OutputFile> outputs{{toPath(args.gif), WrittenKind::Gif},
                                  {toPath(args.sheet), WrittenKind::Png},
                                  {toPath(args.video), WrittenKind::Video}};
  if (!args.output.empty())
    for (int i = 0; i < (args.frames > 1 ? args.frames : 1); ++i)
      outputs.push_back({framePath(args, i), WrittenKind::Png});
  return outputs;
}

// --exec: the console commands, run before simulating, up to the first that fails (all of them
// with --keep-going). False when one fails (each failure is printed).
bool runExec(const Args& args, Preset& preset, World& world, SplitView& split, bool& overdraw) {
  if (args.exec.empty()) return true;
  ConsoleSession session{.preset = &preset,
                         .world = &world,
                         .split = &split,
                         .overdraw = &overdraw,
                         .allowAnyPath = args.allowAnyPath,
                         .keepGoing = args.keepGoing};
  bool failed = false;
  for (const ConsoleReply& r : executeConsole(session, args.exec)) {
    if (!r.ok) {
      std::cerr << "--exec: " << r.text << "\n";
      failed = true;
    }
  }
  return !failed;
}

// The headless GL context with the renderer on it, started on a thread of its own while the
// preset's world is built and simulated (loading the driver and compiling the programs are most
// of a headless render's start), then handed to the calling thread by wait().
class GlStart {
 public:
  explicit GlStart(const Args& args)
      : done_(std::async(std::launch::async, [this, debug = args.debugGl] { start(debug); })) {}
  // Never waited for (the run stopped first): the context comes to this thread, so the
  // renderer's objects are deleted where they live.
  ~GlStart() {
    if (!done_.valid()) return;
    done_.wait();
    if (context_) context_->makeCurrent();
  }

  // The renderer, current on this thread; nullptr after saying why when GL could not start.
  render::Renderer* wait() {
    done_.get();
    if (error_.empty() && !context_->makeCurrent())
      error_ = "EGL: cannot make the context current on the rendering thread";
    if (!error_.empty()) {
      std::cerr << error_ << "\n";
      return nullptr;
    }
    return renderer_.get();
  }

 private:
  void start(bool debug) {
    {
      startup::Span span("egl_context");
      context_ = render::HeadlessContext::create(error_);
    }
    if (!context_) return;
    startup::Span span("renderer_init");
    renderer_ = std::make_unique<render::Renderer>();
    if (!renderer_->init({.debugOutput = debug || render::kDebugOutputByDefault}, error_)) return;
    if (!context_->release()) error_ = "EGL: cannot release the context for the rendering thread";
  }

  // Declared in teardown order: the renderer goes while its context is still current.
  std::unique_ptr<render::HeadlessContext> context_;
  std::unique_ptr<render::Renderer> renderer_;
  std::string error_;
  std::future<void> done_;
};

// The world advanced to the first frame with the view it will be drawn with (captureFrames then
// finds it there), so the simulation runs while GL starts. A split view is left to
// captureFrames: its right half follows the left frame by frame.
void simulateToFirstFrame(World& world, const Preset& preset, const SplitView& split, int width,
                          int height, double start) {
  if (split.spec.enabled) return;
  const Scene& scene = preset.scene;
  ViewMaker makeView = [&scene](vec2 size) { return presetView(scene, size); };
  world.setView(splitViews(makeView, 0.0f, 0.0f, float(width), float(height), false).left);
  world.advanceTo(start);
}

// Renders the frames: PNGs and the clip (`video`, open with --video) stream out as they render;
// the GIF and the sheet need every frame first, so those are kept in `frames`. "" or the error.
std::string renderFrames(const Args& args, render::Renderer& renderer, Preset& preset, World& world,
                         SplitView& split, int width, int height, double start,
                         std::vector<Image>& frames, VideoWriter& video) {
  const Scene& scene = preset.scene;
  ViewMaker makeView = [&scene](vec2 size) { return presetView(scene, size); };
  bool keep = !args.gif.empty() || !args.sheet.empty();
  return captureFrames(renderer, preset, world, &split, makeView,
                       {.width = width,
                        .height = height,
                        .start = start,
                        .every = args.every,
                        .frames = args.frames,
                        .grid = args.grid},
                       [&](int i, Image& frame) -> std::string {
                         printWarnings(renderer);
                         if (renderer.overdraw())
                           std::cout << overdrawSummary(renderer.stats()) << "\n";
                         if (!args.output.empty()) {
                           if (std::string e = writePngAtomic(framePath(args, i), frame);
                               !e.empty())
                             return e;
                           startup::mark("png_encode");
                         }
                         if (!args.video.empty())
                           if (std::string e = video.add(frame); !e.empty()) return e;
                         if (keep) frames.push_back(std::move(frame));
                         return {};
                       });
}

// --gif and --sheet from the rendered frames. "" or the error.
std::string writeGifAndSheet(const Args& args, const std::vector<Image>& frames) {
  if (!args.gif.empty())
    if (std::string err =
            writeGifAtomic(toPath(args.gif), frames, args.every > 0 ? args.every : 0.1);
        !err.empty())
      return err;
  if (!args.sheet.empty())
    if (std::string err = writePngAtomic(toPath(args.sheet), makeSheet(frames, args.columns));
        !err.empty())
      return err;
  return {};
}

int run(const Args& args) {
  int width = 0, height = 0;
  if (!checkArgs(args, width, height)) return kExitUsage;
  std::vector<std::filesystem::path> outputs = outputsOf(args);
  if (refuseOutputOverInput(
          "render", outputs,
          {toPath(args.preset), toPath(args.model), splitAnimationArgument(args.animation).first}))
    return kExitUsage;
  if (!args.video.empty() && videoContainerFor(toPath(args.video)).empty()) {
    std::cerr << "--video: expected a " << kVideoExtensions << " file name, got '" << args.video
              << "'\n";
    return kExitUsage;
  }
  startup::mark("arguments");
  // GL starts first: loading the driver is the longest part of a headless render, and it needs
  // nothing from the preset. A preset that fails to load leaves it started for nothing.
  GlStart gl(args);
  auto preset = loadPresetReporting(toPath(args.preset), args.allowAnyPath, toPath(args.tagsDir),
                                    toPath(args.model), args.animation, args.level);
  if (!preset) return kExitErrors;
  startup::mark("load_preset");
  std::optional<double> bundleTime = applyBundleDefaults(toPath(args.preset), *preset);
  if (refuseOutputOverInput("render", outputs, presetInputs(*preset)) ||
      refuseOutputs("render", outputKindsOf(args), args.force))
    return kExitUsage;
  applyOverrides(*preset, args.seed, args.fps);
  World world(*preset);
  world.flags.unlimitedBudget = args.unlimitedBudget;
  SplitView split;
  bool overdraw = args.view == "overdraw";
  if (!runExec(args, *preset, world, split, overdraw)) return kExitUsage;
  startup::mark("world");
  const double start = args.time.value_or(bundleTime.value_or(1.0));
  simulateToFirstFrame(world, *preset, split, width, height, start);
  startup::mark("simulate");
  render::Renderer* renderer = gl.wait();
  if (!renderer) return kExitUsage;
  startup::mark("wait_for_gl");
  renderer->setBloom(bloomOf(args, preset->scene.bloom));
  renderer->setOverdraw(overdraw);
  renderer->setTransparent(args.transparent);
  std::vector<Image> frames;
  VideoWriter video;
  std::string err;
  if (!args.video.empty())
    err = video.open(toPath(args.video), width, height, args.every > 0 ? args.every : 0.1,
                     args.transparent);
  if (err.empty())
    err = renderFrames(args, *renderer, *preset, world, split, width, height, start, frames, video);
  if (err.empty() && !args.video.empty()) err = video.finish();
  if (err.empty()) err = writeGifAndSheet(args, frames);
  if (!err.empty()) {
    std::cerr << err << "\n";
    return kExitUsage;
  }
  // Every output is written and renamed: what is left is freeing memory and the GL driver's
  // teardown (its threads, its compiled code, the libraries' destructors), tens of milliseconds
  // the operating system does better. A batch of renders pays it once per preset.
  endProcessNow(kExitOk);
}

}  // namespace

void registerRender(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<Args>();
  auto* cmd =
      app.add_subcommand("render", "Render a preset headless to PNG (EGL, no display needed)");
  cmd->add_option("preset", args->preset,
                  "Preset JSON, a bug-report bundle (folder or .zip), a Halo .glow / "
                  ".weather_particle_system tag, "
                  "or a Stride .sdscene / .sdprefab")
      ->required();
  cmd->add_option("--model", args->model,
                  "With a .glow tag: the .gbxmodel whose markers it follows");
  cmd->add_option("--animation", args->animation,
                  "With --model: X.model_animations[:NAME] played on the model");
  cmd->add_option("-o,--output", args->output, "Output PNG (numbered _0000 with --frames)");
  cmd->add_option("--gif", args->gif, "Animated GIF of the --frames (256-colour palette)");
  cmd->add_option("--sheet", args->sheet, "Sprite sheet PNG of the --frames");
  cmd->add_option("--video", args->video,
                  "Video clip of the --frames: OUT.webm (VP9) or OUT.mp4 (H.264), full colour");
  addForceOption(cmd, args->force);
  cmd->add_option("--columns", args->columns, "Tiles per sprite sheet row (default: square)")
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--time", args->time,
                  "Seconds to simulate before the (first) frame (default: a bundle's time, else 1)")
      ->check(CLI::Range(0.0, 86400.0));
  cmd->add_option("--fps", args->fps, "Frame rate (sets the rate of frame-mode simulation)")
      ->check(CLI::Range(1.0, 1000.0));
  cmd->add_option("--size", args->size, "Image size WxH (default 640x360)");
  cmd->add_option("--seed", args->seed, "Override the preset seed")
      ->check(CLI::Range(int64_t(0), int64_t(4294967295LL)));
  cmd->add_option("--frames", args->frames, "Number of frames to write")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--every", args->every, "Seconds between frames with --frames")
      ->check(CLI::Range(0.0, 86400.0));
  cmd->add_flag("--grid", args->grid, "Draw a ground grid (XY plane)");
  addTagsOption(cmd, args->tagsDir);
  addLevelOptions(cmd, args->level);
  cmd->add_flag("--allow-any-path", args->allowAnyPath,
                "Let definitions and textures come from anywhere");
  cmd->add_flag(
      "--unlimited-budget", args->unlimitedBudget,
      "Lift the games' particle limits (stress runs; fxview's hard cap of 2^20 per effect "
      "stays)");
  cmd->add_flag("--bloom", args->bloom,
                "Bloom: colours above the threshold (0.75 unless the preset's bloom object says) "
                "glow, blurred and added back before the clamp to 1");
  cmd->add_option("--bloom-threshold", args->bloomThreshold,
                  "Bloom: linear colour above which a channel glows (preset: bloom/threshold)")
      ->check(CLI::Range(0.0, 64.0));
  cmd->add_option("--bloom-intensity", args->bloomIntensity,
                  "Bloom: how much of the blurred glow is added back (preset: bloom/intensity)")
      ->check(CLI::Range(0.0, 16.0));
  cmd->add_option("--bloom-knee", args->bloomKnee,
                  "Bloom: soft knee 0..1, the glow eased in below the threshold (bloom/soft_knee)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--exposure", args->exposure,
                  "The HDR picture x this before bloom and the clamp to 1 (bloom/exposure)")
      ->check(CLI::Range(0.0, 64.0));
  cmd->add_option("--view", args->view,
                  "normal, or overdraw: particle layers per pixel on a colour ramp with a legend "
                  "(README: Overdraw view); prints the max and mean");
  cmd->add_flag("--transparent", args->transparent,
                "Transparent background: premultiplied colour with alpha in the PNGs, the sheet "
                "and a .webm (README: Transparent capture)");
  cmd->add_flag("--debug-gl", args->debugGl,
                "Print KHR_debug messages from the driver (always on in Debug builds)");
  cmd->add_option_function<std::string>(
      "--startup-report", [](const std::string& path) { startup::reportTo(toPath(path)); },
      "Write where the time went (JSON: process start, EGL, shaders, textures, simulation, PNG) "
      "to FILE at exit");
  cmd->add_option("--exec", args->exec,
                  "Console commands run before simulating, ';'-separated (render_model_markers 1; "
                  "set FIELD VALUE; split rate 144; ...); the first that fails stops them");
  cmd->add_flag("--keep-going", args->keepGoing,
                "With --exec: run the commands after a failing one too (the exit status is "
                "still 2)");
  cmd->callback([args, &exitCode] { exitCode = run(*args); });
}

}  // namespace fx::cli
