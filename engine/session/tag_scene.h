// Opening a Halo effect tag straight away: `fxview PATH.glow --model PATH.gbxmodel`,
// `fxview PATH.weather_particle_system`, and the same for `render` and `simulate`. The GUI and
// the CLI call this one function, so all three show the same scene:
//   - a .glow: one object (the model when given: its markers and mesh) carrying the glow, the
//     camera framed on the object's bounds (mesh and markers);
//   - a .weather_particle_system: the weather on its own, the camera inside the simulation cube
//     (edge = the largest "fade out end distance") looking across it.
// The scene is an ordinary preset document (version 1, tick mode at 30 Hz, seed 1) whose
// virtual path lies in the tags root (or the tag's folder), so references inside the tag resolve
// as they would from a preset there. Errors name the tag or the model.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <utility>

#include "engine/core/json.h"
#include "engine/session/world.h"

namespace fx {

// True for the effect tags a scene can be made for (.glow, .weather_particle_system, any case):
// their extension alone, as the registry of file kinds (file_kinds.h) names it.
bool isEffectTagPath(const std::filesystem::path& path);

// The preset document for `tag` (and `model`, "" for none), with the path it is loaded as.
struct TagScene {
  Json json;
  std::filesystem::path presetPath;  // virtual: never written
};
// `tagsDir` (--tags) overrides the nearest parent folder named `tags` as the root.
// `animation` ("X.model_animations[:NAME]", "" = none) plays on the model ("animation" of the
// object: the tag, and NAME or else the tag's first animation; looping).
TagScene makeTagScene(const std::filesystem::path& tag, const std::filesystem::path& model,
                      const std::filesystem::path& tagsDir = {}, const std::string& animation = {});

// The .gbxmodel files a glow opened without a model could be shown on, best first: those in the
// glow's own folder, then those under its tags folder (`tagsDir`, else the nearest parent named
// `tags`), each group by name; at most `limit`, and the tags folder is searched no deeper than
// it takes to look at 20000 entries. Empty for weather (which has no object) and for no match.
std::vector<std::filesystem::path> modelCandidatesFor(const std::filesystem::path& tag,
                                                      const std::filesystem::path& tagsDir = {},
                                                      size_t limit = 8);

// "X.model_animations:NAME" as the tag's path and NAME ("" when none follows the extension).
std::pair<std::filesystem::path, std::string> splitAnimationArgument(const std::string& arg);

// makeTagScene, loaded, with the camera framed (a tag without its extension is known by its
// bytes). Null when the document cannot be used; errors in
// `diags` as for loadPreset.
std::unique_ptr<Preset> loadTagScene(const std::filesystem::path& tag,
                                     const std::filesystem::path& model, Diagnostics& diags,
                                     const PresetLoadOptions& opts = {});

// What the registry of file kinds (file_kinds.h: extension, else first bytes) says `path` opens
// as: loadTagScene for an effect tag, the preset of a bug-report bundle folder or zip
// (engine/session/bundle.h), loadPreset for anything else (`model` only applies to tags).
std::unique_ptr<Preset> loadPresetOrTag(const std::filesystem::path& path,
                                        const std::filesystem::path& model, Diagnostics& diags,
                                        const PresetLoadOptions& opts = {});

// The problems in diags.items from `from` on that name `virtualFile` (a scene's path, which no
// file has) name `opened` instead: the tag or BSP the user opened.
void nameOpenedFile(Diagnostics& diags, size_t from, const std::filesystem::path& virtualFile,
                    const std::filesystem::path& opened);

}  // namespace fx
