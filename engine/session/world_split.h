// Split view: the same preset twice side by side, the right half differing from the left in its
// simulation (mode and rate, e.g. frame mode at 30 vs 144 fps) and / or one field. The right half
// is a copy of the left's preset and World that follows the left's time, seed and overlays, so
// both halves show the same moment under the same camera. No GL: the GUI and `fxview render`
// draw the two worlds into two viewports of one framebuffer.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engine/session/world.h"

namespace fx {

struct SplitSpec {
  bool enabled = false;
  std::optional<SimulationMode> mode;  // right half's mode (unset = the left's)
  std::optional<float> rate;           // right half's rate, Hz (unset = the left's)
  std::string field;                   // a field set on the right half only ("" = none)
  std::string value;                   // its value, as `set FIELD VALUE` takes it
};

struct SplitView {
  SplitSpec spec;
  std::unique_ptr<Preset> preset;  // the right half's copy of the preset
  std::unique_ptr<World> world;    // null while the split is off
  bool stale = false;              // the left changed (edit, load, undo): rebuild before drawing
};

// A deep copy of a preset (definitions cloned); edits to the copy leave the original alone.
std::unique_ptr<Preset> clonePreset(const Preset& preset);

// Rebuilds the right half from the left's preset and world, applying the spec, and brings it to
// the left's time. Returns "" or an error (the split is then off).
std::string rebuildSplit(SplitView& split, const Preset& left, const World& leftWorld,
                         bool allowAnyPath = false);
// Per frame: the right half takes the left's seed, overlays, enable / solo toggles and time
// (seeking back by re-simulation), rebuilding first when stale.
void followSplit(SplitView& split, const Preset& left, const World& leftWorld,
                 bool allowAnyPath = false);
void closeSplit(SplitView& split);

// "frame 30 Hz" — a half's caption.
std::string simulationLabel(const SimulationSettings& sim);
// The right half's caption: its simulation and the changed field.
std::string splitLabel(const SplitView& split);

}  // namespace fx
