// The HEK tag reader/writer against reference/halo_tag_format.md. Every tag here is written by
// fxview's own writer or assembled byte by byte in the test.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "engine/formats/halo/tag_file.h"
#include "engine/formats/halo/tag_paths.h"

namespace fx::halo {
namespace {

namespace fs = std::filesystem;

uint32_t be32(const std::vector<uint8_t>& b, size_t at) {
  return uint32_t(b[at]) << 24 | uint32_t(b[at + 1]) << 16 | uint32_t(b[at + 2]) << 8 | b[at + 3];
}
void putBe32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + size_t(i)] = uint8_t(v >> (24 - 8 * i));
}

std::string parseError(const std::vector<uint8_t>& bytes, const TagClassInfo* expected = nullptr) {
  Diagnostics d;
  auto tag = parseTag(bytes, "t.tag", d, expected);
  EXPECT_FALSE(tag.has_value());
  return d.items.empty() ? std::string("(no error)") : format(d.items.front());
}

// A weather_particle_system with two types, paths on both.
TagFile weatherTag() {
  TagFile tag = makeTag(TagClass::WeatherParticleSystem);
  TagStruct root = tag.root();
  root.resizeBlock("particle_types", 2);
  root.element("particle_types", 0).setString(0, "rain");
  root.element("particle_types", 0).setReference("physics", "weather\\rain");
  root.element("particle_types", 0).setReference("sprite_bitmap", "weather\\bitmaps\\drops");
  root.element("particle_types", 1).setReference("physics", "weather\\moths");
  root.element("particle_types", 1).setReference("sprite_bitmap", "weather\\bitmaps\\moths");
  root.element("particle_types", 1).setReference("secondary_bitmap", "weather\\bitmaps\\x");
  root.element("particle_types", 1).setFloat(0x24, 0.5f);
  return tag;
}

TEST(HaloTagLayouts, StructSizesAndOutOfLineFieldsFit) {
  // §2 class table and §5 struct sizes.
  EXPECT_EQ(tagClassInfo(TagClass::Glow).root->size, 340u);
  EXPECT_EQ(tagClassInfo(TagClass::WeatherParticleSystem).root->size, 48u);
  EXPECT_EQ(layouts::kWeatherParticleType.size, 604u);
  EXPECT_EQ(tagClassInfo(TagClass::PointPhysics).root->size, 64u);
  EXPECT_EQ(tagClassInfo(TagClass::Wind).root->size, 64u);
  EXPECT_EQ(tagClassInfo(TagClass::Bitmap).root->size, 108u);
  EXPECT_EQ(tagClassInfo(TagClass::Gbxmodel).root->size, 232u);
  EXPECT_EQ(layouts::kModelGeometryPart.size, 132u);
  EXPECT_EQ(tagClassInfo(TagClass::Glow).fourcc, 0x676C7721u);
  EXPECT_EQ(tagClassInfo(TagClass::Bitmap).version, 7);
  EXPECT_EQ(tagClassInfo(TagClass::Gbxmodel).version, 5);
  EXPECT_EQ(findTagClassByExtension(".Weather_Particle_System")->id,
            TagClass::WeatherParticleSystem);
  EXPECT_EQ(extensionForFourCC(fourCC("soso")), ".shader_model");
  // Walk every layout reachable from the roots: headers lie inside their struct, in order.
  std::vector<const StructLayout*> todo;
  for (const auto& c : tagClasses()) todo.push_back(c.root);
  int seen = 0;
  while (!todo.empty()) {
    const StructLayout* l = todo.back();
    todo.pop_back();
    ++seen;
    uint32_t prev = 0;
    for (const auto& f : l->fields) {
      uint32_t size = f.kind == OutKind::Reference ? kDependencySize
                      : f.kind == OutKind::Block   ? kReflexiveSize
                                                   : kDataSize;
      EXPECT_LE(f.offset + size, l->size) << l->name << "." << f.name;
      EXPECT_GE(f.offset, prev) << l->name << "." << f.name;
      prev = f.offset + size;
      if (f.kind == OutKind::Block) todo.push_back(f.element);
    }
  }
  EXPECT_EQ(seen, 99);  // 22 before model_animations (23 layouts) and the level BSP (54)
}

TEST(HaloTagFile, WeatherFileOrderIsArrayFirstThenChildrenPerElement) {
  // §4: "header(64) -> root(48) -> types[0..1] (2x604) -> type0.physics path+NUL -> type0.sprite
  // bitmap path+NUL -> type0.secondary bitmap path+NUL -> type1.physics path ..."
  auto bytes = serializeTag(weatherTag());
  size_t at = 64 + 48 + 2 * 604;
  EXPECT_EQ(be32(bytes, 64 + 0x24), 2u);  // element count
  auto expect = [&](std::string_view s) {
    ASSERT_LE(at + s.size() + 1, bytes.size());
    EXPECT_EQ(std::string(bytes.begin() + long(at), bytes.begin() + long(at + s.size())), s);
    EXPECT_EQ(bytes[at + s.size()], 0);
    at += s.size() + 1;
  };
  expect("weather\\rain");
  expect("weather\\bitmaps\\drops");
  expect("weather\\moths");
  expect("weather\\bitmaps\\moths");
  expect("weather\\bitmaps\\x");
  EXPECT_EQ(at, bytes.size());
  // The empty secondary bitmap of type 0: class bitm, length 0, tag id 0xFFFFFFFF (as Invader).
  size_t ref = 64 + 48 + 0x1F4;
  EXPECT_EQ(be32(bytes, ref), fourCC("bitm"));
  EXPECT_EQ(be32(bytes, ref + 8), 0u);
  EXPECT_EQ(be32(bytes, ref + 12), 0xFFFFFFFFu);
}

TEST(HaloTagFile, HeaderAndChecksumAsInvaderWritesThem) {
  // §2: class at 0x24, checksum = ~crc32(body) at 0x28, header size 0x40, version at 0x38,
  // 0x00FF, "blam".
  auto bytes = serializeTag(makeTag(TagClass::Glow));
  ASSERT_EQ(bytes.size(), 64u + 340u);
  EXPECT_EQ(be32(bytes, 0x24), fourCC("glw!"));
  EXPECT_EQ(be32(bytes, 0x28), tagChecksum(std::span<const uint8_t>(bytes).subspan(64)));
  EXPECT_EQ(be32(bytes, 0x2C), 0x40u);
  EXPECT_EQ(be32(bytes, 0x38), 0x000100FFu);
  EXPECT_EQ(be32(bytes, 0x3C), kBlamSignature);
  // A glow is header + root + texture path + NUL.
  TagFile glow = makeTag(TagClass::Glow);
  glow.root().setReference("texture", "fx\\glow");
  EXPECT_EQ(serializeTag(glow).size(), 64u + 340u + 8u);
}

TEST(HaloTagFile, ReadThenWriteIsByteIdentical) {
  auto bytes = serializeTag(weatherTag());
  Diagnostics d;
  auto tag = parseTag(bytes, "storm.weather_particle_system", d);
  ASSERT_TRUE(tag) << d.formatAll();
  EXPECT_EQ(tag->checksum, ChecksumMode::Invader);
  EXPECT_EQ(serializeTag(*tag), bytes);
  EXPECT_EQ(tag->root().element("particle_types", 1).getFloat(0x24), 0.5f);
  EXPECT_EQ(tag->root().element("particle_types", 1).referencePath("physics"), "weather\\moths");
  EXPECT_EQ(tag->root().element("particle_types", 0).getString(0), "rain");
}

TEST(HaloTagFile, ForeignChecksumAndPaddingAreKeptVerbatim) {
  auto bytes = serializeTag(weatherTag());
  putBe32(bytes, 0x28, 0x12345678);  // not the ~crc32 convention
  bytes[64 + 48 + 0x44] = 0xAB;      // padding of type 0
  bytes[0x05] = 'n';                 // unused header name
  Diagnostics d;
  auto tag = parseTag(bytes, "t", d);
  ASSERT_TRUE(tag);
  EXPECT_EQ(tag->checksum, ChecksumMode::Verbatim);
  EXPECT_EQ(serializeTag(*tag), bytes);
}

TEST(HaloTagFile, BitmapAndGbxmodelBlocksRoundTripInFileOrder) {
  TagFile bm = makeTag(TagClass::Bitmap);
  TagStruct b = bm.root();
  b.data("compressed_color_plate_data") = {1, 2, 3};
  b.data("processed_pixel_data") = {9, 8, 7, 6, 5};
  b.resizeBlock("bitmap_group_sequence", 2);
  b.element("bitmap_group_sequence", 1).resizeBlock("sprites", 3);
  b.element("bitmap_group_sequence", 1).element("sprites", 2).setFloat(0x08, 0.25f);
  b.resizeBlock("bitmap_data", 1);
  b.element("bitmap_data", 0).setUint16(0x04, 64);
  auto bytes = serializeTag(bm);
  // root, plate, pixels, 2 sequences, seq1's 3 sprites, 1 bitmap data.
  EXPECT_EQ(bytes.size(), 64u + 108 + 3 + 5 + 2 * 64 + 3 * 32 + 48);
  size_t sprite2 = 64 + 108 + 3 + 5 + 2 * 64 + 2 * 32;
  EXPECT_EQ(be32(bytes, sprite2 + 0x08), 0x3E800000u);  // 0.25f big-endian
  Diagnostics d;
  auto back = parseTag(bytes, "x.bitmap", d);
  ASSERT_TRUE(back) << d.formatAll();
  EXPECT_EQ(serializeTag(*back), bytes);
  EXPECT_EQ(back->root().element("bitmap_group_sequence", 1).blockCount("sprites"), 3u);
  EXPECT_EQ(back->root().element("bitmap_data", 0).getUint16(0x04), 64);

  TagFile model = makeTag(TagClass::Gbxmodel);
  TagStruct m = model.root();
  m.resizeBlock("nodes", 2);
  m.resizeBlock("regions", 1);
  m.element("regions", 0).resizeBlock("permutations", 1);
  m.element("regions", 0).element("permutations", 0).resizeBlock("markers", 2);
  m.element("regions", 0).element("permutations", 0).element("markers", 1).setString(0, "glow 1");
  m.resizeBlock("geometries", 1);
  m.element("geometries", 0).resizeBlock("parts", 1);
  TagStruct part = m.element("geometries", 0).element("parts", 0);
  part.resizeBlock("uncompressed_vertices", 3);
  part.resizeBlock("compressed_vertices", 3);
  part.resizeBlock("triangles", 1);
  m.resizeBlock("shaders", 1);
  m.element("shaders", 0).setReference("shader", "fx\\sword", fourCC("soso"));
  bytes = serializeTag(model);
  EXPECT_EQ(bytes.size(),
            64u + 232 + 2 * 156 + 76 + 88 + 2 * 80 + 48 + 132 + 3 * 68 + 3 * 32 + 6 + 32 + 8 + 1);
  back = parseTag(bytes, "x.gbxmodel", d);
  ASSERT_TRUE(back) << d.formatAll();
  EXPECT_EQ(serializeTag(*back), bytes);
  TagStruct shader = back->root().element("shaders", 0);
  EXPECT_EQ(shader.referenceClass("shader"), fourCC("soso"));
  EXPECT_EQ(shader.referencePath("shader"), "fx\\sword");
  EXPECT_EQ(back->root()
                .element("regions", 0)
                .element("permutations", 0)
                .element("markers", 1)
                .getString(0),
            "glow 1");
}

TEST(HaloTagFile, HeaderErrorsNameTheOffset) {
  auto good = serializeTag(makeTag(TagClass::Wind));
  auto bad = good;
  bad[0x3C] = 'B';
  EXPECT_EQ(parseError(bad),
            "t.tag: header: not a Halo tag: signature is 'Blam', expected 'blam' (offset 0x3C)");
  bad = good;
  bad[0x39] = 2;
  EXPECT_EQ(parseError(bad), "t.tag: header: wind tag version is 2, expected 1 (offset 0x38)");
  bad = good;
  putBe32(bad, 0x24, fourCC("snd!"));
  EXPECT_EQ(parseError(bad),
            "t.tag: header: tag class 'snd!' is not one fxview reads (glow, "
            "weather_particle_system, point_physics, wind, bitmap, gbxmodel, model_animations, "
            "scenario_structure_bsp) (offset 0x24)");
  EXPECT_EQ(parseError(good, &tagClassInfo(TagClass::Glow)),
            "t.tag: header: tag class 'wind' (wind) does not match the expected glow ('glw!') "
            "(offset 0x24)");
  bad = good;
  putBe32(bad, 0x2C, 0x20);
  EXPECT_EQ(parseError(bad), "t.tag: header: header size is 0x20, expected 0x40 (offset 0x2C)");
  bad.assign(good.begin(), good.begin() + 10);
  EXPECT_EQ(parseError(bad),
            "t.tag: header: file is 10 bytes, shorter than the 64-byte tag header (offset 0xA)");
}

TEST(HaloTagFile, TruncatedAtEveryOffsetIsAnError) {
  auto bytes = serializeTag(weatherTag());
  for (size_t n = 0; n < bytes.size(); ++n) {
    std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + long(n));
    Diagnostics d;
    EXPECT_FALSE(parseTag(cut, "t", d)) << "length " << n;
    EXPECT_EQ(d.errorCount(), 1u) << "length " << n;
  }
}

TEST(HaloTagFile, StructuralErrorsNameFieldPathAndOffset) {
  auto bytes = serializeTag(weatherTag());
  size_t type1 = 64 + 48 + 604;
  size_t paths = 64 + 48 + 2 * 604;
  // Count above the block maximum (§5.1: particle types, max 8).
  auto bad = bytes;
  putBe32(bad, 64 + 0x24, 9);
  EXPECT_EQ(
      parseError(bad),
      "t.tag: particle_types: block has 9 elements, more than its maximum of 8 (offset 0x64)");
  // A count the file cannot hold.
  bad = bytes;
  bad.resize(64 + 48 + 604);
  EXPECT_EQ(parseError(bad),
            "t.tag: particle_types: block of 2 WeatherParticleSystemParticleType (1208 bytes) runs "
            "past the end of the file (offset 0x70)");
  // A path length running past the end of the file.
  bad = bytes;
  putBe32(bad, type1 + 0xAC + 8, 1000);
  std::string e = parseError(bad);
  EXPECT_NE(
      e.find("t.tag: particle_types[1].physics: reference path of 1000 bytes runs past the end "
             "of the file (offset 0x"),
      std::string::npos)
      << e;
  // Embedded NUL, missing terminator.
  bad = bytes;
  bad[paths + 3] = 0;
  EXPECT_EQ(parseError(bad),
            "t.tag: particle_types[0].physics: reference path has an embedded NUL "
            "(offset 0x52B)");
  bad = bytes;
  bad[paths + std::strlen("weather\\rain")] = 'x';
  EXPECT_EQ(parseError(bad),
            "t.tag: particle_types[0].physics: reference path is missing its NUL "
            "terminator (offset 0x534)");
  // Trailing bytes.
  bad = bytes;
  bad.push_back(0);
  EXPECT_EQ(
      parseError(bad),
      "t.tag: weather_particle_system: 1 bytes left over after the tag's "
      "last field (offset 0x" +
          [&] {
            char b[16];
            std::snprintf(b, sizeof b, "%zX", bytes.size());
            return std::string(b);
          }() +
          ")");
  // Data past the end of the file (bitmap processed pixel data).
  TagFile bm = makeTag(TagClass::Bitmap);
  bm.root().data("processed_pixel_data") = {1, 2, 3, 4};
  auto bb = serializeTag(bm);
  putBe32(bb, 64 + 0x30, 0x7FFFFFFF);
  EXPECT_EQ(parseError(bb),
            "t.tag: processed_pixel_data: data of 2147483647 bytes runs past the "
            "end of the file (offset 0xAC)");
  // The top-level markers block of a gbxmodel must be empty (§5.2, max 0).
  TagFile model = makeTag(TagClass::Gbxmodel);
  auto mb = serializeTag(model);
  putBe32(mb, 64 + 0xAC, 1);
  EXPECT_EQ(parseError(mb),
            "t.tag: markers: block has 1 elements, more than its maximum of 0 (offset 0xEC)");
}

TEST(HaloTagFile, LoadChecksClassAgainstExtensionAndSaveIsAtomic) {
  fs::path dir = fs::temp_directory_path() / ("fxview_tag_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  TagFile wind = makeTag(TagClass::Wind);
  wind.root().setFloat(0x18, 0.1f);
  ASSERT_EQ(saveTag(dir / "a.wind", wind), "");
  ASSERT_EQ(saveTag(dir / "a.glow", wind), "");
  Diagnostics d;
  auto back = loadTag(dir / "a.wind", "a.wind", d);
  ASSERT_TRUE(back) << d.formatAll();
  EXPECT_EQ(back->root().getFloat(0x18), 0.1f);
  EXPECT_FALSE(loadTag(dir / "a.glow", "a.glow", d));
  EXPECT_FALSE(loadTag(dir / "missing.glow", "missing.glow", d));
  EXPECT_EQ(d.errorCount(), 2u);
  fs::remove_all(dir);
}

TEST(HaloTagPaths, ReferencesResolveCaseInsensitivelyUnderTheTagsRoot) {
  // §8: "Resolve them against a tags root ..., case-insensitively on case-sensitive file systems".
  fs::path dir = fs::temp_directory_path() / ("fxview_tagpaths_" + std::to_string(::getpid()));
  fs::path root = dir / "Tags";
  fs::create_directories(root / "Weapons" / "Energy Sword" / "bitmaps");
  fs::path bitmap = root / "Weapons" / "Energy Sword" / "bitmaps" / "Glow.bitmap";
  std::ofstream(bitmap) << "x";
  fs::path glow = root / "Weapons" / "Energy Sword" / "sword.glow";
  EXPECT_EQ(tagsRootFor(glow), fs::absolute(root));
  EXPECT_EQ(tagsRootFor(glow, dir), dir);
  EXPECT_EQ(tagsRootFor(dir / "x.glow"), fs::path());
  auto hit = resolveTagReference(root, "weapons\\energy sword\\BITMAPS\\glow", fourCC("bitm"));
  ASSERT_TRUE(hit);
#ifdef _WIN32  // the file system ignores case: the reference's spelling opens the same file
  EXPECT_TRUE(fs::equivalent(*hit, bitmap));
#else
  EXPECT_EQ(*hit, bitmap);
#endif
  EXPECT_TRUE(resolveTagReference(root, "weapons//energy sword/bitmaps\\glow", fourCC("bitm")));
  EXPECT_FALSE(resolveTagReference(root, "weapons\\energy sword\\bitmaps\\glow", fourCC("glw!")));
  EXPECT_FALSE(resolveTagReference(root, "weapons\\..\\weapons\\energy sword\\bitmaps\\glow",
                                   fourCC("bitm")));
  EXPECT_FALSE(resolveTagReference(root, "\\weapons\\energy sword\\bitmaps\\glow", fourCC("bitm")));
  EXPECT_EQ(referencePathFor(root, bitmap), "Weapons\\Energy Sword\\bitmaps\\Glow");
  EXPECT_EQ(referencePathFor(root, dir / "elsewhere.bitmap"), "");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace fx::halo
