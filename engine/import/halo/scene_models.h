// Scene objects that take their markers and mesh from a Halo .gbxmodel tag ("model",
// "permutation"; DESIGN.md scene format). At preset load each such object gets the chosen
// permutations' markers (model order, so a glow's marker search sees them as the game does) and
// the highest-detail mesh in its default pose, shared by every copy of the scene.
//
// The model path resolves against the tags root (the preset's "tags_dir", else --tags, else the
// nearest parent folder named `tags`), case-insensitively; an absolute path is used as is. A
// missing or broken model is a warning (the object keeps its authored markers) or, for
// `fxview check`, an error; both name the file and the object's "/objects/N/model" pointer.
#pragma once

#include <filesystem>
#include <string>

#include "engine/core/diagnostics.h"
#include "engine/scene/scene.h"

namespace fx {

struct SceneModelOptions {
  std::filesystem::path tagsRoot;   // "" = none found
  std::filesystem::path presetDir;  // fallback for a relative path when there is no root
  bool problemsAreErrors = false;   // fxview check
};

// Loads every object's "model" into modelMarkers / mesh / bounds (objects without one are
// cleared). Diagnostics go under `file`.
void loadSceneModels(Scene& scene, const SceneModelOptions& options, const std::string& file,
                     Diagnostics& diags);

// The file an object's "model" names, or "" (with `reason`) when it cannot be found.
std::filesystem::path resolveModelPath(const std::string& model, const SceneModelOptions& options,
                                       std::string& reason);

}  // namespace fx
