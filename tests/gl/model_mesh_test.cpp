// Scene model meshes and bitmap-tag textures (DrawList::meshes, engine/render/renderer.h): "a plain
// lit mesh behind the effect ... depth-tested so the effect draws over/around it". A quad mesh
// faces the camera at the origin; sprites in front of it show, sprites behind it are hidden, and
// the mesh is lit (neither the background nor black) wherever it covers the picture.
#include <unistd.h>

#include <filesystem>
#include <glm/gtc/matrix_transform.hpp>

#include "engine/formats/halo/tag_file.h"
#include "tests/gl/gl_fixture.h"

namespace fx {
namespace {

using gltest::pixel;

// A 4 x 4 wu square in the XZ plane (facing the camera at -Y), two triangles.
std::shared_ptr<const MeshData> square() {
  auto m = std::make_shared<MeshData>();
  m->positions = {{-2, 0, -2}, {2, 0, -2}, {-2, 0, 2}, {2, 0, 2}};
  m->normals.assign(4, vec3(0, -1, 0));
  m->indices = {0, 1, 2, 2, 1, 3};
  return m;
}

void addSprite(DrawList& list, vec3 at) {
  SpriteBatch b;
  b.blend = BlendMode::Add;
  list.beginBatch(b);
  SpriteInstance& s = list.push();
  s.position = at;
  s.size = 1.0f;
  s.color = vec4(1, 0, 0, 1);
}

struct MeshScene {
  render::Renderer renderer;
  std::unique_ptr<render::OffscreenTarget> target;
  View view = gltest::frontView(64, 64);
  MeshScene() {
    EXPECT_NE(gltest::context(), nullptr);
    std::string error;
    EXPECT_TRUE(renderer.init({}, error)) << error;
    target = std::make_unique<render::OffscreenTarget>(64, 64);
  }
  std::vector<uint8_t> render(const DrawList& list) {
    target->bind();
    renderer.beginFrame(64, 64, ColorRgba{0, 0, 0.25f, 1});
    renderer.draw(list, view);
    renderer.endFrame();
    return target->readPixels();
  }
};

TEST(ModelMesh, DrawsLitAndOpaque) {
  MeshScene s;
  DrawList list;
  list.meshes.push_back({square(), mat4(1.0f), vec4(0.6f, 0.6f, 0.6f, 1.0f)});
  auto px = s.render(list);
  gltest::Rgba centre = pixel(px, 64, 32, 32), corner = pixel(px, 64, 1, 1);
  // Lit grey: brighter than the ambient term alone, never the background's blue.
  EXPECT_GT(centre.r, 0.6 * 0.28 * 255);
  EXPECT_EQ(centre.r, centre.g);
  EXPECT_LT(std::abs(centre.b - centre.r), 3);
  // The square covers 4 of the ~11.5 wu the 60 degree view spans at 10 wu: corners stay background.
  EXPECT_EQ(corner.r, 0);
  EXPECT_EQ(corner.b, 64);
  EXPECT_EQ(s.renderer.stats().drawCalls, 1);
}

TEST(ModelMesh, EffectsDrawOverItAndHideBehindIt) {
  MeshScene s;
  DrawList front, behind, alone;
  front.meshes.push_back({square(), mat4(1.0f)});
  behind.meshes.push_back({square(), mat4(1.0f)});
  alone.meshes.push_back({square(), mat4(1.0f)});
  addSprite(front, vec3(0, -1, 0));  // between the camera and the square
  addSprite(behind, vec3(0, 1, 0));  // behind the square
  auto a = s.render(front);
  auto b = s.render(behind);
  auto c = s.render(alone);
  gltest::Rgba over = pixel(a, 64, 32, 32), hidden = pixel(b, 64, 32, 32);
  gltest::Rgba mesh = pixel(c, 64, 32, 32);
  EXPECT_GT(over.r, mesh.r + 60);  // the additive red sprite brightens the mesh
  EXPECT_EQ(over.g, mesh.g);
  // Behind the mesh the sprite is depth-tested away: exactly the mesh alone.
  EXPECT_EQ(hidden.r, mesh.r);
  EXPECT_EQ(hidden.g, mesh.g);
  EXPECT_EQ(hidden.b, mesh.b);
}

TEST(ModelMesh, PlacementMatrixMovesIt) {
  MeshScene s;
  DrawList list;
  // Moved 6 wu right: the centre of the picture is background again.
  list.meshes.push_back({square(), glm::translate(mat4(1.0f), vec3(6, 0, 0))});
  auto px = s.render(list);
  EXPECT_EQ(pixel(px, 64, 32, 32).b, 64);
  EXPECT_GT(pixel(px, 64, 63, 32).r, 30);
}

}  // namespace
}  // namespace fx

namespace fx {
namespace {

// "mipmaps present are used" (issue 15, bitmap): a bitmap tag whose base level is red and whose
// own mipmaps are green draws red when magnified and green when minified: the renderer samples
// the tag's chain, not one regenerated from the base.
TEST(BitmapTexture, UsesTheMipmapsTheTagHolds) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("fxview_bitmap_mips_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<uint8_t> pixels;
  auto fill = [&](int texels, uint8_t r, uint8_t g) {
    for (int i = 0; i < texels; ++i) pixels.insert(pixels.end(), {0, g, r, 255});  // B G R A
  };
  fill(16 * 16, 255, 0);
  fill(8 * 8 + 4 * 4 + 2 * 2 + 1, 0, 255);
  halo::TagFile tag = halo::makeTag(halo::TagClass::Bitmap);
  halo::TagStruct root = tag.root();
  root.resizeBlock("bitmap_data", 1);
  halo::TagStruct d = root.element("bitmap_data", 0);
  d.setUint16(0x04, 16), d.setUint16(0x06, 16), d.setUint16(0x08, 1);
  d.setInt16(0x0C, 11);  // a8r8g8b8
  d.setUint16(0x14, 4);
  root.data("processed_pixel_data") = pixels;
  fs::path path = dir / "mips.bitmap";
  ASSERT_EQ(halo::saveTag(path, tag), "");

  MeshScene s;
  auto draw = [&](float size) {
    DrawList list;
    SpriteBatch b;
    b.blend = BlendMode::AlphaBlend;
    b.texture = list.texture(path.string());
    list.beginBatch(b);
    SpriteInstance& sp = list.push();
    sp.position = vec3(0);
    sp.size = size;
    return pixel(s.render(list), 64, 32, 32);
  };
  gltest::Rgba big = draw(8.0f), tiny = draw(0.4f);  // 16 texels over ~2 px
  EXPECT_GT(big.r, 200);
  EXPECT_LT(big.g, 40);
  EXPECT_GT(tiny.g, 100);
  EXPECT_LT(tiny.r, 40);
  EXPECT_TRUE(s.renderer.takeWarnings().empty());
  std::error_code ec;
  fs::remove_all(dir, ec);
}

}  // namespace
}  // namespace fx
