// Particle systems draw back to front across the scene, as Stride orders them, on prefabs
// written here and drawn through the world (the path `render` and the viewer take):
//   Stride.Particles/Rendering/ParticleSystemRenderProcessor.cs (Draw): every enabled emitter is a
//     render object whose BoundingBox is ParticleSystem.GetAABB() and whose StateSortKey is
//     ((uint)DrawPriority) << 16;
//   Stride.Particles/ParticleSystem.cs (GetAABB): BoundingShape?.GetAABB(Translation, Rotation,
//     UniformScale) ?? new BoundingBox(Translation, Translation);
//   Stride.Particles/BoundingShapes/BoundingBoxStatic.cs, BoundingSphereStatic.cs (GetAABB);
//   Stride.Rendering/Rendering/SortModeDistance.cs (GenerateSortKey, reverseDistance for the
//     transparent stage): distance = DistancePlanePoint(Plane(viewInverse.Forward,
//     dot(camera position, Forward)), box centre) = dot(F, centre) - dot(eye, F); the key is
//     ComputeDistance(distance) inverted, its top 16 bits above the 32-bit state key; ties go by
//     the render object's index (SortKey.CompareTo: StableIndex).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "engine/effects/stride/stride_definition_class.h"
#include "engine/effects/stride/stride_draw_order.h"
#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_writeback.h"
#include "engine/session/world.h"
#include "tests/unit/stride/stride_prefab_util.h"

namespace fx::stride {
namespace {

using test::EmitterSpec;
using test::prefab;
using test::SystemSpec;

Json importPreset(const std::string& text) {
  Diagnostics d;
  auto r = stride_import::importText(text, "/nonexistent/order.sdprefab", "order.sdprefab", d);
  EXPECT_TRUE(r) << d.formatAll();
  EXPECT_FALSE(d.hasErrors()) << d.formatAll() << text;
  return r ? r->preset : Json();
}

// The camera at `eye` looking at `target`, both in Stride space.
View strideView(vec3 eye, vec3 target) {
  return makeView(strideToWorld(eye), strideToWorld(target), 60.0f, vec2(640, 360));
}

// The sprite count of each batch in draw order (each emitter here draws one batch): the
// world's, or with `alone` >= 0 that effect's own collect (the viewer frames a selection so).
std::vector<uint32_t> drawOrder(const std::vector<SystemSpec>& systems, const View& view,
                                int alone = -1) {
  Diagnostics d;
  auto preset =
      loadPresetFromJson(importPreset(prefab(systems)), "/nonexistent/order.sdprefab.json", d, {});
  EXPECT_TRUE(preset && !d.hasErrors()) << d.formatAll();
  if (!preset) return {};
  World world(*preset);
  world.setView(view);
  world.advanceTo(0.5);
  DrawList draw;
  DebugDraw debug;
  if (alone < 0)
    world.collect(draw, debug);
  else
    world.effects()[size_t(alone)].instance->collect(draw, debug, view, world.flags,
                                                     world.sceneState());
  std::vector<uint32_t> out;
  for (const SpriteBatch& b : draw.batches)
    if (b.count) out.push_back(b.count);
  return out;
}

const View kFromFront = strideView(vec3(0, 0, 10), vec3(0.0f));

TEST(StrideDrawOrder, TheFartherSystemDrawsFirstWhateverTheFileOrder) {
  // Near (2 particles) is listed first, Far (3) last: file order would draw Far over Near.
  std::vector<SystemSpec> systems = {{"Near", vec3(0, 0, 5), "null", {{0, 2}}},
                                     {"Far", vec3(0, 0, -5), "null", {{0, 3}}}};
  EXPECT_EQ(drawOrder(systems, kFromFront), (std::vector<uint32_t>{3, 2}));
  // Seen from the other side the order turns around.
  EXPECT_EQ(drawOrder(systems, strideView(vec3(0, 0, -10), vec3(0.0f))),
            (std::vector<uint32_t>{2, 3}));
}

TEST(StrideDrawOrder, SystemsAtNearlyOneDepthInterleaveTheirEmittersByDrawPriority) {
  // A at distance 10.02 and B at 10.01 share the key's top 16 distance bits, so every emitter
  // sorts by DrawPriority across both systems; equal keys keep A's emitters before B's.
  std::vector<SystemSpec> systems = {{"A", vec3(0, 0, -0.02f), "null", {{5, 1}, {0, 2}}},
                                     {"B", vec3(0, 0, -0.01f), "null", {{3, 3}, {0, 4}}}};
  EXPECT_EQ(drawOrder(systems, kFromFront), (std::vector<uint32_t>{2, 4, 3, 1}));
  // Clearly nearer, B draws after all of A.
  systems[1].position = vec3(0, 0, 1);
  EXPECT_EQ(drawOrder(systems, kFromFront), (std::vector<uint32_t>{2, 1, 4, 3}));
}

TEST(StrideDrawOrder, ABoundingShapeMovesThePointTheSystemSortsBy) {
  // A sits behind B, but its box's centre (z = 5) is in front of B (z = 2).
  std::vector<SystemSpec> systems = {
      {"A",
       vec3(0.0f),
       "!BoundingBoxStatic\n" + std::string(32, ' ') + "Minimum: {X: -1.0, Y: -1.0, Z: 4.0}\n" +
           std::string(32, ' ') + "Maximum: {X: 1.0, Y: 1.0, Z: 6.0}",
       {{0, 2}}},
      {"B", vec3(0, 0, 2), "null", {{0, 3}}}};
  EXPECT_EQ(drawOrder(systems, kFromFront), (std::vector<uint32_t>{3, 2}));
  // A sphere's box is centred on the system: A sorts by its position again.
  systems[0].bounds = "!BoundingSpheretatic\n" + std::string(32, ' ') + "Radius: 3.0";
  EXPECT_EQ(drawOrder(systems, kFromFront), (std::vector<uint32_t>{2, 3}));
}

// VisibilityGroup.TryCollect culls a render object whose BoundingBox has some extent and lies
// outside the frustum (FrustumContainsBox); an empty box (no BoundingShape) is never culled.
TEST(StrideDrawOrder, ASystemWhoseBoundingShapeLeavesTheViewIsNotDrawn) {
  std::string in(32, ' ');
  std::vector<SystemSpec> systems = {
      {"A",
       vec3(0.0f),
       "!BoundingBoxStatic\n" + in + "Minimum: {X: 20.0, Y: -1.0, Z: -1.0}\n" + in +
           "Maximum: {X: 22.0, Y: 1.0, Z: 1.0}",
       {{0, 2}}},
      {"B", vec3(0.0f), "null", {{0, 3}}}};
  EXPECT_EQ(drawOrder(systems, kFromFront), (std::vector<uint32_t>{3}));
  // The system alone (framing a selection in the viewer) is never culled.
  EXPECT_EQ(drawOrder(systems, kFromFront, 0), (std::vector<uint32_t>{2}));
  // Turned towards the box, the camera sees it: A is drawn, first (its box is the farther).
  EXPECT_EQ(drawOrder(systems, strideView(vec3(10, 0, 10), vec3(21, 0, 0))),
            (std::vector<uint32_t>{2, 3}));
}

TEST(StrideDrawOrder, TheKeyIsTheInvertedDistanceTopBitsAboveThePriority) {
  // ComputeDistance sorts as the float does, negative distances included.
  EXPECT_LT(distanceKey(-2.0f), distanceKey(-1.0f));
  EXPECT_LT(distanceKey(-1.0f), distanceKey(0.0f));
  EXPECT_LT(distanceKey(0.0f), distanceKey(0.5f));
  EXPECT_EQ(distanceKey(1.0f), 0x3F800000u | 0x80000000u);
  // Farther first; within one 16-bit distance step the priority decides.
  EXPECT_LT(backToFrontKey(20.0f, 0), backToFrontKey(10.0f, 0));
  EXPECT_LT(backToFrontKey(10.02f, 0), backToFrontKey(10.01f, 1));
  EXPECT_GT(backToFrontKey(10.02f, 1), backToFrontKey(10.01f, 0));
  EXPECT_EQ(backToFrontKey(10.0f, 7) & 0xFFFFFFFFu, 7u << 16);
  EXPECT_EQ(backToFrontKey(10.0f, 0) >> 32, uint64_t(~(0x41200000u | 0x80000000u) >> 16));
}

TEST(StrideDrawOrder, TheBoxStartsAtItsUnrotatedCentreThenTakesTheRotatedCorners) {
  // BoundingBoxStatic.GetAABB: min = max = (Minimum + Maximum) / 2 before the corners are
  // rotated in, so a half turn about Y of the box 1..3 spans -3..2 on X and Z, not -3..-1.
  SystemBounds b;
  b.type = BoundsKind::Box;
  b.minimum = vec3(1.0f);
  b.maximum = vec3(3.0f);
  Transform c;
  c.rotation = glm::angleAxis(kPi, vec3(0, 1, 0));
  c.scale = 2.0f;
  c.position = vec3(10, 0, 0);
  vec3 lo, hi;
  systemAabb(b, c, lo, hi);
  EXPECT_NEAR(lo.x, -3.0f * 2 + 10, 1e-4f);
  EXPECT_NEAR(hi.x, 2.0f * 2 + 10, 1e-4f);
  EXPECT_NEAR(lo.y, 1.0f * 2, 1e-4f);
  EXPECT_NEAR(hi.y, 3.0f * 2, 1e-4f);
  EXPECT_NEAR(lo.z, -3.0f * 2, 1e-4f);
  EXPECT_NEAR(hi.z, 2.0f * 2, 1e-4f);
  // BoundingSphereStatic: +-Radius x scale about the translation; none: the translation.
  b.type = BoundsKind::Sphere;
  b.radius = 1.5f;
  systemAabb(b, c, lo, hi);
  EXPECT_EQ(lo, vec3(7, -3, -3));
  EXPECT_EQ(hi, vec3(13, 3, 3));
  b.type = BoundsKind::None;
  systemAabb(b, c, lo, hi);
  EXPECT_EQ(lo, c.position);
  EXPECT_EQ(hi, c.position);
}

// BoundingShape.DebugDraw ("Display the Bounding shape's bounds as a wireframe debug shape"):
// the box the system sorts and culls by, as 12 lines, drawn also when every module shape is.
TEST(StrideDrawOrder, ABoundingShapeWithDebugDrawShowsItsBox) {
  std::string in(32, ' ');
  auto lines = [&](const std::string& debugDraw, bool allShapes) {
    std::vector<SystemSpec> systems = {{"A",
                                        vec3(0, 0, 1),
                                        "!BoundingBoxStatic\n" + in + "DebugDraw: " + debugDraw +
                                            "\n" + in + "Minimum: {X: -1.0, Y: -2.0, Z: -3.0}\n" +
                                            in + "Maximum: {X: 1.0, Y: 2.0, Z: 3.0}",
                                        {{0, 1}}}};
    Diagnostics d;
    auto preset = loadPresetFromJson(importPreset(prefab(systems)),
                                     "/nonexistent/order.sdprefab.json", d, {});
    if (!preset) return std::vector<vec3>{};
    World world(*preset);
    world.flags.moduleShapes = allShapes;
    world.setView(kFromFront);
    world.advanceTo(0.1);
    DrawList draw;
    DebugDraw debug;
    world.collect(draw, debug);
    std::vector<vec3> out;
    for (const DebugVertex& v : debug.lines) out.push_back(v.position);
    return out;
  };
  EXPECT_TRUE(lines("false", false).empty());
  std::vector<vec3> box = lines("true", false);
  ASSERT_EQ(box.size(), 24u);
  // Stride's -1..1, -2..2, 1-3..1+3 is fxview's x -1..1, y -(1+3)..-(1-3), z -2..2.
  vec3 lo(1e9f), hi(-1e9f);
  for (vec3 p : box) lo = glm::min(lo, p), hi = glm::max(hi, p);
  EXPECT_EQ(lo, vec3(-1, -4, -2));
  EXPECT_EQ(hi, vec3(1, 2, 2));
  EXPECT_EQ(lines("false", true).size(), 24u);
}

const Json& boundsOf(const Json& preset, size_t i = 0) {
  return preset["effects"][i]["definition"]["bounds"];
}

TEST(StrideDrawOrder, BoundingShapesImportAndWriteBack) {
  std::string in(32, ' ');
  std::vector<SystemSpec> systems = {
      {"Box",
       vec3(0.0f),
       "!BoundingBoxStatic\n" + in + "DebugDraw: true\n" + in +
           "Minimum: {X: -1.0, Y: -2.0, Z: -3.0}\n" + in + "Maximum: {X: 1.0, Y: 2.0, Z: 3.0}",
       {{0, 1}}},
      {"Sphere", vec3(0.0f), "!BoundingSpheretatic\n" + in + "Radius: 3.0", {{0, 2}}},
      {"None", vec3(0.0f), "null", {{0, 3}}}};
  const std::string text = prefab(systems);
  Json preset = importPreset(text);
  EXPECT_EQ(boundsOf(preset, 0)["type"], "box");
  EXPECT_EQ(boundsOf(preset, 0)["minimum"], Json::array({-1.0, -2.0, -3.0}));
  EXPECT_EQ(boundsOf(preset, 0)["maximum"], Json::array({1.0, 2.0, 3.0}));
  EXPECT_EQ(boundsOf(preset, 0)["debug_draw"], true);
  EXPECT_EQ(boundsOf(preset, 1)["type"], "sphere");
  EXPECT_EQ(boundsOf(preset, 1)["radius"], 3.0);
  EXPECT_FALSE(preset["effects"][2]["definition"].contains("bounds"));

  // Unedited: the same bytes. An edited corner or radius: only its text.
  Diagnostics d;
  auto out = stride_import::writeBack(text, "/nonexistent/order.sdprefab", "order.sdprefab", preset,
                                      "order.json", d);
  ASSERT_TRUE(out) << d.formatAll();
  EXPECT_EQ(*out, text);
  Json edited = preset;
  edited["effects"][0]["definition"]["bounds"]["maximum"][2] = 4.5;
  edited["effects"][1]["definition"]["bounds"]["radius"] = 2.0;
  out = stride_import::writeBack(text, "/nonexistent/order.sdprefab", "order.sdprefab", edited,
                                 "order.json", d);
  ASSERT_TRUE(out) << d.formatAll();
  std::string expected = text;
  expected.replace(expected.find("Maximum: {X: 1.0, Y: 2.0, Z: 3.0}"), 33,
                   "Maximum: {X: 1.0, Y: 2.0, Z: 4.5}");
  expected.replace(expected.find("Radius: 3.0"), 11, "Radius: 2.0");
  EXPECT_EQ(*out, expected);

  // Another kind of shape has no text to change: refused, nothing written.
  edited = preset;
  edited["effects"][2]["definition"]["bounds"] = {{"type", "sphere"}, {"radius", 1.0}};
  Diagnostics refused;
  out = stride_import::writeBack(text, "/nonexistent/order.sdprefab", "order.sdprefab", edited,
                                 "order.json", refused);
  EXPECT_TRUE(refused.hasErrors());
  EXPECT_NE(refused.formatAll().find("/effects/2/definition/bounds"), std::string::npos)
      << refused.formatAll();
}

}  // namespace
}  // namespace fx::stride
