// Texture files (engine/core/image_file.h): the caps on texture size and file size, and corrupt
// data, each refused with a reason before any pixel memory is allocated.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/core/data_paths.h"
#include "engine/core/image_file.h"

namespace fx::image_file_test {
namespace {

namespace fs = std::filesystem;

fs::path badInputs() {
  return fs::path(FXVIEW_TEST_DATA) / "bad_inputs";
}

std::vector<uint8_t> readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ImageFile, DecodesAShippedTexture) {
  Image img;
  std::string error;
  ASSERT_TRUE(loadImageFile(sourceTreeDir() / "assets/sprites/checker.png", img, error)) << error;
  EXPECT_GT(img.width, 0);
  EXPECT_GT(img.height, 0);
  EXPECT_EQ(img.rgba.size(), size_t(img.width) * size_t(img.height) * 4);
}

TEST(ImageFile, SideCapRefusesTheHeaderBeforeDecoding) {
  // tests/bad_inputs/oversized_texture.png: a valid 9000x1 PNG.
  auto bytes = readAll(badInputs() / "oversized_texture.png");
  ASSERT_FALSE(bytes.empty());
  ImageInfo info;
  std::string error;
  EXPECT_FALSE(probeImage(bytes, info, error));
  EXPECT_EQ(error, "9000x1 texels is larger than the 8192x8192 limit");
  Image img;
  EXPECT_FALSE(decodeImage(bytes, img, error));
  EXPECT_TRUE(img.rgba.empty());
  // Under a larger cap the same file decodes: the cap, not the file, refused it.
  EXPECT_TRUE(decodeImage(bytes, img, error, 9000)) << error;
  EXPECT_EQ(img.width, 9000);
}

TEST(ImageFile, FileSizeCap) {
  fs::path big = fs::temp_directory_path() / "fxview_image_file_test_big.png";
  { std::ofstream(big, std::ios::binary) << "x"; }
  fs::resize_file(big, kMaxImageFileBytes + 1);  // sparse: nothing is written
  Image img;
  std::string error;
  EXPECT_FALSE(loadImageFile(big, img, error));
  EXPECT_EQ(error, "the file has " + std::to_string(kMaxImageFileBytes + 1) +
                       " bytes; the limit is " + std::to_string(kMaxImageFileBytes) + " bytes");
  fs::remove(big);
}

TEST(ImageFile, CorruptAndMissingFiles) {
  Image img;
  std::string error;
  EXPECT_FALSE(loadImageFile(badInputs() / "corrupt_texture.png", img, error));
  EXPECT_EQ(error.rfind("not a PNG image fxview can read (", 0), 0u) << error;
  EXPECT_FALSE(loadImageFile(badInputs() / "no_such_texture.png", img, error));
  EXPECT_EQ(error, "no such file");
  EXPECT_FALSE(loadImageFile(badInputs(), img, error));
  EXPECT_EQ(error, "not a regular file");
  // A good header over truncated pixel data: the probe passes, the decode fails.
  auto bytes = readAll(sourceTreeDir() / "assets/sprites/checker.png");
  ASSERT_GT(bytes.size(), 60u);
  bytes.resize(bytes.size() / 2);
  ImageInfo info;
  EXPECT_TRUE(probeImage(bytes, info, error)) << error;
  EXPECT_FALSE(decodeImage(bytes, img, error));
  EXPECT_EQ(error.rfind("corrupt image data (", 0), 0u) << error;
}

TEST(ImageFile, EmptyFirstIdatChunkIsWellDefined) {
  // Fuzzer finding (fuzz_texture): a PNG whose first IDAT chunk is empty made stb_image
  // memcpy into a null buffer (UBSan: null pointer passed as argument 1). Empty IDAT chunks are
  // dropped before decoding; under the sanitizers this test aborts if that regresses.
  auto bytes = readAll(fs::path(FXVIEW_TEST_DATA) / "fuzz/seeds/fuzz_texture/regression_empty_idat.png");
  ASSERT_GT(bytes.size(), 40u);
  Image img;
  std::string error;
  bool ok = decodeImage(bytes, img, error);
  EXPECT_EQ(ok, error.empty()) << error;
  if (ok) {
    EXPECT_EQ(img.rgba.size(), size_t(img.width) * size_t(img.height) * 4);
  }
}

TEST(ImageFile, ChunkClaimingGigabytesIsRefusedWithoutAllocating) {
  // Fuzzer finding (fuzz_texture): an 801-byte 64x64 PNG whose IDAT chunk claims ~2 GiB made
  // stb_image reserve 2 GiB before noticing the data is not there. The chunk table is checked
  // against the file first (and stb's allocations are capped by what the header says a decode
  // can need), so this one fails as corrupt data instead.
  auto bytes = readAll(fs::path(FXVIEW_TEST_DATA) /
                       "fuzz/seeds/fuzz_texture/regression_idat_claims_2gib.png");
  ASSERT_EQ(bytes.size(), 801u);
  Image img;
  std::string error;
  EXPECT_FALSE(decodeImage(bytes, img, error));
  EXPECT_EQ(error, "corrupt image data (a PNG chunk runs past the end of the file)");
}

TEST(ImageFile, TruncatedEmptyIdatChunkIsRefused) {
  // Fuzzer finding (fuzz_texture), a variant of the empty-IDAT one: the empty chunk's CRC is cut
  // off by the end of the file, so it was not dropped and stb copied into a null buffer again.
  auto bytes = readAll(fs::path(FXVIEW_TEST_DATA) /
                       "fuzz/seeds/fuzz_texture/regression_empty_idat_truncated.png");
  ASSERT_EQ(bytes.size(), 44u);
  Image img;
  std::string error;
  EXPECT_FALSE(decodeImage(bytes, img, error));
  EXPECT_EQ(error, "corrupt image data (a PNG chunk runs past the end of the file)");
}

TEST(ImageFile, OnlyPngIsDecoded) {
  // Fuzzer finding (fuzz_texture): this JPEG made stb_image's Huffman table builder index past
  // its 257-entry array (UBSan, an out-of-bounds write) while reading the header. Textures are
  // PNG only, so the JPEG reader is not compiled in and the file is refused by its signature.
  auto bytes =
      readAll(fs::path(FXVIEW_TEST_DATA) / "fuzz/seeds/fuzz_texture/regression_jpeg_huffman.jpg");
  ASSERT_EQ(bytes.size(), 28u);
  ImageInfo info;
  std::string error;
  EXPECT_FALSE(probeImage(bytes, info, error));
  EXPECT_EQ(error.rfind("not a PNG image fxview can read (", 0), 0u) << error;
  Image img;
  EXPECT_FALSE(decodeImage(bytes, img, error));
}

}  // namespace
}  // namespace fx::image_file_test
