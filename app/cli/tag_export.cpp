// fxview export DEFINITION.json -o OUT.glow|OUT.weather_particle_system|OUT.point_physics|OUT.wind:
// fxview JSON back to a Halo tag, the class chosen by the output's extension. The definition is
// validated as when loading it; its fields go through the same tag bindings `import` reads, so
// exporting an imported tag gives the same bytes. When OUT already is a tag of that class the
// fields are written into it and every other byte (unknown fields, padding) is kept; a file there
// that is not such a tag is left alone (exit 1). OUT may not be the definition itself (exit 2).
// Exit 0 ok, 1 errors, 2 usage.
#include <algorithm>
#include <cctype>
#include <iostream>

#include "app/cli/common.h"
#include "engine/core/field_json.h"
#include "engine/effects/halo_weather/point_physics.h"
#include "engine/effects/halo_weather/wind.h"
#include "engine/formats/halo/tag_definitions.h"
#include "engine/formats/halo/tag_fields.h"
#include "engine/formats/halo/tag_paths.h"

namespace fx::cli {

namespace {

// Reference fields must hold tag paths ("fx\\glow.bitmap"); a PNG path is written as it is, which
// the game will not find: say so.
class ReferenceCheck final : public FieldWalker {
 public:
  ReferenceCheck(const std::string& file, Diagnostics& diags) : file_(file), diags_(diags) {}
  void visit(const FieldMeta& m, std::string& v, std::string_view) override {
    if (m.tag.codec != TagCodec::Reference || v.empty() || halo::isTagPath(v)) return;
    diags_.warning(file_, std::string(m.key),
                   "\"" + v +
                       "\" is not a tag reference (expected a path under the tags folder "
                       "ending in the tag class, e.g. \"fx\\\\glow.bitmap\"); written unchanged");
  }
  void visitObject(const FieldMeta&, const std::function<void(FieldVisitor&)>&) override {}

 private:
  const std::string& file_;
  Diagnostics& diags_;
};

// The tag at `out` to write into: the existing tag of that class, or a fresh one when there is
// no file. Null (with an error) when a file is there but is not such a tag.
std::optional<halo::TagFile> targetTag(const std::string& out, halo::TagClass cls,
                                       Diagnostics& diags) {
  std::error_code ec;
  if (!std::filesystem::exists(out, ec)) return halo::makeTag(cls);
  Diagnostics local;
  auto existing = halo::loadTag(out, out, local);
  if (existing && existing->cls->id == cls) return existing;
  diags.append(local);
  diags.error(out, "",
              "exists and is not a readable " + std::string(halo::tagClassInfo(cls).name) +
                  " tag; not overwritten (remove it or choose another name)");
  return std::nullopt;
}

}  // namespace

void registerExport(CLI::App& app, int& exitCode) {
  struct Args {
    std::string input, output;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand(
      "export",
      "Write an fxview definition JSON as a Halo tag (.glow, .weather_particle_system, "
      ".point_physics, .wind: chosen by the output's extension)");
  cmd->add_option("definition", args->input, "Definition JSON")->required();
  cmd->add_option("-o,--output", args->output, "The tag to write")->required();
  cmd->callback([args, &exitCode] {
    const auto* cls =
        halo::findTagClassByExtension(std::filesystem::path(args->output).extension().string());
    const EffectFamily* family = familyForTag(args->output);
    bool structTag =
        cls && (cls->id == halo::TagClass::PointPhysics || cls->id == halo::TagClass::Wind);
    if (!family && !structTag) {
      std::cerr << args->output
                << ": expected a .glow, .weather_particle_system, .point_physics or .wind output\n";
      exitCode = kExitUsage;
      return;
    }
    if (refuseOutputOverInput("export", {args->output}, {args->input})) {
      exitCode = kExitUsage;
      return;
    }
    Diagnostics diags;
    auto json = loadJsonFile(args->input, args->input, diags);
    std::unique_ptr<EffectDefinition> def;
    weather::PointPhysics physics;
    weather::Wind wind;
    ReflectFn reflect;
    if (family) {
      def = family->createDefinition();
      reflect = [d = def.get()](FieldVisitor& v) { d->reflect(v); };
    } else if (cls->id == halo::TagClass::PointPhysics) {
      reflect = [&](FieldVisitor& v) { physics.reflect(v); };
    } else {
      reflect = [&](FieldVisitor& v) { wind.reflect(v); };
    }
    if (!family) {
      DefaultsVisitor defaults;
      reflect(defaults);
    }
    if (json) {
      readFields(*json, reflect, {.file = args->input, .alsoKnown = {"kind"}}, diags);
      ReferenceCheck refs(args->input, diags);
      reflect(refs);
    }
    std::optional<halo::TagFile> tag;
    if (json && !diags.hasErrors()) tag = targetTag(args->output, cls->id, diags);
    if (tag) halo::writeTagFields(tag->root(), reflect);
    printDiagnostics(diags);
    if (!tag) {
      exitCode = kExitErrors;
      return;
    }
    if (std::string err = halo::saveTag(args->output, *tag); !err.empty()) {
      std::cerr << args->output << ": " << err << "\n";
      exitCode = kExitUsage;
      return;
    }
    exitCode = kExitOk;
  });
}

}  // namespace fx::cli
