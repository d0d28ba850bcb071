// fxview: one binary. No subcommand opens the GUI (the default gallery preset, or PRESET);
// subcommands render, simulate, check and print schemas headless.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/cli/common.h"
#include "app/gui/gui.h"
#include "engine/core/paths.h"
#include "engine/core/platform.h"
#include "engine/core/startup_phases.h"
#include "engine/core/text.h"

namespace {

// `fxview rendr ...`: a first argument that is no option, no subcommand, no file and has neither
// a folder nor an extension in it names a subcommand, mistyped. CLI11 would take it as the
// viewer's preset and then answer about the arguments after it. Returns whether it was reported.
bool reportUnknownCommand(const CLI::App& app, int argc, char** argv) {
  if (argc < 2) return false;
  const std::string word = argv[1];
  if (word.empty() || word[0] == '-' || word.find_first_of("./\\") != std::string::npos)
    return false;
  std::error_code ec;
  if (std::filesystem::exists(fx::toPath(word), ec)) return false;
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(sub->get_name());
  for (const std::string& n : names)
    if (n == word) return false;
  std::string nearest = fx::nearestName(word, names);
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  std::cerr << "fxview: unknown command " << word
            << (nearest.empty() ? " (commands: " + list + "; or a preset or asset file)"
                                : " (did you mean " + nearest + "?)")
            << "\n";
  return true;
}

// The arguments as UTF-8 on every platform (on Windows argv is in the ANSI code page): the text
// lives in `storage`, argv-style pointers to it are returned.
std::vector<char*> utf8Argv(int argc, char** argv, std::vector<std::string>& storage) {
  storage = fx::platform::utf8Arguments(argc, argv);
  std::vector<char*> pointers;
  for (std::string& a : storage) pointers.push_back(a.data());
  pointers.push_back(nullptr);
  return pointers;
}

// The viewer's --window WxH.
void addWindowOption(CLI::App& app, fx::gui::GuiArgs& guiArgs) {
  app.add_option_function<std::string>(
         "--window",
         [&guiArgs](const std::string& s) {
           std::sscanf(s.c_str(), "%d%*c%d", &guiArgs.windowWidth, &guiArgs.windowHeight);
           guiArgs.windowGiven = true;
         },
         "Initial window size WxH (default: the size at the last quit, else 1280x800)")
      ->check([](const std::string& s) -> std::string {
        int w = 0, h = 0;
        char x = 0, tail = 0;
        if (std::sscanf(s.c_str(), "%d%c%d%c", &w, &x, &h, &tail) != 3 || (x != 'x' && x != 'X') ||
            w < 320 || h < 240 || w > 16384 || h > 16384)
          return "expected WxH with 320x240 .. 16384x16384, got '" + s + "'";
        return {};
      });
}

}  // namespace

int main(int argc, char** argv) {
  fx::platform::prepareStandardStreams();
  std::vector<std::string> args;
  std::vector<char*> argPointers = utf8Argv(argc, argv, args);
  argv = argPointers.data();
  CLI::App app{
      "fxview: a viewer for game particle effects (Halo CE glows and weather, Destiny-style "
      "emitter "
      "programs, Stride-style updaters, shader lightning)"};
  // The usage lines say "fxview", not the path the executable was started by.
  app.name("fxview");
  app.set_version_flag("--version", std::string("fxview ") + FXVIEW_VERSION);
  // Options are --long and -s on every platform: CLI11 on Windows would also take "/x" as an
  // option, and a file name that starts with '/' (a root-relative path) with it.
  app.allow_windows_style_options(false);
  int exitCode = 0;
  fx::gui::GuiArgs guiArgs;
  app.add_option(
      "preset", guiArgs.preset,
      "Preset to open, a bug-report bundle (folder or .zip), a Halo .glow / "
      ".weather_particle_system / .scenario_structure_bsp "
      "tag, or a Stride .sdscene / .sdprefab (default: presets/gallery.json, else the installed "
      "gallery)");
  app.add_option("--model", guiArgs.model,
                 "With a .glow tag: the .gbxmodel whose markers it follows");
  app.add_option(
      "--animation", guiArgs.animation,
      "With --model: X.model_animations[:NAME] played on the model (default: its first animation)");
  auto* weather = app.add_option(
      "--weather", guiArgs.weather,
      "With a .scenario_structure_bsp: the weather palette entry to show (default: the first)");
  app.add_option("--cluster", guiArgs.cluster,
                 "With a .scenario_structure_bsp: show the weather this cluster has")
      ->check(CLI::Range(0, 65535))
      ->excludes(weather);
  app.add_option("--exec", guiArgs.exec,
                 "Console commands to run after loading, separated by ';'; the first that fails "
                 "stops the script, and the viewer quits with status 1");
  app.add_flag(
      "--keep-going", guiArgs.keepGoing,
      "With --exec: run the commands after a failing one too (the exit status is still 1)");
  app.add_flag("--allow-any-path", guiArgs.allowAnyPath,
               "Let definitions and textures come from anywhere");
  fx::cli::addTagsOption(&app, guiArgs.tagsDir);
  app.add_option("--frames", guiArgs.maxFrames, "Quit after this many frames (scripted sessions)");
  app.add_option_function<std::string>(
      "--startup-report", [](const std::string& path) { fx::startup::reportTo(fx::toPath(path)); },
      "Write where startup time went (JSON: phases up to the first frame) to FILE at exit");
  addWindowOption(app, guiArgs);

  fx::cli::registerRender(app, exitCode);
  fx::cli::registerSimulate(app, exitCode);
  fx::cli::registerCheck(app, exitCode);
  fx::cli::registerSchema(app, exitCode);
  fx::cli::registerTexgen(app, exitCode);
  fx::cli::registerAsm(app, exitCode);
  fx::cli::registerBench(app, exitCode);
  fx::cli::registerImport(app, exitCode);
  fx::cli::registerExport(app, exitCode);

  fx::startup::mark("cli_setup");
  if (reportUnknownCommand(app, argc, argv)) return fx::cli::kExitUsage;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : fx::cli::kExitUsage;
  }
  if (app.get_subcommands().empty()) {
    fx::platform::leaveOwnConsole();
    exitCode = fx::gui::runGui(guiArgs);
  }
  if (std::string e = fx::startup::finish(); !e.empty()) std::cerr << e << "\n";
  return exitCode;
}
