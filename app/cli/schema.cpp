// fxview schema: JSON Schema (draft 2020-12) of the scene format and every family's definition,
// generated from the same field declarations the loader and inspector use.
#include <iostream>

#include "app/cli/common.h"
#include "engine/core/field_schema.h"
#include "engine/core/json_merge.h"
#include "engine/import/halo/tag_definitions.h"

namespace fx::cli {

// The "imported_from" record (engine/core/json_merge.h); `tag`: a Halo definition's, naming it.
Json importRecordSchema(bool tag) {
  Json props = {
      {"fnv1a64",
       {{"type", "string"},
        {"pattern", "^[0-9a-f]{16}$"},
        {"description", "64-bit FNV-1a hash of the asset's bytes when imported"}}},
      {"base",
       {{"type", "string"},
        {"description",
         tag ? "The definition as imported, as JSON text"
             : "The effects' definitions as imported (a list, in \"effects\" order), as JSON "
               "text"}}}};
  if (tag)
    props["path"] = {{"type", "string"},
                     {"description", "The tag imported, relative to this file's folder"}};
  return {{"type", "object"},
          {"description",
           "Written by `fxview import`: what the asset held then. `fxview export` into an asset "
           "that changed since writes only this file's changes from these values, keeping the "
           "asset's own, and refuses a value changed on both sides to different values"},
          {"properties", props},
          {"required",
           tag ? Json::array({"path", "fnv1a64", "base"}) : Json::array({"fnv1a64", "base"})}};
}

Json fullSchema() {
  Scene scene;
  DefaultsVisitor d;
  scene.reflect(d);
  Json root =
      schemaForFields([&](FieldVisitor& v) { scene.reflect(v); }, "fxview preset",
                      "A scene: objects, markers, camera, and effects of the registered families");
  Json defs = Json::object();
  Json kinds = Json::array();
  Json oneOf = Json::array();
  for (const EffectFamily* f : effectFamilies()) {
    auto def = f->createDefinition();
    EffectDefinition* p = def.get();
    Json ds = schemaForFields([p](FieldVisitor& v) { p->reflect(v); }, f->title,
                              std::string("Specification: shared/seeds/") + std::string(f->seed));
    ds.erase("$schema");
    Json entry = schemaForFields([p](FieldVisitor& v) { p->reflectEntry(v); });
    entry.erase("$schema");
    entry["properties"]["id"] = {{"type", "string"}};
    entry["properties"]["kind"] = {{"const", std::string(f->kind)}};
    entry["properties"]["object"] = {{"type", "string"}};
    entry["properties"]["marker"] = {{"type", "string"}};
    entry["properties"]["enabled"] = {{"type", "boolean"}};
    entry["properties"]["solo"] = {{"type", "boolean"}};
    entry["properties"]["definition"] = {
        {"oneOf",
         Json::array({Json{{"$ref", "#/$defs/" + std::string(f->kind)}},
                      Json{{"type", "string"}, {"description", "path relative to the preset"}}})}};
    entry["required"] = Json::array({"id", "kind", "definition"});
    defs[std::string(f->kind)] = ds;
    defs[std::string(f->kind) + "_entry"] = entry;
    kinds.push_back(std::string(f->kind));
    oneOf.push_back({{"$ref", "#/$defs/" + std::string(f->kind) + "_entry"}});
  }
  root["$defs"] = defs;
  root["properties"]["effects"] = {{"type", "array"}, {"items", {{"oneOf", oneOf}}}};
  root["properties"]["stride_asset"] = {
      {"type", "string"},
      {"description",
       "The Stride asset an imported preset came from (relative to the preset); `fxview export` "
       "writes the preset back into it"}};
  root["properties"][kImportedFromKey] = importRecordSchema(false);
  // Tag families: a definition `fxview import` printed records the tag it came from.
  for (const EffectFamily* f : effectFamilies())
    if (tagClassOf(*f))
      root["$defs"][std::string(f->kind)]["properties"][kImportedFromKey] =
          importRecordSchema(true);
  return root;
}

void registerSchema(CLI::App& app, int& exitCode) {
  auto kind = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("schema", "Print the JSON Schema of presets and every definition");
  cmd->add_option("--kind", *kind, "Print only this family's definition schema");
  cmd->callback([kind, &exitCode] {
    Json s = fullSchema();
    if (!kind->empty()) {
      if (!s["$defs"].contains(*kind)) {
        std::cerr << "schema: unknown kind \"" << *kind << "\"; expected one of " << familyKinds()
                  << "\n";
        exitCode = kExitUsage;
        return;
      }
      Json d = s["$defs"][*kind];
      d["$schema"] = "https://json-schema.org/draft/2020-12/schema";
      s = d;
    }
    std::cout << s.dump(2) << "\n";
    exitCode = kExitOk;
  });
}

}  // namespace fx::cli
