#include "engine/core/field_json.h"

#include <cmath>
#include <set>
#include <sstream>

#include "engine/core/text.h"

namespace fx {

namespace {

std::string rangeText(const FieldMeta& m, bool integer) {
  std::string kind = integer ? "integer" : "number";
  bool hasMin = std::isfinite(m.min), hasMax = std::isfinite(m.max);
  if (!hasMin && !hasMax) return kind;
  auto num = [&](double v) {
    std::ostringstream s;
    if (integer)
      s << int64_t(v);
    else
      s << v;
    return s.str();
  };
  if (hasMin && hasMax) return kind + " " + num(m.min) + ".." + num(m.max);
  if (hasMin) return kind + " >= " + num(m.min);
  return kind + " <= " + num(m.max);
}

class JsonReader final : public FieldVisitor {
 public:
  JsonReader(const Json& node, std::string pointer, const std::string& file, Diagnostics& diags)
      : node_(node), pointer_(std::move(pointer)), file_(file), diags_(diags) {}

  std::set<std::string, std::less<>> visited;

  void visit(const FieldMeta& m, bool& v, bool) override {
    const Json* j = find(m);
    if (!j) return;
    if (!j->is_boolean()) return fail(m, "expected true or false, got " + describeJson(*j));
    v = j->get<bool>();
  }

  void visit(const FieldMeta& m, int32_t& v, int32_t) override {
    const Json* j = find(m);
    if (!j) return;
    double d;
    if (!readNumber(*j, d) || d != std::floor(d) || !inRange(m, d) || std::abs(d) > 2147483647.0)
      return fail(m, "expected " + rangeText(m, true) + ", got " + describeJson(*j));
    v = int32_t(d);
  }

  void visit(const FieldMeta& m, float& v, float) override {
    const Json* j = find(m);
    if (!j) return;
    double d;
    if (!readNumber(*j, d) || !inRange(m, d) || std::abs(d) > 3.4e38)
      return fail(m, "expected " + rangeText(m, false) + ", got " + describeJson(*j));
    v = float(d);
  }

  void visit(const FieldMeta& m, std::string& v, std::string_view) override {
    const Json* j = find(m);
    if (!j) return;
    if (m.hint == FieldHint::Code && j->is_array()) {
      // Code may be given as an array of lines.
      std::string joined;
      for (const auto& line : *j) {
        if (!line.is_string()) return fail(m, "expected a string or an array of strings, got " + describeJson(*j));
        joined += line.get<std::string>() + "\n";
      }
      v = joined;
      return;
    }
    if (!j->is_string()) return fail(m, "expected a string, got " + describeJson(*j));
    const std::string& text = j->get_ref<const std::string&>();
    if (m.maxLength > 0 && text.size() > m.maxLength)
      return fail(m, "expected a string of at most " + std::to_string(m.maxLength) +
                         " bytes, got " + std::to_string(text.size()) + " bytes");
    v = text;
  }

  void visit(const FieldMeta& m, FloatBounds& v, FloatBounds) override {
    const Json* j = find(m);
    if (!j) return;
    float out[2];
    if (!readFloats(m, *j, out, 2, "[min, max]")) return;
    v = {out[0], out[1]};
  }

  void visit(const FieldMeta& m, IntBounds& v, IntBounds) override {
    const Json* j = find(m);
    if (!j) return;
    float out[2];
    if (!readFloats(m, *j, out, 2, "[min, max]")) return;
    if (out[0] != std::floor(out[0]) || out[1] != std::floor(out[1]))
      return fail(m, "expected [min, max] of integers, got " + describeJson(*j));
    v = {int32_t(out[0]), int32_t(out[1])};
  }

  void visit(const FieldMeta& m, ColorRgba& v, ColorRgba) override {
    const Json* j = find(m);
    if (!j) return;
    ColorRgba c{0, 0, 0, 1};
    FieldMeta cm = m;
    if (!std::isfinite(cm.min)) cm.min = 0.0;
    if (j->is_object()) {
      static const char* kKeys[] = {"r", "g", "b", "a"};
      float* dst[] = {&c.r, &c.g, &c.b, &c.a};
      for (int i = 0; i < 4; ++i) {
        auto it = j->find(kKeys[i]);
        std::string p = pointerJoin(here(m), kKeys[i]);
        if (it == j->end()) {
          if (i < 3) diags_.error(file_, p, "missing colour channel");
          continue;
        }
        double d;
        if (!readNumber(*it, d) || !inRange(cm, d))
          diags_.error(file_, p, "expected " + rangeText(cm, false) + ", got " + describeJson(*it));
        else
          *dst[i] = float(d);
      }
      for (auto it = j->begin(); it != j->end(); ++it)
        if (it.key() != "r" && it.key() != "g" && it.key() != "b" && it.key() != "a")
          diags_.warning(file_, pointerJoin(here(m), it.key()), "unknown colour key (expected r, g, b, a)");
      v = c;
      return;
    }
    if (j->is_array() && (j->size() == 3 || j->size() == 4)) {
      float out[4] = {0, 0, 0, 1};
      if (!readFloats(cm, *j, out, j->size(), "{\"r\", \"g\", \"b\", \"a\"}")) return;
      v = {out[0], out[1], out[2], out[3]};
      return;
    }
    fail(m, "expected a colour {\"r\", \"g\", \"b\", \"a\"}, got " + describeJson(*j));
  }

  void visit(const FieldMeta& m, vec2& v, vec2) override { readVec(m, &v.x, 2, "[x, y]"); }
  void visit(const FieldMeta& m, vec3& v, vec3) override { readVec(m, &v.x, 3, "[x, y, z]"); }
  void visit(const FieldMeta& m, vec4& v, vec4) override { readVec(m, &v.x, 4, "[x, y, z, w]"); }

  void visit(const FieldMeta& m, quat& v, quat) override {
    float q[4];
    if (!readVec(m, q, 4, "[i, j, k, w]")) return;
    quat r = quatFromIjkw(q[0], q[1], q[2], q[3]);
    float len = glm::length(r);
    if (len < 1e-6f) return fail(m, "expected a non-zero quaternion [i, j, k, w], got " + describeJson(*find(m)));
    v = r / len;
  }

  void visitEnum(const FieldMeta& m, int32_t& v, std::span<const EnumOption> options, int32_t) override {
    const Json* j = find(m);
    if (!j) return;
    if (j->is_string()) {
      if (const EnumOption* o = findEnumOption(options, j->get<std::string>())) {
        v = o->value;
        return;
      }
    } else if (j->is_number_integer()) {
      // The raw tag value is accepted too (data converted from tag files).
      if (const EnumOption* o = findEnumValue(options, j->get<int32_t>())) {
        v = o->value;
        return;
      }
    }
    fail(m, "expected one of " + enumNames(options) + ", got " + describeJson(*j));
  }

  void visitFlags(const FieldMeta& m, uint32_t& v, std::span<const FlagOption> options, uint32_t) override {
    const Json* j = find(m);
    if (!j) return;
    if (j->is_number_unsigned()) {
      v = j->get<uint32_t>();
      return;
    }
    if (!j->is_array()) return fail(m, "expected an array of flag names (" + flagNames(options) + "), got " + describeJson(*j));
    uint32_t mask = 0;
    for (size_t i = 0; i < j->size(); ++i) {
      const Json& e = (*j)[i];
      bool found = false;
      if (e.is_string())
        for (const auto& o : options)
          if (o.name == e.get<std::string>()) {
            mask |= o.mask;
            found = true;
          }
      if (!found)
        diags_.error(file_, pointerJoin(here(m), i), "expected one of " + flagNames(options) + ", got " + describeJson(e));
    }
    v = mask;
  }

  void visitObject(const FieldMeta& m, const std::function<void(FieldVisitor&)>& body) override {
    const Json* j = find(m);
    if (!j) return;
    if (!j->is_object()) return fail(m, "expected an object, got " + describeJson(*j));
    JsonReader sub(*j, here(m), file_, diags_);
    body(sub);
    sub.reportUnknown({});
  }

  void visitArray(const FieldMeta& m, ArrayAccess& a) override {
    const Json* j = find(m);
    if (!j) return;
    if (!j->is_array()) return fail(m, "expected an array, got " + describeJson(*j));
    if (j->size() > m.maxCount)
      return fail(m, "expected at most " + std::to_string(m.maxCount) + " elements, got " + std::to_string(j->size()));
    a.resize(j->size());
    for (size_t i = 0; i < j->size(); ++i) {
      applyElementDefaults(a, i);
      JsonReader sub((*j)[i], pointerJoin(here(m), i), file_, diags_);
      sub.elementMode_ = true;
      a.element(i, sub);
      if (!sub.sawKeyless_) {
        if (!(*j)[i].is_object())
          diags_.error(file_, pointerJoin(here(m), i), "expected an object, got " + describeJson((*j)[i]));
        else
          sub.reportUnknown({});
      }
    }
  }

  void reportUnknown(const std::vector<std::string>& alsoKnown) {
    if (!node_.is_object()) return;
    for (auto it = node_.begin(); it != node_.end(); ++it) {
      const std::string& k = it.key();
      if (visited.count(k)) continue;
      bool known = false;
      for (const auto& a : alsoKnown) known |= a == k;
      if (!known) diags_.warning(file_, pointerJoin(pointer_, k), unknownKeyMessage(k, alsoKnown));
    }
  }

  // "unknown key (kept on save)", with the declared key it is a typo of when one is close and
  // absent from the object (a key present is not the one mistyped).
  std::string unknownKeyMessage(const std::string& key, const std::vector<std::string>& alsoKnown) {
    std::vector<std::string> absent;
    for (const std::string& k : visited)
      if (!node_.contains(k)) absent.push_back(k);
    for (const std::string& k : alsoKnown)
      if (!node_.contains(k)) absent.push_back(k);
    std::string nearest = nearestName(key, absent);
    return nearest.empty() ? "unknown key (kept on save)"
                           : "unknown key (kept on save; did you mean \"" + nearest + "\"?)";
  }

  void checkRequired(const FieldMeta& m) {
    if (m.required && !m.key.empty() && node_.is_object() && !node_.contains(std::string(m.key)))
      diags_.error(file_, pointerJoin(pointer_, m.key), "required field is missing");
  }

 private:
  const Json* find(const FieldMeta& m) {
    if (m.key.empty()) {
      // A keyless field is the element itself.
      sawKeyless_ = true;
      return &node_;
    }
    if (!node_.is_object()) return nullptr;
    visited.insert(std::string(m.key));
    auto it = node_.find(std::string(m.key));
    if (it == node_.end()) {
      checkRequired(m);
      return nullptr;
    }
    if (m.cacheOnly) {
      diags_.warning(file_, here(m), "computed at load; the authored value is ignored");
      return nullptr;
    }
    return &*it;
  }

  std::string here(const FieldMeta& m) const { return m.key.empty() ? pointer_ : pointerJoin(pointer_, m.key); }

  void fail(const FieldMeta& m, std::string message) { diags_.error(file_, here(m), std::move(message)); }

  static bool readNumber(const Json& j, double& out) {
    if (!j.is_number()) return false;
    out = j.get<double>();
    return std::isfinite(out);
  }

  static bool inRange(const FieldMeta& m, double d) { return d >= m.min && d <= m.max; }

  bool readFloats(const FieldMeta& m, const Json& j, float* out, size_t n, const char* shape) {
    if (!j.is_array() || j.size() != n) {
      fail(m, std::string("expected ") + shape + ", got " + describeJson(j));
      return false;
    }
    bool ok = true;
    for (size_t i = 0; i < n; ++i) {
      double d;
      if (!readNumber(j[i], d) || !inRange(m, d)) {
        diags_.error(file_, pointerJoin(here(m), i), "expected " + rangeText(m, false) + ", got " + describeJson(j[i]));
        ok = false;
      } else {
        out[i] = float(d);
      }
    }
    return ok;
  }

  bool readVec(const FieldMeta& m, float* dst, size_t n, const char* shape) {
    const Json* j = find(m);
    if (!j) return false;
    float tmp[4];
    if (!readFloats(m, *j, tmp, n, shape)) return false;
    for (size_t i = 0; i < n; ++i) dst[i] = tmp[i];
    return true;
  }

  const Json& node_;
  std::string pointer_;
  const std::string& file_;
  Diagnostics& diags_;
  bool elementMode_ = false;
  bool sawKeyless_ = false;
};

class JsonWriter final : public FieldVisitor {
 public:
  JsonWriter(Json& node, bool all) : node_(node), all_(all) {
    if (!node_.is_object() && !keyless()) node_ = Json::object();
  }

  void visit(const FieldMeta& m, bool& v, bool d) override { put(m, Json(v), v == d); }
  void visit(const FieldMeta& m, int32_t& v, int32_t d) override { put(m, Json(v), v == d); }
  void visit(const FieldMeta& m, float& v, float d) override { put(m, floatJson(v), v == d); }
  void visit(const FieldMeta& m, std::string& v, std::string_view d) override { put(m, Json(v), v == d); }
  void visit(const FieldMeta& m, FloatBounds& v, FloatBounds d) override {
    put(m, Json::array({floatJson(v.lo), floatJson(v.hi)}), v == d);
  }
  void visit(const FieldMeta& m, IntBounds& v, IntBounds d) override { put(m, Json::array({v.lo, v.hi}), v == d); }
  void visit(const FieldMeta& m, ColorRgba& v, ColorRgba d) override {
    Json c = Json::object();
    c["r"] = floatJson(v.r);
    c["g"] = floatJson(v.g);
    c["b"] = floatJson(v.b);
    if (v.a != 1.0f || (existing(m) && existing(m)->contains("a"))) c["a"] = floatJson(v.a);
    put(m, c, v == d);
  }
  void visit(const FieldMeta& m, vec2& v, vec2 d) override { put(m, Json::array({floatJson(v.x), floatJson(v.y)}), v == d); }
  void visit(const FieldMeta& m, vec3& v, vec3 d) override {
    put(m, Json::array({floatJson(v.x), floatJson(v.y), floatJson(v.z)}), v == d);
  }
  void visit(const FieldMeta& m, vec4& v, vec4 d) override {
    put(m, Json::array({floatJson(v.x), floatJson(v.y), floatJson(v.z), floatJson(v.w)}), v == d);
  }
  void visit(const FieldMeta& m, quat& v, quat d) override {
    put(m, Json::array({floatJson(v.x), floatJson(v.y), floatJson(v.z), floatJson(v.w)}), v == d);
  }
  void visitEnum(const FieldMeta& m, int32_t& v, std::span<const EnumOption> options, int32_t d) override {
    const EnumOption* o = findEnumValue(options, v);
    put(m, o ? Json(std::string(o->name)) : Json(v), v == d);
  }
  void visitFlags(const FieldMeta& m, uint32_t& v, std::span<const FlagOption> options, uint32_t d) override {
    Json arr = Json::array();
    uint32_t rest = v;
    for (const auto& o : options)
      if ((v & o.mask) == o.mask && o.mask) {
        arr.push_back(std::string(o.name));
        rest &= ~o.mask;
      }
    put(m, rest ? Json(v) : arr, v == d);
  }
  void visitObject(const FieldMeta& m, const std::function<void(FieldVisitor&)>& body) override {
    Json sub = existing(m) && existing(m)->is_object() ? *existing(m) : Json::object();
    JsonWriter w(sub, all_);
    body(w);
    if (all_ || existing(m) || !sub.empty()) slot(m) = std::move(sub);
  }
  void visitArray(const FieldMeta& m, ArrayAccess& a) override {
    const Json* old = existing(m);
    Json arr = Json::array();
    size_t n = a.size();
    for (size_t i = 0; i < n; ++i) {
      Json e = old && old->is_array() && i < old->size() ? (*old)[i] : Json();
      JsonWriter w(e, all_);
      w.elementMode_ = true;
      a.element(i, w);
      arr.push_back(std::move(e));
    }
    if (all_ || old || n > 0) slot(m) = std::move(arr);
  }

 private:
  bool keyless() const { return false; }
  const Json* existing(const FieldMeta& m) const {
    if (m.key.empty()) return node_.is_null() ? nullptr : &node_;
    if (!node_.is_object()) return nullptr;
    auto it = node_.find(std::string(m.key));
    return it == node_.end() ? nullptr : &*it;
  }
  Json& slot(const FieldMeta& m) {
    if (m.key.empty()) return node_;
    if (!node_.is_object()) node_ = Json::object();
    return node_[std::string(m.key)];
  }
  void put(const FieldMeta& m, Json value, bool isDefault) {
    if (m.cacheOnly) return;
    if (m.key.empty() || all_ || !isDefault || existing(m)) slot(m) = std::move(value);
  }

  Json& node_;
  bool all_;
  bool elementMode_ = false;
};

}  // namespace

void readFields(const Json& json, const ReflectFn& reflect, const JsonReadOptions& opts, Diagnostics& diags) {
  if (!json.is_object()) {
    diags.error(opts.file, opts.pointer, "expected an object, got " + describeJson(json));
    return;
  }
  JsonReader r(json, opts.pointer, opts.file, diags);
  reflect(r);
  if (opts.reportUnknown) r.reportUnknown(opts.alsoKnown);
}

void writeFields(Json& json, const ReflectFn& reflect) {
  if (!json.is_object()) json = Json::object();
  JsonWriter w(json, false);
  reflect(w);
}

void writeAllFields(Json& json, const ReflectFn& reflect) {
  if (!json.is_object()) json = Json::object();
  JsonWriter w(json, true);
  reflect(w);
}

}  // namespace fx
