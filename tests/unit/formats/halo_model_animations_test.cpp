// The model_animations reader (engine/formats/halo/model_animations.h; reference
// halo_animation_and_level.md §1): uncompressed frames and default data, the compressed blob
// (48-bit rotations, keyframes, the default blending in, holding after the last keyframe), the
// checks that name field path and offset, and posing a gbxmodel (world = parent x local, markers
// riding their nodes). Every tag is written here with fxview's own tag writer.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "engine/formats/halo/model_animations.h"

namespace fx::halo {
namespace {

// A rotation about +Z by `deg` degrees.
quat aboutZ(float deg) {
  return glm::angleAxis(glm::radians(deg), vec3(0, 0, 1));
}

// The signed angle about +Z of a rotation about Z, in degrees.
float angleZ(quat q) {
  if (q.w < 0) q = -q;
  return glm::degrees(2.0f * std::atan2(q.z, q.w));
}

// Two nodes: "frame" (root) and "blade" (child, 0.5 up), blade rotated and translated per frame.
Animation swing(int frames) {
  Animation a;
  a.name = "swing";
  a.nodeCount = 2;
  a.frameCount = uint16_t(frames);
  a.rotated.set(1);
  a.translated.set(1);
  a.frameSize = 20;
  std::vector<NodeTransform> pose(2);
  a.defaultData = encodeFrame(a, pose, true);
  for (int f = 0; f < frames; ++f) {
    pose[1].rotation = aboutZ(-4.0f * float(f));
    pose[1].translation = {0, 0, 0.5f + 0.01f * float(f)};
    std::vector<uint8_t> bytes = encodeFrame(a, pose, false);
    a.frameData.insert(a.frameData.end(), bytes.begin(), bytes.end());
  }
  return a;
}

ModelAnimations roundTrip(const ModelAnimations& in, Diagnostics& diags) {
  TagFile tag = modelAnimationsToTag(in);
  std::vector<uint8_t> bytes = serializeTag(tag);
  auto parsed = parseTag(bytes, "t.model_animations", diags);
  EXPECT_TRUE(parsed.has_value());
  auto out = readModelAnimations(*parsed, "t.model_animations", diags);
  return out.value_or(ModelAnimations{});
}

ModelAnimations sword(Animation a) {
  ModelAnimations m;
  m.nodes = {{"frame", -1}, {"blade", 0}};
  m.animations.push_back(std::move(a));
  return m;
}

TEST(HaloModelAnimations, UncompressedFramesRoundTrip) {
  Diagnostics diags;
  ModelAnimations m = roundTrip(sword(swing(20)), diags);
  ASSERT_FALSE(diags.hasErrors());
  ASSERT_EQ(m.animations.size(), 1u);
  const Animation& a = m.animations[0];
  EXPECT_EQ(a.name, "swing");
  EXPECT_EQ(a.frameCount, 20);
  EXPECT_EQ(m.nodes[1].name, "blade");
  EXPECT_EQ(m.nodes[1].parent, 0);
  for (int f = 0; f < 20; ++f) {
    std::vector<NodeTransform> pose = a.frame(f);
    EXPECT_NEAR(angleZ(pose[1].rotation), -4.0f * float(f), 0.01f) << f;
    EXPECT_NEAR(pose[1].translation.z, 0.5f + 0.01f * float(f), 1e-6f);
    EXPECT_NEAR(angleZ(pose[0].rotation), 0.0f, 1e-4f);  // from the default data
  }
  // Past the end: the last frame.
  EXPECT_NEAR(angleZ(a.frame(99)[1].rotation), -76.0f, 0.01f);
}

TEST(HaloModelAnimations, StoredRotationsAreInverted) {
  Animation a = swing(1);
  // Frame 0 stores the blade's rotation as i j k w int16; write +30 degrees about Z as stored.
  quat stored = glm::conjugate(aboutZ(30.0f));
  int16_t c[4] = {int16_t(std::lround(stored.x * 32767)), int16_t(std::lround(stored.y * 32767)),
                  int16_t(std::lround(stored.z * 32767)), int16_t(std::lround(stored.w * 32767))};
  for (int i = 0; i < 4; ++i) {
    a.frameData[size_t(2 * i)] = uint8_t(uint16_t(c[i]) >> 8);
    a.frameData[size_t(2 * i + 1)] = uint8_t(c[i]);
  }
  EXPECT_NEAR(angleZ(a.frame(0)[1].rotation), 30.0f, 0.01f);
  // All zero: identity.
  std::fill(a.frameData.begin(), a.frameData.begin() + 8, 0);
  EXPECT_NEAR(angleZ(a.frame(0)[1].rotation), 0.0f, 1e-6f);
}

// --- compressed ------------------------------------------------------------------------------

void putLe(std::vector<uint8_t>& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(uint8_t(v >> (8 * i)));
}
void putLeFloat(std::vector<uint8_t>& out, float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  putLe(out, u, 4);
}
// A true rotation as the stored 48 bits: conjugated, 12-bit i j k w from the top, as three
// little-endian words (high word first).
void put48(std::vector<uint8_t>& out, quat q) {
  q = glm::conjugate(q);
  auto c = [](float v) { return uint64_t(int64_t(std::lround(v * 2047.0f)) & 0xFFF); };
  uint64_t v = c(q.x) << 36 | c(q.y) << 24 | c(q.z) << 12 | c(q.w);
  putLe(out, (v >> 32) & 0xFFFF, 2);
  putLe(out, (v >> 16) & 0xFFFF, 2);
  putLe(out, v & 0xFFFF, 2);
}

// swing(20) compressed: the blade's rotation and translation keyed at frames 5, 10 and 19; the
// uncompressed region before the blob left zero, as in tags extracted from maps.
Animation compressedSwing() {
  Animation a = swing(20);
  a.flags = animation_flags::kCompressed;
  std::fill(a.frameData.begin(), a.frameData.end(), 0);
  a.compressedOffset = uint32_t(a.frameData.size());
  const int keys[] = {5, 10, 19};
  std::vector<uint8_t> rotation, translation;
  putLe(rotation, 3, 4);  // header: 3 keyframes from 0
  for (int k : keys) putLe(rotation, uint64_t(k), 2);
  put48(rotation, quat(1, 0, 0, 0)), put48(rotation, quat(1, 0, 0, 0));  // defaults
  for (int k : keys) put48(rotation, aboutZ(-4.0f * float(k)));
  putLe(translation, 3, 4);
  for (int k : keys) putLe(translation, uint64_t(k), 2);
  for (float z : {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.5f}) putLeFloat(translation, z);
  for (int k : keys)
    for (float v : {0.0f, 0.0f, 0.5f + 0.01f * float(k)}) putLeFloat(translation, v);
  // Offsets: rotation keyframes, defaults, values; translation headers, keyframes, defaults,
  // values; scale (empty) x 4.
  uint32_t r = 44;
  uint32_t at[11] = {r + 4, r + 10, r + 22, r + 40, 0, 0, 0, 0, 0, 0, 0};
  at[4] = at[3] + 4, at[5] = at[4] + 6, at[6] = at[5] + 24, at[7] = at[6] + 36;
  for (int i = 8; i < 11; ++i) at[i] = at[7];
  std::vector<uint8_t> blob;
  for (uint32_t o : at) putLe(blob, o, 4);
  blob.insert(blob.end(), rotation.begin(), rotation.end());
  blob.insert(blob.end(), translation.begin(), translation.end());
  a.frameData.insert(a.frameData.end(), blob.begin(), blob.end());
  return a;
}

TEST(HaloModelAnimations, CompressedKeyframesBlendAndHold) {
  Diagnostics diags;
  ModelAnimations m = roundTrip(sword(compressedSwing()), diags);
  ASSERT_FALSE(diags.hasErrors()) << diags.items[0].message;
  const Animation& a = m.animations.at(0);
  ASSERT_TRUE(a.compressed());
  // Frame 0 is the default; before the first keyframe it blends in (nlerp).
  EXPECT_NEAR(angleZ(a.frame(0)[1].rotation), 0.0f, 0.05f);
  EXPECT_NEAR(a.frame(0)[1].translation.z, 0.5f, 1e-6f);
  quat q5 = aboutZ(-20.0f);
  quat at2 = glm::normalize(quat(0.6f + 0.4f * q5.w, 0.4f * q5.x, 0.4f * q5.y, 0.4f * q5.z));
  EXPECT_NEAR(angleZ(a.frame(2)[1].rotation), angleZ(at2), 0.05f);
  EXPECT_NEAR(a.frame(2)[1].translation.z, 0.5f + 0.4f * 0.05f, 1e-6f);
  // On keyframes: the 12-bit values; between: blended; after the last: held.
  for (int k : {5, 10, 19}) EXPECT_NEAR(angleZ(a.frame(k)[1].rotation), -4.0f * float(k), 0.06f);
  EXPECT_NEAR(angleZ(a.frame(7)[1].rotation), -28.0f, 0.1f);
  EXPECT_NEAR(a.frame(7)[1].translation.z, 0.57f, 1e-5f);
  EXPECT_NEAR(a.frame(15)[1].translation.z, 0.6f + 0.09f * 5.0f / 9.0f, 1e-5f);
  EXPECT_NEAR(angleZ(a.frame(40)[1].rotation), -76.0f, 0.06f);
}

// --- errors name the field and the offset ---------------------------------------------------

std::string firstError(const ModelAnimations& m) {
  Diagnostics diags;
  roundTrip(m, diags);
  if (!diags.hasErrors()) return "";
  return diags.items[0].pointer + ": " + diags.items[0].message;
}

TEST(HaloModelAnimations, BadSizesAreErrors) {
  Animation a = swing(4);
  a.frameSize = 24;
  EXPECT_EQ(firstError(sword(a)).rfind("animations[0].frame_size: frame size 24 does not match", 0),
            0u);
  a = swing(4);
  a.frameData.resize(a.frameData.size() - 1);
  std::string e = firstError(sword(a));
  EXPECT_NE(e.find("animations[0].frame_data: 79 bytes, 4 frames of 20 need 80 (offset 0x"),
            std::string::npos)
      << e;
  a = swing(4);
  a.defaultData.resize(3);
  EXPECT_NE(
      firstError(sword(a)).find("animations[0].default_data: 3 bytes, the node flags need 28"),
      std::string::npos);
  a = swing(4);
  a.nodeCount = 65;
  EXPECT_NE(firstError(sword(a)).find("more than 64"), std::string::npos);
}

TEST(HaloModelAnimations, BadCompressedDataIsAnError) {
  Animation a = compressedSwing();
  a.compressedOffset = uint32_t(a.frameData.size() + 1);
  EXPECT_NE(firstError(sword(a)).find("is past the end of"), std::string::npos);
  a = compressedSwing();
  a.frameData[a.compressedOffset + 4] = 0xFF;  // second stream offset far past the end
  EXPECT_NE(firstError(sword(a)).find("compressed stream offset 1"), std::string::npos);
  a = compressedSwing();
  a.frameData[a.compressedOffset + 44] = 9;  // 9 rotation keyframes: more than stored
  EXPECT_NE(firstError(sword(a)).find("rotation keyframe header 0 (9 keyframes from 0) runs past"),
            std::string::npos);
  a = compressedSwing();
  a.frameData.resize(a.compressedOffset + 20);
  EXPECT_NE(firstError(sword(a)).find("less than its 44-byte header"), std::string::npos);
}

// --- posing ----------------------------------------------------------------------------------

GbxModel swordModel() {
  GbxModel model;
  model.nodes = {{"frame", kNoIndex, vec3(0), quat(1, 0, 0, 0)},
                 {"blade", 0, vec3(0, 0, 0.5f), quat(1, 0, 0, 0)}};
  ModelPermutation perm;
  perm.name = "__base";
  perm.markers = {{"glow", 1, vec3(1, 0, 0), quat(1, 0, 0, 0)}};
  model.regions = {{"__base", {perm}}};
  return model;
}

TEST(HaloModelAnimations, PoseIsParentTimesLocalAndMarkersRideTheirNodes) {
  GbxModel model = swordModel();
  std::vector<NodeTransform> locals = defaultLocals(model);
  locals[0].rotation = aboutZ(90.0f);
  locals[0].translation = {0, 0, 1};
  locals[1].rotation = aboutZ(-90.0f);
  locals[1].translation = {1, 0, 0};
  std::vector<Transform> pose = poseNodes(model, locals);
  // The blade sits 1 along the frame's +X, which points along world +Y.
  EXPECT_NEAR(glm::length(pose[1].position - vec3(0, 1, 1)), 0.0f, 1e-6f);
  EXPECT_NEAR(angleZ(pose[1].rotation), 0.0f, 1e-4f);
  std::vector<PlacedMarker> markers = placeMarkers(model, "__base", pose);
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_NEAR(glm::length(markers[0].model.position - vec3(1, 1, 1)), 0.0f, 1e-6f);
}

TEST(HaloModelAnimations, OverlayCombinesWithTheBase) {
  std::vector<NodeTransform> base(1), overlay(1);
  base[0].rotation = aboutZ(10.0f), base[0].translation = {1, 0, 0}, base[0].scale = 2.0f;
  overlay[0].rotation = aboutZ(5.0f), overlay[0].translation = {0, 1, 0}, overlay[0].scale = 3.0f;
  NodeTransform out = overlayPose(base, overlay)[0];
  EXPECT_NEAR(angleZ(out.rotation), 15.0f, 1e-4f);
  EXPECT_EQ(out.translation, vec3(1, 1, 0));
  EXPECT_EQ(out.scale, 3.0f);
}

TEST(HaloModelAnimations, NodeCountAndChecksumMustMatchTheModel) {
  GbxModel model = swordModel();
  Animation a = swing(2);
  EXPECT_EQ(animationMismatch(a, model), "");
  a.nodeCount = 3;
  EXPECT_EQ(animationMismatch(a, model), "animation \"swing\" has 3 nodes, the model 2");
  a.nodeCount = 2;
  a.nodeChecksum = 7;
  EXPECT_EQ(animationMismatch(a, model), "");  // the model has none
  model.nodeChecksum = 8;
  EXPECT_EQ(animationMismatch(a, model),
            "animation \"swing\" node list checksum 7 differs from the model's 8");
  a.nodeChecksum = 0;
  EXPECT_EQ(animationMismatch(a, model), "");
}

}  // namespace
}  // namespace fx::halo
