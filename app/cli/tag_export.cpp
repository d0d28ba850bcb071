// fxview export DEFINITION.json -o OUT.glow|OUT.weather_particle_system|OUT.point_physics|OUT.wind
//               [--replace]:
// fxview JSON back to a Halo tag, the class chosen by the output's extension. The definition is
// validated as when loading it; its fields go through the same tag bindings `import` reads, so
// exporting an imported tag gives the same bytes.
//
// fxview writes only what the user saved: when OUT already is a tag of that class, only the
// fields the JSON gives change. The tag is read as its definition JSON (what `import` prints), the
// JSON's keys are laid over it (objects key by key; an array of objects, such as a block's
// particle_types, entry by entry by index, entries past the JSON's end kept; any other value
// replaced) and the result is written into the tag, so every field the JSON leaves out keeps its
// bytes, as do unknown fields and padding. --replace rebuilds the fields from the JSON alone
// (absent fields take their defaults, blocks take the JSON's length), still keeping the bytes no
// field declares. Refused with exit 1, nothing written: a definition of another class (its "kind"
// names another family, or it has keys only another tag class declares), a file at OUT that is
// not a tag of the extension's class. OUT may not be the definition itself (exit 2).
// Exit 0 ok, 1 errors, 2 usage. An .sdprefab / .sdscene output writes a preset imported from a
// Stride asset back into it (stride_export.cpp).
// A JSON `fxview import` printed records the tag and what it held then ("imported_from"): when the
// tag changed since, only the JSON's changes from those values are written, the tag's own changes
// kept, and a value changed on both sides to different values is refused naming it
// (export_merge.h).
#include <algorithm>
#include <cctype>
#include <iostream>
#include <set>

#include "app/cli/common.h"
#include "app/cli/export_merge.h"
#include "app/cli/import.h"
#include "engine/core/field_json.h"
#include "engine/core/json_merge.h"
#include "engine/core/paths.h"
#include "engine/effects/halo_weather/point_physics.h"
#include "engine/effects/halo_weather/wind.h"
#include "engine/effects/registry.h"
#include "engine/formats/halo/tag_fields.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/import/halo/tag_definitions.h"
#include "engine/import/stride/stride_import.h"
#include "engine/session/file_kinds.h"

namespace fx::cli {

namespace {

// Reference fields must hold tag paths ("fx\\glow.bitmap"); a PNG path is written as it is, which
// the game will not find: say so. With --tags, a reference no tag under that root answers is said
// too.
class ReferenceCheck final : public FieldWalker {
 public:
  ReferenceCheck(const std::string& file, Diagnostics& diags, std::filesystem::path root)
      : file_(file), diags_(diags), root_(std::move(root)) {}
  void visit(const FieldMeta& m, std::string& v, std::string_view) override {
    if (m.tag.codec != TagCodec::Reference || v.empty()) return;
    if (halo::isTagPath(v)) {
      if (!root_.empty() && !halo::resolveCaseInsensitive(root_, v))
        diags_.warning(file_, std::string(m.key),
                       "\"" + v + "\" is not a tag under the tags root \"" + toUtf8(root_) +
                           "\"; written unchanged");
      return;
    }
    diags_.warning(file_, std::string(m.key),
                   "\"" + v +
                       "\" is not a tag reference (expected a path under the tags folder "
                       "ending in the tag class, e.g. \"fx\\\\glow.bitmap\"); written unchanged");
  }
  void visitObject(const FieldMeta&, const std::function<void(FieldVisitor&)>&) override {}

 private:
  const std::string& file_;
  Diagnostics& diags_;
  std::filesystem::path root_;
};

// The declared fields of one tag class at their defaults: a family's definition (glow, weather)
// or the struct a point_physics or wind tag holds. Not movable: `reflect` points into it.
class TagFields {
 public:
  TagFields(const EffectFamily* family, halo::TagClass cls) {
    if (family) {
      def_ = family->createDefinition();
      reflect = [d = def_.get()](FieldVisitor& v) { d->reflect(v); };
      return;
    }
    if (cls == halo::TagClass::PointPhysics)
      reflect = [this](FieldVisitor& v) { physics_.reflect(v); };
    else
      reflect = [this](FieldVisitor& v) { wind_.reflect(v); };
    DefaultsVisitor defaults;
    reflect(defaults);
  }
  TagFields(const TagFields&) = delete;
  TagFields& operator=(const TagFields&) = delete;

  ReflectFn reflect;

 private:
  std::unique_ptr<EffectDefinition> def_;
  weather::PointPhysics physics_;
  weather::Wind wind_;
};

// The keys a declaration has at its top level.
class TopLevelKeys final : public FieldWalker {
 public:
  std::set<std::string, std::less<>> keys;
  void field(const FieldMeta& m) override { keys.emplace(m.key); }
  void visitObject(const FieldMeta& m, const std::function<void(FieldVisitor&)>&) override {
    keys.emplace(m.key);
  }
  void visitArray(const FieldMeta& m, ArrayAccess&) override { keys.emplace(m.key); }
};

std::set<std::string, std::less<>> declaredKeys(const EffectFamily* family, halo::TagClass cls) {
  TagFields fields(family, cls);
  TopLevelKeys keys;
  fields.reflect(keys);
  return std::move(keys.keys);
}

// What a tag class's definitions are called in messages: the family kind, else the class name.
std::string className(const EffectFamily* family, halo::TagClass cls) {
  return family ? std::string(family->kind) : std::string(halo::tagClassInfo(cls).name);
}

// "" when `json` can be a definition of the target class; else why it belongs to another one:
// its "kind" names another family, or it has keys that another tag class declares and the target
// does not (the class with the most such keys is named; "version" belongs to every file).
std::string otherClassReason(const Json& json, const EffectFamily* family, halo::TagClass cls) {
  if (!json.is_object()) return {};
  if (auto it = json.find("kind"); it != json.end() && it->is_string()) {
    std::string kind = it->get<std::string>();
    if (!family || kind != family->kind) return "its \"kind\" is \"" + kind + "\"";
  }
  const auto own = declaredKeys(family, cls);
  std::vector<std::pair<const EffectFamily*, halo::TagClass>> others;
  for (const EffectFamily* f : effectFamilies())
    if (const halo::TagClassInfo* c = tagClassOf(*f); c && c->id != cls)
      others.push_back({f, c->id});
  for (halo::TagClass c : {halo::TagClass::PointPhysics, halo::TagClass::Wind})
    if (c != cls) others.push_back({nullptr, c});
  std::string best;
  size_t bestCount = 0;
  for (auto [f, c] : others) {
    const auto theirs = declaredKeys(f, c);
    std::string keys;
    size_t count = 0;
    for (auto it = json.begin(); it != json.end(); ++it) {
      if (own.count(it.key()) || !theirs.count(it.key()) || it.key() == "version") continue;
      if (count++ < 3) keys += std::string(count > 1 ? ", " : "") + "\"" + it.key() + "\"";
    }
    if (count <= bestCount) continue;
    bestCount = count;
    best = "it has " + className(f, c) + " keys (" + keys + (count > 3 ? ", ..." : "") + ")";
  }
  return best;
}

// The tag at `out` to write into: the existing tag of that class, or a fresh one when there is
// no file. Null (with an error) when a file is there but is not such a tag.
std::optional<halo::TagFile> targetTag(const std::string& out, halo::TagClass cls, bool& existed,
                                       Diagnostics& diags) {
  std::error_code ec;
  existed = std::filesystem::exists(toPath(out), ec);
  if (!existed) return halo::makeTag(cls);
  Diagnostics local;
  auto existing = halo::loadTag(toPath(out), out, local);
  if (existing && existing->cls->id == cls) return existing;
  const std::string wanted(halo::tagClassInfo(cls).name);
  if (existing) {
    diags.error(out, "",
                "is a " + std::string(existing->cls->name) + " tag, not the " + wanted +
                    " tag its extension names; not overwritten");
    return std::nullopt;
  }
  diags.append(local);
  diags.error(out, "",
              "exists and is not a readable " + wanted +
                  " tag; not overwritten (remove it or choose another name)");
  return std::nullopt;
}

// The existing tag's fields with the JSON's given ones laid over them, read into `merged`. False
// (with errors) when the tag holds values its definition cannot (an unknown enum value, say) or
// the JSON's values are wrong.
bool mergeIntoTag(halo::TagFile& tag, const Json& json, const EffectFamily* family,
                  halo::TagClass cls, const std::string& out, const std::string& input,
                  TagFields& merged, Diagnostics& diags) {
  TagFields current(family, cls);
  std::vector<halo::TagFieldProblem> problems;
  halo::readTagFields(tag.root(), current.reflect, &problems);
  reportTagFieldProblems(problems, out, diags);
  Json base = Json::object();
  writeAllFields(base, current.reflect);
  {
    TagFields check(family, cls);
    readFields(base, check.reflect, {.file = out}, diags);
  }
  if (diags.hasErrors()) {
    diags.error(out, "",
                "the tag's own values cannot be kept; not written (--replace rebuilds it from " +
                    input + " alone)");
    return false;
  }
  // The JSON's own mistakes (values, unknown keys) keep their pointers: laying it over the tag
  // keeps its structure and indices.
  overlayJson(base, json);
  readFields(base, merged.reflect, {.file = input, .alsoKnown = {"kind", kImportedFromKey}}, diags);
  return !diags.hasErrors();
}

struct ExportArgs {
  std::string input, output, tagsDir;
  bool replace = false;
  bool force = false;  // --force: a read-only output made writable
};

// A definition JSON into a Halo tag (new, or an existing one changed field by field).
int exportTag(const ExportArgs& a) {
  // The output's extension names its kind (the file need not exist yet).
  const FileKind* kind = findFileKindByExtension(toPath(a.output));
  const EffectFamily* family = kind ? fileKindFamily(*kind) : nullptr;
  bool structTag = kind && kind->opensAs == FileOpening::StructTag;
  if (!family && !structTag) {
    std::cerr << a.output
              << ": expected a .glow, .weather_particle_system, .point_physics or .wind output\n";
    return kExitUsage;
  }
  const halo::TagClass cls = *kind->tagClass;
  if (refuseOutputOverInput("export", {toPath(a.output)}, {toPath(a.input)})) return kExitUsage;
  Diagnostics diags;
  auto json = loadJsonFile(toPath(a.input), a.input, diags);
  if (json) {
    if (std::string why = otherClassReason(*json, family, cls); !why.empty())
      diags.error(a.input, "",
                  "not a " + className(family, cls) + " definition (" + why +
                      "); not written into " + a.output);
  }
  std::optional<halo::TagFile> tag;
  bool existed = false;
  if (json && !diags.hasErrors()) tag = targetTag(a.output, cls, existed, diags);
  TagFields fields(family, cls);
  if (tag) {
    // Changed since the import: the tag's fields with only the JSON's own changes over them.
    std::optional<Json> merged =
        existed ? mergeTagChanges(*json, a.input, a.output, *tag, family, cls, a.replace, diags)
                : std::nullopt;
    if (existed && !a.replace && !merged && !diags.hasErrors())
      mergeIntoTag(*tag, *json, family, cls, a.output, a.input, fields, diags);
    else if (!diags.hasErrors())  // else a conflict or an unreadable record: nothing written
      readFields(merged ? *merged : *json, fields.reflect,
                 {.file = a.input, .alsoKnown = {"kind", kImportedFromKey}}, diags);
    ReferenceCheck refs(a.input, diags, toPath(a.tagsDir));
    fields.reflect(refs);
    if (diags.hasErrors())
      tag.reset();
    else
      halo::writeTagFields(tag->root(), fields.reflect);
  }
  printDiagnostics(diags);
  if (!tag) return kExitErrors;
  if (std::string err = halo::saveTag(toPath(a.output), *tag); !err.empty()) {
    std::cerr << a.output << ": " << err << "\n";
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace

void registerExport(CLI::App& app, int& exitCode) {
  auto args = std::make_shared<ExportArgs>();
  auto* cmd = app.add_subcommand(
      "export",
      "Write an fxview definition JSON as a Halo tag (.glow, .weather_particle_system, "
      ".point_physics, .wind: chosen by the output's extension); into an existing tag only the "
      "fields the JSON gives change. A preset imported from a Stride asset is written back into "
      "it with -o X.sdprefab / X.sdscene: only the values that changed change");
  cmd->add_option("definition", args->input, "Definition JSON (a preset for a Stride asset)")
      ->required();
  cmd->add_option("-o,--output", args->output, "The tag or Stride asset to write")->required();
  addTagsOption(cmd, args->tagsDir);
  cmd->add_flag("--replace", args->replace,
                "Rebuild an existing tag's fields from the JSON alone (absent fields take their "
                "defaults, blocks the JSON's length) instead of changing only the given ones");
  addForceOption(cmd, args->force);
  cmd->callback([args, &exitCode] {
    if (refuseReadOnlyOutputs("export", {toPath(args->output)}, args->force)) {
      exitCode = kExitUsage;
      return;
    }
    const std::optional<uint64_t> before = fnv1a64File(toPath(args->output));
    exitCode = stride_import::isStrideAsset(toPath(args->output))
                   ? exportStrideAsset(args->input, args->output)
                   : exportTag(*args);
    if (exitCode != kExitOk) return;
    if (std::string note = refreshImportRecord(args->input, args->output, before, args->tagsDir);
        !note.empty())
      std::cerr << args->input << ": note: " << note << "\n";
  });
}

}  // namespace fx::cli
