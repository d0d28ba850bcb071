// The Particle window over the picture: every attribute of the selected particle (the common ones,
// then its family's), "gone" once it dies; "Pause on NaN/Inf"; the emitter's table of live
// particles (sortable, a row click selects, CSV export through the file browser); and for a
// Destiny particle the emitter program's step tracer (the stack after each instruction of a
// stage, run on a copy of the particle).
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/app.h"

namespace fx::gui {

namespace {

void row(const char* name, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(value.c_str());
}

std::string numbers(const float* v, int n) {
  std::string s;
  char buf[32];
  for (int k = 0; k < n; ++k) {
    std::snprintf(buf, sizeof buf, k ? ", %.4g" : "%.4g", double(v[k]));
    s += buf;
  }
  return s;
}

std::string attributeText(const ParticleAttribute& a) {
  if (a.values.empty()) return a.text;
  std::string s;
  char buf[32];
  for (size_t k = 0; k < a.values.size(); ++k) {
    std::snprintf(buf, sizeof buf, k ? ", %.6g" : "%.6g", a.values[k]);
    s += buf;
  }
  return s;
}

void attributeTable(const InspectedParticle& p) {
  const ParticleInfo& i = p.info;
  if (!ImGui::BeginTable("##attributes", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupColumn("attribute", ImGuiTableColumnFlags_WidthFixed, 130.0f);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
  row("effect", p.effectId + " (" + p.kind + ")");
  row("emitter", i.emitterName.empty() ? std::to_string(i.emitter) : i.emitterName);
  row("id", std::to_string(i.id));
  row("position", numbers(&i.position.x, 3));
  row("velocity", numbers(&i.velocity.x, 3));
  row("age", numbers(&i.age, 1) + " s");
  row("life", i.life < 0.0f ? std::string("until removed") : numbers(&i.life, 1) + " s");
  row("color", numbers(&i.color.r, 4));
  ImGui::SameLine();
  ImGui::ColorButton("##c", ImVec4(i.color.r, i.color.g, i.color.b, i.color.a),
                     ImGuiColorEditFlags_AlphaPreview, ImVec2(14, 14));
  row("size", numbers(&i.size, 1));
  row("rotation", numbers(&i.rotation, 1) + " rad");
  for (const auto& a : i.attributes) row(a.name.c_str(), attributeText(a));
  ImGui::EndTable();
}

// The table's sort: column 0 id, 1..3 position, 4 age, 5 life, 6 size.
float sortKey(const InspectedParticle& p, int column) {
  const ParticleInfo& i = p.info;
  switch (column) {
    case 1:
      return i.position.x;
    case 2:
      return i.position.y;
    case 3:
      return i.position.z;
    case 4:
      return i.age;
    case 5:
      return i.life;
    case 6:
      return i.size;
    default:
      return float(i.id);
  }
}

void sortRows(App& app, std::vector<InspectedParticle>& rows) {
  ParticleInspector& pi = app.particles;
  if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsCount > 0) {
    pi.sortColumn = specs->Specs[0].ColumnIndex;
    pi.sortAscending = specs->Specs[0].SortDirection == ImGuiSortDirection_Ascending;
  }
  std::stable_sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
    float ka = sortKey(a, pi.sortColumn), kb = sortKey(b, pi.sortColumn);
    if (ka == kb) return a.info.id < b.info.id;
    return pi.sortAscending ? ka < kb : ka > kb;
  });
}

void tableRow(App& app, const InspectedParticle& p) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  const bool selected = app.particles.selected && *app.particles.selected == p.key();
  std::string id = std::to_string(p.info.id) + "##" + p.info.emitterName;
  if (ImGui::Selectable(id.c_str(), selected, ImGuiSelectableFlags_SpanAllColumns))
    selectParticle(app, p);
  const float cells[] = {p.info.position.x, p.info.position.y, p.info.position.z,
                         p.info.age,        p.info.life,       p.info.size};
  for (float c : cells) {
    ImGui::TableNextColumn();
    ImGui::Text("%.4g", double(c));
  }
}

void emitterTable(App& app) {
  std::vector<InspectedParticle> rows = tableParticles(app);
  std::string title = "Emitter particles (" + std::to_string(rows.size()) + ")###emitter";
  if (!ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::Button("Export CSV...")) {
    openFileBrowser(app, true);
    app.browser.name = "particles.csv";
    app.browser.onSave = [&app](const std::filesystem::path& p) {
      return writeParticlesCsv(app, p);
    };
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersOuter |
                                ImGuiTableFlags_SizingStretchSame;
  if (!ImGui::BeginTable("##particles", 7, flags, ImVec2(0, 220))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("id", ImGuiTableColumnFlags_DefaultSort);
  for (const char* c : {"x", "y", "z", "age", "life", "size"}) ImGui::TableSetupColumn(c);
  ImGui::TableHeadersRow();
  sortRows(app, rows);
  ImGuiListClipper clipper;
  clipper.Begin(int(rows.size()));
  while (clipper.Step())
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) tableRow(app, rows[size_t(k)]);
  ImGui::EndTable();
}

void destinyTracer(App& app, const InspectedParticle& p) {
  if (p.kind.rfind("destiny", 0) != 0) return;
  if (!ImGui::CollapsingHeader("Program step tracer")) return;
  ImGui::SetNextItemWidth(120);
  ImGui::SliderInt("stage", &app.particles.traceStage, 0, 7);
  auto steps = traceDestinyParticle(*app.world, p.key(), app.particles.traceStage);
  if (steps.empty()) {
    ImGui::TextDisabled("this stage has no instructions");
    return;
  }
  if (!ImGui::BeginTable("##trace", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY,
                         ImVec2(0, 200)))
    return;
  for (const char* c : {"offset", "instruction", "top of stack"}) ImGui::TableSetupColumn(c);
  ImGui::TableHeadersRow();
  for (const auto& s : steps) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%u", s.offset);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(s.text.c_str());
    ImGui::TableNextColumn();
    if (!s.stack.empty()) ImGui::TextUnformatted(numbers(&s.stack.back().x, 4).c_str());
  }
  ImGui::EndTable();
}

}  // namespace

void drawParticlePanel(App& app) {
  ParticleInspector& pi = app.particles;
  if (!pi.visible) return;
  const Rect& v = app.regions.viewport;
  // Beside the selected particle, never over it: on the half of the picture it is not in.
  bool left = false;
  if (pi.current) {
    const float sx = ImGui::GetIO().DisplayFramebufferScale.x;
    const float x = projectParticle(app.view, pi.current->info).pixel.x / (sx > 0 ? sx : 1.0f);
    left = x > v.w * 0.5f;
  }
  const ImGuiCond when = pi.place ? ImGuiCond_Always : ImGuiCond_Appearing;
  pi.place = false;
  ImGui::SetNextWindowPos(ImVec2(left ? v.x + 8.0f : v.right() - 8.0f, v.y + 8.0f), when,
                          ImVec2(left ? 0.0f : 1.0f, 0.0f));
  // Half the picture at most, but never too narrow for its rows (it may then cover a panel).
  const float s = uiScaleOf(app);
  ImGui::SetNextWindowSize(ImVec2(std::min(340.0f * s, std::max(v.w * 0.5f - 16.0f, 240.0f * s)),
                                  std::max(v.h - 16.0f, 260.0f * s)),
                           when);
  if (!ImGui::Begin("Particle###particle", &pi.visible)) {
    ImGui::End();
    return;
  }
  ImGui::Checkbox("Pause on NaN/Inf", &pi.pauseOnNonFinite);
  if (!pi.stopReason.empty())
    ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", pi.stopReason.c_str());
  if (!pi.selected) {
    ImGui::TextWrapped("Click a particle in the picture (again to cycle through overlaps).");
  } else if (!pi.current) {
    ImGui::TextColored(ImVec4(1, 0.7f, 0.3f, 1), "%s #%llu: gone (at %.3f s)",
                       pi.selected->emitter.c_str(), (unsigned long long)pi.selected->id,
                       pi.goneAt);
  } else {
    attributeTable(*pi.current);
    destinyTracer(app, *pi.current);
  }
  if (app.world) emitterTable(app);
  ImGui::End();
}

}  // namespace fx::gui
