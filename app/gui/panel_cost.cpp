// The Cost window (View > Cost): per effect and emitter, live particles against their budget,
// CPU ms per frame, and GPU ms of each effect's draws and of the whole scene (GL timer queries,
// n/a without them), each with its last 10 seconds as a graph;
// a budget (the weather's 512, a Stride emitter's pool cap) is a line across the count graph.
// The model is app/gui/cost.h; the console's `cost [json]` prints the same table.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "app/gui/app.h"

namespace fx::gui {

void updateCost(App& app) {
  if (!app.world) {
    app.cost.clear();
    return;
  }
  if (!app.renderer) return app.cost.sample(*app.world, nowSeconds(), std::nullopt);
  app.cost.sample(*app.world, nowSeconds(), app.renderer->gpuMs(), app.renderer->gpuOwnerMs());
}

void setCostSpans(App& app) {
  if (!app.world || !app.renderer) return;
  std::vector<render::Renderer::GpuSpan> spans;
  for (const World::DrawSpan& s : app.world->drawSpans())
    spans.push_back({int32_t(s.effect), s.batches, s.strips, s.shaderQuads});
  app.renderer->setGpuSpans(std::move(spans));
}

namespace {

constexpr ImU32 kCountColor = IM_COL32(110, 190, 255, 255);
constexpr ImU32 kBudgetColor = IM_COL32(255, 120, 90, 255);
constexpr ImU32 kCpuColor = IM_COL32(140, 230, 120, 255);
constexpr ImU32 kGpuColor = IM_COL32(220, 140, 255, 255);

// Samples over the last kCostHistorySeconds as a polyline in `box`, values from 0 to `top`.
void polyline(ImDrawList* dl, ImVec2 lo, ImVec2 hi, const std::deque<CostSample>& h, double now,
              float top, float CostSample::*field, ImU32 color) {
  std::vector<ImVec2> pts;
  pts.reserve(h.size());
  for (const CostSample& s : h) {
    float x = lo.x + (hi.x - lo.x) * float(1.0 - (now - s.time) / kCostHistorySeconds);
    float v = s.*field;
    float y = hi.y - (hi.y - lo.y) * std::clamp(v / top, 0.0f, 1.0f);
    pts.push_back(ImVec2(std::max(x, lo.x), y));
  }
  if (pts.size() >= 2) dl->AddPolyline(pts.data(), int(pts.size()), color, 0, 1.5f);
}

// The count graph of one row with its budget line, and the CPU graph beside it (effect rows).
void rowGraphs(const CostRow& r, double now) {
  float width = std::max(120.0f, ImGui::GetContentRegionAvail().x);
  ImVec2 lo = ImGui::GetCursorScreenPos();
  ImVec2 hi(lo.x + width, lo.y + 54.0f);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(lo, hi, IM_COL32(20, 22, 28, 255));
  float peak = 1.0f;
  for (const CostSample& s : r.history) peak = std::max(peak, s.live);
  float top = std::max(peak, float(r.budget)) * 1.1f;
  polyline(dl, lo, hi, r.history, now, top, &CostSample::live, kCountColor);
  if (r.budget) {
    float y = hi.y - (hi.y - lo.y) * float(r.budget) / top;
    dl->AddLine(ImVec2(lo.x, y), ImVec2(hi.x, y), kBudgetColor, 1.0f);
    char label[48];
    std::snprintf(label, sizeof label, "budget %zu", r.budget);
    dl->AddText(ImVec2(lo.x + 4, y - ImGui::GetTextLineHeight()), kBudgetColor, label);
  }
  if (r.emitter.empty()) {
    float msTop = 0.05f;
    for (const CostSample& s : r.history) msTop = std::max({msTop, s.cpuMs * 1.2f, s.gpuMs * 1.2f});
    polyline(dl, lo, hi, r.history, now, msTop, &CostSample::cpuMs, kCpuColor);
    if (r.gpuMs) polyline(dl, lo, hi, r.history, now, msTop, &CostSample::gpuMs, kGpuColor);
    char label[48];
    std::snprintf(label, sizeof label, "top %.2f ms", double(msTop));
    dl->AddText(ImVec2(hi.x - ImGui::CalcTextSize(label).x - 4, lo.y + 2), kCpuColor, label);
  }
  ImGui::Dummy(ImVec2(width, hi.y - lo.y + 4.0f));
}

void costTable(App& app) {
  if (!ImGui::BeginTable("cost", 6, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
    return;
  ImGui::TableSetupColumn("effect / emitter");
  ImGui::TableSetupColumn("kind");
  ImGui::TableSetupColumn("live");
  ImGui::TableSetupColumn("budget");
  ImGui::TableSetupColumn("CPU ms");
  ImGui::TableSetupColumn("GPU ms");
  ImGui::TableHeadersRow();
  for (const CostRow& r : app.cost.rows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.emitter.empty() ? r.effect.c_str() : ("  " + r.emitter).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.kind.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%zu", r.live);
    ImGui::TableNextColumn();
    r.budget ? ImGui::Text("%zu", r.budget) : ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    r.emitter.empty() ? ImGui::Text("%.3f", r.cpuMs) : ImGui::TextDisabled("in effect");
    ImGui::TableNextColumn();
    if (r.gpuMs)
      ImGui::Text("%.3f", *r.gpuMs);
    else
      ImGui::TextDisabled(r.emitter.empty() ? "n/a" : "in effect");
  }
  ImGui::EndTable();
}

}  // namespace

std::string viewerCost(App& app, const ConsoleStatement& st) {
  if (st.tokens.size() > 2 || (st.tokens.size() == 2 && st.tokens[1] != "json"))
    return "usage: cost [json]";
  if (!app.world) return "nothing is open";
  if (app.cost.rows.empty()) updateCost(app);  // before the first frame has sampled it
  bool json = st.tokens.size() == 2;
  app.consoleLog.push_back({ConsoleLine::Output, json ? app.cost.json().dump() : app.cost.text()});
  return {};
}

void drawCostWindow(App& app) {
  SceneContextSettings& c = app.settings.sceneContext;
  if (!c.showCost) return;
  ImGui::SetNextWindowSize(ImVec2(520.0f * uiScaleOf(app), 480.0f * uiScaleOf(app)),
                           ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowPos(
      ImVec2(std::max(app.regions.viewport.x, app.regions.viewport.right() - 536.0f),
             app.regions.viewport.y + 16),
      ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Cost", &c.showCost)) return ImGui::End();
  if (auto gpu = app.cost.gpuMs)
    ImGui::Text("Scene draw on the GPU: %.3f ms", *gpu);
  else
    ImGui::TextDisabled("Scene draw on the GPU: n/a (no GL timer queries)");
  ImGui::TextDisabled(
      "Graphs: the last %.0f s; blue live, red the budget, green CPU ms, "
      "violet GPU ms",
      kCostHistorySeconds);
  costTable(app);
  double now = app.cost.rows.empty() || app.cost.rows[0].history.empty()
                   ? 0.0
                   : app.cost.rows[0].history.back().time;
  for (const CostRow& r : app.cost.rows) {
    ImGui::TextUnformatted(r.emitter.empty() ? r.effect.c_str() : ("  " + r.emitter).c_str());
    rowGraphs(r, now);
  }
  ImGui::End();
}

}  // namespace fx::gui
