// fxview simulate PRESET --time S [--fps N] [--seed N] [-o OUT.json]: the particle state dump.
// PRESET may be a .glow (with --model X.gbxmodel) or .weather_particle_system tag: the scene
// engine/session/tag_scene.h makes for it; or a bug-report bundle folder: its preset from its
// moment (seed, simulation, camera; --time defaults to its time). -o never names a file the
// preset reads (exit 2).
#include <fstream>
#include <iostream>

#include "app/cli/common.h"
#include "engine/core/file_write.h"
#include "engine/core/paths.h"
#include "engine/core/text.h"
#include "engine/session/bundle.h"
#include "engine/session/file_kinds.h"
#include "engine/session/tag_scene.h"

namespace fx::cli {

void registerSimulate(CLI::App& app, int& exitCode) {
  struct Args {
    std::string preset, output, model, tagsDir;
    std::string animation;  // --animation X.model_animations[:NAME]
    LevelArgs level;
    std::optional<double> time;  // required but for a bundle folder
    std::optional<double> fps;
    std::optional<int64_t> seed;
    bool allowAnyPath = false;
    bool unlimitedBudget = false;
    bool force = false;  // --force: a read-only output made writable
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("simulate", "Simulate a preset and dump particle state as JSON");
  cmd->add_option("preset", args->preset,
                  "Preset JSON, a bug-report bundle (folder or .zip), a Halo .glow / "
                  ".weather_particle_system tag, or a Stride .sdscene / .sdprefab")
      ->required();
  cmd->add_option("--model", args->model,
                  "With a .glow tag: the .gbxmodel whose markers it follows");
  cmd->add_option("--animation", args->animation,
                  "With --model: X.model_animations[:NAME] played on the model");
  cmd->add_option("--time", args->time, "Seconds to simulate (default for a bundle: its time)")
      ->check(CLI::Range(0.0, 86400.0));
  cmd->add_option("--fps", args->fps, "Frame rate (sets the rate of frame-mode simulation)")
      ->check(CLI::Range(1.0, 1000.0));
  cmd->add_option("--seed", args->seed, "Override the preset seed")
      ->check(CLI::Range(int64_t(0), int64_t(4294967295LL)));
  cmd->add_option("-o,--output", args->output, "Write the dump here instead of stdout");
  addForceOption(cmd, args->force);
  addTagsOption(cmd, args->tagsDir);
  addLevelOptions(cmd, args->level);
  cmd->add_flag("--allow-any-path", args->allowAnyPath,
                "Let definitions and textures come from anywhere");
  cmd->add_flag(
      "--unlimited-budget", args->unlimitedBudget,
      "Lift the games' particle limits (stress runs; fxview's hard cap of 2^20 per effect stays)");
  cmd->callback([args, &exitCode] {
    const std::filesystem::path input = toPath(args->preset), model = toPath(args->model);
    if (!args->time && !opensAs(input, FileOpening::Bundle) && !isBundleZip(input)) {
      std::cerr << "--time is required (a bug-report bundle gives its own)\n";
      exitCode = kExitUsage;
      return;
    }
    if (refuseOutputOverInput("simulate", {toPath(args->output)},
                              {input, model, splitAnimationArgument(args->animation).first})) {
      exitCode = kExitUsage;
      return;
    }
    auto preset = loadPresetReporting(input, args->allowAnyPath, toPath(args->tagsDir), model,
                                      args->animation, args->level);
    if (!preset) {
      exitCode = kExitErrors;
      return;
    }
    if (refuseOutputOverInput("simulate", {toPath(args->output)}, presetInputs(*preset)) ||
        refuseOutputs("simulate", {{toPath(args->output), WrittenKind::Json}}, args->force)) {
      exitCode = kExitUsage;
      return;
    }
    std::optional<double> bundleTime = applyBundleDefaults(input, *preset);
    applyOverrides(*preset, args->seed, args->fps);
    World world(*preset);
    world.flags.unlimitedBudget = args->unlimitedBudget;
    world.advanceTo(args->time.value_or(bundleTime.value_or(0.0)));
    Json out;
    world.dump(out);
    if (args->fps) out["fps"] = *args->fps;
    std::string text = dumpJson(out, 1) + "\n";
    if (args->output.empty()) {
      std::cout << text;
    } else {
      std::string err = writeFileAtomic(toPath(args->output), text, {.force = args->force});
      if (!err.empty()) {
        std::cerr << "fxview simulate: " << err << "\n";
        exitCode = kExitUsage;
        return;
      }
    }
    exitCode = kExitOk;
  });
}

}  // namespace fx::cli
