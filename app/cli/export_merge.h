// What `fxview export` writes into an asset that changed since `fxview import` printed the JSON
// being exported: the JSON's "imported_from" record (engine/core/json_merge.h) holds the asset's
// hash and the values imported, so the user's changes (the JSON against those values) are told
// apart from the asset's (the asset now against them), and only the user's are written. The Halo
// tag side is here; the Stride side is stride_import::mergeAssetChanges.
#pragma once

#include <optional>
#include <string>

#include "engine/core/diagnostics.h"
#include "engine/core/json.h"
#include "engine/effects/effect.h"
#include "engine/formats/halo/tag_file.h"

namespace fx::cli {

// `over` laid onto `base`: objects key by key; an array of objects (a tag block) entry by entry
// by index, base entries past the end of `over` kept; anything else (numbers, strings, bounds,
// vectors, flag lists) replaced. How a definition JSON changes an existing tag.
void overlayJson(Json& base, const Json& over);

// Export of `json` (from the file `input`) into the existing tag `tag` read from `output`, of
// `family`'s class or (family null) the struct class `cls`. When the JSON records `output` as the
// tag it was imported from and the tag's bytes changed since: the full definition to write, the
// tag's current fields with only the JSON's changes laid over them (`replace`: the JSON read
// alone, absent fields at their defaults, against the recorded values). Nullopt when the tag is
// as imported or the JSON records another tag or none (a note is printed: export writes the
// JSON's fields as before), and nullopt with errors in `diags` when a value changed on both sides
// to different values or the record cannot be read.
std::optional<Json> mergeTagChanges(const Json& json, const std::string& input,
                                    const std::string& output, halo::TagFile& tag,
                                    const EffectFamily* family, halo::TagClass cls, bool replace,
                                    Diagnostics& diags);

// Says on stderr that `input` holds no import record, so that changes made to `asset` since the
// import cannot be told from the user's and are written over. Nothing when it holds one.
void noteMissingImportRecord(const Json& json, const std::string& input, const std::string& asset);

}  // namespace fx::cli
