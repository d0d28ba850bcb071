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
#include "engine/core/field_json.h"
#include "engine/effects/tag_scene.h"
#include "engine/formats/halo/tag_paths.h"

namespace fx::gui {

namespace fs = std::filesystem;

namespace {

constexpr double kPollSeconds = 0.5;

fs::file_time_type mtimeOf(const fs::path& p) {
  std::error_code ec;
  auto t = fs::last_write_time(p, ec);
  return ec ? fs::file_time_type::min() : t;
}

// Replaces the document with `path`. `keepView`: a hot reload keeps camera, time and overlays.
// On errors with a document already open, the old one keeps running.
bool loadInto(App& app, const fs::path& path, bool keepView, bool allowErrors) {
  Diagnostics diags;
  auto preset =
      loadPresetOrTag(path, app.args.model, diags,
                      {.allowAnyPath = app.args.allowAnyPath, .tagsDir = app.args.tagsDir});
  if (preset) lintPreset(*preset, diags);
  bool failed = !preset || (diags.hasErrors() && !allowErrors);
  app.loadDiagnostics = diags;
  if (failed) {
    if (app.preset)
      app.loadDiagnostics.warning(path.string(), "",
                                  "not loaded: the last good state keeps running");
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

bool loadBundle(App& app, const fs::path& dir) {
  Diagnostics diags;
  auto meta = loadJsonFile(dir / "bundle.json", (dir / "bundle.json").string(), diags);
  if (!meta || !meta->is_object()) {
    app.loadDiagnostics = diags;
    return false;
  }
  bool anyPath = app.args.allowAnyPath;
  app.args.allowAnyPath = true;  // bundles name textures by absolute path
  bool ok = loadInto(app, dir / "preset.json", false, true);
  app.args.allowAnyPath = anyPath;
  if (!ok) return false;
  const Json& m = *meta;
  World& w = *app.world;
  if (m.contains("simulation") && m["simulation"].is_object()) {
    const Json& s = m["simulation"];
    if (s.value("mode", "tick") == "frame") w.simulation().mode = SimulationMode::Frame;
    if (s.contains("rate") && s["rate"].is_number())
      w.simulation().rate = std::clamp(s["rate"].get<float>(), 1.0f, 1000.0f);
  }
  uint32_t seed =
      m.contains("seed") && m["seed"].is_number_unsigned() ? m["seed"].get<uint32_t>() : w.seed();
  w.reset(seed);
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
  double time = m.value("time", 0.0);
  seekTransport(app.transport, w, std::clamp(time, 0.0, 3600.0));
  app.transport.playing = false;  // reopened at that moment
  setStatus(app, "bundle " + dir.string() + " at t = " + std::to_string(time) + " s");
  return true;
}

// Texture paths made absolute so a bundle's inline definitions still find them.
class AbsolutePaths final : public FieldWalker {
 public:
  AbsolutePaths(fs::path base, fs::path tagsDir)
      : base_(std::move(base)), tagsDir_(std::move(tagsDir)) {}
  void visit(const FieldMeta& m, std::string& v, std::string_view) override {
    if ((m.hint != FieldHint::TexturePath && m.hint != FieldHint::DefinitionPath) || v.empty())
      return;
    // Halo tag references live under the tags root, not beside the definition.
    if (halo::isTagPath(v))
      if (auto hit = halo::resolveCaseInsensitive(halo::tagsRootFor(base_ / "_", tagsDir_), v)) {
        v = hit->string();
        return;
      }
    fs::path p(v);
    std::error_code ec;
    if (p.is_relative()) {
      fs::path c = base_ / p;
      if (!fs::exists(c, ec) && v.rfind("assets/", 0) == 0) c = fs::path(FXVIEW_SOURCE_DIR) / p;
      v = fs::weakly_canonical(c, ec).string();
    }
  }

 private:
  fs::path base_, tagsDir_;
};

Json vecJson(vec3 v) {
  return Json::array({floatJson(v.x), floatJson(v.y), floatJson(v.z)});
}

}  // namespace

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
  std::error_code ec;
  if (fs::is_directory(path, ec) && fs::exists(path / "bundle.json", ec))
    return loadBundle(app, path);
  // The first document may have errors (shown in the errors panel); later loads keep the old
  // document when the new one has errors.
  return loadInto(app, path, false, !app.preset);
}

std::string saveDocument(App& app, const fs::path& path) {
  if (!app.preset) return "no preset is loaded";
  fs::path target = path.empty() ? app.presetPath : path;
  std::string err = savePreset(*app.preset, target);
  if (!err.empty()) return err;
  app.presetPath = target;
  app.preset->displayName = target.string();
  app.history.markSaved();
  rebuildWatch(app);  // our own write is not an outside change
  setStatus(app, "saved " + target.string());
  return {};
}

void rebuildWatch(App& app) {
  app.watch.entries.clear();
  if (!app.preset) return;
  auto add = [&](const fs::path& p, bool texture) {
    for (const auto& e : app.watch.entries)
      if (e.path == p) return;
    app.watch.entries.push_back({p, mtimeOf(p), texture});
  };
  add(app.presetPath, false);
  for (const auto& e : app.preset->effects) add(e.definitionFile, false);
  for (const auto& t : app.drawList.textures) add(t.path, true);
}

void pollHotReload(App& app, double now) {
  if (now < app.watch.nextPoll || !app.preset) return;
  app.watch.nextPoll = now + kPollSeconds;
  // Textures that appeared since the last poll are watched too.
  for (const auto& t : app.drawList.textures) {
    bool known = std::any_of(app.watch.entries.begin(), app.watch.entries.end(),
                             [&](const FileWatch::Entry& e) { return e.path == fs::path(t.path); });
    if (!known) app.watch.entries.push_back({t.path, mtimeOf(t.path), true});
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
    if (r->init({}, err))
      app.renderer = std::move(r);
    else
      app.runtimeErrors.push_back("texture reload: " + err);
    setStatus(app, "textures reloaded");
  }
  if (reloadDoc) {
    if (app.history.dirty()) {
      setStatus(app, "changed on disk; not reloaded over unsaved edits (use load to discard them)");
      return;
    }
    if (loadInto(app, app.presetPath, true, false))
      setStatus(app, "reloaded " + app.presetPath.string());
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
  std::tm tm{};
  localtime_r(&t, &tm);
  std::ostringstream s;
  s << "screenshots/fxview_" << std::put_time(&tm, "%Y%m%d_%H%M%S") << ".png";
  return s.str();
}

void runConsole(App& app, const std::string& line, bool echo) {
  if (echo) app.consoleLog.push_back({ConsoleLine::Input, "> " + line});
  if (!app.preset || !app.world) {
    // Without a document only `load` and `quit` make sense.
    auto st = parseConsoleLine(line);
    for (const auto& s : st) {
      if (s.command() == "load" && s.tokens.size() > 1)
        openDocument(app, s.tokens[1]);
      else if (s.command() == "quit")
        app.quitRequested = app.quitConfirmed = true;
      else
        app.consoleLog.push_back({ConsoleLine::Error, "no preset is loaded"});
    }
    return;
  }
  ConsoleSession session{.preset = app.preset.get(),
                         .world = app.world.get(),
                         .transport = &app.transport,
                         .split = &app.split,
                         .framerateThrottle = app.framerateThrottle,
                         .allowAnyPath = app.args.allowAnyPath};
  ConsoleSession* s = &session;
  session.hooks.load = [&app, s](const std::string& path) -> std::string {
    if (!openDocument(app, path)) return "could not load " + path + " (see the errors panel)";
    s->preset = app.preset.get();
    s->world = app.world.get();
    return {};
  };
  session.hooks.save = [&app](const std::string& path) { return saveDocument(app, path); };
  session.hooks.screenshot = [&app](const std::string& path) -> std::string {
    app.pendingScreenshot = path.empty() ? defaultScreenshotPath() : path;
    // One more frame first, so panels that settle a frame late (the console scrolling to its
    // newest line) are in the picture.
    app.screenshotFrame = app.frameIndex + 1;
    return {};
  };
  session.hooks.bundle = [&app](const std::string& path) -> std::string {
    app.pendingBundle = path;
    return {};
  };
  session.hooks.gif = [&app](const std::string& path, int frames, double every) {
    return exportFrames(app, path, frames, every, 0, true);
  };
  session.hooks.sheet = [&app](const std::string& path, int frames, double every, int columns) {
    return exportFrames(app, path, frames, every, columns, false);
  };
  session.hooks.undo = [&app]() -> std::string {
    if (!app.history.canUndo()) return "nothing to undo";
    undo(app);
    return {};
  };
  session.hooks.redo = [&app]() -> std::string {
    if (!app.history.canRedo()) return "nothing to redo";
    redo(app);
    return {};
  };
  session.hooks.quit = [&app] { app.quitRequested = app.quitConfirmed = true; };
  session.hooks.edited = [&app](const FieldEdit& e) {
    app.history.record(
        {.target = e.target, .label = e.pointer, .before = e.before, .after = e.after});
    app.history.breakCoalescing();
    app.committed[e.target] = e.after;
    app.split.stale = true;
    // The inspector follows the effect a command edited.
    for (size_t i = 0; i < app.preset->effects.size(); ++i)
      if (effectTarget(app.preset->effects[i]) == e.target) app.selectedEffect = int(i);
  };
  for (auto& reply : executeConsole(session, line)) {
    if (reply.text.empty() && reply.ok) continue;
    app.consoleLog.push_back({reply.ok ? ConsoleLine::Output : ConsoleLine::Error, reply.text});
    if (!reply.ok) std::cerr << "fxview: " << reply.text << "\n";
  }
  app.framerateThrottle = session.framerateThrottle;
  if (app.consoleLog.size() > 2000)
    app.consoleLog.erase(app.consoleLog.begin(), app.consoleLog.begin() + 500);
}

void queueExec(App& app, const std::string& script) {
  for (auto& st : parseConsoleLine(script)) app.pendingExec.push_back(st.text);
}

void runPendingExec(App& app) {
  // Statements run in order; one that needs a rendered frame (screenshot, bundle) ends this
  // frame's share so the capture shows everything before it, and nothing runs until it is taken.
  if (!app.pendingScreenshot.empty() || !app.pendingBundle.empty()) return;
  while (!app.pendingExec.empty()) {
    std::string st = app.pendingExec.front();
    app.pendingExec.erase(app.pendingExec.begin());
    runConsole(app, st, true);
    if (!app.pendingScreenshot.empty() || !app.pendingBundle.empty() || app.quitRequested) break;
  }
}

void finishCaptures(App& app) {
  int w = int(app.framebuffer.x), h = int(app.framebuffer.y);
  if (!app.pendingScreenshot.empty() && app.frameIndex >= app.screenshotFrame) {
    fs::path p = app.pendingScreenshot;
    app.pendingScreenshot.clear();
    std::error_code ec;
    if (p.has_parent_path()) fs::create_directories(p.parent_path(), ec);
    std::string err;
    if (render::writePng(p, w, h, render::readFramebuffer(w, h), err)) {
      app.consoleLog.push_back({ConsoleLine::Output, "screenshot " + p.string()});
      setStatus(app, "screenshot " + p.string());
    } else {
      app.consoleLog.push_back({ConsoleLine::Error, "screenshot: " + err});
      std::cerr << "fxview: screenshot: " << err << "\n";
    }
  }
  if (!app.pendingBundle.empty()) {
    fs::path p = app.pendingBundle;
    app.pendingBundle.clear();
    std::string err = writeBundle(app, p);
    if (err.empty())
      app.consoleLog.push_back({ConsoleLine::Output, "bundle " + p.string()});
    else {
      app.consoleLog.push_back({ConsoleLine::Error, "bundle: " + err});
      std::cerr << "fxview: bundle: " << err << "\n";
    }
  }
}

std::string exportFrames(App& app, const fs::path& path, int frames, double every, int columns,
                         bool gif) {
  if (!app.preset || !app.world) return "no preset is loaded";
  if (path.empty()) return "give a file name";
  // A copy replays to now and renders offscreen; the running world keeps its state.
  auto preset = clonePreset(*app.preset);
  World world(*preset);
  world.flags = app.world->flags;
  world.reset(app.world->seed());
  SplitView split;
  split.spec = app.split.spec;
  // The window's size, halved while wider than 960 px (GIFs and sheets stay small).
  int w = int(app.framebuffer.x), h = int(app.framebuffer.y);
  while (w > 960) {
    w /= 2;
    h /= 2;
  }
  OrbitCamera camera = app.camera;
  cli::ViewMaker makeView = [camera](vec2 size) { return orbitView(camera, size); };
  std::vector<cli::Image> images = cli::captureFrames(
      *app.renderer, *preset, world, split.spec.enabled ? &split : nullptr, makeView,
      {.width = std::max(w, 16),
       .height = std::max(h, 16),
       .start = app.world->time(),
       .every = every,
       .frames = frames});
  std::string err = gif ? cli::writeGifAtomic(path, images, every)
                        : cli::writePngAtomic(path, cli::makeSheet(images, columns));
  if (err.empty()) setStatus(app, std::string(gif ? "GIF " : "sheet ") + path.string());
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

std::string writeBundle(App& app, const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return "cannot create " + dir.string() + ": " + ec.message();
  int w = int(app.framebuffer.x), h = int(app.framebuffer.y);
  std::string err;
  if (app.sceneCapture.size() != size_t(w) * size_t(h) * 4) return "no scene capture this frame";
  if (!render::writePng(dir / "screenshot.png", w, h, app.sceneCapture, err)) return err;

  // The preset as edited, definitions inline with absolute texture paths: self-contained.
  Json doc = presetToJson(*app.preset);
  if (doc.contains("effects") && doc["effects"].is_array())
    for (auto& e : app.preset->effects) {
      size_t index = size_t(std::strtoul(e.entryPointer.c_str() + 9, nullptr, 10));
      if (index >= doc["effects"].size()) continue;
      auto def = e.definition->clone();
      AbsolutePaths abs(e.definitionFile.parent_path(), app.preset->tagsDir);
      def->reflect(abs);
      Json dj = e.definitionJson;
      EffectDefinition* d = def.get();
      writeFields(dj, [d](FieldVisitor& v) { d->reflect(v); });
      doc["effects"][index]["definition"] = std::move(dj);
    }
  err = writeFileAtomic(dir / "preset.json", doc.dump(2) + "\n");
  if (!err.empty()) return err;

  World& world = *app.world;
  Json meta = Json::object();
  meta["fxview_version"] = FXVIEW_VERSION;
  meta["gl_renderer"] = app.glRenderer;
  meta["source"] = fs::absolute(app.presetPath, ec).string();
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
  for (const char* f : {"debug_point_physics", "render_model_markers", "debug_sprites", "weather",
                        "render_psystems", "module_shapes", "paths"})
    overlays[f] = *findDebugFlag(world.flags, f);
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
  meta["reopen"] = "fxview " + dir.string();
  err = writeFileAtomic(dir / "bundle.json", meta.dump(2) + "\n");
  if (!err.empty()) return err;
  setStatus(app, "bundle written to " + dir.string());
  return {};
}

std::string windowTitle(const App& app) {
  std::string t = "fxview";
  if (app.preset) {
    t += " - ";
    if (!app.preset->scene.name.empty()) t += app.preset->scene.name + " - ";
    t += app.presetPath.string();
  }
  if (app.history.dirty()) t += " *";
  return t;
}

void frameScene(App& app) {
  vec3 lo(1e30f), hi(-1e30f);
  bool any = false;
  auto add = [&](vec3 p) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return;
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
    any = true;
  };
  for (const auto& s : app.drawList.sprites)
    if (s.size > 0.0f) {
      add(s.position - vec3(s.size * 0.5f));
      add(s.position + vec3(s.size * 0.5f));
    }
  for (const auto& q : app.drawList.shaderQuads)
    for (const auto& c : q.corners) add(c);
  if (app.world)
    for (const auto& o : app.world->sceneState().objects) {
      add(o.world.position);
      for (const auto& m : o.markers) add(m.world.position);
    }
  if (!any) {
    lo = vec3(-1.0f);
    hi = vec3(1.0f);
  }
  orbitFrame(app.camera, lo, hi);
}

}  // namespace fx::gui
