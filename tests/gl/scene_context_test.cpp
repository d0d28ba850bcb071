// Scene context (issue 38 item 6): the backdrop as a vertical gradient fills the picture from the
// top colour to the bottom one, in `render` and through the console's `background`; a Wavefront
// OBJ reference mesh is drawn lit where its object places it (the preset's object, or `reference`
// at the console), a malformed one is an error naming the file and line, a missing one a warning;
// the viewer's grid and axes toggles persist in its settings.
#include <fstream>

#include "app/gui/app.h"
#include "app/gui/settings.h"
#include "engine/session/world.h"
#include "tests/gl/child_process.h"
#include "tests/gl/gl_fixture.h"

namespace scene_context_test {

using namespace fx;
namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("fxview-scene-context-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

// A scene with no effects, the camera 10 wu in front of the origin looking along +Y.
std::string presetText(const std::string& extra) {
  return R"({"version": 1, "camera": {"position": [0, -10, 0], "target": [0, 0, 0], "fov_deg": 60},
  "background": {"r": 0, "g": 0, "b": 0})" +
         extra + R"(, "effects": []})";
}

// The unit cube around the origin, OBJ's Y-up axes (a cube is the same either way).
constexpr const char* kCube = R"(# unit cube
v -0.5 -0.5 -0.5
v 0.5 -0.5 -0.5
v 0.5 0.5 -0.5
v -0.5 0.5 -0.5
v -0.5 -0.5 0.5
v 0.5 -0.5 0.5
v 0.5 0.5 0.5
v -0.5 0.5 0.5
f 1 2 3 4
f 5 8 7 6
f 1 5 6 2
f 2 6 7 3
f 3 7 8 4
f 4 8 5 1
)";

struct Picture {
  int w = 0, h = 0;
  std::vector<uint8_t> px;
  gltest::Rgba at(int x, int y) const { return gltest::pixel(px, w, x, y); }
};

Picture renderPreset(const fs::path& preset, const fs::path& out, const std::string& extra = "") {
  Picture p;
  fs::remove(out);
  EXPECT_EQ(gltest::runFxview("render '" + preset.string() + "' -o '" + out.string() +
                              "' --size 64x48" + extra),
            0);
  std::string error;
  EXPECT_TRUE(render::readPng(out, p.w, p.h, p.px, error)) << error;
  return p;
}

// The pixel (top-left origin) the world point lands on through the test presets' camera.
void project(vec3 p, int w, int h, int& x, int& y) {
  View v = makeView(vec3(0, -10, 0), vec3(0), 60.0f, vec2(float(w), float(h)));
  vec4 c = v.viewProjection * vec4(p, 1.0f);
  x = int((c.x / c.w * 0.5f + 0.5f) * float(w));
  y = int((0.5f - c.y / c.w * 0.5f) * float(h));
}

TEST(SceneContext, GradientBackdropRunsFromTheTopColourToTheBottomOne) {
  fs::path dir = scratch("gradient");
  write(dir / "g.json", presetText(R"(, "background_style": {"mode": "gradient",
      "top": {"r": 1, "g": 0, "b": 0}, "bottom": {"r": 0, "g": 0, "b": 1}})"));
  Picture p = renderPreset(dir / "g.json", dir / "g.png");
  ASSERT_EQ(p.h, 48);
  for (int x : {0, 31, 63}) {
    gltest::Rgba top = p.at(x, 0), bottom = p.at(x, 47), middle = p.at(x, 24);
    EXPECT_GT(top.r, 245) << x;
    EXPECT_LT(top.b, 10) << x;
    EXPECT_LT(bottom.r, 10) << x;
    EXPECT_GT(bottom.b, 245) << x;
    EXPECT_NEAR(middle.r, 128, 12) << x;
  }
  // The console's `background` does the same (render --exec), and `color` goes back to plain.
  write(dir / "plain.json", presetText(""));
  p = renderPreset(dir / "plain.json", dir / "c.png", " --exec 'background gradient 0 1 0 0 0 0'");
  EXPECT_GT(p.at(10, 0).g, 245);
  EXPECT_LT(p.at(10, 47).g, 10);
  p = renderPreset(dir / "plain.json", dir / "d.png",
                   " --exec 'background gradient 0 1 0 0 0 0; background color 0 0 1'");
  EXPECT_GT(p.at(10, 0).b, 250);
  EXPECT_LT(p.at(10, 0).g, 5);
}

TEST(SceneContext, ObjReferenceMeshIsDrawnWhereItIsPlaced) {
  fs::path dir = scratch("obj");
  write(dir / "cube.obj", kCube);
  write(dir / "ref.json", presetText(R"(, "objects": [{"name": "reference", "model": "cube.obj",
      "position": [3, 0, 1], "scale": 2}])"));
  Picture p = renderPreset(dir / "ref.json", dir / "ref.png");
  int x = 0, y = 0, ox = 0, oy = 0;
  project(vec3(3, 0, 1), p.w, p.h, x, y);
  project(vec3(-3, 0, -1), p.w, p.h, ox, oy);
  gltest::Rgba lit = p.at(x, y), empty = p.at(ox, oy);
  EXPECT_GT(lit.r + lit.g + lit.b, 150) << "the cube's face at " << x << "," << y;
  EXPECT_EQ(empty.r + empty.g + empty.b, 0) << "nothing at the mirrored point";
  // Placed from the console instead: the same picture.
  write(dir / "plain.json", presetText(""));
  Picture q =
      renderPreset(dir / "plain.json", dir / "q.png", " --exec 'reference cube.obj 3 0 1 2'");
  EXPECT_EQ(q.px, p.px);
}

TEST(SceneContext, MalformedObjIsAnErrorNamingTheFileAndLineAndAMissingOneAWarning) {
  fs::path dir = scratch("bad");
  write(dir / "bad.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n");
  write(dir / "bad.json", presetText(R"(, "objects": [{"name": "r", "model": "bad.obj"}])"));
  Diagnostics diags;
  auto preset = loadPreset(dir / "bad.json", diags);
  EXPECT_GE(diags.errorCount(), 1u);
  std::string all = diags.formatAll();
  EXPECT_NE(all.find("bad.obj:4: face index 9 names no vertex"), std::string::npos) << all;
  EXPECT_NE(all.find("/objects/0/model"), std::string::npos) << all;

  write(dir / "words.obj", "v 0 0 0\nv one 0 0\n");
  write(dir / "words.json", presetText(R"(, "objects": [{"name": "r", "model": "words.obj"}])"));
  Diagnostics d2;
  loadPreset(dir / "words.json", d2);
  EXPECT_NE(d2.formatAll().find("words.obj:2: a vertex needs 3 numbers"), std::string::npos)
      << d2.formatAll();

  write(dir / "missing.json", presetText(R"(, "objects": [{"name": "r", "model": "nope.obj"}])"));
  Diagnostics d3;
  auto ok = loadPreset(dir / "missing.json", d3);
  ASSERT_NE(ok, nullptr);
  EXPECT_EQ(d3.errorCount(), 0u) << d3.formatAll();
  EXPECT_NE(d3.formatAll().find("nope.obj"), std::string::npos) << d3.formatAll();
}

TEST(SceneContext, GridAndAxesToggleFromTheConsoleAndPersist) {
  gui::App app;
  auto st = parseConsoleLine("grid 1; axes 1; grid");
  ASSERT_EQ(st.size(), 3u);
  EXPECT_EQ(gui::viewerGrid(app, st[0]), "");
  EXPECT_EQ(gui::viewerAxes(app, st[1]), "");
  EXPECT_EQ(gui::viewerGrid(app, st[2]), "");
  EXPECT_EQ(app.consoleLog.back().text, "grid 1");
  DebugDraw debug;
  gui::addSceneContext(app, debug);
  EXPECT_GT(debug.lines.size(), 40u) << "a 21 x 21 grid and three axes";
  gui::ViewerSettings back = gui::settingsFromJson(gui::settingsToJson(app.settings));
  EXPECT_TRUE(back.sceneContext.grid);
  EXPECT_TRUE(back.sceneContext.axes);
  auto bad = parseConsoleLine("axes maybe");
  EXPECT_NE(gui::viewerAxes(app, bad[0]), "");
}

}  // namespace scene_context_test
