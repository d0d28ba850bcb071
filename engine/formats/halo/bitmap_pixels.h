// Halo CE bitmap pixel formats decoded to RGBA8 (reference halo_tag_format.md §5.3, §6
// BitmapDataFormat, §8 "Bitmaps"). Pure functions over bytes: the bitmap tag reader
// (bitmap_tag.h) hands each BitmapData entry's slice of `processed pixel data` here.
//
// Pixel data is stored as the Direct3D 8 formats it is named after, so multi-byte texels are
// little-endian words (A8R8G8B8 is the word 0xAARRGGBB: bytes B, G, R, A), unlike the tag's
// big-endian fields. DXT1/3/5 decode through libsquish. Y8 is grey with opaque alpha, A8 is white
// with that alpha, AY8 puts its byte in all four channels, A8Y8 is the word 0xAAYY. P8 bump holds
// indices into the game's fixed bump palette, which the format reference does not give: fxview
// shows the index as grey (opaque) so the sheet's layout stays visible. BC7 is not decoded.
//
// Every size is checked against the bytes before a texel is read; nothing here throws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fx::halo {

// BitmapDataFormat, in tag order (values as stored).
enum class PixelFormat : int16_t {
  A8 = 0,
  Y8 = 1,
  AY8 = 2,
  A8Y8 = 3,
  R5G6B5 = 6,
  A1R5G5B5 = 8,
  A4R4G4B4 = 9,
  X8R8G8B8 = 10,
  A8R8G8B8 = 11,
  Dxt1 = 14,
  Dxt3 = 15,
  Dxt5 = 16,
  P8Bump = 17,
  Bc7 = 18,
};

// "dxt1", "a8r8g8b8", ... (the reference's option names); "" for values that are not formats.
std::string_view pixelFormatName(int16_t format);
// True for the formats decodePixels handles.
bool pixelFormatDecodable(int16_t format);

// Bytes one width x height level takes (DXT: whole 4x4 blocks, at least one). 0 for a format
// that is not decodable. Sides are 1..65535, so the product cannot overflow.
size_t pixelLevelBytes(int16_t format, int width, int height);
// Bytes of the base level and `mipmaps` smaller levels (each side halves, never below 1).
size_t pixelChainBytes(int16_t format, int width, int height, int mipmaps);

// Decodes one level to RGBA8 rows top to bottom. False (with a one-line `error`) for an
// undecodable format, a side outside 1..65535, or fewer bytes than the level needs.
bool decodePixels(int16_t format, int width, int height, std::span<const uint8_t> bytes,
                  std::vector<uint8_t>& rgba, std::string& error);

}  // namespace fx::halo
