// fxview check PRESET...: validate and lint; exit 0 clean (warnings allowed), 1 errors, 2 usage.
#include <iostream>

#include "app/cli/common.h"

namespace fx::cli {

void registerCheck(CLI::App& app, int& exitCode) {
  struct Args {
    std::vector<std::string> presets;
    bool allowAnyPath = false;
    bool quiet = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("check", "Validate and lint presets; exit 1 on errors");
  cmd->add_option("presets", args->presets, "Preset JSON files (or Stride .sdscene / .sdprefab assets)")->required();
  cmd->add_flag("--allow-any-path", args->allowAnyPath, "Let definitions and textures come from anywhere");
  cmd->add_flag("-q,--quiet", args->quiet, "Print only errors and warnings, no summary");
  cmd->callback([args, &exitCode] {
    size_t errors = 0, warnings = 0;
    for (const auto& path : args->presets) {
      Diagnostics diags;
      // A missing, corrupt or oversized texture fails the check (the viewer only warns).
      auto preset = loadPreset(
          path, diags, {.allowAnyPath = args->allowAnyPath, .textureProblemsAreErrors = true});
      if (preset) lintPreset(*preset, diags);
      printDiagnostics(diags);
      errors += diags.errorCount();
      warnings += diags.warningCount();
    }
    if (!args->quiet)
      std::cerr << args->presets.size() << " file(s) checked: " << errors << " error(s), " << warnings
                << " warning(s)\n";
    exitCode = errors ? kExitErrors : kExitOk;
  });
}

int runCheckCommand(const std::vector<std::string>& args) {
  CLI::App app{"fxview"};
  int exitCode = kExitOk;
  registerCheck(app, exitCode);
  std::vector<std::string> owned;
  owned.reserve(args.size() + 2);
  owned.push_back("fxview");
  owned.push_back("check");
  owned.insert(owned.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : owned) argv.push_back(a.data());
  try {
    app.parse(int(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitUsage;
  }
  return exitCode;
}

}  // namespace fx::cli
