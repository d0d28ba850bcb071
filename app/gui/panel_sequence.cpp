// The sequence tab: the flow / work node tree of a destiny_sequence effect (the selected one, or
// the preset's first) with each node's live state from the player (seed "Sequences": waiting,
// start delay, running, ended; a channel gate open or closed with its channel value and
// [min, max) range; plays left of a repeating node), the object's channels as sliders (scene
// edits: they drive the gates at the next step and are one undo step each), and a timeline strip
// of which node ran when over the last seconds. Clicking a node selects it in the inspector.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/app.h"
#include "engine/effects/destiny/sequence_view.h"

namespace fx::gui {

namespace {

using destiny::NodeState;

constexpr double kTimelineSeconds = 6.0;

struct Found {
  size_t index = 0;
  const destiny::SequenceInstanceApi* api = nullptr;
};

Found findSequence(const App& app) {
  if (!app.world) return {};
  const auto& rt = app.world->effects();
  auto at = [&](size_t i) -> Found {
    if (i >= rt.size() || !rt[i].instance) return {};
    return {i, destiny::sequenceApi(*rt[i].instance)};
  };
  if (Found f = at(size_t(std::max(0, app.selectedEffect))); f.api) return f;
  for (size_t i = 0; i < rt.size(); ++i)
    if (Found f = at(i); f.api) return f;
  return {};
}

ImVec4 stateColour(NodeState s) {
  switch (s) {
    case NodeState::Waiting:
      return ImVec4(0.55f, 0.55f, 0.55f, 1);
    case NodeState::Delay:
      return ImVec4(0.95f, 0.8f, 0.3f, 1);
    case NodeState::Running:
      return ImVec4(0.4f, 0.9f, 0.45f, 1);
    case NodeState::Ended:
      return ImVec4(0.5f, 0.6f, 0.85f, 1);
  }
  return ImVec4(1, 1, 1, 1);
}

std::string nodeName(const destiny::SequenceInstanceApi& seq, int32_t id) {
  const auto& p = seq.player();
  const std::string& n = p.header(id).name;
  std::string kind =
      p.isFlow(id) ? "flow " + std::to_string(id) : "work " + std::to_string(id - p.flowCount());
  return n.empty() ? kind : n + " (" + kind + ")";
}

std::string nodeDetail(const destiny::SequenceInstanceApi& seq, int32_t id) {
  const auto& p = seq.player();
  const destiny::NodeRuntime& n = p.node(id);
  char buf[256];
  std::string out = destiny::nodeStateName(n.state);
  if (n.state == NodeState::Delay && n.timer) {
    std::snprintf(buf, sizeof buf, " %.2f / %.2f s", n.time, double(n.delay));
    out += buf;
  } else if (n.state == NodeState::Running && n.timer && n.duration > 0.0f) {
    std::snprintf(buf, sizeof buf, " %.2f / %.2f s", n.time, double(n.duration));
    out += buf;
  } else if (n.state == NodeState::Running && !n.timer) {
    out += " (no timer: until stopped)";
  }
  if (n.conditionFailed) out += ", start condition failed";
  if (p.isFlow(id)) {
    const destiny::FlowNode& f = seq.definition().flowNodes[size_t(id)];
    out += std::string(", ") + destiny::flowTypeName(f.type);
    if (f.type == destiny::FlowType::ChannelGate) {
      const auto& chans = seq.definition().channels;
      std::string cname = f.gateChannel >= 0 && size_t(f.gateChannel) < chans.size()
                              ? chans[size_t(f.gateChannel)].name
                              : "#" + std::to_string(f.gateChannel);
      std::snprintf(buf, sizeof buf, ": gate %s, %s = %.3g in [%.3g, %.3g)%s",
                    n.gateOpen ? "open" : "closed", cname.c_str(),
                    double(seq.channelValue(f.gateChannel)), double(f.gateRange.lo),
                    double(f.gateRange.hi), n.gateArmed ? "" : ", not re-armed");
      out += buf;
    }
    if (f.repeatCount > 1 || f.loop) {
      std::snprintf(buf, sizeof buf, ", plays left %d of %d%s", n.playsLeft,
                    std::max(1, f.repeatCount), f.loop ? ", loops" : "");
      out += buf;
    }
  } else {
    size_t systems = seq.systemCount(id - p.flowCount());
    if (systems) out += ", " + std::to_string(systems) + " systems";
  }
  if (n.starts) out += ", started " + std::to_string(n.starts) + "x";
  return out;
}

void selectNode(App& app, size_t effect, const destiny::SequenceInstanceApi& seq, int32_t id) {
  app.selectedEffect = int(effect);
  app.settings.layout.showInspector = true;
  const auto& p = seq.player();
  app.inspectorFocus = p.isFlow(id) ? "/flow_nodes/" + std::to_string(id)
                                    : "/work_nodes/" + std::to_string(id - p.flowCount());
}

void nodeRow(App& app, const Found& f, int32_t id, int depth, std::vector<bool>& seen) {
  if (id < 0 || size_t(id) >= seen.size() || seen[size_t(id)] || depth > 64) return;
  seen[size_t(id)] = true;
  const auto& seq = *f.api;
  const destiny::NodeRuntime& n = seq.player().node(id);
  ImGui::PushID(id);
  ImGui::Indent(float(depth) * 14.0f);
  ImGui::TextColored(stateColour(n.state), "%s", n.state == NodeState::Running ? ">" : "o");
  ImGui::SameLine();
  std::string label = nodeName(seq, id);
  if (ImGui::Selectable(label.c_str(), false, 0, ImVec2(ImGui::CalcTextSize(label.c_str()).x, 0)))
    selectNode(app, f.index, seq, id);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("select in the inspector");
  ImGui::Indent(18.0f);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(stateColour(n.state), "%s", nodeDetail(seq, id).c_str());
  ImGui::PopTextWrapPos();
  ImGui::Unindent(18.0f);
  ImGui::Unindent(float(depth) * 14.0f);
  ImGui::PopID();
  for (int32_t c : seq.graph().children[size_t(id)]) nodeRow(app, f, c, depth + 1, seen);
}

void channelSliders(App& app, const Found& f) {
  const auto& seq = *f.api;
  const std::string& objectName = app.preset->effects[f.index].placement.object;
  const SceneObject* object = app.preset->scene.findObject(objectName);
  ImGui::TextDisabled("Channels of %s", objectName.empty() ? "(no object)" : objectName.c_str());
  if (!object) return;
  for (size_t i = 0; i < seq.definition().channels.size(); ++i) {
    const std::string& name = seq.definition().channels[i].name;
    float authored = 0.0f;
    for (const auto& c : object->channels)
      if (c.name == name) authored = c.value;
    float live = seq.channelValue(int32_t(i));
    ImGui::PushID(int(i));
    ImGui::SetNextItemWidth(220);
    float v = authored;
    bool changed = ImGui::DragFloat(name.c_str(), &v, 0.01f, -1e6f, 1e6f, "%.3f");
    bool released = ImGui::IsItemDeactivatedAfterEdit();
    if (changed) setObjectChannel(app, objectName, name, v, true);
    if (released) setObjectChannel(app, objectName, name, v, false);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "The object's channel (saved with the scene); actions of the preset may "
          "override it while it plays");
    ImGui::SameLine();
    ImGui::TextDisabled(live != authored ? "live %.3f (set by an action)" : "live %.3f",
                        double(live));
    ImGui::PopID();
  }
}

void timelineStrip(App& app, const Found& f) {
  const auto& seq = *f.api;
  size_t nodes = seq.player().nodeCount();
  if (app.timeline.empty() || nodes == 0) return;
  double now = app.timeline.back().time;
  double start = now - kTimelineSeconds;
  float rowH = 14.0f, nameW = 130.0f;
  float width = std::max(100.0f, ImGui::GetContentRegionAvail().x - nameW - 8.0f);
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  float x0 = origin.x + nameW;
  auto xOf = [&](double t) { return x0 + float((t - start) / kTimelineSeconds) * width; };
  dl->AddRectFilled(ImVec2(x0, origin.y), ImVec2(x0 + width, origin.y + rowH * float(nodes)),
                    IM_COL32(30, 30, 36, 255));
  for (size_t id = 0; id < nodes; ++id) {
    float y = origin.y + rowH * float(id);
    dl->AddText(ImVec2(origin.x, y), IM_COL32(200, 200, 200, 255),
                nodeName(seq, int32_t(id)).c_str());
    for (size_t k = 1; k < app.timeline.size(); ++k) {
      const auto& a = app.timeline[k - 1];
      if (id >= a.states.size() || app.timeline[k].time < start) continue;
      NodeState s = NodeState(a.states[id]);
      if (s != NodeState::Running && s != NodeState::Delay) continue;
      ImVec4 c = stateColour(s);
      dl->AddRectFilled(ImVec2(xOf(std::max(a.time, start)), y + 1),
                        ImVec2(xOf(app.timeline[k].time), y + rowH - 1),
                        ImGui::ColorConvertFloat4ToU32(c));
    }
  }
  // Whole seconds along the strip.
  for (double t = std::ceil(start); t <= now; t += 1.0) {
    float x = xOf(t);
    dl->AddLine(ImVec2(x, origin.y), ImVec2(x, origin.y + rowH * float(nodes)),
                IM_COL32(255, 255, 255, 40));
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.0f s", t);
    dl->AddText(ImVec2(x + 2, origin.y + rowH * float(nodes)), IM_COL32(170, 170, 170, 255), buf);
  }
  ImGui::Dummy(ImVec2(nameW + width, rowH * float(nodes) + ImGui::GetTextLineHeight() + 2));
}

}  // namespace

void recordTimeline(App& app) {
  Found f = findSequence(app);
  if (!f.api) {
    app.timeline.clear();
    return;
  }
  double t = app.world->time();
  if (f.index != app.timelineEffect || (!app.timeline.empty() && t < app.timeline.back().time))
    app.timeline.clear();
  app.timelineEffect = f.index;
  if (!app.timeline.empty() && t == app.timeline.back().time) return;
  App::TimelineSample s{t, {}};
  for (size_t id = 0; id < f.api->player().nodeCount(); ++id)
    s.states.push_back(uint8_t(f.api->player().node(int32_t(id)).state));
  app.timeline.push_back(std::move(s));
  while (app.timeline.size() > 2 && app.timeline[1].time < t - kTimelineSeconds)
    app.timeline.erase(app.timeline.begin());
}

void drawSequenceTab(App& app) {
  Found f = findSequence(app);
  if (!f.api) {
    ImGui::TextDisabled("No destiny_sequence effect in this preset.");
    return;
  }
  const auto& seq = *f.api;
  const auto& p = seq.player();
  ImGui::Text("%s", app.preset->effects[f.index].placement.id.c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("%s%s%s, root started %ux", p.playing() ? "playing" : "not playing",
                      p.paused() ? ", paused (importance below the threshold)" : "",
                      p.objectDestroyed() ? ", object destroyed" : "", p.rootStarts());
  if (ImGui::BeginTable("##seq", 2, ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn("tree", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("side", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::BeginChild("##tree", ImVec2(0, 0));
    std::vector<bool> seen(p.nodeCount(), false);
    nodeRow(app, f, seq.graph().root, 0, seen);
    bool header = false;
    for (int32_t id = 0; id < int32_t(p.nodeCount()); ++id) {
      if (seen[size_t(id)]) continue;
      if (!header) ImGui::TextDisabled("not in the tree:");
      header = true;
      nodeRow(app, f, id, 1, seen);
    }
    ImGui::EndChild();
    ImGui::TableNextColumn();
    ImGui::BeginChild("##side", ImVec2(0, 0));
    channelSliders(app, f);
    ImGui::Separator();
    ImGui::TextDisabled("Timeline, last %.0f s (green running, yellow start delay)",
                        kTimelineSeconds);
    timelineStrip(app, f);
    ImGui::EndChild();
    ImGui::EndTable();
  }
}

}  // namespace fx::gui
