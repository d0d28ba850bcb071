// The per-lane math of every emitter opcode, shared by the interpreter (emitter_vm.cpp) and the
// compiled kernels (emitter_kernels.cpp) so the two cannot drift: the elementwise opcodes are one
// function each (ew<E>), the others one per-lane function over the instruction's operands
// (laneApply). Both paths build with -ffp-contract=off, so each formula rounds the same way in
// both. `fxview bench` writes its hand-written stage-4 programs with the same helpers.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "engine/core/math.h"
#include "engine/effects/destiny/emitter_math.h"
#include "engine/effects/destiny/emitter_opcodes.h"

namespace fx::destiny::ops {

[[gnu::always_inline]] inline float pseudoSine(float r) {
  float a = r - roundHalfUp(r);
  return a * (8.0f - 16.0f * std::fabs(a));
}

[[gnu::always_inline]] inline float signKeepZero(float x) {
  return x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : 0.0f);
}

[[gnu::always_inline]] inline float log2Estimate(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  float e = float(int((bits >> 23) & 0xFF) - 127);
  float f = float(bits & 0x7FFFFF) * (1.0f / 8388608.0f);
  return e + f * (1.4232545f + f * (-0.5854211f + f * 0.16216666f));
}

[[gnu::always_inline]] inline float jitter(float x) {
  constexpr float kMul[4] = {4.67f, 2.99f, 1.08f, 1.35f};
  constexpr float kAdd[4] = {0.52f, 0.37f, 0.16f, 0.79f};
  float v = 0.5f;
  for (int j = 0; j < 4; ++j) {
    float r = x * kMul[j] + kAdd[j];
    r -= roundHalfUp(r);
    v += 0.25f * r * (8.0f - 16.0f * std::fabs(r));
  }
  return 3.0f * v * v - 2.0f * v * v * v;
}

[[gnu::always_inline]] inline float wander(float x) {
  constexpr float kMul0[4] = {4.08f, 1.02f, 3.0f / 5.37f, 3.0f / 9.67f};
  constexpr float kAdd0[4] = {0.92f, 0.33f, 0.26f, 0.54f};
  constexpr float kMul1[4] = {1.83f, 3.09f, 0.39f, 0.87f};
  constexpr float kAdd1[4] = {0.12f, 0.37f, 0.16f, 0.79f};
  constexpr float kW[4] = {0.02f, 0.02f, 0.28f, 0.28f};
  float s = 0.5f;
  for (int j = 0; j < 4; ++j)
    s += pseudoSine(x * kMul0[j] + kAdd0[j]) * pseudoSine(x * kMul1[j] + kAdd1[j]) * kW[j];
  return s;
}

[[gnu::always_inline]] inline float frac(float x) {
  return x - floorFast(x);
}

[[gnu::always_inline]] inline float randHash(float n) {
  constexpr float kK = 1.0f / 1.043501f + 1.0f / 0.794471f + 1.0f / 0.113777f + 1.0f / 0.015101f;
  float v = frac(n * kK);
  return frac(v * v * 251.0f);
}

[[gnu::always_inline]] inline float randSmooth(float x) {
  float n0 = std::floor(x), f = x - n0;
  float h = f * f * (3.0f - 2.0f * f);
  float a = randHash(n0), b = randHash(n0 + 1.0f);
  return a + (b - a) * h;
}

// Piecewise cubic over four lanes: coefficients A, B, C, D = tab[0..3], thresholds tab[4].
[[gnu::always_inline]] inline float spline4(const vec4* tab, float x) {
  int j = 0;
  for (int k = 1; k < 4; ++k)
    if (x >= tab[4][k]) j = k;
  return (tab[0][j] * x + tab[1][j]) * x * x + (tab[2][j] * x + tab[3][j]);
}

[[gnu::always_inline]] inline float spline8(const vec4* tab, float x) {
  if (x >= tab[9][0]) {
    const vec4 second[5] = {tab[4], tab[5], tab[6], tab[7], tab[9]};
    return spline4(second, x);
  }
  const vec4 first[5] = {tab[0], tab[1], tab[2], tab[3], tab[8]};
  return spline4(first, x);
}

[[gnu::always_inline]] inline float stopWeight(float x, float thr, float next) {
  float den = next - thr;
  if (den == 0.0f) return x >= thr ? 1.0f : 0.0f;
  return saturate((x - thr) / den);
}

// base tab[0], weights tab[1..4] (R, G, B, A; one lane per stop), thresholds tab[5].
[[gnu::always_inline]] inline vec4 gradient4(const vec4* tab, float x) {
  vec4 out = tab[0];
  for (int s = 0; s < 4; ++s) {
    float next = s < 3 ? tab[5][s + 1] : 1.0f;
    float w = stopWeight(x, tab[5][s], next);
    for (int c = 0; c < 4; ++c) out[c] += tab[1 + c][s] * w;
  }
  return out;
}

// base tab[0]; stops 0-3 weights tab[1..4], stops 4-7 tab[5..8]; thresholds tab[9], tab[10].
[[gnu::always_inline]] inline vec4 gradient8(const vec4* tab, float x) {
  vec4 out = tab[0];
  for (int s = 0; s < 8; ++s) {
    float thr = s < 4 ? tab[9][s] : tab[10][s - 4];
    float next = s < 3 ? tab[9][s + 1] : (s == 3 ? tab[10][0] : (s < 7 ? tab[10][s - 3] : 1.0f));
    float w = stopWeight(x, thr, next);
    const vec4* weights = s < 4 ? tab + 1 : tab + 5;
    for (int c = 0; c < 4; ++c) out[c] += weights[c][s & 3] * w;
  }
  return out;
}

[[gnu::always_inline]] inline quat toQuat(vec4 v) {
  return quat(v.w, v.x, v.y, v.z);
}
[[gnu::always_inline]] inline vec4 fromQuat(quat q) {
  return vec4(q.x, q.y, q.z, q.w);
}

[[gnu::always_inline]] inline vec3 rotateAxis(vec3 v, vec4 axisTurns) {
  vec3 k(axisTurns);
  float len = glm::length(k);
  if (len == 0.0f) return v;
  k /= len;
  float a = axisTurns.w * kTwoPi;
  float c = std::cos(a), s = std::sin(a);
  return v * c + glm::cross(k, v) * s + k * glm::dot(k, v) * (1.0f - c);
}

[[gnu::always_inline]] inline vec4 axisTurn(vec4 t) {
  vec3 k(t);
  float len = glm::length(k);
  if (len == 0.0f) return vec4(0, 0, 0, 1);
  float h = t.w * kPi;
  vec3 xyz = k / len * std::sin(h);
  return vec4(xyz, std::cos(h));
}

// --- elementwise opcodes
// --------------------------------------------------------------------------

// One entry per elementwise operation; operands are (deepest popped, ..., top): x0 = S, x1 = T for
// a binary opcode, x0 = U, x1 = S, x2 = T for a ternary one. LerpK / LerpKSaturate are one lane of
// lerp_const(_saturate) with x0 = T, x1 = constant[k] and x2 = constant[k+1] - constant[k]; Copy
// passes x0 through.
enum class Ew : uint8_t {
  Add,
  Sub,
  Mul,
  Div,
  IsZero,
  Min,
  Max,
  LessThan,
  Lerp,
  LerpSaturate,
  MulAdd,
  Clamp,
  SmoothStep,
  Abs,
  Sign,
  Floor,
  Ceil,
  Round,
  Frac,
  Negate,
  Sin,
  Cos,
  Saturate,
  Tan,
  Log2,
  Triangle,
  LerpK,
  LerpKSaturate,
  Copy,
  Count
};
inline constexpr int kEwCount = int(Ew::Count);

template <Ew E>
[[gnu::always_inline]] inline float ew(float a, float b, float c) {
  (void)b, (void)c;
  if constexpr (E == Ew::Add)
    return a + b;
  else if constexpr (E == Ew::Sub)
    return a - b;
  else if constexpr (E == Ew::Mul)
    return a * b;
  else if constexpr (E == Ew::Div)
    return a / b;
  else if constexpr (E == Ew::IsZero)
    return a == 0.0f ? 1.0f : 0.0f;
  else if constexpr (E == Ew::Min)
    return b < a ? b : a;
  else if constexpr (E == Ew::Max)
    return a < b ? b : a;
  else if constexpr (E == Ew::LessThan)
    return a < b ? 1.0f : 0.0f;
  else if constexpr (E == Ew::Lerp)
    return a + (b - a) * c;
  else if constexpr (E == Ew::LerpSaturate)
    return saturate(a + (b - a) * c);
  else if constexpr (E == Ew::MulAdd)
    return a * b + c;
  else if constexpr (E == Ew::Clamp) {
    float lo = a < b ? b : a;
    return c < lo ? c : lo;
  } else if constexpr (E == Ew::SmoothStep) {
    float t = stopWeight(c, a, b);
    return t * t * (3.0f - 2.0f * t);
  } else if constexpr (E == Ew::Abs)
    return std::fabs(a);
  else if constexpr (E == Ew::Sign)
    return signKeepZero(a);
  else if constexpr (E == Ew::Floor)
    return floorFast(a);
  else if constexpr (E == Ew::Ceil)
    return std::ceil(a);
  else if constexpr (E == Ew::Round)
    return std::nearbyint(a);
  else if constexpr (E == Ew::Frac)
    return frac(a);
  else if constexpr (E == Ew::Negate)
    return -a;
  else if constexpr (E == Ew::Sin)
    return sinEstimate(a);
  else if constexpr (E == Ew::Cos)
    return sinEstimate(a + 0.25f);
  else if constexpr (E == Ew::Saturate)
    return saturate(a);
  else if constexpr (E == Ew::Tan) {
    float den = sinEstimate(a + 0.25f);
    return std::fabs(den) <= 1e-4f ? 0.0f : sinEstimate(a) / den;
  } else if constexpr (E == Ew::Log2)
    return log2Estimate(a);
  else if constexpr (E == Ew::Triangle)
    return 2.0f * std::fabs(a - roundHalfUp(a));
  else if constexpr (E == Ew::LerpK)
    return b + a * c;
  else if constexpr (E == Ew::LerpKSaturate)
    return saturate(b + a * c);
  else
    return a;
}

inline constexpr int ewArity(Ew e) {
  switch (e) {
    case Ew::Add:
    case Ew::Sub:
    case Ew::Mul:
    case Ew::Div:
    case Ew::Min:
    case Ew::Max:
    case Ew::LessThan:
      return 2;
    case Ew::Lerp:
    case Ew::LerpSaturate:
    case Ew::MulAdd:
    case Ew::Clamp:
    case Ew::SmoothStep:
    case Ew::LerpK:
    case Ew::LerpKSaturate:
      return 3;
    default:
      return 1;
  }
}

// ewOf's two-operand and blending opcodes.
inline bool ewOfArithmetic(Op op, Ew& e) {
  switch (op) {
    case Op::Add:
    case Op::Add2:
      e = Ew::Add;
      return true;
    case Op::Sub:
      e = Ew::Sub;
      return true;
    case Op::Mul:
    case Op::Mul2:
      e = Ew::Mul;
      return true;
    case Op::Div:
      e = Ew::Div;
      return true;
    case Op::IsZero:
      e = Ew::IsZero;
      return true;
    case Op::Min:
      e = Ew::Min;
      return true;
    case Op::Max:
      e = Ew::Max;
      return true;
    case Op::LessThan:
      e = Ew::LessThan;
      return true;
    case Op::Lerp:
      e = Ew::Lerp;
      return true;
    case Op::LerpSaturate:
      e = Ew::LerpSaturate;
      return true;
    case Op::MulAdd:
      e = Ew::MulAdd;
      return true;
    case Op::Clamp:
      e = Ew::Clamp;
      return true;
    case Op::SmoothStep:
      e = Ew::SmoothStep;
      return true;
    default:
      return false;
  }
}

// ewOf's one-operand opcodes (lane: which of SinCos's halves).
inline bool ewOfUnary(Op op, int lane, Ew& e) {
  switch (op) {
    case Op::Abs:
      e = Ew::Abs;
      return true;
    case Op::Sign:
      e = Ew::Sign;
      return true;
    case Op::Floor:
      e = Ew::Floor;
      return true;
    case Op::Ceil:
      e = Ew::Ceil;
      return true;
    case Op::Round:
      e = Ew::Round;
      return true;
    case Op::Frac:
      e = Ew::Frac;
      return true;
    case Op::Negate:
      e = Ew::Negate;
      return true;
    case Op::SinWave:
      e = Ew::Sin;
      return true;
    case Op::CosWave:
      e = Ew::Cos;
      return true;
    case Op::SinCos:
      e = (lane & 1) ? Ew::Cos : Ew::Sin;
      return true;
    case Op::Saturate:
      e = Ew::Saturate;
      return true;
    case Op::Tan:
      e = Ew::Tan;
      return true;
    case Op::Log2:
      e = Ew::Log2;
      return true;
    case Op::Triangle:
      e = Ew::Triangle;
      return true;
    default:
      return false;
  }
}

// The elementwise operation of an opcode that maps each result lane c to the same operation on
// lane c of its operands; false for the others. SinCos maps lanes 0 and 2 to Sin, 1 and 3 to Cos
// (`ewOf(op, lane)`).
inline bool ewOf(Op op, int lane, Ew& e) {
  return ewOfArithmetic(op, e) || ewOfUnary(op, lane, e);
}

// --- the other pure stack opcodes, one lane at a time
// ----------------------------------------------

// Opcodes laneApply computes: pure functions of their popped operands (and constants) that are
// not elementwise. Listed once, for isLaneOp and the interpreter's switch.
#define FX_LANE_OP_CASES      \
  case Op::Dot:               \
  case Op::Cubic:             \
  case Op::Normalize4:        \
  case Op::Normalize3:        \
  case Op::Jitter:            \
  case Op::Wander:            \
  case Op::Rand:              \
  case Op::RandSmooth:        \
  case Op::RotateAxis:        \
  case Op::TransformVec4:     \
  case Op::Spline4:           \
  case Op::Spline8:           \
  case Op::Spline8Chain:      \
  case Op::Gradient4:         \
  case Op::Gradient8:         \
  case Op::Spline4Const:      \
  case Op::Spline8Const:      \
  case Op::Spline8ChainConst: \
  case Op::Gradient4Const:    \
  case Op::Gradient8Const:    \
  case Op::MovePoint:         \
  case Op::MoveVector:        \
  case Op::UnmovePoint:       \
  case Op::MoveTransform:     \
  case Op::LerpTransform:     \
  case Op::TurnVector:        \
  case Op::AxisTurn:

inline bool isLaneOp(Op op) {
  switch (op) {
    FX_LANE_OP_CASES
    return true;
    default:
      return false;
  }
}
// laneApply ops of x = T.x alone (one operand, only its first lane read).
constexpr bool laneOpOfX(Op op) {
  switch (op) {
    case Op::Jitter:
    case Op::Wander:
    case Op::Rand:
    case Op::RandSmooth:
    case Op::Spline4Const:
    case Op::Spline8Const:
    case Op::Gradient4Const:
    case Op::Gradient8Const:
      return true;
    default:
      return false;
  }
}
// laneApply ops whose result is one value in all four lanes.
constexpr bool laneOpSplats(Op op) {
  switch (op) {
    case Op::Dot:
    case Op::Jitter:
    case Op::Wander:
    case Op::Rand:
    case Op::RandSmooth:
    case Op::Spline4:
    case Op::Spline8:
    case Op::Spline8Chain:
    case Op::Spline4Const:
    case Op::Spline8Const:
    case Op::Spline8ChainConst:
      return true;
    default:
      return false;
  }
}

// laneApply's cases of more than one statement, each forced inline so laneApply stays one switch
// (and folds to one case where the opcode is a constant).
[[gnu::always_inline]] inline void laneDot(vec4* w) {
  const vec4 s = w[0], t = w[1];
  w[0] = vec4(s[0] * t[0] + s[1] * t[1] + s[2] * t[2] + s[3] * t[3]);
}
[[gnu::always_inline]] inline void laneCubic(vec4* w) {
  const vec4 c = w[0], x = w[1];
  w[0] = (c.x * x + c.y) * x * x + (c.z * x + c.w);
}
[[gnu::always_inline]] inline void laneNormalize4(vec4* w) {
  const vec4 v = w[0];
  float len = std::sqrt(glm::dot(v, v));
  w[0] = len > 0.0f ? v / len : vec4(0.0f);
}
[[gnu::always_inline]] inline void laneNormalize3(vec4* w) {
  const vec4 v = w[0];
  float len = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
  w[0] = len > 0.0f ? v * (1.0f / len) : vec4(0.0f);
}
// Jitter, Wander, Rand and RandSmooth: functions of x = T.x alone.
[[gnu::always_inline]] inline float laneNoise(Op op, float x) {
  if (op == Op::Jitter) return jitter(x);
  if (op == Op::Wander) return wander(x);
  if (op == Op::Rand) return randHash(std::floor(x));
  return randSmooth(x);
}
[[gnu::always_inline]] inline void laneRotateAxis(vec4* w) {
  const vec4 v = w[0];
  w[0] = vec4(rotateAxis(vec3(v), w[1]), v.w);
}
[[gnu::always_inline]] inline void laneTransformVec4(vec4* w) {
  const vec4 v = w[4];
  w[0] = w[0] * v.x + w[1] * v.y + w[2] * v.z + w[3] * v.w;
}
// MovePoint, MoveVector and UnmovePoint: v (w[0]) by the frame position.w-scaled pos (w[1]),
// rotation w[2].
[[gnu::always_inline]] inline void laneMove(Op op, vec4* w) {
  const vec4 v = w[0], pos = w[1];
  const quat q = toQuat(w[2]);
  vec3 r;
  if (op == Op::MovePoint)
    r = q * (vec3(v) * pos.w) + vec3(pos);
  else if (op == Op::MoveVector)
    r = q * (vec3(v) * pos.w);
  else
    r = pos.w == 0.0f ? vec3(0.0f) : (glm::conjugate(q) * (vec3(v) - vec3(pos))) / pos.w;
  w[0] = vec4(r, v.w);
}
[[gnu::always_inline]] inline void laneMoveTransform(vec4* w) {
  const vec4 ppos = w[0], cpos = w[2];
  const quat pq = toQuat(w[1]), cq = toQuat(w[3]);
  vec3 pos = pq * (vec3(cpos) * ppos.w) + vec3(ppos);
  w[0] = vec4(pos, ppos.w * cpos.w);
  w[1] = fromQuat(pq * cq);
}
[[gnu::always_inline]] inline void laneLerpTransform(vec4* w) {
  const vec4 apos = w[0], bpos = w[2];
  const quat aq = toQuat(w[1]), bq = toQuat(w[3]);
  const float t = w[4].x;
  w[0] = apos + (bpos - apos) * t;
  w[1] = fromQuat(glm::slerp(aq, bq, t));
}
[[gnu::always_inline]] inline void laneTurnVector(vec4* w) {
  const vec4 v = w[0];
  w[0] = vec4(toQuat(w[1]) * vec3(v), v.w);
}

// One lane of a laneApply opcode: w[0 .. pops-1] hold its operands, deepest first; the results
// replace w[0 .. pushes-1]. `k` is the instruction's constant index, K the program constants.
[[gnu::always_inline]] inline void laneApply(Op op, int k, vec4* w, const vec4* K) {
  switch (op) {
    case Op::Dot:
      laneDot(w);
      break;
    case Op::Cubic:
      laneCubic(w);
      break;
    case Op::Normalize4:
      laneNormalize4(w);
      break;
    case Op::Normalize3:
      laneNormalize3(w);
      break;
    case Op::Jitter:
    case Op::Wander:
    case Op::Rand:
    case Op::RandSmooth:
      w[0] = vec4(laneNoise(op, w[0].x));
      break;
    case Op::RotateAxis:
      laneRotateAxis(w);
      break;
    case Op::TransformVec4:
      laneTransformVec4(w);
      break;
    case Op::Spline4:
      w[0] = vec4(spline4(w, w[5].x));
      break;
    case Op::Spline8:
      w[0] = vec4(spline8(w, w[10].x));
      break;
    case Op::Spline8Chain:
      w[0] = vec4(w[11].x < w[8][0] ? w[10].x : spline8(w, w[11].x));
      break;
    case Op::Gradient4:
      w[0] = gradient4(w, w[6].x);
      break;
    case Op::Gradient8:
      w[0] = gradient8(w, w[11].x);
      break;
    case Op::Spline4Const:
      w[0] = vec4(spline4(K + k, w[0].x));
      break;
    case Op::Spline8Const:
      w[0] = vec4(spline8(K + k, w[0].x));
      break;
    case Op::Spline8ChainConst:
      w[0] = vec4(w[1].x < K[k + 8][0] ? w[0].x : spline8(K + k, w[1].x));
      break;
    case Op::Gradient4Const:
      w[0] = gradient4(K + k, w[0].x);
      break;
    case Op::Gradient8Const:
      w[0] = gradient8(K + k, w[0].x);
      break;
    case Op::MovePoint:
    case Op::MoveVector:
    case Op::UnmovePoint:
      laneMove(op, w);
      break;
    case Op::MoveTransform:
      laneMoveTransform(w);
      break;
    case Op::LerpTransform:
      laneLerpTransform(w);
      break;
    case Op::TurnVector:
      laneTurnVector(w);
      break;
    case Op::AxisTurn:
      w[0] = axisTurn(w[0]);
      break;
    default:
      break;
  }
}

}  // namespace fx::destiny::ops
