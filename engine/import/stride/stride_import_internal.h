// Shared state of the Stride importer's two halves: stride_import.cpp walks the asset (entities,
// transforms, camera, textures) and stride_import_modules.cpp maps one ParticleSystemComponent's
// emitters and modules onto the stride_particles definition JSON.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "engine/formats/stride/stride_yaml.h"
#include "engine/import/stride/stride_import.h"

namespace fx::stride_import {

struct Context {
  stride_yaml::Reader& r;
  std::filesystem::path assetPath;
  std::vector<std::string> lines;  // the asset's text, for keeping modules verbatim
  std::filesystem::path textureRoot;
  // Entity guid -> scene object name (position_arc targets); "" when unknown.
  std::function<std::string(const std::string&)> objectForEntity;
  SourceMap* sources = nullptr;  // where values sit in the text (for export)
  // The project's colour space (projectColorSpace): "linear" or "gamma".
  std::string colorSpace = "linear";
  std::string pointer;  // the current effect's definition, from the preset root
};

// The definition JSON of one particle system component; fills the summary.
Json importParticleSystem(Context& ctx, const YAML::Node& component, EffectSummary& summary);

// What a material draws with when its texture cannot be found.
inline constexpr const char* kFallbackTexture = "assets/sprites/dot.png";

// A material texture reference `<guid>:<url>` -> a texture path relative to the asset's folder
// (PNG), or a fallback with a warning at `at`.
std::string resolveTexture(Context& ctx, const YAML::Node& at, const std::string& reference);

// The colour space of the Stride project an asset belongs to: the ColorSpace of the
// RenderingSettings in the first .sdgamesettings found beside the asset or in a folder above it,
// up to the package root; "linear" (Stride's default) when none says otherwise.
std::string projectColorSpace(const std::filesystem::path& asset,
                              const std::filesystem::path& packageRoot);

// Lines [line, end of its block) of the asset, for a node starting at 1-based `line`.
std::string blockText(const Context& ctx, int line);

}  // namespace fx::stride_import
