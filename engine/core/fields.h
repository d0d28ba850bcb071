// Field reflection: each definition declares its fields once, in a `reflect(FieldVisitor&)`
// function, with key, label, unit, range, default and the seed's help text. Visitors derive the
// rest from that one declaration: defaults (DefaultsVisitor, below), JSON read with error
// pointers and JSON write keeping unknown keys (field_json.h), JSON Schema (field_schema.h), and
// the ImGui inspector (app/gui). Nobody hand-writes per-field JSON or UI code.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/core/color.h"
#include "engine/core/math.h"

namespace fx {

struct FloatBounds {
  float lo = 0.0f, hi = 0.0f;
  bool operator==(const FloatBounds&) const = default;
};

struct IntBounds {
  int32_t lo = 0, hi = 0;
  bool operator==(const IntBounds&) const = default;
};

// What a string field holds, for the inspector, the loader's path rules and the schema.
enum class FieldHint : uint8_t {
  None,
  TexturePath,     // a PNG, resolved relative to the file (assets/ allowed)
  DefinitionPath,  // another JSON definition
  Name,            // a marker / object / channel name
  Code,            // bytecode: hex or assembly text
  Multiline,
};

// Where a field is stored in a Halo CE tag struct, for the fields that come from one (glow,
// weather, point_physics, wind; engine/formats/halo/tag_fields.h reads and writes them): the
// byte offset inside the struct (reference/halo_tag_format.md §5) and, where the C++ type leaves
// it open, the encoding. offset < 0: fxview's own field, not in the tag.
enum class TagCodec : uint8_t {
  Auto,       // by type: float; bounds from,to; ColorRgba a,r,g,b; vec2 floats; int32 and enums
              // int16; flags uint32; string a 32-byte TagString
  Flags16,    // flags stored as uint16
  Degrees,    // float, bounds or vec2 in degrees in fxview, radians (Angle) in the tag
  Reference,  // string: the path of the TagDependency at offset, with the class extension added
  Block,      // array: the TagReflexive at offset, one element struct per array element
};

struct TagBinding {
  int32_t offset = -1;
  TagCodec codec = TagCodec::Auto;
};

// A Halo TagString holds 32 bytes with its terminating NUL: at most 31 bytes of text. A string
// field bound to one declares `.maxLength = kTagStringMaxLength` (a test checks every such field).
inline constexpr size_t kTagStringMaxLength = 31;

// Designated initializers must follow this order: key, label, unit, help, min, max, unused,
// restart, cacheOnly, required, hint, speed, maxCount, maxLength, tag.
struct FieldMeta {
  std::string_view key;    // JSON key ("" for an array element)
  std::string_view label;  // inspector label
  std::string_view unit;   // "wu", "s", "Hz", "deg", "rad/s", ...
  std::string_view help;   // the seed's comment, shown as tooltip and schema description
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool unused = false;     // the seed documents the field as having no effect in game
  bool restart = false;    // editing it re-instantiates the effect
  bool cacheOnly = false;  // computed at load, never authored (read-only in the inspector)
  bool required = false;   // must be present in JSON
  FieldHint hint = FieldHint::None;
  float speed = 0.0f;          // inspector drag speed (0 = derived from the range)
  size_t maxCount = 1u << 20;  // arrays: the most elements allowed
  // Strings: the most bytes allowed (0 = no limit). JSON read refuses a longer value (and so
  // `set` and a paste), the inspector's box takes no more, the schema says maxLength.
  size_t maxLength = 0;
  TagBinding tag = {};  // Halo tag fields: where the value lives in the tag struct
};

struct EnumOption {
  std::string_view name;  // JSON name
  int32_t value;
  std::string_view help = {};
};

struct FlagOption {
  std::string_view name;  // JSON name
  uint32_t mask;
  std::string_view help = {};
};

class FieldVisitor;

// Type-erased access to an array field; element(i, v) reflects element i. An element callback
// that visits one field with an empty key is a scalar element; otherwise the element is an object.
struct ArrayAccess {
  std::function<size_t()> size;
  std::function<void(size_t)> resize;
  std::function<void(size_t, FieldVisitor&)> element;
  std::function<void(size_t, size_t)>
      move;  // move element `from` to position `to` (inspector reorder)
  // Optional: element i's title in the inspector (a kept Stride module's tag and YAML line).
  // Unset, an object element is titled by its "name" / "id" / "type" field, if any.
  std::function<std::string(size_t)> title;
};

class FieldVisitor {
 public:
  virtual ~FieldVisitor() = default;
  virtual void visit(const FieldMeta& m, bool& value, bool def) = 0;
  virtual void visit(const FieldMeta& m, int32_t& value, int32_t def) = 0;
  virtual void visit(const FieldMeta& m, float& value, float def) = 0;
  virtual void visit(const FieldMeta& m, std::string& value, std::string_view def) = 0;
  virtual void visit(const FieldMeta& m, FloatBounds& value, FloatBounds def) = 0;
  virtual void visit(const FieldMeta& m, IntBounds& value, IntBounds def) = 0;
  virtual void visit(const FieldMeta& m, ColorRgba& value, ColorRgba def) = 0;
  virtual void visit(const FieldMeta& m, vec2& value, vec2 def) = 0;
  virtual void visit(const FieldMeta& m, vec3& value, vec3 def) = 0;
  virtual void visit(const FieldMeta& m, vec4& value, vec4 def) = 0;
  // Quaternions are [i, j, k, w] in JSON.
  virtual void visit(const FieldMeta& m, quat& value, quat def) = 0;
  virtual void visitEnum(const FieldMeta& m, int32_t& value, std::span<const EnumOption> options,
                         int32_t def) = 0;
  virtual void visitFlags(const FieldMeta& m, uint32_t& mask, std::span<const FlagOption> options,
                          uint32_t def) = 0;
  virtual void visitObject(const FieldMeta& m, const std::function<void(FieldVisitor&)>& body) = 0;
  virtual void visitArray(const FieldMeta& m, ArrayAccess& access) = 0;
};

// A visitor for passes that care about a few kinds of field (path fix-ups, probes, key lists):
// every leaf visit reports the field to field() (a no-op by default); objects are walked into and
// arrays element by element. Override field() and whichever visits need the value.
class FieldWalker : public FieldVisitor {
 public:
  virtual void field(const FieldMeta&) {}
  void visit(const FieldMeta& m, bool&, bool) override { field(m); }
  void visit(const FieldMeta& m, int32_t&, int32_t) override { field(m); }
  void visit(const FieldMeta& m, float&, float) override { field(m); }
  void visit(const FieldMeta& m, std::string&, std::string_view) override { field(m); }
  void visit(const FieldMeta& m, FloatBounds&, FloatBounds) override { field(m); }
  void visit(const FieldMeta& m, IntBounds&, IntBounds) override { field(m); }
  void visit(const FieldMeta& m, ColorRgba&, ColorRgba) override { field(m); }
  void visit(const FieldMeta& m, vec2&, vec2) override { field(m); }
  void visit(const FieldMeta& m, vec3&, vec3) override { field(m); }
  void visit(const FieldMeta& m, vec4&, vec4) override { field(m); }
  void visit(const FieldMeta& m, quat&, quat) override { field(m); }
  void visitEnum(const FieldMeta& m, int32_t&, std::span<const EnumOption>, int32_t) override {
    field(m);
  }
  void visitFlags(const FieldMeta& m, uint32_t&, std::span<const FlagOption>, uint32_t) override {
    field(m);
  }
  void visitObject(const FieldMeta&, const std::function<void(FieldVisitor&)>& body) override {
    body(*this);
  }
  void visitArray(const FieldMeta&, ArrayAccess& a) override {
    for (size_t i = 0; i < a.size(); ++i) a.element(i, *this);
  }
};

// Typed helpers so definitions keep their enum classes.
template <class E>
void visitEnum(FieldVisitor& v, const FieldMeta& m, E& value, std::span<const EnumOption> options,
               E def) {
  int32_t raw = int32_t(value);
  v.visitEnum(m, raw, options, int32_t(def));
  value = E(raw);
}

// `title`, when given, names each element for the inspector (ArrayAccess::title).
template <class T, class F>
void visitArray(FieldVisitor& v, const FieldMeta& m, std::vector<T>& items, F&& element,
                std::type_identity_t<std::function<std::string(const T&)>> title = {}) {
  ArrayAccess access;
  if (title)
    access.title = [&items, title](size_t i) {
      return i < items.size() ? title(items[i]) : std::string();
    };
  access.size = [&] { return items.size(); };
  access.resize = [&](size_t n) { items.resize(n); };
  access.element = [&](size_t i, FieldVisitor& ev) { element(items[i], ev); };
  access.move = [&](size_t from, size_t to) {
    if (from >= items.size() || to >= items.size() || from == to) return;
    T tmp = std::move(items[from]);
    items.erase(items.begin() + long(from));
    items.insert(items.begin() + long(to), std::move(tmp));
  };
  v.visitArray(m, access);
}

// An array of plain values (floats, vec4s, strings): each element is a keyless field.
template <class T>
void visitValueArray(FieldVisitor& v, const FieldMeta& m, std::vector<T>& items, T def = T{}) {
  FieldMeta em;
  em.min = m.min;
  em.max = m.max;
  em.hint = m.hint;
  em.maxLength = m.maxLength;
  visitArray(v, m, items, [&](T& item, FieldVisitor& ev) { ev.visit(em, item, def); });
}

// Sets every field to its declared default (arrays become empty). Definitions are created
// through this so the declaration stays the single source of defaults.
class DefaultsVisitor final : public FieldVisitor {
 public:
  void visit(const FieldMeta&, bool& v, bool d) override { v = d; }
  void visit(const FieldMeta&, int32_t& v, int32_t d) override { v = d; }
  void visit(const FieldMeta&, float& v, float d) override { v = d; }
  void visit(const FieldMeta&, std::string& v, std::string_view d) override { v = std::string(d); }
  void visit(const FieldMeta&, FloatBounds& v, FloatBounds d) override { v = d; }
  void visit(const FieldMeta&, IntBounds& v, IntBounds d) override { v = d; }
  void visit(const FieldMeta&, ColorRgba& v, ColorRgba d) override { v = d; }
  void visit(const FieldMeta&, vec2& v, vec2 d) override { v = d; }
  void visit(const FieldMeta&, vec3& v, vec3 d) override { v = d; }
  void visit(const FieldMeta&, vec4& v, vec4 d) override { v = d; }
  void visit(const FieldMeta&, quat& v, quat d) override { v = d; }
  void visitEnum(const FieldMeta&, int32_t& v, std::span<const EnumOption>, int32_t d) override {
    v = d;
  }
  void visitFlags(const FieldMeta&, uint32_t& v, std::span<const FlagOption>, uint32_t d) override {
    v = d;
  }
  void visitObject(const FieldMeta&, const std::function<void(FieldVisitor&)>& body) override {
    body(*this);
  }
  void visitArray(const FieldMeta&, ArrayAccess& a) override { a.resize(0); }
};

// Defaults applied to one element of an array (for "add element" in the inspector and for
// JSON elements that omit keys).
inline void applyElementDefaults(ArrayAccess& a, size_t i) {
  DefaultsVisitor d;
  a.element(i, d);
}

// Name lookups for enums and flags.
const EnumOption* findEnumOption(std::span<const EnumOption> options, std::string_view name);
const EnumOption* findEnumValue(std::span<const EnumOption> options, int32_t value);
std::string enumNames(std::span<const EnumOption> options);  // "a, b, c"
std::string flagNames(std::span<const FlagOption> options);

// Label derived from a key when a declaration leaves `label` empty: "number_of_particles" ->
// "number of particles".
std::string labelFor(const FieldMeta& m);

}  // namespace fx
