// Bug-report zips (engine/formats/zip_archive.h): a folder packed and unpacked again byte for
// byte, file names in any script; archives that would write outside their folder, or hold too
// much, refused before anything is written, naming the entry.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <iterator>

#include "engine/core/paths.h"
#include "engine/formats/zip_archive.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  fs::path p = fs::temp_directory_path() / ("fxview_zip_" + name + std::to_string(getpid()));
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ZipArchive, AFolderPacksAndUnpacksByteForByte) {
  fs::path root = scratch("roundtrip");
  fs::path folder = root / "report";
  fs::create_directories(folder / toPath("textures/\xce\xa9mega \xd0\x96"));  // Greek, Cyrillic
  std::string binary(70000, '\0');
  for (size_t i = 0; i < binary.size(); ++i) binary[i] = char((i * 7919) & 255);
  std::ofstream(folder / "preset.json", std::ios::binary) << "{\"version\": 1}\n";  // no \r\n
  std::ofstream(folder / toPath("textures/\xce\xa9mega \xd0\x96/glow.png"), std::ios::binary)
      << binary;
  fs::path zip = root / "report.zip";
  ASSERT_EQ(zipFolder(folder, zip, "report"), "");
  EXPECT_TRUE(looksLikeZip(zip));
  fs::path out = root / "out";
  ASSERT_EQ(unzipInto(zip, out), "");
  EXPECT_EQ(slurp(out / "report" / "preset.json"), "{\"version\": 1}\n");
  EXPECT_EQ(slurp(out / toPath("report/textures/\xce\xa9mega \xd0\x96/glow.png")), binary);
  fs::remove_all(root);
}

TEST(ZipArchive, TooManyEntriesOrBytesAreRefusedBeforeWriting) {
  fs::path root = scratch("limits");
  fs::path folder = root / "f";
  fs::create_directories(folder);
  for (int i = 0; i < 5; ++i)
    std::ofstream(folder / ("f" + std::to_string(i))) << std::string(100, 'x');
  fs::path zip = root / "f.zip";
  ASSERT_EQ(zipFolder(folder, zip), "");
  fs::path out = root / "out";
  std::string err = unzipInto(zip, out, {.maxEntries = 4});
  EXPECT_NE(err.find("5 entries"), std::string::npos) << err;
  err = unzipInto(zip, out, {.maxEntries = 100, .maxTotalBytes = 250});
  EXPECT_NE(err.find("more than 250 bytes"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(out));  // checked before anything is written
  fs::remove_all(root);
}

TEST(ZipArchive, NotAZipIsAClearError) {
  fs::path root = scratch("notzip");
  std::ofstream(root / "x.zip") << "PK\x03\x04 but then nothing a zip holds";
  std::string err = unzipInto(root / "x.zip", root / "out");
  EXPECT_NE(err.find("x.zip"), std::string::npos) << err;
  EXPECT_NE(err.find("not a readable zip"), std::string::npos) << err;
  EXPECT_NE(unzipInto(root / "missing.zip", root / "out").find("cannot be read"),
            std::string::npos);
  fs::remove_all(root);
}

}  // namespace
}  // namespace fx
