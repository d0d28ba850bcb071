// fxview check FILE...: validate and lint presets (a bug-report bundle folder: its preset) and
// Halo tags; exit 0 clean (warnings allowed), 1 errors, 2 usage. A .glow or
// .weather_particle_system is checked as the definition of a one-effect preset beside it (so its
// references resolve and the family lint runs); a .point_physics or .wind is read and
// range-checked; a .bitmap or .gbxmodel is read; a .scenario_structure_bsp is checked as the
// scene of every weather palette entry (or of the one --weather / --cluster choose).
#include <iostream>
#include <set>
#include <string>

#include "app/cli/common.h"
#include "engine/core/paths.h"
#include "engine/effects/halo_weather/point_physics.h"
#include "engine/effects/halo_weather/wind.h"
#include "engine/formats/halo/bitmap_tag.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/import/halo/tag_definitions.h"
#include "engine/session/file_kinds.h"
#include "engine/session/level_scene.h"
#include "engine/session/tag_scene.h"

namespace fx::cli {

namespace {

// A bitmap's every page must decode: offsets, mipmap chains and sizes inside its pixel data.
void checkBitmap(const std::filesystem::path& path, const std::string& display,
                 Diagnostics& diags) {
  auto bitmap = halo::loadBitmap(path, display, diags);
  if (!bitmap) return;
  for (size_t i = 0; i < bitmap->pages.size(); ++i) {
    halo::DecodedPage page;
    std::string error;
    if (!halo::decodePage(*bitmap, i, true, page, error))
      diags.error(display, "/bitmap_data/" + std::to_string(i), error);
  }
}

void checkTag(const std::filesystem::path& path, const FileKind& kind,
              const PresetLoadOptions& opts, Diagnostics& diags) {
  std::string display = toUtf8(path);
  if (const EffectFamily* family = fileKindFamily(kind)) {
    Json entry = {{"id", toUtf8(path.stem())},
                  {"kind", std::string(family->kind)},
                  {"definition", toUtf8(path.filename())}};
    Json preset = {{"version", 1}, {"effects", Json::array({entry})}};
    // The preset is never written; it sits beside the tag so the definition path is relative.
    std::filesystem::path at = path.parent_path() / toPath(toUtf8(path.filename()) + ".check.json");
    auto p = loadPresetFromJson(preset, at, diags, opts);
    if (p) lintPreset(*p, diags);
    return;
  }
  halo::TagClass cls = *kind.tagClass;
  if (cls == halo::TagClass::PointPhysics)
    loadStructTag<weather::PointPhysics>(path, display, cls, diags);
  else if (cls == halo::TagClass::Wind)
    loadStructTag<weather::Wind>(path, display, cls, diags);
  else if (cls == halo::TagClass::Bitmap)
    checkBitmap(path, display, diags);
  else
    halo::loadTag(path, display, diags);
}

// A level: the scene of the entry --weather / --cluster choose, else of every palette entry.
void checkLevel(const std::filesystem::path& path, const PresetLoadOptions& opts,
                Diagnostics& diags) {
  if (!opts.levelWeather.empty() || opts.levelCluster) {
    if (auto p = loadLevelScene(path, diags, opts)) lintPreset(*p, diags);
    return;
  }
  if (auto p = loadLevelPaletteScene(path, diags, opts)) lintPreset(*p, diags);
}

// The errors and warnings as printed: a problem reached twice (one definition file read by two
// effects, a lint per effect) counts once.
void countDistinct(const Diagnostics& diags, size_t& errors, size_t& warnings) {
  std::set<std::string> seen;
  for (const Diagnostic& d : diags.items)
    if (seen.insert(format(d)).second) ++(d.severity == Severity::Error ? errors : warnings);
}

}  // namespace

void registerCheck(CLI::App& app, int& exitCode) {
  struct Args {
    std::vector<std::string> presets;
    std::string tagsDir;
    LevelArgs level;
    bool allowAnyPath = false;
    bool quiet = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd =
      app.add_subcommand("check", "Validate and lint presets and Halo tags; exit 1 on errors");
  cmd->add_option("files", args->presets,
                  "Preset JSON files, bug-report bundles (folders or .zip), Halo tags (.glow, "
                  ".weather_particle_system, "
                  ".point_physics, .wind, .bitmap, .gbxmodel, .scenario_structure_bsp) and Stride "
                  ".sdscene / .sdprefab assets")
      ->required();
  addTagsOption(cmd, args->tagsDir);
  addLevelOptions(cmd, args->level);
  cmd->add_flag("--allow-any-path", args->allowAnyPath,
                "Let definitions and textures come from anywhere");
  cmd->add_flag("-q,--quiet", args->quiet, "Print only errors and warnings, no summary");
  cmd->callback([args, &exitCode] {
    size_t errors = 0, warnings = 0;
    for (const auto& path : args->presets) {
      Diagnostics diags;
      // A missing, corrupt or oversized texture fails the check (the viewer only warns).
      PresetLoadOptions opts{.allowAnyPath = args->allowAnyPath,
                             .textureProblemsAreErrors = true,
                             .tagsDir = toPath(args->tagsDir),
                             .levelWeather = args->level.weather,
                             .levelCluster = args->level.cluster};
      const FileKind* kind = findFileKind(toPath(path));
      if (kind && kind->opensAs == FileOpening::LevelTag) {
        checkLevel(toPath(path), opts, diags);
      } else if (kind && kind->tagClass) {
        checkTag(toPath(path), *kind, opts, diags);
      } else {
        auto preset =
            loadPresetOrTag(toPath(path), {}, diags, opts);  // a preset or a bundle (folder or zip)
        if (preset) lintPreset(*preset, diags);
      }
      printDiagnostics(diags);  // a repeated problem once (formatAll)
      countDistinct(diags, errors, warnings);
    }
    if (!args->quiet)
      std::cerr << args->presets.size() << " file(s) checked: " << errors << " error(s), "
                << warnings << " warning(s)\n";
    exitCode = errors ? kExitErrors : kExitOk;
  });
}

int runCheckCommand(const std::vector<std::string>& args) {
  CLI::App app{"fxview"};
  app.allow_windows_style_options(false);  // as main(): "/x" is a file name, not an option
  int exitCode = kExitOk;
  registerCheck(app, exitCode);
  std::vector<std::string> owned;
  owned.reserve(args.size() + 2);
  owned.push_back("fxview");
  owned.push_back("check");
  owned.insert(owned.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : owned) argv.push_back(a.data());
  try {
    app.parse(int(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitUsage;
  }
  return exitCode;
}

}  // namespace fx::cli
