#include "engine/import/halo/scene_models.h"

#include <memory>
#include <system_error>

#include "engine/formats/halo/gbxmodel_tag.h"
#include "engine/formats/halo/tag_paths.h"

namespace fx {

namespace fs = std::filesystem;

fs::path resolveModelPath(const std::string& model, const SceneModelOptions& options,
                          std::string& reason) {
  fs::path authored(model);
  std::error_code ec;
  if (authored.is_absolute()) {
    if (fs::is_regular_file(authored, ec)) return authored;
    reason = "file not found";
    return {};
  }
  if (!options.tagsRoot.empty()) {
    if (auto hit = halo::resolveCaseInsensitive(options.tagsRoot, model)) return *hit;
    reason = "not found under the tags folder \"" + options.tagsRoot.string() + "\"";
    return {};
  }
  fs::path local = options.presetDir / authored;
  if (fs::is_regular_file(local, ec)) return local;
  reason = "not found (no tags folder: set \"tags_dir\" or --tags)";
  return {};
}

namespace {

void applyModel(SceneObject& o, const halo::GbxModel& model) {
  for (const halo::PlacedMarker& m : halo::placeMarkers(model, o.permutation)) {
    Marker marker;
    marker.name = m.name;
    marker.local = m.model;
    o.modelMarkers.push_back(std::move(marker));
  }
  halo::ModelMesh mesh = halo::buildMesh(model, o.permutation);
  bool any = !mesh.empty();
  o.meshLo = mesh.lo, o.meshHi = mesh.hi;
  for (const Marker& m : o.modelMarkers) {
    o.meshLo = any ? glm::min(o.meshLo, m.local.position) : m.local.position;
    o.meshHi = any ? glm::max(o.meshHi, m.local.position) : m.local.position;
    any = true;
  }
  if (mesh.empty()) return;
  auto data = std::make_shared<MeshData>();
  data->positions = std::move(mesh.positions);
  data->normals = std::move(mesh.normals);
  data->indices = std::move(mesh.indices);
  o.mesh = std::move(data);
}

}  // namespace

void loadSceneModels(Scene& scene, const SceneModelOptions& options, const std::string& file,
                     Diagnostics& diags) {
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    SceneObject& o = scene.objects[i];
    o.modelMarkers.clear();
    o.mesh.reset();
    o.meshLo = o.meshHi = vec3(0.0f);
    if (o.model.empty()) continue;
    const std::string pointer = "/objects/" + std::to_string(i) + "/model";
    auto report = [&](const std::string& message) {
      if (options.problemsAreErrors)
        diags.error(file, pointer, message);
      else
        diags.warning(file, pointer, message + "; the object keeps only its own markers");
    };
    std::string reason;
    fs::path path = resolveModelPath(o.model, options, reason);
    if (path.empty()) {
      report("model \"" + o.model + "\": " + reason);
      continue;
    }
    Diagnostics local;
    auto model = halo::loadGbxModel(path, path.string(), local);
    if (!model) {
      std::string why = "unreadable";
      if (!local.items.empty())
        why = (local.items[0].pointer.empty() ? "" : local.items[0].pointer + ": ") +
              local.items[0].message;
      report("model \"" + o.model + "\": " + why);
      continue;
    }
    applyModel(o, *model);
  }
}

}  // namespace fx
