// The viewer's state and the pieces of one frame. gui.cpp owns the window and the loop; each
// panel_*.cpp draws one ImGui window over the viewport; app.cpp holds loading, saving, hot
// reload, undo / redo, screenshots and bug-report bundles. Engine-side logic (console language,
// edit history, transport, field edits) lives in engine/ so the CLI and tests share it.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/gui.h"
#include "engine/core/debug_draw.h"
#include "engine/core/draw_list.h"
#include "engine/session/world_console.h"
#include "engine/render/renderer.h"
#include "engine/session/console_commands.h"
#include "engine/session/edit_history.h"
#include "engine/scene/orbit_camera.h"

struct GLFWwindow;

namespace fx::gui {

struct ConsoleLine {
  enum Kind { Input, Output, Error } kind = Output;
  std::string text;
};

// Files whose modification times trigger a hot reload.
struct FileWatch {
  struct Entry {
    std::filesystem::path path;
    std::filesystem::file_time_type mtime;
    bool texture = false;
  };
  std::vector<Entry> entries;
  double nextPoll = 0.0;
};

struct App {
  GuiArgs args;
  GLFWwindow* window = nullptr;
  std::unique_ptr<render::Renderer> renderer;
  std::string glRenderer;

  // The document.
  std::unique_ptr<Preset> preset;
  std::unique_ptr<World> world;
  std::filesystem::path presetPath;
  Diagnostics loadDiagnostics;             // errors and warnings of the last load / reload / edit
  std::vector<std::string> runtimeErrors;  // renderer warnings, effect messages, failed commands
  EditHistory history;
  std::map<std::string, Json> committed;  // last recorded snapshot per edit target
  FileWatch watch;

  // Playback and view.
  Transport transport;
  OrbitCamera camera;
  vec2 framebuffer{1280, 800};
  View view;
  DrawList drawList;
  DebugDraw debugDraw;
  render::RenderStats renderStats;
  double fps = 0.0;
  double frameMs = 0.0;
  // CPU ms per frame spent in each family's step + collect (both split halves), smoothed.
  std::vector<std::pair<std::string, double>> familyMs;

  // Split view: the right half differs in simulation rate / mode or one field; cameras linked.
  SplitView split;
  DrawList splitDrawList;
  DebugDraw splitDebugDraw;
  bool showSplitPopup = false;
  int splitMode = 1;  // popup inputs: 0 tick, 1 frame
  float splitRate = 144.0f;
  std::string splitField, splitValue;

  // Selection and panels.
  int selectedEffect = 0;
  int selectedObject = -1;
  bool showConsole = false;
  bool showInspector = true;
  bool showScene = true;
  bool focusConsoleInput = false;
  bool framerateThrottle = true;
  std::vector<ConsoleLine> consoleLog;
  CommandHistory commandHistory;
  std::string consoleInput;
  std::vector<std::string> fieldPathCache;

  // Scripted input (--exec): statements run across frames; a screenshot flushes a frame first.
  std::vector<std::string> pendingExec;
  std::string pendingScreenshot;      // window capture at the end of this frame
  uint64_t screenshotFrame = 0;       // ...or of this frame, when later (scripted captures)
  std::string pendingBundle;          // bundle folder written at the end of this frame
  std::vector<uint8_t> sceneCapture;  // the viewport without UI, for bundles
  bool quitRequested = false;
  bool quitConfirmed = false;
  bool showQuitPrompt = false;
  bool showSaveAs = false;
  std::string saveAsPath;
  uint64_t frameIndex = 0;
  std::string status;  // one-line feedback in the toolbar ("saved ...")
  double statusUntil = 0.0;
};

// --- app.cpp
// --------------------------------------------------------------------------------------- Opens a
// preset or a bundle folder. On failure keeps the current document and lists the errors.
bool openDocument(App& app, const std::filesystem::path& path);
std::string saveDocument(App& app, const std::filesystem::path& path);  // "" = ok
void pollHotReload(App& app, double now);
void rebuildWatch(App& app);
// Records an applied edit of `target` (its snapshot after the edit is read now).
void recordEdit(App& app, const std::string& target, const std::string& label,
                const std::string& coalesceKey);
// Applies a whole target snapshot as one undoable edit (paste, reset definition).
void applySnapshotEdit(App& app, const std::string& target, const Json& snapshot,
                       const std::string& label);
const Json& committedSnapshot(App& app, const std::string& target);
void undo(App& app);
void redo(App& app);
void runConsole(App& app, const std::string& line, bool echo = true);
void queueExec(App& app, const std::string& script);
void runPendingExec(App& app);
std::string defaultScreenshotPath();
void finishCaptures(App& app);  // after the frame is drawn, before the swap
void setStatus(App& app, std::string text);
std::string windowTitle(const App& app);
void frameScene(App& app);
void resetCameraFromPreset(App& app);
// Writes an animated GIF or a sprite sheet of `frames` frames `every` seconds apart from the
// current time (the running world is not disturbed); returns "" or an error.
std::string exportFrames(App& app, const std::filesystem::path& path, int frames, double every,
                         int columns, bool gif);
// Runs a console statement built by a panel (e.g. the split popup) and shows its reply.
void runPanelCommand(App& app, const std::string& line);
// Sums EffectRuntime::cpuSeconds per family into app.familyMs and zeroes them.
void updateFamilyTimes(App& app);
// Writes a bug-report folder; returns "" or an error. The scene capture must be ready.
std::string writeBundle(App& app, const std::filesystem::path& dir);
double nowSeconds();

// --- panels
// ------------------------------------------------------------------------------------------
void drawToolbar(App& app);
void drawScenePanel(App& app);
void drawInspector(App& app);
void drawConsole(App& app);
void drawErrors(App& app);
void drawPrompts(App& app);
void handleViewportInput(App& app);
void drawLabels(App& app, const DebugDraw& debug, const View& view, vec2 offset);
void handleShortcuts(App& app);

}  // namespace fx::gui
