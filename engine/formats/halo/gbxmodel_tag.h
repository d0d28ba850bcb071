// Reading a .gbxmodel tag into plain data (engine/formats/halo/gbxmodel.h) through the one tag
// reader (tag_file.h): nodes, regions -> permutations -> markers with their quaternions
// conjugated back to true rotations (reference halo_tag_format.md §8), and the geometries' parts
// (uncompressed vertices, else the compressed ones decoded; the triangle strip).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "engine/core/diagnostics.h"
#include "engine/formats/halo/gbxmodel.h"
#include "engine/formats/halo/tag_file.h"

namespace fx::halo {

// The plain data of a parsed gbxmodel tag (tag.cls must be gbxmodel).
GbxModel gbxModelFromTag(TagFile& tag);

// Loads and parses `path` (errors under `displayName` in `diags`).
std::optional<GbxModel> loadGbxModel(const std::filesystem::path& path,
                                     const std::string& displayName, Diagnostics& diags);

// A compressed vertex normal: 11-bit x, 11-bit y, 10-bit z signed fractions in one word.
vec3 unpackCompressedNormal(uint32_t packed);

}  // namespace fx::halo
