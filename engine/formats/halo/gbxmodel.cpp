#include "engine/formats/halo/gbxmodel.h"

#include <algorithm>
#include <cmath>

namespace fx::halo {

std::vector<Transform> defaultPose(const GbxModel& model) {
  std::vector<Transform> pose(model.nodes.size());
  for (size_t i = 0; i < model.nodes.size(); ++i) {
    const ModelNode& n = model.nodes[i];
    Transform local;
    local.position = n.translation;
    local.rotation = glm::normalize(n.rotation);
    pose[i] = n.parent < i ? compose(pose[n.parent], local) : local;
  }
  return pose;
}

std::vector<int> choosePermutations(const GbxModel& model, std::string_view permutation) {
  std::vector<int> chosen(model.regions.size(), -1);
  for (size_t r = 0; r < model.regions.size(); ++r) {
    const auto& perms = model.regions[r].permutations;
    if (perms.empty()) continue;
    chosen[r] = 0;
    for (size_t p = 0; p < perms.size(); ++p)
      if (perms[p].name == permutation) {
        chosen[r] = int(p);
        break;
      }
  }
  return chosen;
}

std::vector<PlacedMarker> placeMarkers(const GbxModel& model, std::string_view permutation) {
  return placeMarkers(model, permutation, defaultPose(model));
}

std::vector<PlacedMarker> placeMarkers(const GbxModel& model, std::string_view permutation,
                                       const std::vector<Transform>& pose) {
  std::vector<int> chosen = choosePermutations(model, permutation);
  std::vector<PlacedMarker> out;
  for (size_t r = 0; r < model.regions.size(); ++r) {
    if (chosen[r] < 0) continue;
    for (const ModelMarker& m : model.regions[r].permutations[size_t(chosen[r])].markers) {
      Transform local;
      local.position = m.translation;
      local.rotation = glm::normalize(m.rotation);
      Transform node = m.node < pose.size() ? pose[m.node] : Transform{};
      out.push_back({m.name, compose(node, local), int(r), chosen[r]});
    }
  }
  return out;
}

void stripToTriangles(const std::vector<uint16_t>& strip, size_t vertexCount,
                      std::vector<uint32_t>& out, uint32_t base) {
  for (size_t i = 2; i < strip.size(); ++i) {
    uint16_t a = strip[i - 2], b = strip[i - 1], c = strip[i];
    if (a == kNoIndex || b == kNoIndex || c == kNoIndex) break;
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    if (a == b || b == c || a == c) continue;  // strip joins
    if (i % 2 == 0)
      out.insert(out.end(), {base + a, base + b, base + c});
    else
      out.insert(out.end(), {base + b, base + a, base + c});
  }
}

namespace {

void appendPart(const ModelPart& part, ModelMesh& mesh) {
  const uint32_t base = uint32_t(mesh.positions.size());
  for (const ModelVertex& v : part.vertices) {
    float len = glm::length(v.normal);
    mesh.positions.push_back(v.position);
    mesh.nodes.push_back(v.node);
    mesh.normals.push_back(len > 1e-6f && std::isfinite(len) ? v.normal / len : vec3(0, 0, 1));
  }
  stripToTriangles(part.strip, part.vertices.size(), mesh.indices, base);
}

}  // namespace

ModelMesh buildMesh(const GbxModel& model, std::string_view permutation) {
  ModelMesh mesh;
  std::vector<int> chosen = choosePermutations(model, permutation);
  for (size_t r = 0; r < model.regions.size(); ++r) {
    if (chosen[r] < 0) continue;
    const ModelPermutation& perm = model.regions[r].permutations[size_t(chosen[r])];
    for (int level = kDetailLevels - 1; level >= 0; --level) {  // super high first
      uint16_t g = perm.geometry[size_t(level)];
      if (g == kNoIndex || g >= model.geometries.size()) continue;
      for (const ModelPart& part : model.geometries[g].parts) appendPart(part, mesh);
      break;
    }
  }
  if (!mesh.positions.empty()) {
    mesh.lo = mesh.hi = mesh.positions[0];
    for (const vec3& p : mesh.positions)
      mesh.lo = glm::min(mesh.lo, p), mesh.hi = glm::max(mesh.hi, p);
  }
  return mesh;
}

}  // namespace fx::halo
