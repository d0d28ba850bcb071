// Document handling for the viewer: open / reload / save, undo / redo, the console session, hot
// reload by polling modification times, screenshots and bug-report bundles.
#include "app/gui/app.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "app/cli/export.h"
#include "app/cli/video.h"
#include "engine/core/data_paths.h"
#include "engine/core/field_json.h"
#include "engine/core/paths.h"
#include "engine/core/platform.h"
#include "engine/core/text.h"
#include "engine/formats/halo/tag_paths.h"
#include "engine/import/stride/stride_import.h"
#include "engine/session/bundle.h"
#include "engine/session/file_kinds.h"
#include "engine/session/self_contained.h"
#include "engine/session/tag_scene.h"

namespace fx::gui {

namespace fs = std::filesystem;

namespace {

constexpr double kPollSeconds = 0.5;

platform::FileStamp mtimeOf(const fs::path& p) {
  return platform::fileStamp(p);
}

// Replaces the document with `path`. `keepView`: a hot reload keeps camera, time and overlays.
// On errors with a document already open, the old one keeps running.
bool loadInto(App& app, const fs::path& path, bool keepView, bool allowErrors) {
  Diagnostics diags;
  auto preset = loadPresetOrTag(path, toPath(app.args.model), diags,
                                {.allowAnyPath = app.args.allowAnyPath,
                                 .tagsDir = toPath(app.args.tagsDir),
                                 .tagAnimation = app.args.animation,
                                 .levelWeather = app.args.weather,
                                 .levelCluster = app.args.cluster});
  if (preset) lintPreset(*preset, diags);
  bool failed = !preset || (diags.hasErrors() && !allowErrors);
  app.loadDiagnostics = diags;
  if (failed) {
    if (app.preset) {
      app.loadDiagnostics.warning(toUtf8(path), "",
                                  "not loaded: the last good state keeps running");
    } else {
      // Nothing runs yet: watch the file (and those the errors name), so fixing it in an editor
      // brings the scene up.
      app.presetPath = path;
      rebuildWatch(app);
    }
    return false;
  }
  DebugFlags flags = app.world ? app.world->flags : DebugFlags{};
  double time = app.world ? app.world->time() : 0.0;
  auto world = std::make_unique<World>(*preset);
  world->flags = flags;
  app.world = std::move(world);
  app.preset = std::move(preset);
  app.world->cpuClock = nowSeconds;
  app.split.stale = true;
  app.presetPath = path;
  app.history.clear();
  app.committed.clear();
  if (keepView) {
    seekTransport(app.transport, *app.world, time);
  } else {
    app.transport = Transport{};
    resetCameraFromPreset(app);
  }
  app.selectedEffect =
      std::clamp(app.selectedEffect, 0, std::max(0, int(app.preset->effects.size()) - 1));
  app.fieldPathCache = fieldPaths(*app.preset);
  rebuildWatch(app);
  return true;
}

}  // namespace

bool chooseLevelWeather(App& app, const std::string& weather, std::optional<int> cluster) {
  std::string oldWeather = app.args.weather;
  std::optional<int> oldCluster = app.args.cluster;
  app.args.weather = weather;
  app.args.cluster = cluster;
  // The camera and the time stay: the weather shown changes, as walking into another cluster.
  if (loadInto(app, app.presetPath, true, true)) return true;
  app.args.weather = oldWeather;
  app.args.cluster = oldCluster;
  return false;
}

namespace {

bool loadBundle(App& app, const fs::path& dir) {
  Diagnostics diags;
  auto moment = readBundleMoment(dir, diags);
  if (!moment) {
    app.loadDiagnostics = diags;
    return false;
  }
  // The preset is self-contained (engine/session/self_contained.h): no --allow-any-path needed.
  if (!loadInto(app, bundlePresetPath(dir), false, true)) return false;
  const Json& m = moment->meta;
  World& w = *app.world;
  if (moment->mode) w.simulation().mode = *moment->mode;
  if (moment->rate) w.simulation().rate = *moment->rate;
  w.reset(moment->seed.value_or(w.seed()));
  if (m.contains("overlays") && m["overlays"].is_object())
    for (auto it = m["overlays"].begin(); it != m["overlays"].end(); ++it)
      if (it->is_boolean()) setDebugFlag(w.flags, it.key(), it->get<bool>());
  if (m.contains("camera") && m["camera"].is_object()) {
    const Json& c = m["camera"];
    auto vec = [&](const char* k, vec3 fallback) {
      if (!c.contains(k) || !c[k].is_array() || c[k].size() != 3) return fallback;
      return vec3(c[k][0].get<float>(), c[k][1].get<float>(), c[k][2].get<float>());
    };
    app.camera = orbitFromLookAt(
        vec("position", orbitEye(app.camera)), vec("target", app.camera.target),
        c.value("fov_deg", app.camera.fovDeg), app.camera.nearPlane, app.camera.farPlane);
    if (c.contains("orbit") && c["orbit"].is_object()) {
      const Json& o = c["orbit"];
      auto num = [&](const char* k, float fallback) {
        return o.contains(k) && o[k].is_number() ? o[k].get<float>() : fallback;
      };
      app.camera.distance = std::clamp(num("distance", app.camera.distance), 1e-3f, 1e6f);
      app.camera.yawDeg = num("yaw_deg", app.camera.yawDeg);
      app.camera.pitchDeg = std::clamp(num("pitch_deg", app.camera.pitchDeg), -89.0f, 89.0f);
    }
  }
  double time = moment->time;
  seekTransport(app.transport, w, time);
  app.transport.playing = false;  // reopened at that moment
  setStatus(app, "bundle " + toUtf8(dir) + " at t = " + std::to_string(time) + " s");
  return true;
}

Json vecJson(vec3 v) {
  return Json::array({floatJson(v.x), floatJson(v.y), floatJson(v.z)});
}

}  // namespace

PixelRect viewportPixelRect(const App& app) {
  int fw = int(app.framebuffer.x), fh = int(app.framebuffer.y);
  const Rect& v = app.regions.viewport;
  if (v.w < 1.0f || v.h < 1.0f || app.displaySize.x < 1.0f || app.displaySize.y < 1.0f)
    return {0, 0, fw, fh};
  float sx = float(fw) / app.displaySize.x, sy = float(fh) / app.displaySize.y;
  PixelRect r;
  r.x = std::clamp(int(std::lround(v.x * sx)), 0, fw - 1);
  r.y = std::clamp(int(std::lround(v.y * sy)), 0, fh - 1);
  r.w = std::clamp(int(std::lround(v.w * sx)), 1, fw - r.x);
  r.h = std::clamp(int(std::lround(v.h * sy)), 1, fh - r.y);
  return r;
}

std::vector<uint8_t> viewportPixels(const App& app, const std::vector<uint8_t>& window, int& w,
                                    int& h) {
  PixelRect r = viewportPixelRect(app);
  int fw = w;
  if (window.size() != size_t(w) * size_t(h) * 4) return window;
  std::vector<uint8_t> out(size_t(r.w) * size_t(r.h) * 4);
  for (int y = 0; y < r.h; ++y)
    std::copy_n(window.begin() + ptrdiff_t((size_t(r.y + y) * size_t(fw) + size_t(r.x)) * 4),
                size_t(r.w) * 4, out.begin() + ptrdiff_t(size_t(y) * size_t(r.w) * 4));
  w = r.w;
  h = r.h;
  return out;
}

double nowSeconds() {
  return glfwGetTime();
}

void setStatus(App& app, std::string text) {
  app.status = std::move(text);
  app.statusUntil = nowSeconds() + 4.0;
}

void resetCameraFromPreset(App& app) {
  const Camera& c = app.preset->scene.camera;
  app.camera = orbitFromLookAt(c.position, c.target, c.fovDeg, c.nearPlane, c.farPlane);
}

bool openDocument(App& app, const fs::path& path) {
  if (opensAs(path, FileOpening::Bundle)) return loadBundle(app, path);
  // The first document may have errors (shown in the errors panel); later loads keep the old
  // document when the new one has errors.
  return loadInto(app, path, false, !app.preset);
}

bool openAndRemember(App& app, const fs::path& path) {
  app.pendingOpen.clear();
  if (!openDocument(app, path)) {
    setStatus(app, "could not open " + toUtf8(path) + " (see the errors tab)");
    showTab(app, BottomTab::Errors);
    return false;
  }
  addRecentFile(app.settings, path);
  // An asset opened again while the tuning saved from it lives in a preset beside it: say so,
  // rather than let a second Save As start over from the asset.
  if (!app.preset->openedFile.empty()) {
    fs::path saved = suggestedSaveAsPath(*app.preset);
    std::error_code ec;
    if (fs::exists(saved, ec))
      app.loadDiagnostics.warning(toUtf8(path), "",
                                  "edits saved from it earlier are in " + toUtf8(saved) +
                                      ": open that file to go on with them");
  }
  app.timeline.clear();
  app.curvePointer.clear();
  app.curveKey = -1;
  app.inspectorFocus.clear();
  setStatus(app, "opened " + toUtf8(path));
  return true;
}

bool requestOpen(App& app, const fs::path& path) {
  if (app.preset && app.history.dirty()) {
    app.pendingOpen = path;
    app.showOpenPrompt = true;
    return false;
  }
  return openAndRemember(app, path);
}

void reloadDocument(App& app) {
  if (app.presetPath.empty()) return;
  requestOpen(app, app.presetPath);
}

std::string setObjectChannel(App& app, const std::string& object, const std::string& channel,
                             float value, bool held) {
  if (!app.preset) return "no preset is loaded";
  Scene& scene = app.preset->scene;
  auto o = std::find_if(scene.objects.begin(), scene.objects.end(),
                        [&](const SceneObject& x) { return x.name == object; });
  if (o == scene.objects.end()) return "no object named \"" + object + "\"";
  if (!std::isfinite(value)) return "VALUE: expected a finite number";
  committedSnapshot(app, kSceneTarget);
  auto c = std::find_if(o->channels.begin(), o->channels.end(),
                        [&](const Channel& x) { return x.name == channel; });
  if (c == o->channels.end()) {
    o->channels.push_back({channel, value});
  } else {
    c->value = value;
  }
  std::string label = "channel " + object + "/" + channel;
  recordEdit(app, kSceneTarget, label, label);  // a drag and its release: one step
  if (!held) app.history.breakCoalescing();
  return {};
}

namespace {

// The viewer's own console commands (rows flagged `viewer` in engine/session/world_console.cpp),
// each returning "" or an error.
std::string viewerOpen(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  if (t.size() < 2) return "usage: open PATH";
  if (requestOpen(app, toPath(t[1]))) return {};
  // Not open yet: a script must not go on as if it were (its `save` would save the old document).
  if (app.showOpenPrompt) return "unsaved edits: answer the prompt before " + t[1] + " opens";
  return "could not open " + t[1] + " (see the errors tab)";
}

std::string viewerScreenshotWindow(App& app, const ConsoleStatement& st) {
  app.pendingScreenshot = st.tokens.size() > 1 ? st.tokens[1] : defaultScreenshotPath();
  app.screenshotWindow = true;
  app.screenshotFrame = app.frameIndex + 1;
  return {};
}

std::string viewerChannel(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  if (t.size() != 4) return "usage: channel OBJECT NAME VALUE";
  char* end = nullptr;
  float v = std::strtof(t[3].c_str(), &end);
  if (end == t[3].c_str() || *end) return "VALUE: expected a number, got \"" + t[3] + "\"";
  return setObjectChannel(app, t[1], t[2], v);
}

std::string viewerCurve(App& app, const ConsoleStatement& st) {
  return runCurveCommand(app, st.tokens, st.rest(4));
}

std::string viewerInspect(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  size_t slash = t.size() == 2 ? t[1].find('/') : std::string::npos;
  if (slash == std::string::npos) return "usage: inspect EFFECT/POINTER";
  for (size_t i = 0; i < app.preset->effects.size(); ++i)
    if (app.preset->effects[i].placement.id == t[1].substr(0, slash)) {
      app.selectedEffect = int(i);
      app.settings.layout.showInspector = true;
      app.inspectorFocus = t[1].substr(slash);
      return {};
    }
  return "no effect with id \"" + t[1].substr(0, slash) + "\"";
}

std::string viewerWait(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  char* end = nullptr;
  long n = t.size() == 2 ? std::strtol(t[1].c_str(), &end, 10) : -1;
  if (n < 0 || n > 100000 || (end && *end)) return "usage: wait FRAMES (0..100000)";
  app.execResumeFrame = app.frameIndex + uint64_t(n);
  return {};
}

// `wait_loaded` holds a script while no document is open (runPendingExec); with one open it is
// already satisfied.
std::string viewerWaitLoaded(App&, const ConsoleStatement& st) {
  return st.tokens.size() == 1 ? std::string() : "usage: wait_loaded";
}

std::string viewerPanel(App& app, const ConsoleStatement& st) {
  for (int i = 0; i < 4; ++i)
    if (st.tokens.size() == 2 && st.tokens[1] == kBottomTabNames[i]) {
      showTab(app, BottomTab(i));
      return {};
    }
  return "usage: panel console|errors|sequence|curves";
}

std::string viewerLayout(App& app, const ConsoleStatement& st) {
  if (st.tokens.size() != 2 || st.tokens[1] != "reset") return "usage: layout reset";
  bool bottom = app.settings.layout.showBottom;
  app.settings.layout = LayoutSettings{};
  app.settings.layout.showBottom = bottom || app.settings.layout.showBottom;
  return {};
}

std::string viewerBloom(App& app, const ConsoleStatement& st) {
  if (st.tokens.size() > 1) {
    auto b = parseConsoleBool(st.tokens[1]);
    if (!b) return "expected 0 or 1, got \"" + st.tokens[1] + "\"";
    app.settings.bloom = *b;
    if (app.renderer) app.renderer->setBloom({.enabled = *b});
  }
  app.consoleLog.push_back({ConsoleLine::Output, app.settings.bloom ? "bloom 1" : "bloom 0"});
  return {};
}

std::string viewerLevel(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  if (!app.preset || !app.preset->level) return "no .scenario_structure_bsp is open";
  if (t.size() == 3 && t[1] == "cluster") {
    char* end = nullptr;
    long n = std::strtol(t[2].c_str(), &end, 10);
    if (n < 0 || n > 65535 || (end && *end)) return "usage: level NAME | level cluster N";
    return chooseLevelWeather(app, "", int(n)) ? std::string() : app.loadDiagnostics.formatAll();
  }
  if (t.size() != 2) return "usage: level NAME | level cluster N";
  return chooseLevelWeather(app, t[1], std::nullopt) ? std::string()
                                                     : app.loadDiagnostics.formatAll();
}

struct ViewerCommand {
  std::string_view name;
  std::string (*run)(App&, const ConsoleStatement&);
};

constexpr ViewerCommand kViewerCommands[] = {
    {"open", viewerOpen},
    {"screenshot_window", viewerScreenshotWindow},
    {"channel", viewerChannel},
    {"curve", viewerCurve},
    {"inspect", viewerInspect},
    {"wait", viewerWait},
    {"panel", viewerPanel},
    {"layout", viewerLayout},
    {"bloom", viewerBloom},
    {"level", viewerLevel},
    {"wait_loaded", viewerWaitLoaded},
};

}  // namespace

std::string runViewerCommand(App& app, const ConsoleStatement& st) {
  for (const ViewerCommand& c : kViewerCommands)
    if (c.name == st.command()) return c.run(app, st);
  return "command \"" + st.command() + "\" is not available here";
}

bool documentDirty(const App& app) {
  return app.preset && app.history.dirty();
}

std::string saveDocument(App& app, const fs::path& path, bool overwrite, bool makeWritable) {
  using Status = SaveResult::Status;
  if (!app.preset) return "no preset is loaded";
  std::error_code ec;
  const bool saveAs = !path.empty() && !(path == app.presetPath && app.preset->openedFile.empty());
  SaveResult r =
      saveAs ? saveDocumentsAs(*app.preset, path,
                               {.replaceExisting = overwrite, .makeWritable = makeWritable})
             : saveDocuments(*app.preset,
                             {.overwriteChangedOnDisk = overwrite, .makeWritable = makeWritable});
  switch (r.status) {
    case Status::Saved:
    case Status::NothingToSave:
      break;
    case Status::NeedsSaveAs:
      // Nothing of the user's changed; the built scene did: only a new preset can hold it.
      app.saveAsPath = toUtf8(suggestedSaveAsPath(*app.preset));
      app.showSaveAs = true;
      setStatus(app, r.message);
      return r.message;
    case Status::ChangedOnDisk:
      app.conflicts = r.conflicts;
      app.showConflictPrompt = true;
      return r.message;
    case Status::Exists:
      app.pendingSaveAs = path;
      app.showOverwritePrompt = true;
      return r.message;
    case Status::ReadOnly:
      app.readOnlyFiles = r.readOnly;
      app.readOnlySavePath = path;
      app.readOnlySaveOverwrite = overwrite;
      app.showReadOnlyPrompt = true;
      return r.message;
    case Status::Refused:
    case Status::Failed:
      return r.message;
  }
  bool copied = saveAs && !r.written.empty() && r.written.front() == path &&
                !(fs::exists(app.presetPath, ec) && fs::equivalent(app.presetPath, path, ec));
  if (copied) {
    // The copy becomes the document (its own files, beside it); the edit history goes on.
    EditHistory history = std::move(app.history);
    auto committed = std::move(app.committed);
    if (!loadInto(app, path, true, false)) {
      app.history = std::move(history);
      app.committed = std::move(committed);
      return "saved " + toUtf8(path) + ", but it does not open: see the errors tab";
    }
    app.history = std::move(history);
    addRecentFile(app.settings, path);
  }
  app.history.markSaved();
  app.conflicts.clear();
  rebuildWatch(app);  // our own writes are not outside changes
  if (r.sceneNeedsSaveAs) {
    app.saveAsPath = toUtf8(suggestedSaveAsPath(*app.preset));
    app.showSaveAs = true;
  }
  setStatus(app, r.message);
  return {};
}

void rebuildWatch(App& app) {
  app.watch.entries.clear();
  auto add = [&](const fs::path& p, bool texture) {
    for (const auto& e : app.watch.entries)
      if (e.path == p) return;
    app.watch.entries.push_back({p, mtimeOf(p), texture});
  };
  if (!app.preset) {
    if (app.presetPath.empty()) return;
    add(app.presetPath, false);
    std::error_code ec;
    for (const auto& d : app.loadDiagnostics.items)
      if (!d.file.empty() && fs::is_regular_file(toPath(d.file), ec)) add(toPath(d.file), false);
    return;
  }
  add(app.presetPath, false);
  for (const auto& e : app.preset->effects) add(e.definitionFile, false);
  for (const auto& t : app.drawList.textures) add(toPath(t.path), true);
  // Every other file the scene reads (a wind or point_physics file, a model, a bitmap tag): an
  // edit made there in another editor reloads the scene (images reload the textures).
  for (const auto& d : app.preset->documents) {
    std::string ext = toUtf8(d.path.extension());
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    add(d.path, ext == ".png" || ext == ".bitmap");
  }
}

void pollHotReload(App& app, double now) {
  if (now < app.watch.nextPoll || (!app.preset && app.presetPath.empty())) return;
  app.watch.nextPoll = now + kPollSeconds;
  if (!app.preset) {
    // The document failed to open: try again when a watched file changes.
    bool changed = false;
    for (auto& e : app.watch.entries) {
      auto m = mtimeOf(e.path);
      if (m == e.mtime) continue;
      e.mtime = m;
      changed = true;
    }
    if (!changed) return;
    if (loadInto(app, app.presetPath, false, true)) {
      setStatus(app, "loaded " + toUtf8(app.presetPath));
      std::cerr << "fxview: loaded " << toUtf8(app.presetPath) << "\n";
    } else {
      std::cerr << app.loadDiagnostics.formatAll();
    }
    return;
  }
  // Textures that appeared since the last poll are watched too.
  for (const auto& t : app.drawList.textures) {
    bool known = std::any_of(app.watch.entries.begin(), app.watch.entries.end(),
                             [&](const FileWatch::Entry& e) { return e.path == toPath(t.path); });
    if (!known) app.watch.entries.push_back({toPath(t.path), mtimeOf(toPath(t.path)), true});
  }
  bool reloadDoc = false, reloadTextures = false;
  for (auto& e : app.watch.entries) {
    auto m = mtimeOf(e.path);
    if (m == e.mtime) continue;
    e.mtime = m;
    (e.texture ? reloadTextures : reloadDoc) = true;
  }
  if (reloadTextures) {
    // The renderer caches textures by path: a fresh renderer loads them again.
    auto r = std::make_unique<render::Renderer>();
    std::string err;
    if (r->init({}, err)) {
      r->setBloom(app.renderer->bloom());
      app.renderer = std::move(r);
    } else
      app.runtimeErrors.push_back("texture reload: " + err);
    setStatus(app, "textures reloaded");
  }
  if (reloadDoc) {
    if (app.history.dirty()) {
      // Never silently: the user chooses reload, keep mine or save as.
      app.conflicts = changedOnDisk(*app.preset);
      if (!app.conflicts.empty()) app.showConflictPrompt = true;
      setStatus(app, "changed on disk while you have unsaved edits: reload, keep yours or save as");
      return;
    }
    if (loadInto(app, app.presetPath, true, false))
      setStatus(app, "reloaded " + toUtf8(app.presetPath));
    else
      setStatus(app, "reload failed; the last good state keeps running");
  }
}

const Json& committedSnapshot(App& app, const std::string& target) {
  auto it = app.committed.find(target);
  if (it == app.committed.end()) {
    auto snap = targetSnapshot(*app.preset, target);
    it = app.committed.emplace(target, snap ? *snap : Json()).first;
  }
  return it->second;
}

void recordEdit(App& app, const std::string& target, const std::string& label,
                const std::string& coalesceKey) {
  auto after = targetSnapshot(*app.preset, target);
  if (!after) return;
  Json before = committedSnapshot(app, target);
  app.history.record({.target = target,
                      .label = label,
                      .before = std::move(before),
                      .after = *after,
                      .coalesceKey = coalesceKey});
  app.committed[target] = std::move(*after);
  app.split.stale = true;
}

void applySnapshotEdit(App& app, const std::string& target, const Json& snapshot,
                       const std::string& label) {
  Diagnostics diags;
  committedSnapshot(app, target);
  if (!applyTargetSnapshot(*app.preset, *app.world, target, snapshot, diags,
                           app.args.allowAnyPath)) {
    app.loadDiagnostics = diags;
    setStatus(app, "edit rejected: see the errors panel");
    return;
  }
  syncTransport(app.transport, *app.world);
  recordEdit(app, target, label, "");
  app.history.breakCoalescing();
}

static void applyHistoryStep(App& app, const EditRecord* rec, bool undoing) {
  if (!rec) return;
  Diagnostics diags;
  const Json& snap = undoing ? rec->before : rec->after;
  if (!applyTargetSnapshot(*app.preset, *app.world, rec->target, snap, diags,
                           app.args.allowAnyPath))
    app.loadDiagnostics = diags;
  app.committed[rec->target] = snap;
  app.split.stale = true;
  syncTransport(app.transport, *app.world);
  setStatus(app, std::string(undoing ? "undo " : "redo ") + rec->label);
}

void undo(App& app) {
  applyHistoryStep(app, app.history.undo(), true);
}
void redo(App& app) {
  applyHistoryStep(app, app.history.redo(), false);
}

std::string defaultScreenshotPath() {
  std::time_t t = std::time(nullptr);
  std::tm tm = platform::localTime(t);
  std::ostringstream s;
  s << "screenshots/fxview_" << std::put_time(&tm, "%Y%m%d_%H%M%S") << ".png";
  return s.str();
}

namespace {

// Without a document only `load` / `open`, `screenshot` (of the errors) and `quit` make sense.
// False when a statement failed; the statements after it are not run.
bool runWithoutDocument(App& app, const std::string& line) {
  auto st = parseConsoleLine(line);
  for (const auto& s : st) {
    if ((s.command() == "load" || s.command() == "open") && s.tokens.size() > 1) {
      if (!openAndRemember(app, toPath(s.tokens[1]))) {
        std::cerr << "fxview: could not open " << s.tokens[1] << "\n";
        return false;
      }
    } else if (s.command() == "screenshot") {
      app.pendingScreenshot = s.tokens.size() > 1 ? s.tokens[1] : defaultScreenshotPath();
      app.screenshotWindow = false;
      app.screenshotFrame = app.frameIndex + 1;
      break;  // taken at the end of a rendered frame; the rest waits (runPendingExec)
    } else if (s.command() == "quit") {
      app.quitRequested = app.quitConfirmed = true;
    } else {
      app.consoleLog.push_back({ConsoleLine::Error, "no preset is loaded"});
      std::cerr << "fxview: " << s.command() << ": no preset is loaded\n";
      return false;
    }
  }
  return true;
}

// load, save, quit and the viewer's own commands; `load` and `open` rebind the session to the
// new document.
void installDocumentHooks(App& app, ConsoleSession& s) {
  ConsoleSession* sp = &s;
  s.hooks.load = [&app, sp](const std::string& path, bool discard) -> std::string {
    if (documentDirty(app) && !discard) {
      app.pendingOpen = toPath(path);
      app.showOpenPrompt = true;
      return "unsaved edits: answer the prompt (or load " + path + " --discard)";
    }
    if (!openDocument(app, toPath(path)))
      return "could not load " + path + " (see the errors panel)";
    sp->preset = app.preset.get();
    sp->world = app.world.get();
    return {};
  };
  s.hooks.save = [&app](const std::string& path, bool overwrite) {
    return saveDocument(app, toPath(path), overwrite);
  };
  s.hooks.quit = [&app](bool discard) -> std::string {
    // The window loop asks first when there are unsaved edits (gui.cpp), as Ctrl+Q does.
    app.quitRequested = true;
    app.quitConfirmed = discard;
    return documentDirty(app) && !discard ? "unsaved edits: answer the prompt (or quit --discard)"
                                          : std::string();
  };
  s.hooks.viewer = [&app, sp](const ConsoleStatement& st) {
    std::string err = runViewerCommand(app, st);
    sp->preset = app.preset.get();  // `open` may have replaced the document
    sp->world = app.world.get();
    return err;
  };
}

// screenshot, bundle, gif, sheet and video: taken at the end of a rendered frame.
void installCaptureHooks(App& app, ConsoleSession& s) {
  s.hooks.screenshot = [&app](const std::string& path) -> std::string {
    app.pendingScreenshot = path.empty() ? defaultScreenshotPath() : path;
    app.screenshotWindow = false;
    // One more frame first, so panels that settle a frame late (the console scrolling to its
    // newest line) are in the picture.
    app.screenshotFrame = app.frameIndex + 1;
    return {};
  };
  s.hooks.bundle = [&app](const std::string& path) -> std::string {
    app.pendingBundle = path;
    return {};
  };
  s.hooks.gif = [&app](const std::string& path, int frames, double every) {
    return exportFrames(app, toPath(path), frames, every, 0, FrameExport::Gif);
  };
  s.hooks.video = [&app](const std::string& path, int frames, double every) {
    return exportFrames(app, toPath(path), frames, every, 0, FrameExport::Video);
  };
  s.hooks.sheet = [&app](const std::string& path, int frames, double every, int columns) {
    return exportFrames(app, toPath(path), frames, every, columns, FrameExport::Sheet);
  };
}

// undo, redo, and the history record of each `set`.
void installEditHooks(App& app, ConsoleSession& s) {
  s.hooks.undo = [&app]() -> std::string {
    if (!app.history.canUndo()) return "nothing to undo";
    undo(app);
    return {};
  };
  s.hooks.redo = [&app]() -> std::string {
    if (!app.history.canRedo()) return "nothing to redo";
    redo(app);
    return {};
  };
  s.hooks.edited = [&app](const FieldEdit& e) {
    app.history.record(
        {.target = e.target, .label = e.pointer, .before = e.before, .after = e.after});
    app.history.breakCoalescing();
    app.committed[e.target] = e.after;
    app.split.stale = true;
    // The inspector follows the effect a command edited.
    for (size_t i = 0; i < app.preset->effects.size(); ++i)
      if (effectTarget(app.preset->effects[i]) == e.target) app.selectedEffect = int(i);
  };
}

}  // namespace

bool runConsole(App& app, const std::string& line, bool echo) {
  if (echo) app.consoleLog.push_back({ConsoleLine::Input, "> " + line});
  if (!app.preset || !app.world) return runWithoutDocument(app, line);
  ConsoleSession session{.preset = app.preset.get(),
                         .world = app.world.get(),
                         .transport = &app.transport,
                         .split = &app.split,
                         .framerateThrottle = app.framerateThrottle,
                         .allowAnyPath = app.args.allowAnyPath};
  installDocumentHooks(app, session);
  installCaptureHooks(app, session);
  installEditHooks(app, session);
  bool ok = true;
  for (auto& reply : executeConsole(session, line)) {
    ok = ok && reply.ok;
    if (reply.text.empty() && reply.ok) continue;
    app.consoleLog.push_back({reply.ok ? ConsoleLine::Output : ConsoleLine::Error, reply.text});
    if (!reply.ok) std::cerr << "fxview: " << reply.text << "\n";
  }
  app.framerateThrottle = session.framerateThrottle;
  if (app.consoleLog.size() > 2000)
    app.consoleLog.erase(app.consoleLog.begin(), app.consoleLog.begin() + 500);
  return ok;
}

void queueExec(App& app, const std::string& script) {
  for (auto& st : parseConsoleLine(script)) app.pendingExec.push_back(st.text);
  app.execActive = !app.pendingExec.empty();
}

namespace {

// A statement of the --exec script failed (`what` says which): the rest is dropped, unless
// --keep-going, and the viewer quits with status 1 (asking first when edits are unsaved).
void execStatementFailed(App& app, const std::string& what) {
  app.execFailed = true;
  if (app.args.keepGoing) return;
  if (!app.pendingExec.empty())
    std::cerr << "fxview: --exec stopped at " << what << " (" << app.pendingExec.size()
              << " more not run; --keep-going runs them)\n";
  app.pendingExec.clear();
  app.execActive = false;
  app.quitRequested = true;
}

// The next --exec statement is `wait_loaded` and no document is open yet (a broken file that
// the user is fixing): the script waits for the hot reload, however long that takes.
bool execWaitsForDocument(const App& app) {
  if (app.preset || app.pendingExec.empty()) return false;
  auto st = parseConsoleLine(app.pendingExec.front());
  return !st.empty() && st.front().command() == "wait_loaded";
}

}  // namespace

void runPendingExec(App& app) {
  // Statements run in order; one that needs a rendered frame (screenshot, bundle) ends this
  // frame's share so the capture shows everything before it, and nothing runs until it is taken.
  if (!app.pendingScreenshot.empty() || !app.pendingBundle.empty()) return;
  if (app.frameIndex < app.execResumeFrame) return;
  if (app.pendingExec.empty()) app.execActive = false;  // its last capture is taken
  while (!app.pendingExec.empty() && !execWaitsForDocument(app)) {
    std::string st = app.pendingExec.front();
    app.pendingExec.erase(app.pendingExec.begin());
    if (!runConsole(app, st, true)) execStatementFailed(app, "\"" + st + "\"");
    if (!app.pendingScreenshot.empty() || !app.pendingBundle.empty() || app.quitRequested ||
        app.frameIndex < app.execResumeFrame)
      break;
  }
}

void finishCaptures(App& app) {
  int w = int(app.framebuffer.x), h = int(app.framebuffer.y);
  if (!app.pendingScreenshot.empty() && app.frameIndex >= app.screenshotFrame) {
    fs::path p = toPath(app.pendingScreenshot);
    app.pendingScreenshot.clear();
    std::error_code ec;
    if (p.has_parent_path()) fs::create_directories(p.parent_path(), ec);
    std::string err;
    std::vector<uint8_t> pixels = render::readFramebuffer(w, h);
    int cw = w, ch = h;
    if (!std::exchange(app.screenshotWindow, false)) pixels = viewportPixels(app, pixels, cw, ch);
    if (render::writePng(p, cw, ch, pixels, err)) {
      app.consoleLog.push_back({ConsoleLine::Output, "screenshot " + toUtf8(p)});
      setStatus(app, "screenshot " + toUtf8(p));
    } else {
      app.consoleLog.push_back({ConsoleLine::Error, "screenshot: " + err});
      std::cerr << "fxview: screenshot: " << err << "\n";
      if (app.execActive) execStatementFailed(app, "screenshot " + toUtf8(p));
    }
  }
  if (!app.pendingBundle.empty()) {
    fs::path p = toPath(app.pendingBundle);
    app.pendingBundle.clear();
    std::string err = writeBundle(app, p);
    if (err.empty())
      app.consoleLog.push_back({ConsoleLine::Output, "bundle " + toUtf8(p)});
    else {
      app.consoleLog.push_back({ConsoleLine::Error, "bundle: " + err});
      std::cerr << "fxview: bundle: " << err << "\n";
      if (app.execActive) execStatementFailed(app, "bundle " + toUtf8(p));
    }
  }
}

std::string exportFrames(App& app, const fs::path& path, int frames, double every, int columns,
                         FrameExport kind) {
  if (!app.preset || !app.world) return "no preset is loaded";
  if (path.empty()) return "give a file name";
  // A copy replays to now and renders offscreen; the running world keeps its state.
  auto preset = clonePreset(*app.preset);
  World world(*preset);
  world.flags = app.world->flags;
  world.reset(app.world->seed());
  SplitView split;
  split.spec = app.split.spec;
  // The window's size, halved while wider than 960 px (GIFs, sheets and clips stay small).
  int w = int(app.framebuffer.x), h = int(app.framebuffer.y);
  while (w > 960) {
    w /= 2;
    h /= 2;
  }
  OrbitCamera camera = app.camera;
  cli::ViewMaker makeView = [camera](vec2 size) { return orbitView(camera, size); };
  cli::CaptureOptions options{.width = std::max(w, 16),
                              .height = std::max(h, 16),
                              .start = app.world->time(),
                              .every = every,
                              .frames = frames};
  SplitView* right = split.spec.enabled ? &split : nullptr;
  std::string err;
  if (kind == FrameExport::Video) {  // streamed: a clip never holds every frame in memory
    cli::VideoWriter video;
    err = video.open(path, options.width, options.height, every);
    if (err.empty())
      err = cli::captureFrames(*app.renderer, *preset, world, right, makeView, options,
                               [&video](int, cli::Image& frame) { return video.add(frame); });
    if (err.empty()) err = video.finish();
  } else {
    std::vector<cli::Image> images =
        cli::captureFrames(*app.renderer, *preset, world, right, makeView, options);
    err = kind == FrameExport::Gif ? cli::writeGifAtomic(path, images, every)
                                   : cli::writePngAtomic(path, cli::makeSheet(images, columns));
  }
  const char* label = kind == FrameExport::Gif     ? "GIF "
                      : kind == FrameExport::Video ? "video "
                                                   : "sheet ";
  if (err.empty()) setStatus(app, label + toUtf8(path));
  return err;
}

void runPanelCommand(App& app, const std::string& line) {
  runConsole(app, line, true);
  if (!app.consoleLog.empty()) setStatus(app, app.consoleLog.back().text);
}

void updateFamilyTimes(App& app) {
  std::vector<std::pair<std::string, double>> now;
  auto add = [&](World* w) {
    if (!w) return;
    for (auto& r : w->effects()) {
      std::string name(r.entry->family ? r.entry->family->kind : std::string_view(r.entry->kind));
      auto it = std::find_if(now.begin(), now.end(), [&](auto& p) { return p.first == name; });
      if (it == now.end()) it = now.insert(now.end(), {name, 0.0});
      it->second += r.cpuSeconds * 1000.0;
      r.cpuSeconds = 0.0;
    }
  };
  add(app.world.get());
  add(app.split.world.get());
  // Exponential smoothing so the figures can be read; families that left drop out.
  for (auto& [name, ms] : now) {
    auto it = std::find_if(app.familyMs.begin(), app.familyMs.end(),
                           [&](auto& p) { return p.first == name; });
    if (it != app.familyMs.end()) ms = 0.9 * it->second + 0.1 * ms;
  }
  app.familyMs = std::move(now);
}

namespace {

// bundle.json: the moment the bundle shows and what showed it. No paths of the reporter's
// machine: the opened file by name, its copy in the bundle, the folder by name.
Json bundleMeta(App& app, const fs::path& folder, int w, int h, const fs::path& openedCopy) {
  World& world = *app.world;
  Json meta = Json::object();
  meta["fxview_version"] = FXVIEW_VERSION;
  meta["gl_renderer"] = app.glRenderer;
  meta["source"] = toUtf8(app.presetPath.filename());
  if (!openedCopy.empty()) meta["source_copy"] = toGenericUtf8(openedCopy);
  meta["seed"] = world.seed();
  meta["time"] = world.time();
  meta["simulation"] = {
      {"mode", world.simulation().mode == SimulationMode::Tick ? "tick" : "frame"},
      {"rate", floatJson(world.simulation().rate)}};
  // The orbit itself too: rebuilding it from position + target is off by float rounding.
  meta["camera"] = {{"position", vecJson(orbitEye(app.camera))},
                    {"target", vecJson(app.camera.target)},
                    {"fov_deg", floatJson(app.camera.fovDeg)},
                    {"orbit",
                     {{"distance", floatJson(app.camera.distance)},
                      {"yaw_deg", floatJson(app.camera.yawDeg)},
                      {"pitch_deg", floatJson(app.camera.pitchDeg)}}}};
  Json overlays = Json::object();
  for (const DebugToggle& t : kDebugToggles)
    overlays[std::string(t.name)] = world.flags.*(t.member);
  meta["overlays"] = overlays;
  meta["transport"] = {{"speed", app.transport.speed}, {"loop_seconds", app.transport.loopSeconds}};
  meta["viewport"] = {w, h};
  Json effects = Json::array();
  for (size_t i = 0; i < world.effects().size(); ++i) {
    EffectStats st = world.stats(i);
    effects.push_back(
        {{"id", world.effects()[i].entry->placement.id}, {"live", st.live}, {"budget", st.budget}});
  }
  meta["effects"] = effects;
  meta["screenshot"] = "screenshot.png";
  meta["preset"] = "preset.json";
  meta["reopen"] = "fxview " + toUtf8(folder.filename());
  return meta;
}

// The bundle's files into `tmp`, a new folder that becomes `folder`.
std::string writeBundleFiles(App& app, const fs::path& tmp, const fs::path& folder, int w, int h) {
  std::string err;
  if (!render::writePng(tmp / "screenshot.png", w, h, app.sceneCapture, err)) return err;
  // The preset as edited with copies of every file it reads (shipped textures included) and
  // relative references: the folder opens on any machine.
  fs::path openedCopy;
  err = writeSelfContained(*app.preset, tmp / "preset.json",
                           {.copyShippedAssets = true, .copySourceAsset = true}, &openedCopy);
  if (!err.empty()) return err;
  return writeFileAtomic(tmp / "bundle.json",
                         dumpJson(bundleMeta(app, folder, w, h, openedCopy), 2) + "\n");
}

}  // namespace

std::string writeBundle(App& app, const fs::path& dir) {
  // Checked again here: the folder may have been filled since `bundle` was typed.
  if (std::string why = bundleFolderRefusal(dir); !why.empty()) return why;
  int w = int(app.framebuffer.x), h = int(app.framebuffer.y);
  if (app.captureSize.x > 0) {
    w = int(app.captureSize.x);
    h = int(app.captureSize.y);
  }
  if (app.sceneCapture.size() != size_t(w) * size_t(h) * 4) return "no scene capture this frame";
  fs::path folder = dir.lexically_normal();
  if (folder.filename().empty()) folder = folder.parent_path();
  // Written into a new folder beside it, then renamed: the bundle appears whole or not at all,
  // and a failed one leaves nothing that would refuse the next try.
  std::error_code ec;
  if (folder.has_parent_path()) fs::create_directories(folder.parent_path(), ec);
  fs::path tmp;
  for (int n = 0; n < 1000 && tmp.empty(); ++n) {
    fs::path candidate = folder;
    candidate += toPath(".tmp-" + std::to_string(n));
    if (fs::create_directory(candidate, ec)) tmp = candidate;
  }
  if (tmp.empty()) return "cannot create a folder beside " + toUtf8(folder) + ": " + ec.message();
  std::string err = writeBundleFiles(app, tmp, folder, w, h);
  if (err.empty()) {
    fs::rename(tmp, folder, ec);  // over an empty folder too
    if (ec) err = "cannot write the bundle to " + toUtf8(folder) + ": " + ec.message();
  }
  if (!err.empty()) {
    fs::remove_all(tmp, ec);
    for (size_t at; (at = err.find(toUtf8(tmp))) != std::string::npos;)
      err.replace(at, toUtf8(tmp).size(), toUtf8(folder));
    return err;
  }
  setStatus(app, "bundle written to " + toUtf8(dir));
  return {};
}

std::string windowTitle(const App& app) {
  std::string t = "fxview";
  if (app.preset) {
    t += " - ";
    if (!app.preset->scene.name.empty()) t += app.preset->scene.name + " - ";
    t += toUtf8(app.presetPath);
  }
  if (app.history.dirty()) t += " *";
  return t;
}

namespace {

// Bounds of a draw list's sprites and quads (and, with `objects`, the scene's objects and
// markers); false when there is nothing finite to frame.
bool drawBounds(const App& app, const DrawList& draw, bool objects, vec3& lo, vec3& hi) {
  lo = vec3(1e30f);
  hi = vec3(-1e30f);
  bool any = false;
  auto add = [&](vec3 p) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return;
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
    any = true;
  };
  for (const auto& s : draw.sprites)
    if (s.size > 0.0f) {
      add(s.position - vec3(s.size * 0.5f));
      add(s.position + vec3(s.size * 0.5f));
    }
  for (const auto& q : draw.shaderQuads)
    for (const auto& c : q.corners) add(c);
  if (objects && app.world)
    for (const auto& o : app.world->sceneState().objects) {
      add(o.world.position);
      for (const auto& m : o.markers) add(m.world.position);
    }
  return any;
}

}  // namespace

void frameScene(App& app) {
  vec3 lo, hi;
  if (!drawBounds(app, app.drawList, true, lo, hi)) {
    lo = vec3(-1.0f);
    hi = vec3(1.0f);
  }
  orbitFrame(app.camera, lo, hi);
}

void frameSelection(App& app) {
  if (!app.world || app.world->effects().empty()) return frameScene(app);
  size_t i = size_t(std::clamp(app.selectedEffect, 0, int(app.world->effects().size()) - 1));
  const EffectRuntime& r = app.world->effects()[i];
  if (!r.instance) return frameScene(app);
  DrawList draw;
  DebugDraw debug;
  r.instance->collect(draw, debug, app.view, app.world->flags, app.world->sceneState());
  vec3 lo, hi;
  if (!drawBounds(app, draw, false, lo, hi)) return frameScene(app);
  orbitFrame(app.camera, lo, hi);
}

}  // namespace fx::gui
