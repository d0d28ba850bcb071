// fxview import FILE [-o OUT.json]: dispatch on the extension (one row per format).
#include "app/cli/import.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/cli/common.h"

namespace fx::cli {

namespace {

struct ImportFormat {
  std::vector<std::string> extensions;  // lower case, with the dot
  const char* what;
  int (*run)(const ImportArgs&);
};

const std::vector<ImportFormat>& importFormats() {
  static const std::vector<ImportFormat> kFormats = {
      {{".sdscene", ".sdprefab", ".xkscene", ".xkprefab"},
       "Stride scene or prefab (every particle system becomes a stride_particles effect)",
       importStride},
  };
  return kFormats;
}

std::string formatList() {
  std::string s;
  for (const auto& f : importFormats())
    for (const auto& e : f.extensions) s += (s.empty() ? "" : ", ") + e;
  return s;
}

}  // namespace

void registerImport(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<ImportArgs>();
  std::string help =
      "Import another program's effect file as an fxview preset (" + formatList() + ")";
  auto* cmd = app.add_subcommand("import", help);
  cmd->add_option("file", args->input, "The file to import")->required();
  cmd->add_option("-o,--output", args->output,
                  "Preset JSON to write (default: beside the input with .json added, "
                  "x.sdprefab.json; never over the input)");
  cmd->add_flag("--allow-any-path", args->allowAnyPath,
                "Let textures come from anywhere when checking the result");
  cmd->callback([args, &exitCode] {
    std::string ext = std::filesystem::path(args->input).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    for (const auto& f : importFormats())
      if (std::find(f.extensions.begin(), f.extensions.end(), ext) != f.extensions.end()) {
        exitCode = f.run(*args);
        return;
      }
    std::cerr << args->input << ": cannot import \"" << ext << "\" files; expected one of "
              << formatList() << "\n";
    exitCode = kExitUsage;
  });
}

}  // namespace fx::cli
