// A loaded preset (scene + effect entries with their definitions) and the World that runs it:
// instantiation with per-effect seeds, deterministic stepping in tick or frame mode, collection
// into draw lists, stats and particle dumps. The CLI, the GUI and the tests all drive this.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/clock.h"
#include "engine/core/json.h"
#include "engine/effects/effect.h"
#include "engine/effects/registry.h"
#include "engine/formats/halo/tag_file.h"
#include "engine/session/documents.h"

namespace fx {

struct EffectEntry {
  EffectPlacement placement;
  std::string kind;
  bool enabled = true;
  bool solo = false;
  const EffectFamily* family = nullptr;
  std::unique_ptr<EffectDefinition> definition;
  std::string definitionRef;  // authored path when the definition is a file ("" = inline)
  std::filesystem::path
      definitionFile;             // resolved file of the definition (the preset itself when inline)
  FileId definitionId;            // that file itself, whatever path reached it (documents.h)
  std::string definitionDisplay;  // display name of that file
  std::string definitionPointer;  // pointer of the definition object inside it
  Json definitionJson;            // the definition as loaded (unknown keys kept on save)
  std::string entryPointer;       // "/effects/N" in the preset
  // A definition read from a Halo tag (.glow, .weather_particle_system): the parsed tag, which
  // saving writes the edited fields into (every other byte kept). Null for JSON definitions.
  std::shared_ptr<halo::TagFile> definitionTag;
};

// Both definitions are read from one file (by FileId, else by path): they share its document and
// its edits, however each entry's path reaches it.
bool sameDefinitionFile(const EffectEntry& a, const EffectEntry& b);

struct PresetLoadOptions {
  bool allowAnyPath = false;
  // A missing, corrupt or oversized texture: the viewer warns and draws a magenta checker;
  // `fxview check` (which sets this) reports it as an error so a broken preset fails the check.
  bool textureProblemsAreErrors = false;
  // --tags DIR: the tags root when the preset has no "tags_dir" (else the nearest parent folder
  // named `tags` of the file holding a reference).
  std::filesystem::path tagsDir;
  // --animation X.model_animations[:NAME]: played on the model of the scene made for a .glow.
  std::string tagAnimation;
  // Folder textures and definitions may come from besides the preset's own ("" = none); a Stride
  // import sets it to the Stride package its textures live in.
  std::filesystem::path extraRoot;
  // A .scenario_structure_bsp opened straight away (level_scene.h): the palette entry to show by
  // name (--weather), else the one cluster N shows (--cluster), else the first entry.
  std::string levelWeather;
  std::optional<int> levelCluster;
};

struct LevelChoice;

struct Preset {
  std::filesystem::path path;
  std::string displayName;
  Json json;  // the document as loaded (unknown keys kept on save)
  // Explicit tags root for Halo tag references: the preset's "tags_dir" (relative to the preset)
  // or --tags; "" = the nearest parent folder named `tags` of each file.
  std::filesystem::path tagsDir;
  Scene scene;
  std::vector<EffectEntry> effects;
  // Every file the preset came from, with what fxview may write there (documents.h).
  std::vector<Document> documents;
  // The file the user opened when the scene was built around it (a tag opened straight away, a
  // Stride asset); "" for a preset file.
  std::filesystem::path openedFile;
  // A level opened straight away: its palette, clusters and which entry the scene shows.
  std::shared_ptr<const LevelChoice> level;

  EffectEntry* findEffect(std::string_view id);
};

// Loads and validates a preset, collecting every error. A Stride scene or prefab
// (.sdscene / .sdprefab, engine/formats/stride) is imported into a preset first; its path is
// then the JSON beside the asset (x.sdprefab.json), so saving never writes over the asset. Returns
// null only when the document cannot be used at all (unreadable, malformed); otherwise entries with
// errors are dropped from `effects` and the errors are in `diags`.
std::unique_ptr<Preset> loadPreset(const std::filesystem::path& path, Diagnostics& diags,
                                   const PresetLoadOptions& opts = {});
std::unique_ptr<Preset> loadPresetFromJson(Json json, const std::filesystem::path& path,
                                           Diagnostics& diags, const PresetLoadOptions& opts = {});

// Family lint over every entry (warnings and errors, pointers into the right files).
void lintPreset(const Preset& preset, Diagnostics& diags);

// Writes the entry's definition fields into its definitionJson (unknown keys kept). An object
// whose sibling `K_path` (or, at the top, the entry's `K_path`) names a file takes that file's
// values (fieldSource in world_edit.h): it stays as the definition held it, never a copy of the
// file's values.
void writeDefinitionJson(EffectEntry& e);

// Writes the scene and every inline definition back into the preset JSON (unknown keys kept),
// and file definitions into their own documents. Returns the preset document.
Json presetToJson(Preset& preset);
// Save when `path` is the preset's own file (saveDocuments), else Save As a self-contained copy
// that never replaces an existing file (saveDocumentsAs). Returns "" or the reason it did not.
std::string savePreset(Preset& preset, const std::filesystem::path& path);

struct EffectRuntime {
  EffectEntry* entry = nullptr;
  std::unique_ptr<EffectInstance> instance;
  // CPU seconds spent in this effect's step and collect since the caller last zeroed it (only
  // while World::cpuClock is set).
  mutable double cpuSeconds = 0.0;
};

// One exact copy of a World's simulation state after `steps` steps (World::seek): every
// instance and the families' shared state, copied whole.
struct WorldSnapshot {
  uint64_t steps = 0;
  std::vector<std::pair<const EffectFamily*, FamilyShared>> shared;
  std::vector<std::unique_ptr<EffectInstance>> instances;
  size_t bytes = 0;  // what the copies hold (EffectInstance::stateBytes)
};

// What a run from time 0 depends on besides the history of the `weather` flag: while the
// inputs match, snapshots taken under them hold.
struct SeekInputs {
  uint32_t seed = 0;
  SimulationSettings simulation;
  bool unlimitedBudget = false;
  std::vector<uint8_t> enabled;  // per effect
  bool viewMatters = false;      // an enabled instance reads the view in step
  View view;                     // compared only when viewMatters
  uint64_t fingerprint = 0;      // every definition, entry key and scene field (a hash)
};

// Seek snapshots' spacing and memory bound. A snapshot is kept every `intervalSeconds` of
// simulated time while the world steps (playing, stepping or re-simulating for a seek); when
// their bytes pass `maxBytes` every other one goes (the interval doubles), so any length of
// timeline stays within the budget. A state bigger than an eighth of the budget (a stress run)
// is not copied.
struct SnapshotBudget {
  double intervalSeconds = 1.0;
  size_t maxBytes = size_t(256) << 20;
};

struct SnapshotInfo {
  size_t count = 0;
  size_t bytes = 0;
  uint64_t spacingSteps = 0;    // steps between snapshots now
  std::vector<uint64_t> steps;  // each snapshot's step count, ascending
  uint64_t lastSeekSteps = 0;   // steps the last seek simulated
};

class World {
 public:
  explicit World(Preset& preset);

  // Re-instantiates every effect at time 0 with `seed` (the preset seed by default).
  void reset();
  void reset(uint32_t seed);
  // Re-instantiates one effect (after an edit that needs a restart) and replays it to now.
  void restartEffect(size_t index);

  // Steps deterministically until the clock reaches `seconds` (tick or frame mode).
  void advanceTo(double seconds);
  // Goes to `seconds` (negative: 0) exactly as reset() and advanceTo(seconds) would, bit for bit,
  // starting from the nearest seek snapshot at or before it (or from now, when the world is on
  // a clean history before it), so a seek costs at most one snapshot interval of simulation.
  // reset() drops the snapshots (edits, seed changes and loads all reset); so does a seek that
  // finds the inputs changed (SeekInputs: rate, mode, enable toggles, the camera for families
  // whose step reads it, a definition or scene field edited in place).
  void seek(double seconds);
  void dropSnapshots();
  // A new spacing or bound drops the snapshots kept so far; the next steps keep new ones.
  void setSnapshotBudget(const SnapshotBudget& b);
  const SnapshotBudget& snapshotBudget() const { return snapshotBudget_; }
  SnapshotInfo snapshotInfo() const;
  // One fixed step.
  void stepOnce();
  // One rendered frame while the simulation is paused (the console pause): each enabled effect's
  // EffectInstance::pausedFrame. Time does not advance.
  void pausedFrame();

  void setView(const View& v) { view_ = v; }
  const View& view() const { return view_; }
  void collect(DrawList& draw, DebugDraw& debug) const;
  void dump(Json& out) const;  // the `simulate` format

  double time() const { return clock_.time(); }
  uint32_t seed() const { return seed_; }
  const FixedStepClock& clock() const { return clock_; }
  SimulationSettings& simulation() { return preset_.scene.simulation; }
  const SceneState& sceneState() const { return sceneState_; }
  std::vector<EffectRuntime>& effects() { return runtimes_; }
  const std::vector<EffectRuntime>& effects() const { return runtimes_; }
  Preset& preset() { return preset_; }
  DebugFlags flags;

  // The `weather` flag is part of the world's history (seed 001: "The simulation resets when the
  // weather is hidden then becomes visible again"): a change of `flags.weather` is recorded at
  // the step where it is first seen, and every later replay (seek, edit, reset) steps the weather
  // hidden and shown again at the same steps. A change made at a step the history already covers
  // (after seeking back) rewrites the history from that step on. Weather at step `step`:
  bool weatherAt(uint64_t step) const;

  EffectStats stats(size_t index) const;
  // Where each effect's draws begin in the DrawList the last collect() filled, in draw order (an
  // effect whose parts interleave with others' has one span per run): per-effect GPU timing.
  struct DrawSpan {
    size_t effect = 0;
    size_t batches = 0, strips = 0, shaderQuads = 0;  // the list's counts when it began
  };
  const std::vector<DrawSpan>& drawSpans() const { return drawSpans_; }

  // A clock in seconds the caller may inject (the viewer's HUD); while set, the time each
  // effect spends in step and collect adds up in EffectRuntime::cpuSeconds. The engine never
  // reads a clock of its own, and the simulation does not depend on this one.
  std::function<double()> cpuClock;

 private:
  bool active(const EffectRuntime& r) const;
  std::unique_ptr<EffectInstance> instantiate(EffectEntry& e);
  // reset() without dropping the snapshots: fresh instances at time 0 with the world's seed.
  void restart();

  // Seek snapshots (world_snapshots.cpp).
  SeekInputs currentInputs(bool withFingerprint);
  bool sameStepInputs(const SeekInputs& a) const;  // all but the fingerprint, against now
  void startHistory();                             // the current history is a run from 0
  void afterStep();                                // keeps a snapshot when one is due
  void takeSnapshot();
  void restoreSnapshot(const WorldSnapshot& s);
  void thinSnapshots();
  SnapshotBudget snapshotBudget_;
  std::vector<WorldSnapshot> snapshots_;  // ascending steps
  SeekInputs snapshotInputs_;             // what they were taken under
  bool historyClean_ = false;             // the state now is that of a run from 0 under them
  bool uncopyable_ = false;               // an instance cannot be copied: seeks re-simulate
  uint64_t spacing_ = 0;                  // steps between snapshots (0: not started)
  uint64_t lastSeekSteps_ = 0;

  Preset& preset_;
  uint32_t seed_ = 1;
  FixedStepClock clock_;
  SceneState sceneState_;
  View view_;
  std::vector<EffectRuntime> runtimes_;
  // collect's scratch (kept so a steady frame allocates nothing): the parts of the instances
  // that draw through EffectInstance::drawParts, and per runtime the first runtime of its
  // family that does (-1: collected whole, or inactive).
  struct QueuedPart {
    int32_t family = 0;  // the family's first part-drawing runtime
    uint64_t key = 0;
    uint32_t runtime = 0, order = 0, index = 0;
  };
  mutable std::vector<QueuedPart> queued_;
  mutable std::vector<DrawSpan> drawSpans_;
  mutable std::vector<DrawPart> partScratch_;
  mutable std::vector<int32_t> partFamily_;
  // Lists the parts of every active instance that draws through parts (fills the scratch).
  void queueParts() const;
  std::vector<std::pair<const EffectFamily*, FamilyShared>> shared_;
  struct FlagChange {
    uint64_t step;
    bool on;
  };
  std::vector<FlagChange> weatherChanges_;  // sorted by step; before the first: shown
};

// The view a preset's camera gives at a viewport size.
View presetView(const Scene& scene, vec2 viewportPx);

}  // namespace fx
