// A preset written so that its folder opens anywhere: File > Save As and bug-report bundles.
//
// The preset as edited goes to `presetOut` and every file the scene reads is copied into that
// folder, each reference rewritten to the relative path of its copy:
//   - definition files stay files: at their old path relative to the preset when that path stays
//     inside the folder ("defs/weather_rain.json"), else under "defs/"; the files they reference
//     in turn (wind, point_physics, an emitter file, a system file and what it references) too;
//   - textures inside the preset's folder keep their relative path, others go under "textures/";
//     a texture's side-cars (x.png.sprites.json, x.png.lightning.json) go beside its copy;
//   - textures from fxview's shipped assets/ are named "assets/..." (found in any installation),
//     or copied under "assets/" with copyShippedAssets (a bundle opens without fxview's data);
//   - Halo tags (a tag definition with the edited fields written into its copy, the tags it
//     references, the objects' "model" and "animation" tags and theirs, the level BSP a scene was
//     built around and the tags it references) go under "tags/<tag path>", and the preset's
//     "tags_dir" becomes "tags";
//   - with copySourceAsset, the Stride asset an imported preset names goes under "stride/" (else
//     it is named where it lies, relative to the copy, so that export still writes back to it).
// Nothing outside presetOut's folder is written, and no existing file is overwritten but
// presetOut itself: a name already holding other bytes (an original file when saving into the
// preset's own folder) makes the copy take a free name ("weather_rain-2.json"). The in-memory
// preset is left as it was (the running session keeps its paths).
#pragma once

#include <filesystem>
#include <string>

#include "engine/session/world.h"

namespace fx {

struct SelfContainedOptions {
  // true for bundles: also copy textures that resolve into fxview's shipped assets/
  bool copyShippedAssets = false;
  // true for bundles: the Stride asset an imported preset names is copied too
  bool copySourceAsset = false;
};

// Writes `preset` as edited (presetToJson + each definition's current fields) to `presetOut`, and
// copies every file the scene reads (definition files, wind/physics files, emitter programs, Halo
// tags and the tags they reference, models, textures) into presetOut's folder with RELATIVE
// references, so the folder opens anywhere. Never writes any original file, never writes outside
// presetOut's folder. Definitions that were files stay files beside the new preset (keep the
// original relative path when it stays inside the folder, e.g. "defs/weather_snow.json";
// otherwise put them under "defs/"); a Halo tag definition is copied with the edited fields
// written into the copy under "tags/<its tag path>" with the preset's "tags_dir" set to "tags",
// together with every tag it references. Name collisions get unique names. Returns "" or an error
// message; on error nothing half-written is left as the preset (the preset is written last,
// atomically, and the copies made before the error are removed).
// `openedCopy` (optional) receives the path of the copy of the file the scene was built around (a
// tag, a level BSP, a copied Stride asset) relative to presetOut's folder, or "" when none.
std::string writeSelfContained(Preset& preset, const std::filesystem::path& presetOut,
                               const SelfContainedOptions& opts = {},
                               std::filesystem::path* openedCopy = nullptr);

}  // namespace fx
