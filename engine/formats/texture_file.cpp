#include "engine/formats/texture_file.h"

#include <algorithm>
#include <cctype>
#include <system_error>

#include "engine/core/paths.h"
#include "engine/formats/halo/bitmap_tag.h"

namespace fx {

namespace {

bool loadBitmapTag(const std::filesystem::path& path, halo::Bitmap& out, std::string& error) {
  std::error_code ec;
  auto size = std::filesystem::file_size(path, ec);
  if (ec) {
    error = std::filesystem::exists(path, ec) ? "cannot read the file" : "no such file";
    return false;
  }
  if (size > kMaxImageFileBytes) {
    error = "the file has " + std::to_string(size) + " bytes; the limit is " +
            std::to_string(kMaxImageFileBytes) + " bytes";
    return false;
  }
  Diagnostics diags;
  auto bitmap = halo::loadBitmap(path, toUtf8(path.filename()), diags);
  if (!bitmap) {
    error = diags.items.empty() ? "not a bitmap tag" : diags.items[0].message;
    return false;
  }
  out = std::move(*bitmap);
  return true;
}

// "page 0: ..." reads better without the page when a tag has one.
std::string pageError(const halo::Bitmap& b, std::string error) {
  if (b.pages.size() == 1 && error.rfind("page 0", 0) == 0) error.erase(0, 7);
  if (!error.empty() && (error[0] == ':' || error[0] == ' '))
    error.erase(0, error.find_first_not_of(": "));
  return "bitmap " + error;
}

Sprite toSprite(const halo::BitmapSprite& s) {
  Sprite out;
  out.left = s.left, out.right = s.right, out.top = s.top, out.bottom = s.bottom;
  out.registration = s.registration;
  return out;
}

}  // namespace

bool isBitmapTagPath(const std::filesystem::path& path) {
  std::string ext = toUtf8(path.extension());
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return ext == ".bitmap";
}

bool probeTextureFile(const std::filesystem::path& path, ImageInfo& info, std::string& error) {
  if (!isBitmapTagPath(path)) return probeImageFile(path, info, error);
  halo::Bitmap bitmap;
  if (!loadBitmapTag(path, bitmap, error)) return false;
  halo::DecodedPage page;
  if (!halo::decodePage(bitmap, 0, false, page, error)) {
    error = pageError(bitmap, error);
    return false;
  }
  info = {page.levels[0].width, page.levels[0].height, 4};
  return true;
}

bool loadTextureFile(const std::filesystem::path& path, Image& out, TextureMipmaps* mipmaps,
                     std::string& error) {
  if (mipmaps) *mipmaps = {};
  if (!isBitmapTagPath(path)) return loadImageFile(path, out, error);
  halo::Bitmap bitmap;
  if (!loadBitmapTag(path, bitmap, error)) return false;
  halo::DecodedPage page;
  if (!halo::decodePage(bitmap, 0, mipmaps != nullptr, page, error)) {
    error = pageError(bitmap, error);
    return false;
  }
  out = std::move(page.levels[0]);
  if (mipmaps) {
    mipmaps->fromFile = true;
    for (size_t i = 1; i < page.levels.size(); ++i)
      mipmaps->levels.push_back(std::move(page.levels[i]));
  }
  return true;
}

SpriteSheet loadTextureSprites(const std::string& texturePath, const std::string& file,
                               const std::string& pointer, Diagnostics& diags) {
  if (texturePath.empty() || !isBitmapTagPath(toPath(texturePath)))
    return loadSpriteSheet(texturePath, file, pointer, diags);
  halo::Bitmap bitmap;
  std::string error;
  if (!loadBitmapTag(toPath(texturePath), bitmap, error))
    return SpriteSheet::single();  // resolveTexture said so
  SpriteSheet sheet;
  bool otherPage = false;
  for (const halo::BitmapSequence& seq : bitmap.sequences) {
    SpriteSequence out;
    for (const halo::BitmapSprite& s : seq.sprites) {
      otherPage |= s.bitmap != 0;
      out.sprites.push_back(toSprite(s));
    }
    if (out.sprites.empty()) out.sprites.push_back(Sprite{});  // a sequence of whole pages
    sheet.sequences.push_back(std::move(out));
  }
  if (sheet.sequences.empty()) return SpriteSheet::single();
  if (otherPage)
    diags.warning(file, pointer,
                  "bitmap " + toUtf8(toPath(texturePath).filename()) +
                      ": sprites on pages after the first are drawn from the first page");
  return sheet;
}

}  // namespace fx
