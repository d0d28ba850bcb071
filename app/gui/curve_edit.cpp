#include "app/gui/curve_edit.h"

#include <algorithm>
#include <charconv>

#include "app/gui/app.h"
#include "engine/core/field_json.h"

namespace fx::gui {

namespace {

// Reads or writes one {key, value} element.
class KeyValue final : public FieldWalker {
 public:
  CurvePoint point;
  bool write = false;
  bool sawKey = false, sawValue = false, color = false;
  void visit(const FieldMeta& m, float& v, float) override {
    if (m.key == "key") {
      sawKey = true;
      if (write) v = point.key;
      point.key = v;
    } else if (m.key == "value") {
      sawValue = true;
      if (write) v = point.value.x;
      point.value = vec4(v, 0, 0, 0);
    } else {
      other = true;
    }
  }
  void visit(const FieldMeta& m, ColorRgba& v, ColorRgba) override {
    if (m.key != "value") {
      other = true;
      return;
    }
    sawValue = color = true;
    if (write) v = ColorRgba{point.value.r, point.value.g, point.value.b, point.value.a};
    point.value = vec4(v.r, v.g, v.b, v.a);
  }
  void field(const FieldMeta&) override { other = true; }
  void visitObject(const FieldMeta&, const std::function<void(FieldVisitor&)>&) override {
    other = true;
  }
  void visitArray(const FieldMeta&, ArrayAccess&) override { other = true; }
  bool isCurveElement() const { return sawKey && sawValue && !other; }
  bool other = false;
};

// Walks a definition with JSON Pointers; at each array asks `onArray` (pointer, access).
class CurveWalker final : public FieldWalker {
 public:
  std::function<void(const std::string&, const FieldMeta&, ArrayAccess&)> onArray;
  void visitObject(const FieldMeta& m, const std::function<void(FieldVisitor&)>& body) override {
    if (!m.key.empty()) path_.push_back(pointerJoin(current(), m.key));
    body(*this);
    if (!m.key.empty()) path_.pop_back();
  }
  void visitArray(const FieldMeta& m, ArrayAccess& a) override {
    std::string p = m.key.empty() ? current() : pointerJoin(current(), m.key);
    onArray(p, m, a);
    for (size_t i = 0; i < a.size(); ++i) {
      path_.push_back(pointerJoin(p, i));
      a.element(i, *this);
      path_.pop_back();
    }
  }

 private:
  std::string current() const { return path_.empty() ? std::string() : path_.back(); }
  std::vector<std::string> path_;
};

// Whether an array's elements are curve keys (an empty array is probed with one element).
bool curveShape(ArrayAccess& a, bool& color) {
  size_t n = a.size();
  if (n == 0) a.resize(1);
  KeyValue kv;
  a.element(0, kv);
  if (n == 0) a.resize(0);
  color = kv.color;
  return kv.isCurveElement();
}

template <class F>
bool atCurve(EffectDefinition& def, const std::string& pointer, F&& f) {
  bool found = false;
  CurveWalker w;
  w.onArray = [&](const std::string& p, const FieldMeta&, ArrayAccess& a) {
    bool color = false;
    if (found || p != pointer || !curveShape(a, color)) return;
    found = true;
    f(a, color);
  };
  def.reflect(w);
  return found;
}

std::optional<float> number(const std::string& s) {
  float v = 0.0f;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<size_t> index(const std::string& s) {
  size_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// A number, or a colour {"r","g","b","a"} (a defaults to 1).
std::optional<vec4> parseValue(const std::string& text, bool color, std::string& error) {
  if (!color) {
    auto v = number(text);
    if (!v) error = "VALUE: expected a number, got \"" + text + "\"";
    return v ? std::optional<vec4>(vec4(*v, 0, 0, 0)) : std::nullopt;
  }
  Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    error = "VALUE: expected a colour {\"r\", \"g\", \"b\", \"a\"}, got " + text;
    return std::nullopt;
  }
  vec4 c(0, 0, 0, 1);
  const char* keys[4] = {"r", "g", "b", "a"};
  for (int i = 0; i < 4; ++i)
    if (j.contains(keys[i])) {
      if (!j[keys[i]].is_number()) {
        error = std::string("VALUE: /") + keys[i] + ": expected a number";
        return std::nullopt;
      }
      c[i] = j[keys[i]].get<float>();
    }
  return c;
}

}  // namespace

std::vector<CurveField> findCurves(EffectDefinition& def) {
  std::vector<CurveField> out;
  CurveWalker w;
  w.onArray = [&](const std::string& p, const FieldMeta&, ArrayAccess& a) {
    bool color = false;
    if (!curveShape(a, color)) return;
    out.push_back({.pointer = p, .label = p.substr(1), .color = color, .keys = a.size()});
  };
  def.reflect(w);
  return out;
}

std::optional<std::vector<CurvePoint>> readCurve(EffectDefinition& def, const std::string& pointer,
                                                 bool* color) {
  std::vector<CurvePoint> points;
  bool found = atCurve(def, pointer, [&](ArrayAccess& a, bool c) {
    if (color) *color = c;
    for (size_t i = 0; i < a.size(); ++i) {
      KeyValue kv;
      a.element(i, kv);
      points.push_back(kv.point);
    }
  });
  if (!found) return std::nullopt;
  return points;
}

bool writeCurve(EffectDefinition& def, const std::string& pointer,
                const std::vector<CurvePoint>& points) {
  return atCurve(def, pointer, [&](ArrayAccess& a, bool) {
    a.resize(points.size());
    for (size_t i = 0; i < points.size(); ++i) {
      KeyValue kv;
      kv.write = true;
      kv.point = points[i];
      a.element(i, kv);
    }
  });
}

vec4 sampleCurvePoints(const std::vector<CurvePoint>& points, float t, vec4 fallback) {
  if (points.empty()) return fallback;
  std::vector<CurvePoint> sorted = points;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const CurvePoint& a, const CurvePoint& b) { return a.key < b.key; });
  if (t <= sorted.front().key) return sorted.front().value;
  if (t >= sorted.back().key) return sorted.back().value;
  for (size_t i = 1; i < sorted.size(); ++i) {
    const CurvePoint& a = sorted[i - 1];
    const CurvePoint& b = sorted[i];
    if (t > b.key) continue;
    float span = b.key - a.key;
    float f = span > 0.0f ? (t - a.key) / span : 1.0f;
    return a.value + (b.value - a.value) * f;
  }
  return sorted.back().value;
}

std::string editCurve(App& app, size_t effect, const std::string& pointer, const CurveEdit& e) {
  if (!app.preset || !app.world || effect >= app.preset->effects.size()) return "no such effect";
  EffectEntry& entry = app.preset->effects[effect];
  bool color = false;
  auto points = readCurve(*entry.definition, pointer, &color);
  if (!points)
    return "no curve at " + entry.placement.id + pointer +
           " (a curve is an array of {key, value} elements)";
  const std::string target = effectTarget(entry);
  committedSnapshot(app, target);
  float key = std::clamp(e.key, 0.0f, 1.0f);
  switch (e.op) {
    case CurveOp::Add:
      if (points->size() >= 64) return "the curve already has 64 keys";
      points->push_back({key, e.value});
      break;
    case CurveOp::Move:
    case CurveOp::Value:
    case CurveOp::Delete:
      if (e.index >= points->size())
        return "INDEX: expected 0.." + std::to_string(int(points->size()) - 1) + ", got " +
               std::to_string(e.index);
      if (e.op == CurveOp::Move) (*points)[e.index].key = key;
      if (e.op == CurveOp::Value) (*points)[e.index].value = e.value;
      if (e.op == CurveOp::Delete) points->erase(points->begin() + long(e.index));
      break;
  }
  writeCurve(*entry.definition, pointer, *points);
  Diagnostics d;
  if (!applyEffectSnapshot(*app.preset, *app.world, effect, effectSnapshot(entry), d,
                           app.args.allowAnyPath)) {
    app.loadDiagnostics = d;
    return "the edited curve was rejected (see the errors panel)";
  }
  syncTransport(app.transport, *app.world);
  const char* what[] = {"add curve key", "move curve key", "curve value", "delete curve key"};
  // A drag's edits and its release share one step; the release closes it.
  recordEdit(app, target, std::string(what[int(e.op)]) + " " + pointer, "curve " + pointer);
  if (!e.held) app.history.breakCoalescing();
  return {};
}

std::string runCurveCommand(App& app, const std::vector<std::string>& t,
                            const std::string& valueText) {
  const char* usage =
      "usage: curve FIELD add KEY VALUE | move INDEX KEY | value INDEX VALUE | delete INDEX";
  if (t.size() < 4 || !app.preset) return usage;
  size_t slash = t[1].find('/');
  if (slash == std::string::npos) return "FIELD: expected effect_id/json/pointer, got " + t[1];
  std::string id = t[1].substr(0, slash), pointer = t[1].substr(slash);
  size_t effect = app.preset->effects.size();
  for (size_t i = 0; i < app.preset->effects.size(); ++i)
    if (app.preset->effects[i].placement.id == id) effect = i;
  if (effect == app.preset->effects.size()) return "no effect with id \"" + id + "\"";
  bool color = false;
  if (!readCurve(*app.preset->effects[effect].definition, pointer, &color))
    return "no curve at " + t[1] + " (a curve is an array of {key, value} elements)";
  CurveEdit e;
  std::string error;
  const std::string& op = t[2];
  if (op == "add" && t.size() >= 5) {
    auto k = number(t[3]);
    if (!k) return "KEY: expected a number 0..1, got \"" + t[3] + "\"";
    auto v = parseValue(valueText, color, error);
    if (!v) return error;
    e = {.op = CurveOp::Add, .key = *k, .value = *v};
  } else if ((op == "move" || op == "value") && t.size() >= 5) {
    auto i = index(t[3]);
    if (!i) return "INDEX: expected a key index, got \"" + t[3] + "\"";
    if (op == "move") {
      auto k = number(t[4]);
      if (!k) return "KEY: expected a number 0..1, got \"" + t[4] + "\"";
      e = {.op = CurveOp::Move, .index = *i, .key = *k};
    } else {
      auto v = parseValue(valueText, color, error);
      if (!v) return error;
      e = {.op = CurveOp::Value, .index = *i, .value = *v};
    }
  } else if (op == "delete") {
    auto i = index(t[3]);
    if (!i) return "INDEX: expected a key index, got \"" + t[3] + "\"";
    e = {.op = CurveOp::Delete, .index = *i};
  } else {
    return usage;
  }
  return editCurve(app, effect, pointer, e);
}

}  // namespace fx::gui
