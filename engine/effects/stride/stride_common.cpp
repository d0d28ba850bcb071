#include "engine/effects/stride/stride_common.h"

#include <cmath>
#include <vector>

namespace fx::stride {

quat strideToWorldRotation() {
  return glm::angleAxis(0.5f * kPi, vec3(1, 0, 0));
}

Transform worldToStride(const Transform& t) {
  quat b = strideToWorldRotation();
  return {.position = worldToStride(t.position),
          .rotation = glm::inverse(b) * t.rotation * b,
          .scale = t.scale};
}

Transform strideToWorld(const Transform& t) {
  quat b = strideToWorldRotation();
  return {.position = strideToWorld(t.position),
          .rotation = b * t.rotation * glm::inverse(b),
          .scale = t.scale};
}

namespace {

// GetDouble of d = seed + offset (the formula above).
double randomValue(uint32_t d) {
  constexpr double kGelfond = 23.1406926327792690;          // e^pi
  constexpr double kGelfondSchneider = 2.6651441426902251;  // 2^sqrt(2)
  double q = std::cos(double(d)) * kGelfond + std::sin(double(d)) * kGelfondSchneider;
  double r = std::fmod(123456789.0, 1e-7 + 256.0 * q);
  return r - std::floor(r);
}

// The value depends on d alone, and d is a 16-bit seed plus a small offset: every particle draws
// through this table (filled once per process with the same formula) instead of a cos, a sin and
// a long fmod per draw. Larger d (a big seed_offset) computes directly.
constexpr uint32_t kTableSize = 65536 + 8192;  // past the largest built-in offset (k3C = 6667)

const float* floatTable() {
  static const std::vector<float> table = [] {
    std::vector<float> t(kTableSize);
    for (uint32_t d = 0; d < kTableSize; ++d) t[d] = float(randomValue(d));
    return t;
  }();
  return table.data();
}

}  // namespace

double RandomSeed::getDouble(uint32_t off) const {
  return randomValue(uint32_t((value & 0xFFFFu) + off));
}

float RandomSeed::getFloat(uint32_t off) const {
  const uint32_t d = uint32_t((value & 0xFFFFu) + off);
  return d < kTableSize ? floatTable()[d] : float(randomValue(d));
}

void ModuleTransform::reflect(FieldVisitor& v, bool unused) {
  v.visit({.key = "position_inheritance",
           .help = "If checked, this module will inherit the particle system component's position, "
                   "as defined in the "
                   "Transform field.",
           .unused = unused},
          inheritPosition, true);
  v.visit({.key = "position_offset",
           .unit = "m",
           .help = "Additional translation of the module. If it inherits the parent's position, "
                   "this is applied on top "
                   "of the inherited one.",
           .unused = unused},
          positionOffset, vec3(0.0f));
  v.visit({.key = "rotation_inheritance",
           .help = "If checked, this module will inherit the particle system component's rotation, "
                   "as defined in the "
                   "Transform field.",
           .unused = unused},
          inheritRotation, true);
  v.visit({.key = "rotation_offset",
           .unit = "deg",
           .help = "Additional rotation of the module (Euler degrees about X, Y, Z). If it "
                   "inherits the parent's "
                   "rotation, this is applied on top of the inherited one.",
           .unused = unused},
          rotationOffsetDeg, vec3(0.0f));
  v.visit({.key = "scale_inheritance",
           .help = "If checked, this module will inherit the particle system component's uniform "
                   "scale, as defined in "
                   "the Transform field.",
           .unused = unused},
          inheritScale, true);
  v.visit({.key = "scale_offset",
           .help = "Additional scaling of the module. If it inherits the parent's scale, this is "
                   "applied on top of the "
                   "inherited one.",
           .unused = unused},
          scaleOffset, vec3(1.0f));
  v.visit({.key = "scale_uniform", .help = "Uniform factor on the scale offset.", .unused = unused},
          scaleUniform, 1.0f);
}

quat eulerDegToQuat(vec3 deg) {
  vec3 r = deg * kDegToRad;
  quat qx = glm::angleAxis(r.x, vec3(1, 0, 0));
  quat qy = glm::angleAxis(r.y, vec3(0, 1, 0));
  quat qz = glm::angleAxis(r.z, vec3(0, 0, 1));
  return qy * qx * qz;  // roll (Z) first, then pitch (X), then yaw (Y)
}

ModuleWorld moduleWorld(const ModuleTransform& m, const Transform& parent) {
  ModuleWorld w;
  quat own = eulerDegToQuat(m.rotationOffsetDeg);
  w.parentScale = m.inheritScale ? parent.scale : 1.0f;
  w.scale = m.scaleOffset * m.scaleUniform * w.parentScale;
  w.rotation = m.inheritRotation ? parent.rotation * own : own;
  // ParticleTransform: the offset takes the parent's scale and rotation when those are inherited,
  // whether or not the position is; position inheritance only adds the parent's position.
  vec3 off = m.positionOffset * w.parentScale;
  if (m.inheritRotation) off = parent.rotation * off;
  w.position = m.inheritPosition ? parent.position + off : off;
  return w;
}

namespace {

// Finds the keys around t in an unsorted key list: the last key <= t and the first key > t.
// `mix` blends the two keys' values (default: linear).
struct LinearMix {
  template <class V>
  V operator()(const V& a, const V& b, float f) const {
    return a + (b - a) * f;
  }
};

template <class T, class Get, class Mix = LinearMix>
auto sampleKeys(std::span<const CurveKey<T>> keys, float t, Get get, Mix mix = {})
    -> decltype(get(keys[0].value)) {
  const CurveKey<T>* lo = nullptr;
  const CurveKey<T>* hi = nullptr;
  const CurveKey<T>* first = &keys[0];
  const CurveKey<T>* last = &keys[0];
  for (const auto& k : keys) {
    if (k.key < first->key) first = &k;
    if (k.key >= last->key) last = &k;
    if (k.key <= t && (!lo || k.key >= lo->key)) lo = &k;
    if (k.key > t && (!hi || k.key < hi->key)) hi = &k;
  }
  if (!lo) return get(first->value);
  if (!hi) return get(last->value);
  float span = hi->key - lo->key;
  float f = span > 0.0f ? (t - lo->key) / span : 0.0f;
  return mix(get(lo->value), get(hi->value), f);
}

quat unitQuat(quat q) {
  float len = glm::length(q);
  return len > 1e-12f ? q / len : quat(1, 0, 0, 0);
}

}  // namespace

float sampleCurve(std::span<const CurveKey<float>> keys, float t, float fallback) {
  if (keys.empty()) return fallback;
  return sampleKeys(keys, t, [](float v) { return v; });
}

vec4 sampleCurve(std::span<const CurveKey<ColorRgba>> keys, float t, vec4 fallback) {
  if (keys.empty()) return fallback;
  return sampleKeys(keys, t, [](const ColorRgba& c) { return c.vec(); });
}

vec3 sampleCurve(std::span<const CurveKey<vec3>> keys, float t, vec3 fallback) {
  if (keys.empty()) return fallback;
  return sampleKeys(keys, t, [](vec3 v) { return v; });
}

quat sampleCurve(std::span<const CurveKey<quat>> keys, float t, quat fallback) {
  if (keys.empty()) return fallback;
  return sampleKeys(keys, t, unitQuat,
                    [](quat a, quat b, float f) { return unitQuat(glm::slerp(a, b, f)); });
}

void reflectFloatCurve(FieldVisitor& v, const FieldMeta& m, FloatCurve& curve,
                       std::string_view valueUnit) {
  FieldMeta meta = m;
  meta.maxCount = 64;
  visitArray(v, meta, curve, [valueUnit](CurveKey<float>& k, FieldVisitor& ev) {
    ev.visit(
        {.key = "key", .help = "Normalized lifetime, 0 (spawn) to 1 (death).", .min = 0, .max = 1},
        k.key, 0.0f);
    ev.visit({.key = "value", .unit = valueUnit}, k.value, 0.0f);
  });
}

void reflectColorCurve(FieldVisitor& v, const FieldMeta& m, ColorCurve& curve) {
  FieldMeta meta = m;
  meta.maxCount = 64;
  visitArray(v, meta, curve, [](CurveKey<ColorRgba>& k, FieldVisitor& ev) {
    ev.visit(
        {.key = "key", .help = "Normalized lifetime, 0 (spawn) to 1 (death).", .min = 0, .max = 1},
        k.key, 0.0f);
    ev.visit({.key = "value",
              .help = "RGBA, standard values between 0 and 1. Values above 1 are valid for RGB "
                      "only (not Alpha) and "
                      "can be used for HDR rendering.",
              .min = 0},
             k.value, ColorRgba{});
  });
}

void reflectVec3Curve(FieldVisitor& v, const FieldMeta& m, Vec3Curve& curve,
                      std::string_view unit) {
  FieldMeta meta = m;
  meta.maxCount = 64;
  visitArray(v, meta, curve, [unit](CurveKey<vec3>& k, FieldVisitor& ev) {
    ev.visit(
        {.key = "key", .help = "Normalized lifetime, 0 (spawn) to 1 (death).", .min = 0, .max = 1},
        k.key, 0.0f);
    ev.visit({.key = "value", .unit = unit}, k.value, vec3(0.0f));
  });
}

void reflectQuatCurve(FieldVisitor& v, const FieldMeta& m, QuatCurve& curve) {
  FieldMeta meta = m;
  meta.maxCount = 64;
  visitArray(v, meta, curve, [](CurveKey<quat>& k, FieldVisitor& ev) {
    ev.visit(
        {.key = "key", .help = "Normalized lifetime, 0 (spawn) to 1 (death).", .min = 0, .max = 1},
        k.key, 0.0f);
    ev.visit({.key = "value", .help = "A rotation, quaternion [i, j, k, w] in Stride space."},
             k.value, quat(1, 0, 0, 0));
  });
}

}  // namespace fx::stride
