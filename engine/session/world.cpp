#include "engine/session/world.h"

#include <algorithm>
#include <cstdlib>

#include "engine/core/field_json.h"
#include "engine/core/json_merge.h"
#include "engine/core/paths.h"
#include "engine/core/rng.h"
#include "engine/formats/halo/tag_layouts.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/import/halo/scene_models.h"
#include "engine/import/halo/tag_definitions.h"
#include "engine/import/stride/stride_import.h"
#include "engine/scene/orbit_camera.h"
#include "engine/session/file_kinds.h"

namespace fx {

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kEntryKeys = {"id",         "kind",    "object", "marker",
                                             "definition", "enabled", "solo"};

// `"functions": {"a": 0.5}` is shorthand for {"a": {"value": 0.5}}.
void normalizeSceneShorthand(Json& j) {
  if (!j.is_object() || !j.contains("objects") || !j["objects"].is_array()) return;
  for (auto& o : j["objects"]) {
    if (!o.is_object() || !o.contains("functions") || !o["functions"].is_object()) continue;
    for (auto it = o["functions"].begin(); it != o["functions"].end(); ++it)
      if (it.value().is_number()) it.value() = Json{{"value", it.value()}};
  }
}

// The explicit tags root: "tags_dir" (relative to the preset), else --tags, else "".
fs::path presetTagsDir(const Json& json, const fs::path& path, const PresetLoadOptions& opts,
                       const std::string& file, Diagnostics& diags) {
  auto it = json.find("tags_dir");
  if (it == json.end()) return opts.tagsDir;
  if (!it->is_string() || it->get<std::string>().empty()) {
    diags.error(file, "/tags_dir", "expected a folder path, got " + describeJson(*it));
    return opts.tagsDir;
  }
  fs::path dir = path.parent_path() / toPath(it->get<std::string>());
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    diags.warning(file, "/tags_dir", "no folder \"" + toUtf8(dir) + "\"");
  return dir.lexically_normal();
}

}  // namespace

EffectEntry* Preset::findEffect(std::string_view id) {
  for (auto& e : effects)
    if (e.placement.id == id) return &e;
  return nullptr;
}

namespace {

// A Stride scene or prefab: the importer's preset, textures read from the asset's package.
std::unique_ptr<Preset> loadStrideAsset(const fs::path& path, Diagnostics& diags,
                                        const PresetLoadOptions& opts) {
  auto imported = stride_import::importFile(path, toUtf8(path), diags);
  if (!imported) return nullptr;
  PresetLoadOptions o = opts;
  o.extraRoot = imported->textureRoot;
  const std::string virtualFile = toUtf8(stride_import::presetPathFor(path));
  const size_t before = diags.items.size();
  auto preset =
      loadPresetFromJson(std::move(imported->preset), stride_import::presetPathFor(path), diags, o);
  stride_import::nameAssetInDiagnostics(diags, before, virtualFile, toUtf8(path),
                                        imported->sources);
  if (preset) {
    // Built around the asset: not a file of the user's (only Save As writes it).
    preset->openedFile = path;
    trackDocuments(*preset, false);
  }
  return preset;
}

// A preset JSON file: the user's own document.
std::unique_ptr<Preset> loadPresetFile(const fs::path& path, Diagnostics& diags,
                                       const PresetLoadOptions& opts) {
  auto json = loadJsonFile(path, toUtf8(path), diags);
  if (!json) return nullptr;
  // A preset saved beside a Stride asset keeps reading textures from the asset's package.
  PresetLoadOptions o = opts;
  if (o.extraRoot.empty()) o.extraRoot = stride_import::packageRootOfSavedImport(path);
  auto preset = loadPresetFromJson(std::move(*json), path, diags, o);
  if (preset) trackDocuments(*preset, true);
  return preset;
}

}  // namespace

std::unique_ptr<Preset> loadPreset(const fs::path& path, Diagnostics& diags,
                                   const PresetLoadOptions& opts) {
  if (opensAs(path, FileOpening::StrideAsset)) return loadStrideAsset(path, diags, opts);
  return loadPresetFile(path, diags, opts);
}

namespace {

// What every step of reading one preset shares.
struct PresetReading {
  Preset& preset;
  const fs::path& path;
  const std::string& file;  // the preset's display name
  fs::path baseDir;         // the preset's folder ("." for a bare name)
  const PresetLoadOptions& opts;
  Diagnostics& diags;
};

// The scene's own fields (objects, camera, simulation, ...), "tags_dir" and the authored frames.
void readSceneFields(const PresetReading& r, const Json& json) {
  Preset& preset = r.preset;
  DefaultsVisitor defaults;
  preset.scene.reflect(defaults);
  Json sceneJson = json;
  normalizeSceneShorthand(sceneJson);
  readFields(
      sceneJson, [&](FieldVisitor& v) { preset.scene.reflect(v); },
      {.file = r.file,
       .pointer = "",
       .alsoKnown = {"effects", "tags_dir", stride_import::kSourceAssetKey, kImportedFromKey}},
      r.diags);
  preset.tagsDir = presetTagsDir(json, r.path, r.opts, r.file, r.diags);
  preset.scene.resolveAuthoredFrames();
}

// Object names must be unique: effects and parents refer to them by name.
void checkObjectNames(const PresetReading& r) {
  const auto& objects = r.preset.scene.objects;
  for (size_t i = 0; i < objects.size(); ++i)
    for (size_t k = 0; k < i; ++k)
      if (objects[i].name == objects[k].name)
        r.diags.error(r.file, "/objects/" + std::to_string(i) + "/name",
                      "duplicate object name \"" + objects[i].name + "\"");
}

// Parents must exist and must not loop back (a -> b -> a): the scene would have no root for them.
void checkParents(const PresetReading& r) {
  const Scene& scene = r.preset.scene;
  const auto& objects = scene.objects;
  for (size_t i = 0; i < objects.size(); ++i) {
    if (objects[i].parent.empty()) continue;
    std::string pp = "/objects/" + std::to_string(i) + "/parent";
    if (!scene.findObject(objects[i].parent)) {
      r.diags.error(r.file, pp, "no object named \"" + objects[i].parent + "\" in the scene");
      continue;
    }
    std::string chain = objects[i].name;
    const SceneObject* o = &objects[i];
    for (size_t steps = 0; steps < objects.size() && !o->parent.empty(); ++steps) {
      o = scene.findObject(o->parent);
      if (!o) break;
      chain += " -> " + o->name;
      if (o == &objects[i]) {
        r.diags.error(r.file, pp, "parenting cycle: " + chain);
        break;
      }
    }
  }
}

void loadModels(const PresetReading& r) {
  loadSceneModels(r.preset.scene,
                  {.tagsRoot = halo::tagsRootFor(r.path, r.preset.tagsDir),
                   .presetDir = r.baseDir,
                   .problemsAreErrors = r.opts.textureProblemsAreErrors},
                  r.file, r.diags);
}

// The entry's own keys: id, kind, object, marker, enabled, solo.
void readEntryKeys(const PresetReading& r, const Json& ej, const std::string& ep, EffectEntry& e) {
  auto str = [&](const char* key, std::string& out, bool required) {
    auto f = ej.find(key);
    if (f == ej.end()) {
      if (required) r.diags.error(r.file, ep + "/" + key, "required field is missing");
      return;
    }
    if (!f->is_string())
      r.diags.error(r.file, ep + "/" + key, "expected a string, got " + describeJson(*f));
    else
      out = f->get<std::string>();
  };
  auto flag = [&](const char* key, bool& out) {
    auto f = ej.find(key);
    if (f == ej.end()) return;
    if (!f->is_boolean())
      r.diags.error(r.file, ep + "/" + key, "expected true or false, got " + describeJson(*f));
    else
      out = f->get<bool>();
  };
  str("id", e.placement.id, true);
  str("kind", e.kind, true);
  str("object", e.placement.object, false);
  str("marker", e.placement.marker, false);
  flag("enabled", e.enabled);
  flag("solo", e.solo);
}

// The id is new, the object exists, the kind names a family (e.family; null when not).
void checkEntryNames(const PresetReading& r, const std::string& ep, EffectEntry& e,
                     std::vector<std::string>& seenIds) {
  if (!e.placement.id.empty()) {
    if (std::find(seenIds.begin(), seenIds.end(), e.placement.id) != seenIds.end())
      r.diags.error(r.file, ep + "/id", "duplicate effect id \"" + e.placement.id + "\"");
    seenIds.push_back(e.placement.id);
  }
  if (!e.placement.object.empty() && !r.preset.scene.findObject(e.placement.object))
    r.diags.error(r.file, ep + "/object",
                  "no object named \"" + e.placement.object + "\" in the scene");
  if (!e.kind.empty()) {
    e.family = findFamily(e.kind);
    if (!e.family)
      r.diags.error(r.file, ep + "/kind",
                    "expected one of " + familyKinds() + ", got \"" + e.kind + "\"");
  }
}

LoadContext definitionContext(const PresetReading& r, const std::string& ep) {
  return {.baseDir = r.baseDir,
          .rootDir = r.baseDir,
          .extraRoot = r.opts.extraRoot,
          .file = r.file,
          .pointer = ep + "/definition",
          .allowAnyPath = r.opts.allowAnyPath,
          .textureProblemsAreErrors = r.opts.textureProblemsAreErrors,
          .diags = &r.diags,
          .tagsDir = r.preset.tagsDir,
          .presetFile = r.file,
          .entryPointer = ep};
}

// A Halo tag by its extension, or by its bytes when it has none of the registry's.
bool isTagDefinition(const std::string& authored, const fs::path& resolved) {
  if (halo::isTagPath(authored)) return true;
  const FileKind* kind = findFileKind(resolved);
  return kind && kind->tagClass;
}

// A definition file named by the entry: a Halo tag (its bytes map onto the family's fields; the
// tag is kept for saving back) or JSON. Afterwards `lc` reads paths relative to that file.
std::optional<Json> readDefinitionFile(const PresetReading& r, const std::string& ep,
                                       EffectEntry& e, LoadContext& lc) {
  std::string resolved = lc.resolvePath(e.definitionRef, ep + "/definition");
  if (resolved.empty()) return std::nullopt;
  // A tag reference names its file under the tags root, not beside the preset.
  std::string display = halo::isTagPath(e.definitionRef)
                            ? resolved
                            : toUtf8((r.baseDir / toPath(e.definitionRef)).lexically_normal());
  // A missing definition is reported where it is referenced: the preset and the entry.
  std::error_code fec;
  if (!fs::is_regular_file(toPath(resolved), fec)) {
    r.diags.error(r.file, ep + "/definition",
                  "effect \"" + e.placement.id + "\": cannot read definition file \"" +
                      e.definitionRef + "\" (" + display + "): " +
                      (fs::exists(toPath(resolved), fec) ? "not a regular file" : "no such file"));
    return std::nullopt;
  }
  Json defJson;
  if (isTagDefinition(e.definitionRef, toPath(resolved))) {
    auto tagged = loadDefinitionTag(toPath(resolved), display, *e.family, r.diags);
    if (!tagged) return std::nullopt;
    defJson = std::move(tagged->json);
    e.definitionTag = std::move(tagged->tag);
  } else {
    auto loaded = loadJsonFile(toPath(resolved), display, r.diags);
    if (!loaded) return std::nullopt;
    defJson = std::move(*loaded);
  }
  e.definitionFile = toPath(resolved);
  e.definitionId = fileIdOf(toPath(resolved));
  e.definitionDisplay = display;
  e.definitionPointer = "";
  lc.baseDir = toPath(resolved).parent_path();
  lc.file = e.definitionDisplay;
  lc.pointer = "";
  return defJson;
}

// The definition: inline, or a path relative to the preset file.
std::optional<Json> resolveDefinition(const PresetReading& r, const Json& ej, const std::string& ep,
                                      EffectEntry& e, LoadContext& lc) {
  auto dj = ej.find("definition");
  e.definitionFile = r.path;
  e.definitionDisplay = r.file;
  e.definitionPointer = ep + "/definition";
  if (dj == ej.end()) {
    r.diags.error(r.file, ep + "/definition", "required field is missing");
    return std::nullopt;
  }
  if (dj->is_string()) {
    e.definitionRef = dj->get<std::string>();
    return readDefinitionFile(r, ep, e, lc);
  }
  if (dj->is_object()) return *dj;
  r.diags.error(r.file, ep + "/definition",
                "expected an object or a path string, got " + describeJson(*dj));
  return std::nullopt;
}

// The family's definition made from its JSON, and the entry's own fields of it.
void readDefinitionFields(const PresetReading& r, const Json& ej, const std::string& ep,
                          EffectEntry& e, Json defJson) {
  e.definitionJson = defJson;
  e.definition = e.family->createDefinition();
  EffectDefinition* def = e.definition.get();
  readFields(
      defJson, [def](FieldVisitor& v) { def->reflect(v); },
      {.file = e.definitionDisplay,
       .pointer = e.definitionPointer,
       // A definition file `fxview import` wrote records the tag it came from.
       .alsoKnown = {e.definitionPointer.empty() ? kImportedFromKey : ""}},
      r.diags);
  std::vector<std::string> entryKnown = kEntryKeys;
  readFields(
      ej, [def](FieldVisitor& v) { def->reflectEntry(v); },
      {.file = r.file, .pointer = ep, .alsoKnown = entryKnown}, r.diags);
}

// One entry of "effects"; nullopt when it has errors (they are in the diagnostics).
std::optional<EffectEntry> loadEffect(const PresetReading& r, const Json& ej, size_t index,
                                      std::vector<std::string>& seenIds) {
  std::string ep = "/effects/" + std::to_string(index);
  if (!ej.is_object()) {
    r.diags.error(r.file, ep, "expected an effect object, got " + describeJson(ej));
    return std::nullopt;
  }
  size_t errorsBefore = r.diags.errorCount();
  EffectEntry e;
  e.entryPointer = ep;
  readEntryKeys(r, ej, ep, e);
  checkEntryNames(r, ep, e, seenIds);
  if (!e.family) return std::nullopt;
  LoadContext lc = definitionContext(r, ep);
  std::optional<Json> defJson = resolveDefinition(r, ej, ep, e, lc);
  if (!defJson) return std::nullopt;
  readDefinitionFields(r, ej, ep, e, std::move(*defJson));
  e.definition->finalize(lc);
  if (r.diags.errorCount() > errorsBefore) return std::nullopt;
  return e;
}

void loadEffects(const PresetReading& r, const Json& json) {
  auto it = json.find("effects");
  if (it == json.end()) return;
  if (!it->is_array()) {
    r.diags.error(r.file, "/effects", "expected an array, got " + describeJson(*it));
    return;
  }
  constexpr size_t kMaxEffects = 256;
  if (it->size() > kMaxEffects) {
    r.diags.error(r.file, "/effects",
                  "expected at most " + std::to_string(kMaxEffects) + " effects, got " +
                      std::to_string(it->size()));
    return;
  }
  std::vector<std::string> seenIds;
  for (size_t i = 0; i < it->size(); ++i)
    if (auto e = loadEffect(r, (*it)[i], i, seenIds)) r.preset.effects.push_back(std::move(*e));
}

}  // namespace

std::unique_ptr<Preset> loadPresetFromJson(Json json, const fs::path& path, Diagnostics& diags,
                                           const PresetLoadOptions& opts) {
  auto preset = std::make_unique<Preset>();
  preset->path = path;
  preset->displayName = toUtf8(path);
  preset->json = json;
  const std::string& file = preset->displayName;
  if (!json.is_object()) {
    diags.error(file, "", "expected a preset object, got " + describeJson(json));
    return nullptr;
  }
  fs::path baseDir = path.parent_path();
  if (baseDir.empty()) baseDir = ".";
  PresetReading r{*preset, path, file, baseDir, opts, diags};
  readSceneFields(r, json);
  checkObjectNames(r);
  checkParents(r);
  loadModels(r);
  loadEffects(r, json);
  return preset;
}

void lintPreset(const Preset& preset, Diagnostics& diags) {
  for (const auto& e : preset.effects) {
    const SceneObject* obj = preset.scene.findObject(e.placement.object);
    EffectPlacement where = e.placement;
    where.kindCount = size_t(std::count_if(preset.effects.begin(), preset.effects.end(),
                                           [&](const EffectEntry& o) { return o.kind == e.kind; }));
    e.definition->lint(obj, preset.scene, where, diags, e.definitionDisplay, e.definitionPointer);
  }
}

bool sameDefinitionFile(const EffectEntry& a, const EffectEntry& b) {
  if (a.definitionRef.empty() || b.definitionRef.empty()) return false;
  if (a.definitionId.valid() && b.definitionId.valid()) return a.definitionId == b.definitionId;
  return a.definitionFile == b.definitionFile;
}

namespace {

// A non-empty `key_path` string in `j`.
bool namesFileFor(const Json* j, const std::string& key) {
  if (!j || !j->is_object()) return false;
  auto it = j->find(key + "_path");
  return it != j->end() && it->is_string() && !it->get<std::string>().empty();
}

// Puts back (or leaves out) every object of `now` that a `K_path` supplies, as `was` held it.
void keepReferencedObjects(Json& now, const Json& was, const Json* entry) {
  static const Json kNothing;
  if (now.is_array()) {
    for (size_t i = 0; i < now.size(); ++i)
      keepReferencedObjects(now[i], was.is_array() && i < was.size() ? was[i] : kNothing, nullptr);
    return;
  }
  if (!now.is_object()) return;
  std::vector<std::string> keys;
  for (auto& [k, v] : now.items()) keys.push_back(k);
  for (const std::string& k : keys) {
    auto old = was.is_object() ? was.find(k) : was.end();
    const bool hadIt = was.is_object() && old != was.end();
    if (now[k].is_object() && (namesFileFor(&now, k) || namesFileFor(entry, k))) {
      if (hadIt)
        now[k] = *old;
      else
        now.erase(k);
    } else {
      keepReferencedObjects(now[k], hadIt ? *old : kNothing, nullptr);
    }
  }
}

}  // namespace

void writeDefinitionJson(EffectEntry& e) {
  EffectDefinition* def = e.definition.get();
  if (!def) return;
  const Json was = e.definitionJson;
  writeFields(e.definitionJson, [def](FieldVisitor& v) { def->reflect(v); });
  Json entry = Json::object();
  writeFields(entry, [def](FieldVisitor& v) { def->reflectEntry(v); });
  keepReferencedObjects(e.definitionJson, was, &entry);
}

Json presetToJson(Preset& preset) {
  Json out = preset.json;
  writeFields(out, [&](FieldVisitor& v) { preset.scene.reflect(v); });
  if (!out.contains("effects") || !out["effects"].is_array()) return out;
  for (auto& e : preset.effects) {
    size_t index = size_t(std::strtoul(e.entryPointer.c_str() + 9, nullptr, 10));
    if (index >= out["effects"].size()) continue;
    Json& ej = out["effects"][index];
    EffectDefinition* def = e.definition.get();
    writeFields(ej, [def](FieldVisitor& v) { def->reflectEntry(v); });
    writeDefinitionJson(e);
    if (e.definitionRef.empty()) ej["definition"] = e.definitionJson;
  }
  return out;
}

std::string savePreset(Preset& preset, const fs::path& path) {
  SaveResult r = saveDocumentsAs(preset, path);
  return r.ok() ? std::string() : r.message;
}

View presetView(const Scene& scene, vec2 viewportPx) {
  const Camera& c = scene.camera;
  View v = makeView(c.position, c.target, c.fovDeg, viewportPx, c.nearPlane, c.farPlane);
  if (c.projection == Projection::Orthographic)
    makeOrthographic(v, orthoHalfHeight(c.fovDeg, glm::length(c.position - c.target)));
  return v;
}

World::World(Preset& preset) : preset_(preset) {
  view_ = presetView(preset.scene, {640, 360});
  reset(uint32_t(preset.scene.seed));
}

void World::reset() {
  reset(seed_);
}

std::unique_ptr<EffectInstance> World::instantiate(EffectEntry& e) {
  FamilyShared shared;
  if (e.family->createShared) {
    auto it =
        std::find_if(shared_.begin(), shared_.end(), [&](auto& p) { return p.first == e.family; });
    if (it == shared_.end()) {
      shared_.push_back({e.family, e.family->createShared()});
      it = shared_.end() - 1;
    }
    shared = it->second;
  }
  InstanceContext ctx{.seed = instanceSeed(seed_, e.placement.id),
                      .placement = e.placement,
                      .scene = &preset_.scene,
                      .shared = shared};
  return e.family->instantiate(*e.definition, ctx);
}

void World::reset(uint32_t seed) {
  dropSnapshots();
  seed_ = seed;
  restart();
  startHistory();
}

void World::restart() {
  clock_.settings = preset_.scene.simulation;
  clock_.reset();
  shared_.clear();
  runtimes_.clear();
  evaluateScene(preset_.scene, 0.0, sceneState_);
  for (auto& e : preset_.effects) runtimes_.push_back({&e, instantiate(e)});
}

void World::restartEffect(size_t index) {
  if (index >= runtimes_.size()) return;
  // Shared family state (budgets) is consistent only if every instance replays: reset all.
  uint64_t steps = clock_.steps;
  reset(seed_);
  double target = double(steps) / double(clock_.settings.rate);
  advanceTo(target);
}

bool World::active(const EffectRuntime& r) const {
  if (!r.entry->enabled) return false;
  bool anySolo = std::any_of(runtimes_.begin(), runtimes_.end(),
                             [](const EffectRuntime& x) { return x.entry->solo; });
  return !anySolo || r.entry->solo;
}

bool World::weatherAt(uint64_t step) const {
  bool on = true;
  for (const FlagChange& c : weatherChanges_) {
    if (c.step > step) break;
    on = c.on;
  }
  return on;
}

void World::stepOnce() {
  clock_.settings = preset_.scene.simulation;
  float dt = clock_.settings.dt();
  uint64_t index = clock_.steps;
  clock_.steps++;
  // A `weather` change since the history's last entry happened now: record it here, dropping any
  // history it overrides (replays keep the flag at its latest value, so they record nothing).
  bool latest = weatherChanges_.empty() ? true : weatherChanges_.back().on;
  if (flags.weather != latest) {
    std::erase_if(weatherChanges_, [&](const FlagChange& c) { return c.step >= index; });
    if (weatherAt(index) != flags.weather) weatherChanges_.push_back({index, flags.weather});
    // Snapshots past this step followed the old history.
    std::erase_if(snapshots_, [&](const WorldSnapshot& s) { return s.steps > index; });
  }
  DebugFlags stepFlags = flags;
  stepFlags.weather = weatherAt(index);
  evaluateScene(preset_.scene, clock_.time(), sceneState_);
  StepContext ctx{.dt = dt,
                  .step = index,
                  .time = clock_.time(),
                  .scene = &sceneState_,
                  .view = &view_,
                  .flags = &stepFlags,
                  .mode = clock_.settings.mode};
  for (auto& r : runtimes_) {
    if (!r.entry->enabled) continue;
    if (!cpuClock) {
      r.instance->step(ctx);
      continue;
    }
    double t0 = cpuClock();
    r.instance->step(ctx);
    r.cpuSeconds += cpuClock() - t0;
  }
  afterStep();
}

void World::pausedFrame() {
  historyClean_ = false;  // a replay takes no paused frames
  StepContext ctx{.dt = 0.0f,
                  .step = clock_.steps,
                  .time = clock_.time(),
                  .scene = &sceneState_,
                  .view = &view_,
                  .flags = &flags,
                  .mode = clock_.settings.mode};
  for (auto& r : runtimes_)
    if (r.entry->enabled) r.instance->pausedFrame(ctx);
}

void World::advanceTo(double seconds) {
  clock_.settings = preset_.scene.simulation;
  uint64_t n = clock_.stepsUntil(seconds);
  for (uint64_t i = 0; i < n; ++i) stepOnce();
}

namespace {

// Axis length for an object's marker overlay: a fraction of its model's size.
float markerAxisLength(const SceneObject& o) {
  float extent = glm::length(o.meshHi - o.meshLo);
  return extent > 0.0f ? std::clamp(extent * 0.06f, 0.02f, 1.0f) : 0.1f;
}

// A model's mesh: whole in its default pose, or node by node (rigidly skinned) when animated.
void collectMesh(const ObjectState& o, DrawList& draw) {
  const ModelPoses* p = o.def->poses.get();
  if (!p || !p->animated || p->nodeMeshes.empty()) {
    if (o.def->mesh && !o.def->mesh->indices.empty())
      draw.meshes.push_back({o.def->mesh, o.world.matrix(), o.def->meshColor});
    return;
  }
  const size_t nodes = p->nodeNames.size();
  for (size_t n = 0; n < p->nodeMeshes.size() && n < nodes; ++n) {
    if (!p->nodeMeshes[n]) continue;
    Transform skin = p->skin[size_t(o.modelFrame) * nodes + n];
    draw.meshes.push_back({p->nodeMeshes[n], compose(o.world, skin).matrix()});
  }
}

// render_model_nodes: each node's axes and name, and a line to its parent.
void collectNodes(const ObjectState& o, DebugDraw& debug, float axis) {
  const ModelPoses* p = o.def->poses.get();
  if (!p) return;
  const vec4 color(0.3f, 0.9f, 1.0f, 1.0f);
  for (size_t n = 0; n < p->nodeNames.size(); ++n) {
    Transform w = compose(o.world, p->node(o.modelFrame, n));
    int32_t parent = p->nodeParents[n];
    if (parent >= 0 && size_t(parent) < n)
      debug.line(compose(o.world, p->node(o.modelFrame, size_t(parent))).position, w.position,
                 color);
    debug.axes(Transform{w.position, w.rotation}, axis * 0.6f);
    debug.point(w.position, color, 6.0f);
    debug.label(w.position, p->nodeNames[n], vec4(0.5f, 0.95f, 1.0f, 1.0f), 2);  // below "#k"
  }
}

// Scene models (opaque, drawn first) and, with render_model_markers, every marker of every
// object: axes (+X red, +Y green, +Z blue) and its name; with render_model_nodes the skeleton.
void collectScene(const SceneState& scene, const DebugFlags& flags, DrawList& draw,
                  DebugDraw& debug) {
  for (const ObjectState& o : scene.objects) {
    collectMesh(o, draw);
    if (flags.renderModelNodes) collectNodes(o, debug, markerAxisLength(*o.def));
    if (!flags.renderModelMarkers) continue;
    float axis = markerAxisLength(*o.def);
    for (const MarkerState& m : o.markers) {
      debug.axes(Transform{m.world.position, m.world.rotation}, axis);
      debug.label(m.world.position, m.def->name, vec4(1.0f, 1.0f, 0.6f, 1.0f));
    }
  }
}

}  // namespace

void World::queueParts() const {
  queued_.clear();
  partFamily_.assign(runtimes_.size(), -1);
  for (size_t i = 0; i < runtimes_.size(); ++i) {
    const EffectRuntime& r = runtimes_[i];
    if (!active(r)) continue;
    double t0 = cpuClock ? cpuClock() : 0.0;
    partScratch_.clear();
    bool parts = r.instance->drawParts(view_, flags, partScratch_);
    if (cpuClock) r.cpuSeconds += cpuClock() - t0;
    if (!parts) continue;
    int32_t family = int32_t(i);
    for (size_t j = 0; j < i; ++j)
      if (partFamily_[j] == int32_t(j) && runtimes_[j].entry->kind == r.entry->kind) {
        family = int32_t(j);
        break;
      }
    partFamily_[i] = family;
    for (size_t k = 0; k < partScratch_.size(); ++k)
      queued_.push_back({.family = family,
                         .key = partScratch_[k].key,
                         .runtime = uint32_t(i),
                         .order = uint32_t(k),
                         .index = partScratch_[k].index});
  }
  std::sort(queued_.begin(), queued_.end(), [](const QueuedPart& a, const QueuedPart& b) {
    if (a.family != b.family) return a.family < b.family;
    if (a.key != b.key) return a.key < b.key;
    return a.runtime != b.runtime ? a.runtime < b.runtime : a.order < b.order;
  });
}

// Effects in preset order. A family that draws through parts (EffectInstance::drawParts) draws
// the sorted parts of all its instances where its first instance comes; each of its instances
// adds its overlays in its own place.
void World::collect(DrawList& draw, DebugDraw& debug) const {
  collectScene(sceneState_, flags, draw, debug);
  queueParts();
  drawSpans_.clear();
  auto span = [&](size_t effect) {
    drawSpans_.push_back(
        {effect, draw.batches.size(), draw.strips.size(), draw.shaderQuads.size()});
  };
  size_t next = 0;  // the first queued part not drawn yet (families are sorted by first runtime)
  for (size_t i = 0; i < runtimes_.size(); ++i) {
    const EffectRuntime& r = runtimes_[i];
    if (!active(r)) continue;
    double t0 = cpuClock ? cpuClock() : 0.0;
    if (partFamily_[i] < 0) {
      span(i);
      r.instance->collect(draw, debug, view_, flags, sceneState_);
    } else {
      r.instance->collectOverlay(debug, view_, flags, sceneState_);
    }
    if (cpuClock) r.cpuSeconds += cpuClock() - t0;
    if (partFamily_[i] != int32_t(i)) continue;
    for (; next < queued_.size() && queued_[next].family == int32_t(i); ++next) {
      const QueuedPart& p = queued_[next];
      const EffectRuntime& owner = runtimes_[p.runtime];
      double t1 = cpuClock ? cpuClock() : 0.0;
      span(p.runtime);
      owner.instance->collectPart(p.index, draw, view_, flags, sceneState_);
      if (cpuClock) owner.cpuSeconds += cpuClock() - t1;
    }
  }
}

EffectStats World::stats(size_t index) const {
  if (index >= runtimes_.size()) return {};
  return runtimes_[index].instance->stats();
}

void World::dump(Json& out) const {
  out = Json::object();
  out["time"] = time();
  out["seed"] = seed_;
  out["fps"] = clock_.settings.rate;
  out["mode"] = clock_.settings.mode == SimulationMode::Tick ? "tick" : "frame";
  Json effects = Json::array();
  std::vector<ParticleRecord> particles;
  for (const auto& r : runtimes_) {
    Json e;
    e["id"] = r.entry->placement.id;
    e["kind"] = r.entry->kind;
    particles.clear();
    r.instance->dump(particles);
    Json arr = Json::array();
    for (const auto& p : particles) {
      Json pj;
      pj["position"] = {floatJson(p.position.x), floatJson(p.position.y), floatJson(p.position.z)};
      pj["velocity"] = {floatJson(p.velocity.x), floatJson(p.velocity.y), floatJson(p.velocity.z)};
      pj["color"] = {floatJson(p.color.r), floatJson(p.color.g), floatJson(p.color.b),
                     floatJson(p.color.a)};
      pj["size"] = floatJson(p.size);
      pj["rotation"] = floatJson(p.rotation);
      pj["age"] = floatJson(p.age);
      arr.push_back(std::move(pj));
    }
    e["particles"] = std::move(arr);
    EffectStats s = r.instance->stats();
    Json sj;
    sj["live"] = s.live;
    sj["budget"] = s.budget;
    if (!s.budgetRule.empty()) sj["budget_rule"] = s.budgetRule;
    for (const auto& [k, v] : s.values) sj[k] = v;
    if (!s.emittersLive.empty()) {
      Json live = Json::object();
      for (const auto& [name, count] : s.emittersLive) live[name] = count;
      sj["emitters_live"] = std::move(live);
    }
    if (!s.messages.empty()) sj["messages"] = s.messages;
    e["stats"] = std::move(sj);
    effects.push_back(std::move(e));
  }
  out["effects"] = std::move(effects);
}

}  // namespace fx
