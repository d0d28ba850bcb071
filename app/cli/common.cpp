#include "app/cli/common.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <system_error>

#include "engine/core/file_write.h"
#include "engine/core/paths.h"
#include "engine/core/startup_phases.h"
#include "engine/session/bundle.h"
#include "engine/session/file_kinds.h"
#include "engine/session/tag_scene.h"

namespace fx::cli {

void endProcessNow(int code) {
  if (std::string e = startup::finish(); !e.empty()) std::cerr << e << "\n";
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(code);
}

void printDiagnostics(const Diagnostics& diags) {
  std::cerr << diags.formatAll();
}

std::unique_ptr<Preset> loadPresetReporting(const std::filesystem::path& path, bool allowAnyPath,
                                            const std::filesystem::path& tagsDir,
                                            const std::filesystem::path& model,
                                            const std::string& animation, const LevelArgs& level) {
  Diagnostics diags;
  auto preset = loadPresetOrTag(path, model, diags,
                                {.allowAnyPath = allowAnyPath,
                                 .tagsDir = tagsDir,
                                 .tagAnimation = animation,
                                 .levelWeather = level.weather,
                                 .levelCluster = level.cluster});
  printDiagnostics(diags);
  if (!preset || diags.hasErrors()) return nullptr;
  return preset;
}

std::optional<double> applyBundleDefaults(const std::filesystem::path& path, Preset& preset) {
  Diagnostics diags;
  std::filesystem::path dir = isBundleZip(path) ? unpackedBundle(path, diags) : path;
  if (dir.empty() || !opensAs(dir, FileOpening::Bundle)) {
    printDiagnostics(diags);
    return std::nullopt;
  }
  auto moment = readBundleMoment(dir, diags);
  printDiagnostics(diags);
  if (!moment) return std::nullopt;
  applyBundleMoment(preset, *moment);
  return moment->time;
}

namespace fs = std::filesystem;

bool refuseOutputOverInput(std::string_view command, const std::vector<fs::path>& outputs,
                           const std::vector<fs::path>& inputs) {
  for (const fs::path& out : outputs) {
    if (out.empty()) continue;
    for (const fs::path& in : inputs) {
      if (in.empty() || !sameFile(out, in)) continue;
      std::cerr << "fxview " << command << ": refusing to write " << toUtf8(out)
                << " over its own input " << toUtf8(in) << " (choose another output)\n";
      return true;
    }
  }
  return false;
}

bool refuseReadOnlyOutputs(std::string_view command, const std::vector<fs::path>& outputs,
                           bool force) {
  for (const fs::path& out : outputs) {
    if (out.empty() || !readOnlyMode(out) || force) continue;
    std::cerr << "fxview " << command << ": " << readOnlyRefusal(out) << "\n";
    return true;
  }
  // Only once every output passed: --force changes nothing when something is refused.
  for (const fs::path& out : outputs) {
    if (out.empty()) continue;
    if (std::string err = makeWritable(out); !err.empty()) {
      std::cerr << "fxview " << command << ": " << err << "\n";
      return true;
    }
  }
  return false;
}

bool refuseOutputs(std::string_view command, const std::vector<OutputFile>& outputs, bool force) {
  std::vector<fs::path> paths;
  for (const OutputFile& out : outputs) {
    if (std::string err = outputKindRefusal(out.path, out.kind); !err.empty()) {
      std::cerr << "fxview " << command << ": " << err << " (choose another output)\n";
      return true;
    }
    paths.push_back(out.path);
  }
  return refuseReadOnlyOutputs(command, paths, force);
}

void addForceOption(CLI::App* cmd, bool& force) {
  cmd->add_flag("--force", force,
                "Make a read-only output (mode bits without write permission) writable and write "
                "it");
}

void addTagsOption(CLI::App* cmd, std::string& tagsDir) {
  cmd->add_option("--tags", tagsDir,
                  "Tags root for Halo tag references when the preset has no \"tags_dir\" "
                  "(default: the nearest parent folder named tags)")
      ->check(CLI::ExistingDirectory);
}

void addLevelOptions(CLI::App* cmd, LevelArgs& level) {
  auto* weather = cmd->add_option(
      "--weather", level.weather,
      "With a .scenario_structure_bsp: the weather palette entry to show (default: the first)");
  cmd->add_option("--cluster", level.cluster,
                  "With a .scenario_structure_bsp: show the weather this cluster has, as the "
                  "player's cluster does in game")
      ->check(CLI::Range(0, 65535))
      ->excludes(weather);
}

void applyOverrides(Preset& preset, std::optional<int64_t> seed, std::optional<double> fps) {
  if (seed) preset.scene.seed = int32_t(uint32_t(*seed));
  if (fps && preset.scene.simulation.mode == SimulationMode::Frame)
    preset.scene.simulation.rate = float(*fps);
}

}  // namespace fx::cli
