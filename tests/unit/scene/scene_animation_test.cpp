// A scene object playing a model_animations animation on its gbxmodel ("animation": {"tag",
// "name", "loop"}; engine/import/halo/model_poses.h; the issue: "30 frames per second (25 with the
// PAL flag), one frame per tick; a non-looping animation holds its last frame. The node count (and
// checksum, when both are non-zero) must match the model"), and a glow on it: "order and length
// from the first pose only, the path following the markers after". Model and animations are
// written with fxview's own tag writers into a temporary tags folder.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include <unistd.h>

#include "engine/formats/halo/gbxmodel_tag.h"
#include "engine/formats/halo/model_animations.h"
#include "engine/session/world.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

// Nodes "frame" (root) and "blade" (0.5 above it). Three "glow" markers, each +X pointing at the
// next one up (+Z): the first on the frame node, the other two on the blade.
halo::GbxModel bladeModel() {
  halo::GbxModel m;
  m.nodes = {{"frame", halo::kNoIndex, vec3(0), quat(1, 0, 0, 0)},
             {"blade", 0, vec3(0, 0, 0.5f), quat(1, 0, 0, 0)}};
  quat up = glm::angleAxis(glm::radians(-90.0f), vec3(0, 1, 0));  // +X -> +Z
  halo::ModelPermutation perm;
  perm.name = "__base";
  perm.markers = {{"glow", 0, vec3(0, 0, 0.2f), up},
                  {"glow", 1, vec3(0, 0, 0.1f), up},
                  {"glow", 1, vec3(0, 0, 0.4f), up}};
  m.regions = {{"__base", {perm}}};
  return m;
}

// "swing": the blade turns about +X by 3 degrees a frame and rises 0.01 a frame.
halo::Animation swing(int frames, uint16_t flags = 0) {
  halo::Animation a;
  a.name = "swing";
  a.nodeCount = 2;
  a.frameCount = uint16_t(frames);
  a.flags = flags;
  a.rotated.set(1), a.translated.set(1);
  a.frameSize = 20;
  std::vector<halo::NodeTransform> pose(2);
  a.defaultData = halo::encodeFrame(a, pose, true);
  for (int f = 0; f < frames; ++f) {
    pose[1].rotation = glm::angleAxis(glm::radians(3.0f * float(f)), vec3(1, 0, 0));
    pose[1].translation = {0, 0, 0.5f + 0.01f * float(f)};
    auto bytes = halo::encodeFrame(a, pose, false);
    a.frameData.insert(a.frameData.end(), bytes.begin(), bytes.end());
  }
  return a;
}

struct TempTags {
  fs::path dir = fs::temp_directory_path() / ("fxview_scene_anim_" + std::to_string(::getpid()));
  fs::path tags = dir / "tags";
  TempTags() {
    fs::create_directories(tags / "fx");
    EXPECT_EQ(halo::saveTag(tags / "fx/blade.gbxmodel", halo::gbxModelToTag(bladeModel())), "");
    halo::ModelAnimations anims;
    anims.nodes = {{"frame", -1}, {"blade", 0}};
    anims.animations = {swing(20), swing(10, halo::animation_flags::kPal)};
    anims.animations[1].name = "pal";
    anims.animations.push_back(swing(4));
    anims.animations[2].name = "three nodes";
    anims.animations[2].nodeCount = 3;
    anims.animations[2].frameSize = 20;
    anims.animations[2].defaultData.resize(3 * 24 - 20);
    // "collapse": the blade sinks 0.1 a frame, so at frame 4 its first marker (0.1 along it)
    // sits on the frame node's marker (0.2 up).
    halo::Animation collapse = swing(5);
    collapse.name = "collapse";
    collapse.frameData.clear();
    std::vector<halo::NodeTransform> pose(2);
    for (int f = 0; f < 5; ++f) {
      pose[1].translation = {0, 0, 0.5f - 0.1f * float(f)};
      auto bytes = halo::encodeFrame(collapse, pose, false);
      collapse.frameData.insert(collapse.frameData.end(), bytes.begin(), bytes.end());
    }
    anims.animations.push_back(collapse);
    EXPECT_EQ(halo::saveTag(tags / "fx/blade.model_animations", halo::modelAnimationsToTag(anims)),
              "");
  }
  ~TempTags() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

Json sceneJson(const Json& animation, const Json& effects = Json::array()) {
  Json j = {{"version", 1},
            {"simulation", {{"mode", "tick"}, {"rate", 30}}},
            {"objects", Json::array({{{"name", "sword"}, {"model", "fx/blade.gbxmodel"}}})},
            {"effects", effects}};
  if (!animation.is_null()) j["objects"][0]["animation"] = animation;
  return j;
}

vec3 markerAt(const Preset& p, double t, size_t m) {
  SceneState s;
  evaluateScene(p.scene, t, s);
  return s.objects[0].markers[m].world.position;
}

int frameAt(const Preset& p, double t) {
  SceneState s;
  evaluateScene(p.scene, t, s);
  return s.objects[0].modelFrame;
}

TEST(SceneAnimation, MarkersRideTheirNodesFrameByFrame) {
  TempTags t;
  Diagnostics d;
  auto p = loadPresetFromJson(sceneJson({{"tag", "fx/blade.model_animations"}, {"name", "swing"}}),
                              t.tags / "scene.json", d);
  ASSERT_TRUE(p);
  ASSERT_TRUE(d.items.empty()) << d.formatAll();
  // Frame 0: as authored on the blade (0.5 up, then 0.1 along it).
  EXPECT_NEAR(glm::length(markerAt(*p, 0.0, 1) - vec3(0, 0, 0.6f)), 0.0f, 1e-5f);
  // Frame 10 (1/3 s): the blade turned 30 degrees about +X and rose to 0.6.
  vec3 expect =
      vec3(0, 0, 0.6f) + glm::angleAxis(glm::radians(30.0f), vec3(1, 0, 0)) * vec3(0, 0, 0.4f);
  EXPECT_EQ(frameAt(*p, 10.0 / 30.0), 10);
  EXPECT_NEAR(glm::length(markerAt(*p, 10.0 / 30.0, 2) - expect), 0.0f, 1e-4f);
  // The marker on the frame node stays.
  EXPECT_NEAR(glm::length(markerAt(*p, 10.0 / 30.0, 0) - vec3(0, 0, 0.2f)), 0.0f, 1e-6f);
  // Looping (the default): after frame 19 comes frame 0 again.
  EXPECT_EQ(frameAt(*p, 19.5 / 30.0), 19);
  EXPECT_EQ(frameAt(*p, 20.5 / 30.0), 0);
  EXPECT_EQ(frameAt(*p, 25.5 / 30.0), 5);
  EXPECT_EQ(p->scene.objects[0].poses->animations.size(), 4u);
}

TEST(SceneAnimation, NonLoopingHoldsItsLastFrameAndPalRunsAt25) {
  TempTags t;
  Diagnostics d;
  auto once = loadPresetFromJson(
      sceneJson({{"tag", "fx/blade.model_animations"}, {"name", "swing"}, {"loop", false}}),
      t.tags / "scene.json", d);
  ASSERT_TRUE(once);
  EXPECT_EQ(frameAt(*once, 5.0), 19);
  auto pal = loadPresetFromJson(sceneJson({{"tag", "fx/blade.model_animations"}, {"name", "pal"}}),
                                t.tags / "scene.json", d);
  ASSERT_TRUE(pal);
  EXPECT_EQ(frameAt(*pal, 0.41), 10 % 10);  // 25 fps: frame 10 wraps to 0 at 0.4 s
  EXPECT_EQ(frameAt(*pal, 0.39), 9);
  EXPECT_TRUE(d.items.empty()) << d.formatAll();
}

TEST(SceneAnimation, NodeMismatchAndUnknownNamesAreErrors) {
  TempTags t;
  Diagnostics d;
  loadPresetFromJson(sceneJson({{"tag", "fx/blade.model_animations"}, {"name", "three nodes"}}),
                     t.tags / "scene.json", d);
  ASSERT_TRUE(d.hasErrors());
  EXPECT_EQ(d.items[0].pointer, "/objects/0/animation/name");
  EXPECT_EQ(d.items[0].message, "animation \"three nodes\" has 3 nodes, the model 2");
  Diagnostics u;
  loadPresetFromJson(sceneJson({{"tag", "fx/blade.model_animations"}, {"name", "spin"}}),
                     t.tags / "scene.json", u);
  ASSERT_TRUE(u.hasErrors());
  EXPECT_EQ(u.items[0].message,
            "no animation named \"spin\" (the tag has \"swing\", \"pal\", \"three nodes\", "
            "\"collapse\")");
  Diagnostics missing;
  auto p = loadPresetFromJson(sceneJson({{"tag", "fx/none.model_animations"}}),
                              t.tags / "scene.json", missing);
  ASSERT_TRUE(p);
  ASSERT_EQ(missing.items.size(), 1u);
  EXPECT_EQ(missing.items[0].pointer, "/objects/0/animation/tag");
  EXPECT_NE(missing.items[0].message.find("the model keeps its default pose"), std::string::npos);
}

TEST(SceneAnimation, AGlowKeepsItsFirstPathLengthAndFollowsTheMarkers) {
  TempTags t;
  Json glow = {{"id", "g"},
               {"kind", "halo_glow"},
               {"object", "sword"},
               {"definition",
                {{"attachment_marker", "glow"},
                 {"number_of_particles", 12},
                 {"effect_translational_velocity", 0.2},
                 {"effect_rotational_velocity", 1.0},
                 {"texture", ""}}}};
  Diagnostics d;
  auto p = loadPresetFromJson(
      sceneJson({{"tag", "fx/blade.model_animations"}, {"name", "swing"}, {"loop", false}},
                Json::array({glow})),
      t.tags / "scene.json", d);
  ASSERT_TRUE(p) << d.formatAll();
  World world(*p);
  world.advanceTo(0.1);
  auto length = [&] {
    for (const auto& [k, v] : world.stats(0).values)
      if (k == "path_length") return v;
    return -1.0;
  };
  // The pose at the glow's first update (tick 1, frame 1: the blade 0.51 up, turned 3 degrees):
  // 0.2 -> the blade's first marker -> 0.3 further along the blade.
  quat r = glm::angleAxis(glm::radians(3.0f), vec3(1, 0, 0));
  vec3 m1 = vec3(0, 0, 0.51f) + r * vec3(0, 0, 0.1f);
  double first = double(glm::length(m1 - vec3(0, 0, 0.2f))) + 0.3;
  EXPECT_NEAR(length(), first, 1e-5);
  world.advanceTo(1.0);  // frame 19: the blade rose 0.19 (the first chord is longer now)
  EXPECT_NEAR(length(), first, 1e-5);
  // The particles moved with the blade: it turned 57 degrees about +X, so the path's top end
  // swung toward -Y (to y = -0.34); at the first pose every particle sat near the Z axis.
  Json dump;
  world.dump(dump);
  ASSERT_FALSE(dump["effects"][0]["particles"].empty());
  float lowest = 0.0f;
  for (const auto& part : dump["effects"][0]["particles"])
    lowest = std::min(lowest, part["position"][1].get<float>());
  EXPECT_LT(lowest, -0.2f);
}

// "some frames put the path into a bad shape": check lints every frame of the animation.
TEST(SceneAnimation, AFrameWithCoincidentMarkersIsReported) {
  TempTags t;
  Json glow = {{"id", "g"},
               {"kind", "halo_glow"},
               {"object", "sword"},
               {"definition", {{"attachment_marker", "glow"}, {"number_of_particles", 4}}}};
  Diagnostics d;
  auto p = loadPresetFromJson(
      sceneJson({{"tag", "fx/blade.model_animations"}, {"name", "collapse"}}, Json::array({glow})),
      t.tags / "scene.json", d);
  ASSERT_TRUE(p) << d.formatAll();
  Diagnostics lint;
  lintPreset(*p, lint);
  bool found = false;
  for (const Diagnostic& item : lint.items)
    found =
        found || (item.code == "render_cameras.c#1086" &&
                  item.message.rfind("at frame 4 (0.15 s) the animated markers #0 and #1", 0) == 0);
  EXPECT_TRUE(found) << lint.formatAll();
}

}  // namespace
}  // namespace fx
