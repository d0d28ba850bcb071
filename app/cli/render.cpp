// fxview render PRESET -o OUT.png [--time S] [--fps N] [--size WxH] [--seed N]
//                      [--frames N --every S] [--grid] [--exec "cmd; cmd"] [--allow-any-path]
// Renders a preset headless (EGL, no display server) to PNG. The background is the scene's
// background colour; --grid adds a ground grid. Warnings (missing textures, shader failures) go
// to stderr. Exit codes: 0 ok, 1 preset errors, 2 usage or GL failure.
//
// --exec takes Halo-style console commands separated by ';', applied before simulating:
//   render_model_markers 0|1   marker axes, names and order
//   debug_point_physics 0|1    weather points and cube outline
//   debug_sprites 0|1          sprite triangle outlines and coverage counts
//   weather 0|1                show / hide weather
//   render_psystems 0|1        show / hide particle systems
// Debug labels (DebugDraw::labels) are not drawn in headless renders; lines and points are.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "app/cli/common.h"
#include "engine/render/renderer.h"

namespace fx::cli {

struct RenderCommands {
  std::string exec;  // "cmd value; cmd value"
};

// Applies console commands to the world's debug flags. Returns "" or an error naming the command.
std::string applyRenderCommands(const RenderCommands& commands, World& world) {
  std::stringstream all(commands.exec);
  std::string one;
  while (std::getline(all, one, ';')) {
    std::stringstream words(one);
    std::string name, value, extra;
    words >> name >> value >> extra;
    if (name.empty()) continue;
    if (!extra.empty() || (value != "0" && value != "1"))
      return "--exec: '" + one + "': expected '<command> 0|1'";
    bool on = value == "1";
    DebugFlags& f = world.flags;
    if (name == "render_model_markers")
      f.renderModelMarkers = on;
    else if (name == "debug_point_physics")
      f.debugPointPhysics = on;
    else if (name == "debug_sprites")
      f.debugSprites = on;
    else if (name == "weather")
      f.weather = on;
    else if (name == "render_psystems")
      f.renderPsystems = on;
    else
      return "--exec: unknown command '" + name +
             "' (known: render_model_markers, debug_point_physics, debug_sprites, weather, "
             "render_psystems)";
  }
  return "";
}

namespace {

struct Args {
  std::string preset, output, size = "640x360";
  double time = 1.0;
  std::optional<double> fps;
  std::optional<int64_t> seed;
  int frames = 1;
  double every = 0.0;
  bool allowAnyPath = false;
  bool grid = false;
  bool debugGl = false;
  RenderCommands commands;
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
  p.replace_filename(out.stem().string() + suffix + out.extension().string());
  return p;
}

void printWarnings(render::Renderer& renderer) {
  for (const std::string& w : renderer.takeWarnings()) std::cerr << "warning: " << w << "\n";
}

int run(const Args& args) {
  int width = 0, height = 0;
  if (!parseSize(args.size, width, height)) {
    std::cerr << "--size: expected WxH with 1..8192 each, got '" << args.size << "'\n";
    return kExitUsage;
  }
  if (args.frames > 1 && args.every <= 0.0) {
    std::cerr << "--frames N needs --every S > 0\n";
    return kExitUsage;
  }
  auto preset = loadPresetReporting(args.preset, args.allowAnyPath);
  if (!preset) return kExitErrors;
  applyOverrides(*preset, args.seed, args.fps);
  World world(*preset);
  if (std::string err = applyRenderCommands(args.commands, world); !err.empty()) {
    std::cerr << err << "\n";
    return kExitUsage;
  }

  std::string error;
  auto context = render::HeadlessContext::create(error);
  if (!context) {
    std::cerr << error << "\n";
    return kExitUsage;
  }
  render::Renderer renderer;
  if (!renderer.init({.debugOutput = args.debugGl}, error)) {
    std::cerr << error << "\n";
    return kExitUsage;
  }
  render::OffscreenTarget target(width, height);
  View view = presetView(preset->scene, vec2(float(width), float(height)));
  world.setView(view);

  DrawList draw;
  DebugDraw debug;
  for (int i = 0; i < args.frames; ++i) {
    world.advanceTo(args.time + double(i) * args.every);
    draw.clear();
    debug.clear();
    world.collect(draw, debug);
    if (args.grid) debug.grid(10.0f, 1.0f, vec4(0.5f, 0.5f, 0.5f, 0.35f));
    target.bind();
    renderer.beginFrame(width, height, preset->scene.background);
    renderer.draw(draw, view);
    renderer.drawDebug(debug, view);
    std::vector<uint8_t> pixels = target.readPixels();
    printWarnings(renderer);
    std::filesystem::path out =
        args.frames > 1 ? numberedPath(args.output, i) : std::filesystem::path(args.output);
    if (!render::writePng(out, width, height, pixels, error)) {
      std::cerr << error << "\n";
      return kExitUsage;
    }
  }
  return kExitOk;
}

}  // namespace

void registerRender(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<Args>();
  auto* cmd =
      app.add_subcommand("render", "Render a preset headless to PNG (EGL, no display needed)");
  cmd->add_option("preset", args->preset, "Preset JSON")->required();
  cmd->add_option("-o,--output", args->output, "Output PNG (numbered _0000 with --frames)")
      ->required();
  cmd->add_option("--time", args->time, "Seconds to simulate before the (first) frame")
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
  cmd->add_flag("--allow-any-path", args->allowAnyPath,
                "Let definitions and textures come from anywhere");
  cmd->add_flag("--debug-gl", args->debugGl, "Print KHR_debug messages from the driver");
  cmd->add_option(
      "--exec", args->commands.exec,
      "Console commands, ';'-separated: render_model_markers, debug_point_physics, debug_sprites, "
      "weather, render_psystems (each 0|1)");
  cmd->callback([args, &exitCode] { exitCode = run(*args); });
}

}  // namespace fx::cli
