#include "engine/import/halo/scene_models.h"

#include <memory>
#include <system_error>

#include "engine/core/paths.h"
#include "engine/formats/halo/gbxmodel_tag.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/import/halo/model_poses.h"
#include "engine/import/obj/obj_mesh.h"
#include "engine/import/stride/stride_models.h"

namespace fx {

namespace fs = std::filesystem;

fs::path resolveModelPath(const std::string& model, const SceneModelOptions& options,
                          std::string& reason) {
  fs::path authored = toPath(model);
  std::error_code ec;
  if (authored.is_absolute()) {
    if (fs::is_regular_file(authored, ec)) return authored;
    reason = "file not found";
    return {};
  }
  // A Stride model or an OBJ reference mesh lies beside the preset.
  if (stride_import::isProceduralModelPath(authored) || obj_import::isObjPath(authored)) {
    fs::path local = options.presetDir / authored;
    if (fs::is_regular_file(local, ec)) return local;
    reason = "not found beside the preset (" + toUtf8(local) + ")";
    return {};
  }
  if (!options.tagsRoot.empty()) {
    if (auto hit = halo::resolveCaseInsensitive(options.tagsRoot, model)) return *hit;
    reason = "not found under the tags folder \"" + toUtf8(options.tagsRoot) + "\"";
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

// The object's "animation" on its model: o.poses per frame, else the default pose. A tag that
// cannot be found or read is reported like the model; a wrong name or a node mismatch is an error.
void applyAnimation(SceneObject& o, size_t index, const halo::GbxModel& model,
                    const SceneModelOptions& options, const std::string& file, Diagnostics& diags) {
  o.poses = makeModelPoses(model, o.permutation, nullptr, {});
  if (o.animation.tag.empty()) return;
  const std::string pointer = "/objects/" + std::to_string(index) + "/animation";
  auto report = [&](const std::string& at, const std::string& message) {
    if (options.problemsAreErrors)
      diags.error(file, at, message);
    else
      diags.warning(file, at, message + "; the model keeps its default pose");
  };
  std::string reason;
  fs::path path = resolveModelPath(o.animation.tag, options, reason);
  if (path.empty())
    return report(pointer + "/tag", "animation \"" + o.animation.tag + "\": " + reason);
  Diagnostics local;
  auto tags = halo::loadModelAnimations(path, toUtf8(path), local);
  if (!tags) {
    const Diagnostic& d = local.items.at(0);
    return report(pointer + "/tag", "animation \"" + o.animation.tag + "\": " +
                                        (d.pointer.empty() ? "" : d.pointer + ": ") + d.message);
  }
  std::string error;
  const halo::Animation* a = chooseAnimation(*tags, o, model, error);
  if (!a) return diags.error(file, pointer + (o.animation.name.empty() ? "/tag" : "/name"), error);
  std::vector<std::string> names;
  for (const auto& anim : tags->animations) names.push_back(anim.name);
  o.poses = makeModelPoses(model, o.permutation, a, std::move(names));
}

// A mesh file's mesh and colour (a Stride procedural model, an OBJ reference mesh), stretched by
// "model_scale"; its notes (what is drawn otherwise than its tool draws it) are warnings.
void applySceneMesh(SceneObject& o, const stride_import::SceneMesh& mesh, const std::string& file,
                    const std::string& pointer, Diagnostics& diags) {
  for (const std::string& note : mesh.notes)
    diags.warning(file, pointer, "model \"" + o.model + "\": " + note);
  o.mesh = mesh.mesh;
  o.meshLo = mesh.lo, o.meshHi = mesh.hi;
  if (o.modelScale != vec3(1.0f)) {  // an entity's non-uniform scale: stretch a copy
    auto scaled = std::make_shared<MeshData>(*mesh.mesh);
    for (vec3& p : scaled->positions) p *= o.modelScale;
    for (vec3& n : scaled->normals) n = glm::normalize(n / glm::max(o.modelScale, vec3(1e-6f)));
    o.meshLo = glm::min(mesh.lo * o.modelScale, mesh.hi * o.modelScale);
    o.meshHi = glm::max(mesh.lo * o.modelScale, mesh.hi * o.modelScale);
    o.mesh = std::move(scaled);
  }
  o.meshColor = mesh.color;
}

// A Stride procedural model: what it draws otherwise than Stride (a shape drawn as its bounding
// box, a material drawn plain) is a warning naming the model. False with `reason` when the file
// cannot be used.
bool applyProceduralModel(SceneObject& o, const fs::path& path, const std::string& file,
                          const std::string& pointer, Diagnostics& diags, std::string& reason) {
  auto mesh = stride_import::loadProceduralModel(path, reason);
  if (!mesh) return false;
  applySceneMesh(o, *mesh, file, pointer, diags);
  return true;
}

}  // namespace

void loadSceneModels(Scene& scene, const SceneModelOptions& options, const std::string& file,
                     Diagnostics& diags) {
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    SceneObject& o = scene.objects[i];
    o.modelMarkers.clear();
    o.mesh.reset();
    o.meshLo = o.meshHi = vec3(0.0f);
    o.poses.reset();
    o.meshColor = MeshInstance{}.color;
    if (o.model.empty()) continue;
    const std::string pointer = "/objects/" + std::to_string(i) + "/model";
    auto report = [&](const std::string& message) {
      if (options.problemsAreErrors)
        diags.error(file, pointer, message);
      else
        diags.warning(file, pointer,
                      message + (stride_import::isProceduralModelPath(toPath(o.model)) ||
                                         obj_import::isObjPath(toPath(o.model))
                                     ? "; not drawn"
                                     : "; the object keeps only its own markers"));
    };
    std::string reason;
    fs::path path = resolveModelPath(o.model, options, reason);
    if (path.empty()) {
      report("model \"" + o.model + "\": " + reason);
      continue;
    }
    if (obj_import::isObjPath(path)) {  // a malformed reference mesh is an error, line and all
      if (auto mesh = obj_import::loadObjMesh(path, reason))
        applySceneMesh(o, *mesh, file, pointer, diags);
      else
        diags.error(file, pointer, "model \"" + o.model + "\": " + reason);
      continue;
    }
    if (stride_import::isProceduralModelPath(path)) {
      if (!applyProceduralModel(o, path, file, pointer, diags, reason))
        report("model \"" + o.model + "\": " + reason);
      continue;
    }
    Diagnostics local;
    auto model = halo::loadGbxModel(path, toUtf8(path), local);
    if (!model) {
      std::string why = "unreadable";
      if (!local.items.empty())
        why = (local.items[0].pointer.empty() ? "" : local.items[0].pointer + ": ") +
              local.items[0].message;
      report("model \"" + o.model + "\": " + why);
      continue;
    }
    applyModel(o, *model);
    applyAnimation(o, i, *model, options, file, diags);
  }
}

}  // namespace fx
