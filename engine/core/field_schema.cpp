#include "engine/core/field_schema.h"

#include <cmath>

namespace fx {

namespace {

class SchemaBuilder final : public FieldVisitor {
 public:
  Json properties = Json::object();
  Json required = Json::array();
  Json element;  // for keyless (array element) fields

  void visit(const FieldMeta& m, bool& v, bool d) override { put(m, Json{{"type", "boolean"}}, Json(d)), (void)v; }
  void visit(const FieldMeta& m, int32_t&, int32_t d) override { put(m, numeric(m, "integer"), Json(d)); }
  void visit(const FieldMeta& m, float&, float d) override { put(m, numeric(m, "number"), floatJson(d)); }
  void visit(const FieldMeta& m, std::string&, std::string_view d) override {
    Json s{{"type", "string"}};
    if (m.maxLength > 0) s["maxLength"] = m.maxLength;
    if (m.hint == FieldHint::Code) s = Json{{"oneOf", Json::array({Json{{"type", "string"}}, Json{{"type", "array"}, {"items", {{"type", "string"}}}}})}};
    put(m, s, Json(std::string(d)));
  }
  void visit(const FieldMeta& m, FloatBounds&, FloatBounds d) override {
    put(m, tuple(numeric(m, "number"), 2), Json::array({floatJson(d.lo), floatJson(d.hi)}));
  }
  void visit(const FieldMeta& m, IntBounds&, IntBounds d) override {
    put(m, tuple(numeric(m, "integer"), 2), Json::array({d.lo, d.hi}));
  }
  void visit(const FieldMeta& m, ColorRgba&, ColorRgba d) override {
    Json ch = numeric(m, "number");
    Json s{{"type", "object"},
           {"properties", {{"r", ch}, {"g", ch}, {"b", ch}, {"a", ch}}},
           {"required", Json::array({"r", "g", "b"})},
           {"additionalProperties", false}};
    put(m, s, Json{{"r", floatJson(d.r)}, {"g", floatJson(d.g)}, {"b", floatJson(d.b)}, {"a", floatJson(d.a)}});
  }
  void visit(const FieldMeta& m, vec2&, vec2 d) override { put(m, tuple(numeric(m, "number"), 2), Json::array({d.x, d.y})); }
  void visit(const FieldMeta& m, vec3&, vec3 d) override { put(m, tuple(numeric(m, "number"), 3), Json::array({d.x, d.y, d.z})); }
  void visit(const FieldMeta& m, vec4&, vec4 d) override {
    put(m, tuple(numeric(m, "number"), 4), Json::array({d.x, d.y, d.z, d.w}));
  }
  void visit(const FieldMeta& m, quat&, quat d) override {
    put(m, tuple(Json{{"type", "number"}}, 4), Json::array({d.x, d.y, d.z, d.w}));
  }
  void visitEnum(const FieldMeta& m, int32_t&, std::span<const EnumOption> options, int32_t d) override {
    Json names = Json::array();
    for (const auto& o : options) names.push_back(std::string(o.name));
    const EnumOption* def = findEnumValue(options, d);
    put(m, Json{{"enum", names}}, def ? Json(std::string(def->name)) : Json(d));
  }
  void visitFlags(const FieldMeta& m, uint32_t&, std::span<const FlagOption> options, uint32_t d) override {
    Json names = Json::array(), def = Json::array();
    for (const auto& o : options) {
      names.push_back(std::string(o.name));
      if (o.mask && (d & o.mask) == o.mask) def.push_back(std::string(o.name));
    }
    put(m, Json{{"type", "array"}, {"items", {{"enum", names}}}, {"uniqueItems", true}}, def);
  }
  void visitObject(const FieldMeta& m, const std::function<void(FieldVisitor&)>& body) override {
    SchemaBuilder sub;
    body(sub);
    put(m, sub.objectSchema(), Json());
  }
  void visitArray(const FieldMeta& m, ArrayAccess& a) override {
    // Reflect one default element to learn its shape.
    SchemaBuilder sub;
    size_t n = a.size();
    a.resize(n + 1);
    applyElementDefaults(a, n);
    a.element(n, sub);
    a.resize(n);
    Json items = sub.element.is_null() ? sub.objectSchema() : sub.element;
    Json s{{"type", "array"}, {"items", items}};
    if (m.maxCount < (1u << 20)) s["maxItems"] = m.maxCount;
    put(m, s, Json());
  }

  Json objectSchema() const {
    Json s{{"type", "object"}, {"properties", properties}};
    if (!required.empty()) s["required"] = required;
    return s;
  }

 private:
  static Json numeric(const FieldMeta& m, const char* type) {
    Json s{{"type", type}};
    if (std::isfinite(m.min)) s["minimum"] = m.min;
    if (std::isfinite(m.max)) s["maximum"] = m.max;
    return s;
  }
  static Json tuple(Json item, size_t n) {
    return Json{{"type", "array"}, {"items", item}, {"minItems", n}, {"maxItems", n}};
  }
  void put(const FieldMeta& m, Json s, Json def) {
    std::string desc(m.help);
    if (m.unused) desc.insert(0, std::string_view("No effect in game. "));
    if (!m.unit.empty()) desc += (desc.empty() ? "" : " ") + std::string("Unit: ") + std::string(m.unit) + ".";
    if (!desc.empty()) s["description"] = desc;
    s["title"] = labelFor(m);
    if (!def.is_null()) s["default"] = def;
    if (m.cacheOnly) s["readOnly"] = true;
    if (m.key.empty()) {
      element = s;
      return;
    }
    properties[std::string(m.key)] = s;
    if (m.required) required.push_back(std::string(m.key));
  }
};

}  // namespace

Json schemaForFields(const ReflectFn& reflect, std::string_view title, std::string_view description) {
  SchemaBuilder b;
  reflect(b);
  Json s = b.objectSchema();
  s["$schema"] = "https://json-schema.org/draft/2020-12/schema";
  if (!title.empty()) s["title"] = std::string(title);
  if (!description.empty()) s["description"] = std::string(description);
  return s;
}

}  // namespace fx
