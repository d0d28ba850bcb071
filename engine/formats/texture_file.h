// Texture files by extension, for everything that loads or checks a texture: PNG through
// engine/core/image_file.h, Halo .bitmap tags through engine/formats/halo (decoded to RGBA8 with
// the mipmaps the tag holds, and its sprite sequences as a SpriteSheet). Callers get plain RGBA
// and UV rectangles; nothing downstream knows which kind of file it was.
//
// A bitmap tag shows its first page (BitmapData entry 0): sprites that lie on another page are
// reported once by loadTextureSprites and drawn from page 0's rectangle. Same caps as for PNG:
// kMaxImageFileBytes per file, kMaxImageSide per side.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/diagnostics.h"
#include "engine/core/image_file.h"
#include "engine/core/sprite_sheet.h"

namespace fx {

// True when the path names a Halo bitmap tag (extension .bitmap, any case).
bool isBitmapTagPath(const std::filesystem::path& path);

// probeImageFile for either kind: the size of the picture without decoding its pixels (a
// bitmap's page 0 is still checked against its pixel data).
bool probeTextureFile(const std::filesystem::path& path, ImageInfo& info, std::string& error);

// The levels below the base a file defines: a bitmap tag's own chain (possibly none: the game
// samples such a bitmap at its base level only), or nothing for PNG (the renderer generates them).
struct TextureMipmaps {
  bool fromFile = false;      // true: use `levels` as the whole chain, generate nothing
  std::vector<Image> levels;  // largest first
};

// loadImageFile for either kind; `mipmaps` (optional) receives what the file defines below the
// base.
bool loadTextureFile(const std::filesystem::path& path, Image& out, TextureMipmaps* mipmaps,
                     std::string& error);

// The sprite layout of a texture: a bitmap tag's sequences and sprites, else loadSpriteSheet's
// side-car (or one sprite covering the page). Problems go to `diags` at `file` / `pointer`.
SpriteSheet loadTextureSprites(const std::string& texturePath, const std::string& file,
                               const std::string& pointer, Diagnostics& diags);

}  // namespace fx
