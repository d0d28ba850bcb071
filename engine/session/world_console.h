// Executing console commands (engine/session/console_commands.h) against a running preset. One
// table (world_console.cpp) holds every command's name, usage, help, argument kind and handler:
// the debug toggles of engine/effects/debug_toggles.h (Halo's debug_point_physics,
// render_model_markers, debug_sprites, weather, render_psystems; fxview's module_shapes, paths),
// framerate_throttle, console_pause and fxview's own (seed, time, fps, mode, play/pause/step,
// set/get FIELD, enable/solo, split, stats, help). Commands that need the application (load, save,
// screenshot, bundle, gif, sheet, video, undo, quit) go through hooks the caller provides; a
// missing hook answers "not available here". The GUI console, `fxview PRESET --exec` and `fxview
// render --exec` use this one dispatcher, so a script behaves the same in each.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/effects/debug_toggles.h"
#include "engine/session/console_commands.h"
#include "engine/session/transport.h"
#include "engine/session/world_edit.h"
#include "engine/session/world_split.h"

namespace fx {

struct ConsoleHooks {
  // Each returns "" on success or an error message. `force`: the statement said `--discard`
  // (load, quit: drop unsaved edits without asking) or `--overwrite` (save: replace an existing
  // file, or write over a file that changed on disk since it was read).
  std::function<std::string(const std::string& path, bool force)> load;
  std::function<std::string(const std::string& path, bool force)> save;  // "" path = save in place
  std::function<std::string(const std::string& path)> screenshot;  // "" path = default name
  std::function<std::string(const std::string& path)> bundle;
  // Exports FRAMES frames EVERY seconds apart from now (columns: sprite sheet; 0 = automatic).
  std::function<std::string(const std::string& path, int frames, double every)> gif;
  std::function<std::string(const std::string& path, int frames, double every)> video;
  std::function<std::string(const std::string& path, int frames, double every, int columns)> sheet;
  std::function<std::string()> undo, redo;
  std::function<std::string(bool force)> quit;
  // The viewer's own commands (specs with `viewer`: open, channel, curve, panel, ...): the
  // statement as parsed; returns "" or an error.
  std::function<std::string(const ConsoleStatement&)> viewer;
  // Called after a successful `set` (for undo history and the unsaved marker).
  std::function<void(const FieldEdit&)> edited;
};

struct ConsoleSession {
  Preset* preset = nullptr;
  World* world = nullptr;
  Transport* transport = nullptr;  // null: play/pause/step/loop/speed are not available
  SplitView* split = nullptr;      // null: split is not available
  bool framerateThrottle = true;   // Halo's framerate_throttle: render no faster than the sim rate
  bool allowAnyPath = false;
  // A failing statement stops the line (a script's later statements would act on a state it did
  // not reach: `open X; save Y` saving the previous document); true runs the rest anyway.
  bool keepGoing = false;
  ConsoleHooks hooks;
};

struct ConsoleReply {
  bool ok = true;
  std::string text;  // output or error (may span lines)
};

// Runs the statements of `line` in order, one reply per statement run, up to and including the
// first that fails (an unknown command, bad arguments, a hook's error), unless
// session.keepGoing.
std::vector<ConsoleReply> executeConsole(ConsoleSession& session, std::string_view line);

// setDebugFlag / findDebugFlag (by console name): engine/effects/debug_toggles.h.

}  // namespace fx
