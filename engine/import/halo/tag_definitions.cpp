#include "engine/import/halo/tag_definitions.h"

#include "engine/core/field_json.h"
#include "engine/core/paths.h"
#include "engine/effects/registry.h"
#include "engine/formats/halo/tag_fields.h"

namespace fx {

const halo::TagClassInfo* tagClassOf(const EffectFamily& family) {
  if (family.tagClass.empty()) return nullptr;
  for (const auto& c : halo::tagClasses())
    if (c.name == family.tagClass) return &c;
  return nullptr;
}

const EffectFamily* familyForTag(const std::filesystem::path& file) {
  const halo::TagClassInfo* cls = halo::findTagClassByExtension(toUtf8(file.extension()));
  if (!cls) return nullptr;
  for (const EffectFamily* f : effectFamilies())
    if (tagClassOf(*f) == cls) return f;
  return nullptr;
}

void reportTagFieldProblems(const std::vector<halo::TagFieldProblem>& problems,
                            const std::string& displayName, Diagnostics& diags) {
  for (const auto& p : problems) diags.error(displayName, p.pointer, p.message);
}

Json definitionJsonFromTag(halo::TagFile& tag, const EffectFamily& family, Diagnostics* diags,
                           const std::string& displayName) {
  auto def = family.createDefinition();
  EffectDefinition* d = def.get();
  std::vector<halo::TagFieldProblem> problems;
  halo::readTagFields(
      tag.root(), [d](FieldVisitor& v) { d->reflect(v); }, &problems);
  if (diags) reportTagFieldProblems(problems, displayName, *diags);
  Json out = Json::object();
  writeAllFields(out, [d](FieldVisitor& v) { d->reflect(v); });
  return out;
}

std::optional<TagDefinition> loadDefinitionTag(const std::filesystem::path& path,
                                               const std::string& displayName,
                                               const EffectFamily& family, Diagnostics& diags) {
  const halo::TagClassInfo* cls = tagClassOf(family);
  if (!cls) {
    diags.error(displayName, "",
                "a " + std::string(family.kind) + " definition cannot be read from a Halo tag");
    return std::nullopt;
  }
  Diagnostics local;
  auto bytes = halo::loadTag(path, displayName, local);
  diags.append(local);
  if (!bytes) return std::nullopt;
  if (bytes->cls != cls) {
    diags.error(displayName, "header",
                "a " + std::string(bytes->cls->name) + " tag cannot be a " +
                    std::string(family.kind) + " definition (expected a " + std::string(cls->name) +
                    " tag)");
    return std::nullopt;
  }
  TagDefinition out;
  out.tag = std::make_shared<halo::TagFile>(std::move(*bytes));
  out.json = definitionJsonFromTag(*out.tag, family, &diags, displayName);
  return out;
}

void writeDefinitionToTag(EffectDefinition& def, halo::TagFile& tag) {
  halo::writeTagFields(tag.root(), [&def](FieldVisitor& v) { def.reflect(v); });
}

std::optional<halo::TagFile> tagFromDefinition(EffectDefinition& def, const EffectFamily& family) {
  const halo::TagClassInfo* cls = tagClassOf(family);
  if (!cls) return std::nullopt;
  halo::TagFile tag = halo::makeTag(cls->id);
  writeDefinitionToTag(def, tag);
  return tag;
}

}  // namespace fx
