// Particle locations and attachment points against the seed's "Particle locations", "Attachment
// points" and "Frames and instances" sections, and the FNV-1 names of "The node header".
#include <gtest/gtest.h>

#include "engine/core/rng.h"
#include "engine/effects/destiny/location_frames.h"
#include "engine/effects/effect.h"
#include "engine/scene/scene.h"

namespace fx::destiny {
namespace {

Marker point(const std::string& name, vec3 pos, bool enabled = true) {
  Marker m;
  m.name = name;
  m.local.position = pos;
  m.enabled = enabled;
  return m;
}

struct World {
  Scene scene;
  SceneState state;
  FrameContext ctx;
  World() {
    SceneObject hydra;
    hydra.name = "hydra";
    hydra.transform.position = {0, 0, 1};
    hydra.transform.rotation = glm::angleAxis(kPi / 2, vec3(0, 0, 1));  // faces +Y
    hydra.markers = {
        point("primary_trigger", {0.5f, 0.4f, 0}), point("primary_trigger", {0.5f, -0.4f, 0}),
        point("primary_trigger", {0.5f, 0, 0.3f}, false), point("beacon", {0, 0, 0.5f})};
    SceneObject turret;
    turret.name = "turret";
    turret.transform.position = {5, 0, 0};
    turret.markers = {point("barrel", {1, 0, 0})};
    scene.objects = {hydra, turret};
    evaluateScene(scene, 0.0, state);
    ctx.scene = &state;
    ctx.object = state.find("hydra");
    ctx.linked = state.find("turret");
  }
};

std::vector<Transform> frames(const LocationSource& src, const FrameContext& ctx) {
  std::vector<Transform> out;
  sourceFrames(src, ctx, out, 64);
  return out;
}

LocationSource source(SourceKind kind, const std::string& name = "") {
  LocationSource s;
  s.kind = kind;
  s.name = name;
  return s;
}

// Seed: "A name that repeats gives one frame per row. ... A Hydra's two primary_trigger rows put
// one muzzle effect on each gun." and "A point source gives one frame per row of its name, and
// skips a row whose enable bit is clear."
TEST(LocationFrames, RepeatedPointNameGivesOneFramePerEnabledRow) {
  World w;
  auto f = frames(source(SourceKind::Point, "primary_trigger"), w.ctx);
  ASSERT_EQ(f.size(), 2u);  // the third row is disabled
  // The object faces +Y: local (0.5, 0.4, 0) lands at (-0.4, 0.5, 1).
  EXPECT_NEAR(f[0].position.x, -0.4f, 1e-5f);
  EXPECT_NEAR(f[0].position.y, 0.5f, 1e-5f);
  EXPECT_NEAR(f[1].position.x, 0.4f, 1e-5f);
  EXPECT_NEAR(f[1].position.z, 1.0f, 1e-5f);
  for (SourceKind k : {SourceKind::PointAlt, SourceKind::PointSecondPose})
    EXPECT_EQ(frames(source(k, "primary_trigger"), w.ctx).size(), 2u);
}

// Seed: "A lookup that finds no row gives no valid frame."
TEST(LocationFrames, MissingPointGivesNoFrame) {
  World w;
  EXPECT_TRUE(frames(source(SourceKind::Point, "secondary_trigger"), w.ctx).empty());
  EXPECT_TRUE(frames(source(SourceKind::Point, "0x60FECDD5"), w.ctx).empty());
  // A raw hash names the same point as its name.
  EXPECT_EQ(frames(source(SourceKind::Point, "0x60FECDD4"), w.ctx).size(), 2u);
}

// Seed: "The empty-name hash 0x811C9DC5 gives the object transform."
TEST(LocationFrames, EmptyNameGivesTheObjectTransform) {
  World w;
  auto f = frames(source(SourceKind::Point, ""), w.ctx);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_NEAR(glm::length(f[0].position - vec3(0, 0, 1)), 0.0f, 1e-6f);
  EXPECT_NEAR(std::abs(glm::dot(f[0].rotation, w.ctx.object->world.rotation)), 1.0f, 1e-6f);
}

// Seed: "0 the object's world transform"; "1 identity, so the frame is the world; named
// world_space".
TEST(LocationFrames, ObjectAndWorldSpace) {
  World w;
  auto o = frames(source(SourceKind::Object), w.ctx);
  ASSERT_EQ(o.size(), 1u);
  EXPECT_NEAR(o[0].forward().y, 1.0f, 1e-5f);
  auto ws = frames(source(SourceKind::WorldSpace), w.ctx);
  ASSERT_EQ(ws.size(), 1u);
  EXPECT_EQ(ws[0].position, vec3(0.0f));
  EXPECT_NEAR(ws[0].forward().x, 1.0f, 1e-6f);
}

// Seed: "10 back: the object frame turned 180 degrees about its Z"; "11 up: the object position
// with an upright frame"; "12 down".
TEST(LocationFrames, BackUpDown) {
  World w;
  auto back = frames(source(SourceKind::Back), w.ctx);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_NEAR(back[0].forward().y, -1.0f, 1e-5f);  // the object faces +Y; back faces -Y
  EXPECT_NEAR(back[0].up().z, 1.0f, 1e-5f);
  auto up = frames(source(SourceKind::Up), w.ctx);
  EXPECT_NEAR(up[0].forward().x, 1.0f, 1e-6f);
  EXPECT_NEAR(up[0].up().z, 1.0f, 1e-6f);
  EXPECT_NEAR(up[0].position.z, 1.0f, 1e-6f);
  auto down = frames(source(SourceKind::Down), w.ctx);
  EXPECT_NEAR(down[0].up().z, -1.0f, 1e-5f);
  EXPECT_NEAR(down[0].position.z, 1.0f, 1e-6f);
}

// Seed: "Source flag 0x80 rebuilds a frame upright while keeping its position."
TEST(LocationFrames, UprightFlagKeepsPosition) {
  World w;
  LocationSource s = source(SourceKind::Point, "beacon");
  s.upright = true;
  EXPECT_EQ(s.effectiveFlags(), 0x3Cu | 0x80u);  // kind 2 uses 0x3C
  auto f = frames(s, w.ctx);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_NEAR(f[0].position.z, 1.5f, 1e-6f);
  EXPECT_NEAR(f[0].forward().x, 1.0f, 1e-6f);
  s.upright = false;
  s.flags = 0x3C | 0x80;
  EXPECT_NEAR(frames(s, w.ctx)[0].forward().x, 1.0f, 1e-6f);
}

// Seed: "6 to 8 an attachment point on a linked object"; "13 to 25 runtime frames such as the
// camera, a projectile target or a beam target"; "Kinds 5 and 9 are not decoded."
TEST(LocationFrames, LinkedRuntimeAndUndecodedKinds) {
  World w;
  auto l = frames(source(SourceKind::LinkedPoint, "barrel"), w.ctx);
  ASSERT_EQ(l.size(), 1u);
  EXPECT_NEAR(l[0].position.x, 6.0f, 1e-6f);
  EXPECT_TRUE(frames(source(SourceKind::LinkedPoint, "primary_trigger"), w.ctx).empty());
  FrameContext noLink = w.ctx;
  noLink.linked = nullptr;
  EXPECT_TRUE(frames(source(SourceKind::LinkedPoint, "barrel"), noLink).empty());

  View view = makeView({1, -5, 2}, {0, 0, 1}, 60.0f, {640, 360});
  w.ctx.view = &view;
  auto cam = frames(source(SourceKind::Camera), w.ctx);
  ASSERT_EQ(cam.size(), 1u);
  EXPECT_NEAR(glm::length(cam[0].position - vec3(1, -5, 2)), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::dot(cam[0].forward(), view.forward), 1.0f, 1e-5f);
  w.ctx.target = w.state.find("turret");
  EXPECT_NEAR(frames(source(SourceKind::ProjectileTarget), w.ctx)[0].position.x, 5.0f, 1e-6f);
  EXPECT_NEAR(frames(source(SourceKind::BeamTarget), w.ctx)[0].position.x, 5.0f, 1e-6f);
  for (SourceKind k : {SourceKind::Undecoded5, SourceKind::Undecoded9, SourceKind::Runtime16,
                       SourceKind::Runtime25})
    EXPECT_TRUE(frames(source(k), w.ctx).empty());
}

// Seed: "A location joins the frames of its sources up to its count."
TEST(LocationFrames, LocationJoinsSourcesUpToItsCount) {
  World w;
  SequenceDefinition def;
  def.sources = {source(SourceKind::Point, "primary_trigger"), source(SourceKind::Point, "beacon"),
                 source(SourceKind::WorldSpace)};
  Location loc;
  loc.firstSource = 0;
  loc.sourceCount = 3;
  loc.count = 4;
  def.locations = {loc};
  std::vector<Transform> out;
  locationFrames(def, 0, w.ctx, out);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_NEAR(out[2].position.z, 1.5f, 1e-6f);  // the beacon after both triggers
  def.locations[0].count = 1;
  locationFrames(def, 0, w.ctx, out);
  EXPECT_EQ(out.size(), 1u);
  locationFrames(def, 7, w.ctx, out);  // no such location
  EXPECT_TRUE(out.empty());
}

// Seed: "Each source kind uses one flags value at source +4" (the table).
TEST(LocationFrames, DocumentedSourceFlags) {
  EXPECT_EQ(documentedSourceFlags(SourceKind::Object), 0x3F);
  EXPECT_EQ(documentedSourceFlags(SourceKind::WorldSpace), 0x5F);
  EXPECT_EQ(documentedSourceFlags(SourceKind::Point), 0x3C);
  EXPECT_EQ(documentedSourceFlags(SourceKind::LinkedPoint), 0x3C);
  EXPECT_EQ(documentedSourceFlags(SourceKind::PointSecondPose), 0x22);
  EXPECT_EQ(documentedSourceFlags(SourceKind::LinkedPointAlt), 0x36);
  EXPECT_EQ(documentedSourceFlags(SourceKind::Runtime17), 0x36);
  EXPECT_EQ(documentedSourceFlags(SourceKind::Undecoded5), 0x23);
  EXPECT_EQ(documentedSourceFlags(SourceKind::Down), 0x3F);
  EXPECT_EQ(documentedSourceFlags(SourceKind::BeamTarget), 0x3E);
  EXPECT_EQ(documentedSourceFlags(SourceKind::Runtime25), 0x26);
}

// Seed: "name hash, FNV-1, for example flames or sparks"; "The empty-name hash 0x811C9DC5"; the
// Hydra's primary_trigger is the seed's "missing point hash such as 0x60FECDD4".
TEST(SequenceNames, Fnv1HashesOfKnownNames) {
  EXPECT_EQ(fnv1(""), 0x811C9DC5u);
  EXPECT_EQ(fnv1("flames"), 0x24227C61u);
  EXPECT_EQ(fnv1("sparks"), 0x9160603Fu);
  EXPECT_EQ(fnv1("primary_trigger"), 0x60FECDD4u);
  EXPECT_EQ(fnv1("alive"), 0x270E8F60u);
  EXPECT_EQ(nameHash("0x60FECDD4"), 0x60FECDD4u);
  EXPECT_EQ(nameHash("flames"), fnv1("flames"));
}

TEST(SequenceNames, FinalizeShowsNameHashes) {
  SequenceDefinition def;
  def.flowNodes.resize(1);
  def.workNodes.resize(2);
  def.workNodes[0].header.name = "flames";
  def.workNodes[1].header.name = "";
  def.flowNodes[0].children = {{NodeKind::Work, 0, 1}, {NodeKind::Work, 1, 1}};
  def.channels = {{"alive", ""}};
  SequenceGraph g;
  Diagnostics d;
  LoadContext lc;
  lc.diags = &d;
  finalizeSequence(def, g, lc);
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  EXPECT_EQ(def.workNodes[0].header.nameHash, "0x24227C61");
  EXPECT_EQ(def.workNodes[1].header.nameHash, "0x811C9DC5");
  EXPECT_EQ(def.channels[0].nameHash, "0x270E8F60");
}

// Bad trees are errors with pointers, never crashes: out-of-range children, a node with two
// parents, cycles.
TEST(SequenceGraph, BadReferencesAreErrors) {
  SequenceDefinition def;
  def.flowNodes.resize(2);
  def.workNodes.resize(1);
  def.flowNodes[0].children = {{NodeKind::Work, 3, 1}, {NodeKind::Flow, 1, 1}};
  def.flowNodes[1].children = {{NodeKind::Flow, 1, 1}};
  SequenceGraph g;
  Diagnostics d;
  LoadContext lc;
  lc.file = "x.json";
  lc.pointer = "/effects/0/definition";
  lc.diags = &d;
  finalizeSequence(def, g, lc);
  ASSERT_TRUE(d.hasErrors());
  EXPECT_EQ(d.items[0].pointer, "/effects/0/definition/flow_nodes/0/children/0/index");
  EXPECT_EQ(d.items[0].message, "expected a work node index 0..0, got 3");
  bool sawTwice = false;
  for (const auto& it : d.items)
    sawTwice = sawTwice || it.pointer == "/effects/0/definition/flow_nodes/1/children/0";
  EXPECT_TRUE(sawTwice);
}

}  // namespace
}  // namespace fx::destiny
