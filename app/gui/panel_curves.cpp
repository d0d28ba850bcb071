// The curves tab: pick a curve-valued field of the selected effect (curve_edit.h finds them
// through reflection), then edit its keys on a plot of value over normalized life: drag a key to
// move it (key and value), double-click empty space to add one, right-click a key to delete it;
// colour curves get a gradient strip and a colour editor for the selected key. The sampled
// result over a particle's life is drawn under the keys. Every edit is one undo step (a drag
// coalesces into one).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/gui/app.h"
#include "app/gui/curve_edit.h"

namespace fx::gui {

namespace {

constexpr int kSamples = 64;

struct Plot {
  ImVec2 lo, hi;     // screen rectangle
  float vmin, vmax;  // value range shown
  ImVec2 at(float key, float value) const {
    float u = std::clamp(key, 0.0f, 1.0f);
    float v = vmax > vmin ? (value - vmin) / (vmax - vmin) : 0.5f;
    return ImVec2(lo.x + u * (hi.x - lo.x), hi.y - v * (hi.y - lo.y));
  }
  void inverse(ImVec2 p, float& key, float& value) const {
    key = std::clamp((p.x - lo.x) / std::max(1.0f, hi.x - lo.x), 0.0f, 1.0f);
    value = vmin + (hi.y - p.y) / std::max(1.0f, hi.y - lo.y) * (vmax - vmin);
  }
};

// The value axis: the keys' range (every channel of a colour), padded, at least 0..1.
void valueRange(const std::vector<CurvePoint>& pts, bool color, float& lo, float& hi) {
  lo = 0.0f;
  hi = 1.0f;
  for (const auto& p : pts)
    for (int c = 0; c < (color ? 4 : 1); ++c) {
      lo = std::min(lo, p.value[c]);
      hi = std::max(hi, p.value[c]);
    }
  float pad = 0.08f * (hi - lo);
  lo -= pad;
  hi += pad;
}

ImU32 channelColour(int c) {
  const ImU32 k[4] = {IM_COL32(255, 90, 90, 255), IM_COL32(90, 230, 90, 255),
                      IM_COL32(110, 140, 255, 255), IM_COL32(220, 220, 220, 255)};
  return k[c];
}

void gradientStrip(const std::vector<CurvePoint>& pts, float width) {
  ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  float h = 18.0f;
  for (int i = 0; i < kSamples; ++i) {
    float t0 = float(i) / kSamples, t1 = float(i + 1) / kSamples;
    vec4 c = sampleCurvePoints(pts, 0.5f * (t0 + t1), vec4(1.0f));
    // Colours above 1 (HDR) are shown clamped; the plot shows their real values.
    ImU32 col = ImGui::ColorConvertFloat4ToU32(
        ImVec4(std::min(c.r, 1.0f), std::min(c.g, 1.0f), std::min(c.b, 1.0f), 1.0f));
    dl->AddRectFilled(ImVec2(o.x + t0 * width, o.y), ImVec2(o.x + t1 * width + 1, o.y + h), col);
  }
  for (const auto& p : pts)
    dl->AddTriangleFilled(ImVec2(o.x + p.key * width, o.y + h - 6),
                          ImVec2(o.x + p.key * width - 5, o.y + h + 3),
                          ImVec2(o.x + p.key * width + 5, o.y + h + 3), IM_COL32_WHITE);
  ImGui::Dummy(ImVec2(width, h + 4));
}

// The plot with its keys; returns an edit when the user made one.
std::optional<CurveEdit> plotKeys(App& app, const std::vector<CurvePoint>& pts, bool color,
                                  ImVec2 size) {
  Plot plot;
  plot.lo = ImGui::GetCursorScreenPos();
  plot.hi = ImVec2(plot.lo.x + size.x, plot.lo.y + size.y);
  valueRange(pts, color, plot.vmin, plot.vmax);
  ImGui::InvisibleButton("##plot", size, ImGuiButtonFlags_MouseButtonLeft);
  bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(plot.lo, plot.hi, IM_COL32(25, 25, 30, 255));
  for (float g : {0.0f, 0.25f, 0.5f, 0.75f, 1.0f}) {
    dl->AddLine(plot.at(g, plot.vmin), plot.at(g, plot.vmax), IM_COL32(255, 255, 255, 25));
    char b[16];
    std::snprintf(b, sizeof b, "%.2f", g);
    dl->AddText(ImVec2(plot.at(g, plot.vmin).x + 2, plot.hi.y - 14), IM_COL32(150, 150, 150, 255),
                b);
  }
  // Value lines at 0, 1 (the top of the standard range: colours above it are HDR) and the top.
  for (float v : {0.0f, 1.0f, plot.vmax - 0.08f * (plot.vmax - plot.vmin) / 1.16f}) {
    if (v < plot.vmin || v > plot.vmax) continue;
    dl->AddLine(plot.at(0, v), plot.at(1, v), IM_COL32(255, 255, 255, 50));
    char b[16];
    std::snprintf(b, sizeof b, "%.3g", v);
    dl->AddText(ImVec2(plot.lo.x + 3, plot.at(0, v).y - 14), IM_COL32(150, 150, 150, 255), b);
  }
  // The sampled result over life, every channel of a colour.
  for (int c = 0; c < (color ? 4 : 1); ++c)
    for (int i = 0; i < kSamples; ++i) {
      float t0 = float(i) / kSamples, t1 = float(i + 1) / kSamples;
      dl->AddLine(plot.at(t0, sampleCurvePoints(pts, t0, vec4(color ? 1.0f : 0.0f))[c]),
                  plot.at(t1, sampleCurvePoints(pts, t1, vec4(color ? 1.0f : 0.0f))[c]),
                  color ? channelColour(c) : IM_COL32(255, 200, 90, 255), 1.5f);
    }
  // Keys (on the first channel's value, or the brightest colour channel).
  auto keyValue = [&](const CurvePoint& p) {
    return color ? std::max({p.value.r, p.value.g, p.value.b}) : p.value.x;
  };
  ImVec2 mouse = ImGui::GetIO().MousePos;
  int hot = -1;
  for (size_t i = 0; i < pts.size(); ++i) {
    ImVec2 q = plot.at(pts[i].key, keyValue(pts[i]));
    if (hovered && std::hypot(mouse.x - q.x, mouse.y - q.y) < 7.0f) hot = int(i);
    bool sel = int(i) == app.curveKey;
    dl->AddCircleFilled(q, sel ? 6.0f : 4.5f, sel ? IM_COL32(255, 255, 80, 255) : IM_COL32_WHITE);
  }
  if (hot >= 0 && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) app.curveKey = hot;
  if (hot >= 0 && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    app.curveKey = -1;
    return CurveEdit{.op = CurveOp::Delete, .index = size_t(hot)};
  }
  if (hot < 0 && hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    float k = 0, v = 0;
    plot.inverse(mouse, k, v);
    vec4 value = color ? sampleCurvePoints(pts, k, vec4(1.0f)) : vec4(v, 0, 0, 0);
    app.curveKey = int(pts.size());
    return CurveEdit{.op = CurveOp::Add, .key = k, .value = value};
  }
  bool dragging = ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 1.0f);
  if (dragging && app.curveKey >= 0 && size_t(app.curveKey) < pts.size()) {
    float k = 0, v = 0;
    plot.inverse(mouse, k, v);
    if (!color) {
      // Key and value together: one Value edit after the Move, coalesced into one undo step.
      CurveEdit move{.op = CurveOp::Move, .index = size_t(app.curveKey), .key = k, .held = true};
      editCurve(app, size_t(app.selectedEffect), app.curvePointer, move);
      return CurveEdit{.op = CurveOp::Value,
                       .index = size_t(app.curveKey),
                       .value = vec4(v, 0, 0, 0),
                       .held = true};
    }
    return CurveEdit{.op = CurveOp::Move, .index = size_t(app.curveKey), .key = k, .held = true};
  }
  if (ImGui::IsItemDeactivated() && app.curveKey >= 0) app.history.breakCoalescing();
  return std::nullopt;
}

void keyEditor(App& app, const std::vector<CurvePoint>& pts, bool color) {
  if (app.curveKey < 0 || size_t(app.curveKey) >= pts.size()) {
    ImGui::TextDisabled("Click a key to edit it; double-click the plot to add one.");
    return;
  }
  size_t i = size_t(app.curveKey);
  CurvePoint p = pts[i];
  ImGui::Text("key %zu", i);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(120);
  float k = p.key;
  bool moved = ImGui::DragFloat("life", &k, 0.005f, 0.0f, 1.0f, "%.3f");
  bool held = ImGui::IsItemActive();
  if (moved)
    editCurve(app, size_t(app.selectedEffect), app.curvePointer,
              {.op = CurveOp::Move, .index = i, .key = k, .held = held});
  ImGui::SameLine();
  vec4 v = p.value;
  bool changed = false;
  if (color) {
    ImGui::SetNextItemWidth(260);
    changed =
        ImGui::ColorEdit4("colour", &v.x, ImGuiColorEditFlags_Float | ImGuiColorEditFlags_HDR);
  } else {
    ImGui::SetNextItemWidth(120);
    changed = ImGui::DragFloat("value", &v.x, 0.01f);
  }
  held = ImGui::IsItemActive();
  if (changed)
    editCurve(app, size_t(app.selectedEffect), app.curvePointer,
              {.op = CurveOp::Value, .index = i, .value = v, .held = held});
  ImGui::SameLine();
  if (ImGui::SmallButton("delete")) {
    editCurve(app, size_t(app.selectedEffect), app.curvePointer,
              {.op = CurveOp::Delete, .index = i});
    app.curveKey = -1;
  }
}

}  // namespace

void drawCurvesTab(App& app) {
  if (!app.preset || !app.world || app.preset->effects.empty()) {
    ImGui::TextDisabled("No effects in this preset.");
    return;
  }
  app.selectedEffect = std::clamp(app.selectedEffect, 0, int(app.preset->effects.size()) - 1);
  EffectEntry& e = app.preset->effects[size_t(app.selectedEffect)];
  std::vector<CurveField> curves = findCurves(*e.definition);
  if (curves.empty()) {
    ImGui::TextDisabled("%s has no curve-valued fields.", e.placement.id.c_str());
    return;
  }
  auto current = std::find_if(curves.begin(), curves.end(),
                              [&](const CurveField& c) { return c.pointer == app.curvePointer; });
  if (current == curves.end()) {
    current = curves.begin();
    app.curvePointer = current->pointer;
    app.curveKey = -1;
  }
  ImGui::Text("%s", e.placement.id.c_str());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(320);
  if (ImGui::BeginCombo("curve", (current->label + (current->color ? "  (colour)" : "")).c_str())) {
    for (const auto& c : curves)
      if (ImGui::Selectable((c.label + "  [" + std::to_string(c.keys) + " keys]").c_str(),
                            c.pointer == app.curvePointer)) {
        app.curvePointer = c.pointer;
        app.curveKey = -1;
      }
    ImGui::EndCombo();
  }
  bool color = false;
  auto pts = readCurve(*e.definition, app.curvePointer, &color);
  if (!pts) return;
  ImGui::SameLine();
  ImGui::TextDisabled("%zu keys", pts->size());
  keyEditor(app, *pts, color);
  pts = readCurve(*app.preset->effects[size_t(app.selectedEffect)].definition, app.curvePointer,
                  &color);
  if (!pts) return;
  float width = std::max(120.0f, ImGui::GetContentRegionAvail().x);
  if (color) gradientStrip(*pts, width);
  float height = std::max(60.0f, ImGui::GetContentRegionAvail().y - 4.0f);
  if (auto edit = plotKeys(app, *pts, color, ImVec2(width, height)))
    if (std::string err = editCurve(app, size_t(app.selectedEffect), app.curvePointer, *edit);
        !err.empty())
      setStatus(app, err);
}

}  // namespace fx::gui
