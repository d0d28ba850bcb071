// Halo CE tag files as effect definitions. A family that names a tag class (EffectFamily::
// tagClass: halo_glow <- .glow, halo_weather <- .weather_particle_system) has its definitions
// stored in that class's tags: loading maps the tag's bytes onto the declared fields (the
// TagBinding on each FieldMeta; engine/formats/halo/tag_fields.h) and keeps the parsed tag, so
// saving writes the edited fields back into it and leaves every other byte as it was. The
// definition JSON of a tag is what `fxview import` prints and what edits, undo and bundles use.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "engine/core/field_json.h"
#include "engine/core/json.h"
#include "engine/effects/effect.h"
#include "engine/formats/halo/tag_fields.h"
#include "engine/formats/halo/tag_file.h"

namespace fx {

// The family whose definitions `file`'s extension holds (.glow -> halo_glow), or nullptr.
const EffectFamily* familyForTag(const std::filesystem::path& file);
// The tag class a family's definitions are stored as, or nullptr.
const halo::TagClassInfo* tagClassOf(const EffectFamily& family);

// The tag's bound fields as `family`'s definition JSON (every field, defaults included). Values
// the definition cannot hold are errors in `diags` (when given) under `displayName`.
Json definitionJsonFromTag(halo::TagFile& tag, const EffectFamily& family,
                           Diagnostics* diags = nullptr, const std::string& displayName = {});

// Field problems of readTagFields as errors of `displayName`.
void reportTagFieldProblems(const std::vector<halo::TagFieldProblem>& problems,
                            const std::string& displayName, Diagnostics& diags);

struct TagDefinition {
  std::shared_ptr<halo::TagFile> tag;  // parsed, kept for saving back
  Json json;                           // definitionJsonFromTag
};
// Reads the tag at `path` as a definition of `family`; a tag of another class is an error.
std::optional<TagDefinition> loadDefinitionTag(const std::filesystem::path& path,
                                               const std::string& displayName,
                                               const EffectFamily& family, Diagnostics& diags);

// Writes `def`'s bound fields into `tag` (only those that changed; see writeTagFields).
void writeDefinitionToTag(EffectDefinition& def, halo::TagFile& tag);
// A new tag of the family's class holding `def` (`fxview export`).
std::optional<halo::TagFile> tagFromDefinition(EffectDefinition& def, const EffectFamily& family);

// A tag whose root maps onto one reflected struct T (point_physics -> weather::PointPhysics,
// wind -> weather::Wind) as JSON, every field; its values are validated against T's declared
// ranges like a definition file. Nullopt when the tag cannot be read or is of another class.
template <class T>
std::optional<Json> loadStructTag(const std::filesystem::path& path, const std::string& displayName,
                                  halo::TagClass cls, Diagnostics& diags) {
  auto tag = halo::loadTag(path, displayName, diags);
  if (!tag) return std::nullopt;
  if (tag->cls->id != cls) {
    diags.error(displayName, "header",
                "expected a " + std::string(halo::tagClassInfo(cls).name) + " tag, got a " +
                    std::string(tag->cls->name) + " tag");
    return std::nullopt;
  }
  T value;
  DefaultsVisitor defaults;
  value.reflect(defaults);
  std::vector<halo::TagFieldProblem> problems;
  halo::readTagFields(
      tag->root(), [&](FieldVisitor& v) { value.reflect(v); }, &problems);
  reportTagFieldProblems(problems, displayName, diags);
  Json out = Json::object();
  writeAllFields(out, [&](FieldVisitor& v) { value.reflect(v); });
  T check;
  check.reflect(defaults);
  readFields(
      out, [&](FieldVisitor& v) { check.reflect(v); }, {.file = displayName}, diags);
  return out;
}

}  // namespace fx
