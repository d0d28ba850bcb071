// The toolbar: transport (play / pause / step / restart / speed / loop), the time slider that
// seeks by deterministic re-simulation, seed, simulation mode and rate, file actions and the
// stats lines (fps, live particles per effect against its budget, draw calls, sprites, overdraw
// coverage, CPU time per family), the split view popup, Record... and Bug report...
#include <imgui.h>

#include <cmath>

#include <algorithm>
#include <cstdio>

#include "app/gui/app.h"

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

// The split view popup: the right half's simulation, or one field changed on it. Each action is
// the console command it prints, so a session can be replayed with --exec.
void splitButton(App& app) {
  bool on = app.split.world != nullptr;
  if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.25f, 0.45f, 0.25f, 1));
  if (ImGui::Button(on ? "Split*" : "Split")) ImGui::OpenPopup("split");
  if (on) ImGui::PopStyleColor();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Side-by-side view, cameras linked: the right half at another rate / mode "
        "or with one field changed (console: split)");
  if (!ImGui::BeginPopup("split")) return;
  ImGui::TextUnformatted("Right half");
  ImGui::SetNextItemWidth(80);
  ImGui::Combo("mode", &app.splitMode, "tick\0frame\0");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(80);
  ImGui::DragFloat("Hz", &app.splitRate, 0.5f, 1.0f, 1000.0f, "%.0f");
  char line[64];
  std::snprintf(line, sizeof line, "split rate %g %s",
                double(std::clamp(app.splitRate, 1.0f, 1000.0f)),
                app.splitMode == 0 ? "tick" : "frame");
  if (ImGui::Button("Apply rate")) runPanelCommand(app, line);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", line);
  ImGui::Separator();
  char field[256], value[256];
  std::snprintf(field, sizeof field, "%s", app.splitField.c_str());
  std::snprintf(value, sizeof value, "%s", app.splitValue.c_str());
  ImGui::SetNextItemWidth(260);
  if (ImGui::InputTextWithHint("##field", "effect_id/json/pointer", field, sizeof field))
    app.splitField = field;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(120);
  if (ImGui::InputTextWithHint("##value", "value (JSON)", value, sizeof value))
    app.splitValue = value;
  ImGui::BeginDisabled(app.splitField.empty() || app.splitValue.empty());
  if (ImGui::Button("Apply field"))
    runPanelCommand(app, "split set " + app.splitField + " " + app.splitValue);
  ImGui::EndDisabled();
  ImGui::Separator();
  ImGui::BeginDisabled(!on);
  if (ImGui::Button("Split off")) runPanelCommand(app, "split off");
  ImGui::EndDisabled();
  ImGui::EndPopup();
}

// Recording (File > Record...) and the bug report (File > Save Bug Report...).
void exportButtons(App& app) {
  if (ImGui::Button("Record...")) app.showRecord = true;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Still PNG, image sequence, GIF, video or sprite sheet (File > Record...)");
  ImGui::SameLine();
  if (ImGui::Button("Bug report...")) openBugReportChooser(app);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A folder and a .zip with the preset, its files, the picture and the moment");
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
    app.saveAsPath.clear();
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
  splitButton(app);
  ImGui::SameLine();
  exportButtons(app);
  ImGui::SameLine();
  if (ImGui::Checkbox("Bloom", &app.settings.bloom)) applyViewSettings(app);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Colours above the threshold glow (View > Bloom settings...)");
  ImGui::SameLine();
  ImGui::Checkbox("throttle", &app.framerateThrottle);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("framerate_throttle: render no faster than the simulation rate");
}

// SameLine when `text` still fits on this line of the toolbar, else a new line: the stats wrap
// instead of running off a narrow window.
void flowSameLine(const char* text) {
  float spacing = ImGui::GetStyle().ItemSpacing.x;
  float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + spacing + ImGui::CalcTextSize(text).x <= right) ImGui::SameLine();
}

void statsRow(App& app) {
  World& w = *app.world;
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "%.0f fps (%.1f ms)  t %.2f s  step %llu  |  %d draws  %zu sprites  %zu quads",
                app.fps, app.frameMs, w.time(), (unsigned long long)w.clock().steps,
                app.renderStats.drawCalls, app.renderStats.sprites, app.renderStats.shaderQuads);
  ImGui::TextUnformatted(buf);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("draws: GL draw calls this frame; sprites: instances drawn");
  for (size_t i = 0; i < w.effects().size(); ++i) {
    EffectStats st = w.stats(i);
    const EffectEntry& e = *w.effects()[i].entry;
    bool full = st.budget && st.live >= st.budget;
    ImVec4 col = !e.enabled ? ImVec4(0.5f, 0.5f, 0.5f, 1)
                 : full     ? ImVec4(1, 0.6f, 0.2f, 1)
                            : ImVec4(0.6f, 0.9f, 0.6f, 1);
    if (st.budget)
      std::snprintf(buf, sizeof buf, "| %s %zu/%zu%s%s", e.placement.id.c_str(), st.live, st.budget,
                    st.budgetRule.empty() ? "" : " ", st.budgetRule.c_str());
    else
      std::snprintf(buf, sizeof buf, "| %s %zu", e.placement.id.c_str(), st.live);
    flowSameLine(buf);
    ImGui::TextColored(col, "%s", buf);
    bool hovered = ImGui::IsItemHovered();
    if (!st.emittersLive.empty()) {  // per emitter, inline: [Main 12, Child 40]
      std::string parts;
      for (const auto& [name, count] : st.emittersLive)
        parts += (parts.empty() ? "[" : ", ") + name + " " + std::to_string(count);
      parts += "]";
      flowSameLine(parts.c_str());
      ImGui::TextColored(ImVec4(0.6f, 0.75f, 0.6f, 1), "%s", parts.c_str());
      hovered |= ImGui::IsItemHovered();
    }
    if (hovered && (!st.values.empty() || !st.messages.empty() || !st.emittersLive.empty())) {
      ImGui::BeginTooltip();
      ImGui::Text("%s (%s)", e.placement.id.c_str(), e.kind.c_str());
      for (const auto& [k, v] : st.values) ImGui::Text("%s: %g", k.c_str(), v);
      for (const auto& [name, count] : st.emittersLive)
        ImGui::Text("emitter %s: %zu live", name.c_str(), count);
      for (const auto& m : st.messages)
        ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", m.c_str());
      ImGui::EndTooltip();
    }
  }
}

// CPU time per family (step + collect, both split halves) and overdraw coverage.
void costRow(App& app) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "overdraw %.2fx", app.renderStats.coverage);
  ImVec4 cov =
      app.renderStats.coverage > 4.0 ? ImVec4(1, 0.6f, 0.2f, 1) : ImVec4(0.8f, 0.8f, 0.8f, 1);
  ImGui::TextColored(cov, "%s", buf);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Summed sprite screen area / viewport area (%zu big sprites dropped)",
                      app.renderStats.bigSpritesDropped);
  flowSameLine("|  CPU per frame:");
  ImGui::TextUnformatted("|  CPU per frame:");
  for (const auto& [family, ms] : app.familyMs) {
    std::snprintf(buf, sizeof buf, "%s %.2f ms", family.c_str(), ms);
    flowSameLine(buf);
    ImGui::TextUnformatted(buf);
  }
  if (app.split.world) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.6f, 0.8f, 1, 1), "|  split: right %s",
                       splitLabel(app.split).c_str());
  }
}

}  // namespace

void drawToolbar(App& app) {
  placeWindow(app.regions.toolbar);
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
    costRow(app);
  } else {
    ImGui::TextUnformatted("No preset loaded. Use the console (~): load PRESET");
  }
  // The height the content took, for next frame's regions (wrapped stats lines, font size).
  app.toolbarHeight = std::ceil(ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y -
                                ImGui::GetStyle().ItemSpacing.y);
  ImGui::End();
}

}  // namespace fx::gui
