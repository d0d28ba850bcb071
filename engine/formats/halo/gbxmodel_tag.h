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

// The other way, for models fxview makes itself (texgen model, tests): a gbxmodel tag holding
// `model` (rotations stored conjugated, uncompressed vertices, strips as triangles padded with
// 0xFFFF). Per-tag fields the model does not carry (cutoffs, shaders, UV scales) are written as
// Invader's defaults for a fresh tag: zero, base map scales 1.
TagFile gbxModelToTag(const GbxModel& model);

// A compressed vertex normal: 11-bit x, 11-bit y, 10-bit z signed fractions in one word.
vec3 unpackCompressedNormal(uint32_t packed);

}  // namespace fx::halo
