// The inspector window: the selected effect's definition (and its entry keys), generated from
// field reflection by InspectorVisitor. Edits apply live; a `.restart` field, a path, an array
// change or the release of a drag re-reads the definition through the loader's path (finalize,
// cache fields) and replays the world to the same moment. Every edit is one undo step.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "app/gui/app.h"
#include "app/gui/inspector_visitor.h"
#include "engine/core/field_json.h"

namespace fx::gui {

namespace {

std::string filterText;

// The label column's splitter: a grab strip down the visible height of the fields child, in the
// gap before the value widgets. Submitted before the fields so it wins the hover in that strip;
// dragging writes the persisted width. Returns the width to draw with this frame, clamped so
// labels and values both keep some room (the stored width is kept for a wider panel).
float labelColumnSplitter(float& stored, float scale) {
  const float content = ImGui::GetContentRegionAvail().x;
  const float hi = std::max(kMinLabelColumn, content - kMinValueColumn);
  float width = std::clamp(stored * scale, kMinLabelColumn, hi);
  const ImVec2 start = ImGui::GetCursorPos();
  const ImVec2 pos = ImGui::GetWindowPos();
  const float x =
      pos.x + ImGui::GetWindowContentRegionMin().x + width - 0.5f * ImGui::GetStyle().ItemSpacing.x;
  const float top = pos.y + ImGui::GetWindowContentRegionMin().y + ImGui::GetScrollY();
  const float h = ImGui::GetWindowContentRegionMax().y - ImGui::GetWindowContentRegionMin().y;
  if (h <= 1.0f) return width;
  ImGui::SetCursorScreenPos(ImVec2(x - 3.0f, top));
  ImGui::InvisibleButton("##labelsplit", ImVec2(6.0f, h));
  const bool hot = ImGui::IsItemHovered() || ImGui::IsItemActive();
  if (hot) {
    ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    if (!ImGui::IsItemActive()) ImGui::SetTooltip("Drag to widen or narrow the label column");
  }
  if (ImGui::IsItemActive()) {
    width = std::clamp(width + ImGui::GetIO().MouseDelta.x, kMinLabelColumn, hi);
    stored = width / scale;
  }
  ImGui::GetWindowDrawList()->AddLine(
      ImVec2(x, top), ImVec2(x, top + h),
      hot ? IM_COL32(120, 160, 255, 200) : IM_COL32(255, 255, 255, 24), hot ? 2.0f : 1.0f);
  ImGui::SetCursorPos(start);
  return width;
}

void applyVisitResult(App& app, size_t index, const std::string& target, InspectorVisitor& v) {
  if (!v.pasteErrors.items.empty()) app.loadDiagnostics = v.pasteErrors;
  if (!v.changed) return;
  EffectEntry& e = app.preset->effects[index];
  bool rebuild = v.needsRestart || v.structural || v.finished || !v.editing;
  if (rebuild) {
    Diagnostics d;
    if (!applyEffectSnapshot(*app.preset, *app.world, index, effectSnapshot(e), d,
                             app.args.allowAnyPath))
      app.loadDiagnostics = d;
    syncTransport(app.transport, *app.world);
  }
  bool held = v.editing && !v.finished;
  recordEdit(app, target, v.changedPointer, held ? v.changedPointer : "");
  if (!held) app.history.breakCoalescing();
}

void definitionTools(App& app, size_t index, const std::string& target) {
  EffectEntry& e = app.preset->effects[index];
  if (ImGui::SmallButton("Copy JSON")) {
    Json snap = effectSnapshot(e);
    ImGui::SetClipboardText(snap["definition"].dump(2).c_str());
    setStatus(app, "definition of " + e.placement.id + " copied");
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Copy the whole definition as JSON");
  ImGui::SameLine();
  if (ImGui::SmallButton("Paste JSON")) {
    const char* text = ImGui::GetClipboardText();
    Diagnostics d;
    auto parsed = parseJsonText(text ? text : "", "clipboard", d);
    if (!parsed || !parsed->is_object()) {
      if (parsed)
        d.error("clipboard", "", "expected a definition object, got " + describeJson(*parsed));
      app.loadDiagnostics = d;
    } else {
      Json snap = effectSnapshot(e);
      snap["definition"] = *parsed;
      applySnapshotEdit(app, target, snap, "paste definition");
    }
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Replace the definition with JSON from the clipboard (missing keys take defaults)");
  ImGui::SameLine();
  if (ImGui::SmallButton("Defaults")) {
    auto def = e.family->createDefinition();
    Json d = Json::object();
    EffectDefinition* p = def.get();
    writeAllFields(d, [p](FieldVisitor& v) { p->reflect(v); });
    Json snap = effectSnapshot(e);
    snap["definition"] = d;
    applySnapshotEdit(app, target, snap, "reset definition");
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Every field back to its declared default");
  ImGui::SameLine();
  if (ImGui::SmallButton("Restart")) {
    replayWorld(*app.world);
    syncTransport(app.transport, *app.world);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Re-instantiate and replay to now");
}

}  // namespace

void drawInspector(App& app) {
  placeWindow(app.regions.inspector);
  ImGui::Begin("Inspector", &app.settings.layout.showInspector,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings);
  if (!app.preset || app.preset->effects.empty()) {
    ImGui::TextDisabled("No effects in this preset.");
    ImGui::End();
    return;
  }
  auto& effects = app.preset->effects;
  app.selectedEffect = std::clamp(app.selectedEffect, 0, int(effects.size()) - 1);
  size_t index = size_t(app.selectedEffect);
  std::string preview = effects[index].placement.id + "  (" + effects[index].kind + ")";
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::BeginCombo("##effect", preview.c_str())) {
    for (size_t i = 0; i < effects.size(); ++i) {
      std::string item = effects[i].placement.id + "  (" + effects[i].kind + ")";
      if (ImGui::Selectable(item.c_str(), i == index)) app.selectedEffect = int(i);
    }
    ImGui::EndCombo();
  }
  index = size_t(app.selectedEffect);
  EffectEntry& e = effects[index];
  ImGui::TextDisabled("%s", std::string(e.family->title).c_str());
  ImGui::TextDisabled("%s%s", e.definitionDisplay.c_str(), e.definitionPointer.c_str());
  const std::string target = effectTarget(e);
  committedSnapshot(app, target);  // the state before any edit this frame
  definitionTools(app, index, target);
  // Cached: rebuilt once per committed edit, not per frame.
  const Json& committed = committedSnapshot(app, target);
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputTextWithHint("##filter", "filter fields", &filterText);
  ImGui::Separator();

  ImGui::BeginChild("##fields");
  InspectorVisitor v(e.definitionDisplay);
  v.labelColumn = labelColumnSplitter(app.settings.layout.inspectorLabelWidth, uiScaleOf(app));
  static SiblingLabels labels;
  labels.nextFrame();
  v.siblings = &labels;
  v.focus = app.inspectorFocus;
  // Fields another file supplies (wind_path, physics_path) are read-only, with their source.
  // A `*_path` edit restarts the effect and is committed at once, so the committed snapshot names
  // the same sources as the live definition.
  v.sourceOf = [&committed](const std::string& pointer) { return fieldSource(committed, pointer); };
  for (char c : filterText) v.filter += char(std::tolower(static_cast<unsigned char>(c)));
  EffectDefinition* def = e.definition.get();
  def->reflect(v);
  // Family keys on the entry (e.g. the weather palette's wind) after the definition.
  ImGui::Spacing();
  if (ImGui::CollapsingHeader("Entry", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::PushID("entry");
    v.sourceOf = nullptr;  // entry keys are the preset's own
    def->reflectEntry(v);
    ImGui::PopID();
  }
  ImGui::EndChild();
  if (v.focusReached) app.inspectorFocus.clear();
  applyVisitResult(app, index, target, v);
  ImGui::End();
}

}  // namespace fx::gui
