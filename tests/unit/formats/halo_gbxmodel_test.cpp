// Halo gbxmodels (engine/formats/halo/gbxmodel.h, gbxmodel_tag.h) written by fxview's own tag
// writer and read back: nodes in their default pose, markers per region -> permutation, and the
// mesh of the chosen permutation at its highest level of detail. Reference halo_tag_format.md §8:
// "Model quaternions are stored inverted. gbxmodel node default rotation and marker rotation hold
// the conjugate (i, j, k negated) of the rotation an artist modelled ... A marker's forward (+X)
// and up (+Z) in model space come from the conjugate of the stored value, composed with its
// node's default pose (nodes are in parent order: parent index 0xFFFF is the root)."
#include <gtest/gtest.h>

#include "engine/formats/halo/gbxmodel_tag.h"

namespace fx::halo::gbxmodel_test {
namespace {

// 90 degrees about +Z: +X -> +Y.
const quat kQuarterZ = glm::angleAxis(kPi / 2, vec3(0, 0, 1));

// Stores `q` the way the tag does: conjugated.
void setStoredRotation(const TagStruct& s, uint32_t off, quat q) {
  s.setQuat(off, glm::conjugate(q));
}

void expectNear(vec3 a, vec3 b) {
  EXPECT_NEAR(a.x, b.x, 1e-5f);
  EXPECT_NEAR(a.y, b.y, 1e-5f);
  EXPECT_NEAR(a.z, b.z, 1e-5f);
}

void addMarker(const TagStruct& perm, uint32_t index, const char* name, uint16_t node, vec3 at,
               quat q) {
  TagStruct m = perm.element("markers", index);
  m.setString(0x00, name);
  m.setUint16(0x20, node);
  setStoredRotation(m, 0x24, q);
  m.setVec3(0x34, at);
}

// Two nodes: "frame" (root) turned 90 degrees about Z, "blade" 1 wu along its parent's +X.
// One region "blade" with permutations "__base" (two "glow" markers on the blade) and "broken"
// (one "glow" marker on the frame). "__base" shows geometry 1 at super high and geometry 0 at
// low; geometry 1 is one part: a quad as a 4-index strip.
GbxModel writtenModel() {
  TagFile tag = makeTag(TagClass::Gbxmodel);
  TagStruct root = tag.root();
  root.resizeBlock("nodes", 2);
  TagStruct frame = root.element("nodes", 0);
  frame.setString(0x00, "frame");
  frame.setUint16(0x24, kNoIndex);
  setStoredRotation(frame, 0x34, kQuarterZ);
  TagStruct blade = root.element("nodes", 1);
  blade.setString(0x00, "blade");
  blade.setUint16(0x24, 0);
  blade.setVec3(0x28, {1, 0, 0});
  setStoredRotation(blade, 0x34, quat(1, 0, 0, 0));
  root.resizeBlock("regions", 1);
  TagStruct region = root.element("regions", 0);
  region.setString(0x00, "blade");
  region.resizeBlock("permutations", 2);
  TagStruct base = region.element("permutations", 0);
  base.setString(0x00, "__base");
  for (uint32_t l = 0; l < 5; ++l) base.setUint16(0x40 + 2 * l, kNoIndex);
  base.setUint16(0x42, 0);  // low
  base.setUint16(0x48, 1);  // super high
  base.resizeBlock("markers", 2);
  addMarker(base, 0, "glow", 1, {0, 1, 0}, kQuarterZ);
  addMarker(base, 1, "glow", 1, {0, 0, 0.5f}, quat(1, 0, 0, 0));
  TagStruct broken = region.element("permutations", 1);
  broken.setString(0x00, "broken");
  for (uint32_t l = 0; l < 5; ++l) broken.setUint16(0x40 + 2 * l, kNoIndex);
  broken.resizeBlock("markers", 1);
  addMarker(broken, 0, "glow", 0, {2, 0, 0}, quat(1, 0, 0, 0));
  root.resizeBlock("geometries", 2);
  for (uint32_t g = 0; g < 2; ++g) {
    TagStruct geometry = root.element("geometries", g);
    geometry.resizeBlock("parts", 1);
    TagStruct part = geometry.element("parts", 0);
    uint32_t n = g == 0 ? 3 : 4;
    part.resizeBlock("uncompressed_vertices", n);
    const vec3 corners[4] = {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}};
    for (uint32_t v = 0; v < n; ++v) {
      TagStruct vert = part.element("uncompressed_vertices", v);
      vert.setVec3(0x00, corners[v]);
      vert.setVec3(0x0C, {0, -1, 0});
    }
    part.resizeBlock("triangles", 2);  // strip 0 1 2 3, then padding
    TagStruct t0 = part.element("triangles", 0), t1 = part.element("triangles", 1);
    t0.setUint16(0, 0), t0.setUint16(2, 1), t0.setUint16(4, 2);
    t1.setUint16(0, g == 0 ? kNoIndex : 3), t1.setUint16(2, kNoIndex), t1.setUint16(4, kNoIndex);
  }
  Diagnostics diags;
  auto parsed = parseTag(serializeTag(tag), "sword.gbxmodel", diags);
  EXPECT_TRUE(parsed) << (diags.items.empty() ? "" : diags.items[0].message);
  return parsed ? gbxModelFromTag(*parsed) : GbxModel{};
}

TEST(HaloGbxmodel, StoredQuaternionsAreConjugatedOnRead) {
  GbxModel m = writtenModel();
  ASSERT_EQ(m.nodes.size(), 2u);
  EXPECT_EQ(m.nodes[0].parent, kNoIndex);
  EXPECT_EQ(m.nodes[1].parent, 0);
  EXPECT_NEAR(m.nodes[0].rotation.z, kQuarterZ.z, 1e-6f);  // the true rotation, not the stored one
  ASSERT_EQ(m.regions.size(), 1u);
  ASSERT_EQ(m.regions[0].permutations.size(), 2u);
  EXPECT_NEAR(m.regions[0].permutations[0].markers[0].rotation.z, kQuarterZ.z, 1e-6f);
}

TEST(HaloGbxmodel, DefaultPoseComposesParentsFirst) {
  std::vector<Transform> pose = defaultPose(writtenModel());
  ASSERT_EQ(pose.size(), 2u);
  // The blade sits 1 wu along the frame's +X, which the frame's quarter turn points along +Y.
  expectNear(pose[1].position, {0, 1, 0});
  expectNear(pose[1].forward(), {0, 1, 0});
}

TEST(HaloGbxmodel, MarkerWorldTransformsOfTheChosenPermutation) {
  GbxModel m = writtenModel();
  std::vector<PlacedMarker> base = placeMarkers(m, "__base");
  ASSERT_EQ(base.size(), 2u);
  // (0, 1, 0) on the blade: the frame's turn maps it to (-1, 0, 0), added to the blade's (0, 1, 0).
  expectNear(base[0].model.position, {-1, 1, 0});
  // Its own quarter turn on top of the frame's: +X points along -X.
  expectNear(base[0].model.forward(), {-1, 0, 0});
  expectNear(base[0].model.up(), {0, 0, 1});
  expectNear(base[1].model.position, {0, 1, 0.5f});
  EXPECT_EQ(base[1].name, "glow");
  std::vector<PlacedMarker> broken = placeMarkers(m, "broken");
  ASSERT_EQ(broken.size(), 1u);
  expectNear(broken[0].model.position, {0, 2, 0});
  EXPECT_EQ(broken[0].permutation, 1);
  // An unknown permutation name shows each region's first.
  EXPECT_EQ(placeMarkers(m, "no such").size(), 2u);
}

TEST(HaloGbxmodel, MeshUsesTheHighestDetailPresent) {
  GbxModel m = writtenModel();
  ModelMesh mesh = buildMesh(m, "__base");
  // Super high is geometry 1: the 4-vertex strip gives two triangles, not geometry 0's one.
  ASSERT_EQ(mesh.positions.size(), 4u);
  ASSERT_EQ(mesh.indices.size(), 6u);
  // The strip's second triangle flips its winding so both face the same way.
  EXPECT_EQ((std::vector<uint32_t>(mesh.indices.begin(), mesh.indices.end())),
            (std::vector<uint32_t>{0, 1, 2, 2, 1, 3}));
  expectNear(mesh.lo, {0, 0, 0});
  expectNear(mesh.hi, {1, 0, 1});
  expectNear(mesh.normals[0], {0, -1, 0});
  // "broken" names no geometry at all: an empty mesh.
  EXPECT_TRUE(buildMesh(m, "broken").empty());
}

TEST(HaloGbxmodel, HostileIndicesStayInBounds) {
  GbxModel m = writtenModel();
  // A marker on a node that does not exist is placed relative to the model origin.
  m.regions[0].permutations[0].markers[0].node = 99;
  expectNear(placeMarkers(m, "__base")[0].model.position, {0, 1, 0});
  // A node whose parent does not precede it is a root, so no order can loop.
  m.nodes[0].parent = 1;
  EXPECT_EQ(defaultPose(m).size(), 2u);
  // Strip indices past the vertices are skipped, geometry indices past the block too.
  m.geometries[1].parts[0].strip = {0, 1, 40000, 2, 3};
  EXPECT_TRUE(buildMesh(m, "__base").indices.empty());  // every triangle touches vertex 40000
  m.geometries[1].parts[0].strip = {0, 1, 2, 40000, 1, 2, 3};
  EXPECT_EQ(buildMesh(m, "__base").indices.size(), 6u);  // 0 1 2 and 1 2 3 survive
  m.regions[0].permutations[0].geometry = {kNoIndex, kNoIndex, kNoIndex, kNoIndex, 300};
  EXPECT_TRUE(buildMesh(m, "__base").empty());
}

TEST(HaloGbxmodel, CompressedNormalsUnpack) {
  // x = +1023 (11 bits), y = -1023, z = 0: (1, -1, 0).
  uint32_t packed = 1023u | (uint32_t(2048 - 1023) << 11);
  vec3 n = unpackCompressedNormal(packed);
  EXPECT_NEAR(n.x, 1.0f, 1e-6f);
  EXPECT_NEAR(n.y, -1.0f, 1e-6f);
  EXPECT_NEAR(n.z, 0.0f, 1e-6f);
}

}  // namespace
}  // namespace fx::halo::gbxmodel_test
