// fxview import X.sdscene|X.sdprefab [-o OUT.json]: the Stride importer (engine/formats/stride)
// writes a preset, which is loaded back through the normal preset loader before it is written,
// so what lands on disk validates and runs. Texture paths are rebased onto the output's folder.
#include <filesystem>
#include <iostream>

#include "app/cli/common.h"
#include "app/cli/import.h"
#include "engine/formats/stride/stride_import.h"

namespace fx::cli {

namespace fs = std::filesystem;

namespace {

// Material textures are relative to the asset's folder; make them relative to the output's.
void rebaseTextures(Json& preset, const fs::path& from, const fs::path& to) {
  if (fs::weakly_canonical(from) == fs::weakly_canonical(to)) return;
  for (auto& e : preset["effects"]) {
    if (!e.contains("definition") || !e["definition"].contains("emitters")) continue;
    for (auto& em : e["definition"]["emitters"]) {
      if (!em.contains("material")) continue;
      std::string t = em["material"].value("texture", "");
      if (t.empty() || t.rfind("assets/", 0) == 0 || fs::path(t).is_absolute()) continue;
      fs::path abs = fs::weakly_canonical(from / t);
      em["material"]["texture"] = abs.lexically_relative(fs::weakly_canonical(to)).string();
    }
  }
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s.empty() ? "-" : s;
}

}  // namespace

int importStride(const ImportArgs& args) {
  fs::path in(args.input);
  Diagnostics diags;
  auto result = stride_import::importFile(in, args.input, diags);
  if (!result) {
    printDiagnostics(diags);
    return kExitErrors;
  }
  fs::path out = args.output.empty() ? stride_import::presetPathFor(in) : fs::path(args.output);
  if (fs::exists(out) && fs::equivalent(out, in)) {
    std::cerr << args.input << ": refusing to write the preset over the Stride asset\n";
    return kExitUsage;
  }
  fs::path inDir = in.parent_path().empty() ? fs::path(".") : in.parent_path();
  fs::path outDir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  rebaseTextures(result->preset, inDir, outDir);

  // Load it back as fxview will: the family's declarations validate every value.
  PresetLoadOptions opts{.allowAnyPath = args.allowAnyPath, .extraRoot = result->textureRoot};
  auto preset = loadPresetFromJson(result->preset, out, diags, opts);
  printDiagnostics(diags);
  if (!preset || diags.hasErrors()) return kExitErrors;

  for (const auto& e : result->effects)
    std::cerr << "effect " << e.id << " (entity \"" << e.entity << "\"): emitters "
              << joined(e.emitters) << "; imported " << joined(e.imported)
              << "; kept, not simulated " << joined(e.kept) << "\n";
  std::string err = writeFileAtomic(out, result->preset.dump(2) + "\n");
  if (!err.empty()) {
    std::cerr << out.string() << ": " << err << "\n";
    return kExitUsage;
  }
  std::cerr << "wrote " << out.string() << " (" << result->effects.size() << " effect"
            << (result->effects.size() == 1 ? "" : "s") << ")\n";
  return kExitOk;
}

}  // namespace fx::cli
