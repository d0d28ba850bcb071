// Reading a .bitmap tag into plain data (engine/formats/halo/bitmap.h) through the one tag
// reader (tag_file.h): sequences with their sprites, the BitmapData pages and the processed
// pixel data (reference halo_tag_format.md §5.3). Page sizes are checked when a page is decoded
// (decodePage), so a bitmap whose pixels are broken still lists its sequences.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "engine/core/diagnostics.h"
#include "engine/formats/halo/bitmap.h"
#include "engine/formats/halo/tag_file.h"

namespace fx::halo {

// The plain data of a parsed bitmap tag (tag.cls must be bitmap).
Bitmap bitmapFromTag(TagFile& tag);

// Loads and parses `path` (errors under `displayName` in `diags`).
std::optional<Bitmap> loadBitmap(const std::filesystem::path& path, const std::string& displayName,
                                 Diagnostics& diags);

}  // namespace fx::halo
