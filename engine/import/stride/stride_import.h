// Stride scene / prefab importer (reference stride_yaml.md): a `.sdscene` or `.sdprefab` asset
// (YAML, read by stride_yaml.h) becomes an fxview preset document. Every entity with a
// `!ParticleSystemComponent` becomes one `stride_particles` effect on a scene object at the
// entity's world transform (parents composed through TransformComponent children, Stride's Y-up
// mapped to fxview's Z-up by the family's strideToWorld); its emitters and modules are written
// as the family's definition JSON, so the normal preset loader validates them through the
// family's field declarations, and keys the editor left out take the family defaults, which are
// Stride's C# defaults. Modules fxview does not simulate go into the definition's
// `not_simulated` list verbatim and are reported once each as `file:line: Tag: not simulated,
// kept`. A scene camera becomes the preset camera. Materials resolve their texture through the
// referenced `.sdtex` asset to its source image.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/diagnostics.h"
#include "engine/core/json.h"
#include "engine/import/stride/stride_source_map.h"

namespace fx::stride_import {

// What one particle system became (for `fxview import` and tests).
struct EffectSummary {
  std::string id;
  std::string entity;
  std::vector<std::string> emitters;
  std::vector<std::string> imported;  // module / builder tags that were mapped, in file order
  std::vector<std::string> kept;      // tags kept but not simulated
};

struct ImportResult {
  Json preset;                        // the preset document
  std::filesystem::path textureRoot;  // folder the resolved textures may come from (packageRoot)
  std::vector<EffectSummary> effects;
  SourceMap sources;  // where each imported value sits in the asset's text (export writes back)
};

inline constexpr size_t kMaxEntities = 100000;
inline constexpr size_t kMaxParticleSystems = 256;  // the preset loader's effect limit

bool isStrideAsset(const std::filesystem::path& path);  // .sdscene / .sdprefab (and .xk*)
// Where an imported asset's preset is saved: beside it, never over it (x.sdprefab.json).
std::filesystem::path presetPathFor(const std::filesystem::path& asset);
// The preset key naming the asset an imported preset came from (relative to the preset's folder).
inline constexpr const char* kSourceAssetKey = "stride_asset";

// The Stride package an asset belongs to: the folder above the `Assets` folder holding it (or
// the nearest folder above it with a .sdpkg file), at most 5 levels up; else the asset's own
// folder. Its textures (Resources/) may come from there.
std::filesystem::path packageRoot(const std::filesystem::path& asset);
// For a preset saved beside an asset (x.sdprefab.json next to x.sdprefab): that package's root,
// else "".
std::filesystem::path packageRootOfSavedImport(const std::filesystem::path& preset);

// `file` names the asset in messages. Null when the file cannot be used at all (unreadable,
// not YAML, not a scene or prefab); otherwise problems are in `diags`.
std::optional<ImportResult> importFile(const std::filesystem::path& path, const std::string& file,
                                       Diagnostics& diags);
// The same from text; `path` locates texture assets (its folder and those above it).
std::optional<ImportResult> importText(std::string text, const std::filesystem::path& path,
                                       const std::string& file, Diagnostics& diags);

// Problems found in the importer's preset (diags.items from `from` on) that name its virtual
// path `virtualFile` (no such file exists) name the asset instead, at the line of the value when
// the source map knows the pointer (the pointer then leads the message).
void nameAssetInDiagnostics(Diagnostics& diags, size_t from, const std::string& virtualFile,
                            const std::string& asset, const SourceMap& sources);

}  // namespace fx::stride_import
