// Shared vocabulary of the stride_particles family: Stride space, the deterministic RandomSeed,
// module transforms (the "common properties" every module carries) and lifetime curves.
//
// Stride space: the family simulates in Stride's own frame, Y-up and right-handed, with 1 Stride
// metre = 1 fxview world unit, so authored values (gravity (0, -9.80665, 0), shape axes along
// local +Y) read exactly as in the Stride editor. fxview's world is Z-up; the fixed rotation of
// +90 degrees about X maps Stride (x, y, z) to world (x, -z, y) when placing and drawing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/color.h"
#include "engine/core/fields.h"
#include "engine/core/math.h"

namespace fx::stride {

// --- Stride space <-> fxview world ------------------------------------------------------------
quat strideToWorldRotation();  // +90 degrees about X
inline vec3 strideToWorld(vec3 p) {
  return {p.x, -p.z, p.y};
}
inline vec3 worldToStride(vec3 p) {
  return {p.x, p.z, -p.y};
}
// A world placement (Z-up) expressed in Stride space, and back.
Transform worldToStride(const Transform& t);
Transform strideToWorld(const Transform& t);

// --- RandomSeed (reference stride notes §2.1) --------------------------------------------------
// Stride's stateless generator: one seed per particle, a value per offset. seed = value & 0xFFFF;
// GetDouble(offset): d = seed + offset, q = cos(d) e^pi + sin(d) 2^sqrt2,
// r = 123456789 fmod (1e-7 + 256 q), result frac(r).
struct RandomSeed {
  uint32_t value = 0;
  double getDouble(uint32_t offset) const;
  float getFloat(uint32_t offset) const;  // float(getDouble(offset)), from a table when it can
};

// RandomOffset constants (ParticleRandomSeedGenerator): each initializer/updater samples its own.
namespace offset {
inline constexpr uint32_t kLifetime = 0;
inline constexpr uint32_t k1A = 1112;
inline constexpr uint32_t k2A = 2223;
inline constexpr uint32_t k2B = 3334;
inline constexpr uint32_t k3A = 4445;
inline constexpr uint32_t k3B = 5556;
inline constexpr uint32_t k3C = 6667;
}  // namespace offset

// The three values a vector initializer draws (offsets k3A, k3B, k3C past its seed offset), each
// in [0, 1): Stride's `new Vector3(GetFloat(Offset3A), GetFloat(Offset3B), GetFloat(Offset3C))`.
inline vec3 unitVec3(const RandomSeed& r, int32_t seedOffset) {
  uint32_t so = uint32_t(seedOffset);
  return {r.getFloat(offset::k3A + so), r.getFloat(offset::k3B + so), r.getFloat(offset::k3C + so)};
}

// --- Module transform: the seed's "common properties" ------------------------------------------
struct ModuleTransform {
  bool inheritPosition = true;
  vec3 positionOffset{0.0f};
  bool inheritRotation = true;
  vec3 rotationOffsetDeg{0.0f};  // Euler degrees about X, Y, Z (applied roll Z, pitch X, yaw Y)
  bool inheritScale = true;
  vec3 scaleOffset{1.0f};
  float scaleUniform = 1.0f;
  // `unused`: the module ignores its transform (gravity, direction from speed, animations).
  void reflect(FieldVisitor& v, bool unused);
};

// A module's placement in simulation space. Scale stays a vector: shapes may be ellipsoids.
struct ModuleWorld {
  vec3 position{0.0f};
  quat rotation{1, 0, 0, 0};
  vec3 scale{1.0f};
  float parentScale = 1.0f;  // the parent's uniform scale when the module inherits scale, else 1
};

// WorldScale = offset scale x uniform x (parent.scale if inherited); WorldRotation = parent x own
// (if inherited); WorldPosition = the offset scaled by the parent's scale and rotated by its
// rotation when those are inherited, plus the parent's position when position is inherited (with
// position inheritance off the offset is still scaled and rotated). Reference stride notes §2.1
// (ParticleTransform).
ModuleWorld moduleWorld(const ModuleTransform& m, const Transform& parent);
quat eulerDegToQuat(vec3 deg);

// --- Curves over normalized lifetime ------------------------------------------------------------
template <class T>
struct CurveKey {
  float key = 0.0f;  // normalized lifetime 0..1
  T value{};
};
using FloatCurve = std::vector<CurveKey<float>>;
using ColorCurve = std::vector<CurveKey<ColorRgba>>;
using Vec3Curve = std::vector<CurveKey<vec3>>;
using QuatCurve = std::vector<CurveKey<quat>>;  // [i, j, k, w], Stride space

// Linear segments between keys (keys may be authored in any order); before the first key or
// after the last the end key's value holds. An empty curve samples as `fallback`.
float sampleCurve(std::span<const CurveKey<float>> keys, float t, float fallback = 0.0f);
vec4 sampleCurve(std::span<const CurveKey<ColorRgba>> keys, float t, vec4 fallback = vec4(1.0f));
vec3 sampleCurve(std::span<const CurveKey<vec3>> keys, float t, vec3 fallback = vec3(0.0f));
// Quaternion keys: spherical linear between keys (Stride's Linear for quaternions), normalized.
quat sampleCurve(std::span<const CurveKey<quat>> keys, float t, quat fallback = quat(1, 0, 0, 0));

// Stride's ComputeCurveSampler bakes a curve into 32 uniform samples over [0, 1] and lerps
// between them; the "baked" option reproduces that.
inline constexpr int kBakedSamples = 32;
template <class T>
T sampleBaked(const T (&table)[kBakedSamples], float t) {
  float x = glm::clamp(t, 0.0f, 1.0f) * float(kBakedSamples - 1);
  int i = int(x);
  if (i >= kBakedSamples - 1) return table[kBakedSamples - 1];
  float f = x - float(i);
  return table[i] + (table[i + 1] - table[i]) * f;
}

void reflectFloatCurve(FieldVisitor& v, const FieldMeta& m, FloatCurve& curve,
                       std::string_view valueUnit);
void reflectColorCurve(FieldVisitor& v, const FieldMeta& m, ColorCurve& curve);
void reflectVec3Curve(FieldVisitor& v, const FieldMeta& m, Vec3Curve& curve, std::string_view unit);
void reflectQuatCurve(FieldVisitor& v, const FieldMeta& m, QuatCurve& curve);

// An enum field that selects which other fields exist (a module's `type`, a shape's `type`):
// visits the selector first, applies the newly selected kind's defaults when it changed (JSON
// read, inspector edit), then visits that kind's fields only.
template <class E, class Body>
void visitKind(FieldVisitor& v, const FieldMeta& m, E& kind, std::span<const EnumOption> options,
               E def, Body&& body) {
  E before = kind;
  visitEnum(v, m, kind, options, def);
  if (kind != before) {
    DefaultsVisitor d;
    body(d);
  }
  body(v);
}

}  // namespace fx::stride
