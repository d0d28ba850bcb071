// fxview import FILE [-o OUT.json]: a game asset as fxview JSON, dispatched on the file's kind
// (engine/session/file_kinds.h: its extension, else its first bytes). Halo tags: a .glow or
// .weather_particle_system prints its definition (every field; references as "tag\\path.class"), a
// .point_physics or .wind the fields of that struct, a .gbxmodel a scene object with its markers, a
// .bitmap its pages and sprite sequences (import_halo_assets.h; --png writes decoded pixels), a
// .scenario_structure_bsp a preset of its weather palette (import_level.cpp).
// Stride scenes and prefabs: a preset that runs (import_stride.cpp). The JSON goes to stdout, or
// atomically to -o; neither -o nor --png may name the input (exit 2). Exit 0 ok, 1 the file has
// errors, 2 usage.
// A .model_animations prints its animations' decoded frames (import_halo_animations.h).
#include "app/cli/import.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include "app/cli/common.h"
#include "app/cli/import_halo_animations.h"
#include "app/cli/import_halo_assets.h"
#include "engine/core/field_json.h"
#include "engine/core/file_write.h"
#include "engine/core/json_merge.h"
#include "engine/core/json_text_patch.h"
#include "engine/core/paths.h"
#include "engine/core/text.h"
#include "engine/effects/halo_weather/point_physics.h"
#include "engine/effects/halo_weather/wind.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/import/halo/tag_definitions.h"
#include "engine/session/file_kinds.h"

namespace fx::cli {

namespace fs = std::filesystem;

namespace {

// What `export` needs to tell the user's later changes from the tag's (engine/core/json_merge.h):
// the tag, relative to where the JSON lands, its bytes' hash and the values printed.
void recordImport(const ImportArgs& args, Json& out) {
  std::error_code ec;
  fs::path outDir = toPath(args.output).parent_path();
  fs::path tag = fs::weakly_canonical(fs::absolute(toPath(args.input), ec), ec);
  fs::path rel = tag.lexically_relative(
      fs::weakly_canonical(fs::absolute(outDir.empty() ? "." : outDir, ec), ec));
  out[kImportedFromKey] = makeImportRecord(fnv1a64File(toPath(args.input)).value_or(0), out,
                                           toGenericUtf8(rel.empty() ? tag : rel));
}

// A weather tag's particle types take their physics from the point_physics tags they reference
// (physics_path), found under the tags root as the viewer finds them (--tags, else the folder
// named `tags` above the tag): those values are printed under "physics", not the defaults the
// inline object would otherwise show. A reference not found is a warning naming the root.
void inlineReferencedPhysics(const ImportArgs& args, Json& def, Diagnostics& diags) {
  auto types = def.find("particle_types");
  if (types == def.end() || !types->is_array()) return;
  fs::path root = halo::tagsRootFor(
      toPath(args.input), args.tagsDir.empty() ? fs::path() : fs::absolute(toPath(args.tagsDir)));
  for (size_t i = 0; i < types->size(); ++i) {
    Json& t = (*types)[i];
    auto path = t.find("physics_path");
    if (path == t.end() || !path->is_string() || !halo::isTagPath(path->get<std::string>()))
      continue;
    std::string ref = path->get<std::string>();
    auto hit = root.empty() ? std::nullopt : halo::resolveCaseInsensitive(root, ref);
    if (!hit) {
      diags.warning(args.input, "/particle_types/" + std::to_string(i) + "/physics_path",
                    "tag \"" + ref + "\" not found " +
                        (root.empty() ? std::string("(no folder named \"tags\" above the tag; "
                                                    "pass --tags DIR)")
                                      : "under the tags root \"" + toUtf8(root) + "\"") +
                        "; \"physics\" shows the defaults");
      continue;
    }
    auto physics = loadStructTag<weather::PointPhysics>(*hit, toUtf8(*hit),
                                                        halo::TagClass::PointPhysics, diags);
    if (physics) t["physics"] = std::move(*physics);
  }
}

// A glow or weather tag as its family's definition; validated like a definition file.
bool importDefinitionTag(const ImportArgs& args, Json& out, Diagnostics& diags) {
  const EffectFamily* family = fileKindFamily(*findFileKind(toPath(args.input)));
  auto tagged = loadDefinitionTag(toPath(args.input), args.input, *family, diags);
  if (!tagged) return false;
  auto def = family->createDefinition();
  EffectDefinition* d = def.get();
  readFields(
      tagged->json, [d](FieldVisitor& v) { d->reflect(v); }, {.file = args.input}, diags);
  out = std::move(tagged->json);
  if (findFileKind(toPath(args.input))->tagClass == halo::TagClass::WeatherParticleSystem)
    inlineReferencedPhysics(args, out, diags);
  if (diags.hasErrors()) return false;
  recordImport(args, out);
  return true;
}

// A tag whose one struct maps onto a reflected struct T (point_physics, wind).
template <class T, halo::TagClass kClass>
bool importStructTag(const ImportArgs& args, Json& out, Diagnostics& diags) {
  auto json = loadStructTag<T>(toPath(args.input), args.input, kClass, diags);
  if (!json || diags.hasErrors()) return false;
  out = std::move(*json);
  recordImport(args, out);
  return true;
}

bool importModelTag(const ImportArgs& args, Json& out, Diagnostics& diags) {
  return importGbxModel(args.input, out, diags);
}

bool importAnimationTag(const ImportArgs& args, Json& out, Diagnostics& diags) {
  return importModelAnimations(args.input, out, diags);
}

bool importBitmapTag(const ImportArgs& args, Json& out, Diagnostics& diags) {
  return importBitmap(args.input, args.png, out, diags);
}

// How `import` reads a kind of file; null for the kinds it does not read (presets, bundles).
ImportFn importerFor(const FileKind& kind) {
  switch (kind.opensAs) {
    case FileOpening::EffectTag:
      return &importDefinitionTag;
    case FileOpening::StructTag:
      if (kind.tagClass == halo::TagClass::PointPhysics)
        return &importStructTag<weather::PointPhysics, halo::TagClass::PointPhysics>;
      if (kind.tagClass == halo::TagClass::Wind)
        return &importStructTag<weather::Wind, halo::TagClass::Wind>;
      return nullptr;
    case FileOpening::ModelTag:
      return &importModelTag;
    case FileOpening::BitmapTag:
      return &importBitmapTag;
    case FileOpening::AnimationTag:
      return &importAnimationTag;
    case FileOpening::StrideAsset:
      return &importStride;
    case FileOpening::LevelTag:
      return &importLevel;
    case FileOpening::Preset:
    case FileOpening::Bundle:
      return nullptr;
  }
  return nullptr;
}

ImportFn findImporter(const std::string& path) {
  const FileKind* kind = findFileKind(toPath(path));
  return kind ? importerFor(*kind) : nullptr;
}

// --png writes a bitmap's pixels; any other kind would ignore it, so it is a usage error.
bool refusePngForKind(const ImportArgs& args) {
  if (args.png.output.empty() || opensAs(toPath(args.input), FileOpening::BitmapTag)) return false;
  std::cerr << "fxview import: --png applies only to bitmaps (.bitmap); " << args.input
            << " is not one\n";
  return true;
}

std::string importHelp() {
  std::string s = "Print a game asset as fxview JSON:";
  for (const FileKind& kind : fileKinds())
    for (const FileExtension& e : kind.extensions)
      if (!e.importHelp.empty())
        s += "\n  " + std::string(e.extension) + ": " + std::string(e.importHelp);
  return s;
}

}  // namespace

std::string refreshImportRecord(const std::string& jsonPath, const std::string& asset,
                                std::optional<uint64_t> assetBefore, const std::string& tagsDir) {
  std::string original;
  {
    // Closed before the JSON is written again below: Windows replaces no file held open.
    std::ifstream in(toPath(jsonPath), std::ios::binary);
    original.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  Diagnostics quiet;
  auto doc = parseJsonText(original, jsonPath, quiet);
  if (!doc || !doc->is_object() || !doc->contains(kImportedFromKey)) return {};
  auto record = readImportRecord(*doc, jsonPath, quiet);
  if (!record) return {};
  std::error_code ec;
  fs::path jsonDir = toPath(jsonPath).parent_path();
  if (!record->path.empty() && !fs::equivalent(jsonDir / toPath(record->path), toPath(asset), ec))
    return {};  // the record is of another tag: this export was not into the imported asset
  if (record->hash != assetBefore)
    return "its \"" + std::string(kImportedFromKey) +
           "\" record keeps the values imported: " + asset +
           " had changed since, and the changes kept there are not in " + jsonPath +
           "; a value exported now and changed again reads as changed on both sides (import " +
           asset + " again to start from what it holds now)";
  ImportFn importer = findImporter(asset);
  ImportArgs args{.input = asset, .output = jsonPath, .tagsDir = tagsDir};
  Json fresh;
  if (!importer || !importer(args, fresh, quiet) || !fresh.contains(kImportedFromKey))
    return "its \"" + std::string(kImportedFromKey) + "\" record was not updated: cannot read " +
           asset + " back";
  Json updated = *doc;
  updated[kImportedFromKey] = fresh[kImportedFromKey];
  if (updated == *doc) return {};
  return writeFileAtomic(toPath(jsonPath), saveJsonText(original, *doc, updated).text);
}

void registerImport(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<ImportArgs>();
  auto* cmd = app.add_subcommand("import", importHelp());
  cmd->add_option("file", args->input, "The asset (chosen by extension)")->required();
  cmd->add_option("-o,--output", args->output,
                  "Write the JSON here (atomically) instead of stdout; never over the input");
  addForceOption(cmd, args->force);
  addTagsOption(cmd, args->tagsDir);
  cmd->add_flag("--allow-any-path", args->allowAnyPath,
                "Let textures come from anywhere when checking the result");
  cmd->add_option("--png", args->png.output,
                  "Bitmaps: write the decoded first page (or --sprite) as PNG");
  cmd->add_option("--sequence", args->png.sequence, "Bitmaps with --png: the sprite's sequence")
      ->check(CLI::Range(0, 255));
  cmd->add_option("--sprite", args->png.sprite,
                  "Bitmaps with --png: one sprite's rectangle of its page")
      ->check(CLI::Range(0, 63));
  cmd->callback([args, &exitCode] {
    ImportFn importer = findImporter(args->input);
    if (!importer) {
      std::cerr << args->input
                << ": cannot import this kind of file (known: " << importableExtensions() << ")\n";
      exitCode = kExitUsage;
      return;
    }
    if (refusePngForKind(*args)) {
      exitCode = kExitUsage;
      return;
    }
    if (refuseOutputOverInput("import", {toPath(args->output), toPath(args->png.output)},
                              {toPath(args->input)}) ||
        refuseOutputs("import",
                      {{toPath(args->output), WrittenKind::Json},
                       {toPath(args->png.output), WrittenKind::Png}},
                      args->force)) {
      exitCode = kExitUsage;
      return;
    }
    Diagnostics diags;
    Json out;
    bool ok = importer(*args, out, diags);
    printDiagnostics(diags);
    if (!ok) {
      exitCode = kExitErrors;
      return;
    }
    std::string text = dumpJson(out, 2) + "\n";
    if (args->output.empty()) {
      std::cout << text;
    } else if (std::string err =
                   writeFileAtomic(toPath(args->output), text, {.force = args->force});
               !err.empty()) {
      std::cerr << "fxview import: " << err << "\n";
      exitCode = kExitUsage;
      return;
    }
    exitCode = kExitOk;
  });
}

}  // namespace fx::cli
