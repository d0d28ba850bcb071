#include "app/cli/export_merge.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

#include "engine/core/field_json.h"
#include "engine/core/json_merge.h"
#include "engine/core/paths.h"
#include "engine/effects/halo_weather/point_physics.h"
#include "engine/effects/halo_weather/wind.h"
#include "engine/formats/halo/tag_fields.h"
#include "engine/import/halo/tag_definitions.h"
#include "engine/session/documents.h"

namespace fx::cli {

namespace fs = std::filesystem;

void overlayJson(Json& base, const Json& over) {
  if (base.is_object() && over.is_object()) {
    for (auto it = over.begin(); it != over.end(); ++it) {
      auto b = base.find(it.key());
      if (b == base.end())
        base[it.key()] = it.value();
      else
        overlayJson(*b, it.value());
    }
    return;
  }
  bool objects = over.is_array() &&
                 std::all_of(over.begin(), over.end(), [](const Json& e) { return e.is_object(); });
  if (base.is_array() && objects) {
    for (size_t i = 0; i < over.size(); ++i) {
      if (i < base.size())
        overlayJson(base[i], over[i]);
      else
        base.push_back(over[i]);
    }
    return;
  }
  base = over;
}

void noteMissingImportRecord(const Json& json, const std::string& input, const std::string& asset) {
  if (json.is_object() && json.contains(kImportedFromKey)) return;
  std::cerr << input << ": note: no \"" << kImportedFromKey
            << "\" record (imported by an older fxview, or written by hand): changes made to "
            << asset << " since the import cannot be told apart from yours, and this file's "
            << "values are written over them (import it again to keep them)\n";
}

namespace {

// The declared fields of a tag class at their defaults (a family's definition, or the struct a
// point_physics or wind tag holds).
struct ClassFields {
  std::unique_ptr<EffectDefinition> def;
  weather::PointPhysics physics;
  weather::Wind wind;
  ReflectFn reflect;
};

std::unique_ptr<ClassFields> classFields(const EffectFamily* family, halo::TagClass cls) {
  auto f = std::make_unique<ClassFields>();
  ClassFields* p = f.get();
  if (family) {
    p->def = family->createDefinition();
    p->reflect = [p](FieldVisitor& v) { p->def->reflect(v); };
    return f;
  }
  if (cls == halo::TagClass::PointPhysics)
    p->reflect = [p](FieldVisitor& v) { p->physics.reflect(v); };
  else
    p->reflect = [p](FieldVisitor& v) { p->wind.reflect(v); };
  DefaultsVisitor defaults;
  p->reflect(defaults);
  return f;
}

// `json` read through the class's fields (absent ones at their defaults), every field written.
std::optional<Json> fullFields(const Json& json, const EffectFamily* family, halo::TagClass cls,
                               const std::string& file, Diagnostics& diags) {
  auto fields = classFields(family, cls);
  Diagnostics local;
  readFields(json, fields->reflect,
             {.file = file, .alsoKnown = {"kind", "version", kImportedFromKey}}, local);
  diags.append(local);
  if (local.hasErrors()) return std::nullopt;
  Json out = Json::object();
  writeAllFields(out, fields->reflect);
  return out;
}

// The tag's own fields, every one written; nullopt with errors when it holds values its class
// cannot.
std::optional<Json> tagFields(halo::TagFile& tag, const EffectFamily* family, halo::TagClass cls,
                              const std::string& file, Diagnostics& diags) {
  auto fields = classFields(family, cls);
  std::vector<halo::TagFieldProblem> problems;
  halo::readTagFields(tag.root(), fields->reflect, &problems);
  Diagnostics local;
  reportTagFieldProblems(problems, file, local);
  diags.append(local);
  if (local.hasErrors()) return std::nullopt;
  Json out = Json::object();
  writeAllFields(out, fields->reflect);
  return out;
}

}  // namespace

std::optional<Json> mergeTagChanges(const Json& json, const std::string& input,
                                    const std::string& output, halo::TagFile& tag,
                                    const EffectFamily* family, halo::TagClass cls, bool replace,
                                    Diagnostics& diags) {
  auto record = readImportRecord(json, input, diags);
  fs::path imported = record && !record->path.empty()
                          ? toPath(input).parent_path() / toPath(record->path)
                          : fs::path();
  if (!record) {
    if (!diags.hasErrors()) noteMissingImportRecord(json, input, output);
    return std::nullopt;
  }
  if (imported.empty() || !sameFile(imported, toPath(output))) {
    std::cerr << input << ": note: imported from "
              << (imported.empty() ? std::string("a tag it does not name") : toUtf8(imported))
              << ", not " << output << ": changes made to " << output
              << " cannot be told apart from yours, and the given fields are written over them\n";
    return std::nullopt;
  }
  if (fnv1a64File(toPath(output)) == record->hash)
    return std::nullopt;  // as imported: all changes are ours
  auto base = fullFields(record->base, family, cls, input + " (imported values)", diags);
  Json given = json;
  if (!replace && base) {
    given = *base;
    overlayJson(given, json);
  }
  auto mine = fullFields(given, family, cls, input, diags);
  auto theirs = tagFields(tag, family, cls, output, diags);
  if (!base || !mine || !theirs) return std::nullopt;
  MergeResult r = mergeThreeWay(*base, *mine, *theirs);
  reportMerge(
      r, input, output, [](const std::string&) { return std::string(); }, diags);
  if (!r.conflicts.empty()) return std::nullopt;
  return std::move(r.merged);
}

}  // namespace fx::cli
