// fxview texgen model -o OUT.gbxmodel: a sword model written as a Halo gbxmodel tag by fxview's
// own tag writer (assets are never taken from a game). Two nodes ("frame" at the grip, "blade"
// 0.3 wu up), one region "__base" with one permutation "__base": a grip and a tapered
// diamond-section blade along +Z (0.3 .. 1.3 wu), five "glow 1" markers up the blade's edge, each
// pointing its +X at the next as the glow's marker search expects, and a "primary trigger".
#include <iostream>

#include "app/cli/texgen.h"
#include "engine/core/paths.h"
#include "engine/formats/halo/gbxmodel_tag.h"

namespace fx::cli {

namespace {

using halo::ModelPart;

// Appends triangle (a, b, c) to a strip: joins with repeated indices (degenerate triangles) and
// starts the triangle at an even position so its winding is kept.
void appendTriangle(std::vector<uint16_t>& strip, uint16_t a, uint16_t b, uint16_t c) {
  if (!strip.empty()) {
    strip.push_back(strip.back());
    strip.push_back(a);
    if (strip.size() % 2 == 1) strip.push_back(a);
  }
  strip.insert(strip.end(), {a, b, c});
}

// A flat-shaded triangle (its own three vertices, facing `outward` side of the solid).
void addFace(ModelPart& part, vec3 p0, vec3 p1, vec3 p2, vec3 inside) {
  vec3 n = glm::normalize(glm::cross(p1 - p0, p2 - p0));
  if (glm::dot(n, p0 - inside) < 0.0f) std::swap(p1, p2), n = -n;
  uint16_t base = uint16_t(part.vertices.size());
  for (vec3 p : {p0, p1, p2}) part.vertices.push_back({p, n, vec2(0.0f)});
  appendTriangle(part.strip, base, uint16_t(base + 1), uint16_t(base + 2));
}

// A prism between two cross-sections (same vertex count, counter-clockwise about +Z).
void addPrism(ModelPart& part, const std::vector<vec3>& lo, const std::vector<vec3>& hi, bool capLo,
              bool capHi) {
  vec3 inside{0.0f};
  for (size_t i = 0; i < lo.size(); ++i) inside += (lo[i] + hi[i]) * (0.5f / float(lo.size()));
  for (size_t i = 0; i < lo.size(); ++i) {
    size_t j = (i + 1) % lo.size();
    addFace(part, lo[i], lo[j], hi[j], inside);
    if (glm::length(hi[j] - hi[i]) > 1e-6f) addFace(part, lo[i], hi[j], hi[i], inside);
  }
  for (size_t i = 1; i + 1 < lo.size(); ++i) {
    if (capLo) addFace(part, lo[0], lo[i], lo[i + 1], inside);
    if (capHi) addFace(part, hi[0], hi[i], hi[i + 1], inside);
  }
}

std::vector<vec3> section(float z, float halfWidth, float halfDepth) {
  return {{halfWidth, 0, z}, {0, halfDepth, z}, {-halfWidth, 0, z}, {0, -halfDepth, z}};
}

halo::GbxModel sword() {
  halo::GbxModel m;
  m.nodes.push_back({"frame", halo::kNoIndex, vec3(0.0f), quat(1, 0, 0, 0)});
  m.nodes.push_back({"blade", 0, vec3(0, 0, 0.3f), quat(1, 0, 0, 0)});
  ModelPart part;
  addPrism(part, section(-0.12f, 0.025f, 0.025f), section(0.26f, 0.025f, 0.025f), true,
           true);                                                                          // grip
  addPrism(part, section(0.26f, 0.12f, 0.04f), section(0.32f, 0.12f, 0.04f), true, true);  // guard
  addPrism(part, section(0.32f, 0.06f, 0.012f), section(1.0f, 0.05f, 0.012f), false,
           false);                                                                        // blade
  addPrism(part, section(1.0f, 0.05f, 0.012f), section(1.3f, 0.0f, 0.0f), false, false);  // tip
  m.geometries.push_back({{part}});
  halo::ModelPermutation base;
  base.name = "__base";
  base.geometry = {0, 0, 0, 0, 0};
  // Up the blade's +X edge, slightly curved, in the blade node's frame.
  const vec3 at[5] = {{0.07f, 0, 0.08f},
                      {0.072f, 0, 0.26f},
                      {0.068f, 0, 0.44f},
                      {0.06f, 0, 0.6f},
                      {0.03f, 0, 0.85f}};
  for (int i = 0; i < 5; ++i) {
    vec3 forward = i < 4 ? at[i + 1] - at[i] : at[4] - at[3];
    base.markers.push_back({"glow 1", 1, at[i], rotationFromForwardUp(forward, vec3(1, 0, 0))});
  }
  base.markers.push_back({"primary trigger", 0, vec3(0, 0, 0.1f), quat(1, 0, 0, 0)});
  m.regions.push_back({"__base", {base}});
  return m;
}

}  // namespace

void registerTexgenModel(CLI::App& texgen, int& exitCode) {
  auto output = std::make_shared<std::string>();
  auto* cmd = texgen.add_subcommand(
      "model", "A sword model as a Halo .gbxmodel tag (mesh and glow markers)");
  cmd->add_option("-o,--output", *output, ".gbxmodel to write")->required();
  cmd->callback([output, &exitCode] {
    halo::GbxModel model = sword();
    if (refuseOutputs("texgen model", {{toPath(*output), WrittenKind::GbxmodelTag}})) {
      exitCode = kExitUsage;
      return;
    }
    if (std::string err = halo::saveTag(toPath(*output), halo::gbxModelToTag(model));
        !err.empty()) {
      std::cerr << *output << ": " << err << "\n";
      exitCode = kExitUsage;
      return;
    }
    halo::ModelMesh mesh = halo::buildMesh(model, "__base");
    std::cout << *output << ": sword, " << mesh.indices.size() / 3 << " triangles, "
              << model.regions[0].permutations[0].markers.size() << " markers\n";
    exitCode = kExitOk;
  });
}

}  // namespace fx::cli
