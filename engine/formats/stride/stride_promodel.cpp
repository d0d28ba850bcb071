#include "engine/formats/stride/stride_promodel.h"

#include <algorithm>
#include <cmath>

namespace fx::stride_yaml {

namespace {

constexpr float kPi = 3.14159265358979f;

// One point of a profile turned around Y: distance from the axis, height, and the normal's
// (outward, up) parts.
struct ProfilePoint {
  float radius, y, normalOut, normalUp;
};

// Turns `profile` around the Y axis in `segments` steps (a longitude 0 point lies on +Z, as
// Stride's sphere and cylinder place theirs), joining consecutive profile points with quads.
void lathe(MeshData& mesh, const std::vector<ProfilePoint>& profile, int32_t segments) {
  const uint32_t base = uint32_t(mesh.positions.size());
  const uint32_t ring = uint32_t(segments) + 1;
  for (const ProfilePoint& p : profile)
    for (int32_t j = 0; j <= segments; ++j) {
      float a = 2.0f * kPi * float(j) / float(segments);
      vec3 out(std::sin(a), 0.0f, std::cos(a));
      mesh.positions.push_back(out * p.radius + vec3(0, p.y, 0));
      vec3 n = out * p.normalOut + vec3(0, p.normalUp, 0);
      float len = glm::length(n);
      mesh.normals.push_back(len > 0.0f ? n / len : vec3(0, 1, 0));
    }
  for (uint32_t i = 0; i + 1 < uint32_t(profile.size()); ++i)
    for (uint32_t j = 0; j < uint32_t(segments); ++j) {
      uint32_t a = base + i * ring + j, b = a + 1, c = a + ring, d = c + 1;
      mesh.indices.insert(mesh.indices.end(), {a, c, b, b, c, d});
    }
}

// A flat disc at height y facing up (+1) or down (-1).
void disc(MeshData& mesh, float radius, float y, float facing, int32_t segments) {
  lathe(mesh, {{0.0f, y, 0.0f, facing}, {radius, y, 0.0f, facing}}, segments);
}

// A box from lo to hi: four vertices and two triangles per face, normals along the axes.
void box(MeshData& mesh, vec3 lo, vec3 hi) {
  for (int axis = 0; axis < 3; ++axis)
    for (float side : {-1.0f, 1.0f}) {
      int u = (axis + 1) % 3, v = (axis + 2) % 3;
      vec3 n(0.0f);
      n[axis] = side;
      uint32_t base = uint32_t(mesh.positions.size());
      for (int k = 0; k < 4; ++k) {
        vec3 p;
        p[axis] = side > 0 ? hi[axis] : lo[axis];
        p[u] = (k == 1 || k == 2) ? hi[u] : lo[u];
        p[v] = (k >= 2) ? hi[v] : lo[v];
        mesh.positions.push_back(p);
        mesh.normals.push_back(n);
      }
      mesh.indices.insert(mesh.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
}

// GeometricPrimitive.Plane: a (tx+1) x (ty+1) grid; UpY lies in X/Z, UpZ in X/Y, UpX in Y/Z.
void plane(MeshData& mesh, const ProceduralModel& m) {
  int32_t tx = std::max(m.tessellationX, 1), ty = std::max(m.tessellationY, 1);
  vec3 normal = m.planeNormal == 0   ? vec3(0, 0, 1)
                : m.planeNormal == 2 ? vec3(1, 0, 0)
                                     : vec3(0, 1, 0);
  auto at = [&](float x, float y) {  // x, y in the plane's own size axes
    if (m.planeNormal == 0) return vec3(x, y, 0);
    if (m.planeNormal == 2) return vec3(0, y, -x);
    return vec3(x, 0, y);
  };
  for (int pass = 0; pass < (m.backFace ? 2 : 1); ++pass) {
    uint32_t base = uint32_t(mesh.positions.size());
    for (int32_t y = 0; y <= ty; ++y)
      for (int32_t x = 0; x <= tx; ++x) {
        mesh.positions.push_back(at(m.planeSize.x * (float(x) / float(tx) - 0.5f),
                                    m.planeSize.y * (float(y) / float(ty) - 0.5f)));
        mesh.normals.push_back(pass ? -normal : normal);
      }
    for (int32_t y = 0; y < ty; ++y)
      for (int32_t x = 0; x < tx; ++x) {
        uint32_t a = base + uint32_t(y * (tx + 1) + x), b = a + 1, c = a + uint32_t(tx + 1),
                 d = c + 1;
        mesh.indices.insert(mesh.indices.end(), {a, b, c, b, d, c});
      }
  }
}

// Rings of latitude from -90 to +90 degrees (`rings` + 1 of them) on a sphere of `radius`
// centred at height `y`; `from`/`to` choose part of it (0..rings).
void sphereRings(std::vector<ProfilePoint>& out, float radius, float y, int32_t rings, int32_t from,
                 int32_t to) {
  for (int32_t i = from; i <= to; ++i) {
    float lat = kPi * float(i) / float(rings) - kPi * 0.5f;
    out.push_back(
        {radius * std::cos(lat), y + radius * std::sin(lat), std::cos(lat), std::sin(lat)});
  }
}

void shape(MeshData& mesh, const ProceduralModel& m, bool& approximate) {
  const int32_t t = std::max(m.tessellation, 3);
  switch (m.shape) {
    case Primitive::Plane:
      return plane(mesh, m);
    case Primitive::Cube:
      return box(mesh, -m.cubeSize * 0.5f, m.cubeSize * 0.5f);
    case Primitive::Sphere:
    case Primitive::GeoSphere: {
      // GeoSphere subdivides an octahedron; a sphere of as many rings draws the same surface.
      int32_t rings = m.shape == Primitive::Sphere ? t : std::max(m.tessellation, 1) * 4;
      std::vector<ProfilePoint> p;
      sphereRings(p, m.radius, 0.0f, rings, 0, rings);
      return lathe(mesh, p, rings * 2);
    }
    case Primitive::Cylinder: {
      float h = m.height * 0.5f;
      lathe(mesh, {{m.radius, -h, 1, 0}, {m.radius, h, 1, 0}}, t);
      disc(mesh, m.radius, h, 1.0f, t);
      return disc(mesh, m.radius, -h, -1.0f, t);
    }
    case Primitive::Cone: {
      float h = m.height * 0.5f;
      std::vector<ProfilePoint> p;
      for (int32_t i = 0; i <= t; ++i) {  // Tessellation sections from the base to the apex
        float f = float(i) / float(t);
        p.push_back({m.radius * (1.0f - f), -h + m.height * f, m.height, m.radius});
      }
      lathe(mesh, p, t);
      return disc(mesh, m.radius, -h, -1.0f, t);
    }
    case Primitive::Torus: {
      std::vector<ProfilePoint> p;
      for (int32_t j = 0; j <= t; ++j) {
        float a = 2.0f * kPi * float(j) / float(t) + kPi;
        p.push_back({m.radius + m.thickness * std::cos(a), m.thickness * std::sin(a), std::cos(a),
                     std::sin(a)});
      }
      return lathe(mesh, p, t);
    }
    case Primitive::Capsule: {
      // Tessellation rings per half sphere, the halves Length apart; 4 x Tessellation around.
      std::vector<ProfilePoint> p;
      sphereRings(p, m.radius, -m.length * 0.5f, 2 * (t - 1), 0, t - 1);
      sphereRings(p, m.radius, m.length * 0.5f, 2 * (t - 1), t - 1, 2 * (t - 1));
      return lathe(mesh, p, 4 * t);
    }
    case Primitive::Teapot:
      approximate = true;
      return box(mesh, vec3(-0.5f, -0.33f, -0.88125f) * m.size,
                 vec3(0.5f, 0.4575f, 0.75f) * m.size);
  }
}

struct TypeName {
  const char* tag;
  Primitive shape;
};
constexpr TypeName kTypes[] = {{"PlaneProceduralModel", Primitive::Plane},
                               {"CubeProceduralModel", Primitive::Cube},
                               {"SphereProceduralModel", Primitive::Sphere},
                               {"GeoSphereProceduralModel", Primitive::GeoSphere},
                               {"CylinderProceduralModel", Primitive::Cylinder},
                               {"ConeProceduralModel", Primitive::Cone},
                               {"TorusProceduralModel", Primitive::Torus},
                               {"CapsuleProceduralModel", Primitive::Capsule},
                               {"TeapotProceduralModel", Primitive::Teapot}};

// The shape's own members with the model class's defaults (*ProceduralModel.cs).
void readShape(Reader& r, const YAML::Node& t, ProceduralModel& m) {
  switch (m.shape) {
    case Primitive::Plane: {
      m.planeSize = r.vector2(t, "Size", vec2(1.0f));
      YAML::Node tess = r.child(t, "Tessellation");
      m.tessellationX = r.integer(tess, "X", 1);
      m.tessellationY = r.integer(tess, "Y", 1);
      std::string normal = r.text(t, "Normal", "UpY");
      m.planeNormal = normal == "UpZ" ? 0 : normal == "UpX" ? 2 : 1;
      if (normal != "UpZ" && normal != "UpX" && normal != "UpY")
        r.error(r.child(t, "Normal"), "Normal: expected UpX, UpY or UpZ, got " + normal);
      m.backFace = r.flag(t, "GenerateBackFace", false);
      return;
    }
    case Primitive::Cube:
      m.cubeSize = r.vector3(t, "Size", vec3(1.0f));
      return;
    case Primitive::Sphere:
      m.radius = r.number(t, "Radius", 0.5f);
      m.tessellation = r.integer(t, "Tessellation", 16);
      return;
    case Primitive::GeoSphere:
      m.radius = r.number(t, "Radius", 0.5f);
      m.tessellation = r.integer(t, "Tessellation", 3);
      return;
    case Primitive::Cylinder:
    case Primitive::Cone:
      m.height = r.number(t, "Height", 1.0f);
      m.radius = r.number(t, "Radius", 0.5f);
      m.tessellation = r.integer(t, "Tessellation", m.shape == Primitive::Cone ? 16 : 32);
      return;
    case Primitive::Torus:
      m.radius = r.number(t, "Radius", 0.375f);
      m.thickness = r.number(t, "Thickness", 0.125f);
      m.tessellation = r.integer(t, "Tessellation", 32);
      return;
    case Primitive::Capsule:
      m.length = r.number(t, "Length", 0.5f);
      m.radius = r.number(t, "Radius", 0.35f);
      m.tessellation = r.integer(t, "Tessellation", 8);
      return;
    case Primitive::Teapot:
      m.size = r.number(t, "Size", 1.0f);
      m.tessellation = r.integer(t, "Tessellation", 8);
      return;
  }
}

}  // namespace

std::optional<ProceduralModel> readProceduralModel(Reader& r, const YAML::Node& root) {
  if (tagOf(root) != "ProceduralModelAsset") {
    r.error(root,
            "expected a Stride procedural model (!ProceduralModelAsset), got " +
                (tagOf(root).empty() ? std::string("an untagged document") : "!" + tagOf(root)));
    return std::nullopt;
  }
  YAML::Node t = r.child(root, "Type");
  ProceduralModel m;
  m.type = tagOf(t);
  const TypeName* known = nullptr;
  for (const TypeName& k : kTypes)
    if (m.type == k.tag) known = &k;
  if (!t.IsMap() || !known) {
    r.error(t.IsDefined() ? t : root,
            "Type: expected a procedural shape (!CubeProceduralModel, "
            "!SphereProceduralModel, ...), got " +
                (m.type.empty() ? std::string("none") : "!" + m.type));
    return std::nullopt;
  }
  m.shape = known->shape;
  readShape(r, t, m);
  m.scale = r.vector3(t, "Scale", vec3(1.0f));
  m.localOffset = r.vector3(t, "LocalOffset", vec3(0.0f));
  YAML::Node material = r.child(t, "MaterialInstance");
  if (!isNull(material)) m.material = r.text(material, "Material", "");
  // Bounds on what a stranger's file may ask for (one mesh, 16-bit-sized as Stride prefers).
  m.tessellation = std::clamp(m.tessellation, 1, 256);
  m.tessellationX = std::clamp(m.tessellationX, 1, 1024);
  m.tessellationY = std::clamp(m.tessellationY, 1, 1024);
  return m;
}

MeshData buildProceduralMesh(const ProceduralModel& m, bool& approximate) {
  MeshData mesh;
  approximate = false;
  shape(mesh, m, approximate);
  vec3 inverse(m.scale.x != 0.0f ? 1.0f / m.scale.x : 0.0f,
               m.scale.y != 0.0f ? 1.0f / m.scale.y : 0.0f,
               m.scale.z != 0.0f ? 1.0f / m.scale.z : 0.0f);
  for (size_t i = 0; i < mesh.positions.size(); ++i) {
    mesh.positions[i] = (mesh.positions[i] + m.localOffset) * m.scale;
    vec3 n = mesh.normals[i] * inverse;
    float len = glm::length(n);
    mesh.normals[i] = len > 0.0f ? n / len : mesh.normals[i];
  }
  return mesh;
}

}  // namespace fx::stride_yaml
