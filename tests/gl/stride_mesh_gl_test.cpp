// Stride procedural models drawn as scene meshes (issue 37 item 9), end to end: `fxview render`
// on a scene written here (tests/unit/formats/stride_mesh_scene.h) whose Wall entity's
// ModelComponent names a .sdpromodel plane. Stride draws the model opaque into the depth buffer
// before the transparent particles, so the wall hides the red particles behind it, and a material
// with SoftEdgeDistance fades against it (ParticleMaterialComputeColor.SoftEdgeDistance; the fade
// itself, smoothstep(0, 1, depth gap / distance), is GlStrideLooks.SoftEdgesFadeNearTheSceneDepth).
#include <filesystem>
#include <fstream>

#include "engine/core/platform.h"
#include "tests/gl/child_process.h"
#include "tests/gl/gl_fixture.h"
#include "tests/unit/formats/stride_mesh_scene.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

constexpr int kSize = 64;

// The centre pixel of `fxview render` of the wall scene; `withModel` false leaves the model file
// out (the ModelComponent is then skipped, as every one was before meshes were drawn).
gltest::Rgba renderCentre(float wallZ, float softEdge, bool withModel) {
  // A folder of this process and call alone: ctest runs the shards side by side, and a folder
  // another shard's fxview still has open cannot be removed on Windows.
  static int calls = 0;
  fs::path dir = fs::temp_directory_path() /
                 ("fxview_stride_mesh_gl_" + std::to_string(platform::processId()) + "_" +
                  std::to_string(++calls));
  fs::remove_all(dir);
  fs::create_directories(dir / "Assets/Models");
  fs::create_directories(dir / "Assets/Materials");
  std::ofstream(dir / "Assets/wall.sdscene") << stride_mesh_test::wallScene(wallZ, softEdge);
  if (withModel) {
    std::ofstream(dir / "Assets/Models/Wall.sdpromodel") << stride_mesh_test::kWallModel;
    std::ofstream(dir / "Assets/Materials/Blue.sdmat") << stride_mesh_test::kBlueMaterial;
  }
  fs::path out = dir / "out.png";
  EXPECT_EQ(gltest::runFxview("render '" + (dir / "Assets/wall.sdscene").string() + "' -o '" +
                              out.string() + "' --size 64x64 --time 1"),
            0);
  int w = 0, h = 0;
  std::vector<uint8_t> px;
  std::string error;
  EXPECT_TRUE(render::readPng(out, w, h, px, error)) << error;
  std::error_code ec;
  fs::remove_all(dir, ec);
  if (w != kSize || h != kSize) return {};
  return gltest::pixel(px, kSize, kSize / 2, kSize / 2);
}

TEST(GlStrideMesh, AModelInFrontHidesTheParticlesBehindIt) {
  gltest::Rgba bare = renderCentre(0.0f, 0.0f, false);
  EXPECT_GT(bare.r, 200) << "without the model the red particles show";
  gltest::Rgba walled = renderCentre(0.0f, 0.0f, true);
  EXPECT_LT(walled.r, 30) << "the wall at z 0 stands between the camera and the particles";
  EXPECT_GT(walled.b, walled.r + 40) << "drawn in its material's blue";
}

TEST(GlStrideMesh, SoftEdgesFadeAgainstTheModel) {
  // The wall 0.25 behind the particles: a hard edge keeps them red, SoftEdgeDistance 1 fades them
  // to smoothstep(0.25) = 0.16 of their alpha over the blue wall.
  gltest::Rgba hard = renderCentre(-2.25f, 0.0f, true);
  gltest::Rgba soft = renderCentre(-2.25f, 1.0f, true);
  EXPECT_GT(hard.r, 200);
  EXPECT_LT(soft.r, hard.r - 80) << "soft " << int(soft.r) << " hard " << int(hard.r);
  EXPECT_GT(soft.b, hard.b);
}

}  // namespace
}  // namespace fx
