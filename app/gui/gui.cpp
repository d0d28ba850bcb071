// The viewer's window and frame loop: GLFW (GL 3.3 core) + Dear ImGui over a full-window
// viewport that the renderer draws the World into. Panels float over the viewport (Dear ImGui
// 1.86 from Debian has no docking).
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

#include "app/gui/app.h"

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

// One frame: input, playback, panels, render, captures.
void frame(App& app, double dt) {
  glfwPollEvents();
  int fw = 0, fh = 0;
  glfwGetFramebufferSize(app.window, &fw, &fh);
  app.framebuffer = vec2(std::max(fw, 1), std::max(fh, 1));

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();

  if (app.frameIndex >= 2) runPendingExec(app);
  handleShortcuts(app);
  handleViewportInput(app);
  if (app.world) {
    advanceTransport(app.transport, *app.world, dt);
  }
  app.view = orbitView(app.camera, app.framebuffer);
  if (app.world) app.world->setView(app.view);

  drawToolbar(app);
  if (app.showScene) drawScenePanel(app);
  if (app.showInspector) drawInspector(app);
  drawErrors(app);
  if (app.showConsole) drawConsole(app);
  drawPrompts(app);

  // The scene.
  app.drawList.clear();
  app.debugDraw.clear();
  ColorRgba bg = app.preset ? app.preset->scene.background : ColorRgba{0.05f, 0.05f, 0.08f, 1.0f};
  if (app.world) app.world->collect(app.drawList, app.debugDraw);
  app.renderer->beginFrame(fw, fh, bg);
  app.renderer->draw(app.drawList, app.view);
  app.renderer->drawDebug(app.debugDraw, app.view);
  app.renderStats = app.renderer->stats();
  for (auto& w : app.renderer->takeWarnings()) app.runtimeErrors.push_back(w);
  drawLabels(app, app.debugDraw, app.view, vec2(0.0f));
  if (!app.pendingBundle.empty()) app.sceneCapture = render::readFramebuffer(fw, fh);

  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  finishCaptures(app);
  glfwSwapBuffers(app.window);
  glfwSetWindowTitle(app.window, windowTitle(app).c_str());
  pollHotReload(app, nowSeconds());
}

}  // namespace

int runGui(const GuiArgs& args) {
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) return noDisplay();
  glfwSetErrorCallback(glfwError);
  if (!glfwInit()) return noDisplay();
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(1280, 800, "fxview", nullptr, nullptr);
  if (!window) {
    glfwTerminate();
    std::cerr << "fxview: could not open a GL 3.3 core window\n";
    return 2;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);
  if (!render::loadGL((render::GetProcAddress)glfwGetProcAddress)) {
    std::cerr << "fxview: GL 3.3 core is not available\n";
    glfwDestroyWindow(window);
    glfwTerminate();
    return 2;
  }

  int rc = 0;
  {
    App app;
    app.args = args;
    app.window = window;
    app.glRenderer = render::glRendererString();
    app.renderer = std::make_unique<render::Renderer>();
    std::string err;
    if (!app.renderer->init({}, err)) {
      std::cerr << "fxview: renderer: " << err << "\n";
      rc = 1;
    } else {
      IMGUI_CHECKVERSION();
      ImGui::CreateContext();
      ImGui::GetIO().IniFilename = nullptr;  // fixed layout; nothing written beside the binary
      applyStyle();
      ImGui_ImplGlfw_InitForOpenGL(window, true);
      ImGui_ImplOpenGL3_Init("#version 330 core");

      std::filesystem::path path = args.preset.empty()
                                       ? std::filesystem::path("presets/gallery.json")
                                       : std::filesystem::path(args.preset);
      if (args.preset.empty() && !std::filesystem::exists(path))
        path = std::filesystem::path(FXVIEW_SOURCE_DIR) / "presets/gallery.json";
      if (!openDocument(app, path)) {
        std::cerr << "fxview: could not open " << path.string() << "\n"
                  << app.loadDiagnostics.formatAll();
        if (!app.preset) app.showConsole = true;
      }
      for (const auto& d : app.loadDiagnostics.items) std::cerr << format(d) << "\n";
      if (!args.exec.empty()) {
        queueExec(app, args.exec);
        app.showConsole = true;  // a scripted session shows its transcript
      }

      auto last = std::chrono::steady_clock::now();
      double fpsAccum = 0.0;
      int fpsFrames = 0;
      while (true) {
        if (glfwWindowShouldClose(window) && !app.quitRequested) {
          glfwSetWindowShouldClose(window, GLFW_FALSE);
          app.quitRequested = true;
        }
        if (app.quitRequested) {
          if (app.quitConfirmed || !app.history.dirty()) break;
          app.showQuitPrompt = true;
          app.quitRequested = false;
        }
        if (args.maxFrames > 0 && app.frameIndex >= uint64_t(args.maxFrames)) break;
        auto now = std::chrono::steady_clock::now();
        double dt = std::chrono::duration<double>(now - last).count();
        last = now;
        fpsAccum += dt;
        ++fpsFrames;
        // Scripted sessions (--frames) step as if frames came at the simulation rate, so a
        // script gives the same pictures on a fast or a slow machine.
        if (args.maxFrames > 0 && app.world) dt = 1.0 / app.world->simulation().rate;
        if (fpsAccum >= 0.5) {
          app.fps = fpsFrames / fpsAccum;
          app.frameMs = 1000.0 * fpsAccum / fpsFrames;
          fpsAccum = 0.0;
          fpsFrames = 0;
        }
        frame(app, dt);
        ++app.frameIndex;
        // framerate_throttle: no faster than the simulation rate, as the game's throttle.
        if (app.framerateThrottle && app.world && args.maxFrames <= 0) {
          double target = 1.0 / std::max(1.0f, app.world->simulation().rate);
          auto spent =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - now).count();
          if (spent < target)
            std::this_thread::sleep_for(std::chrono::duration<double>(target - spent));
        }
      }
      ImGui_ImplOpenGL3_Shutdown();
      ImGui_ImplGlfw_Shutdown();
      ImGui::DestroyContext();
    }
  }
  glfwDestroyWindow(window);
  glfwTerminate();
  return rc;
}

}  // namespace fx::gui
