// The toolbar: transport (play / pause / step / restart / speed / loop), the time slider that
// seeks by deterministic re-simulation, seed, simulation mode and rate, file actions and the
// stats line (fps, live particles per effect against its budget, draw calls, sprites).
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/app.h"
#include "app/gui/layout.h"

namespace fx::gui {

namespace {

void transportRow(App& app) {
  World& w = *app.world;
  Transport& t = app.transport;
  if (ImGui::Button(t.playing ? "Pause" : "Play")) t.playing = !t.playing;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Space");
  ImGui::SameLine();
  if (ImGui::Button("Step")) stepTransport(t, w);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("One fixed step (.)");
  ImGui::SameLine();
  if (ImGui::Button("Restart")) restartTransport(t, w);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to time 0 with the same seed (R)");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70);
  float speed = float(t.speed);
  if (ImGui::DragFloat("speed", &speed, 0.01f, 0.0f, 16.0f, "%.2fx"))
    t.speed = std::clamp(speed, 0.0f, 16.0f);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70);
  float loop = float(t.loopSeconds);
  if (ImGui::DragFloat("loop", &loop, 0.05f, 0.0f, 3600.0f, loop > 0 ? "%.2f s" : "off"))
    t.loopSeconds = std::clamp(loop, 0.0f, 3600.0f);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Restart every N seconds so one-shot effects repeat (0 = off)");
  ImGui::SameLine();
  // Scrubbing: each change re-simulates from 0 with the seed (deterministic seek).
  float time = float(w.time());
  float maxTime = std::max({10.0f, float(t.loopSeconds), time * 1.25f});
  ImGui::SetNextItemWidth(260);
  if (ImGui::SliderFloat("time", &time, 0.0f, maxTime, "%.3f s")) {
    t.playing = false;
    seekTransport(t, w, time);
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90);
  int seed = int(w.seed());
  if (ImGui::InputInt("seed", &seed, 1, 10, ImGuiInputTextFlags_EnterReturnsTrue)) {
    double at = w.time();
    w.reset(uint32_t(std::max(seed, 0)));
    w.advanceTo(at);
    syncTransport(t, w);
  }
  ImGui::SameLine();
  SimulationSettings& sim = w.simulation();
  int mode = int(sim.mode);
  ImGui::SetNextItemWidth(64);
  bool simChanged = ImGui::Combo("##mode", &mode, "tick\0frame\0");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "tick: fixed steps at the rate (Halo ticks at 30)\nframe: one update per rendered frame");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70);
  float rate = sim.rate;
  simChanged |= ImGui::DragFloat("Hz", &rate, 0.5f, 1.0f, 1000.0f, "%.0f");
  if (simChanged) {
    double at = w.time();
    sim.mode = SimulationMode(mode);
    sim.rate = std::clamp(rate, 1.0f, 1000.0f);
    seekTransport(t, w, at);
    app.history.markDirty();
  }
}

void fileRow(App& app) {
  if (ImGui::Button("Save")) {
    std::string err = saveDocument(app, {});
    if (!err.empty()) setStatus(app, "save failed: " + err);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ctrl+S");
  ImGui::SameLine();
  if (ImGui::Button("Save as")) {
    app.showSaveAs = true;
    app.saveAsPath = app.presetPath.string();
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(!app.history.canUndo());
  if (ImGui::Button("Undo")) undo(app);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Ctrl+Z%s%s", app.history.peekUndo() ? ": " : "",
                      app.history.peekUndo() ? app.history.peekUndo()->label.c_str() : "");
  ImGui::SameLine();
  ImGui::BeginDisabled(!app.history.canRedo());
  if (ImGui::Button("Redo")) redo(app);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Ctrl+Y");
  ImGui::SameLine();
  if (ImGui::Button("Frame")) frameScene(app);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Fit the scene in view (F)");
  ImGui::SameLine();
  if (ImGui::Button("Camera")) resetCameraFromPreset(app);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the preset's camera");
  ImGui::SameLine();
  if (ImGui::Button("Shot")) app.pendingScreenshot = defaultScreenshotPath();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Screenshot into screenshots/ (F12)");
  ImGui::SameLine();
  ImGui::Checkbox("Scene", &app.showScene);
  ImGui::SameLine();
  ImGui::Checkbox("Inspector", &app.showInspector);
  ImGui::SameLine();
  ImGui::Checkbox("Console", &app.showConsole);
  ImGui::SameLine();
  ImGui::Checkbox("throttle", &app.framerateThrottle);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("framerate_throttle: render no faster than the simulation rate");
}

void statsRow(App& app) {
  World& w = *app.world;
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "%.0f fps (%.1f ms)  t %.2f s  step %llu  |  %d draws  %zu sprites  %zu quads",
                app.fps, app.frameMs, w.time(), (unsigned long long)w.clock().steps,
                app.renderStats.drawCalls, app.renderStats.sprites, app.renderStats.shaderQuads);
  ImGui::TextUnformatted(buf);
  for (size_t i = 0; i < w.effects().size(); ++i) {
    EffectStats st = w.stats(i);
    const EffectEntry& e = *w.effects()[i].entry;
    ImGui::SameLine();
    bool full = st.budget && st.live >= st.budget;
    ImVec4 col = !e.enabled ? ImVec4(0.5f, 0.5f, 0.5f, 1)
                 : full     ? ImVec4(1, 0.6f, 0.2f, 1)
                            : ImVec4(0.6f, 0.9f, 0.6f, 1);
    if (st.budget)
      std::snprintf(buf, sizeof buf, "| %s %zu/%zu", e.placement.id.c_str(), st.live, st.budget);
    else
      std::snprintf(buf, sizeof buf, "| %s %zu", e.placement.id.c_str(), st.live);
    ImGui::TextColored(col, "%s", buf);
    if (ImGui::IsItemHovered() && (!st.values.empty() || !st.messages.empty())) {
      ImGui::BeginTooltip();
      ImGui::Text("%s (%s)", e.placement.id.c_str(), e.kind.c_str());
      for (const auto& [k, v] : st.values) ImGui::Text("%s: %g", k.c_str(), v);
      for (const auto& m : st.messages)
        ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", m.c_str());
      ImGui::EndTooltip();
    }
  }
}

}  // namespace

void drawToolbar(App& app) {
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(layout::display().x, layout::kToolbarHeight));
  ImGui::Begin("##toolbar", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings);
  if (app.world) {
    transportRow(app);
    fileRow(app);
    if (!app.status.empty() && nowSeconds() < app.statusUntil) {
      ImGui::SameLine();
      ImGui::TextColored(ImVec4(0.9f, 0.85f, 0.5f, 1), "%s", app.status.c_str());
    }
    statsRow(app);
  } else {
    ImGui::TextUnformatted("No preset loaded. Use the console (~): load PRESET");
  }
  ImGui::End();
}

}  // namespace fx::gui
