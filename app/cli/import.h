// `fxview import FILE [-o OUT.json]`: a game asset as fxview JSON. import.cpp dispatches on the
// file's kind (engine/session/file_kinds.h); each format's reader lives in the engine and its
// handler here (import_stride.cpp: Stride scenes and prefabs; Halo tags in import.cpp).
#pragma once

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

}  // namespace fx::cli
