// `fxview render --view overdraw`, `--transparent` and the preset's bloom object end to end
// (issue 38 items 3, 7, 10): small presets written here, rendered by the binary, read back from
// the PNGs it writes.
#include <cmath>
#include <fstream>
#include <sstream>

#include "tests/gl/child_process.h"
#include "tests/gl/gl_fixture.h"

namespace fx {
namespace {

namespace fs = std::filesystem;
using gltest::pixel;

fs::path dir() {
  fs::path d = fs::temp_directory_path() /
               ("fxview_cli_picture_modes_" +
                std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  fs::create_directories(d);
  return d;
}

// A `sprites` preset seen from (0, -10, 0) as gltest::frontView sees the world, with `batches`
// and the scene's extra keys (`extra`: "" or `"key": value,`).
fs::path writePreset(const std::string& name, const std::string& batches,
                     const std::string& extra = "") {
  fs::path p = dir() / name;
  std::ofstream(p) << R"({"version": 1, "seed": 1,
    "camera": {"position": [0, -10, 0], "target": [0, 0, 0], "fov_deg": 60},
    "background": {"r": 0.2, "g": 0.45, "b": 0.7}, )"
                   << extra << R"("effects": [{"id": "s", "kind": "sprites",
    "definition": {"batches": [)"
                   << batches << "]}}]}";
  return p;
}

std::string sprite(const char* blend, const char* at, double size, const char* color) {
  std::ostringstream s;
  s << R"({"blend": ")" << blend << R"(", "sprites": [{"position": )" << at << R"(, "size": )"
    << size << R"(, "color": )" << color << "}]}";
  return s.str();
}

struct Png {
  int w = 0, h = 0;
  std::vector<uint8_t> px;
};
Png readBack(const fs::path& p) {
  Png png;
  std::string error;
  EXPECT_TRUE(render::readPng(p, png.w, png.h, png.px, error)) << error;
  return png;
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

int layersOf(gltest::Rgba p) {
  for (const render::OverdrawBand& b : render::kOverdrawRamp)
    if (p.r == b.r && p.g == b.g && p.b == b.b) return b.first;
  return -1;
}

// The PNG pixel a world point lands on through the presets' camera.
gltest::Rgba at(const Png& png, vec3 p) {
  View v = gltest::frontView(png.w, png.h);
  vec4 c = v.viewProjection * vec4(p, 1.0f);
  return pixel(png.px, png.w, int((c.x / c.w * 0.5f + 0.5f) * float(png.w)),
               int((0.5f - c.y / c.w * 0.5f) * float(png.h)));
}

std::string q(const fs::path& p) {
  return "'" + p.string() + "'";
}

TEST(GlCliPictureModes, OverdrawViewCountsTheOverlapAndPrintsMaxAndMean) {
  const char* white = R"({"r": 1, "g": 1, "b": 1, "a": 1})";
  fs::path preset = writePreset("overdraw.json", sprite("alpha_blend", "[0.5, 0, 0]", 2, white) +
                                                     "," + sprite("add", "[1.5, 0, 0]", 2, white));
  fs::path out = dir() / "overdraw.png", log = dir() / "overdraw.txt";
  for (const char* how : {"--view overdraw", "--exec 'view overdraw'"}) {
    fs::remove(out);
    ASSERT_EQ(gltest::runFxview("render " + q(preset) + " -o " + q(out) + " --size 320x240 " + how,
                                {.stdoutFile = log}),
              0)
        << how;
    EXPECT_NE(slurp(log).find("overdraw: max 2 layers, mean 0.0"), std::string::npos) << slurp(log);
    Png png = readBack(out);
    EXPECT_EQ(layersOf(at(png, vec3(1.0f, 0, 0))), 2) << how;
    EXPECT_EQ(layersOf(at(png, vec3(0.0f, 0, 0.5f))), 1) << how;
    EXPECT_EQ(layersOf(at(png, vec3(2.0f, 0, -0.5f))), 1) << how;
    EXPECT_EQ(layersOf(at(png, vec3(1.0f, 0, 1.6f))), 0) << how;
  }
  EXPECT_EQ(gltest::runFxview("render " + q(preset) + " -o " + q(out) + " --view wireframe"), 2);
}

// Composites each transparent pixel over the preset's background and compares with the opaque
// render (over that background): the largest difference in levels of 255.
int compositeError(const Png& clear, const Png& opaque, vec3 bg) {
  int worst = 0;
  for (size_t i = 0; i < opaque.px.size(); i += 4) {
    const float a = clear.px[i + 3] / 255.0f;
    for (int c = 0; c < 3; ++c) {
      float v = std::min(clear.px[i + size_t(c)] / 255.0f + bg[c] * (1.0f - a), 1.0f);
      worst = std::max(worst, std::abs(int(std::lround(v * 255.0f)) - opaque.px[i + size_t(c)]));
    }
  }
  return worst;
}

TEST(GlCliPictureModes, TransparentPngCompositesToTheOpaqueRender) {
  const char* orange = R"({"r": 0.9, "g": 0.5, "b": 0.2, "a": 0.6})";
  for (const char* blend : {"add", "alpha_blend"}) {
    fs::path preset =
        writePreset(std::string(blend) + ".json", sprite(blend, "[0, 0, 0]", 3, orange) + "," +
                                                      sprite(blend, "[1, 0, 0.5]", 2, orange));
    fs::path clear = dir() / "clear.png", opaque = dir() / "opaque.png";
    fs::remove(clear);
    fs::remove(opaque);
    ASSERT_EQ(gltest::runFxview("render " + q(preset) + " -o " + q(opaque) + " --size 96x64"), 0);
    ASSERT_EQ(gltest::runFxview("render " + q(preset) + " -o " + q(clear) +
                                " --size 96x64 --transparent"),
              0);
    Png c = readBack(clear), o = readBack(opaque);
    EXPECT_LE(compositeError(c, o, vec3(0.2f, 0.45f, 0.7f)), 2) << blend;
    EXPECT_EQ(at(c, vec3(-1.2f, 0, 0)).a, std::string(blend) == "add" ? 0 : 153) << blend;
    EXPECT_EQ(pixel(c.px, c.w, 0, 0).a, 0) << "the background is transparent";
  }
  fs::path preset = writePreset("gif.json", sprite("add", "[0, 0, 0]", 3, orange));
  // A sprite sheet of a transparent capture keeps the alpha: the additive sprite's light over a
  // clear background in each tile.
  fs::path sheet = dir() / "sheet.png";
  ASSERT_EQ(gltest::runFxview("render " + q(preset) + " --sheet " + q(sheet) +
                              " --size 48x32 --frames 2 --every 0.1 --transparent"),
            0);
  Png s = readBack(sheet);
  ASSERT_EQ(s.w, 96);
  for (int tile : {0, 1}) {
    EXPECT_EQ(pixel(s.px, s.w, 48 * tile + 1, 1).a, 0) << "tile " << tile;
    EXPECT_EQ(pixel(s.px, s.w, 48 * tile + 24, 16).a, 0) << "additive: light only";
    EXPECT_GT(pixel(s.px, s.w, 48 * tile + 24, 16).r, 200) << "its light is there";
  }
  EXPECT_EQ(gltest::runFxview("render " + q(preset) + " --gif " + q(dir() / "x.gif") +
                              " --transparent --frames 2 --every 0.1"),
            2)
      << "a GIF holds no alpha: a usage error";
}

TEST(GlCliPictureModes, PresetBloomObjectDrivesTheRenderAndOptionsOverrideIt) {
  const char* dim = R"({"r": 0.2, "g": 0.3, "b": 0.1, "a": 1})";
  fs::path plain = writePreset("plain.json", sprite("add", "[0, 0, 0]", 3, dim));
  fs::path exposed = writePreset("exposed.json", sprite("add", "[0, 0, 0]", 3, dim),
                                 R"("bloom": {"exposure": 2},)");
  fs::path a = dir() / "plain.png", b = dir() / "exposed.png", c = dir() / "back.png";
  ASSERT_EQ(gltest::runFxview("render " + q(plain) + " -o " + q(a) + " --size 64x48"), 0);
  ASSERT_EQ(gltest::runFxview("render " + q(exposed) + " -o " + q(b) + " --size 64x48"), 0);
  ASSERT_EQ(
      gltest::runFxview("render " + q(exposed) + " -o " + q(c) + " --size 64x48 --exposure 1"), 0);
  Png p = readBack(a), e = readBack(b), back = readBack(c);
  // Exposure 2 doubles the linear value (red: 0.2 + 0.2 over the background) before the clamp.
  EXPECT_NEAR(pixel(e.px, 64, 32, 24).r, 2 * pixel(p.px, 64, 32, 24).r, 2);
  EXPECT_NEAR(pixel(e.px, 64, 60, 44).r, 2 * pixel(p.px, 64, 60, 44).r, 2) << "the background too";
  EXPECT_EQ(back.px, p.px) << "--exposure overrides the preset's";
  // A threshold above the brightest pixel: bloom on draws what bloom off draws.
  fs::path high = writePreset("high.json", sprite("add", "[0, 0, 0]", 3, dim),
                              R"("bloom": {"enabled": true, "threshold": 1.5},)");
  fs::path h = dir() / "high.png";
  ASSERT_EQ(gltest::runFxview("render " + q(high) + " -o " + q(h) + " --size 64x48"), 0);
  EXPECT_EQ(readBack(h).px, p.px);
  ASSERT_EQ(gltest::runFxview("render " + q(high) + " -o " + q(h) +
                              " --size 64x48 --bloom-threshold 0.2"),
            0);
  EXPECT_NE(readBack(h).px, p.px) << "a threshold under the sprite's colour glows";
}

}  // namespace
}  // namespace fx
