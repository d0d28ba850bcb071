// Halo CE bitmap tags as plain data: sprite sequences and the BitmapData entries ("pages") with
// their pixels (reference halo_tag_format.md §5.3, §8 "Bitmaps"), and the decoded RGBA images a
// renderer uploads. readBitmap (bitmap_tag.cpp) fills a Bitmap from a .bitmap file; the texture
// seam (engine/formats/texture_file.h) turns a page into an Image with its mipmaps and a
// sequence list into a SpriteSheet, so the renderer only ever sees RGBA and UV rectangles.
//
// Every size is checked against the pixel blob before decoding: a page whose offset, base level
// or mipmap chain runs past `processed pixel data` is an error naming the page, never a read out
// of bounds. Sides are capped at kMaxImageSide (engine/core/image_file.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/image_file.h"
#include "engine/core/math.h"

namespace fx::halo {

struct BitmapSprite {
  uint16_t bitmap = 0;                             // page index (BitmapData entry)
  float left = 0, right = 1, top = 0, bottom = 1;  // 0..1 of that page
  vec2 registration{0.5f, 0.5f};  // sprite origin, offset from left/top, 0..1 of the page
};

struct BitmapSequence {
  std::string name;
  uint16_t firstBitmap = 0xFFFF;
  uint16_t bitmapCount = 0;
  std::vector<BitmapSprite> sprites;  // empty for non-sprite bitmaps: the sequence is its pages
};

// One BitmapData entry.
struct BitmapPage {
  int width = 0, height = 0, depth = 1;
  int16_t type = 0;    // BitmapDataType: 0 2d texture, 1 3d texture, 2 cube map, 3 white
  int16_t format = 0;  // BitmapDataFormat (bitmap_pixels.h PixelFormat)
  uint16_t flags = 0;  // BitmapDataFlags: bit1 compressed, bit3 swizzled, ...
  int registrationX = 0, registrationY = 0;
  int mipmaps = 0;           // levels below the base
  uint32_t pixelOffset = 0;  // into Bitmap::pixels
};

struct Bitmap {
  int16_t type = 0;            // BitmapType: 3 = sprites
  int16_t encodingFormat = 0;  // BitmapFormat the tool was asked for (dxt1 ... 32-bit)
  std::vector<BitmapSequence> sequences;
  std::vector<BitmapPage> pages;
  std::vector<uint8_t> pixels;  // processed pixel data
};

// A page decoded: the base level and each mipmap present, largest first.
struct DecodedPage {
  std::vector<Image> levels;
};

// Decodes page `index` (base level, plus its mipmaps when `withMipmaps`). False with a one-line
// `error` ("page 1: dxt5 32x32 at offset 4096 runs past the 2048 bytes of pixel data") when the
// page does not exist, is not a 2D texture, is swizzled, has an undecodable format, a side outside
// 1..kMaxImageSide, or runs past the pixels. 3D textures and cube maps give their first slice/face.
bool decodePage(const Bitmap& bitmap, size_t index, bool withMipmaps, DecodedPage& out,
                std::string& error);

}  // namespace fx::halo
