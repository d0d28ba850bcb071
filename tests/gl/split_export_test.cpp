// Split view and export through `fxview render` (app/capture/frames.h): each split half is exactly
// the single-view picture at that half's settings, halves differ where the preset depends on the
// frame rate ("30 vs 144 fps frame mode", viewer issue), the animated GIF decodes back through
// giflib with every frame, and a sprite sheet's tiles are the single-frame PNGs.
#include <gif_lib.h>

#include <cstdlib>

#include "app/capture/frames.h"
#include "tests/gl/child_process.h"
#include "tests/gl/gl_fixture.h"

namespace fx {
namespace split_export_test {

int run(const std::string& args) {
  return gltest::runFxview(args);
}

std::string tmp(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("fxview_split_" + name)).string();
}

capture::Image readPng(const std::string& path) {
  capture::Image img;
  std::string error;
  EXPECT_TRUE(render::readPng(path, img.width, img.height, img.rgba, error)) << error;
  return img;
}

// The `w` x `h` block of `img` at (x, y).
capture::Image crop(const capture::Image& img, int x, int y, int w, int h) {
  capture::Image out{w, h, {}};
  for (int row = 0; row < h; ++row) {
    auto begin =
        img.rgba.begin() + ptrdiff_t((size_t(y + row) * size_t(img.width) + size_t(x)) * 4);
    out.rgba.insert(out.rgba.end(), begin, begin + ptrdiff_t(w) * 4);
  }
  return out;
}

int maxDiff(const capture::Image& a, const capture::Image& b) {
  if (a.rgba.size() != b.rgba.size()) return 256;
  int m = 0;
  for (size_t i = 0; i < a.rgba.size(); ++i) m = std::max(m, std::abs(a.rgba[i] - b.rgba[i]));
  return m;
}

TEST(GlSplitView, EachHalfIsTheSingleViewAtItsRate) {
  std::string preset = (gltest::sourceDir() / "presets/weather_rain.json").string();
  std::string split = tmp("both.png"), left = tmp("30.png"), right = tmp("144.png");
  std::string common = "render '" + preset + "' --time 1.5 ";
  ASSERT_EQ(run(common + "--size 160x90 -o '" + split + "' --exec 'split rate 144 frame'"), 0);
  ASSERT_EQ(run(common + "--size 80x90 -o '" + left + "'"), 0);
  ASSERT_EQ(run(common + "--size 80x90 --fps 144 -o '" + right + "'"), 0);
  capture::Image both = readPng(split);
  ASSERT_EQ(both.width, 160);
  capture::Image l = crop(both, 0, 0, 80, 90), r = crop(both, 80, 0, 80, 90);
  EXPECT_LE(maxDiff(l, readPng(left)), 1) << "left half = single view at the preset's 30 fps";
  EXPECT_LE(maxDiff(r, readPng(right)), 1) << "right half = single view at 144 fps";
  EXPECT_GT(maxDiff(l, r), 16) << "frame-mode rain at 30 and 144 fps must not look the same";

  EXPECT_EQ(run(common + "-o '" + split + "' --exec 'split rate 0'"), 2);
  EXPECT_EQ(run(common + "-o '" + split + "' --exec 'split set no_such/field 1'"), 2);
}

TEST(GlExport, GifDecodesToEveryFrameAndSheetTilesAreTheFrames) {
  std::string preset = (gltest::sourceDir() / "presets/glow_energy_sword.json").string();
  std::string frames = tmp("frame.png"), gif = tmp("anim.gif"), sheet = tmp("sheet.png");
  for (const auto& p : {gif, sheet}) std::filesystem::remove(p);
  ASSERT_EQ(run("render '" + preset + "' --size 48x30 --time 0.2 --frames 3 --every 0.25 -o '" +
                frames + "' --gif '" + gif + "' --sheet '" + sheet + "' --columns 2"),
            0);
  std::vector<capture::Image> singles;
  for (int i = 0; i < 3; ++i)
    singles.push_back(readPng(tmp("frame_000" + std::to_string(i) + ".png")));

  int error = 0;
  GifFileType* g = DGifOpenFileName(gif.c_str(), &error);
  ASSERT_TRUE(g) << GifErrorString(error);
  ASSERT_EQ(DGifSlurp(g), GIF_OK) << GifErrorString(g->Error);
  EXPECT_EQ(g->ImageCount, 3);
  EXPECT_EQ(g->SWidth, 48);
  EXPECT_EQ(g->SHeight, 30);
  ASSERT_TRUE(g->SColorMap);
  EXPECT_EQ(g->SColorMap->ColorCount, 256);
  for (int i = 0; i < g->ImageCount && i < 3; ++i) {
    const SavedImage& im = g->SavedImages[i];
    EXPECT_EQ(im.ImageDesc.Width, 48);
    EXPECT_EQ(im.ImageDesc.Height, 30);
    GraphicsControlBlock gcb;
    ASSERT_EQ(DGifSavedExtensionToGCB(g, i, &gcb), GIF_OK);
    EXPECT_EQ(gcb.DelayTime, 25) << "0.25 s per frame, in centiseconds";
    // The palette is honest: each decoded pixel is close to the rendered one.
    double err = 0;
    for (int p = 0; p < 48 * 30; ++p) {
      const GifColorType& c = g->SColorMap->Colors[im.RasterBits[p]];
      const uint8_t* want = &singles[size_t(i)].rgba[size_t(p) * 4];
      err += std::abs(c.Red - want[0]) + std::abs(c.Green - want[1]) + std::abs(c.Blue - want[2]);
    }
    EXPECT_LT(err / (48 * 30 * 3), 4.0) << "frame " << i << " mean error per channel";
  }
  DGifCloseFile(g, &error);

  capture::Image s = readPng(sheet);
  ASSERT_EQ(s.width, 96);
  ASSERT_EQ(s.height, 60);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(maxDiff(crop(s, (i % 2) * 48, (i / 2) * 30, 48, 30), singles[size_t(i)]), 0)
        << "tile " << i;
  capture::Image empty = crop(s, 48, 30, 48, 30);
  EXPECT_TRUE(std::all_of(empty.rgba.begin(), empty.rgba.end(), [](uint8_t v) { return v == 0; }));
}

TEST(GlExport, QuantizerIsExactForFewColours) {
  // 200 colours in distinct 5-bit cells: median cut keeps each one as its own palette entry.
  capture::Image img{200, 1, {}};
  for (int i = 0; i < 200; ++i) {
    uint8_t r = uint8_t((i % 8) * 32), g = uint8_t((i / 8 % 5) * 48), b = uint8_t((i / 40) * 40);
    img.rgba.insert(img.rgba.end(), {r, g, b, 255});
  }
  std::vector<uint8_t> palette;
  std::vector<std::vector<uint8_t>> indices;
  capture::quantizeFrames({img}, palette, indices);
  ASSERT_EQ(indices.size(), 1u);
  for (int i = 0; i < 200; ++i) {
    const uint8_t* c = &palette[size_t(indices[0][size_t(i)]) * 3];
    EXPECT_EQ(c[0], img.rgba[size_t(i) * 4]);
    EXPECT_EQ(c[1], img.rgba[size_t(i) * 4 + 1]);
    EXPECT_EQ(c[2], img.rgba[size_t(i) * 4 + 2]);
  }
}

}  // namespace split_export_test
}  // namespace fx
