// Writing a preset imported from a Stride scene or prefab back into the asset (`fxview export
// PRESET.json -o OUT.sdprefab`, Save on an opened asset). The asset is imported again with its
// source map (stride_source_map.h); the preset's Stride effects and the fresh import are both
// read through the family's field declarations (so the preset is validated as when loading it),
// and only what differs is written:
// - a changed value changes only the text of that value on its line, spelled as Stride spells it
//   (shortest round-trip floats with ".0" for whole numbers, E exponents, `{X: .., Y: ..}`);
//   a value whose key the asset left out is added as a `Key: value` line at the end of its
//   mapping; a module's rotation (Euler degrees in fxview) is written as the quaternion the
//   family turns the angles into, all four components, and reads back as the same rotation;
// - a removed, added or moved module, emitter or curve key rewrites only its collection's lines:
//   kept blocks keep their bytes and ids, a new module is written as Stride writes one (a fresh
//   32-hex id key, its `!Tag`, its keys in Stride's order), a new curve key as
//   `<id>: {Key, Value, TangentType: Linear}`, a new emitter as a copy of the asset's emitter it
//   is most like with every item id fresh (Stride's fresh emitter when the system has none), its
//   values then written into it like every edit; an emitter whose name fxview made up gets the
//   `EmitterName` it needs to read back under that name;
// so an unedited preset gives the asset's bytes exactly. Comments, ids, key order and line ends
// (LF or CRLF) stay. A value Stride cannot hold (not finite, out of its integer range) or that
// fxview cannot spell in the asset (a derived value such as the material tint, a curve where
// the asset's sampler is null, an effect added or removed) is an
// error naming the preset and its JSON pointer and the asset; a broken asset is an error naming
// the asset's line. The text written must import again to the preset's values, else it is an
// error too. Nothing is returned when there is an error.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "engine/core/diagnostics.h"
#include "engine/core/json.h"

namespace fx::stride_import {

// The asset's text with `preset`'s values. `assetFile` / `presetFile` name them in messages.
std::optional<std::string> writeBack(const std::string& assetText,
                                     const std::filesystem::path& assetPath,
                                     const std::string& assetFile, const Json& preset,
                                     const std::string& presetFile, Diagnostics& diags);

// The asset an imported preset names (its "stride_asset" key, relative to the preset's folder);
// "" when it names none.
std::filesystem::path sourceAssetOf(const Json& preset, const std::filesystem::path& presetPath);

// A preset whose "imported_from" record (engine/core/json_merge.h) says the asset changed since
// the import: its effect definitions become the asset's current values with only the user's
// changes (the preset against the recorded base) laid over them, so that writing it back keeps
// the asset's own changes. False, with an error naming each value both sides changed to
// different values (its pointer, the Stride key and line, the three values), when they conflict.
// Leaves the preset as it is when it records no base or the asset is as imported.
bool mergeAssetChanges(const std::string& assetText, const std::filesystem::path& assetPath,
                       const std::string& assetFile, Json& preset, const std::string& presetFile,
                       Diagnostics& diags);

// Reads the asset, merges the changes made to it since the import (mergeAssetChanges), writes
// the preset back into its text and saves it at `out` through a
// temporary file renamed over it (never half-written). "" on success, else the reason (also in
// `diags`). `out` may be the asset itself.
std::string exportToAsset(const Json& preset, const std::string& presetFile,
                          const std::filesystem::path& asset, const std::filesystem::path& out,
                          Diagnostics& diags);

// Stride's spelling of a float (C#'s round-trip text: "0.5", "10.0", "3.090862E-08").
std::string strideFloat(float v);

}  // namespace fx::stride_import
