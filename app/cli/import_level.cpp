#include <filesystem>

#include "app/cli/import.h"
#include "engine/core/paths.h"
#include "engine/formats/halo/structure_bsp.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/import/halo/level_weather.h"
#include "engine/session/tag_scene.h"
#include "engine/session/world.h"

namespace fx::cli {

namespace fs = std::filesystem;

bool importLevel(const ImportArgs& args, Json& out, Diagnostics& diags) {
  auto level = halo::loadLevelWeather(toPath(args.input), args.input, diags);
  if (!level || diags.hasErrors()) return false;
  fs::path bsp = fs::absolute(toPath(args.input)).lexically_normal();
  fs::path at = args.output.empty() ? bsp.parent_path() / toPath(toUtf8(bsp.stem()) + ".json")
                                    : fs::absolute(toPath(args.output)).lexically_normal();
  fs::path root = levelTagsRoot(
      *level, bsp, args.tagsDir.empty() ? fs::path() : fs::absolute(toPath(args.tagsDir)),
      args.input, diags);
  if (diags.hasErrors()) return false;
  out = {{"version", 1},
         {"name", toUtf8(bsp.filename())},
         {"seed", 1},
         {"simulation", {{"mode", "tick"}, {"rate", 30}}}};
  if (!root.empty()) {
    fs::path rel = root.lexically_relative(at.parent_path());
    out["tags_dir"] = toGenericUtf8(rel.empty() ? root : rel);
  }
  out["effects"] = weatherPaletteEffects(*level);
  // What it prints must run: the references resolve, the values validate.
  const size_t before = diags.items.size();
  auto preset =
      loadPresetFromJson(out, at, diags, {.allowAnyPath = args.allowAnyPath, .tagsDir = root});
  // Printed to stdout, X.json beside the BSP is no file: its problems name the BSP.
  if (args.output.empty()) nameOpenedFile(diags, before, at, toPath(args.input));
  if (preset) lintPreset(*preset, diags);
  return preset && !diags.hasErrors();
}

}  // namespace fx::cli
