// Halo bitmap tags (engine/formats/halo/bitmap.h, bitmap_tag.h): sequences and sprites read back
// from a tag written by fxview's own writer, pages decoded with the mipmaps present, and hostile
// pages refused with a reason. Reference halo_tag_format.md §5.3: "each BitmapData entry points
// into [processed pixel data] with pixel data offset ... Mipmaps follow the base level"; §8:
// "Data of each BitmapData entry starts at its pixel data offset inside processed pixel data,
// base level first, then each smaller mipmap."
#include <gtest/gtest.h>
#include <squish.h>

#include "engine/formats/halo/bitmap_pixels.h"
#include "engine/formats/halo/bitmap_tag.h"

namespace fx::halo::bitmap_test {
namespace {

using Bytes = std::vector<uint8_t>;

// A sprite bitmap: two sequences (two sprites, then one) on one 8x4 A8R8G8B8 page with two
// mipmaps, every texel a distinct colour. Written, serialized and parsed back.
struct Fixture {
  Bytes pixels;
  Bitmap bitmap;
};

Fixture spriteBitmap() {
  Fixture f;
  for (int level = 0, w = 8, h = 4; level < 3; ++level, w /= 2, h = std::max(1, h / 2))
    for (int i = 0; i < w * h; ++i)  // word 0xAARRGGBB as bytes B G R A
      f.pixels.insert(f.pixels.end(),
                      {uint8_t(i), uint8_t(level * 40), uint8_t(200 - i), uint8_t(255 - i)});
  TagFile tag = makeTag(TagClass::Bitmap);
  TagStruct root = tag.root();
  root.setInt16(0x00, 3);  // sprites
  root.resizeBlock("bitmap_group_sequence", 2);
  TagStruct s0 = root.element("bitmap_group_sequence", 0);
  s0.setString(0x00, "drops");
  s0.resizeBlock("sprites", 2);
  TagStruct a = s0.element("sprites", 0);
  a.setFloat(0x08, 0.0f), a.setFloat(0x0C, 0.5f), a.setFloat(0x10, 0.0f), a.setFloat(0x14, 1.0f);
  a.setVec2(0x18, {0.25f, 0.5f});
  TagStruct b = s0.element("sprites", 1);
  b.setFloat(0x08, 0.5f), b.setFloat(0x0C, 1.0f), b.setFloat(0x10, 0.0f), b.setFloat(0x14, 0.5f);
  TagStruct s1 = root.element("bitmap_group_sequence", 1);
  s1.resizeBlock("sprites", 1);
  s1.element("sprites", 0).setFloat(0x0C, 1.0f);
  root.resizeBlock("bitmap_data", 1);
  TagStruct d = root.element("bitmap_data", 0);
  d.setUint32(0x00, fourCC("bitm"));
  d.setUint16(0x04, 8), d.setUint16(0x06, 4), d.setUint16(0x08, 1);
  d.setInt16(0x0C, int16_t(PixelFormat::A8R8G8B8));
  d.setUint16(0x14, 2);  // mipmaps
  root.data("processed_pixel_data") = f.pixels;
  Diagnostics diags;
  auto parsed = parseTag(serializeTag(tag), "drops.bitmap", diags);
  EXPECT_TRUE(parsed) << (diags.items.empty() ? "" : diags.items[0].message);
  if (parsed) f.bitmap = bitmapFromTag(*parsed);
  return f;
}

TEST(HaloBitmap, SequencesAndSpritesReadBack) {
  Fixture f = spriteBitmap();
  const Bitmap& b = f.bitmap;
  EXPECT_EQ(b.type, 3);
  ASSERT_EQ(b.sequences.size(), 2u);
  EXPECT_EQ(b.sequences[0].name, "drops");
  ASSERT_EQ(b.sequences[0].sprites.size(), 2u);
  ASSERT_EQ(b.sequences[1].sprites.size(), 1u);
  const BitmapSprite& s = b.sequences[0].sprites[0];
  EXPECT_EQ(s.bitmap, 0);
  EXPECT_FLOAT_EQ(s.right, 0.5f);
  EXPECT_FLOAT_EQ(s.bottom, 1.0f);
  EXPECT_FLOAT_EQ(s.registration.x, 0.25f);
  EXPECT_FLOAT_EQ(s.registration.y, 0.5f);
  EXPECT_FLOAT_EQ(b.sequences[0].sprites[1].left, 0.5f);
  ASSERT_EQ(b.pages.size(), 1u);
  EXPECT_EQ(b.pages[0].width, 8);
  EXPECT_EQ(b.pages[0].mipmaps, 2);
}

TEST(HaloBitmap, DecodesTheBaseLevelAndEveryMipmapPresent) {
  Fixture f = spriteBitmap();
  DecodedPage page;
  std::string error;
  ASSERT_TRUE(decodePage(f.bitmap, 0, true, page, error)) << error;
  ASSERT_EQ(page.levels.size(), 3u);  // 8x4, 4x2, 2x1
  EXPECT_EQ(page.levels[1].width, 4);
  EXPECT_EQ(page.levels[1].height, 2);
  EXPECT_EQ(page.levels[2].width, 2);
  EXPECT_EQ(page.levels[2].height, 1);
  // Texel 3 of the base: bytes B=3 G=0 R=197 A=252 -> RGBA 197 0 3 252.
  const uint8_t* t = &page.levels[0].rgba[3 * 4];
  EXPECT_EQ((Bytes{t[0], t[1], t[2], t[3]}), (Bytes{197, 0, 3, 252}));
  // The second mipmap is the file's own (green 80), not one fxview made.
  EXPECT_EQ(page.levels[2].rgba[1], 80);
  ASSERT_TRUE(decodePage(f.bitmap, 0, false, page, error)) << error;
  EXPECT_EQ(page.levels.size(), 1u);
}

TEST(HaloBitmap, DxtPageWithMipmapsFromLibsquish) {
  // A 16x16 DXT5 page and its 8x8 mipmap, each encoded by libsquish from a flat colour.
  Bitmap b;
  Bytes src(16 * 16 * 4), mip(8 * 8 * 4);
  for (size_t i = 0; i < src.size(); i += 4)
    src[i] = 250, src[i + 1] = 10, src[i + 2] = 120, src[i + 3] = 128;
  for (size_t i = 0; i < mip.size(); i += 4)
    mip[i] = 20, mip[i + 1] = 240, mip[i + 2] = 20, mip[i + 3] = 255;
  b.pixels.resize(size_t(squish::GetStorageRequirements(16, 16, squish::kDxt5) +
                         squish::GetStorageRequirements(8, 8, squish::kDxt5)));
  squish::CompressImage(src.data(), 16, 16, b.pixels.data(), squish::kDxt5);
  squish::CompressImage(mip.data(), 8, 8, b.pixels.data() + 256, squish::kDxt5);
  b.pages.push_back(
      {.width = 16, .height = 16, .format = int16_t(PixelFormat::Dxt5), .flags = 2, .mipmaps = 1});
  DecodedPage page;
  std::string error;
  ASSERT_TRUE(decodePage(b, 0, true, page, error)) << error;
  ASSERT_EQ(page.levels.size(), 2u);
  // DXT keeps a flat colour within its 5:6:5 end-point rounding.
  EXPECT_NEAR(page.levels[0].rgba[0], 250, 4);
  EXPECT_NEAR(page.levels[0].rgba[2], 120, 4);
  EXPECT_NEAR(page.levels[0].rgba[3], 128, 2);
  EXPECT_NEAR(page.levels[1].rgba[1], 240, 4);
}

std::string pageError(const Bitmap& b, bool mipmaps = true) {
  DecodedPage page;
  std::string error;
  EXPECT_FALSE(decodePage(b, 0, mipmaps, page, error));
  EXPECT_TRUE(page.levels.empty());
  return error;
}

TEST(HaloBitmap, HostilePagesAreErrorsNotReads) {
  Bitmap b;
  b.pixels.resize(64);
  BitmapPage p{.width = 4, .height = 4, .format = int16_t(PixelFormat::A8R8G8B8)};
  // Offset past the blob.
  p.pixelOffset = 4096;
  b.pages = {p};
  EXPECT_EQ(pageError(b),
            "page 0: a8r8g8b8 4x4 at offset 4096 runs past the 64 bytes of pixel data");
  // The base level fits exactly, the mipmap chain does not.
  p.pixelOffset = 0;
  p.mipmaps = 2;
  b.pages = {p};
  EXPECT_EQ(pageError(b),
            "page 0: a8r8g8b8 4x4 with 2 mipmaps at offset 0 runs past the 64 bytes of pixel data");
  DecodedPage page;
  std::string error;
  EXPECT_TRUE(decodePage(b, 0, false, page, error)) << error;  // the base alone is fine
  // Width 0 and 65535.
  p.mipmaps = 0;
  p.width = 0;
  b.pages = {p};
  EXPECT_EQ(pageError(b), "page 0: size 0x4 is outside 1..8192 texels a side");
  p.width = 65535;
  b.pages = {p};
  EXPECT_EQ(pageError(b), "page 0: size 65535x4 is outside 1..8192 texels a side");
  // A page that does not exist, a swizzled one, a BC7 one.
  b.pages.clear();
  EXPECT_EQ(pageError(b), "page 0: the bitmap has 0 pages");
  p.width = 4;
  p.flags = 1u << 3;
  b.pages = {p};
  EXPECT_EQ(pageError(b), "page 0: swizzled (Xbox) pixels are not decoded by fxview");
  p.flags = 0;
  p.format = int16_t(PixelFormat::Bc7);
  b.pages = {p};
  EXPECT_EQ(pageError(b), "page 0: format bc7 is not decoded by fxview");
}

TEST(HaloBitmap, OffsetNearTheTopOfUint32DoesNotWrap) {
  Bitmap b;
  b.pixels.resize(64);
  b.pages.push_back({.width = 1,
                     .height = 1,
                     .format = int16_t(PixelFormat::A8R8G8B8),
                     .pixelOffset = 0xFFFFFFFCu});
  EXPECT_NE(pageError(b).find("runs past"), std::string::npos);
}

}  // namespace
}  // namespace fx::halo::bitmap_test
