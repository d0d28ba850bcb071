// fxview import X.sdscene|X.sdprefab [-o OUT.json]: the Stride importer (engine/import/stride)
// makes a preset, which is loaded back through the normal preset loader before it is printed or
// written, so what lands on disk validates and runs. Texture paths are rebased onto the output's
// folder.
#include <filesystem>
#include <iostream>

#include "app/cli/common.h"
#include "app/cli/import.h"
#include "engine/core/json_merge.h"
#include "engine/core/paths.h"
#include "engine/formats/stride/stride_yaml.h"
#include "engine/import/stride/stride_import.h"

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
      if (t.empty() || startsWithFolder(t, "assets") || toPath(t).is_absolute()) continue;
      fs::path abs = fs::weakly_canonical(from / toPath(t));
      em["material"]["texture"] = toGenericUtf8(abs.lexically_relative(fs::weakly_canonical(to)));
    }
  }
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s.empty() ? "-" : s;
}

}  // namespace

bool importStride(const ImportArgs& args, Json& out, Diagnostics& diags) {
  fs::path in = toPath(args.input);
  auto text = stride_yaml::readFile(args.input, args.input, diags);
  if (!text) return false;
  // What export needs to tell the user's later changes from the asset's: the asset's hash and
  // the definitions as imported (texture paths relative to the asset, as a fresh import has them).
  const uint64_t hash = fnv1a64(*text);
  auto result = stride_import::importText(std::move(*text), in, args.input, diags);
  if (!result) return false;
  Json base = Json::array();
  for (const auto& e : result->preset["effects"]) base.push_back(e["definition"]);
  // Printed, the preset reads as if saved beside the asset (x.sdprefab.json).
  fs::path target = args.output.empty() ? stride_import::presetPathFor(in) : toPath(args.output);
  fs::path inDir = in.parent_path().empty() ? fs::path(".") : in.parent_path();
  fs::path outDir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  rebaseTextures(result->preset, inDir, outDir);
  // The asset it names (export writes back into it), relative to where the preset lands.
  std::error_code ec;
  fs::path assetRel = fs::weakly_canonical(fs::absolute(in, ec), ec)
                          .lexically_relative(fs::weakly_canonical(fs::absolute(outDir, ec), ec));
  if (!ec && !assetRel.empty())
    result->preset[stride_import::kSourceAssetKey] = toGenericUtf8(assetRel);
  result->preset[kImportedFromKey] = makeImportRecord(hash, base);

  // Load it back as fxview will: the family's declarations validate every value.
  PresetLoadOptions opts{.allowAnyPath = args.allowAnyPath, .extraRoot = result->textureRoot};
  const size_t before = diags.items.size();
  auto preset = loadPresetFromJson(result->preset, target, diags, opts);
  // Printed to stdout, x.sdprefab.json is no file: its problems name the asset.
  if (args.output.empty())
    stride_import::nameAssetInDiagnostics(diags, before, toUtf8(target), args.input,
                                          result->sources);
  if (!preset || diags.hasErrors()) return false;

  for (const auto& e : result->effects)
    std::cerr << "effect " << e.id << " (entity \"" << e.entity << "\"): emitters "
              << joined(e.emitters) << "; imported " << joined(e.imported)
              << "; kept, not simulated " << joined(e.kept) << "\n";
  out = std::move(result->preset);
  return true;
}

}  // namespace fx::cli
