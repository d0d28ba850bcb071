// The scene panel: effects (enable, solo, select for the inspector), the debug overlays (the Halo
// console globals and fxview's own), and the scene's objects with their function sliders A-D,
// channels, importance and markers; every scene field is also editable through reflection.
#include <imgui.h>

#include <algorithm>

#include "app/gui/app.h"
#include "app/gui/inspector_visitor.h"
#include "engine/core/paths.h"
#include "engine/effects/debug_toggles.h"

namespace fx::gui {

namespace {

void effectsSection(App& app) {
  if (!ImGui::CollapsingHeader("Effects", ImGuiTreeNodeFlags_DefaultOpen)) return;
  auto& effects = app.preset->effects;
  bool anySolo =
      std::any_of(effects.begin(), effects.end(), [](const EffectEntry& e) { return e.solo; });
  for (size_t i = 0; i < effects.size(); ++i) {
    EffectEntry& e = effects[i];
    ImGui::PushID(int(i));
    ImGui::Checkbox("##on", &e.enabled);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("enabled (a disabled effect neither steps nor draws)");
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Button, e.solo ? ImVec4(0.8f, 0.6f, 0.1f, 1)
                                                  : ImGui::GetStyleColorVec4(ImGuiCol_Button));
    if (ImGui::SmallButton("S")) e.solo = !e.solo;
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("solo: only soloed effects draw");
    ImGui::SameLine();
    bool dim = !e.enabled || (anySolo && !e.solo);
    if (dim) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.5f, 0.5f, 0.5f, 1));
    std::string label = e.placement.id + "##sel";
    const float nameX = ImGui::GetCursorPosX();
    if (ImGui::Selectable(label.c_str(), app.selectedEffect == int(i))) {
      app.selectedEffect = int(i);
      app.settings.layout.showInspector = true;
    }
    if (dim) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) {
      EffectStats st = app.world->stats(i);
      ImGui::SetTooltip("%s (%s)\n%s\nlive %zu%s", e.placement.id.c_str(), e.kind.c_str(),
                        e.placement.object.empty()
                            ? "world origin"
                            : (e.placement.object +
                               (e.placement.marker.empty() ? "" : " / " + e.placement.marker))
                                  .c_str(),
                        st.live, st.budget ? (" / " + std::to_string(st.budget)).c_str() : "");
    }
    // The kind right-aligned where the name leaves room for it (the tooltip has it otherwise).
    const float right = ImGui::GetWindowContentRegionMax().x;
    const float kindWidth = ImGui::CalcTextSize(e.kind.c_str()).x;
    const float nameWidth = ImGui::CalcTextSize(e.placement.id.c_str()).x;
    if (nameX + nameWidth + 2.0f * ImGui::GetStyle().ItemSpacing.x + kindWidth <= right) {
      ImGui::SameLine(right - kindWidth);
      ImGui::TextDisabled("%s", e.kind.c_str());
    }
    ImGui::PopID();
  }
}

void overlaysSection(App& app) {
  if (!ImGui::CollapsingHeader("Debug overlays", ImGuiTreeNodeFlags_DefaultOpen)) return;
  DebugFlags& f = app.world->flags;
  for (const DebugToggle& t : kDebugToggles) {
    // The world records a weather change at its next step (World::weatherAt): showing the
    // weather again resets it there, and seeks keep that history.
    ImGui::Checkbox(std::string(t.name).c_str(), &(f.*(t.member)));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.*s", int(t.help.size()), t.help.data());
  }
  ImGui::Checkbox("unlimited budget (stress)", &f.unlimitedBudget);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Lifts the game's particle limits (benchmarks only)");
}

// Records a live scene edit (sliders: no replay, the next step reads the value).
void sceneEdited(App& app, const char* what, bool held) {
  recordEdit(app, kSceneTarget, what, held ? what : "");
  if (!held) app.history.breakCoalescing();
}

// Applies a scene edit that needs the models posed again (the animation), re-simulating to now.
void sceneRebuilt(App& app, const std::string& pointer) {
  Diagnostics d;
  if (!applySceneSnapshot(*app.preset, *app.world, sceneSnapshot(app.preset->scene), d) ||
      d.hasErrors())
    app.loadDiagnostics = d;
  syncTransport(app.transport, *app.world);
  recordEdit(app, kSceneTarget, pointer, "");
  app.history.breakCoalescing();
}

// A model's animation: the tag's animations to pick from, looping, and the frame shown. True when
// the scene was rebuilt (`o` is gone).
bool animationPicker(App& app, SceneObject& o, size_t index) {
  const ModelPoses* p = o.poses.get();
  if (o.model.empty() || !p || o.animation.tag.empty()) return false;
  const std::string pointer = "/objects/" + std::to_string(index) + "/animation";
  std::string current = o.animation.name.empty() ? "(first)" : o.animation.name;
  ImGui::SetNextItemWidth(-80);
  if (ImGui::BeginCombo("animation", current.c_str())) {
    std::string picked;
    for (const std::string& name : p->animations)
      if (ImGui::Selectable(name.c_str(), name == o.animation.name) && name != o.animation.name)
        picked = name;
    ImGui::EndCombo();
    if (!picked.empty()) {
      o.animation.name = picked;
      sceneRebuilt(app, pointer + "/name");
      return true;
    }
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s\nscrub with the transport: seeking re-simulates",
                      o.animation.tag.c_str());
  if (ImGui::Checkbox("loop animation", &o.animation.loop)) {
    sceneRebuilt(app, pointer + "/loop");
    return true;
  }
  const ObjectState* st = app.world ? app.world->sceneState().find(o.name) : nullptr;
  if (st && o.poses)
    ImGui::TextDisabled("frame %d / %d at %.0f fps", st->modelFrame, o.poses->frameCount,
                        double(o.poses->framesPerSecond));
  return false;
}

void objectsSection(App& app) {
  if (!ImGui::CollapsingHeader("Objects", ImGuiTreeNodeFlags_DefaultOpen)) return;
  Scene& scene = app.preset->scene;
  committedSnapshot(app, kSceneTarget);
  static const char* kNames[4] = {"A", "B", "C", "D"};
  for (size_t oi = 0; oi < scene.objects.size(); ++oi) {
    SceneObject& o = scene.objects[oi];
    ImGui::PushID(int(oi));
    if (ImGui::TreeNodeEx("##obj", oi == 0 ? ImGuiTreeNodeFlags_DefaultOpen : 0, "%s",
                          o.name.c_str())) {
      for (int f = 0; f < 4; ++f) {
        ImGui::PushID(f);
        ObjectFunction& fn = o.functions[size_t(f)];
        bool periodic = fn.source == ObjectFunctionSource::Periodic;
        ImGui::SetNextItemWidth(-40);
        float value = fn.value;
        if (ImGui::SliderFloat(kNames[f], &value, 0.0f, 1.0f,
                               periodic ? "%.3f (periodic)" : "%.3f")) {
          fn.value = value;
          sceneEdited(app, "object function", true);
        }
        if (ImGui::IsItemDeactivatedAfterEdit()) sceneEdited(app, "object function", false);
        if (ImGui::IsItemHovered() && app.world) {
          const ObjectState* st = app.world->sceneState().find(o.name);
          ImGui::SetTooltip("object function %s%s\nnow %.3f", kNames[f],
                            periodic ? " (periodic: the slider sets the constant only)" : "",
                            st ? st->functions[size_t(f)] : 0.0f);
        }
        ImGui::PopID();
      }
      ImGui::SetNextItemWidth(-80);
      if (ImGui::SliderFloat("importance", &o.importance, 0.0f, 1.0f))
        sceneEdited(app, "importance", true);
      if (ImGui::IsItemDeactivatedAfterEdit()) sceneEdited(app, "importance", false);
      for (size_t c = 0; c < o.channels.size(); ++c) {
        ImGui::PushID(int(100 + c));
        ImGui::SetNextItemWidth(-80);
        if (ImGui::DragFloat(o.channels[c].name.c_str(), &o.channels[c].value, 0.01f))
          sceneEdited(app, "channel", true);
        if (ImGui::IsItemDeactivatedAfterEdit()) sceneEdited(app, "channel", false);
        ImGui::PopID();
      }
      if (animationPicker(app, o, oi)) {  // the objects were rebuilt: draw them next frame
        ImGui::TreePop();
        ImGui::PopID();
        return;
      }
      if (!o.markers.empty() && ImGui::TreeNode("##markers", "markers [%zu]", o.markers.size())) {
        for (size_t m = 0; m < o.markers.size(); ++m)
          ImGui::BulletText("%s%s", o.markers[m].name.c_str(),
                            o.markers[m].enabled ? "" : " (disabled)");
        ImGui::TreePop();
      }
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
}

void allSceneFields(App& app) {
  if (!ImGui::CollapsingHeader("Scene fields")) return;
  Scene& scene = app.preset->scene;
  InspectorVisitor v(app.preset->displayName);
  // The narrow scene panel keeps its labels in a proportional column (no splitter here).
  v.labelColumn = std::max(kMinLabelColumn, 0.42f * ImGui::GetContentRegionAvail().x);
  static SiblingLabels labels;
  labels.nextFrame();
  v.siblings = &labels;
  scene.reflect(v);
  if (!v.pasteErrors.items.empty()) app.loadDiagnostics = v.pasteErrors;
  if (!v.changed) return;
  // Objects referenced by the evaluated scene move when arrays change: replay at once.
  if (v.structural || v.needsRestart) {
    Diagnostics d;
    if (!applySceneSnapshot(*app.preset, *app.world, sceneSnapshot(scene), d))
      app.loadDiagnostics = d;
    syncTransport(app.transport, *app.world);
  }
  bool held = v.editing && !v.finished;
  recordEdit(app, kSceneTarget, v.changedPointer, held ? v.changedPointer : "");
  if (!held) app.history.breakCoalescing();
}

}  // namespace

void drawScenePanel(App& app) {
  placeWindow(app.regions.scene);
  ImGui::Begin("Scene", &app.settings.layout.showScene,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  if (!app.preset) {
    ImGui::TextDisabled("No preset loaded.");
    ImGui::End();
    return;
  }
  if (!app.preset->scene.name.empty()) ImGui::TextUnformatted(app.preset->scene.name.c_str());
  ImGui::TextDisabled("%s", toUtf8(app.presetPath).c_str());
  levelWeatherSection(app);
  effectsSection(app);
  cameraSection(app);
  overlaysSection(app);
  objectsSection(app);
  allSceneFields(app);
  ImGui::End();
}

}  // namespace fx::gui
