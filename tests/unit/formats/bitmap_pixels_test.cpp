// Halo bitmap pixel decoders (engine/formats/halo/bitmap_pixels.h): every format the reference
// lists for sprite tags ("Pixel formats that appear in sprite tags: DXT1/3/5, A8R8G8B8, X8R8G8B8,
// R5G6B5, A1R5G5B5, A4R4G4B4, A8, Y8, AY8, A8Y8, P8", halo_tag_format.md §8) decoded to RGBA8.
// Uncompressed texels are assembled byte by byte (little-endian D3D words) and must decode
// exactly; DXT images are encoded here with libsquish and must decode within DXT's error.
#include <gtest/gtest.h>
#include <squish.h>

#include <cmath>
#include <cstdlib>

#include "engine/formats/halo/bitmap_pixels.h"

namespace fx::halo::bitmap_pixels_test {
namespace {

using Bytes = std::vector<uint8_t>;

Bytes decodeOk(PixelFormat f, int w, int h, const Bytes& in) {
  Bytes out;
  std::string error;
  EXPECT_TRUE(decodePixels(int16_t(f), w, h, in, out, error)) << error;
  return out;
}

TEST(BitmapPixels, A8R8G8B8IsALittleEndianWord) {
  // The word 0x80FF4010 (a=0x80 r=0xFF g=0x40 b=0x10) is stored as bytes 10 40 FF 80.
  EXPECT_EQ(decodeOk(PixelFormat::A8R8G8B8, 1, 1, {0x10, 0x40, 0xFF, 0x80}),
            (Bytes{0xFF, 0x40, 0x10, 0x80}));
  // X8R8G8B8 ignores the top byte: opaque.
  EXPECT_EQ(decodeOk(PixelFormat::X8R8G8B8, 1, 1, {0x10, 0x40, 0xFF, 0x00}),
            (Bytes{0xFF, 0x40, 0x10, 0xFF}));
}

TEST(BitmapPixels, SixteenBitFormatsExpandEveryChannelToFullRange) {
  // R5G6B5 0xF800 = pure red, 0x07E0 = pure green, 0x001F = pure blue.
  EXPECT_EQ(decodeOk(PixelFormat::R5G6B5, 3, 1, {0x00, 0xF8, 0xE0, 0x07, 0x1F, 0x00}),
            (Bytes{255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255}));
  // A1R5G5B5 0x8000 = opaque black, 0x7FFF = transparent white, 0x0210 = r 0 g 16 b 16.
  EXPECT_EQ(decodeOk(PixelFormat::A1R5G5B5, 3, 1, {0x00, 0x80, 0xFF, 0x7F, 0x10, 0x02}),
            (Bytes{0, 0, 0, 255, 255, 255, 255, 0, 0, 132, 132, 0}));
  // A4R4G4B4 0xF21E: a 15 r 2 g 1 b 14 -> 255 34 17 238.
  EXPECT_EQ(decodeOk(PixelFormat::A4R4G4B4, 1, 1, {0x1E, 0xF2}), (Bytes{34, 17, 238, 255}));
}

TEST(BitmapPixels, MonochromeFormats) {
  EXPECT_EQ(decodeOk(PixelFormat::A8, 1, 1, {0x40}), (Bytes{255, 255, 255, 0x40}));
  EXPECT_EQ(decodeOk(PixelFormat::Y8, 1, 1, {0x40}), (Bytes{0x40, 0x40, 0x40, 255}));
  EXPECT_EQ(decodeOk(PixelFormat::AY8, 1, 1, {0x40}), (Bytes{0x40, 0x40, 0x40, 0x40}));
  // A8Y8 is the word 0xAAYY: bytes YY AA.
  EXPECT_EQ(decodeOk(PixelFormat::A8Y8, 1, 1, {0x30, 0xC0}), (Bytes{0x30, 0x30, 0x30, 0xC0}));
  EXPECT_EQ(decodeOk(PixelFormat::P8Bump, 1, 1, {0x7F}), (Bytes{0x7F, 0x7F, 0x7F, 255}));
}

TEST(BitmapPixels, RowsRunTopToBottomLeftToRight) {
  Bytes out = decodeOk(PixelFormat::Y8, 2, 2, {1, 2, 3, 4});
  ASSERT_EQ(out.size(), 16u);
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[4], 2);
  EXPECT_EQ(out[8], 3);
  EXPECT_EQ(out[12], 4);
}

// A smooth 12x6 test card (not a multiple of 4 tall on purpose): colours along one line of
// colour space, as DXT's two end points per block expect, and an alpha ramp (opaque for DXT1,
// whose only alpha is a 1-bit cut-out).
Bytes testCard(int w, int h, bool opaque) {
  Bytes px(size_t(w * h * 4));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      uint8_t* p = &px[size_t(y * w + x) * 4];
      float t = float(x + y) / float(w + h - 2);
      p[0] = uint8_t(20 + 200 * t), p[1] = uint8_t(40 + 150 * t), p[2] = uint8_t(200 - 160 * t);
      p[3] = opaque ? 255 : uint8_t(255 - x * 200 / (w - 1));
    }
  return px;
}

void expectDxtRoundTrip(PixelFormat f, int flags, bool checkAlpha) {
  const int w = 12, h = 6;
  Bytes src = testCard(w, h, !checkAlpha);
  Bytes blocks(size_t(squish::GetStorageRequirements(w, h, flags)));
  squish::CompressImage(src.data(), w, h, blocks.data(), flags);
  ASSERT_EQ(blocks.size(), pixelLevelBytes(int16_t(f), w, h));
  Bytes out = decodeOk(f, w, h, blocks);
  ASSERT_EQ(out.size(), src.size());
  int maxError = 0;
  double sum = 0;
  for (size_t i = 0; i < src.size(); ++i) {
    if (i % 4 == 3 && !checkAlpha) continue;
    int e = std::abs(int(src[i]) - int(out[i]));
    maxError = std::max(maxError, e);
    sum += e;
  }
  // A DXT block holds two 5:6:5 end points and 2-bit interpolants: a gradient along a colour line
  // stays within a few steps of its 8-bit source (DXT3's 4-bit alpha: within 17/2 + rounding):
  // at most 16 anywhere, under 5 on average. A decoder that misplaced blocks or swapped channels
  // would miss both by far.
  EXPECT_LE(maxError, 16) << pixelFormatName(int16_t(f));
  EXPECT_LT(sum / double(src.size()), 5.0) << pixelFormatName(int16_t(f));
}

TEST(BitmapPixels, DxtDecodesWhatLibsquishEncoded) {
  expectDxtRoundTrip(PixelFormat::Dxt1, squish::kDxt1, false);
  expectDxtRoundTrip(PixelFormat::Dxt3, squish::kDxt3, true);
  expectDxtRoundTrip(PixelFormat::Dxt5, squish::kDxt5, true);
}

TEST(BitmapPixels, LevelAndChainSizes) {
  EXPECT_EQ(pixelLevelBytes(int16_t(PixelFormat::A8R8G8B8), 8, 4), 128u);
  EXPECT_EQ(pixelLevelBytes(int16_t(PixelFormat::Dxt1), 1, 1), 8u);  // one whole block
  EXPECT_EQ(pixelLevelBytes(int16_t(PixelFormat::Dxt5), 5, 5), 64u);
  // 8x4 + 4x2 + 2x1 + 1x1 of 32-bit texels.
  EXPECT_EQ(pixelChainBytes(int16_t(PixelFormat::A8R8G8B8), 8, 4, 3), (32u + 8u + 2u + 1u) * 4u);
  // A chain stops at 1x1 whatever the count claims.
  EXPECT_EQ(pixelChainBytes(int16_t(PixelFormat::Y8), 2, 2, 60000), 5u);
}

TEST(BitmapPixels, ShortDataAndBadSizesAreErrors) {
  Bytes out;
  std::string error;
  EXPECT_FALSE(decodePixels(int16_t(PixelFormat::A8R8G8B8), 2, 2, Bytes(15), out, error));
  EXPECT_EQ(error, "a8r8g8b8 2x2 needs 16 bytes, 15 are there");
  EXPECT_FALSE(decodePixels(int16_t(PixelFormat::Dxt1), 0, 4, Bytes(8), out, error));
  EXPECT_EQ(error, "size 0x4 is outside 1..65535 texels a side");
  EXPECT_FALSE(decodePixels(int16_t(PixelFormat::Dxt1), 65536, 1, Bytes(8), out, error));
  EXPECT_FALSE(decodePixels(4, 1, 1, Bytes(8), out, error));
  EXPECT_EQ(error, "format unused1 is not decoded by fxview");
  EXPECT_FALSE(decodePixels(77, 1, 1, Bytes(8), out, error));
  EXPECT_EQ(error, "format 77 is not a bitmap format");
  EXPECT_TRUE(out.empty() || out.size() == 0);
}

}  // namespace
}  // namespace fx::halo::bitmap_pixels_test
