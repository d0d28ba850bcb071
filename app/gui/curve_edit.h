// The curve editor's model, without ImGui. A curve-valued field is any array field whose
// elements are {key: normalized life 0..1, value: number or colour} (Stride's colour, size and
// rotation curves and whatever else declares that shape); they are found by walking the
// definition's reflection, so no list of curve fields exists beside the declarations. Edits
// (add, move, set value, delete a key) write the struct, re-read the definition through the
// loader's path and record one undo step like any inspector edit; a drag coalesces into one.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/math.h"
#include "engine/effects/effect.h"

namespace fx::gui {

struct App;

struct CurveField {
  std::string pointer;  // JSON Pointer inside the definition ("/updaters/2/curve")
  std::string label;    // for the picker ("updaters/2/curve")
  bool color = false;   // values are colours (else numbers, in value.x)
  size_t keys = 0;
};

struct CurvePoint {
  float key = 0.0f;  // normalized life
  vec4 value{0.0f};  // colour RGBA, or the number in x
};

// Every curve field of a definition, in declaration order.
std::vector<CurveField> findCurves(EffectDefinition& def);
// The keys of the curve at `pointer` (authored order); nullopt when no curve lives there.
std::optional<std::vector<CurvePoint>> readCurve(EffectDefinition& def, const std::string& pointer,
                                                 bool* color = nullptr);
// Replaces the curve's keys; false when no curve lives at `pointer`.
bool writeCurve(EffectDefinition& def, const std::string& pointer,
                const std::vector<CurvePoint>& points);

// The value at life `t`: linear between keys taken in key order, the end keys' values held
// outside them, `fallback` for an empty curve (the rule of stride_common.h sampleCurve).
vec4 sampleCurvePoints(const std::vector<CurvePoint>& points, float t, vec4 fallback);

enum class CurveOp { Add, Move, Value, Delete };
struct CurveEdit {
  CurveOp op = CurveOp::Add;
  size_t index = 0;   // Move, Value, Delete
  float key = 0.0f;   // Add, Move (clamped to 0..1)
  vec4 value{0.0f};   // Add, Value
  bool held = false;  // a drag in progress: coalesce with the next edit of this curve
};

// Applies one edit to the curve `pointer` of effect `effect` of the open document, as one undo
// step. Returns "" or an error (no such effect or curve, index out of range, curve full).
std::string editCurve(App& app, size_t effect, const std::string& pointer, const CurveEdit& edit);

// The console's `curve` command (runCurveCommand) is declared in app.h with the viewer's other
// commands and defined in curve_edit.cpp.

}  // namespace fx::gui
