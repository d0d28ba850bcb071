// The inspector, generated from field reflection: a FieldVisitor that draws one ImGui widget per
// declared field (help as tooltip, unit and range, enum combos, flag checkboxes, colour pickers,
// bounds, vectors, quaternions, strings, arrays with add / remove / reorder, nested objects as
// tree nodes). Unused fields are greyed ("no effect in game"), cache-only ones read-only, values
// that differ from the declared default highlighted with a reset button; right-click copies or
// pastes a field as JSON. Edits write straight into the reflected struct; the caller reads what
// happened from the result fields and records the undo step.
#pragma once

#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/diagnostics.h"
#include "engine/core/fields.h"

namespace fx::gui {

// A label fitted to `width`: whole when it fits, otherwise cut at a character boundary and ended
// in "..." (the inspector shows the full label and the field's help in the tooltip). The first
// `shared` bytes (what it shares with its siblings, sharedWordPrefix) give way first: "local
// variation weight" beside "local variation rate" shows as "...weight", not "local variati...".
// Never wider than `width`: when not even "..." fits, `shown` is empty. `measure` gives a
// string's drawn width. Never wider than `width`: when
// not even "..." fits, `shown` is empty. `measure` gives a string's drawn width.
struct FittedLabel {
  std::string shown;
  bool truncated = false;
};
FittedLabel fitLabel(std::string_view text, float width,
                     const std::function<float(std::string_view)>& measure, size_t shared = 0);
// The longest run of whole words at the front of `label` that it shares with one of `siblings`
// (the other labels beside it), in bytes, up to the word where the two part.
size_t sharedWordPrefix(std::string_view label, std::span<const std::string> siblings);

// The labels each object's fields showed last frame and this one, keyed by the object's pointer:
// the siblings a label is shortened against. nextFrame() once per frame.
// Kept across frames. Each group's labels are overwritten in place, not freed and made again, so
// a steady inspector allocates nothing for them frame after frame.
struct SiblingLabels {
  struct Group {
    std::vector<std::string> labels;
    size_t used = 0;  // labels[0, used) are this frame's
    std::span<const std::string> seen() const { return {labels.data(), used}; }
    void add(std::string_view label) {
      if (used < labels.size())
        labels[used].assign(label);
      else
        labels.emplace_back(label);
      ++used;
    }
  };
  std::map<std::string, Group, std::less<>> last, now;
  std::string parent;  // the group being drawn (reused)
  void nextFrame() {
    std::swap(last, now);
    for (auto& [key, group] : now) group.used = 0;
  }
  Group& nowGroup() {
    auto it = now.find(parent);
    return it != now.end() ? it->second : now[parent];
  }
};

// The label column's default and the least room either side of it (screen pixels).
inline constexpr float kDefaultLabelColumn = 170.0f;
inline constexpr float kMinLabelColumn = 60.0f;
inline constexpr float kMinValueColumn = 90.0f;

class InspectorVisitor final : public FieldVisitor {
 public:
  explicit InspectorVisitor(std::string file = "clipboard") : file_(std::move(file)) {}

  // What this frame's visit did.
  bool changed = false;        // some value changed
  bool editing = false;        // the changed widget is still held (a drag in progress)
  bool finished = false;       // a held widget was released after changing its value
  bool structural = false;     // an array grew, shrank or was reordered
  bool needsRestart = false;   // a `.restart` or path field changed: re-instantiate now
  std::string changedPointer;  // pointer of the last changed field, for the undo label
  Diagnostics pasteErrors;     // JSON pasted into a field that did not fit
  std::string filter;          // only fields whose label or key contains this (lowercase)
  std::string focus;           // a pointer to open and scroll to ("" = none)
  bool focusReached = false;   // the focus was drawn (and scrolled to) this frame
  // Where a field's value is read from when another file supplies it (fieldSource in
  // engine/session/world_edit.h): such fields are shown read-only with that source.
  std::function<std::string(const std::string& pointer)> sourceOf;
  // Where the value widgets start, from the window's content edge: every label is drawn in the
  // column before it, cut with an ellipsis when it does not fit (the panel's splitter sets it).
  float labelColumn = kDefaultLabelColumn;
  SiblingLabels* siblings = nullptr;  // labels shortened against their siblings (null: at the end)

  void visit(const FieldMeta& m, bool& value, bool def) override;
  void visit(const FieldMeta& m, int32_t& value, int32_t def) override;
  void visit(const FieldMeta& m, float& value, float def) override;
  void visit(const FieldMeta& m, std::string& value, std::string_view def) override;
  void visit(const FieldMeta& m, FloatBounds& value, FloatBounds def) override;
  void visit(const FieldMeta& m, IntBounds& value, IntBounds def) override;
  void visit(const FieldMeta& m, ColorRgba& value, ColorRgba def) override;
  void visit(const FieldMeta& m, vec2& value, vec2 def) override;
  void visit(const FieldMeta& m, vec3& value, vec3 def) override;
  void visit(const FieldMeta& m, vec4& value, vec4 def) override;
  void visit(const FieldMeta& m, quat& value, quat def) override;
  void visitEnum(const FieldMeta& m, int32_t& value, std::span<const EnumOption> options,
                 int32_t def) override;
  void visitFlags(const FieldMeta& m, uint32_t& mask, std::span<const FlagOption> options,
                  uint32_t def) override;
  void visitObject(const FieldMeta& m, const std::function<void(FieldVisitor&)>& body) override;
  void visitArray(const FieldMeta& m, ArrayAccess& access) override;

 private:
  template <class T, class Widget>
  void field(const FieldMeta& m, T& value, const T& def, Widget&& widget);
  std::string pointerOf(const FieldMeta& m) const;
  std::string labelOf(const FieldMeta& m) const;
  bool passesFilter(const FieldMeta& m) const;
  void noteWidget(const FieldMeta& m, bool edited);
  void mark(const FieldMeta& m);
  void openForFocus(const std::string& pointer);
  std::string sourceFor(const FieldMeta& m) const;
  // A tree node's title fitted to the rest of its line; the full title goes in `full` if cut.
  std::string fitTitle(const std::string& title, bool& truncated) const;

  std::string file_;
  std::vector<std::string> path_;  // pointer tokens of the enclosing objects / elements
  std::vector<size_t> index_;      // element index per array level (for keyless labels)
  int depth_ = 0;
};

}  // namespace fx::gui
