// Golden images: presets rendered headless and compared with tests/golden/<name>.png under a
// max-per-pixel and a mean threshold (STYLE §10). The list is data: tests/golden/goldens.json,
// one entry per preset:
//   {"name": "test_pattern", "preset": "presets/test_pattern.json", "time": 1.0, "size": [256,
//   144],
//    "max": 48, "mean": 0.75}            (max / mean in 0..255 channel units; optional)
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

namespace fx {
namespace {

struct Golden {
  std::string name, preset;
  double time = 1.0;
  int width = 256, height = 144;
  double maxDiff = 48.0, meanDiff = 0.75;
};

std::vector<Golden> loadGoldens() {
  std::vector<Golden> out;
  std::ifstream in(gltest::sourceDir() / "tests/golden/goldens.json");
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.contains("goldens")) return out;
  for (const auto& e : j["goldens"]) {
    Golden g;
    g.name = e.value("name", "");
    g.preset = e.value("preset", "");
    g.time = e.value("time", 1.0);
    if (e.contains("size") && e["size"].is_array() && e["size"].size() == 2) {
      g.width = e["size"][0].get<int>();
      g.height = e["size"][1].get<int>();
    }
    g.maxDiff = e.value("max", g.maxDiff);
    g.meanDiff = e.value("mean", g.meanDiff);
    if (!g.name.empty() && !g.preset.empty()) out.push_back(g);
  }
  return out;
}

// Test names and ctest output show the entry name, not the struct's bytes.
void PrintTo(const Golden& g, std::ostream* os) {
  *os << g.name;
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
  std::vector<uint8_t> diff(actual.size(), 255);
  double maxSeen = 0.0, sum = 0.0;
  for (size_t i = 0; i < actual.size(); i += 4)
    for (size_t c = 0; c < 3; ++c) {
      int d = std::abs(int(actual[i + c]) - int(golden[i + c]));
      maxSeen = std::max(maxSeen, double(d));
      sum += d;
      diff[i + c] = uint8_t(std::min(255, d * 4));
    }
  double mean = sum / double(actual.size() / 4 * 3);
  bool ok = maxSeen <= g.maxDiff && mean <= g.meanDiff;
  if (!ok || (always && std::string(always) == "1")) writeActual(&diff);
  EXPECT_LE(maxSeen, g.maxDiff) << g.name << ": max channel difference; see " << outDir;
  EXPECT_LE(mean, g.meanDiff) << g.name << ": mean channel difference; see " << outDir;
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
