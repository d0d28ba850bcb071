// The viewer's window and frame loop: GLFW (GL 3.3 core) + Dear ImGui. The menu bar, toolbar,
// side panels and bottom area tile the window around the picture area (layout.h; Dear ImGui 1.86
// from Debian has no docking), and the renderer draws the World into that area only. Files
// dropped on the window open like File > Open; the layout and window size persist (settings.h).
#include "app/gui/gui.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <thread>
#include <vector>

#include "app/capture/frames.h"
#include "app/gui/app.h"
#include "engine/core/data_paths.h"
#include "engine/core/paths.h"
#include "engine/core/platform.h"
#include "engine/core/startup_phases.h"

namespace fx::gui {

namespace {

void glfwError(int code, const char* text) {
  std::cerr << "fxview: GLFW error " << code << ": " << text << "\n";
}

int noDisplay() {
  std::cerr << "fxview: no display available. Render headless instead:\n"
               "  fxview render presets/gallery.json -o gallery.png\n";
  return 2;
}

void applyStyle() {
  ImGui::StyleColorsDark();
  ImGuiStyle& s = ImGui::GetStyle();
  s.WindowRounding = 3.0f;
  s.FrameRounding = 2.0f;
  s.WindowBorderSize = 1.0f;
  s.Colors[ImGuiCol_WindowBg].w = 0.90f;
  s.ItemSpacing = ImVec2(6, 3);
  s.FramePadding = ImVec2(4, 2);
}

// The split view: left half = the document's world, right half = the split's copy, inside the
// uncovered part of the window, with a divider and a caption under each half.
void drawSplit(App& app, int fh) {
  ImGuiIO& io = ImGui::GetIO();
  float sx = io.DisplayFramebufferScale.x > 0 ? io.DisplayFramebufferScale.x : 1.0f;
  PixelRect vp = viewportPixelRect(app);
  float left = app.regions.viewport.x, right = app.regions.viewport.right();
  OrbitCamera camera = app.camera;
  capture::ViewMaker makeView = [camera](vec2 size) { return orbitView(camera, size); };
  capture::SplitRects rects = capture::splitViews(makeView, float(vp.x), float(fh - vp.y - vp.h),
                                                  float(vp.w), float(vp.h), true);
  app.view = rects.left;
  World& a = *app.world;
  World& b = *app.split.world;
  app.splitDrawList.clear();
  app.splitDebugDraw.clear();
  a.setView(rects.left);
  b.setView(rects.right);
  a.collect(app.drawList, app.debugDraw);
  addParticleMarker(app, app.debugDraw);
  b.collect(app.splitDrawList, app.splitDebugDraw);
  app.renderer->draw(app.drawList, rects.left);
  app.renderer->drawDebug(app.debugDraw, rects.left);
  app.renderer->draw(app.splitDrawList, rects.right);
  app.renderer->drawDebug(app.splitDebugDraw, rects.right);
  app.renderStats = app.renderer->stats();
  // Each half reports coverage of its own viewport; over the two equal halves it is the mean.
  app.renderStats.coverage *= 0.5;
  float top = app.regions.viewport.y, bottom = app.regions.viewport.bottom();
  drawLabels(app, app.debugDraw, rects.left, vec2(left, top));
  float mid = rects.right.viewportOriginPx.x / sx;
  drawLabels(app, app.splitDebugDraw, rects.right, vec2(mid, top));

  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  dl->AddLine(ImVec2(mid, top), ImVec2(mid, bottom), IM_COL32(255, 255, 255, 160), 2.0f);
  float captionY = bottom - 10.0f;
  // Captions at the bottom of each half, clipped to it: the simulation, then the changed field.
  auto caption = [&](float x0, float x1, std::vector<std::string> lines) {
    float lineH = ImGui::GetTextLineHeightWithSpacing();
    float y = captionY - lineH * float(lines.size());
    float w = 0.0f;
    for (const auto& l : lines) w = std::max(w, ImGui::CalcTextSize(l.c_str()).x);
    dl->PushClipRect(ImVec2(x0, top), ImVec2(x1, bottom), true);
    dl->AddRectFilled(ImVec2(x0 + 6, y - 3), ImVec2(x0 + 14 + w, captionY + 1),
                      IM_COL32(0, 0, 0, 170), 3.0f);
    for (const auto& l : lines) {
      dl->AddText(ImVec2(x0 + 10, y), IM_COL32(255, 255, 255, 255), l.c_str());
      y += lineH;
    }
    dl->PopClipRect();
  };
  caption(left, mid, {"left: " + simulationLabel(app.preset->scene.simulation)});
  std::vector<std::string> rightLines{"right: " +
                                      simulationLabel(app.split.preset->scene.simulation)};
  if (!app.split.spec.field.empty())
    rightLines.push_back(app.split.spec.field + " = " + app.split.spec.value);
  caption(mid, right, rightLines);
}

// Every panel and window over the picture, this frame.
void drawPanels(App& app) {
  drawToolbar(app);
  if (app.settings.layout.showScene) drawScenePanel(app);
  if (app.settings.layout.showInspector) drawInspector(app);
  drawBottomArea(app);
  drawParticlePanel(app);
  drawSplitters(app);
  drawFileBrowser(app);
  drawShortcuts(app);
  drawAbout(app);
  drawRecordDialog(app);
  drawViewportNotices(app);
  drawSceneContextWindow(app);
  drawCostWindow(app);
  drawPrompts(app);
  drawRecoveryPrompt(app);
}

// The scene: one view over the window, or the split halves side by side over the part of the
// window no side panel covers, both from the same orbit camera.
void drawScene(App& app, int fw, int fh) {
  app.drawList.clear();
  app.debugDraw.clear();
  addSceneContext(app, app.debugDraw);
  ColorRgba bg = app.preset ? app.preset->scene.background : ColorRgba{0.05f, 0.05f, 0.08f, 1.0f};
  if (app.world && app.split.spec.enabled) {
    followSplit(app.split, *app.preset, *app.world, app.args.allowAnyPath);
    if (app.split.world) app.split.world->cpuClock = nowSeconds;
  }
  app.renderer->beginFrame(fw, fh, bg);
  beginPicture(app);
  if (app.world && app.split.world) {
    drawSplit(app, fh);
  } else {
    if (app.world) app.world->collect(app.drawList, app.debugDraw);
    addParticleMarker(app, app.debugDraw);
    setCostSpans(app);
    app.renderer->draw(app.drawList, app.view);
    app.renderer->drawDebug(app.debugDraw, app.view);
    app.renderStats = app.renderer->stats();
    drawLabels(app, app.debugDraw, app.view, vec2(app.regions.viewport.x, app.regions.viewport.y));
  }
  drawViewGizmo(app);
  app.renderer->endGpuTimer();
  app.renderer->endFrame();
}

// One frame: input, playback, panels, render, captures.
void frame(App& app, double dt) {
  glfwPollEvents();
  int fw = 0, fh = 0;
  glfwGetFramebufferSize(app.window, &fw, &fh);
  app.framebuffer = vec2(std::max(fw, 1), std::max(fh, 1));

  ImGui_ImplOpenGL3_NewFrame();
  applyUiScale(app, applyStyle);  // the font atlas changes only between frames
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  app.displaySize = vec2(io.DisplaySize.x, io.DisplaySize.y);

  if (!app.droppedFiles.empty()) {
    // Several files dropped at once: the first opens (one document at a time).
    requestOpen(app, toPath(std::exchange(app.droppedFiles, {}).front()));
  }
  if (app.frameIndex >= 2) runPendingExec(app);
  handleShortcuts(app);
  drawMenuBar(app);
  app.regions = computeRegions(app.settings.layout, io.DisplaySize.x, io.DisplaySize.y,
                               ImGui::GetFrameHeight(), app.toolbarHeight, uiScaleOf(app));
  frameOpenedFile(app);
  handleViewportInput(app);
  handleParticlePick(app);
  if (app.world) {
    advanceTransport(app.transport, *app.world, dt);
    recordTimeline(app);
  }
  PixelRect vp = viewportPixelRect(app);
  app.view = orbitView(app.camera, vec2(float(vp.w), float(vp.h)));
  app.view.viewportOriginPx = vec2(float(vp.x), float(fh - vp.y - vp.h));
  if (app.world) app.world->setView(app.view);
  updateParticleInspector(app);

  drawPanels(app);
  drawScene(app, fw, fh);
  updateCost(app);
  if (app.world) updateFamilyTimes(app);
  for (auto& w : app.renderer->takeWarnings()) app.runtimeErrors.push_back(w);
  if (!app.pendingBundle.empty()) {
    int w = fw, h = fh;
    app.sceneCapture = viewportPixels(app, render::readFramebuffer(fw, fh), w, h);
    app.captureSize = vec2(float(w), float(h));
  }

  advanceRecording(app);  // offscreen; leaves the window's framebuffer bound again
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  finishCaptures(app);
  glfwSwapBuffers(app.window);
  glfwSetWindowTitle(app.window, windowTitle(app).c_str());
  pollHotReload(app, nowSeconds());
  autosaveTick(app, nowSeconds());
}

// GLFW's window hints: a GL 3.3 core context.
void windowHints() {
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
#ifndef NDEBUG
  // Debug builds: a debug context, so the renderer's KHR_debug callback hears everything.
  glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE);
#endif
}

// The window at the size asked for (--window) or remembered, its context current and GL loaded;
// nullptr, after saying why and taking GLFW down, when either fails.
GLFWwindow* openWindow(const GuiArgs& args, const ViewerSettings& settings) {
  int width = args.windowGiven ? args.windowWidth : settings.windowWidth;
  int height = args.windowGiven ? args.windowHeight : settings.windowHeight;
  GLFWwindow* window = glfwCreateWindow(width, height, "fxview", nullptr, nullptr);
  if (!window) {
    glfwTerminate();
    std::cerr << "fxview: could not open a GL 3.3 core window\n";
    return nullptr;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);
  if (!render::loadGL((render::GetProcAddress)glfwGetProcAddress)) {
    std::cerr << "fxview: GL 3.3 core is not available\n";
    glfwDestroyWindow(window);
    glfwTerminate();
    return nullptr;
  }
  return window;
}

// Files dropped on the window wait in app.droppedFiles for the next frame to open them.
void acceptDrops(App& app) {
  glfwSetWindowUserPointer(app.window, &app);
  glfwSetDropCallback(app.window, [](GLFWwindow* w, int count, const char** paths) {
    auto* a = static_cast<App*>(glfwGetWindowUserPointer(w));
    for (int i = 0; i < count; ++i) a->droppedFiles.emplace_back(paths[i]);
  });
}

void initImGui(App& app) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  // The layout is ours (settings.h); nothing written beside the binary.
  ImGui::GetIO().IniFilename = nullptr;
  applyViewSettings(app);
  applyStyle();
  ImGui_ImplGlfw_InitForOpenGL(app.window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
}

// The document named on the command line (the shipped gallery when none is), then the --exec
// script queued. Returns whether the document opened.
bool openFirstDocument(App& app, const GuiArgs& args) {
  std::filesystem::path path =
      args.preset.empty() ? std::filesystem::path("presets/gallery.json") : toPath(args.preset);
  if (args.preset.empty() && !std::filesystem::exists(path))
    if (auto shipped = findDataFile("presets/gallery.json"); !shipped.empty()) path = shipped;
  // A document that fails to open still opens the viewer: its errors are in the errors
  // panel and the file is watched, so fixing it brings the scene up (hot reload).
  const bool opened = openDocument(app, path);
  if (!opened) {
    std::cerr << "fxview: could not open " << toUtf8(path) << "\n";
    if (!app.preset) showTab(app, BottomTab::Console);
  } else if (!args.preset.empty())
    addRecentFile(app.settings, path);
  // Once each (the reason it did not open among them).
  std::cerr << app.loadDiagnostics.formatAll();
  if (!args.exec.empty()) {
    queueExec(app, args.exec);
    showTab(app, BottomTab::Console);  // a scripted session shows its transcript
  }
  return opened;
}

// Whether the frame loop ends now: a close (the window's or Quit) that is confirmed or leaves
// nothing unsaved, or the last of --frames. A close with unsaved edits shows the quit prompt.
bool loopEnds(App& app, const GuiArgs& args) {
  if (glfwWindowShouldClose(app.window) && !app.quitRequested) {
    glfwSetWindowShouldClose(app.window, GLFW_FALSE);
    app.quitRequested = true;
  }
  if (app.quitRequested) {
    if (app.quitConfirmed || !app.history.dirty()) return true;
    app.showQuitPrompt = true;
    app.quitRequested = false;
  }
  return args.maxFrames > 0 && app.frameIndex >= uint64_t(args.maxFrames);
}

// Wall-clock frame times, and the toolbar's frame rate averaged over half a second.
struct FrameClock {
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
  double accum = 0.0;
  int frames = 0;

  // Seconds since the previous frame began at `now`.
  double tick(App& app, std::chrono::steady_clock::time_point now) {
    double dt = std::chrono::duration<double>(now - last).count();
    last = now;
    accum += dt;
    ++frames;
    if (accum >= 0.5) {
      app.fps = frames / accum;
      app.frameMs = 1000.0 * accum / frames;
      accum = 0.0;
      frames = 0;
    }
    return dt;
  }
};

// framerate_throttle: no faster than the simulation rate, as the game's throttle.
void throttle(const App& app, const GuiArgs& args, std::chrono::steady_clock::time_point start) {
  if (app.framerateThrottle && app.world && args.maxFrames <= 0) {
    double target = 1.0 / std::max(1.0f, app.world->simulation().rate);
    auto spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (spent < target) std::this_thread::sleep_for(std::chrono::duration<double>(target - spent));
  }
}

void runFrames(App& app, const GuiArgs& args) {
  FrameClock clock;
  while (!loopEnds(app, args)) {
    auto now = std::chrono::steady_clock::now();
    double dt = clock.tick(app, now);
    // Scripted sessions (--frames) step as if frames came at the simulation rate, so a
    // script gives the same pictures on a fast or a slow machine.
    if (args.maxFrames > 0 && app.world) dt = 1.0 / app.world->simulation().rate;
    frame(app, dt);
    if (app.frameIndex == 0) startup::mark("first_frame");  // up to its swap
    ++app.frameIndex;
    throttle(app, args, now);
  }
}

// Remembers the window size (with the layout, settings.h), then takes ImGui down.
void closeViewer(App& app) {
  glfwGetWindowSize(app.window, &app.settings.windowWidth, &app.settings.windowHeight);
  if (std::string e = saveSettings(app.settings, app.settingsFile); !e.empty())
    std::cerr << "fxview: settings not saved: " << e << "\n";
  glfwSetWindowUserPointer(app.window, nullptr);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

// The viewer in its open window: renderer, ImGui, the first document, the frames, then the
// settings saved. Returns the exit code.
int runViewer(App& app, const GuiArgs& args) {
  acceptDrops(app);
  app.glRenderer = render::glRendererString();
  app.renderer = std::make_unique<render::Renderer>();
  std::string err;
  if (!app.renderer->init({}, err)) {
    std::cerr << "fxview: renderer: " << err << "\n";
    return 1;
  }
  startup::mark("renderer_init");
  initImGui(app);
  startup::mark("imgui_init");
  const bool opened = openFirstDocument(app, args);
  startup::mark("load_preset");
  offerRecoveries(app);
  runFrames(app, args);
  endAutosave(app);  // a normal quit: saved, or the user chose to drop the edits
  closeViewer(app);
  // From the command line a failure is never status 0: the document never opened, or a statement
  // of the --exec script failed.
  return (!opened && !app.preset) || app.execFailed ? 1 : 0;
}

}  // namespace

int runGui(const GuiArgs& args) {
  if (!platform::displayAvailable()) return noDisplay();
  glfwSetErrorCallback(glfwError);
  if (!glfwInit()) return noDisplay();
  platform::keepInputLibrariesLoaded();  // before any glfwTerminate (Wine's XInput, platform.h)
  windowHints();
  std::filesystem::path settingsFile = settingsPath();
  std::string settingsWarning;
  ViewerSettings settings = loadSettings(settingsFile, settingsWarning);
  if (!settingsWarning.empty()) std::cerr << "fxview: " << settingsWarning << "\n";
  startup::mark("glfw_init");
  GLFWwindow* window = openWindow(args, settings);
  if (!window) return 2;
  startup::mark("window_and_context");

  int rc = 0;
  {
    App app;
    app.args = args;
    app.window = window;
    app.settings = settings;
    app.settingsFile = settingsFile;
    rc = runViewer(app, args);
  }
  glfwDestroyWindow(window);
  glfwTerminate();
  return rc;
}

}  // namespace fx::gui
