#include "app/gui/inspector_visitor.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "app/gui/inspector_text.h"
#include "engine/core/field_json.h"

namespace fx::gui {

namespace {

const ImVec4 kChangedColour(1.0f, 0.82f, 0.35f, 1.0f);
const ImVec4 kUnusedColour(0.55f, 0.55f, 0.55f, 1.0f);

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A string field with a maximum length (a Halo tag's 32-byte string) edits in a buffer of that
// size: the box takes no more than the field holds (typing stops, a paste is shortened, never
// inside a UTF-8 character) and the tooltip names the limit. A longer value from elsewhere is
// shown whole, never cut here: applying it fails with the limit in the errors panel.
bool limitedInputText(const FieldMeta& m, std::string& v) {
  if (v.size() > m.maxLength) return ImGui::InputText("##v", &v);
  std::vector<char> buf(m.maxLength + 1, '\0');
  std::copy(v.begin(), v.end(), buf.begin());
  if (!ImGui::InputText("##v", buf.data(), buf.size())) return false;
  v = buf.data();
  return true;
}

// Reads whether the array element is one keyless value (a value array) and, for objects, a
// "name" / "id" to title the element's tree node.
class ElementProbe final : public FieldWalker {
 public:
  bool first = true, scalar = false;
  std::string title;
  void field(const FieldMeta& m) override {
    if (first) scalar = m.key.empty();
    first = false;
  }
  void visit(const FieldMeta& m, std::string& v, std::string_view) override {
    field(m);
    if (title.empty() && (m.key == "name" || m.key == "id" || m.key == "type")) title = v;
  }
  void visitEnum(const FieldMeta& m, int32_t& v, std::span<const EnumOption> o, int32_t) override {
    field(m);
    if (title.empty() && (m.key == "type" || m.key == "kind"))
      if (const EnumOption* e = findEnumValue(o, v)) title = std::string(e->name);
  }
  // Only the element's own first level: nested objects and arrays are noted, not entered.
  void visitObject(const FieldMeta& m, const std::function<void(FieldVisitor&)>&) override {
    field(m);
  }
  void visitArray(const FieldMeta& m, ArrayAccess&) override { field(m); }
};

// Copy / paste one field as JSON through the same reflection the files use.
template <class Revisit>
void fieldMenu(const FieldMeta& m, Revisit&& revisit, bool canReset,
               const std::function<void()>& reset, const std::string& file, Diagnostics& errors,
               bool& pasted) {
  if (!ImGui::BeginPopupContextItem("##fieldmenu")) return;
  FieldMeta mm = m;
  mm.key = "v";
  mm.required = false;
  mm.cacheOnly = false;
  if (ImGui::MenuItem("Reset to default", nullptr, false, canReset && !m.cacheOnly)) reset();
  if (ImGui::MenuItem("Copy as JSON")) {
    Json j = Json::object();
    writeAllFields(j, [&](FieldVisitor& v) { revisit(v, mm); });
    ImGui::SetClipboardText(j["v"].dump(2).c_str());
  }
  if (ImGui::MenuItem("Paste JSON", nullptr, false, !m.cacheOnly)) {
    const char* text = ImGui::GetClipboardText();
    Diagnostics d;
    auto parsed = parseJsonText(text ? text : "", file, d);
    if (parsed) {
      Json wrapper = Json::object();
      wrapper["v"] = *parsed;
      readFields(
          wrapper, [&](FieldVisitor& v) { revisit(v, mm); }, {.file = file, .reportUnknown = false},
          d);
    }
    if (d.hasErrors())
      errors.append(d);
    else
      pasted = true;
  }
  ImGui::EndPopup();
}

// A tree node's tooltip: the full title when the node shows it cut, then the help.
void titleTooltip(const std::string& title, bool truncated, std::string_view help) {
  if (!ImGui::IsItemHovered() || (!truncated && help.empty())) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(420.0f);
  if (truncated) ImGui::TextUnformatted(title.c_str());
  if (!help.empty()) ImGui::TextUnformatted(help.data(), help.data() + help.size());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

float measureText(std::string_view s) {
  return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
}

}  // namespace

std::string InspectorVisitor::fitTitle(const std::string& title, bool& truncated) const {
  float room = ImGui::GetContentRegionAvail().x - ImGui::GetTreeNodeToLabelSpacing();
  FittedLabel f = fitLabel(title, room, measureText);
  truncated = f.truncated;
  return f.shown;
}

std::string InspectorVisitor::pointerOf(const FieldMeta& m) const {
  std::string p;
  for (const auto& t : path_) p += "/" + t;
  if (!m.key.empty()) p = pointerJoin(p, m.key);
  return p;
}

std::string InspectorVisitor::sourceFor(const FieldMeta& m) const {
  return sourceOf ? sourceOf(pointerOf(m)) : std::string();
}

std::string InspectorVisitor::labelOf(const FieldMeta& m) const {
  if (m.key.empty())
    return index_.empty() ? std::string("value") : "[" + std::to_string(index_.back()) + "]";
  return labelFor(m);
}

bool InspectorVisitor::passesFilter(const FieldMeta& m) const {
  if (filter.empty() || m.key.empty()) return true;
  return lower(labelFor(m)).find(filter) != std::string::npos ||
         lower(std::string(m.key)).find(filter) != std::string::npos;
}

void InspectorVisitor::mark(const FieldMeta& m) {
  changed = true;
  changedPointer = pointerOf(m);
  if (m.restart || m.hint == FieldHint::TexturePath || m.hint == FieldHint::DefinitionPath)
    needsRestart = true;
}

void InspectorVisitor::noteWidget(const FieldMeta& m, bool edited) {
  if (edited) {
    mark(m);
    editing = ImGui::IsItemActive();
  }
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    finished = true;
    mark(m);
  }
}

template <class T, class Widget>
void InspectorVisitor::field(const FieldMeta& m, T& value, const T& def, Widget&& widget) {
  if (!passesFilter(m)) return;
  ImGui::PushID(m.key.empty() ? "##value" : std::string(m.key).c_str());
  bool differs = !(value == def);
  const std::string source = sourceFor(m);
  const bool readOnly = m.cacheOnly || !source.empty();
  // The value column starts at the same x at every depth; a label indented past it keeps a
  // little room and pushes its value right instead of running under it.
  const float startX = ImGui::GetCursorPosX();
  const float valueX =
      std::max(ImGui::GetWindowContentRegionMin().x + labelColumn, startX + 0.5f * kMinLabelColumn);

  // Reset marker: a small button before the label when the value is not the default.
  if (differs && !readOnly) {
    if (ImGui::SmallButton("R")) {
      value = def;
      mark(m);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Reset to the default");
    ImGui::SameLine();
  }
  ImGui::AlignTextToFramePadding();
  const std::string label = labelOf(m) + (m.unused ? " (no effect in game)" : "");
  const float room = valueX - ImGui::GetStyle().ItemSpacing.x - ImGui::GetCursorPosX();
  size_t shared = 0;
  if (siblings) {
    std::string& parent = siblings->parent;
    parent.clear();
    for (const auto& t : path_) (parent += '/') += t;
    if (auto it = siblings->last.find(parent); it != siblings->last.end())
      shared = sharedWordPrefix(label, it->second.seen());
    siblings->nowGroup().add(label);
  }
  const FittedLabel shown = fitLabel(label, room, measureText, shared);
  ImVec4 colour = m.unused  ? kUnusedColour
                  : differs ? kChangedColour
                            : ImGui::GetStyleColorVec4(ImGuiCol_Text);
  ImGui::TextColored(colour, "%s", shown.shown.c_str());
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(420.0f);
    ImGui::TextUnformatted(label.c_str());
    if (!m.key.empty())
      ImGui::TextColored(ImVec4(0.6f, 0.8f, 1.0f, 1.0f), "%s", pointerOf(m).c_str());
    if (!m.help.empty()) ImGui::TextUnformatted(std::string(m.help).c_str());
    if (m.unused) ImGui::TextColored(kUnusedColour, "No effect in game (kept for round-trip).");
    if (m.cacheOnly) ImGui::TextColored(kUnusedColour, "Computed at load; read-only.");
    if (!source.empty())
      ImGui::TextColored(kUnusedColour, "Read from %s; read-only here: edit that file.",
                         source.c_str());
    if (m.restart) ImGui::TextUnformatted("Editing restarts the effect.");
    std::string extra;
    if (!m.unit.empty()) extra += "unit " + std::string(m.unit);
    std::string range = rangeText(m);
    if (!range.empty()) extra += (extra.empty() ? "" : ", ") + range;
    if (!extra.empty()) ImGui::TextDisabled("%s", extra.c_str());
    ImGui::TextDisabled("right-click: reset, copy or paste JSON");
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::SameLine(valueX);
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::BeginDisabled(readOnly);
  bool edited = widget(value);
  ImGui::EndDisabled();
  noteWidget(m, edited);
  bool pasted = false;
  fieldMenu(
      m, [&](FieldVisitor& v, const FieldMeta& mm) { v.visit(mm, value, def); }, differs,
      [&] {
        value = def;
        mark(m);
      },
      file_, pasteErrors, pasted);
  if (pasted) {
    mark(m);
  }
  ImGui::PopID();
}

void InspectorVisitor::visit(const FieldMeta& m, bool& value, bool def) {
  field(m, value, def, [&](bool& v) { return ImGui::Checkbox("##v", &v); });
}

void InspectorVisitor::visit(const FieldMeta& m, int32_t& value, int32_t def) {
  field(m, value, def, [&](int32_t& v) {
    int x = v;
    bool e = ImGui::DragInt("##v", &x, dragSpeed(m, true),
                            ranged(m) ? int(std::max(fieldLo(m), -2.0e9f)) : 0,
                            ranged(m) ? int(std::min(fieldHi(m), 2.0e9f)) : 0,
                            numberFormat(m, true).c_str(), ImGuiSliderFlags_AlwaysClamp);
    if (e) {
      if (std::isfinite(m.min)) x = std::max(x, int(std::max(m.min, -2.0e9)));
      if (std::isfinite(m.max)) x = std::min(x, int(std::min(m.max, 2.0e9)));
      v = x;
    }
    return e;
  });
}

void InspectorVisitor::visit(const FieldMeta& m, float& value, float def) {
  field(m, value, def, [&](float& v) {
    bool e = ImGui::DragFloat("##v", &v, dragSpeed(m, false), fieldLo(m), fieldHi(m),
                              numberFormat(m, false).c_str(), ImGuiSliderFlags_AlwaysClamp);
    if (e) clampValue(m, v);
    return e;
  });
}

void InspectorVisitor::visit(const FieldMeta& m, std::string& value, std::string_view def) {
  std::string d(def);
  field(m, value, d, [&](std::string& v) {
    if (m.hint == FieldHint::Code || m.hint == FieldHint::Multiline)
      return ImGui::InputTextMultiline("##v", &v, ImVec2(-1.0f, ImGui::GetTextLineHeight() * 8),
                                       ImGuiInputTextFlags_AllowTabInput);
    if (m.maxLength > 0) return limitedInputText(m, v);
    return ImGui::InputText("##v", &v);
  });
}

void InspectorVisitor::visit(const FieldMeta& m, FloatBounds& value, FloatBounds def) {
  field(m, value, def, [&](FloatBounds& v) {
    bool e = ImGui::DragFloat2("##v", &v.lo, dragSpeed(m, false), fieldLo(m), fieldHi(m),
                               numberFormat(m, false).c_str(), ImGuiSliderFlags_AlwaysClamp);
    if (e) {
      clampValue(m, v.lo);
      clampValue(m, v.hi);
    }
    return e;
  });
}

void InspectorVisitor::visit(const FieldMeta& m, IntBounds& value, IntBounds def) {
  field(m, value, def, [&](IntBounds& v) {
    int x[2] = {v.lo, v.hi};
    bool e = ImGui::DragInt2("##v", x, dragSpeed(m, true),
                             ranged(m) ? int(std::max(fieldLo(m), -2.0e9f)) : 0,
                             ranged(m) ? int(std::min(fieldHi(m), 2.0e9f)) : 0,
                             numberFormat(m, true).c_str(), ImGuiSliderFlags_AlwaysClamp);
    if (e) v = {x[0], x[1]};
    return e;
  });
}

void InspectorVisitor::visit(const FieldMeta& m, ColorRgba& value, ColorRgba def) {
  field(m, value, def, [&](ColorRgba& v) {
    ImGuiColorEditFlags flags = ImGuiColorEditFlags_Float | ImGuiColorEditFlags_AlphaBar;
    if (!std::isfinite(m.max) || m.max > 1.0) flags |= ImGuiColorEditFlags_HDR;
    return ImGui::ColorEdit4("##v", &v.r, flags);
  });
}

void InspectorVisitor::visit(const FieldMeta& m, vec2& value, vec2 def) {
  field(m, value, def, [&](vec2& v) {
    return ImGui::DragFloat2("##v", &v.x, dragSpeed(m, false), fieldLo(m), fieldHi(m),
                             numberFormat(m, false).c_str());
  });
}

void InspectorVisitor::visit(const FieldMeta& m, vec3& value, vec3 def) {
  field(m, value, def, [&](vec3& v) {
    return ImGui::DragFloat3("##v", &v.x, dragSpeed(m, false), fieldLo(m), fieldHi(m),
                             numberFormat(m, false).c_str());
  });
}

void InspectorVisitor::visit(const FieldMeta& m, vec4& value, vec4 def) {
  field(m, value, def, [&](vec4& v) {
    return ImGui::DragFloat4("##v", &v.x, dragSpeed(m, false), fieldLo(m), fieldHi(m),
                             numberFormat(m, false).c_str());
  });
}

void InspectorVisitor::visit(const FieldMeta& m, quat& value, quat def) {
  // Shown as [i, j, k, w] like the JSON; kept unit length.
  field(m, value, def, [&](quat& v) {
    float q[4] = {v.x, v.y, v.z, v.w};
    bool e = ImGui::DragFloat4("##v", q, 0.005f, -1.0f, 1.0f, "%.3f");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("quaternion [i, j, k, w]");
    if (e) {
      quat r = quatFromIjkw(q[0], q[1], q[2], q[3]);
      float len = glm::length(r);
      if (len > 1e-6f) v = r / len;
    }
    return e;
  });
}

void InspectorVisitor::visitEnum(const FieldMeta& m, int32_t& value,
                                 std::span<const EnumOption> options, int32_t def) {
  field(m, value, def, [&](int32_t& v) {
    const EnumOption* cur = findEnumValue(options, v);
    std::string preview = cur ? std::string(cur->name) : std::to_string(v);
    bool e = false;
    if (ImGui::BeginCombo("##v", preview.c_str())) {
      for (const auto& o : options) {
        bool selected = o.value == v;
        std::string name(o.name);
        if (ImGui::Selectable(name.c_str(), selected)) {
          e = v != o.value;
          v = o.value;
        }
        if (!o.help.empty() && ImGui::IsItemHovered())
          ImGui::SetTooltip("%s", std::string(o.help).c_str());
        if (selected) ImGui::SetItemDefaultFocus();
      }
      ImGui::EndCombo();
    }
    return e;
  });
}

void InspectorVisitor::visitFlags(const FieldMeta& m, uint32_t& mask,
                                  std::span<const FlagOption> options, uint32_t def) {
  if (!passesFilter(m)) return;
  ImGui::PushID(std::string(m.key).c_str());
  bool differs = mask != def;
  std::string title = labelOf(m);
  if (differs) ImGui::PushStyleColor(ImGuiCol_Text, kChangedColour);
  if (m.unused) ImGui::PushStyleColor(ImGuiCol_Text, kUnusedColour);
  if (m.unused) title += " (no effect in game)";
  bool cut = false;
  bool open = ImGui::TreeNodeEx("##flags", ImGuiTreeNodeFlags_DefaultOpen, "%s",
                                fitTitle(title, cut).c_str());
  if (m.unused) ImGui::PopStyleColor();
  if (differs) ImGui::PopStyleColor();
  titleTooltip(title, cut, m.help);
  bool pasted = false;
  fieldMenu(
      m, [&](FieldVisitor& v, const FieldMeta& mm) { v.visitFlags(mm, mask, options, def); },
      differs,
      [&] {
        mask = def;
        mark(m);
      },
      file_, pasteErrors, pasted);
  if (pasted) {
    mark(m);
  }
  if (open) {
    ImGui::BeginDisabled(m.cacheOnly || !sourceFor(m).empty());
    for (const auto& o : options) {
      std::string name(o.name);
      unsigned int bits = mask;
      bool e = ImGui::CheckboxFlags(name.c_str(), &bits, o.mask);
      if (!o.help.empty() && ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", std::string(o.help).c_str());
      if (e) {
        mask = bits;
        mark(m);
      }
    }
    ImGui::EndDisabled();
    ImGui::TreePop();
  }
  ImGui::PopID();
}

// Opens the tree node drawn next when `pointer` is the focus or leads to it, and scrolls to the
// focus itself (the sequence panel selects a node this way).
void InspectorVisitor::openForFocus(const std::string& pointer) {
  if (focus.empty() || pointer.empty()) return;
  if (focus == pointer) {
    ImGui::SetNextItemOpen(true);
    ImGui::SetScrollHereY(0.1f);
    focusReached = true;
  } else if (focus.size() > pointer.size() && focus.compare(0, pointer.size(), pointer) == 0 &&
             focus[pointer.size()] == '/') {
    ImGui::SetNextItemOpen(true);
  }
}

void InspectorVisitor::visitObject(const FieldMeta& m,
                                   const std::function<void(FieldVisitor&)>& body) {
  ImGui::PushID(m.key.empty() ? "##object" : std::string(m.key).c_str());
  std::string title = labelOf(m);
  openForFocus(pointerOf(m));
  if (m.unused) ImGui::PushStyleColor(ImGuiCol_Text, kUnusedColour);
  if (m.unused) title += " (no effect in game)";
  bool cut = false;
  bool open = ImGui::TreeNodeEx("##obj", depth_ < 1 ? ImGuiTreeNodeFlags_DefaultOpen : 0, "%s",
                                fitTitle(title, cut).c_str());
  if (m.unused) ImGui::PopStyleColor();
  titleTooltip(title, cut, m.help);
  bool pasted = false;
  fieldMenu(
      m, [&](FieldVisitor& v, const FieldMeta& mm) { v.visitObject(mm, body); }, true,
      [&] {
        DefaultsVisitor d;
        body(d);
        mark(m);
      },
      file_, pasteErrors, pasted);
  if (pasted) {
    mark(m);
  }
  if (open) {
    if (!m.key.empty()) path_.push_back(pointerToken(m.key));
    ++depth_;
    // A filter shows matching fields inside every object.
    body(*this);
    --depth_;
    if (!m.key.empty()) path_.pop_back();
    ImGui::TreePop();
  }
  ImGui::PopID();
}

namespace {

// Element i's tools: up, down, remove. True when one changed the array.
bool elementTools(ArrayAccess& a, size_t i, size_t n) {
  bool stop = false;
  if (ImGui::SmallButton("^") && i > 0) {
    a.move(i, i - 1);
    stop = true;
  }
  ImGui::SameLine(0, 2);
  if (ImGui::SmallButton("v") && i + 1 < n) {
    a.move(i, i + 1);
    stop = true;
  }
  ImGui::SameLine(0, 2);
  if (ImGui::SmallButton("x")) {
    a.move(i, n - 1);
    a.resize(n - 1);
    stop = true;
  }
  ImGui::SameLine();
  return stop;
}

}  // namespace

void InspectorVisitor::visitArray(const FieldMeta& m, ArrayAccess& a) {
  ImGui::PushID(m.key.empty() ? "##array" : std::string(m.key).c_str());
  size_t n = a.size();
  std::string title = labelOf(m);
  if (m.unused) ImGui::PushStyleColor(ImGuiCol_Text, kUnusedColour);
  openForFocus(pointerOf(m));
  title += " [" + std::to_string(n) + "]" + (m.unused ? " (no effect in game)" : "");
  bool cut = false;
  bool open = ImGui::TreeNodeEx("##arr", depth_ < 1 && n <= 8 ? ImGuiTreeNodeFlags_DefaultOpen : 0,
                                "%s", fitTitle(title, cut).c_str());
  if (m.unused) ImGui::PopStyleColor();
  titleTooltip(title, cut, m.help);
  auto structuralChange = [&] {
    changed = true;
    structural = true;
    changedPointer = pointerOf(m);
  };
  bool pasted = false;
  fieldMenu(
      m, [&](FieldVisitor& v, const FieldMeta& mm) { v.visitArray(mm, a); }, n > 0,
      [&] {
        a.resize(0);
        structuralChange();
      },
      file_, pasteErrors, pasted);
  if (pasted) structuralChange();
  if (open && !pasted) {
    if (!m.key.empty()) path_.push_back(pointerToken(m.key));
    ++depth_;
    for (size_t i = 0; i < n; ++i) {
      ImGui::PushID(int(i));
      ElementProbe probe;
      a.element(i, probe);
      // A structural change ends this frame's walk (the references the element callbacks hold
      // may have moved).
      if (elementTools(a, i, n)) {
        structuralChange();
        ImGui::NewLine();
        ImGui::PopID();
        break;
      }
      path_.push_back(std::to_string(i));
      index_.push_back(i);
      if (probe.scalar) {
        a.element(i, *this);
      } else {
        // The array's own title for its elements (ArrayAccess::title) before a probed one.
        std::string name = a.title ? a.title(i) : probe.title;
        std::string label = "[" + std::to_string(i) + "]" + (name.empty() ? "" : " " + name);
        std::string elementPointer;
        for (const auto& t : path_) elementPointer += "/" + t;
        openForFocus(elementPointer);
        bool cut = false;
        bool elementOpen = ImGui::TreeNodeEx("##el", 0, "%s", fitTitle(label, cut).c_str());
        titleTooltip(label, cut, {});
        if (elementOpen) {
          a.element(i, *this);
          ImGui::TreePop();
        }
      }
      index_.pop_back();
      path_.pop_back();
      ImGui::PopID();
    }
    if (n < m.maxCount && ImGui::SmallButton("+ add")) {
      a.resize(n + 1);
      applyElementDefaults(a, n);
      structuralChange();
    }
    --depth_;
    if (!m.key.empty()) path_.pop_back();
    ImGui::TreePop();
  }
  ImGui::PopID();
}

}  // namespace fx::gui
