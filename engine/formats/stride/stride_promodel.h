// Stride procedural models (`.sdpromodel`, a `!ProceduralModelAsset` whose `Type:` names the
// shape) as plain data, and their triangles in Stride's own space (Y up), made the way Stride's
// GeometricPrimitive classes lay each shape out (sources/engine/Stride.Graphics/
// GeometricPrimitives/GeometricPrimitive.*.cs; the model classes and their defaults are
// sources/engine/Stride.Rendering/Rendering/ProceduralModels/*ProceduralModel.cs):
//   plane     Size {X,Y} (1,1), Tessellation {X,Y} (1,1), Normal UpY (UpZ: the X/Y plane, UpX:
//             the Y/Z plane), GenerateBackFace false; centred on the origin
//   cube      Size {X,Y,Z} (1,1,1), centred
//   sphere    Radius 0.5, Tessellation 16: rings of latitude from pole to pole along Y,
//             2 x Tessellation around
//   geosphere Radius 0.5 (fxview lays it out as a sphere of that radius)
//   cylinder  Height 1, Radius 0.5, Tessellation 32: along Y, centred, capped
//   cone      Height 1, Radius 0.5, Tessellation 16: base at -Height/2, apex at +Height/2, capped
//   torus     Radius 0.375, Thickness 0.125, Tessellation 32: the ring around Y
//   capsule   Length 0.5 (between the two sphere centres), Radius 0.35, Tessellation 8: along Y
//   teapot    Size 1: fxview has no teapot geometry of its own, so it is the teapot's bounding
//             box (x +-0.5, y -0.33..0.4575, z -0.88125..0.75, times Size), flagged `approximate`
// then every vertex moves by LocalOffset and is multiplied by Scale, normals by its inverse
// (PrimitiveProceduralModelBase.Generate).
#pragma once

#include <optional>
#include <string>

#include "engine/core/draw_list.h"
#include "engine/core/math.h"
#include "engine/formats/stride/stride_yaml.h"

namespace fx::stride_yaml {

enum class Primitive { Plane, Cube, Sphere, GeoSphere, Cylinder, Cone, Torus, Capsule, Teapot };

struct ProceduralModel {
  Primitive shape = Primitive::Cube;
  std::string type;  // the YAML tag, e.g. "CubeProceduralModel"
  vec2 planeSize{1.0f};
  int32_t tessellationX = 1, tessellationY = 1;  // plane
  int32_t planeNormal = 1;                       // 0 UpZ, 1 UpY, 2 UpX
  bool backFace = false;
  vec3 cubeSize{1.0f};
  float radius = 0.5f, height = 1.0f, length = 0.5f, thickness = 0.125f, size = 1.0f;
  int32_t tessellation = 16;
  vec3 scale{1.0f};
  vec3 localOffset{0.0f};
  std::string material;  // MaterialInstance.Material reference ("<guid>:<url>"; "" = none)
};

// The model of a parsed `.sdpromodel` document; errors (not a procedural model asset, an
// unknown Type) go through `r` and give nullopt.
std::optional<ProceduralModel> readProceduralModel(Reader& r, const YAML::Node& root);

// The model's triangles in Stride space (after LocalOffset and Scale). `approximate` is set when
// the shape is drawn as a stand-in (the teapot's bounding box).
MeshData buildProceduralMesh(const ProceduralModel& m, bool& approximate);

}  // namespace fx::stride_yaml
