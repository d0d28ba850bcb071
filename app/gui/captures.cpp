// Pictures out of the viewer: the picture area's pixels, screenshots taken at the end of a frame,
// clips and sheets rendered offscreen from a copy of the world, and bug-report bundles.
#include "app/gui/app.h"

#include <algorithm>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "app/capture/frames.h"
#include "app/capture/video.h"
#include "engine/core/field_json.h"
#include "engine/core/file_write.h"
#include "engine/core/paths.h"
#include "engine/core/platform.h"
#include "engine/core/text.h"
#include "engine/formats/zip_archive.h"
#include "engine/session/bundle.h"
#include "engine/session/self_contained.h"
#include "engine/session/world_split.h"

namespace fx::gui {

namespace fs = std::filesystem;

namespace {

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

std::string defaultScreenshotPath() {
  std::time_t t = std::time(nullptr);
  std::tm tm = platform::localTime(t);
  std::ostringstream s;
  s << "screenshots/fxview_" << std::put_time(&tm, "%Y%m%d_%H%M%S") << ".png";
  return s.str();
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
    std::string err = writeBundle(app, p, std::exchange(app.pendingBundleZip, false));
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
  capture::ViewMaker makeView = [camera](vec2 size) { return orbitView(camera, size); };
  capture::CaptureOptions options{.width = std::max(w, 16),
                                  .height = std::max(h, 16),
                                  .start = app.world->time(),
                                  .every = every,
                                  .frames = frames};
  SplitView* right = split.spec.enabled ? &split : nullptr;
  std::string err;
  if (kind == FrameExport::Video) {  // streamed: a clip never holds every frame in memory
    capture::VideoWriter video;
    err = video.open(path, options.width, options.height, every);
    if (err.empty())
      err =
          capture::captureFrames(*app.renderer, *preset, world, right, makeView, options,
                                 [&video](int, capture::Image& frame) { return video.add(frame); });
    if (err.empty()) err = video.finish();
  } else {
    std::vector<capture::Image> images =
        capture::captureFrames(*app.renderer, *preset, world, right, makeView, options);
    err = kind == FrameExport::Gif
              ? capture::writeGifAtomic(path, images, every)
              : capture::writePngAtomic(path, capture::makeSheet(images, columns));
  }
  const char* label = kind == FrameExport::Gif     ? "GIF "
                      : kind == FrameExport::Video ? "video "
                                                   : "sheet ";
  if (err.empty()) setStatus(app, label + toUtf8(path));
  return err;
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
                    {"projection", app.camera.orthographic ? "orthographic" : "perspective"},
                    {"near", floatJson(app.camera.nearPlane)},
                    {"far", floatJson(app.camera.farPlane)},
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

namespace {

// The bundle written into a new folder beside `folder`, then renamed: it appears whole or not at
// all, and a failed one leaves nothing that would refuse the next try.
std::string writeBundleFolder(App& app, const fs::path& folder, int w, int h) {
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
  }
  return err;
}

// `bundle X.zip`: the folder is written in the user's cache folder, packed under a folder named
// X in the zip, and removed; only the zip lands where the user asked.
std::string writeBundleZip(App& app, const fs::path& zip, int w, int h) {
  std::error_code ec;
  fs::path work = platform::cacheFolder() / "bundles" /
                  toPath("writing-" + std::to_string(platform::processId()));
  fs::remove_all(work, ec);
  fs::path folder = work / zip.stem();
  std::string err = writeBundleFolder(app, folder, w, h);
  if (err.empty()) err = zipFolder(folder, zip, toUtf8(zip.stem()));
  fs::remove_all(work, ec);
  return err;
}

}  // namespace

std::string writeBundle(App& app, const fs::path& dir, bool alsoZip) {
  // Checked again here: the folder may have been filled since `bundle` was typed.
  if (std::string why = bundleFolderRefusal(dir); !why.empty()) return why;
  int w = int(app.framebuffer.x), h = int(app.framebuffer.y);
  if (app.captureSize.x > 0) {
    w = int(app.captureSize.x);
    h = int(app.captureSize.y);
  }
  if (app.sceneCapture.size() != size_t(w) * size_t(h) * 4) return "no scene capture this frame";
  if (isZipName(dir)) {
    if (std::string err = writeBundleZip(app, dir, w, h); !err.empty()) return err;
    setStatus(app, "bug report written to " + toUtf8(dir));
    return {};
  }
  fs::path folder = dir.lexically_normal();
  if (folder.filename().empty()) folder = folder.parent_path();
  fs::path zip = folder;
  zip += toPath(".zip");
  if (alsoZip)
    if (std::string why = bundleFolderRefusal(zip); !why.empty()) return why;
  if (std::string err = writeBundleFolder(app, folder, w, h); !err.empty()) return err;
  if (alsoZip)
    if (std::string err = zipFolder(folder, zip, toUtf8(folder.filename())); !err.empty())
      return "the folder " + toUtf8(folder) + " is written, but not the zip: " + err;
  setStatus(app, "bundle written to " + toUtf8(dir) + (alsoZip ? " and " + toUtf8(zip) : ""));
  return {};
}

}  // namespace fx::gui
