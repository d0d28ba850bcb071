#include "engine/import/stride/stride_import.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include "engine/core/paths.h"
#include "engine/effects/stride/stride_common.h"
#include "engine/import/stride/stride_import_internal.h"
#include "engine/import/stride/stride_models.h"

namespace fx::stride_import {

namespace fs = std::filesystem;
using stride_yaml::isNull;
using stride_yaml::lineOf;
using stride_yaml::tagOf;

namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

struct Entity {
  std::string id, name;
  YAML::Node node;
  Transform local;   // Stride space
  vec3 scale{1.0f};  // the TransformComponent's per-axis scale (local.scale is its X)
  std::string transformId;
  std::vector<std::string> childTransforms;
  std::vector<YAML::Node> particleSystems;
  std::vector<YAML::Node> models;  // ModelComponents
  bool camera = false;
  float cameraFovDeg = 45.0f;
  int parent = -1;
};

Transform readTransform(stride_yaml::Reader& r, const YAML::Node& tc) {
  Transform t;
  t.position = r.vector3(tc, "Position", vec3(0.0f));
  t.rotation = r.rotation(tc, "Rotation", quat(1, 0, 0, 0));
  vec3 s = r.vector3(tc, "Scale", vec3(1.0f));
  // The family's transforms are uniform (Stride's particle modules use the X scale only).
  t.scale = s.x;
  if (std::fabs(s.y - s.x) > 1e-4f || std::fabs(s.z - s.x) > 1e-4f)
    r.warning(r.child(tc, "Scale"), "Scale: non-uniform scale; fxview uses X (" +
                                        std::to_string(s.x) + ") as Stride's particles do");
  return t;
}

std::vector<Entity> readEntities(stride_yaml::Reader& r, const YAML::Node& hierarchy) {
  std::vector<Entity> out;
  YAML::Node parts = r.child(hierarchy, "Parts");
  if (isNull(parts)) return out;
  if (!parts.IsSequence()) {
    r.error(parts, "Hierarchy.Parts: expected a sequence of entities");
    return out;
  }
  if (parts.size() > kMaxEntities) {
    r.error(parts, "Hierarchy.Parts: expected at most " + std::to_string(kMaxEntities) +
                       " entities, got " + std::to_string(parts.size()));
    return out;
  }
  for (const auto& part : parts) {
    YAML::Node en = r.child(part, "Entity");
    if (!en.IsMap()) {
      r.error(part, "Hierarchy.Parts: expected an entry with an Entity mapping");
      continue;
    }
    Entity e;
    e.node = en;
    e.id = r.text(en, "Id", "");
    e.name = r.text(en, "Name", "");
    YAML::Node comps = r.child(en, "Components");
    if (!isNull(comps) && !comps.IsMap()) r.error(comps, "Components: expected a mapping");
    for (auto& [key, comp] : stride_yaml::entries(comps)) {
      std::string tag = tagOf(comp);
      if (tag == "TransformComponent") {
        e.local = readTransform(r, comp);
        e.scale = r.vector3(comp, "Scale", vec3(1.0f));
        e.transformId = r.text(comp, "Id", "");
        for (auto& [k, ref] : stride_yaml::entries(r.child(comp, "Children")))
          e.childTransforms.push_back(stride_yaml::refTarget(ref));
      } else if (tag == "ParticleSystemComponent") {
        e.particleSystems.push_back(comp);
      } else if (tag == "ModelComponent") {
        e.models.push_back(comp);
      } else if (tag == "CameraComponent") {
        e.camera = true;
        e.cameraFovDeg = r.number(comp, "VerticalFieldOfView", 45.0f);
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

// Parents through TransformComponent children (a child names its transform component's Id).
void linkParents(stride_yaml::Reader& r, std::vector<Entity>& entities) {
  std::map<std::string, int> byTransform;
  for (size_t i = 0; i < entities.size(); ++i)
    if (!entities[i].transformId.empty()) byTransform[entities[i].transformId] = int(i);
  for (size_t i = 0; i < entities.size(); ++i)
    for (const auto& c : entities[i].childTransforms) {
      auto it = byTransform.find(c);
      if (it == byTransform.end()) continue;  // a child outside this asset (prefab instance)
      Entity& child = entities[size_t(it->second)];
      if (child.parent >= 0 && child.parent != int(i))
        r.warning(child.node, "entity \"" + child.name + "\": two parents; keeping the first");
      else if (it->second != int(i))
        child.parent = int(i);
    }
}

Transform worldOf(const std::vector<Entity>& entities, size_t i) {
  Transform t = entities[i].local;
  int p = entities[i].parent;
  for (size_t steps = 0; p >= 0 && steps < entities.size(); ++steps) {
    t = compose(entities[size_t(p)].local, t);
    p = entities[size_t(p)].parent;
  }
  return t;
}

std::string uniqueName(std::string base, std::vector<std::string>& taken) {
  if (base.empty()) base = "particles";
  std::string name = base;
  for (int n = 2; std::find(taken.begin(), taken.end(), name) != taken.end(); ++n)
    name = base + " (" + std::to_string(n) + ")";
  taken.push_back(name);
  return name;
}

std::string slug(const std::string& name) {
  std::string s;
  for (char c : name) {
    unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u))
      s += char(std::tolower(u));
    else if (!s.empty() && s.back() != '_')
      s += '_';
  }
  while (!s.empty() && s.back() == '_') s.pop_back();
  return s.empty() ? std::string("particles") : s;
}

Json vecJson(vec3 v) {
  return Json::array({floatJson(v.x), floatJson(v.y), floatJson(v.z)});
}

// The preset camera: the scene's camera entity, else a view framing every effect.
Json cameraJson(const std::vector<Entity>& entities, const std::vector<vec3>& effectPositions) {
  for (size_t i = 0; i < entities.size(); ++i) {
    if (!entities[i].camera) continue;
    Transform t = worldOf(entities, i);
    vec3 forward = t.rotation * vec3(0, 0, -1);  // Stride cameras look down -Z
    vec3 target = t.position + forward * 10.0f;
    return {{"position", vecJson(stride::strideToWorld(t.position))},
            {"target", vecJson(stride::strideToWorld(target))},
            {"fov_deg", floatJson(std::clamp(entities[i].cameraFovDeg, 1.0f, 170.0f))}};
  }
  vec3 lo(0.0f), hi(0.0f);
  for (size_t i = 0; i < effectPositions.size(); ++i) {
    lo = i ? glm::min(lo, effectPositions[i]) : effectPositions[i];
    hi = i ? glm::max(hi, effectPositions[i]) : effectPositions[i];
  }
  vec3 centre = (lo + hi) * 0.5f + vec3(0, 0, 1.0f);
  float extent = std::max(glm::length(hi - lo), 4.0f);
  vec3 eye = centre + vec3(0, -1.4f * extent, 0.45f * extent);
  return {{"position", vecJson(eye)}, {"target", vecJson(centre)}, {"fov_deg", 55}};
}

}  // namespace

bool isStrideAsset(const fs::path& path) {
  std::string ext = lower(toUtf8(path.extension()));
  return ext == ".sdscene" || ext == ".sdprefab" || ext == ".xkscene" || ext == ".xkprefab";
}

fs::path packageRoot(const fs::path& asset) {
  std::error_code ec;
  fs::path dir = fs::absolute(asset, ec).parent_path().lexically_normal();
  fs::path p = dir;
  for (int up = 0; up < 5 && p != p.root_path() && !p.empty(); ++up) {
    if (p.filename() == "Assets" && p.parent_path() != p.parent_path().root_path())
      return p.parent_path();
    for (const auto& entry : fs::directory_iterator(p, ec))
      if (entry.path().extension() == ".sdpkg" && p != p.root_path()) return p;
    p = p.parent_path();
  }
  return dir;
}

fs::path packageRootOfSavedImport(const fs::path& preset) {
  if (lower(toUtf8(preset.extension())) != ".json") return {};
  fs::path asset = preset;
  asset.replace_extension();
  std::error_code ec;
  if (!isStrideAsset(asset) || !fs::is_regular_file(asset, ec)) return {};
  return packageRoot(asset);
}

fs::path presetPathFor(const fs::path& asset) {
  fs::path p = asset;
  p += ".json";
  return p;
}

std::string blockText(const Context& ctx, int line) {
  if (line < 1 || size_t(line) > ctx.lines.size()) return {};
  auto indent = [](const std::string& s) {
    size_t i = 0;
    while (i < s.size() && s[i] == ' ') ++i;
    return i;
  };
  const std::string& first = ctx.lines[size_t(line) - 1];
  size_t base = indent(first);
  std::string out = first.substr(base) + "\n";
  for (size_t i = size_t(line); i < ctx.lines.size(); ++i) {
    const std::string& l = ctx.lines[i];
    size_t ind = indent(l);
    if (ind == l.size()) continue;  // blank
    if (ind <= base) break;
    out += l.substr(base) + "\n";
    if (out.size() > (256u << 10)) break;  // one module's text; a bound, not a real size
  }
  return out;
}

namespace {

// The ColorSpace a game settings file's RenderingSettings names; "" when it names none.
std::string settingsColorSpace(const fs::path& file) {
  Diagnostics quiet;
  auto root = stride_yaml::loadFile(toUtf8(file), toUtf8(file), quiet);
  if (!root || !root->IsMap()) return {};
  stride_yaml::Reader r(toUtf8(file), quiet);
  YAML::Node defaults = r.child(*root, "Defaults");
  if (!defaults.IsSequence()) return {};
  for (const YAML::Node& d : defaults) {
    if (stride_yaml::tagOf(d).find("RenderingSettings") == std::string::npos) continue;
    const std::string space = r.text(d, "ColorSpace", "Linear");
    return space == "Gamma" ? "gamma" : "linear";
  }
  return {};
}

}  // namespace

std::string projectColorSpace(const fs::path& asset, const fs::path& root) {
  std::error_code ec;
  fs::path dir = fs::absolute(asset, ec).parent_path().lexically_normal();
  for (int up = 0; up < 6; ++up) {
    std::vector<fs::path> settings;
    for (const auto& entry : fs::directory_iterator(dir, ec))
      if (lower(toUtf8(entry.path().extension())) == ".sdgamesettings")
        settings.push_back(entry.path());
    std::sort(settings.begin(), settings.end());
    for (const fs::path& f : settings) {
      std::string space = settingsColorSpace(f);
      if (!space.empty()) return space;
    }
    if (dir == root || dir == dir.root_path()) break;
    dir = dir.parent_path();
  }
  return "linear";
}

std::string resolveTexture(Context& ctx, const YAML::Node& at, const std::string& reference) {
  const std::string kFallback = kFallbackTexture;
  std::string url = reference;
  size_t colon = url.find(':');
  if (colon != std::string::npos) url.erase(0, colon + 1);
  if (url.empty() || url.find("..") != std::string::npos) {
    ctx.r.warning(at,
                  "Texture \"" + reference + "\": not an asset reference; drawn with " + kFallback);
    return kFallback;
  }
  // Asset URLs are relative to the package's Assets folder: try the asset's folder and those
  // above it, up to the package root (packageRoot). Textures come from inside the package.
  std::error_code ec;
  fs::path dir = fs::absolute(ctx.assetPath, ec).parent_path().lexically_normal();
  fs::path sdtex;
  for (int up = 0; up < 6 && sdtex.empty(); ++up) {
    fs::path candidate = dir / toPath(url + ".sdtex");
    if (fs::is_regular_file(candidate, ec)) sdtex = candidate;
    if (dir == ctx.textureRoot || dir == dir.root_path()) break;
    dir = dir.parent_path();
  }
  if (sdtex.empty()) {
    ctx.r.warning(at, "Texture \"" + url + "\": texture asset " + url +
                          ".sdtex not found beside the asset or above it; drawn with " + kFallback);
    return kFallback;
  }
  Diagnostics texDiags;
  auto tex = stride_yaml::loadFile(toUtf8(sdtex), toUtf8(sdtex), texDiags);
  std::string source;
  if (tex) {
    stride_yaml::Reader tr(toUtf8(sdtex), texDiags);
    source = tr.text(*tex, "Source", "");
  }
  if (source.empty()) {
    ctx.r.warning(at, "Texture \"" + url + "\": " + toUtf8(sdtex) +
                          " has no readable Source; drawn with " + kFallback);
    return kFallback;
  }
  fs::path image = (sdtex.parent_path() / toPath(source)).lexically_normal();
  fs::path base = fs::absolute(ctx.assetPath, ec).parent_path().lexically_normal();
  // Written into the preset: forward slashes on every platform (a preset moves between systems).
  std::string rel = toGenericUtf8(image.lexically_relative(base));
  if (rel.empty()) rel = toGenericUtf8(image);
  if (lower(toUtf8(image.extension())) != ".png") {
    ctx.r.warning(at, "Texture \"" + url + "\": source " + source +
                          " is not a PNG (fxview reads PNG only); drawn as a magenta checker");
  } else if (image.lexically_relative(ctx.textureRoot).empty() ||
             *image.lexically_relative(ctx.textureRoot).begin() == "..") {
    ctx.r.warning(at, "Texture \"" + url + "\": source image " + toUtf8(image) +
                          " lies outside the Stride package " + toUtf8(ctx.textureRoot) +
                          "; drawn with " + kFallback);
    return kFallback;
  } else if (!fs::is_regular_file(image, ec)) {
    ctx.r.warning(at, "Texture \"" + url + "\": source image " + toUtf8(image) +
                          " not found; drawn with " + kFallback);
    return kFallback;
  }
  return rel;
}

// The asset's lines without line ends (diagnostics quote them).
std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    lines.push_back(std::move(l));
  }
  return lines;
}

// A ModelComponent's `Model: <guid>:<url>` -> the procedural model file `<url>.sdpromodel` in the
// asset's folder or one above it, up to the package root (as textures are found), relative to the
// asset's folder; "" with a warning naming the model when it is not procedural or not found.
std::string resolveModel(Context& ctx, const YAML::Node& component) {
  YAML::Node at = ctx.r.child(component, "Model");
  std::string reference = ctx.r.text(component, "Model", "");
  if (reference.empty()) return {};
  std::string url =
      reference.substr(reference.find(':') == std::string::npos ? 0 : reference.find(':') + 1);
  if (url.empty() || url.find("..") != std::string::npos) {
    ctx.r.warning(at, "Model \"" + reference + "\": not an asset reference; not drawn");
    return {};
  }
  std::error_code ec;
  fs::path base = fs::absolute(ctx.assetPath, ec).parent_path().lexically_normal();
  fs::path dir = base;
  for (int up = 0; up < 6; ++up) {
    fs::path candidate = dir / toPath(url + kProceduralModelExtension);
    if (fs::is_regular_file(candidate, ec)) {
      std::string rel = toGenericUtf8(candidate.lexically_relative(base));
      return rel.empty() ? toGenericUtf8(candidate) : rel;
    }
    if (fs::is_regular_file(dir / toPath(url + ".sdm3d"), ec)) {
      ctx.r.warning(at, "Model \"" + url + "\": an imported model (" + url +
                            ".sdm3d); fxview draws Stride's procedural models only; not drawn");
      return {};
    }
    if (dir == ctx.textureRoot || dir == dir.root_path()) break;
    dir = dir.parent_path();
  }
  ctx.r.warning(at, "Model \"" + url + "\": " + url + kProceduralModelExtension +
                        " not found beside the asset or above it (fxview draws procedural models "
                        "only); not drawn");
  return {};
}

// Each entity's first ModelComponent with a procedural model: its object (made when the entity
// has none yet) draws that model.
void attachModels(Context& ctx, const std::vector<Entity>& entities,
                  const std::function<std::string(size_t)>& addObject, Json& objects) {
  for (size_t i = 0; i < entities.size(); ++i)
    for (const auto& mc : entities[i].models) {
      std::string model = resolveModel(ctx, mc);
      if (model.empty()) continue;
      std::string object = addObject(i);
      if (!stride_yaml::entries(ctx.r.child(mc, "Materials")).empty())
        ctx.r.warning(ctx.r.child(mc, "Materials"),
                      "Materials: per-entity material overrides are not drawn; the model is "
                      "drawn in its own material's colour");
      // A non-uniform entity scale (the object keeps its X) stretches the model itself.
      const Entity& e = entities[i];
      vec3 ratio =
          e.scale.x != 0.0f ? glm::abs(stride::strideToWorld(e.scale / e.scale.x)) : vec3(1.0f);
      for (Json& o : objects) {
        if (o["name"] != object || o.contains("model")) continue;
        o["model"] = model;
        if (glm::any(glm::greaterThan(glm::abs(ratio - vec3(1.0f)), vec3(1e-4f))))
          o["model_scale"] = vecJson(ratio);
      }
      if (entities[i].models.size() > 1)
        ctx.r.warning(mc,
                      "entity \"" + entities[i].name +
                          "\": more than one ModelComponent; the first procedural one is drawn");
      break;
    }
}

// The preset around the imported objects and effects.
Json presetJson(const fs::path& path, const std::string& kind, Json camera, Json objects,
                Json effects) {
  Json p;
  p["version"] = 1;
  p["name"] = toUtf8(path.stem()) + " (Stride " + (kind == "SceneAsset" ? "scene" : "prefab") + ")";
  p["seed"] = 1;
  p["simulation"] = {{"mode", "tick"}, {"rate", 60}};
  p["camera"] = std::move(camera);
  p["background"] = {{"r", 0.05}, {"g", 0.05}, {"b", 0.07}};
  p["objects"] = std::move(objects);
  p["effects"] = std::move(effects);
  return p;
}

namespace {

// A scene's or prefab's Hierarchy mapping; an error (and an undefined node) for anything else.
YAML::Node hierarchyOf(const YAML::Node& root, stride_yaml::Reader& r, const std::string& kind,
                       const std::string& file, Diagnostics& diags) {
  if (!root.IsMap() || (kind != "SceneAsset" && kind != "PrefabAsset")) {
    diags.errorAt(file, std::max(lineOf(root), 1),
                  "expected a Stride scene or prefab (!SceneAsset / !PrefabAsset), got " +
                      (kind.empty() ? std::string("an untagged document") : "!" + kind));
    return YAML::Node(YAML::NodeType::Undefined);
  }
  YAML::Node hierarchy = r.child(root, "Hierarchy");
  if (!hierarchy.IsMap())
    diags.errorAt(file, std::max(lineOf(root), 1), "Hierarchy: required mapping is missing");
  return hierarchy;
}

}  // namespace

std::optional<ImportResult> importText(std::string text, const fs::path& path,
                                       const std::string& file, Diagnostics& diags) {
  auto root = stride_yaml::parseText(text, file, diags);
  if (!root) return std::nullopt;
  stride_yaml::Reader r(file, diags);
  const std::string kind = tagOf(*root);
  YAML::Node hierarchy = hierarchyOf(*root, r, kind, file, diags);
  if (!hierarchy.IsMap()) return std::nullopt;
  std::vector<Entity> entities = readEntities(r, hierarchy);
  linkParents(r, entities);

  ImportResult result;
  Context ctx{.r = r,
              .assetPath = path,
              .lines = splitLines(text),
              .textureRoot = packageRoot(path),
              .sources = &result.sources};
  ctx.colorSpace = projectColorSpace(path, ctx.textureRoot);

  Json objects = Json::array(), effects = Json::array();
  std::vector<std::string> objectNames, ids;
  std::map<std::string, std::string> objectOf;  // entity id -> object name
  std::vector<vec3> positions;
  auto addObject = [&](size_t i) {
    auto it = objectOf.find(entities[i].id);
    if (it != objectOf.end()) return it->second;
    std::string name = uniqueName(entities[i].name, objectNames);
    Transform w = stride::strideToWorld(worldOf(entities, i));
    objects.push_back(
        {{"name", name},
         {"position", vecJson(w.position)},
         {"rotation", Json::array({floatJson(w.rotation.x), floatJson(w.rotation.y),
                                   floatJson(w.rotation.z), floatJson(w.rotation.w)})},
         {"scale", floatJson(w.scale)}});
    objectOf[entities[i].id] = name;
    return name;
  };
  ctx.objectForEntity = [&](const std::string& guid) -> std::string {
    // An entity, or its TransformComponent (what InitialPositionArc.Target refers to).
    for (size_t i = 0; i < entities.size(); ++i)
      if (entities[i].id == guid || entities[i].transformId == guid) return addObject(i);
    return {};
  };
  size_t systems = 0;
  for (size_t i = 0; i < entities.size(); ++i) {
    for (const auto& ps : entities[i].particleSystems) {
      if (++systems > kMaxParticleSystems) {
        r.error(ps, "more than " + std::to_string(kMaxParticleSystems) +
                        " particle systems; the rest are not imported");
        break;
      }
      std::string object = addObject(i);
      EffectSummary summary;
      summary.entity = entities[i].name;
      summary.id = uniqueName(slug(object), ids);
      ctx.pointer = "/effects/" + std::to_string(effects.size()) + "/definition";
      Json def = importParticleSystem(ctx, ps, summary);
      Json entry = {{"id", summary.id}, {"kind", "stride_particles"}, {"object", object}};
      if (!r.flag(ps, "Enabled", true)) entry["enabled"] = false;
      entry["definition"] = std::move(def);
      effects.push_back(std::move(entry));
      positions.push_back(stride::strideToWorld(worldOf(entities, i).position));
      result.effects.push_back(std::move(summary));
    }
  }
  attachModels(ctx, entities, addObject, objects);
  r.reportKeyTypos();
  if (effects.empty())
    diags.warningAt(file, std::max(lineOf(hierarchy), 1),
                    "no entity has a ParticleSystemComponent; nothing to show");

  result.preset = presetJson(path, kind, cameraJson(entities, positions), std::move(objects),
                             std::move(effects));
  result.preset[kSourceAssetKey] = toUtf8(path.filename());  // export writes back into it
  result.textureRoot = ctx.textureRoot;
  return result;
}

std::optional<ImportResult> importFile(const fs::path& path, const std::string& file,
                                       Diagnostics& diags) {
  auto text = stride_yaml::readFile(toUtf8(path), file, diags);
  if (!text) return std::nullopt;
  return importText(std::move(*text), path, file, diags);
}

void nameAssetInDiagnostics(Diagnostics& diags, size_t from, const std::string& virtualFile,
                            const std::string& asset, const SourceMap& sources) {
  for (size_t i = from; i < diags.items.size(); ++i) {
    Diagnostic& d = diags.items[i];
    if (d.file != virtualFile) continue;
    d.file = asset;
    for (const auto& slot : sources.slots)
      if (slot.pointer == d.pointer) {
        const TextPos& at = slot.scalars.empty() ? slot.map : slot.scalars.front();
        if (at.valid()) d.line = at.line + 1;
      }
    if (d.line > 0) d.message = d.pointer + ": " + d.message;
  }
}

}  // namespace fx::stride_import
