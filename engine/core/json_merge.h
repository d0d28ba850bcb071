// Three-way merge of JSON values, and the record `fxview import` leaves in its output so that
// `fxview export` can tell the user's changes from changes made to the game asset since.
//
// The record, under the output's top-level "imported_from" key:
//   {"path": "fx/swamp.weather_particle_system",  (Halo definitions: the tag, relative to the
//   JSON's
//                                                  folder; a Stride preset's asset is its
//                                                  "stride_asset")
//    "fnv1a64": "cbf29ce484222325",               (64-bit FNV-1a of the asset's bytes, 16 hex
//    digits) "base": "{...}"}                             (what the import printed: a Halo
//    definition, or
//                                                  the list of a Stride preset's effect
//                                                  definitions, as compact JSON text)
// The base is one string, not a nested object: the file keeps one line for it whatever its size,
// and an edit aimed at a value (`"key": value`, sed or an editor's replace) cannot reach it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/diagnostics.h"
#include "engine/core/json.h"

namespace fx {

inline constexpr const char* kImportedFromKey = "imported_from";

// 64-bit FNV-1a of `bytes` (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
uint64_t fnv1a64(std::string_view bytes);
// fnv1a64 of a file's bytes; nullopt when it cannot be read.
std::optional<uint64_t> fnv1a64File(const std::filesystem::path& path);
std::string hashHex(uint64_t hash);  // 16 lowercase hex digits

struct ImportRecord {
  std::string path;   // "" when the record names none
  uint64_t hash = 0;  // of the asset's bytes when imported
  Json base;          // the imported values
};

// The record of an asset whose bytes hashed to `hash` (fnv1a64) and whose import printed `base`.
Json makeImportRecord(uint64_t hash, const Json& base, const std::string& path = {});
// The record `doc` holds; nullopt when it holds none. A record that cannot be read (a hand edit)
// is an error in `diags` naming `file` and its pointer, and nullopt.
std::optional<ImportRecord> readImportRecord(const Json& doc, const std::string& file,
                                             Diagnostics& diags);

// One value both sides changed, to different values: "" (a missing key) is a null Json.
struct MergeConflict {
  std::string pointer;  // JSON Pointer, prefixed with the `pointer` given to mergeThreeWay
  Json base, mine, theirs;
};

struct MergeResult {
  Json merged;
  std::vector<MergeConflict> conflicts;  // changed on both sides to different values
  std::vector<MergeConflict> theirs;     // changed by `theirs` alone: their value taken
};

// `mine` and `theirs` both descend from `base`: the result holds each side's changes. Objects
// merge key by key (a key one side removed and the other left alone is removed), arrays of equal
// length whose items are not all numbers item by item; anything else (numbers, strings, vectors,
// bounds, lists that changed length) is one value: taken from the side that changed it, kept when
// both made the same change, else a conflict (the result holds `theirs` there). Pointers are
// prefixed with `pointer`.
MergeResult mergeThreeWay(const Json& base, const Json& mine, const Json& theirs,
                          const std::string& pointer = {});

// "12.5", "\"wrap\"", "[1, 2]", "(none)": a value for a conflict message.
std::string conflictValueText(const Json& v);

// The messages of a merge of `mine` (from `mineFile`) with `asset` as errors (conflicts) and
// warnings (the asset's own changes, kept; at most 20 named) of `mineFile`; `where` adds to a
// pointer's message where the asset holds it (" (SpawnCount, x.sdprefab:19)") or "".
void reportMerge(const MergeResult& r, const std::string& mineFile, const std::string& asset,
                 const std::function<std::string(const std::string& pointer)>& where,
                 Diagnostics& diags);

}  // namespace fx
