// The viewer's document: open (a preset, a tag, an engine asset or a bug-report bundle), reload,
// save and Save As, and hot reload by polling the modification times of every file it reads.
#include "app/gui/app.h"

#include <algorithm>
#include <iostream>

#include "engine/core/paths.h"
#include "engine/core/platform.h"
#include "engine/session/bundle.h"
#include "engine/session/documents.h"
#include "engine/session/file_kinds.h"
#include "engine/session/tag_scene.h"
#include "engine/session/world_edit.h"

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
    if (app.preset && path == app.presetPath) {
      app.runningLastGood = true;
      app.loadDiagnostics.warning(toUtf8(path), "",
                                  "not loaded: the last good state keeps running");
    } else if (app.preset) {
      app.loadDiagnostics.warning(toUtf8(path), "",
                                  "not opened: " + toUtf8(app.presetPath) + " stays open");
    } else {
      // Nothing runs yet: watch the file (and those the errors name), so fixing it in an editor
      // brings the scene up.
      app.presetPath = path;
      rebuildWatch(app);
    }
    return false;
  }
  app.runningLastGood = false;
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
    // What readBundleMoment checked (finite numbers in range), not the raw JSON again.
    app.camera = orbitFromLookAt(moment->cameraPosition.value_or(orbitEye(app.camera)),
                                 moment->cameraTarget.value_or(app.camera.target),
                                 moment->fovDeg.value_or(app.camera.fovDeg),
                                 moment->nearPlane.value_or(app.camera.nearPlane),
                                 moment->farPlane.value_or(app.camera.farPlane));
    if (moment->projection)
      app.camera.orthographic = *moment->projection == Projection::Orthographic;
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

}  // namespace

void resetCameraFromPreset(App& app) {
  app.camera = orbitFromCamera(app.preset->scene.camera);
}

bool openDocument(App& app, const fs::path& path) {
  if (opensAs(path, FileOpening::Bundle)) return loadBundle(app, path);
  if (isBundleZip(path)) {  // unpacked into the user's cache folder, then opened as a folder
    Diagnostics diags;
    fs::path dir = unpackedBundle(path, diags);
    if (dir.empty()) {
      app.loadDiagnostics = diags;
      return false;
    }
    return loadBundle(app, dir);
  }
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

}  // namespace fx::gui
