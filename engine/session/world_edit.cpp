#include "engine/session/world_edit.h"

#include <cstdlib>

#include "engine/core/field_json.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/import/halo/scene_models.h"

namespace fx {

namespace {

LoadContext loadContextFor(const Preset& preset, const EffectEntry& e, Diagnostics& diags,
                           bool allowAnyPath) {
  std::filesystem::path root = preset.path.parent_path();
  if (root.empty()) root = ".";
  std::filesystem::path base = e.definitionFile.parent_path();
  if (base.empty()) base = ".";
  return LoadContext{.baseDir = base,
                     .rootDir = root,
                     .file = e.definitionDisplay,
                     .pointer = e.definitionPointer,
                     .allowAnyPath = allowAnyPath,
                     .diags = &diags,
                     .tagsDir = preset.tagsDir,
                     .presetFile = preset.displayName,
                     .entryPointer = e.entryPointer};
}

void collectLeaves(const Json& j, const std::string& prefix, std::vector<std::string>& out,
                   size_t maxPaths) {
  if (out.size() >= maxPaths) return;
  if (j.is_object() && !j.empty()) {
    // Colours are one field, not four.
    bool colour = j.contains("r") && j.contains("g") && j.contains("b");
    if (!colour) {
      for (auto it = j.begin(); it != j.end(); ++it)
        collectLeaves(*it, pointerJoin(prefix, it.key()), out, maxPaths);
      return;
    }
  } else if (j.is_array() && !j.empty() && (j[0].is_object() || j[0].is_array())) {
    for (size_t i = 0; i < j.size(); ++i)
      collectLeaves(j[i], pointerJoin(prefix, i), out, maxPaths);
    return;
  }
  out.push_back(prefix);
}

struct ResolvedField {
  std::string target;
  std::string pointer;  // into the target snapshot
};

std::optional<ResolvedField> resolveField(Preset& preset, const std::string& field,
                                          std::string& error) {
  if (field.empty()) {
    error = "expected FIELD as effect_id/json/pointer or /json/pointer";
    return std::nullopt;
  }
  if (field[0] == '/') return ResolvedField{kSceneTarget, field};
  size_t slash = field.find('/');
  std::string id = field.substr(0, slash);
  EffectEntry* e = preset.findEffect(id);
  if (!e) {
    error = "no effect with id \"" + id + "\"";
    return std::nullopt;
  }
  std::string rest = slash == std::string::npos ? std::string() : field.substr(slash);
  // "id/entry/..." reaches the entry's family keys; anything else is the definition.
  if (rest.rfind("/entry/", 0) == 0) return ResolvedField{effectTarget(*e), rest};
  return ResolvedField{effectTarget(*e), "/definition" + rest};
}

}  // namespace

Json effectSnapshot(EffectEntry& entry) {
  Json out = Json::object();
  EffectDefinition* def = entry.definition.get();
  Json d = Json::object(), en = Json::object();
  writeAllFields(d, [def](FieldVisitor& v) { def->reflect(v); });
  writeAllFields(en, [def](FieldVisitor& v) { def->reflectEntry(v); });
  out["definition"] = std::move(d);
  out["entry"] = std::move(en);
  return out;
}

Json sceneSnapshot(Scene& scene) {
  Json out = Json::object();
  writeAllFields(out, [&](FieldVisitor& v) { scene.reflect(v); });
  return out;
}

namespace {

// A fresh definition of the entry's family read from snapshot parts, finalized; null on errors.
std::unique_ptr<EffectDefinition> buildDefinition(Preset& preset, EffectEntry& e,
                                                  const Json& definition, const Json& entry,
                                                  Diagnostics& diags, bool allowAnyPath) {
  size_t before = diags.errorCount();
  auto def = e.family->createDefinition();
  EffectDefinition* d = def.get();
  readFields(
      definition, [d](FieldVisitor& v) { d->reflect(v); },
      {.file = e.definitionDisplay, .pointer = e.definitionPointer}, diags);
  readFields(
      entry, [d](FieldVisitor& v) { d->reflectEntry(v); },
      {.file = e.definitionDisplay, .pointer = e.entryPointer, .reportUnknown = false}, diags);
  d->finalize(loadContextFor(preset, e, diags, allowAnyPath));
  if (diags.errorCount() > before) return nullptr;
  return def;
}

}  // namespace

bool applyEffectSnapshot(Preset& preset, World& world, size_t index, const Json& snapshot,
                         Diagnostics& diags, bool allowAnyPath) {
  if (index >= preset.effects.size()) return false;
  EffectEntry& e = preset.effects[index];
  const Json empty = Json::object();
  const Json& dj = snapshot.contains("definition") ? snapshot["definition"] : empty;
  const Json& ej = snapshot.contains("entry") ? snapshot["entry"] : empty;
  auto def = buildDefinition(preset, e, dj, ej, diags, allowAnyPath);
  if (!def) return false;
  // Effects that share the definition file share its edits: one file, one definition (else the
  // unedited copy would be written over the edit on save).
  std::vector<std::pair<EffectEntry*, std::unique_ptr<EffectDefinition>>> sharing;
  if (!e.definitionRef.empty())
    for (auto& o : preset.effects) {
      if (&o == &e || !sameDefinitionFile(o, e)) continue;
      Json own = effectSnapshot(o);
      auto od = buildDefinition(preset, o, dj, own["entry"], diags, allowAnyPath);
      if (!od) return false;
      sharing.emplace_back(&o, std::move(od));
    }
  // Instances refer to the definition: swap and replay together, keeping the old one alive until
  // the instances that point at it are gone.
  auto old = std::move(e.definition);
  e.definition = std::move(def);
  std::vector<std::unique_ptr<EffectDefinition>> olds;
  for (auto& [o, od] : sharing) {
    olds.push_back(std::move(o->definition));
    o->definition = std::move(od);
  }
  replayWorld(world);
  return true;
}

bool applySceneSnapshot(Preset& preset, World& world, const Json& snapshot, Diagnostics& diags) {
  size_t before = diags.errorCount();
  Scene fresh;
  DefaultsVisitor defaults;
  fresh.reflect(defaults);
  readFields(
      snapshot, [&](FieldVisitor& v) { fresh.reflect(v); },
      {.file = preset.displayName, .pointer = ""}, diags);
  if (diags.errorCount() > before) return false;
  fresh.resolveAuthoredFrames();
  preset.scene = std::move(fresh);
  // The models (markers, mesh, poses) are derived data: load them again for the edited scene.
  loadSceneModels(preset.scene,
                  {.tagsRoot = halo::tagsRootFor(preset.path, preset.tagsDir),
                   .presetDir = preset.path.parent_path()},
                  preset.displayName, diags);
  replayWorld(world);
  return true;
}

void replayWorld(World& world) {
  double t = world.time();
  world.reset(world.seed());
  world.advanceTo(t);
}

void seekWorld(World& world, double seconds) {
  world.seek(seconds);
}

std::string effectTarget(const EffectEntry& entry) {
  return "effect:" + entry.placement.id;
}

std::optional<Json> targetSnapshot(Preset& preset, const std::string& target) {
  if (target == kSceneTarget) return sceneSnapshot(preset.scene);
  for (auto& e : preset.effects)
    if (effectTarget(e) == target) return effectSnapshot(e);
  return std::nullopt;
}

bool applyTargetSnapshot(Preset& preset, World& world, const std::string& target,
                         const Json& snapshot, Diagnostics& diags, bool allowAnyPath) {
  if (target == kSceneTarget) return applySceneSnapshot(preset, world, snapshot, diags);
  for (size_t i = 0; i < preset.effects.size(); ++i)
    if (effectTarget(preset.effects[i]) == target)
      return applyEffectSnapshot(preset, world, i, snapshot, diags, allowAnyPath);
  diags.error(preset.displayName, "",
              "the edited effect \"" + target.substr(7) + "\" is no longer in the preset");
  return false;
}

namespace {

// Equal JSON values, numbers compared as the floats fields hold.
bool sameValue(const Json& a, const Json& b) {
  if (a.is_number() && b.is_number()) return float(a.get<double>()) == float(b.get<double>());
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (a.is_object() && b.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto it = a.begin(); it != a.end(); ++it)
      if (!b.contains(it.key()) || !sameValue(*it, b[it.key()])) return false;
    return true;
  }
  return a == b;
}

}  // namespace

std::string fieldSource(const Json& snapshot, const std::string& pointer) {
  if (!snapshot.is_object() || !snapshot.contains("definition")) return {};
  const Json* node = &snapshot["definition"];
  size_t pos = 0;
  bool top = true;
  while (pos < pointer.size() && pointer[pos] == '/') {
    size_t next = pointer.find('/', pos + 1);
    std::string token =
        pointer.substr(pos + 1, next == std::string::npos ? std::string::npos : next - pos - 1);
    if (!node->is_object()) {
      if (!node->is_array()) return {};
      char* end = nullptr;
      size_t i = std::strtoul(token.c_str(), &end, 10);
      if (token.empty() || *end || i >= node->size()) return {};
      node = &(*node)[i];
    } else {
      auto named = [&](const Json& where) -> std::string {
        auto it = where.find(token + "_path");
        if (it == where.end() || !it->is_string() || it->get<std::string>().empty()) return {};
        return token + "_path \"" + it->get<std::string>() + "\"";
      };
      // The object's own `K_path` beside it, or (at the top) the entry's, which replaces it.
      if (next != std::string::npos || node->contains(token)) {
        if (top && snapshot.contains("entry"))
          if (std::string s = named(snapshot["entry"]); !s.empty()) return s;
        if (std::string s = named(*node); !s.empty() && (*node)[token].is_object()) return s;
      }
      auto child = node->find(token);
      if (child == node->end()) return {};
      node = &*child;
    }
    top = false;
    if (next == std::string::npos) break;
    pos = next;
  }
  return {};
}

std::string setField(Preset& preset, World& world, const std::string& field,
                     const std::string& value, FieldEdit& edit, bool allowAnyPath) {
  std::string error;
  auto where = resolveField(preset, field, error);
  if (!where) return error;
  auto snap = targetSnapshot(preset, where->target);
  if (!snap) return "no such target";
  Json::json_pointer ptr;
  try {
    ptr = Json::json_pointer(where->pointer);
  } catch (const std::exception&) {
    return "\"" + field + "\" is not a valid JSON Pointer path";
  }
  if (!snap->contains(ptr)) return "no field \"" + field + "\"";
  Json parsed;
  try {
    parsed = Json::parse(value);
  } catch (const std::exception&) {
    parsed = value;  // bare words are strings: `set rain/texture assets/rain.png`
  }
  Json modified = *snap;
  modified[ptr] = parsed;
  Diagnostics diags;
  if (!applyTargetSnapshot(preset, world, where->target, modified, diags, allowAnyPath)) {
    std::string out;
    for (const auto& d : diags.items)
      if (d.severity == Severity::Error) out += (out.empty() ? "" : "\n") + format(d);
    return out.empty() ? "the edit was rejected" : out;
  }
  Json after = *targetSnapshot(preset, where->target);
  // Accepted and changed nothing: the value comes from elsewhere (or the family ignores it).
  // Say so, and put everything back as it was.
  if (!sameValue(parsed, (*snap)[ptr]) && sameValue(after[ptr], (*snap)[ptr])) {
    Diagnostics undo;
    applyTargetSnapshot(preset, world, where->target, *snap, undo, allowAnyPath);
    std::string source = where->pointer.rfind("/definition", 0) == 0
                             ? fieldSource(*snap, where->pointer.substr(11))
                             : std::string();
    if (!source.empty())
      return "\"" + field + "\" is read from " + source +
             ": edit it there (open that file), or clear the reference to edit it here";
    return "\"" + field + "\" did not change: this field is not editable here";
  }
  edit.target = where->target;
  edit.pointer = where->pointer;
  edit.before = std::move(*snap);
  edit.after = std::move(after);
  return {};
}

std::optional<Json> getField(Preset& preset, const std::string& field, std::string& error) {
  auto where = resolveField(preset, field, error);
  if (!where) return std::nullopt;
  auto snap = targetSnapshot(preset, where->target);
  try {
    Json::json_pointer ptr(where->pointer);
    if (snap && snap->contains(ptr)) return (*snap)[ptr];
  } catch (const std::exception&) {
  }
  error = "no field \"" + field + "\"";
  return std::nullopt;
}

std::vector<std::string> fieldPaths(Preset& preset, size_t maxPaths) {
  std::vector<std::string> out;
  for (auto& e : preset.effects) {
    std::vector<std::string> leaves;
    Json snap = effectSnapshot(e);
    collectLeaves(snap["definition"], "", leaves, maxPaths);
    for (auto& l : leaves)
      if (!l.empty()) out.push_back(e.placement.id + l);
    leaves.clear();
    collectLeaves(snap["entry"], "/entry", leaves, maxPaths);
    for (auto& l : leaves)
      if (l != "/entry") out.push_back(e.placement.id + l);
  }
  std::vector<std::string> leaves;
  collectLeaves(sceneSnapshot(preset.scene), "", leaves, maxPaths);
  for (auto& l : leaves)
    if (!l.empty()) out.push_back(l);
  if (out.size() > maxPaths) out.resize(maxPaths);
  return out;
}

}  // namespace fx
