#include "engine/session/tag_scene.h"

#include <algorithm>
#include <cctype>

#include "engine/core/paths.h"
#include "engine/effects/halo_weather/weather_definition.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/session/bundle.h"
#include "engine/session/file_kinds.h"
#include "engine/session/level_scene.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

bool isWeather(const fs::path& p) {
  const FileKind* kind = findFileKind(p);
  return kind && kind->tagClass == halo::TagClass::WeatherParticleSystem;
}

// Looks at the object's bounds from the front-right and a little above (Z up), far enough for
// a 60 degree field of view to hold them.
void frameObject(Scene& scene, const SceneObject& o) {
  vec3 lo = o.transform.apply(o.meshLo), hi = o.transform.apply(o.meshHi);
  vec3 center = (lo + hi) * 0.5f;
  float radius = std::max(glm::length(hi - lo) * 0.5f, 0.25f);
  vec3 dir = glm::normalize(vec3(0.35f, -1.0f, 0.45f));
  scene.camera.target = center;
  scene.camera.position = center + dir * (radius * 2.4f);
  scene.camera.nearPlane = std::min(0.01f, radius * 0.01f);
}

// Inside the weather cube at its middle height, looking along +X across it.
void frameWeather(Scene& scene, const EffectEntry& e) {
  float edge = 0.0f;
  if (auto* w = dynamic_cast<const weather::WeatherDefinition*>(e.definition.get()))
    for (const auto& t : w->particleTypes) edge = std::max(edge, t.fadeOutEndDistance);
  if (!(edge > 0.0f)) edge = 8.0f;
  scene.camera.position = vec3(0.0f, 0.0f, 0.0f);
  scene.camera.target = vec3(edge * 0.5f, edge * 0.12f, -edge * 0.04f);
  scene.camera.nearPlane = 0.01f;
}

}  // namespace

void nameOpenedFile(Diagnostics& diags, size_t from, const fs::path& virtualFile,
                    const fs::path& opened) {
  for (size_t i = from; i < diags.items.size(); ++i)
    if (diags.items[i].file == toUtf8(virtualFile)) diags.items[i].file = toUtf8(opened);
}

bool isEffectTagPath(const fs::path& path) {
  const FileKind* kind = findFileKindByExtension(path);
  return kind && kind->opensAs == FileOpening::EffectTag;
}

std::pair<fs::path, std::string> splitAnimationArgument(const std::string& arg) {
  static constexpr std::string_view kExtension = ".model_animations:";
  std::string lower = arg;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  size_t at = lower.rfind(kExtension);
  if (at == std::string::npos) return {toPath(arg), ""};
  size_t colon = at + kExtension.size() - 1;
  return {toPath(arg.substr(0, colon)), arg.substr(colon + 1)};
}

namespace {

bool isModelFile(const fs::path& p) {
  std::string ext = toUtf8(p.extension());
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return ext == ".gbxmodel";
}

}  // namespace

std::vector<fs::path> modelCandidatesFor(const fs::path& tag, const fs::path& tagsDir,
                                         size_t limit) {
  std::vector<fs::path> out;
  if (isWeather(tag) || limit == 0) return out;
  std::error_code ec;
  fs::path absTag = fs::absolute(tag, ec).lexically_normal();
  auto addSorted = [&](std::vector<fs::path> found) {
    std::sort(found.begin(), found.end());
    for (auto& p : found)
      if (out.size() < limit && std::find(out.begin(), out.end(), p) == out.end())
        out.push_back(std::move(p));
  };
  std::vector<fs::path> beside;
  for (fs::directory_iterator it(absTag.parent_path(), ec), end; !ec && it != end; it.increment(ec))
    if (isModelFile(it->path()) && it->is_regular_file(ec)) beside.push_back(it->path());
  addSorted(std::move(beside));
  fs::path root = halo::tagsRootFor(absTag, tagsDir.empty() ? tagsDir : fs::absolute(tagsDir, ec));
  if (root.empty()) return out;
  std::vector<fs::path> underRoot;
  size_t looked = 0;
  auto opts = fs::directory_options::skip_permission_denied;
  for (fs::recursive_directory_iterator it(root, opts, ec), end;
       !ec && it != end && ++looked <= 20000; it.increment(ec))
    if (isModelFile(it->path()) && it->is_regular_file(ec)) underRoot.push_back(it->path());
  addSorted(std::move(underRoot));
  return out;
}

TagScene makeTagScene(const fs::path& tag, const fs::path& model, const fs::path& tagsDir,
                      const std::string& animation) {
  fs::path absTag = fs::absolute(tag).lexically_normal();
  fs::path root = halo::tagsRootFor(absTag, tagsDir.empty() ? tagsDir : fs::absolute(tagsDir));
  fs::path dir = root.empty() ? absTag.parent_path() : root;
  std::string stem = toUtf8(absTag.stem());
  // The effect id is typed in `set ID/field` and completion: no spaces or slashes.
  std::string id = stem;
  for (char& c : id)
    if (c == ' ' || c == '\t' || c == '/' || c == '\\' || c == ';' || c == '"') c = '_';
  if (id.empty()) id = "effect";
  TagScene out;
  out.presetPath = dir / toPath(stem + ".fxview.json");
  Json effect = {{"id", id},
                 {"kind", isWeather(absTag) ? "halo_weather" : "halo_glow"},
                 {"definition", toGenericUtf8(absTag.lexically_relative(dir))}};
  Json objects = Json::array();
  if (!isWeather(absTag)) {
    Json object = {{"name", model.empty() ? std::string("object") : toUtf8(model.stem())}};
    if (!model.empty()) object["model"] = toUtf8(fs::absolute(model).lexically_normal());
    if (!model.empty() && !animation.empty()) {
      auto [path, name] = splitAnimationArgument(animation);
      object["animation"] = {{"tag", toUtf8(fs::absolute(path).lexically_normal())}};
      if (!name.empty()) object["animation"]["name"] = name;
    }
    effect["object"] = object["name"];
    objects.push_back(object);
  }
  out.json = {{"version", 1},       {"name", toUtf8(absTag.filename())},
              {"seed", 1},          {"simulation", {{"mode", "tick"}, {"rate", 30}}},
              {"objects", objects}, {"effects", Json::array({effect})}};
  return out;
}

std::unique_ptr<Preset> loadTagScene(const fs::path& tag, const fs::path& model, Diagnostics& diags,
                                     const PresetLoadOptions& opts) {
  if (!opensAs(tag, FileOpening::EffectTag)) {
    diags.error(toUtf8(tag), "", "expected a .glow or .weather_particle_system tag");
    return nullptr;
  }
  std::error_code ec;
  if (!fs::is_regular_file(tag, ec)) {
    diags.error(toUtf8(tag), "", "file not found");
    return nullptr;
  }
  if (!model.empty() && !fs::is_regular_file(model, ec)) {
    diags.error(toUtf8(model), "", "file not found");
    return nullptr;
  }
  if (!opts.tagAnimation.empty()) {
    fs::path animation = splitAnimationArgument(opts.tagAnimation).first;
    if (model.empty()) {
      diags.error(toUtf8(animation), "", "an animation needs a model (--model X.gbxmodel)");
      return nullptr;
    }
    if (!fs::is_regular_file(animation, ec)) {
      diags.error(toUtf8(animation), "", "file not found");
      return nullptr;
    }
  }
  TagScene scene = makeTagScene(tag, model, opts.tagsDir, opts.tagAnimation);
  const size_t before = diags.items.size();
  auto preset = loadPresetFromJson(scene.json, scene.presetPath, diags, opts);
  nameOpenedFile(diags, before, scene.presetPath, tag);
  if (!preset) return nullptr;
  preset->displayName = toUtf8(tag);
  if (!preset->scene.objects.empty())
    frameObject(preset->scene, preset->scene.objects[0]);
  else if (!preset->effects.empty())
    frameWeather(preset->scene, preset->effects[0]);
  // The scene is fxview's, built around the tag: Save writes the tag in place and never the
  // scene (whose path is virtual); only Save As makes a preset of it.
  preset->openedFile = tag;
  trackDocuments(*preset, false);
  return preset;
}

std::unique_ptr<Preset> loadPresetOrTag(const fs::path& path, const fs::path& model,
                                        Diagnostics& diags, const PresetLoadOptions& opts) {
  if (isBundleZip(path)) {  // a bug report to attach: the bundle folder it unpacks to
    fs::path dir = unpackedBundle(path, diags);
    return dir.empty() ? nullptr : loadPreset(bundlePresetPath(dir), diags, opts);
  }
  const FileKind* kind = findFileKind(path);
  if (kind && kind->opensAs == FileOpening::EffectTag)
    return loadTagScene(path, model, diags, opts);
  if (kind && kind->opensAs == FileOpening::LevelTag) return loadLevelScene(path, diags, opts);
  if (kind && kind->opensAs == FileOpening::Bundle)
    return loadPreset(bundlePresetPath(path), diags, opts);
  if (kind && kind->tagClass) {
    // A tag that is no scene (gbxmodel, bitmap, point_physics, ...) is not JSON either.
    diags.error(toUtf8(path), "",
                "a ." + std::string(kind->name) +
                    " tag opens with the effect that uses it (a .glow with --model for a "
                    "gbxmodel); `fxview import` prints it");
    return nullptr;
  }
  // Presets, Stride assets (loadPreset imports them) and anything unknown.
  return loadPreset(path, diags, opts);
}

}  // namespace fx
