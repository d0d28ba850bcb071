// The viewer's state and the pieces of one frame. gui.cpp owns the window and the loop; each
// panel_*.cpp draws one ImGui window over the viewport; document.cpp opens, saves and hot-reloads,
// edits.cpp keeps undo / redo, console_exec.cpp and viewer_commands.cpp run the console,
// captures.cpp writes screenshots, clips and bug-report bundles, app.cpp frames the camera.
// Engine-side logic (console language, edit history, transport, field edits) lives in engine/ so
// the CLI and tests share it; recording (frames, GIF, video, sheets) in app/capture/, which the
// CLI uses too.
#pragma once

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/capture/recording.h"
#include "app/gui/cost.h"
#include "app/gui/file_browser.h"
#include "app/gui/gui_args.h"
#include "app/gui/layout.h"
#include "app/gui/particle_inspector.h"
#include "app/gui/settings.h"
#include "engine/core/debug_draw.h"
#include "engine/core/draw_list.h"
#include "engine/core/platform.h"
#include "engine/render/renderer.h"
#include "engine/scene/orbit_camera.h"
#include "engine/session/console_commands.h"
#include "engine/session/edit_history.h"
#include "engine/session/recovery.h"
#include "engine/session/world_console.h"

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
    platform::FileStamp mtime;  // modification time and size
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
  // The last reload of the open file failed: the picture is its last good state (a banner says
  // so until a load succeeds).
  bool runningLastGood = false;
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
  CostTable cost;  // per effect and emitter, with history (panel_cost.cpp)

  // Split view: the right half differs in simulation rate / mode or one field; cameras linked.
  SplitView split;
  DrawList splitDrawList;
  DebugDraw splitDebugDraw;
  bool showSplitPopup = false;
  int splitMode = 1;  // popup inputs: 0 tick, 1 frame
  float splitRate = 144.0f;
  std::string splitField, splitValue;

  // Selection and panels. The layout, recent files and bloom persist (settings.h).
  ViewerSettings settings;
  std::filesystem::path settingsFile;  // "" = nothing is remembered
  Regions regions;                     // this frame's panel and picture rectangles
  std::optional<BottomTab> selectTab;  // brought to front in the bottom area next frame
  int selectedEffect = 0;
  int selectedObject = -1;
  std::string inspectorFocus;   // a pointer the inspector opens and scrolls to (sequence panel)
  ParticleInspector particles;  // the selected particle and the Particle window
  bool focusConsoleInput = false;
  bool showShortcuts = false;  // F1
  bool showAbout = false;      // Help > About
  bool showRecord = false;     // File > Record...
  std::string recordError;
  std::unique_ptr<capture::Recording> recording;        // rendering a few frames per drawn frame
  float appliedUiScale = 0.0f, appliedFontSize = 0.0f;  // what the font atlas was built for
  float toolbarHeight = kToolbarHeight;  // last frame's toolbar content (stats lines wrap)
  // A glow tag opened without a model: the .gbxmodel files it could be shown on (panel_notices).
  std::filesystem::path modelCandidatesOf, modelNoticeClosed;
  std::vector<std::filesystem::path> modelCandidates;
  FileBrowser browser;
  std::vector<std::string> droppedFiles;  // from GLFW's drop callback, opened next frame
  std::filesystem::path pendingOpen;      // waiting on the unsaved-changes prompt
  bool showOpenPrompt = false;
  // The curve editor's selection.
  std::string curvePointer;
  int curveKey = -1;
  // The sequence panel's timeline: node states sampled once per frame over the last seconds.
  struct TimelineSample {
    double time;
    std::vector<uint8_t> states;  // NodeState per node id
  };
  std::vector<TimelineSample> timeline;
  size_t timelineEffect = size_t(-1);
  bool framerateThrottle = true;
  std::vector<ConsoleLine> consoleLog;
  CommandHistory commandHistory;
  std::string consoleInput;
  std::string cameraViewName;      // the Camera section's "Save view" box
  bool openCameraSection = false;  // `panel camera`: open the scene panel's Camera section
  double recordStart = -1.0;       // the Record dialog's start time (negative: now)
  std::vector<std::string> fieldPathCache;

  // Scripted input (--exec): statements run across frames; a screenshot flushes a frame first.
  std::vector<std::string> pendingExec;
  bool execActive = false;            // a script is running (or waits for its capture)
  bool execFailed = false;            // one of its statements failed: the viewer exits 1
  uint64_t execResumeFrame = 0;       // `wait`: no statement runs before this frame
  std::string pendingScreenshot;      // picture-area capture at the end of this frame
  bool screenshotWindow = false;      // ...of the whole window, panels included
  uint64_t screenshotFrame = 0;       // ...or of this frame, when later (scripted captures)
  std::string pendingBundle;          // bundle folder written at the end of this frame
  bool pendingBundleZip = false;      // ...and zipped beside it (File > Save Bug Report)
  std::vector<uint8_t> sceneCapture;  // the picture area without UI, for bundles
  vec2 captureSize{0.0f};             // its size in pixels (0: the framebuffer's)
  vec2 displaySize{0.0f};             // the window in screen pixels (regions are in these)
  bool quitRequested = false;
  bool quitConfirmed = false;
  bool showQuitPrompt = false;
  bool showSaveAs = false;
  std::string saveAsPath;
  // Save As onto an existing preset: asks before replacing it.
  bool showOverwritePrompt = false;
  std::filesystem::path pendingSaveAs;
  // Files changed on disk while fxview held unsaved edits of them: reload, keep mine, save as.
  bool showConflictPrompt = false;
  std::vector<std::filesystem::path> conflicts;
  // Save onto files whose mode bits grant no write permission: make writable and save, cancel.
  bool showReadOnlyPrompt = false;
  std::vector<std::filesystem::path> readOnlyFiles;
  std::filesystem::path readOnlySavePath;  // the save asked for ("" = Save)
  bool readOnlySaveOverwrite = false;
  bool overdrawView = false;    // View > Overdraw, `view overdraw` (panel_view.cpp)
  bool showBloomPanel = false;  // View > Bloom settings...
  // Autosave and crash recovery (panel_recovery.cpp): this viewer's entry, when it is next
  // written (nowSeconds), the last failure (said once), and what the recovery prompt offers.
  RecoveryWriter recovery;
  double nextAutosave = 0.0;
  std::string autosaveError;
  std::vector<RecoveryEntry> recoveries;
  bool showRecoveryPrompt = false;
  // The document the camera was last framed for on open (panel_camera.cpp).
  const Preset* framedPreset = nullptr;
  std::filesystem::path framedPath;
  uint64_t frameIndex = 0;
  std::string status;  // one-line feedback in the toolbar ("saved ...")
  double statusUntil = 0.0;
};

// --- document.cpp, edits.cpp, console_exec.cpp, viewer_commands.cpp, captures.cpp, app.cpp
// --------- Opens a preset or a bundle folder. On failure keeps the current document and lists the
// errors.
bool openDocument(App& app, const std::filesystem::path& path);
// Save ("" path: every changed file in its own format) or Save As (a self-contained copy at
// `path`, which then becomes the document). Returns "" or why nothing (or not all) was written;
// the questions it raises open their prompts: a scene that is not a file of the user's opens
// Save As, an existing target asks before replacing (`overwrite` answers yes), a file changed on
// disk asks reload / keep mine / save as (`overwrite` keeps mine), a read-only file asks to make
// it writable (`makeWritable` answers yes).
std::string saveDocument(App& app, const std::filesystem::path& path, bool overwrite = false,
                         bool makeWritable = false);
// Unsaved edits: the document's files differ from what fxview last read or wrote.
bool documentDirty(const App& app);
// File > Open, drag and drop, `open`: asks first when there are unsaved edits; a file that opens
// goes to the front of Open Recent. Returns true when it opened now.
bool requestOpen(App& app, const std::filesystem::path& path);
bool openAndRemember(App& app, const std::filesystem::path& path);
void reloadDocument(App& app);
// An opened level (.scenario_structure_bsp): show palette entry `weather` (by name), else the
// one `cluster` has; keeps the camera and the time. False (the scene unchanged) on errors.
bool chooseLevelWeather(App& app, const std::string& weather, std::optional<int> cluster);
// The scene panel's list of an opened level's palette entries and clusters (panel_level.cpp).
void levelWeatherSection(App& app);
// Sets a scene object's channel (the sequence panel's slider) as one undo step; `held` coalesces
// a drag. Returns "" or an error.
std::string setObjectChannel(App& app, const std::string& object, const std::string& channel,
                             float value, bool held = false);
// The bottom area shown with `tab` in front.
void showTab(App& app, BottomTab tab);
// Runs the viewer's own console commands (open, channel, curve, panel, layout, bloom, ...).
std::string runViewerCommand(App& app, const ConsoleStatement& st);
// The console's `curve FIELD add KEY VALUE | move INDEX KEY | value INDEX VALUE | delete INDEX`
// (FIELD = effect_id/json/pointer), run through editCurve (curve_edit.cpp). Declared here so the
// viewer's commands reach it while only the curve editor depends on app.h, never the reverse.
std::string runCurveCommand(App& app, const std::vector<std::string>& tokens,
                            const std::string& valueText);
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
// Runs a console line; false when a statement of it failed (the errors are in the console log).
bool runConsole(App& app, const std::string& line, bool echo = true);
void queueExec(App& app, const std::string& script);
void runPendingExec(App& app);
// A statement of the --exec script failed (`what` says which): the rest is dropped, unless
// --keep-going, and the viewer quits with status 1 (asking first when edits are unsaved).
void execStatementFailed(App& app, const std::string& what);
std::string defaultScreenshotPath();
void finishCaptures(App& app);  // after the frame is drawn, before the swap
void setStatus(App& app, std::string text);
std::string windowTitle(const App& app);
void frameScene(App& app);
// Frames the selected effect's sprites and quads (the whole scene when it draws nothing).
void frameSelection(App& app);
// The picture area in framebuffer pixels (origin top left); the whole framebuffer before the
// first frame has laid out its regions.
struct PixelRect {
  int x = 0, y = 0, w = 0, h = 0;
};
PixelRect viewportPixelRect(const App& app);
// The picture area cut out of a whole-window capture of w x h (rows top to bottom); w and h
// become the cut's size.
std::vector<uint8_t> viewportPixels(const App& app, const std::vector<uint8_t>& window, int& w,
                                    int& h);
void resetCameraFromPreset(App& app);
// What exportFrames writes.
enum class FrameExport { Gif, Sheet, Video };
// Writes an animated GIF, a sprite sheet or a video clip of `frames` frames `every` seconds apart
// from the current time (the running world is not disturbed); returns "" or an error.
std::string exportFrames(App& app, const std::filesystem::path& path, int frames, double every,
                         int columns, FrameExport kind);
// Runs a console statement built by a panel (e.g. the split popup) and shows its reply.
void runPanelCommand(App& app, const std::string& line);
// Sums EffectRuntime::cpuSeconds per family into app.familyMs and zeroes them.
void updateFamilyTimes(App& app);
// --- panel_scene_context.cpp: the backdrop, grid and axes, reference mesh
// After beginFrame: the preset's backdrop over the picture area, then the GPU timer (the Cost
// panel) started for the scene's draws (endGpuTimer after them).
void beginPicture(App& app);
// The grid and axis gizmo (settings.sceneContext) into `debug`.
void addSceneContext(const App& app, DebugDraw& debug);
void drawSceneContextWindow(App& app);
std::string viewerGrid(App& app, const ConsoleStatement& st);  // grid [0|1]
std::string viewerAxes(App& app, const ConsoleStatement& st);  // axes [0|1]
// --- panel_cost.cpp: per-effect cost
// Samples app.cost from the world's effects (before updateFamilyTimes zeroes their CPU time).
void updateCost(App& app);
// Hands the renderer the world's draw spans so the next draw() is timed per effect.
void setCostSpans(App& app);
void drawCostWindow(App& app);
std::string viewerCost(App& app, const ConsoleStatement& st);  // cost [json]
// Writes a bug-report folder (a PATH.zip: one zip of it; `alsoZip`: the folder and DIR.zip beside
// it, as File > Save Bug Report does); returns "" or an error. The scene capture must be ready.
std::string writeBundle(App& app, const std::filesystem::path& dir, bool alsoZip = false);
double nowSeconds();

// --- panel_recovery.cpp
// Every frame: writes the unsaved edits every settings.autosaveSeconds, and removes this viewer's
// recovery entry once there are none (saved, undone, discarded by opening another file).
void autosaveTick(App& app, double now);
// At start: the entries viewers that died left behind, offered in the recovery prompt (a
// scripted session, --exec, names them in the console instead: `recover`).
void offerRecoveries(App& app);
// A normal quit: the entry goes (the edits were saved, or the user chose to drop them).
void endAutosave(App& app);
void drawRecoveryPrompt(App& app);
// Opens the entry's document (when another one is open) and applies its edits as unsaved edits
// (one undo step each); the entry then becomes this viewer's own. "" or why not.
std::string restoreRecovery(App& app, const RecoveryEntry& entry);
// `autosave [SECONDS]` and `recover [NAME | list | discard NAME|all | prompt]`.
std::string viewerAutosave(App& app, const ConsoleStatement& st);
std::string viewerRecover(App& app, const ConsoleStatement& st);

// --- panel_camera.cpp
// `camera [ortho | perspective | view front|back|left|right|top | frame [all|selected] | fov DEG
// | clip NEAR FAR]`.
std::string viewerCamera(App& app, const ConsoleStatement& st);
// The preset's named views (scene/camera/views); "" or the error.
std::string saveCameraView(App& app, const std::string& name);
std::string loadCameraView(App& app, const std::string& name);
std::string deleteCameraView(App& app, const std::string& name);
void cameraSection(App& app);    // the scene panel's Camera section
void drawViewGizmo(App& app);    // axes in the picture's corner: a click looks along one
void cameraShortcuts(App& app);  // keypad or digit keys: the views, 5 orthographic; A frame all
// Every frame: a tag or a Stride asset just opened on its own is framed on what its effects draw
// kFramingSeconds in (a copy simulated there), so a small effect fills the picture.
inline constexpr double kFramingSeconds = 1.5;
void frameOpenedFile(App& app);

// --- panels
// ------------------------------------------------------------------------------------------
void placeWindow(const Rect& r);  // the next ImGui window fills `r`
void drawMenuBar(App& app);       // File, View, Help; returns through app state
void drawSplitters(App& app);
void drawToolbar(App& app);
void drawScenePanel(App& app);
void drawInspector(App& app);
void drawBottomArea(App& app);
void drawConsoleTab(App& app);
void drawErrorsTab(App& app);
size_t errorCount(const App& app);
void drawSequenceTab(App& app);
void recordTimeline(App& app);  // samples the sequence panel's node states once per frame
void drawCurvesTab(App& app);
void drawFileBrowser(App& app);
void openFileBrowser(App& app, bool saving);
// The file browser as a chooser: `onChoose` gets the path (its "" closes the browser, an error
// stays shown in it).
void chooseFile(App& app, const std::string& title, const std::string& button,
                const std::filesystem::path& suggested,
                std::function<std::string(const std::filesystem::path&)> onChoose);
void drawShortcuts(App& app);
void drawAbout(App& app);
// Rebuilds the font and scales the style when the UI scale, font size or the monitor's content
// scale changed (ui_scale.cpp); call before ImGui::NewFrame. `baseStyle` sets the unscaled style.
void applyUiScale(App& app, void (*baseStyle)());
float effectiveUiScale(const App& app);
// The scale this frame is drawn at (fonts and style): pixel sizes written for 100 % times this.
inline float uiScaleOf(const App& app) {
  return app.appliedUiScale > 0.25f ? std::min(app.appliedUiScale, 8.0f) : 1.0f;
}
std::string viewerUiScale(App& app, const ConsoleStatement& st);
// File > Record... and its progress (panel_record.cpp); `record` from the console.
void drawRecordDialog(App& app);
void advanceRecording(App& app);  // after the frame is drawn, before the captures
std::string startRecording(App& app, const capture::RecordSpec& spec);
void openBugReportChooser(App& app);
std::string viewerRecord(App& app, const ConsoleStatement& st);
std::string aboutText(const App& app);  // version, build, GL renderer, settings, data folders
// Over the picture area: a document that did not open (its errors), a failed reload, the model
// offer for a glow opened on its own (panel_notices.cpp).
void drawViewportNotices(App& app);
std::string viewerModel(App& app, const ConsoleStatement& st);
void drawPrompts(App& app);
void handleViewportInput(App& app);
void drawLabels(App& app, const DebugDraw& debug, const View& view, vec2 offset);
void handleShortcuts(App& app);
// --- panel_view.cpp: the overdraw view and the bloom settings
// The viewer's `view [overdraw|normal]` and `bloom [0|1] | bloom threshold|intensity|knee|exposure
// [VALUE]` (rows of world_console.cpp); "" or an error, the printed value in the console log.
std::string viewerView(App& app, const ConsoleStatement& st);
std::string viewerBloomControls(App& app, const ConsoleStatement& st);
// The settings' bloom and the overdraw view onto the renderer (every frame, before drawing).
void applyViewSettings(App& app);
void drawBloomPanel(App& app);
void overdrawMenuText(App& app);  // the overdraw view's max / mean, in the menu bar
// The bloom panel's values as a preset's `bloom` object and back.
BloomLook viewerBloomLook(const ViewerSettings& settings);
void setViewerBloomLook(ViewerSettings& settings, const BloomLook& look);

// --- particle_inspector.cpp, panel_particle.cpp: the particle inspector
std::string viewerPick(App& app, const ConsoleStatement& st);          // pick X Y
std::string viewerParticlesCsv(App& app, const ConsoleStatement& st);  // particles_csv PATH
std::string viewerPauseOnNan(App& app, const ConsoleStatement& st);    // pause_on_nan [0|1]
void selectParticle(App& app, const InspectedParticle& p);
// The emitter table's particles (the selected particle's emitter, else the selected effect's) and
// their CSV; returns "" or an error.
std::vector<InspectedParticle> tableParticles(const App& app);
std::string writeParticlesCsv(const App& app, const std::filesystem::path& path);
void handleParticlePick(App& app);       // a left click in the picture without a drag
void updateParticleInspector(App& app);  // after the transport: NaN / Inf pause, follow
void addParticleMarker(const App& app, DebugDraw& debug);
void drawParticlePanel(App& app);

}  // namespace fx::gui
