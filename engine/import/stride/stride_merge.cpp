// The three-way merge of an imported preset with its asset (stride_writeback.h,
// mergeAssetChanges): the record `fxview import` left (engine/core/json_merge.h) is the base, the
// preset holds the user's changes, a fresh import of the asset's text the asset's.
#include <algorithm>

#include "engine/core/json_merge.h"
#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_writeback.h"
#include "engine/import/stride/stride_writeback_internal.h"

namespace fx::stride_import {

namespace fs = std::filesystem;

namespace {

// The asset key and line that hold the value at `pointer` (or the value it is part of):
// " (SpawnCount, x.sdprefab:19)"; "" when the asset spells it nowhere.
std::string whereInAsset(const SourceMap& sources, const std::string& pointer,
                         const std::string& assetFile) {
  const SourceSlot* best = nullptr;
  for (const SourceSlot& s : sources.slots) {
    bool prefix = pointer.compare(0, s.pointer.size(), s.pointer) == 0 &&
                  (pointer.size() == s.pointer.size() || pointer[s.pointer.size()] == '/');
    if (prefix && (!best || s.pointer.size() > best->pointer.size())) best = &s;
  }
  if (!best) return {};
  const TextPos* at = nullptr;
  for (const TextPos& p : best->scalars)
    if (p.valid()) {
      at = &p;
      break;
    }
  if (!at && best->map.valid()) at = &best->map;
  std::string line = at ? ", " + assetFile + ":" + std::to_string(at->line + 1) : "";
  return " (" + best->yamlKey + line + ")";
}

// The definitions of `effects` (a preset's "effects", or the recorded base's list of
// definitions when `bare`), every field written; nullopt with errors when one is not valid.
std::optional<std::vector<Json>> fullDefinitions(const Json& effects, bool bare,
                                                 const std::string& file, Diagnostics& diags) {
  std::vector<Json> out;
  if (!effects.is_array()) return std::nullopt;
  for (size_t i = 0; i < effects.size(); ++i) {
    const Json& e = effects[i];
    const Json* def =
        bare ? &e : (e.is_object() && e.contains("definition") ? &e["definition"] : nullptr);
    if (!def) return std::nullopt;
    auto full =
        wb::fullDefinition(*def, file, "/effects/" + std::to_string(i) + "/definition", diags);
    if (!full) return std::nullopt;
    out.push_back(std::move(*full));
  }
  return out;
}

}  // namespace

bool mergeAssetChanges(const std::string& assetText, const fs::path& assetPath,
                       const std::string& assetFile, Json& preset, const std::string& presetFile,
                       Diagnostics& diags) {
  auto record = readImportRecord(preset, presetFile, diags);
  if (!record) return !diags.hasErrors();
  if (record->hash == fnv1a64(assetText)) return true;  // as imported: every change is the user's
  Diagnostics quiet;
  auto fresh = importText(assetText, assetPath, assetFile, quiet);
  if (!fresh || quiet.hasErrors()) return true;  // the write-back says what is wrong with it
  auto base = fullDefinitions(record->base, true, presetFile, quiet);
  auto theirs = fullDefinitions(fresh->preset["effects"], false, assetFile, quiet);
  if (!preset.contains("effects")) return true;  // the write-back says what is missing
  auto mine = fullDefinitions(preset["effects"], false, presetFile, diags);
  if (diags.hasErrors()) return false;
  if (!base || !theirs || !mine || base->size() != theirs->size() ||
      mine->size() != theirs->size()) {
    diags.error(presetFile, std::string("/") + kImportedFromKey,
                assetFile +
                    " changed since it was imported, and its particle systems cannot be "
                    "matched with the ones imported; nothing written (import it again)");
    return false;
  }
  MergeResult all;
  for (size_t i = 0; i < mine->size(); ++i) {
    std::string p = "/effects/" + std::to_string(i) + "/definition";
    MergeResult r = mergeThreeWay((*base)[i], (*mine)[i], (*theirs)[i], p);
    preset["effects"][i]["definition"] = std::move(r.merged);
    all.conflicts.insert(all.conflicts.end(), r.conflicts.begin(), r.conflicts.end());
    all.theirs.insert(all.theirs.end(), r.theirs.begin(), r.theirs.end());
  }
  reportMerge(
      all, presetFile, assetFile,
      [&](const std::string& p) { return whereInAsset(fresh->sources, p, assetFile); }, diags);
  return all.conflicts.empty();
}

}  // namespace fx::stride_import
