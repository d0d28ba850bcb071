// Stride procedural models (`.sdpromodel`) as scene meshes: the file read and its shape built
// (engine/formats/stride/stride_promodel.h), turned from Stride's Y-up axes into fxview's Z-up
// ones (the family's strideToWorld), with the base colour of its material when that is a plain
// colour (`Attributes.Diffuse.DiffuseMap: !ComputeColor`, the `.sdmat` found beside or above
// the model as the importer finds texture assets), else the default grey. Used by the preset
// loader for an object whose "model" names a `.sdpromodel` (DESIGN.md scene format).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/draw_list.h"
#include "engine/core/math.h"

namespace fx::stride_import {

inline constexpr const char* kProceduralModelExtension = ".sdpromodel";
bool isProceduralModelPath(const std::filesystem::path& path);  // .sdpromodel, any case

struct SceneMesh {
  std::shared_ptr<const MeshData> mesh;  // object space, fxview axes
  vec3 lo{0.0f}, hi{0.0f};               // its bounds
  vec4 color{0.62f, 0.64f, 0.68f, 1.0f};
  std::vector<std::string> notes;  // what is drawn otherwise than Stride draws it (warnings)
};

// The material asset a procedural model names, and its URL (`<url>.sdmat` is found beside the
// model or above it); {"", ""} when it names none or the file is not there.
std::pair<std::filesystem::path, std::string> proceduralModelMaterial(
    const std::filesystem::path& model);

// Null with `reason` when the file cannot be read or is no procedural model.
std::optional<SceneMesh> loadProceduralModel(const std::filesystem::path& path,
                                             std::string& reason);

}  // namespace fx::stride_import
