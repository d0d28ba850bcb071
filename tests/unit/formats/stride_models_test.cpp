// Stride procedural models as scene meshes (issue 37 item 9): the importer turns a ModelComponent
// naming a `.sdpromodel` into an object whose "model" is that file, and the preset loader builds
// the shape as Stride's GeometricPrimitive classes lay it out
// (sources/engine/Stride.Graphics/GeometricPrimitives/GeometricPrimitive.*.cs, `New`; defaults
// from sources/engine/Stride.Rendering/Rendering/ProceduralModels/*ProceduralModel.cs; LocalOffset
// then Scale from PrimitiveProceduralModelBase.Generate).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_models.h"
#include "engine/session/world.h"
#include "tests/unit/formats/stride_mesh_scene.h"

namespace fx::stride_import {
namespace {

namespace fs = std::filesystem;

struct Package {
  fs::path dir;
  explicit Package(const std::string& name) : dir(fs::temp_directory_path() / name) {
    fs::remove_all(dir);
    fs::create_directories(dir / "Assets/Scenes");
    fs::create_directories(dir / "Assets/Models");
    fs::create_directories(dir / "Assets/Materials");
  }
  ~Package() { fs::remove_all(dir); }
  void write(const std::string& rel, const std::string& text) const {
    std::ofstream(dir / rel) << text;
  }
};

const SceneObject* object(const Preset& p, const std::string& name) {
  return p.scene.findObject(name);
}

void expectVec(vec3 got, vec3 want) {
  EXPECT_NEAR(got.x, want.x, 1e-4f);
  EXPECT_NEAR(got.y, want.y, 1e-4f);
  EXPECT_NEAR(got.z, want.z, 1e-4f);
}

TEST(StrideModels, AModelComponentBecomesAnObjectDrawingItsProceduralModel) {
  Package pkg("fxview_stride_models_import");
  pkg.write("Assets/Scenes/wall.sdscene", stride_mesh_test::wallScene(-1.0f, 0.0f));
  pkg.write("Assets/Models/Wall.sdpromodel", stride_mesh_test::kWallModel);
  pkg.write("Assets/Materials/Blue.sdmat", stride_mesh_test::kBlueMaterial);
  Diagnostics d;
  auto preset = loadPreset(pkg.dir / "Assets/Scenes/wall.sdscene", d);
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_TRUE(d.items.empty()) << d.formatAll();
  const SceneObject* wall = object(*preset, "Wall");
  ASSERT_NE(wall, nullptr);
  // Found above the scene's folder as textures are; written relative to the asset's folder.
  EXPECT_EQ(wall->model, "../Models/Wall.sdpromodel");
  ASSERT_TRUE(wall->mesh);
  EXPECT_EQ(wall->mesh->positions.size(), 4u);  // Plane.New: (1 + 1) x (1 + 1) vertices
  // Stride (0, 0, -1) is fxview (0, 1, 0); the UpZ plane spans Stride X and Y, 4 x 4: fxview X, Z.
  expectVec(wall->transform.position, vec3(0, 1, 0));
  expectVec(wall->meshLo, vec3(-2, 0, -2));
  expectVec(wall->meshHi, vec3(2, 0, 2));
  // The material's plain diffuse colour (Attributes.Diffuse.DiffuseMap: !ComputeColor).
  EXPECT_NEAR(wall->meshColor.b, 0.6f, 1e-5f);
  EXPECT_NEAR(wall->meshColor.g, 0.1f, 1e-5f);
  // And the world draws it (World::collect: one mesh at the object's placement).
  World world(*preset);
  world.advanceTo(0.5);
  DrawList draw;
  DebugDraw debug;
  world.collect(draw, debug);
  ASSERT_EQ(draw.meshes.size(), 1u);
  EXPECT_NEAR(draw.meshes[0].color.b, 0.6f, 1e-5f);
}

TEST(StrideModels, ANonUniformEntityScaleStretchesTheModel) {
  // TransformComponent.Scale (2, 1, 3) on a unit cube: Stride scales the model's vertices per
  // axis. The object keeps X (2, as the particle modules use it); the model takes the rest.
  Package pkg("fxview_stride_models_scale");
  std::string text = stride_mesh_test::wallScene(-1.0f, 0.0f);
  const std::string unit = "Scale: {X: 1.0, Y: 1.0, Z: 1.0}";
  size_t wallScale = text.find(unit, text.find("Name: Wall"));
  ASSERT_NE(wallScale, std::string::npos);
  text.replace(wallScale, unit.size(), "Scale: {X: 2.0, Y: 1.0, Z: 3.0}");
  pkg.write("Assets/Scenes/wall.sdscene", text);
  pkg.write(
      "Assets/Models/Wall.sdpromodel",
      "!ProceduralModelAsset\nType: !CubeProceduralModel\n    Size: {X: 1.0, Y: 1.0, Z: 1.0}\n");
  Diagnostics d;
  auto preset = loadPreset(pkg.dir / "Assets/Scenes/wall.sdscene", d);
  ASSERT_TRUE(preset) << d.formatAll();
  const SceneObject* wall = object(*preset, "Wall");
  ASSERT_TRUE(wall && wall->mesh);
  EXPECT_FLOAT_EQ(wall->transform.scale, 2.0f);
  expectVec(wall->modelScale, vec3(1.0f, 1.5f, 0.5f));  // Stride (1, 0.5, 1.5) in fxview axes
  // World half extents: Stride (1, 0.5, 1.5) -> fxview (1, 1.5, 0.5).
  expectVec(wall->meshLo * wall->transform.scale, vec3(-1.0f, -1.5f, -0.5f));
  expectVec(wall->meshHi * wall->transform.scale, vec3(1.0f, 1.5f, 0.5f));
  // Per-entity material overrides (ModelComponent.Materials) are not drawn: said so.
  size_t materials = text.find("Materials: {}");
  ASSERT_NE(materials, std::string::npos);
  text.replace(materials, 13, "Materials:\n                            0: 7:Materials/Other");
  Diagnostics d2;
  ASSERT_TRUE(importText(text, pkg.dir / "Assets/Scenes/wall.sdscene", "wall.sdscene", d2));
  EXPECT_NE(d2.formatAll().find("Materials: per-entity material overrides are not drawn"),
            std::string::npos)
      << d2.formatAll();
}

// Bounds of each shape (Stride Y up; fxview (x, -z, y)).
struct ShapeCase {
  const char* type;
  const char* members;
  vec3 lo, hi;  // fxview axes
};

TEST(StrideModels, ShapesTakeStridesDimensionsAxesAndOffsets) {
  const ShapeCase cases[] = {
      // Cube.New(size): centred, +-size/2 on each axis; then LocalOffset, then Scale.
      {"Cube", "Size: {X: 2.0, Y: 4.0, Z: 6.0}\n    LocalOffset: {X: 1.0, Y: 0.0, Z: 0.0}\n",
       vec3(0, -3, -2), vec3(2, 3, 2)},
      {"Cube", "Scale: {X: 2.0, Y: 1.0, Z: 1.0}\n", vec3(-1, -0.5f, -0.5f), vec3(1, 0.5f, 0.5f)},
      // Sphere.New(radius): poles on Y.
      {"Sphere", "Radius: 0.7\n", vec3(-0.7f), vec3(0.7f)},
      // Cylinder.New(height, radius): along Y, +-height/2.
      {"Cylinder", "Height: 3.0\n    Radius: 0.5\n", vec3(-0.5f, -0.5f, -1.5f),
       vec3(0.5f, 0.5f, 1.5f)},
      // Cone.New(radius, height): base at -height/2, apex at +height/2.
      {"Cone", "Height: 2.0\n    Radius: 0.25\n", vec3(-0.25f, -0.25f, -1), vec3(0.25f, 0.25f, 1)},
      // Torus.New(major, minor): the ring around Y.
      {"Torus", "Radius: 1.0\n    Thickness: 0.25\n", vec3(-1.25f, -1.25f, -0.25f),
       vec3(1.25f, 1.25f, 0.25f)},
      // Capsule.New(length, radius): sphere centres +-length/2 on Y (the samples' version).
      {"Capsule", "Length: 1.0\n    Radius: 0.5\n", vec3(-0.5f, -0.5f, -1), vec3(0.5f, 0.5f, 1)},
      // Plane.New: UpY lies in Stride X/Z (Size.X along X, Size.Y along Z), UpX in Y/Z.
      {"Plane", "Size: {X: 2.0, Y: 3.0}\n    Normal: UpY\n", vec3(-1, -1.5f, 0), vec3(1, 1.5f, 0)},
      {"Plane", "Size: {X: 2.0, Y: 3.0}\n    Normal: UpX\n", vec3(0, -1, -1.5f), vec3(0, 1, 1.5f)},
      // Defaults: SphereProceduralModel Radius 0.5, ConeProceduralModel Height 1 Radius 0.5.
      {"Sphere", "", vec3(-0.5f), vec3(0.5f)},
      {"Cone", "", vec3(-0.5f), vec3(0.5f)},
  };
  fs::path file = fs::temp_directory_path() / "fxview_stride_shape.sdpromodel";
  for (const ShapeCase& c : cases) {
    SCOPED_TRACE(std::string(c.type) + ": " + c.members);
    std::ofstream(file) << "!ProceduralModelAsset\nId: 1\nTags: []\nType: !" << c.type
                        << "ProceduralModel\n    " << c.members
                        << "    MaterialInstance:\n        Material: null\n";
    std::string reason;
    auto mesh = loadProceduralModel(file, reason);
    ASSERT_TRUE(mesh) << reason;
    EXPECT_TRUE(mesh->notes.empty());
    ASSERT_FALSE(mesh->mesh->indices.empty());
    EXPECT_EQ(mesh->mesh->normals.size(), mesh->mesh->positions.size());
    expectVec(mesh->lo, c.lo);
    expectVec(mesh->hi, c.hi);
  }
  fs::remove(file);
}

TEST(StrideModels, ATeapotIsItsBoundingBoxWithAWarning) {
  // fxview carries no teapot patch data: Teapot.New's extent (size 1) as a box, said so.
  fs::path file = fs::temp_directory_path() / "fxview_stride_teapot.sdpromodel";
  std::ofstream(file) << "!ProceduralModelAsset\nType: !TeapotProceduralModel\n    Size: 2.0\n";
  std::string reason;
  auto mesh = loadProceduralModel(file, reason);
  fs::remove(file);
  ASSERT_TRUE(mesh) << reason;
  ASSERT_EQ(mesh->notes.size(), 1u);
  EXPECT_NE(mesh->notes[0].find("!TeapotProceduralModel"), std::string::npos) << mesh->notes[0];
  EXPECT_NE(mesh->notes[0].find("bounding box"), std::string::npos) << mesh->notes[0];
  expectVec(mesh->lo, vec3(-1, -1.5f, -0.66f));
  expectVec(mesh->hi, vec3(1, 1.7625f, 0.915f));
}

TEST(StrideModels, AMissingOrImportedModelIsAWarningNamingIt) {
  Package pkg("fxview_stride_models_missing");
  pkg.write("Assets/Scenes/wall.sdscene", stride_mesh_test::wallScene(-1.0f, 0.0f));
  Diagnostics d;
  auto im = importFile(pkg.dir / "Assets/Scenes/wall.sdscene", "wall.sdscene", d);
  ASSERT_TRUE(im);
  EXPECT_NE(
      d.formatAll().find("wall.sdscene:33: warning: Model \"Models/Wall\": Models/Wall.sdpromodel "
                         "not found beside the asset or above it"),
      std::string::npos)
      << d.formatAll();
  for (const Json& o : im->preset["objects"]) EXPECT_FALSE(o.contains("model")) << o.dump();
  // An imported model (.sdm3d) is named as such.
  pkg.write("Assets/Models/Wall.sdm3d", "!Model\n");
  Diagnostics d2;
  ASSERT_TRUE(importFile(pkg.dir / "Assets/Scenes/wall.sdscene", "wall.sdscene", d2));
  EXPECT_NE(d2.formatAll().find("Model \"Models/Wall\": an imported model (Models/Wall.sdm3d)"),
            std::string::npos)
      << d2.formatAll();
  // A preset naming a model file that is not there: a warning on load, an error for check.
  Json preset = {{"version", 1},
                 {"objects", Json::array({{{"name", "box"}, {"model", "gone.sdpromodel"}}})},
                 {"effects", Json::array()}};
  Diagnostics d3;
  auto loaded = loadPresetFromJson(preset, pkg.dir / "p.json", d3, {});
  ASSERT_TRUE(loaded);
  EXPECT_FALSE(d3.hasErrors());
  EXPECT_NE(
      d3.formatAll().find("/objects/0/model: warning: model \"gone.sdpromodel\": not found beside "
                          "the preset"),
      std::string::npos)
      << d3.formatAll();
  EXPECT_NE(d3.formatAll().find("; not drawn"), std::string::npos) << d3.formatAll();
  Diagnostics d4;
  loadPresetFromJson(preset, pkg.dir / "p.json", d4, {.textureProblemsAreErrors = true});
  EXPECT_TRUE(d4.hasErrors()) << "fxview check: a missing model is an error";
}

}  // namespace
}  // namespace fx::stride_import
