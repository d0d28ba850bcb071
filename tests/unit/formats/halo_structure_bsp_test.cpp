// The weather parts of a .scenario_structure_bsp (halo_animation_and_level.md §3): the palette
// (240-byte entries), each cluster's weather index and the weather polyhedra, read through the
// whole sbsp layout in file order. Tags here are assembled by fxview's own writer.
#include <gtest/gtest.h>

#include <cstring>

#include "engine/formats/halo/structure_bsp.h"
#include "engine/formats/halo/tag_file.h"

namespace fx::halo {
namespace {

uint32_t be32(const std::vector<uint8_t>& b, size_t at) {
  return uint32_t(b[at]) << 24 | uint32_t(b[at + 1]) << 16 | uint32_t(b[at + 2]) << 8 | b[at + 3];
}
float beFloat(const std::vector<uint8_t>& b, size_t at) {
  uint32_t u = be32(b, at);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

LevelWeather testLevel() {
  LevelWeather l;
  l.palette.push_back({"storm", "weather\\test\\storm", "", "weather\\test\\storm",
                       vec3(0.6f, 0.8f, 0.0f), 1.95f, "wind scale"});
  l.palette.push_back({"calm", "weather\\test\\storm", "", "", vec3(0.0f), 0.325f, ""});
  l.clusterWeather = {0, 1, kNoWeather};
  l.polyhedra.push_back({vec3(1.3f, 2.0f, 0.5f), 3.0f, {vec4(0, 0, 1, 2), vec4(0, 0, -1, 1)}});
  return l;
}

TEST(HaloStructureBsp, LayoutSizesAndOffsetsAreInvaders) {
  const TagClassInfo& c = tagClassInfo(TagClass::ScenarioStructureBsp);
  EXPECT_EQ(c.fourcc, fourCC("sbsp"));
  EXPECT_EQ(c.version, 5);
  EXPECT_EQ(c.root->size, 648u);
  EXPECT_EQ(c.root->fields[size_t(c.root->find("clusters"))].offset, 0x134u);
  EXPECT_EQ(c.root->fields[size_t(c.root->find("weather_palette"))].offset, 0x1B4u);
  EXPECT_EQ(c.root->fields[size_t(c.root->find("weather_polyhedra"))].offset, 0x1C0u);
  EXPECT_EQ(layouts::kStructureBspWeatherPalette.size, 240u);
  EXPECT_EQ(layouts::kStructureBspWeatherPolyhedron.size, 32u);
  EXPECT_EQ(layouts::kStructureBspCluster.size, 104u);
  EXPECT_EQ(findTagClassByExtension(".Scenario_Structure_BSP")->id, TagClass::ScenarioStructureBsp);
}

TEST(HaloStructureBsp, WritesAndReadsThePaletteClustersAndPolyhedra) {
  std::vector<uint8_t> bytes = serializeTag(levelWeatherToTag(testLevel()));
  // Header, root: counts at their documented offsets.
  EXPECT_EQ(be32(bytes, 0x24), fourCC("sbsp"));
  EXPECT_EQ(be32(bytes, 64 + 0x134), 3u);
  EXPECT_EQ(be32(bytes, 64 + 0x1B4), 2u);
  EXPECT_EQ(be32(bytes, 64 + 0x1C0), 1u);
  // Clusters come first in file order (104 bytes each); weather index at 0x08.
  size_t clusters = 64 + 648;
  EXPECT_EQ(bytes[clusters + 0x08] << 8 | bytes[clusters + 0x09], 0);
  EXPECT_EQ(bytes[clusters + 104 * 2 + 0x08], 0xFF);
  // Then the palette: name at 0x00, wind direction at 0x90, magnitude at 0x9C.
  size_t palette = clusters + 3 * 104;
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(&bytes[palette])), "storm");
  EXPECT_FLOAT_EQ(beFloat(bytes, palette + 0x90), 0.6f);
  EXPECT_FLOAT_EQ(beFloat(bytes, palette + 0x9C), 1.95f);
  EXPECT_EQ(be32(bytes, palette + 0x80), fourCC("wind"));

  Diagnostics d;
  auto tag = parseTag(bytes, "l.scenario_structure_bsp", d);
  ASSERT_TRUE(tag) << d.formatAll();
  LevelWeather back = levelWeatherFromTag(*tag, "l", d);
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  ASSERT_EQ(back.palette.size(), 2u);
  EXPECT_EQ(back.palette[0].name, "storm");
  EXPECT_EQ(back.palette[0].particleSystem, "weather\\test\\storm");
  EXPECT_EQ(back.palette[0].wind, "weather\\test\\storm");
  EXPECT_EQ(back.palette[0].windDirection, vec3(0.6f, 0.8f, 0.0f));
  EXPECT_FLOAT_EQ(back.palette[0].windMagnitude, 1.95f);
  EXPECT_EQ(back.palette[0].windScaleFunction, "wind scale");
  EXPECT_EQ(back.palette[1].wind, "");
  EXPECT_EQ(effectiveWindDirection(back.palette[1]), vec3(1, 0, 0));
  EXPECT_EQ(effectiveWindDirection(back.palette[0]), vec3(0.6f, 0.8f, 0.0f));
  EXPECT_EQ(back.clusterWeather, (std::vector<int>{0, 1, kNoWeather}));
  ASSERT_EQ(back.polyhedra.size(), 1u);
  EXPECT_EQ(back.polyhedra[0].center, vec3(1.3f, 2.0f, 0.5f));
  EXPECT_FLOAT_EQ(back.polyhedra[0].radius, 3.0f);
  EXPECT_EQ(back.polyhedra[0].planes, (std::vector<vec4>{vec4(0, 0, 1, 2), vec4(0, 0, -1, 1)}));
  // The reader keeps every byte.
  EXPECT_EQ(serializeTag(*tag), bytes);
}

// A real level has collision, lightmaps and clusters' own blocks before the palette in file
// order: the reader walks them to reach the weather.
TEST(HaloStructureBsp, ReachesTheWeatherPastTheLevelsOtherBlocks) {
  TagFile tag = levelWeatherToTag(testLevel());
  TagStruct root = tag.root();
  root.setReference("lightmaps_bitmap", "levels\\test\\bitmaps\\lightmaps");
  root.resizeBlock("collision_bsp", 1);
  root.element("collision_bsp", 0).resizeBlock("vertices", 5);
  root.resizeBlock("lightmaps", 1);
  TagStruct lm = root.element("lightmaps", 0);
  lm.resizeBlock("materials", 2);
  lm.element("materials", 1).setReference("shader", "levels\\test\\shaders\\floor");
  lm.element("materials", 1).data("uncompressed_vertices").assign(56 * 3, 0xAB);
  TagStruct cluster = root.element("clusters", 1);
  cluster.resizeBlock("subclusters", 1);
  cluster.element("subclusters", 0).resizeBlock("surface_indices", 4);
  root.data("sound_pas_data").assign(10, 1);
  root.resizeBlock("leaf_map_portals", 2);
  root.element("leaf_map_portals", 1).resizeBlock("vertices", 3);
  std::vector<uint8_t> bytes = serializeTag(tag);

  Diagnostics d;
  auto back = parseTag(bytes, "l.scenario_structure_bsp", d);
  ASSERT_TRUE(back) << d.formatAll();
  LevelWeather w = levelWeatherFromTag(*back, "l", d);
  ASSERT_EQ(w.palette.size(), 2u);
  EXPECT_EQ(w.palette[1].name, "calm");
  EXPECT_FLOAT_EQ(w.palette[1].windMagnitude, 0.325f);
  EXPECT_EQ(w.clusterWeather, (std::vector<int>{0, 1, kNoWeather}));
  EXPECT_EQ(w.polyhedra.at(0).planes.size(), 2u);
  EXPECT_EQ(serializeTag(*back), bytes);
}

TEST(HaloStructureBsp, BadBytesNameTheFieldAndOffset) {
  std::vector<uint8_t> bytes = serializeTag(levelWeatherToTag(testLevel()));
  // Cut inside the polyhedron's planes (the last thing in the file).
  std::vector<uint8_t> cut(bytes.begin(), bytes.end() - 8);
  Diagnostics d;
  EXPECT_FALSE(parseTag(cut, "l.scenario_structure_bsp", d));
  ASSERT_EQ(d.items.size(), 1u);
  std::string msg = format(d.items[0]);
  EXPECT_NE(msg.find("l.scenario_structure_bsp: weather_polyhedra[0].planes"), std::string::npos)
      << msg;
  EXPECT_NE(msg.find("offset 0x"), std::string::npos) << msg;
  // A huge palette count: past its maximum of 32.
  std::vector<uint8_t> huge = bytes;
  huge[64 + 0x1B4] = 0x7F;
  Diagnostics h;
  EXPECT_FALSE(parseTag(huge, "l.scenario_structure_bsp", h));
  EXPECT_NE(h.formatAll().find("weather_palette: block has"), std::string::npos) << h.formatAll();
  EXPECT_NE(h.formatAll().find("offset 0x1F4"), std::string::npos) << h.formatAll();
  // A cluster naming an entry past the palette.
  LevelWeather l = testLevel();
  l.clusterWeather[1] = 5;
  TagFile tag = levelWeatherToTag(l);
  Diagnostics c;
  LevelWeather back = levelWeatherFromTag(tag, "l.scenario_structure_bsp", c);
  EXPECT_EQ(back.clusterWeather[1], kNoWeather);
  EXPECT_EQ(c.formatAll(),
            "l.scenario_structure_bsp: clusters[1].weather: weather palette index 5 is past the "
            "palette's 2 entries\n");
}

}  // namespace
}  // namespace fx::halo
