#include "engine/effects/destiny/emitter_vm.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/emitter_definition.h"
#include "engine/effects/destiny/emitter_math.h"

namespace fx::destiny {

// --- scalar helpers (the TFX formulas, reference §1.3) -------------------------------------------

namespace {

// floorFast, roundHalfUp, saturate and sinEstimate: emitter_math.h.

inline float pseudoSine(float r) {
  float a = r - roundHalfUp(r);
  return a * (8.0f - 16.0f * std::fabs(a));
}

inline float signKeepZero(float x) {
  return x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : 0.0f);
}

inline float log2Estimate(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  float e = float(int((bits >> 23) & 0xFF) - 127);
  float f = float(bits & 0x7FFFFF) * (1.0f / 8388608.0f);
  return e + f * (1.4232545f + f * (-0.5854211f + f * 0.16216666f));
}

inline float jitter(float x) {
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

inline float wander(float x) {
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

inline float frac(float x) {
  return x - floorFast(x);
}

inline float randHash(float n) {
  constexpr float kK = 1.0f / 1.043501f + 1.0f / 0.794471f + 1.0f / 0.113777f + 1.0f / 0.015101f;
  float v = frac(n * kK);
  return frac(v * v * 251.0f);
}

inline float randSmooth(float x) {
  float n0 = std::floor(x), f = x - n0;
  float h = f * f * (3.0f - 2.0f * f);
  float a = randHash(n0), b = randHash(n0 + 1.0f);
  return a + (b - a) * h;
}

// Piecewise cubic over four lanes: coefficients A, B, C, D = tab[0..3], thresholds tab[4].
inline float spline4(const vec4* tab, float x) {
  int j = 0;
  for (int k = 1; k < 4; ++k)
    if (x >= tab[4][k]) j = k;
  return (tab[0][j] * x + tab[1][j]) * x * x + (tab[2][j] * x + tab[3][j]);
}

inline float spline8(const vec4* tab, float x) {
  if (x >= tab[9][0]) {
    const vec4 second[5] = {tab[4], tab[5], tab[6], tab[7], tab[9]};
    return spline4(second, x);
  }
  const vec4 first[5] = {tab[0], tab[1], tab[2], tab[3], tab[8]};
  return spline4(first, x);
}

inline float stopWeight(float x, float thr, float next) {
  float den = next - thr;
  if (den == 0.0f) return x >= thr ? 1.0f : 0.0f;
  return saturate((x - thr) / den);
}

// base tab[0], weights tab[1..4] (R, G, B, A; one lane per stop), thresholds tab[5].
inline vec4 gradient4(const vec4* tab, float x) {
  vec4 out = tab[0];
  for (int s = 0; s < 4; ++s) {
    float next = s < 3 ? tab[5][s + 1] : 1.0f;
    float w = stopWeight(x, tab[5][s], next);
    for (int c = 0; c < 4; ++c) out[c] += tab[1 + c][s] * w;
  }
  return out;
}

// base tab[0]; stops 0-3 weights tab[1..4], stops 4-7 tab[5..8]; thresholds tab[9], tab[10].
inline vec4 gradient8(const vec4* tab, float x) {
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

inline quat toQuat(vec4 v) {
  return quat(v.w, v.x, v.y, v.z);
}
inline vec4 fromQuat(quat q) {
  return vec4(q.x, q.y, q.z, q.w);
}

inline vec3 rotateAxis(vec3 v, vec4 axisTurns) {
  vec3 k(axisTurns);
  float len = glm::length(k);
  if (len == 0.0f) return v;
  k /= len;
  float a = axisTurns.w * kTwoPi;
  float c = std::cos(a), s = std::sin(a);
  return v * c + glm::cross(k, v) * s + k * glm::dot(k, v) * (1.0f - c);
}

inline vec4 axisTurn(vec4 t) {
  vec3 k(t);
  float len = glm::length(k);
  if (len == 0.0f) return vec4(0, 0, 0, 1);
  float h = t.w * kPi;
  vec3 xyz = k / len * std::sin(h);
  return vec4(xyz, std::cos(h));
}

template <int L>
struct Block {
  float (*s)[4][L];
  vec4 get(int slot, int i) const {
    return {s[slot][0][i], s[slot][1][i], s[slot][2][i], s[slot][3][i]};
  }
  void set(int slot, int i, vec4 v) const {
    s[slot][0][i] = v.x;
    s[slot][1][i] = v.y;
    s[slot][2][i] = v.z;
    s[slot][3][i] = v.w;
  }
  float* flat(int slot) const { return &s[slot][0][0]; }
  void splat(int slot, vec4 v) const {
    for (int c = 0; c < 4; ++c)
      for (int i = 0; i < L; ++i) s[slot][c][i] = v[c];
  }
};

// d = f(d, t) over all 4 * L floats (d is S, t is T).
template <int L, class F>
inline void binary(float* __restrict d, const float* __restrict t, F f) {
  for (int i = 0; i < 4 * L; ++i) d[i] = f(d[i], t[i]);
}
template <int L, class F>
inline void unary(float* __restrict d, F f) {
  for (int i = 0; i < 4 * L; ++i) d[i] = f(d[i]);
}
template <int L, class F>
inline void ternary(float* __restrict u, const float* __restrict s, const float* __restrict t,
                    F f) {
  for (int i = 0; i < 4 * L; ++i) u[i] = f(u[i], s[i], t[i]);
}

inline const float* groupData(const VmState& st, int g) {
  switch (g) {
    case 2:
      return st.systemGroup[0];
    case 4:
      return st.systemGroup[1];
    case 5:
      return st.systemGroup[2];
    default:
      return reinterpret_cast<const float*>(st.channelConstants);
  }
}

// Destination lane of each source lane per store form (-1 = not written).
constexpr int8_t kStoreMap[8][4] = {{0, 1, 2, 3},    {0, 1, 2, -1},   {0, 1, -1, -1},
                                    {2, 3, -1, -1},  {0, -1, -1, -1}, {1, -1, -1, -1},
                                    {2, -1, -1, -1}, {3, -1, -1, -1}};

struct NoHook {
  template <class B>
  void operator()(const Instr&, const B&, int) const {}
};

// The interpreter. `base` is the first particle of the block, `n` (1..L) the live lanes.
template <int L, class Hook>
void execute(const CompiledProgram& p, int stage, VmState& st, size_t base, int n, float* stackMem,
             Hook&& hook) {
  const Block<L> B{reinterpret_cast<float(*)[4][L]>(stackMem)};
  const Instr* it = p.instrs.data() + p.firstInstr[size_t(stage)];
  const Instr* const end = it + p.instrCount[size_t(stage)];
  const vec4* K = p.constants.data();
  const size_t stride = st.stride;
  for (; it != end; ++it) {
    const Instr& in = *it;
    const int sp = in.sp;
    const int T = sp - 1, S = sp - 2, U = sp - 3;
    switch (in.op) {
      case Op::Add:
      case Op::Add2:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return a + b; });
        break;
      case Op::Sub:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return a - b; });
        break;
      case Op::Mul:
      case Op::Mul2:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return a * b; });
        break;
      case Op::Div:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return a / b; });
        break;
      case Op::IsZero:
        unary<L>(B.flat(T), [](float a) { return a == 0.0f ? 1.0f : 0.0f; });
        break;
      case Op::Min:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return b < a ? b : a; });
        break;
      case Op::Max:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return a < b ? b : a; });
        break;
      case Op::LessThan:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return a < b ? 1.0f : 0.0f; });
        break;
      case Op::Dot:
        for (int i = 0; i < L; ++i) {
          float d = B.s[S][0][i] * B.s[T][0][i] + B.s[S][1][i] * B.s[T][1][i] +
                    B.s[S][2][i] * B.s[T][2][i] + B.s[S][3][i] * B.s[T][3][i];
          B.s[S][0][i] = B.s[S][1][i] = B.s[S][2][i] = B.s[S][3][i] = d;
        }
        break;
      case Op::Merge13:
        for (int i = 0; i < L; ++i) {
          B.s[S][3][i] = B.s[T][2][i];
          B.s[S][2][i] = B.s[T][1][i];
          B.s[S][1][i] = B.s[T][0][i];
        }
        break;
      case Op::Merge22:
        for (int i = 0; i < L; ++i) {
          B.s[S][2][i] = B.s[T][0][i];
          B.s[S][3][i] = B.s[T][1][i];
        }
        break;
      case Op::Merge31:
        for (int i = 0; i < L; ++i) B.s[S][3][i] = B.s[T][0][i];
        break;
      case Op::Cubic:
        for (int i = 0; i < L; ++i) {
          vec4 c = B.get(S, i), x = B.get(T, i);
          B.set(S, i, (c.x * x + c.y) * x * x + (c.z * x + c.w));
        }
        break;
      case Op::Lerp:
        ternary<L>(B.flat(U), B.flat(S), B.flat(T),
                   [](float u, float s, float t) { return u + (s - u) * t; });
        break;
      case Op::LerpSaturate:
        ternary<L>(B.flat(U), B.flat(S), B.flat(T),
                   [](float u, float s, float t) { return saturate(u + (s - u) * t); });
        break;
      case Op::MulAdd:
        ternary<L>(B.flat(U), B.flat(S), B.flat(T),
                   [](float u, float s, float t) { return u * s + t; });
        break;
      case Op::Clamp:
        ternary<L>(B.flat(U), B.flat(S), B.flat(T), [](float u, float s, float t) {
          float lo = u < s ? s : u;
          return t < lo ? t : lo;
        });
        break;
      case Op::SmoothStep:
        ternary<L>(B.flat(U), B.flat(S), B.flat(T), [](float e0, float e1, float x) {
          float t = stopWeight(x, e0, e1);
          return t * t * (3.0f - 2.0f * t);
        });
        break;
      case Op::Abs:
        unary<L>(B.flat(T), [](float a) { return std::fabs(a); });
        break;
      case Op::Sign:
        unary<L>(B.flat(T), signKeepZero);
        break;
      case Op::Floor:
        unary<L>(B.flat(T), floorFast);
        break;
      case Op::Ceil:
        unary<L>(B.flat(T), [](float a) { return std::ceil(a); });
        break;
      case Op::Round:
        unary<L>(B.flat(T), [](float a) { return std::nearbyint(a); });
        break;
      case Op::Frac:
        unary<L>(B.flat(T), frac);
        break;
      case Op::Normalize4:
        for (int i = 0; i < L; ++i) {
          vec4 v = B.get(T, i);
          float len = std::sqrt(glm::dot(v, v));
          B.set(T, i, len > 0.0f ? v / len : vec4(0.0f));
        }
        break;
      case Op::Normalize3:
        for (int i = 0; i < L; ++i) {
          vec4 v = B.get(T, i);
          float len = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
          B.set(T, i, len > 0.0f ? v * (1.0f / len) : vec4(0.0f));
        }
        break;
      case Op::Negate:
        unary<L>(B.flat(T), [](float a) { return -a; });
        break;
      case Op::SinWave:
        unary<L>(B.flat(T), sinEstimate);
        break;
      case Op::CosWave:
        unary<L>(B.flat(T), [](float a) { return sinEstimate(a + 0.25f); });
        break;
      case Op::SinCos:
        for (int i = 0; i < L; ++i) {
          B.s[T][0][i] = sinEstimate(B.s[T][0][i]);
          B.s[T][1][i] = sinEstimate(B.s[T][1][i] + 0.25f);
          B.s[T][2][i] = sinEstimate(B.s[T][2][i]);
          B.s[T][3][i] = sinEstimate(B.s[T][3][i] + 0.25f);
        }
        break;
      case Op::Splat:
        for (int c = 1; c < 4; ++c)
          for (int i = 0; i < L; ++i) B.s[T][c][i] = B.s[T][0][i];
        break;
      case Op::Permute:
        for (int i = 0; i < L; ++i) {
          vec4 v = B.get(T, i), r;
          for (int c = 0; c < 4; ++c) r[c] = v[(in.a >> (6 - 2 * c)) & 3];
          B.set(T, i, r);
        }
        break;
      case Op::Saturate:
        unary<L>(B.flat(T), saturate);
        break;
      case Op::Tan:
        unary<L>(B.flat(T), [](float a) {
          float den = sinEstimate(a + 0.25f);
          return std::fabs(den) <= 1e-4f ? 0.0f : sinEstimate(a) / den;
        });
        break;
      case Op::Log2:
        unary<L>(B.flat(T), log2Estimate);
        break;
      case Op::Unk26:
        break;
      case Op::Triangle:
        unary<L>(B.flat(T), [](float a) { return 2.0f * std::fabs(a - roundHalfUp(a)); });
        break;
      case Op::Jitter:
        for (int i = 0; i < L; ++i) B.set(T, i, vec4(jitter(B.s[T][0][i])));
        break;
      case Op::Wander:
        for (int i = 0; i < L; ++i) B.set(T, i, vec4(wander(B.s[T][0][i])));
        break;
      case Op::Rand:
        for (int i = 0; i < L; ++i) B.set(T, i, vec4(randHash(std::floor(B.s[T][0][i]))));
        break;
      case Op::RandSmooth:
        for (int i = 0; i < L; ++i) B.set(T, i, vec4(randSmooth(B.s[T][0][i])));
        break;
      case Op::RotateAxis:
        for (int i = 0; i < L; ++i) {
          vec4 v = B.get(S, i);
          B.set(S, i, vec4(rotateAxis(vec3(v), B.get(T, i)), v.w));
        }
        break;
      case Op::Unk2D:
        for (int i = 0; i < L; ++i) B.set(sp - 5, i, B.get(T, i));
        break;
      case Op::TransformVec4:
        for (int i = 0; i < L; ++i) {
          vec4 v = B.get(T, i);
          vec4 r = B.get(sp - 5, i) * v.x + B.get(sp - 4, i) * v.y + B.get(sp - 3, i) * v.z +
                   B.get(sp - 2, i) * v.w;
          B.set(sp - 5, i, r);
        }
        break;
      case Op::Spline4:
      case Op::Spline8:
      case Op::Spline8Chain:
      case Op::Gradient4:
      case Op::Gradient8: {
        const int entries = in.op == Op::Spline4     ? 5
                            : in.op == Op::Gradient4 ? 6
                            : in.op == Op::Gradient8 ? 11
                                                     : 10;
        const int first = sp - 1 - entries - (in.op == Op::Spline8Chain ? 1 : 0);
        for (int i = 0; i < L; ++i) {
          vec4 tab[11];
          for (int e = 0; e < entries; ++e) tab[e] = B.get(first + e, i);
          float x = B.s[T][0][i];
          vec4 r;
          switch (in.op) {
            case Op::Spline4:
              r = vec4(spline4(tab, x));
              break;
            case Op::Spline8:
              r = vec4(spline8(tab, x));
              break;
            case Op::Spline8Chain:
              r = vec4(x < tab[8][0] ? B.s[S][0][i] : spline8(tab, x));
              break;
            case Op::Gradient4:
              r = gradient4(tab, x);
              break;
            default:
              r = gradient8(tab, x);
              break;
          }
          B.set(first, i, r);
        }
        break;
      }
      case Op::PushConst:
        B.splat(sp, K[in.a]);
        break;
      case Op::LerpConst:
      case Op::LerpConstSaturate: {
        const vec4 a = K[in.a], d = K[in.a + 1] - K[in.a];
        for (int c = 0; c < 4; ++c) {
          float* __restrict t = B.s[T][c];
          const float ac = a[c], dc = d[c];
          if (in.op == Op::LerpConstSaturate)
            for (int i = 0; i < L; ++i) t[i] = saturate(ac + t[i] * dc);
          else
            for (int i = 0; i < L; ++i) t[i] = ac + t[i] * dc;
        }
        break;
      }
      case Op::Spline4Const:
        for (int i = 0; i < L; ++i) B.set(T, i, vec4(spline4(K + in.a, B.s[T][0][i])));
        break;
      case Op::Spline8Const:
        for (int i = 0; i < L; ++i) B.set(T, i, vec4(spline8(K + in.a, B.s[T][0][i])));
        break;
      case Op::Spline8ChainConst:
        for (int i = 0; i < L; ++i) {
          float x = B.s[T][0][i];
          B.set(S, i, vec4(x < K[in.a + 8][0] ? B.s[S][0][i] : spline8(K + in.a, x)));
        }
        break;
      case Op::Gradient4Const:
        for (int i = 0; i < L; ++i) B.set(T, i, gradient4(K + in.a, B.s[T][0][i]));
        break;
      case Op::Gradient8Const:
        for (int i = 0; i < L; ++i) B.set(T, i, gradient8(K + in.a, B.s[T][0][i]));
        break;
      case Op::Random:
        for (int i = 0; i < L; ++i) {
          float v = i < n ? st.rng->unit() : 0.0f;
          B.s[sp][0][i] = B.s[sp][1][i] = B.s[sp][2][i] = B.s[sp][3][i] = v;
        }
        break;
      case Op::Load: {
        const auto& lanes = kLoadLanes[in.c];
        if (in.a <= 1) {
          const float* src = st.stream[in.a] + base + size_t(in.b) * 4 * stride;
          for (int c = 0; c < 4; ++c) {
            const float* __restrict col = src + size_t(lanes[size_t(c)]) * stride;
            float* __restrict d = B.s[sp][c];
            for (int i = 0; i < L; ++i) d[i] = col[i];
          }
        } else {
          const float* g = groupData(st, in.a) + in.b * 4;
          B.splat(sp, vec4(g[lanes[0]], g[lanes[1]], g[lanes[2]], g[lanes[3]]));
        }
        break;
      }
      case Op::Store: {
        const int8_t* map = kStoreMap[in.c];
        if (in.a <= 1) {
          float* dst = st.stream[in.a] + base + size_t(in.b) * 4 * stride;
          for (int c = 0; c < 4 && map[c] >= 0; ++c) {
            float* __restrict col = dst + size_t(map[c]) * stride;
            const float* __restrict src = B.s[T][c];
            for (int i = 0; i < L; ++i) col[i] = src[i];
          }
        } else {
          float* g = const_cast<float*>(groupData(st, in.a)) +
                     in.b * 4;  // groups 2, 4, 5 (6 is rejected at load)
          for (int c = 0; c < 4 && map[c] >= 0; ++c) g[map[c]] = B.s[T][c][n - 1];
        }
        break;
      }
      case Op::WriteSlot:
        st.slotPosition[in.a] = B.get(S, n - 1);
        st.slotRotation[in.a] = B.get(T, n - 1);
        break;
      case Op::WriteSlotPosition:
        st.slotPosition[in.a] = B.get(T, n - 1);
        break;
      case Op::WriteSlotRotation:
        st.slotRotation[in.a] = B.get(T, n - 1);
        break;
      case Op::ExternFloat:
        B.splat(sp, vec4(st.externFloats[in.a]));
        break;
      case Op::ExternVector:
        B.splat(sp, st.externVectors[in.a]);
        break;
      case Op::ExternFloat4: {
        vec4 v(0.0f);
        for (int c = 0; c < 4; ++c)
          if (in.a + c < kExternFloatCount) v[c] = st.externFloats[in.a + c];
        B.splat(sp, v);
        break;
      }
      case Op::Channel:
        B.splat(sp, vec4(st.channels[in.a]));
        break;
      case Op::ChannelNamed:
        B.splat(sp, vec4(st.namedChannels ? st.namedChannels[in.hashIndex] : 0.0f));
        break;
      case Op::PushZero:
        B.splat(sp, vec4(0.0f));
        break;
      case Op::ReadSlot:
        B.splat(sp, st.slotPosition[in.a]);
        B.splat(sp + 1, st.slotRotation[in.a]);
        break;
      case Op::ReadSlotPosition:
        B.splat(sp, st.slotPosition[in.a]);
        break;
      case Op::ReadSlotRotation:
        B.splat(sp, st.slotRotation[in.a]);
        break;
      case Op::MovePoint:
      case Op::MoveVector:
      case Op::UnmovePoint:
        for (int i = 0; i < L; ++i) {
          vec4 v = B.get(U, i), pos = B.get(S, i);
          quat q = toQuat(B.get(T, i));
          vec3 r;
          if (in.op == Op::MovePoint)
            r = q * (vec3(v) * pos.w) + vec3(pos);
          else if (in.op == Op::MoveVector)
            r = q * (vec3(v) * pos.w);
          else
            r = pos.w == 0.0f ? vec3(0.0f) : (glm::conjugate(q) * (vec3(v) - vec3(pos))) / pos.w;
          B.set(U, i, vec4(r, v.w));
        }
        break;
      case Op::MoveTransform:
        for (int i = 0; i < L; ++i) {
          vec4 ppos = B.get(sp - 4, i), cpos = B.get(S, i);
          quat pq = toQuat(B.get(sp - 3, i)), cq = toQuat(B.get(T, i));
          vec3 pos = pq * (vec3(cpos) * ppos.w) + vec3(ppos);
          B.set(sp - 4, i, vec4(pos, ppos.w * cpos.w));
          B.set(sp - 3, i, fromQuat(pq * cq));
        }
        break;
      case Op::LerpTransform:
        for (int i = 0; i < L; ++i) {
          vec4 apos = B.get(sp - 5, i), bpos = B.get(sp - 3, i);
          quat aq = toQuat(B.get(sp - 4, i)), bq = toQuat(B.get(S, i));
          float t = B.s[T][0][i];
          B.set(sp - 5, i, apos + (bpos - apos) * t);
          B.set(sp - 4, i, fromQuat(glm::slerp(aq, bq, t)));
        }
        break;
      case Op::TurnVector:
        for (int i = 0; i < L; ++i) {
          vec4 v = B.get(S, i);
          B.set(S, i, vec4(toQuat(B.get(T, i)) * vec3(v), v.w));
        }
        break;
      case Op::AxisTurn:
        for (int i = 0; i < L; ++i) B.set(T, i, axisTurn(B.get(T, i)));
        break;
      case Op::End:
      case Op::Stop:
        break;  // never decoded (they end the stage)
    }
    hook(in, B, sp - opInfo(uint8_t(in.op)).pops + opInfo(uint8_t(in.op)).pushes);
  }
}

}  // namespace

float sinTurns(float x) {
  return sinEstimate(x);
}

void runStageBatched(const CompiledProgram& p, int stage, VmState& st, size_t first, size_t count,
                     float* stack) {
  if (p.stageEmpty(stage)) return;
  for (size_t b = first; b < first + count; b += kLanes) {
    int n = int(std::min<size_t>(kLanes, first + count - b));
    execute<kLanes>(p, stage, st, b, n, stack, NoHook{});
  }
}

void runStageOne(const CompiledProgram& p, int stage, VmState& st, size_t particle) {
  if (p.stageEmpty(stage)) return;
  alignas(64) float stack[stackFloats(1)];
  execute<1>(p, stage, st, particle, 1, stack, NoHook{});
}

void runStageScalar(const CompiledProgram& p, int stage, VmState& st, size_t first, size_t count) {
  if (p.stageEmpty(stage)) return;
  alignas(64) float stack[stackFloats(1)];
  for (size_t i = first; i < first + count; ++i) execute<1>(p, stage, st, i, 1, stack, NoHook{});
}

std::vector<TraceStep> traceStage(const CompiledProgram& p, int stage, VmState& st,
                                  size_t particle) {
  std::vector<TraceStep> out;
  alignas(64) float stack[stackFloats(1)] = {};
  execute<1>(p, stage, st, particle, 1, stack, [&](const Instr& in, const Block<1>& b, int depth) {
    TraceStep step;
    step.offset = in.offset;
    step.text = formatInstruction(p.bytes.data() + in.offset, p.bytes.size() - in.offset);
    for (int k = 0; k < depth; ++k) step.stack.push_back(b.get(k, 0));
    out.push_back(std::move(step));
  });
  return out;
}

}  // namespace fx::destiny
