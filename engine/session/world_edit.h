// Editing a loaded preset while its World runs: snapshots of an effect's reflected state (its
// definition and entry keys) or of the scene as JSON, applying a snapshot back (re-reading the
// fields into a fresh definition, re-running finalize, then replaying the world to the same
// moment), `set`-style field edits by path, the list of editable field paths (for console
// completion), and deterministic seeking. The inspector, undo/redo, the console and hot reload
// all edit through here, so every edit takes the same validated path as loading a file.
#pragma once

#include <string>
#include <vector>

#include "engine/session/world.h"

namespace fx {

// {"definition": {...every field...}, "entry": {...family entry keys...}}
Json effectSnapshot(EffectEntry& entry);
// Every scene field (objects, camera, simulation, ...).
Json sceneSnapshot(Scene& scene);

// Reads `snapshot` into a fresh definition of the entry's family, runs finalize, and on success
// swaps it in and replays the world to its current time. On errors nothing changes and the
// errors are in `diags`. Returns true when applied.
bool applyEffectSnapshot(Preset& preset, World& world, size_t index, const Json& snapshot,
                         Diagnostics& diags, bool allowAnyPath = false);
bool applySceneSnapshot(Preset& preset, World& world, const Json& snapshot, Diagnostics& diags);

// Re-simulates from time 0 with the world's seed to the time it was at (after an edit that
// changes what happened before now).
void replayWorld(World& world);
// Seeks by deterministic re-simulation (World::seek): from the nearest seek snapshot at or before
// `seconds`, else from time 0. Bit-identical to reset with the world's seed, then advance.
void seekWorld(World& world, double seconds);

// The edit target names EditHistory uses: "scene" or "effect:<id>".
std::string effectTarget(const EffectEntry& entry);
inline constexpr const char* kSceneTarget = "scene";
// Current snapshot of a target ("" when the target no longer exists).
std::optional<Json> targetSnapshot(Preset& preset, const std::string& target);
// Applies a snapshot to a named target (undo / redo).
bool applyTargetSnapshot(Preset& preset, World& world, const std::string& target,
                         const Json& snapshot, Diagnostics& diags, bool allowAnyPath = false);

struct FieldEdit {
  std::string target;   // as above
  std::string pointer;  // inside the snapshot ("/definition/number_of_particles")
  Json before, after;   // the whole target snapshot before and after
};

// `set FIELD VALUE`: FIELD is `effect_id/json/pointer` (a pointer into the definition) or
// `/json/pointer` (into the scene). VALUE is JSON; text that is not JSON is taken as a string.
// On success the edit is applied and described in `edit`; otherwise returns an error message.
// A field whose value comes from another file (fieldSource), or any edit that would be accepted
// and change nothing, is an error and leaves everything as it was.
std::string setField(Preset& preset, World& world, const std::string& field,
                     const std::string& value, FieldEdit& edit, bool allowAnyPath = false);
// Where a definition field's value is read from when it is not the definition's own: a field
// under an object `K` whose sibling `K_path` names a file (a wind file or tag, a point_physics
// file or tag) takes that file's values, so editing it here changes nothing. Returns a
// description ("wind_path \"defs/x.wind.json\"") or "" when the field is the definition's own.
// `snapshot` is effectSnapshot(entry); `pointer` is inside its "definition".
std::string fieldSource(const Json& snapshot, const std::string& pointer);

// `get FIELD`: the field's JSON value, or an error in `error`.
std::optional<Json> getField(Preset& preset, const std::string& field, std::string& error);

// Every leaf field path `set` accepts, for completion: "rain/number_of_particles", "/seed", ...
std::vector<std::string> fieldPaths(Preset& preset, size_t maxPaths = 4096);

}  // namespace fx
