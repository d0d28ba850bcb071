#include "engine/effects/destiny/emitter_vm.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/emitter_definition.h"
#include "engine/effects/destiny/emitter_lane_ops.h"

namespace fx::destiny {

// --- scalar helpers (the TFX formulas, reference §1.3) -------------------------------------------

namespace {

using namespace ops;  // the per-lane math: emitter_lane_ops.h

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
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return ew<Ew::Add>(a, b, 0.0f); });
        break;
      case Op::Sub:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return ew<Ew::Sub>(a, b, 0.0f); });
        break;
      case Op::Mul:
      case Op::Mul2:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return ew<Ew::Mul>(a, b, 0.0f); });
        break;
      case Op::Div:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return ew<Ew::Div>(a, b, 0.0f); });
        break;
      case Op::IsZero:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::IsZero>(a, 0.0f, 0.0f); });
        break;
      case Op::Min:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return ew<Ew::Min>(a, b, 0.0f); });
        break;
      case Op::Max:
        binary<L>(B.flat(S), B.flat(T), [](float a, float b) { return ew<Ew::Max>(a, b, 0.0f); });
        break;
      case Op::LessThan:
        binary<L>(B.flat(S), B.flat(T),
                  [](float a, float b) { return ew<Ew::LessThan>(a, b, 0.0f); });
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
      case Op::Lerp:
        ternary<L>(B.flat(U), B.flat(S), B.flat(T),
                   [](float u, float s, float t) { return ew<Ew::Lerp>(u, s, t); });
        break;
      case Op::LerpSaturate:
        ternary<L>(B.flat(U), B.flat(S), B.flat(T),
                   [](float u, float s, float t) { return ew<Ew::LerpSaturate>(u, s, t); });
        break;
      case Op::MulAdd:
        ternary<L>(B.flat(U), B.flat(S), B.flat(T),
                   [](float u, float s, float t) { return ew<Ew::MulAdd>(u, s, t); });
        break;
      case Op::Clamp:
        ternary<L>(B.flat(U), B.flat(S), B.flat(T),
                   [](float u, float s, float t) { return ew<Ew::Clamp>(u, s, t); });
        break;
      case Op::SmoothStep:
        ternary<L>(B.flat(U), B.flat(S), B.flat(T),
                   [](float u, float s, float t) { return ew<Ew::SmoothStep>(u, s, t); });
        break;
      case Op::Abs:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Abs>(a, 0.0f, 0.0f); });
        break;
      case Op::Sign:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Sign>(a, 0.0f, 0.0f); });
        break;
      case Op::Floor:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Floor>(a, 0.0f, 0.0f); });
        break;
      case Op::Ceil:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Ceil>(a, 0.0f, 0.0f); });
        break;
      case Op::Round:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Round>(a, 0.0f, 0.0f); });
        break;
      case Op::Frac:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Frac>(a, 0.0f, 0.0f); });
        break;
      case Op::Negate:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Negate>(a, 0.0f, 0.0f); });
        break;
      case Op::SinWave:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Sin>(a, 0.0f, 0.0f); });
        break;
      case Op::CosWave:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Cos>(a, 0.0f, 0.0f); });
        break;
      case Op::SinCos:
        for (int i = 0; i < L; ++i) {
          B.s[T][0][i] = ew<Ew::Sin>(B.s[T][0][i], 0.0f, 0.0f);
          B.s[T][1][i] = ew<Ew::Cos>(B.s[T][1][i], 0.0f, 0.0f);
          B.s[T][2][i] = ew<Ew::Sin>(B.s[T][2][i], 0.0f, 0.0f);
          B.s[T][3][i] = ew<Ew::Cos>(B.s[T][3][i], 0.0f, 0.0f);
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
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Saturate>(a, 0.0f, 0.0f); });
        break;
      case Op::Tan:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Tan>(a, 0.0f, 0.0f); });
        break;
      case Op::Log2:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Log2>(a, 0.0f, 0.0f); });
        break;
      case Op::Unk26:
        break;
      case Op::Triangle:
        unary<L>(B.flat(T), [](float a) { return ew<Ew::Triangle>(a, 0.0f, 0.0f); });
        break;
      case Op::Unk2D:
        for (int i = 0; i < L; ++i) B.set(sp - 5, i, B.get(T, i));
        break;
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
            for (int i = 0; i < L; ++i) t[i] = ew<Ew::LerpKSaturate>(t[i], ac, dc);
          else
            for (int i = 0; i < L; ++i) t[i] = ew<Ew::LerpK>(t[i], ac, dc);
        }
        break;
      }
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
        FX_LANE_OP_CASES {
          const OpInfo& info = opInfo(uint8_t(in.op));
          const int bottom = sp - info.pops;
          for (int i = 0; i < L; ++i) {
            vec4 w[12];
            for (int k = 0; k < info.pops; ++k) w[k] = B.get(bottom + k, i);
            laneApply(in.op, in.a, w, K);
            for (int k = 0; k < info.pushes; ++k) B.set(bottom + k, i, w[k]);
          }
          break;
        }
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
