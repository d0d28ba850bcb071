#include "app/cli/common.h"

#include <iostream>
#include <system_error>

#include "engine/session/bundle.h"
#include "engine/formats/halo/scene_models.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/session/tag_scene.h"

namespace fx::cli {

void printDiagnostics(const Diagnostics& diags) {
  for (const auto& d : diags.items) std::cerr << format(d) << "\n";
}

std::unique_ptr<Preset> loadPresetReporting(const std::filesystem::path& path, bool allowAnyPath,
                                            const std::filesystem::path& tagsDir,
                                            const std::filesystem::path& model) {
  Diagnostics diags;
  auto preset =
      loadPresetOrTag(path, model, diags, {.allowAnyPath = allowAnyPath, .tagsDir = tagsDir});
  printDiagnostics(diags);
  if (!preset || diags.hasErrors()) return nullptr;
  return preset;
}

std::optional<double> applyBundleDefaults(const std::filesystem::path& path, Preset& preset) {
  if (!isBundleFolder(path)) return std::nullopt;
  Diagnostics diags;
  auto moment = readBundleMoment(path, diags);
  printDiagnostics(diags);
  if (!moment) return std::nullopt;
  applyBundleMoment(preset, *moment);
  return moment->time;
}

namespace {

namespace fs = std::filesystem;

bool sameFile(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) {
    bool same = fs::equivalent(a, b, ec);
    if (!ec) return same;
  }
  fs::path ca = fs::weakly_canonical(fs::absolute(a, ec), ec);
  if (ec) return false;
  fs::path cb = fs::weakly_canonical(fs::absolute(b, ec), ec);
  return !ec && ca == cb;
}

// The path fields of a definition or an effect entry, resolved as the loader resolves them.
class PathFields final : public FieldWalker {
 public:
  PathFields(const LoadContext& ctx, std::vector<fs::path>& out) : ctx_(ctx), out_(out) {}
  void visit(const FieldMeta& m, std::string& v, std::string_view) override {
    if (v.empty()) return;
    if (m.hint != FieldHint::TexturePath && m.hint != FieldHint::DefinitionPath &&
        m.tag.codec != TagCodec::Reference)
      return;
    if (std::string resolved = ctx_.resolvePath(v, {}); !resolved.empty()) out_.push_back(resolved);
  }

 private:
  const LoadContext& ctx_;
  std::vector<fs::path>& out_;
};

}  // namespace

bool refuseOutputOverInput(std::string_view command, const std::vector<fs::path>& outputs,
                           const std::vector<fs::path>& inputs) {
  for (const fs::path& out : outputs) {
    if (out.empty()) continue;
    for (const fs::path& in : inputs) {
      if (in.empty() || !sameFile(out, in)) continue;
      std::cerr << "fxview " << command << ": refusing to write " << out.string()
                << " over its own input " << in.string() << " (choose another output)\n";
      return true;
    }
  }
  return false;
}

std::vector<fs::path> presetInputs(Preset& preset) {
  std::vector<fs::path> out{preset.path};
  auto dirOf = [](const fs::path& f) {
    return f.parent_path().empty() ? fs::path(".") : f.parent_path();
  };
  const fs::path presetDir = dirOf(preset.path);
  for (EffectEntry& e : preset.effects) {
    const fs::path file = e.definitionFile.empty() ? preset.path : e.definitionFile;
    out.push_back(file);
    if (!e.definition) continue;
    LoadContext defCtx{.baseDir = dirOf(file), .allowAnyPath = true, .tagsDir = preset.tagsDir};
    PathFields defPaths(defCtx, out);
    e.definition->reflect(defPaths);
    LoadContext entryCtx{.baseDir = presetDir, .allowAnyPath = true, .tagsDir = preset.tagsDir};
    PathFields entryPaths(entryCtx, out);
    e.definition->reflectEntry(entryPaths);
  }
  const SceneModelOptions models{.tagsRoot = halo::tagsRootFor(preset.path, preset.tagsDir),
                                 .presetDir = presetDir};
  for (const SceneObject& o : preset.scene.objects) {
    if (o.model.empty()) continue;
    std::string reason;
    if (fs::path p = resolveModelPath(o.model, models, reason); !p.empty()) out.push_back(p);
  }
  return out;
}

void addTagsOption(CLI::App* cmd, std::string& tagsDir) {
  cmd->add_option("--tags", tagsDir,
                  "Tags root for Halo tag references when the preset has no \"tags_dir\" "
                  "(default: the nearest parent folder named tags)")
      ->check(CLI::ExistingDirectory);
}

void applyOverrides(Preset& preset, std::optional<int64_t> seed, std::optional<double> fps) {
  if (seed) preset.scene.seed = int32_t(uint32_t(*seed));
  if (fps && preset.scene.simulation.mode == SimulationMode::Frame)
    preset.scene.simulation.rate = float(*fps);
}

}  // namespace fx::cli
