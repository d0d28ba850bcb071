// Golden images: presets rendered headless and compared with tests/golden/<name>.png under a
// max-per-pixel and a mean threshold (STYLE §10). The list is data: tests/golden/goldens.json,
// one entry per preset (format and comparison in tests/gl/golden.h).
// On failure, or always with FXVIEW_GOLDEN_WRITE=1, the actual image and an amplified diff go to
// <build>/golden-actual/<name>.png and <name>.diff.png; tools/approve-goldens.sh copies actuals
// into tests/golden/. The test names are the entry names; rebuild fxview_gl_tests after editing
// goldens.json so ctest discovers new entries.
#include <cmath>
#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

#include "engine/session/world.h"
#include "tests/gl/gl_fixture.h"
#include "tests/gl/golden.h"

namespace fx {
namespace {

using gltest::Golden;

std::vector<Golden> loadGoldens() {
  return gltest::loadGoldens(gltest::sourceDir() / "tests/golden/goldens.json");
}

class GoldenTest : public ::testing::TestWithParam<Golden> {};

std::vector<uint8_t> renderPreset(const Golden& g, std::vector<std::string>& warnings) {
  Diagnostics diags;
  auto preset = loadPreset(gltest::sourceDir() / g.preset, diags);
  EXPECT_TRUE(preset && !diags.hasErrors())
      << g.preset << ": " << (diags.items.empty() ? "" : format(diags.items[0]));
  if (!preset || diags.hasErrors()) return {};
  World world(*preset);
  View view = presetView(preset->scene, vec2(float(g.width), float(g.height)));
  world.setView(view);
  world.advanceTo(g.time);
  DrawList draw;
  DebugDraw debug;
  world.collect(draw, debug);
  render::Renderer renderer;
  std::string error;
  EXPECT_TRUE(renderer.init({}, error)) << error;
  render::OffscreenTarget target(g.width, g.height);
  target.bind();
  renderer.beginFrame(g.width, g.height, preset->scene.background);
  renderer.draw(draw, view);
  renderer.drawDebug(debug, view);
  renderer.endFrame();
  warnings = renderer.takeWarnings();
  return target.readPixels();
}

TEST_P(GoldenTest, MatchesReference) {
  const Golden& g = GetParam();
  ASSERT_NE(gltest::context(), nullptr);
  std::vector<std::string> warnings;
  std::vector<uint8_t> actual = renderPreset(g, warnings);
  ASSERT_FALSE(actual.empty());
  for (const std::string& w : warnings) ADD_FAILURE() << "render warning: " << w;

  std::filesystem::path outDir = gltest::buildDir() / "golden-actual";
  auto writeActual = [&](const std::vector<uint8_t>* diff) {
    std::filesystem::create_directories(outDir);
    std::string error;
    render::writePng(outDir / (g.name + ".png"), g.width, g.height, actual, error);
    if (diff) render::writePng(outDir / (g.name + ".diff.png"), g.width, g.height, *diff, error);
  };
  const char* always = std::getenv("FXVIEW_GOLDEN_WRITE");
  std::filesystem::path goldenPath = gltest::sourceDir() / "tests/golden" / (g.name + ".png");
  int gw = 0, gh = 0;
  std::vector<uint8_t> golden;
  std::string error;
  if (!render::readPng(goldenPath, gw, gh, golden, error)) {
    writeActual(nullptr);
    FAIL() << "no golden image " << goldenPath << "; look at " << (outDir / (g.name + ".png"))
           << " and approve it with tools/approve-goldens.sh";
  }
  ASSERT_EQ(gw, g.width);
  ASSERT_EQ(gh, g.height);
  gltest::ImageDifference d = gltest::compareImages(actual, golden);
  if (!d.within(g) || (always && std::string(always) == "1")) writeActual(&d.diff);
  EXPECT_LE(d.maxSeen, g.maxDiff) << g.name << ": max channel difference; see " << outDir;
  EXPECT_LE(d.mean, g.meanDiff) << g.name << ": mean channel difference; see " << outDir;
}

INSTANTIATE_TEST_SUITE_P(Golden, GoldenTest, ::testing::ValuesIn(loadGoldens()),
                         [](const ::testing::TestParamInfo<Golden>& info) {
                           std::string n = info.param.name;
                           for (char& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GoldenTest);

}  // namespace
}  // namespace fx
