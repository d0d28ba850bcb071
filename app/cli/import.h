// `fxview import FILE [-o OUT.json]`: a game asset as fxview JSON. import.cpp dispatches on the
// file's kind (engine/session/file_kinds.h); each format's reader lives in the engine and its
// handler here (import_stride.cpp: Stride scenes and prefabs; Halo tags in import.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "app/cli/import_halo_assets.h"
#include "engine/core/diagnostics.h"
#include "engine/core/json.h"

namespace fx::cli {

struct ImportArgs {
  std::string input;
  std::string output;  // "" = stdout
  bool allowAnyPath = false;
  std::string tagsDir;   // --tags: the tags root for tag references
  BitmapPngRequest png;  // bitmaps: --png OUT.png [--sequence S --sprite K]
  bool force = false;    // --force: read-only outputs made writable
};

// Reads the input; on success fills `out` with the JSON to print or write. Diagnostics are printed
// by the caller; any error makes the exit code 1.
using ImportFn = bool (*)(const ImportArgs& args, Json& out, Diagnostics& diags);

// Stride .sdscene / .sdprefab: a preset whose texture paths are relative to the output's folder
// (the asset's folder when printed), loaded back through the preset loader before it is printed.
bool importStride(const ImportArgs& args, Json& out, Diagnostics& diags);

// A .scenario_structure_bsp: a preset with one halo_weather effect per weather palette entry
// (engine/import/halo/level_weather.h), its "tags_dir" the tags root (--tags, else the nearest
// parent folder named tags) relative to the output's folder (the BSP's when printed), loaded back
// through the preset loader before it is printed.
bool importLevel(const ImportArgs& args, Json& out, Diagnostics& diags);

// After `export` wrote `asset`, the JSON it exported (`jsonPath`), when it holds an import record
// ("imported_from", engine/core/json_merge.h) of the bytes the asset held before the export
// (`assetBefore`, fnv1a64), takes the record `fxview import ASSET -o JSON` would write now: the
// next export tells the user's later changes from the asset's again (without it, a value exported
// once and changed again would read as changed on both sides). Only the record's text changes.
// When the asset had changed since the record (the export merged, keeping the asset's changes,
// which the JSON does not hold) the record stays: a fresh one would make those values read as
// the user's and a later export put the JSON's old values back. Returns "" or a note.
std::string refreshImportRecord(const std::string& jsonPath, const std::string& asset,
                                std::optional<uint64_t> assetBefore, const std::string& tagsDir);

}  // namespace fx::cli
