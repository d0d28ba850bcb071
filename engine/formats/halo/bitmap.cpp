#include "engine/formats/halo/bitmap.h"

#include <algorithm>

#include "engine/formats/halo/bitmap_pixels.h"

namespace fx::halo {

namespace {

constexpr uint16_t kFlagSwizzled = 1u << 3;
constexpr int16_t kType2d = 0, kType3d = 1, kTypeCube = 2;

std::string describe(const BitmapPage& p) {
  std::string_view name = pixelFormatName(p.format);
  return (name.empty() ? "format " + std::to_string(p.format) : std::string(name)) + " " +
         std::to_string(p.width) + "x" + std::to_string(p.height);
}

}  // namespace

bool decodePage(const Bitmap& bitmap, size_t index, bool withMipmaps, DecodedPage& out,
                std::string& error) {
  out = {};
  const std::string where = "page " + std::to_string(index);
  if (index >= bitmap.pages.size()) {
    error = where + ": the bitmap has " + std::to_string(bitmap.pages.size()) + " pages";
    return false;
  }
  const BitmapPage& p = bitmap.pages[index];
  if (p.width < 1 || p.height < 1 || p.width > kMaxImageSide || p.height > kMaxImageSide) {
    error = where + ": size " + std::to_string(p.width) + "x" + std::to_string(p.height) +
            " is outside 1.." + std::to_string(kMaxImageSide) + " texels a side";
    return false;
  }
  if (p.type != kType2d && p.type != kType3d && p.type != kTypeCube) {
    error = where + ": type " + std::to_string(p.type) + " has no pixels to show";
    return false;
  }
  if (p.flags & kFlagSwizzled) {
    error = where + ": swizzled (Xbox) pixels are not decoded by fxview";
    return false;
  }
  if (!pixelFormatDecodable(p.format)) {
    std::string_view name = pixelFormatName(p.format);
    error = where + ": " +
            (name.empty() ? "format " + std::to_string(p.format) + " is not a bitmap format"
                          : "format " + std::string(name) + " is not decoded by fxview");
    return false;
  }
  // Cube maps and 3D textures interleave faces or slices per level: only their first base image.
  const int levels = p.type == kType2d && withMipmaps ? std::clamp(p.mipmaps, 0, 16) : 0;
  const size_t chain = pixelChainBytes(p.format, p.width, p.height, levels);
  const size_t blob = bitmap.pixels.size();
  if (p.pixelOffset > blob || chain > blob - p.pixelOffset) {
    error = where + ": " + describe(p) +
            (levels ? " with " + std::to_string(levels) + " mipmaps" : "") + " at offset " +
            std::to_string(p.pixelOffset) + " runs past the " + std::to_string(blob) +
            " bytes of pixel data";
    return false;
  }
  size_t at = p.pixelOffset;
  int w = p.width, h = p.height;
  for (int level = 0; level <= levels; ++level) {
    size_t bytes = pixelLevelBytes(p.format, w, h);
    Image img;
    img.width = w, img.height = h;
    std::span<const uint8_t> slice(bitmap.pixels.data() + at, bytes);
    if (!decodePixels(p.format, w, h, slice, img.rgba, error)) {
      error = where + " level " + std::to_string(level) + ": " + error;
      out = {};
      return false;
    }
    out.levels.push_back(std::move(img));
    at += bytes;
    if (w == 1 && h == 1) break;
    w = std::max(1, w / 2), h = std::max(1, h / 2);
  }
  return true;
}

}  // namespace fx::halo
