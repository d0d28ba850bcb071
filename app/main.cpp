// fxview: one binary. No subcommand opens the GUI (the default gallery preset, or PRESET);
// subcommands render, simulate, check and print schemas headless.
#include <iostream>

#include <CLI/CLI.hpp>

#include "app/cli/common.h"
#include "app/gui/gui.h"

int main(int argc, char** argv) {
  CLI::App app{"fxview: a viewer for game particle effects (Halo CE glows and weather, Destiny-style emitter "
               "programs, Stride-style updaters, shader lightning)"};
  app.set_version_flag("--version", std::string("fxview ") + FXVIEW_VERSION);
  int exitCode = 0;
  fx::gui::GuiArgs guiArgs;
  app.add_option("preset", guiArgs.preset, "Preset to open (default: presets/gallery.json)");
  app.add_option("--exec", guiArgs.exec, "Console commands to run after loading, separated by ';'");
  app.add_flag("--allow-any-path", guiArgs.allowAnyPath, "Let definitions and textures come from anywhere");
  app.add_option("--frames", guiArgs.maxFrames, "Quit after this many frames (scripted sessions)");

  fx::cli::registerRender(app, exitCode);
  fx::cli::registerSimulate(app, exitCode);
  fx::cli::registerCheck(app, exitCode);
  fx::cli::registerSchema(app, exitCode);
  fx::cli::registerTexgen(app, exitCode);
  fx::cli::registerAsm(app, exitCode);
  fx::cli::registerBench(app, exitCode);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : fx::cli::kExitUsage;
  }
  if (app.get_subcommands().empty()) return fx::gui::runGui(guiArgs);
  return exitCode;
}
