#include "engine/formats/halo/tag_fields.h"

#include <cassert>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <type_traits>

namespace fx::halo {

namespace {

// Angle conversions in double, rounded once: every fixture angle and about 91% of arbitrary
// floats survive radians -> degrees -> radians exactly (the rest are one ulp off: a float in
// degrees cannot hold every radian value). Unedited fields are never rewritten, so saving back
// into a tag is exact regardless.
constexpr double kRadToDeg = 180.0 / 3.14159265358979323846;
float toFx(float tagValue, TagCodec c) {
  return c == TagCodec::Degrees ? float(double(tagValue) * kRadToDeg) : tagValue;
}
float toTag(float fxValue, TagCodec c) {
  return c == TagCodec::Degrees ? float(double(fxValue) / kRadToDeg) : fxValue;
}

const OutField* outFieldAt(const StructLayout& l, int32_t offset) {
  for (const auto& f : l.fields)
    if (int32_t(f.offset) == offset) return &f;
  return nullptr;
}

uint32_t referenceFourCC(TagStruct s, const OutField& f) {
  uint32_t cls = s.referenceClass(f.name);
  return (cls == 0 || cls == 0xFFFFFFFFu) ? f.refClass : cls;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(uint8_t(c)));
  return out;
}

// One pass over the declarations; `write` chooses the direction.
class TagFieldVisitor final : public FieldVisitor {
 public:
  TagFieldVisitor(TagStruct s, bool write, std::vector<TagFieldProblem>* problems = nullptr,
                  std::string pointer = {})
      : s_(s), write_(write), problems_(problems), pointer_(std::move(pointer)) {}

  void visit(const FieldMeta&, bool&, bool) override {}  // no boolean tag fields
  void visit(const FieldMeta& m, int32_t& v, int32_t) override { int16Field(m, v); }
  void visit(const FieldMeta& m, float& v, float) override {
    if (!bound(m)) return;
    TagCodec c = m.tag.codec;
    sync(v, toFx(s_.getFloat(off(m)), c), [&] { s_.setFloat(off(m), toTag(v, c)); });
  }
  void visit(const FieldMeta& m, std::string& v, std::string_view) override {
    if (!bound(m)) return;
    if (m.tag.codec == TagCodec::Reference) return reference(m, v);
    sync(v, s_.getString(off(m)), [&] { s_.setString(off(m), v); });
  }
  void visit(const FieldMeta& m, FloatBounds& v, FloatBounds) override {
    if (!bound(m)) return;
    TagCodec c = m.tag.codec;
    FloatBounds t = s_.getBounds(off(m));
    sync(v, FloatBounds{toFx(t.lo, c), toFx(t.hi, c)}, [&] {
      s_.setBounds(off(m), {toTag(v.lo, c), toTag(v.hi, c)});
    });
  }
  void visit(const FieldMeta& m, IntBounds& v, IntBounds) override {
    if (!bound(m)) return;
    IntBounds t{s_.getInt16(off(m)), s_.getInt16(off(m) + 2)};
    sync(v, t, [&] {
      s_.setInt16(off(m), int16_t(v.lo));
      s_.setInt16(off(m) + 2, int16_t(v.hi));
    });
  }
  void visit(const FieldMeta& m, ColorRgba& v, ColorRgba) override {
    if (!bound(m)) return;
    sync(v, s_.getColorArgb(off(m)), [&] { s_.setColorArgb(off(m), v); });
  }
  void visit(const FieldMeta& m, vec2& v, vec2) override {
    if (!bound(m)) return;
    TagCodec c = m.tag.codec;
    vec2 t = s_.getVec2(off(m));
    sync(v, vec2(toFx(t.x, c), toFx(t.y, c)),
         [&] { s_.setVec2(off(m), vec2(toTag(v.x, c), toTag(v.y, c))); });
  }
  void visit(const FieldMeta& m, vec3& v, vec3) override {
    if (!bound(m)) return;
    sync(v, s_.getVec3(off(m)), [&] { s_.setVec3(off(m), v); });
  }
  void visit(const FieldMeta& m, vec4& v, vec4) override {
    if (!bound(m)) return;
    vec4 t{s_.getFloat(off(m)), s_.getFloat(off(m) + 4), s_.getFloat(off(m) + 8),
           s_.getFloat(off(m) + 12)};
    sync(v, t, [&] {
      for (int i = 0; i < 4; ++i) s_.setFloat(off(m) + uint32_t(4 * i), v[i]);
    });
  }
  void visit(const FieldMeta& m, quat& v, quat) override {
    if (!bound(m)) return;
    sync(v, s_.getQuat(off(m)), [&] { s_.setQuat(off(m), v); });
  }
  void visitEnum(const FieldMeta& m, int32_t& v, std::span<const EnumOption> options,
                 int32_t) override {
    int16Field(m, v);
    // Enum storage may be narrower than the tag's int16: an unknown value is an error, never a
    // silently different option.
    if (!write_ && bound(m) && !findEnumValue(options, v) && problems_)
      problems_->push_back(
          {pointerJoin(pointer_, m.key), "enum value " + std::to_string(v) + " at offset " +
                                             hex(off(m)) + " of " + std::string(s_.layout().name) +
                                             " is not one of " + enumNames(options)});
  }
  void visitFlags(const FieldMeta& m, uint32_t& v, std::span<const FlagOption>, uint32_t) override {
    if (!bound(m)) return;
    int width = m.tag.codec == TagCodec::Flags16 ? 2 : 4;
    sync(v, s_.getFlags(off(m), width), [&] { s_.setFlags(off(m), width, v); });
  }
  // Inline objects (a weather type's inline point_physics, the glow's engine options) are not in
  // this struct: their own bindings, if any, belong to another tag.
  void visitObject(const FieldMeta&, const std::function<void(FieldVisitor&)>&) override {}
  void visitArray(const FieldMeta& m, ArrayAccess& a) override {
    if (!bound(m) || m.tag.codec != TagCodec::Block) return;
    const OutField* f = outFieldAt(s_.layout(), m.tag.offset);
    assert(f && f->kind == OutKind::Block);
    if (write_) {
      uint32_t n = uint32_t(std::min<size_t>(a.size(), f->maxCount));
      if (n != s_.blockCount(f->name)) s_.resizeBlock(f->name, n);
    } else {
      a.resize(s_.blockCount(f->name));
    }
    for (uint32_t i = 0; i < s_.blockCount(f->name); ++i) {
      TagFieldVisitor ev(s_.element(f->name, i), write_, problems_,
                         pointerJoin(pointerJoin(pointer_, m.key), i));
      a.element(i, ev);
    }
  }

 private:
  static bool bound(const FieldMeta& m) { return m.tag.offset >= 0; }
  static uint32_t off(const FieldMeta& m) { return uint32_t(m.tag.offset); }

  // Read: take the tag's value. Write: store ours only where it differs from the tag's (equal
  // values and identical bit patterns, NaNs included, leave the bytes alone).
  template <class T, class Store>
  void sync(T& value, const T& inTag, Store&& store) {
    if (!write_) {
      value = inTag;
      return;
    }
    bool same = value == inTag;
    if constexpr (std::is_trivially_copyable_v<T>)
      same = same || std::memcmp(&value, &inTag, sizeof(T)) == 0;
    if (!same) store();
  }

  void int16Field(const FieldMeta& m, int32_t& v) {
    if (!bound(m)) return;
    sync(v, int32_t(s_.getInt16(off(m))), [&] { s_.setInt16(off(m), int16_t(v)); });
  }

  void reference(const FieldMeta& m, std::string& v) {
    const OutField* f = outFieldAt(s_.layout(), m.tag.offset);
    assert(f && f->kind == OutKind::Reference);
    uint32_t cls = referenceFourCC(s_, *f);
    const std::string& path = s_.referencePath(f->name);
    std::string inTag = path.empty() ? std::string() : path + std::string(extensionForFourCC(cls));
    if (!write_) {
      v = inTag;
      return;
    }
    if (v == inTag) return;
    s_.setReference(f->name, tagPathFromReference(v, cls), cls);
  }

  static std::string hex(uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%X", v);
    return buf;
  }

  TagStruct s_;
  bool write_;
  std::vector<TagFieldProblem>* problems_;
  std::string pointer_;
};

}  // namespace

void readTagFields(TagStruct s, const ReflectFn& reflect, std::vector<TagFieldProblem>* problems) {
  TagFieldVisitor v(s, false, problems);
  reflect(v);
}

void writeTagFields(TagStruct s, const ReflectFn& reflect) {
  TagFieldVisitor v(s, true);
  reflect(v);
}

std::string tagPathFromReference(std::string_view authored, uint32_t fourcc) {
  std::string path;
  for (char c : authored) {
    char sep = (c == '/' || c == '\\') ? '\\' : c;
    if (sep == '\\' && !path.empty() && path.back() == '\\') continue;  // collapse "//"
    path += sep;
  }
  std::string ext(extensionForFourCC(fourcc));
  if (!ext.empty() && path.size() > ext.size() &&
      lower(path.substr(path.size() - ext.size())) == ext)
    path.resize(path.size() - ext.size());
  return path;
}

}  // namespace fx::halo
