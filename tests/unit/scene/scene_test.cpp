#include <gtest/gtest.h>

#include <filesystem>

#include "engine/session/world.h"

namespace fx {
namespace {

std::unique_ptr<Preset> load(const char* text, Diagnostics& d) {
  return loadPresetFromJson(Json::parse(text), "presets/test.json", d);
}

TEST(Scene, LoadsTheDesignExample) {
  Diagnostics d;
  auto p = load(R"({
    "version": 1, "name": "Energy sword", "seed": 1,
    "simulation": {"mode": "tick", "rate": 30},
    "camera": {"position": [3, -4, 2], "target": [0, 0, 0.5], "fov_deg": 60},
    "background": {"r": 0.05, "g": 0.05, "b": 0.08},
    "objects": [{"name": "sword", "position": [0, 0, 0], "rotation": [0, 0, 0, 1],
      "markers": [{"name": "glow 1", "position": [0, 0, 0.2], "forward": [0, 0, 1], "up": [1, 0, 0]}],
      "functions": {"a": 0.0, "b": 1.0}}],
    "effects": []})",
                d);
  ASSERT_TRUE(p);
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  ASSERT_EQ(p->scene.objects.size(), 1u);
  const Marker& m = p->scene.objects[0].markers[0];
  // forward (+X) and up (+Z) given instead of a rotation.
  vec3 f = m.local.forward(), u = m.local.up();
  EXPECT_NEAR(f.z, 1.0f, 1e-5f);
  EXPECT_NEAR(u.x, 1.0f, 1e-5f);
  EXPECT_FLOAT_EQ(p->scene.objects[0].functions[1].value, 1.0f);
}

TEST(Scene, ErrorsCarryPointers) {
  Diagnostics d;
  auto p = load(R"({"version": 1, "simulation": {"mode": "sometimes"},
    "objects": [{"name": "a"}, {"name": "a", "position": [0, 0]}],
    "effects": [{"id": "x", "kind": "nope", "definition": {}}, {"id": "y", "kind": "halo_glow", "object": "missing", "definition": {}}]})",
                d);
  ASSERT_TRUE(p);
  std::string all = d.formatAll();
  EXPECT_NE(
      all.find(
          "presets/test.json: /simulation/mode: expected one of tick, frame, got \"sometimes\""),
      std::string::npos)
      << all;
  EXPECT_NE(all.find("presets/test.json: /objects/1/position: expected [x, y, z], got an array"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("presets/test.json: /objects/1/name: duplicate object name \"a\""),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("presets/test.json: /effects/0/kind: expected one of "), std::string::npos)
      << all;
  EXPECT_NE(
      all.find("presets/test.json: /effects/1/object: no object named \"missing\" in the scene"),
      std::string::npos)
      << all;
}

TEST(Scene, KeyframesInterpolateAndLoop) {
  Diagnostics d;
  auto p = load(R"({"version": 1, "objects": [{"name": "o", "keyframes": [
      {"time": 0, "position": [0, 0, 0]}, {"time": 2, "position": [4, 0, 0]}], "loop": true,
      "markers": [{"name": "m", "position": [0, 0, 1]}]}]})",
                d);
  ASSERT_TRUE(p);
  SceneState s;
  evaluateScene(p->scene, 1.0, s);
  EXPECT_NEAR(s.objects[0].world.position.x, 2.0f, 1e-5f);
  EXPECT_NEAR(s.objects[0].markers[0].world.position.z, 1.0f, 1e-5f);
  evaluateScene(p->scene, 3.0, s);  // loops over 2 s
  EXPECT_NEAR(s.objects[0].world.position.x, 2.0f, 1e-5f);
}

TEST(Scene, PeriodicObjectFunctionStartsAtOne) {
  // Reference halo notes §6.3: the normalized cosine "starts at 1 when t = 0".
  ObjectFunction f;
  f.source = ObjectFunctionSource::Periodic;
  f.function = PeriodicFunction::Cosine;
  EXPECT_NEAR(f.evaluate(0.0, 0), 1.0f, 0.01f);
  for (double t = 0; t < 10; t += 0.1) {
    float v = f.evaluate(t, 0);
    ASSERT_GE(v, 0.0f);
    ASSERT_LE(v, 1.0f);
  }
}

TEST(Scene, PathsMayNotLeaveThePresetFolder) {
  Diagnostics d;
  LoadContext lc{.baseDir = "presets", .rootDir = "presets", .file = "presets/p.json", .diags = &d};
  EXPECT_EQ(lc.resolvePath("../../etc/passwd", "/effects/0/definition"), "");
  ASSERT_EQ(d.errorCount(), 1u);
  EXPECT_EQ(format(d.items[0]),
            "presets/p.json: /effects/0/definition: path \"../../etc/passwd\" leaves the preset's "
            "folder and assets/ "
            "(pass --allow-any-path to allow it)");
  EXPECT_NE(lc.resolvePath("defs/rain.json", "/x"), "");
  lc.allowAnyPath = true;
  EXPECT_NE(lc.resolvePath("../../etc/passwd", "/x"), "");
}

TEST(Scene, APresetNamedWithoutAFolderMayUseItsOwnFolder) {
  // `fxview render p.json` from the preset's folder: "paths may not leave it" (effect.h), so a
  // definition beside it resolves; the folder is the current one.
  Diagnostics d;
  LoadContext lc{.baseDir = "", .rootDir = "", .file = "p.json", .diags = &d};
  EXPECT_EQ(std::filesystem::path(lc.resolvePath("defs/rain.json", "/effects/0/definition")),
            std::filesystem::path("defs/rain.json"));
  EXPECT_EQ(d.errorCount(), 0u);
  EXPECT_EQ(lc.resolvePath("../p.json", "/effects/0/definition"), "");
  EXPECT_EQ(d.errorCount(), 1u);
}

}  // namespace
}  // namespace fx
