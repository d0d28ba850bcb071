// `fxview import` and the Stride assets as presets end to end (issue 16: "fxview import
// FILE.sdscene|.sdprefab [-o PRESET.json] writes a preset that runs; render, simulate and
// check accept the files directly"), on a prefab written in the project (the fuzz seed).
#include <cstdlib>
#include <fstream>

#include "engine/core/json.h"
#include "tests/gl/child_process.h"
#include "tests/gl/gl_fixture.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

int run(const std::string& args, const std::string& stdoutFile = "") {
  return gltest::runFxview(args, {.stdoutFile = stdoutFile});
}

fs::path stagePrefab(const std::string& folder) {
  fs::path dir = fs::temp_directory_path() / folder;
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(gltest::sourceDir() / "tests/fuzz/seeds/fuzz_stride_yaml/minimal_prefab.sdprefab",
                dir / "sparks.sdprefab");
  return dir;
}

TEST(GlCliImport, WritesAPresetThatRuns) {
  fs::path dir = stagePrefab("fxview_cli_import");
  fs::path asset = dir / "sparks.sdprefab";
  // Without -o the preset is printed, its paths as if saved beside the asset.
  fs::path preset = dir / "sparks.sdprefab.json";
  ASSERT_EQ(run("import '" + asset.string() + "'", preset.string()), 0);
  ASSERT_TRUE(fs::exists(preset));
  Diagnostics d;
  auto json = loadJsonFile(preset, preset.string(), d);
  ASSERT_TRUE(json) << d.formatAll();
  EXPECT_EQ((*json)["effects"][0]["kind"], "stride_particles");
  EXPECT_EQ(run("check '" + preset.string() + "'"), 0);
  fs::path png = dir / "out.png";
  EXPECT_EQ(run("render '" + preset.string() + "' -o '" + png.string() + "' --size 64x36"), 0);
  EXPECT_TRUE(fs::exists(png));
  ASSERT_EQ(run("import '" + asset.string() + "' -o '" + (dir / "elsewhere.json").string() + "'"),
            0);
  EXPECT_TRUE(fs::exists(dir / "elsewhere.json"));
  EXPECT_EQ(run("import '" + asset.string() + "' -o '" + asset.string() + "'"), 2)
      << "never over the asset";
  EXPECT_EQ(run("import '" + (dir / "x.glowz").string() + "'"), 2) << "unknown extension";
  fs::remove_all(dir);
}

TEST(GlCliImport, RenderSimulateAndCheckTakeTheAssetDirectly) {
  fs::path dir = stagePrefab("fxview_cli_import_direct");
  std::string asset = (dir / "sparks.sdprefab").string();
  EXPECT_EQ(run("check '" + asset + "'"), 0);
  EXPECT_EQ(run("simulate '" + asset + "' --time 1 -o '" + (dir / "dump.json").string() + "'"), 0);
  Diagnostics d;
  auto dump = loadJsonFile(dir / "dump.json", "dump.json", d);
  ASSERT_TRUE(dump) << d.formatAll();
  EXPECT_FALSE((*dump)["effects"][0]["particles"].empty());
  fs::path png = dir / "direct.png";
  EXPECT_EQ(run("render '" + asset + "' -o '" + png.string() + "' --size 64x36 --time 1"), 0);
  EXPECT_TRUE(fs::exists(png));
  std::ofstream(dir / "broken.sdscene") << "!SceneAsset\nHierarchy: [[[\n";
  EXPECT_EQ(run("check '" + (dir / "broken.sdscene").string() + "'"), 1);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace fx
