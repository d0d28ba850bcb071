// `fxview render` end to end, run as a child process with DISPLAY unset: headless EGL must not
// need a display server (DESIGN.md "Headless rendering uses EGL ... and needs no display server").
#include <cstdlib>

#include "tests/gl/child_process.h"
#include "tests/gl/gl_fixture.h"

namespace fx {
namespace {

int run(const std::string& args) {
  return gltest::runFxview(args);
}

std::filesystem::path tmp(const std::string& name) {
  return std::filesystem::temp_directory_path() / name;
}

TEST(GlCliRender, WritesAPngWithoutADisplay) {
  std::filesystem::path out = tmp("fxview_cli_render.png");
  std::filesystem::remove(out);
  std::string preset = (gltest::sourceDir() / "presets/test_pattern.json").string();
  ASSERT_EQ(run("render '" + preset + "' -o '" + out.string() + "' --size 96x54 --time 0.5"), 0);
  int w = 0, h = 0;
  std::vector<uint8_t> px;
  std::string error;
  ASSERT_TRUE(render::readPng(out, w, h, px, error)) << error;
  EXPECT_EQ(w, 96);
  EXPECT_EQ(h, 54);
}

TEST(GlCliRender, FramesAreNumbered) {
  std::string preset = (gltest::sourceDir() / "presets/test_pattern.json").string();
  std::filesystem::path out = tmp("fxview_cli_frames.png");
  for (int i = 0; i < 2; ++i)
    std::filesystem::remove(tmp("fxview_cli_frames_000" + std::to_string(i) + ".png"));
  ASSERT_EQ(
      run("render '" + preset + "' -o '" + out.string() + "' --size 32x18 --frames 2 --every 0.5"),
      0);
  EXPECT_TRUE(std::filesystem::exists(tmp("fxview_cli_frames_0000.png")));
  EXPECT_TRUE(std::filesystem::exists(tmp("fxview_cli_frames_0001.png")));
}

TEST(GlCliRender, ExitCodes) {
  std::string preset = (gltest::sourceDir() / "presets/test_pattern.json").string();
  std::string out = tmp("fxview_cli_bad.png").string();
  EXPECT_EQ(run("render '" + preset + "' -o '" + out + "' --size 12"), 2)
      << "bad --size is a usage error";
  EXPECT_EQ(run("render '" + preset + "' -o '" + out + "' --exec 'no_such_command 1'"), 2);
  EXPECT_EQ(run("render /nonexistent/preset.json -o '" + out + "'"), 1) << "preset errors exit 1";
  EXPECT_EQ(run("render '" + preset + "' -o '" + out +
                "' --size 32x18 --exec 'debug_sprites 1; weather 0'"),
            0);
}

}  // namespace
}  // namespace fx
