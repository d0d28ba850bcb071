#include "engine/import/stride/stride_models.h"

#include <algorithm>
#include <cctype>
#include <system_error>

#include "engine/core/paths.h"
#include "engine/effects/stride/stride_common.h"
#include "engine/formats/stride/stride_promodel.h"
#include "engine/import/stride/stride_import.h"

namespace fx::stride_import {

namespace fs = std::filesystem;

bool isProceduralModelPath(const fs::path& path) {
  std::string ext = toUtf8(path.extension());
  for (auto& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext == kProceduralModelExtension;
}

namespace {

// The material asset a `<guid>:<url>` reference names: `<url>.sdmat` in the model's folder or
// one above it, up to its package root (as textures are found). "" when not found.
fs::path findMaterial(const fs::path& model, const std::string& reference) {
  std::string url =
      reference.substr(reference.find(':') == std::string::npos ? 0 : reference.find(':') + 1);
  if (url.empty() || url.find("..") != std::string::npos) return {};
  std::error_code ec;
  fs::path root = packageRoot(model);
  fs::path dir = fs::absolute(model, ec).parent_path().lexically_normal();
  for (int up = 0; up < 6; ++up) {
    fs::path candidate = dir / toPath(url + ".sdmat");
    if (fs::is_regular_file(candidate, ec)) return candidate;
    if (dir == root || dir == dir.root_path()) break;
    dir = dir.parent_path();
  }
  return {};
}

// The material's plain diffuse colour, else a note and the default grey.
void readMaterialColor(const fs::path& model, const std::string& reference, SceneMesh& out) {
  std::string name =
      reference.substr(reference.find(':') == std::string::npos ? 0 : reference.find(':') + 1);
  if (reference.empty()) return;
  fs::path file = findMaterial(model, reference);
  if (file.empty()) {
    out.notes.push_back("material \"" + name + "\": " + name +
                        ".sdmat not found beside the model or above it; drawn plain grey");
    return;
  }
  Diagnostics local;
  auto root = stride_yaml::loadFile(toUtf8(file), toUtf8(file), local);
  if (root) {
    stride_yaml::Reader r(toUtf8(file), local);
    YAML::Node diffuse = r.child(r.child(*root, "Attributes"), "Diffuse");
    YAML::Node map = r.child(diffuse, "DiffuseMap");
    if (stride_yaml::tagOf(map) == "ComputeColor" && local.errorCount() == 0) {
      ColorRgba c = r.color(map, "Value", ColorRgba{1, 1, 1, 1});
      if (local.errorCount() == 0) {
        out.color = vec4(c.r, c.g, c.b, 1.0f);
        return;
      }
    }
  }
  out.notes.push_back("material \"" + name +
                      "\": its diffuse is not a plain colour (textures and lighting models are "
                      "not drawn); drawn plain grey, lit");
}

}  // namespace

std::pair<fs::path, std::string> proceduralModelMaterial(const fs::path& model) {
  Diagnostics local;
  auto root = stride_yaml::loadFile(toUtf8(model), toUtf8(model), local);
  if (!root) return {};
  stride_yaml::Reader r(toUtf8(model), local);
  auto m = stride_yaml::readProceduralModel(r, *root);
  if (!m || m->material.empty()) return {};
  fs::path file = findMaterial(model, m->material);
  if (file.empty()) return {};
  return {file, m->material.substr(
                    m->material.find(':') == std::string::npos ? 0 : m->material.find(':') + 1)};
}

std::optional<SceneMesh> loadProceduralModel(const fs::path& path, std::string& reason) {
  Diagnostics local;
  auto root = stride_yaml::loadFile(toUtf8(path), toUtf8(path), local);
  std::optional<stride_yaml::ProceduralModel> model;
  if (root) {
    stride_yaml::Reader r(toUtf8(path), local);
    model = stride_yaml::readProceduralModel(r, *root);
  }
  if (!model || local.errorCount() > 0) {
    reason = "unreadable";
    for (const Diagnostic& d : local.items)
      if (d.severity == Severity::Error) {
        reason = (d.line > 0 ? "line " + std::to_string(d.line) + ": " : std::string()) + d.message;
        break;
      }
    return std::nullopt;
  }
  SceneMesh out;
  bool approximate = false;
  MeshData mesh = stride_yaml::buildProceduralMesh(*model, approximate);
  if (approximate)
    out.notes.push_back("!" + model->type +
                        ": fxview has no geometry for this shape; drawn as its bounding box");
  for (vec3& p : mesh.positions) p = stride::strideToWorld(p);
  for (vec3& n : mesh.normals) n = stride::strideToWorld(n);
  for (size_t i = 0; i < mesh.positions.size(); ++i) {
    out.lo = i ? glm::min(out.lo, mesh.positions[i]) : mesh.positions[i];
    out.hi = i ? glm::max(out.hi, mesh.positions[i]) : mesh.positions[i];
  }
  readMaterialColor(path, model->material, out);
  out.mesh = std::make_shared<MeshData>(std::move(mesh));
  return out;
}

}  // namespace fx::stride_import
