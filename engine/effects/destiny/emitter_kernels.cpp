#include "engine/effects/destiny/emitter_kernels.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <tuple>
#include <utility>

#include "engine/effects/destiny/emitter_definition.h"
#include "engine/effects/destiny/emitter_lane_ops.h"
#include "engine/effects/destiny/emitter_program.h"
#include "engine/effects/destiny/emitter_vm.h"

namespace fx::destiny {

using ops::Ew;

namespace {

// --- elementwise kernels
// ---------------------------------------------------------------------------

// Bit k of M set: operand k is a scalar (read once), else a column of N floats.
template <Ew E, int M, int N>
void elemKernel(float* __restrict out, const float* __restrict a, const float* __restrict b,
                const float* __restrict c) {
  const float sa = (M & 1) ? a[0] : 0.0f, sb = (M & 2) ? b[0] : 0.0f, sc = (M & 4) ? c[0] : 0.0f;
  for (int i = 0; i < N; ++i)
    out[i] = ops::ew<E>((M & 1) ? sa : a[i], (M & 2) ? sb : b[i], (M & 4) ? sc : c[i]);
}

// [mask 0..7] over a block, [8] once (all operands scalar).
using EwFns = std::array<ElemFn, 9>;
template <Ew E>
constexpr EwFns fnsFor() {
  return {elemKernel<E, 0, kLanes>, elemKernel<E, 1, kLanes>, elemKernel<E, 2, kLanes>,
          elemKernel<E, 3, kLanes>, elemKernel<E, 4, kLanes>, elemKernel<E, 5, kLanes>,
          elemKernel<E, 6, kLanes>, elemKernel<E, 7, kLanes>, elemKernel<E, 7, 1>};
}
template <size_t... I>
constexpr std::array<EwFns, sizeof...(I)> fnTable(std::index_sequence<I...>) {
  return {fnsFor<Ew(I)>()...};
}
constexpr auto kFns = fnTable(std::make_index_sequence<size_t(ops::kEwCount)>{});

const float kZero = 0.0f;

// --- the compiler
// ----------------------------------------------------------------------------------

using Vec = std::array<Col, 4>;

struct Compiler {
  const CompiledProgram& p;
  KernelStage& out;
  std::vector<Vec> stack;
  uint32_t vtemps = 0;  // virtual temps (allocated to columns at the end)
  std::map<std::tuple<int, uint64_t, uint64_t, uint64_t>, Col> values;  // value numbering
  std::map<uint32_t, Col> current;  // stream column (g << 16 | f) -> its value, once stored

  Compiler(const CompiledProgram& prog, KernelStage& o) : p(prog), out(o) {}

  static uint64_t key(Col c) { return uint64_t(c.kind) << 40 | uint64_t(c.g) << 32 | c.idx; }
  Col constant(float v) {
    for (uint32_t i = 0; i < out.consts.size(); ++i)
      if (std::memcmp(&out.consts[i], &v, 4) == 0) return {ColKind::Const, 0, i};
    out.consts.push_back(v);
    return {ColKind::Const, 0, uint32_t(out.consts.size() - 1)};
  }
  Col temp() { return {ColKind::Temp, 0, vtemps++}; }
  Col scalar() { return {ColKind::Scalar, 0, out.scalars++}; }
  const float* constPtr(Col c) const { return &out.consts[c.idx]; }

  Col read(ScalarSrc src, int a, int b) {
    Kernel k;
    k.kind = KernelKind::ScalarRead;
    k.src = src;
    k.a = uint8_t(a);
    k.b = uint16_t(b);
    k.out = scalar();
    out.kernels.push_back(k);
    return k.out;
  }

  Col elem(Ew e, Col a, Col b = {}, Col c = {}) {
    const int arity = ops::ewArity(e);
    Col in[3] = {a, b, c};
    bool allConst = true, anyLane = false;
    for (int k = 0; k < arity; ++k) {
      allConst = allConst && in[k].kind == ColKind::Const;
      anyLane = anyLane || in[k].lane();
    }
    if (allConst) {
      float v, x[3] = {0.0f, 0.0f, 0.0f};
      for (int k = 0; k < arity; ++k) x[k] = out.consts[in[k].idx];
      kFns[size_t(e)][8](&v, &x[0], &x[1], &x[2]);
      return constant(v);
    }
    auto vk =
        std::make_tuple(int(e), key(in[0]), arity > 1 ? key(in[1]) : 0, arity > 2 ? key(in[2]) : 0);
    if (auto it = values.find(vk); it != values.end()) return it->second;
    Kernel k;
    k.kind = anyLane ? KernelKind::Elem : KernelKind::ElemScalar;
    k.op = uint8_t(e);
    int mask = 0;
    for (int j = 0; j < 3; ++j) {
      if (j >= arity) {
        k.in[j] = {};
        mask |= 1 << j;
      } else {
        k.in[j] = in[j];
        if (!in[j].lane()) mask |= 1 << j;
      }
    }
    k.fn = kFns[size_t(e)][anyLane ? size_t(mask) : 8];
    k.out = anyLane ? temp() : scalar();
    out.kernels.push_back(k);
    values.emplace(vk, k.out);
    return k.out;
  }

  // One per-lane kernel for a laneApply opcode on the top `pops` stack entries.
  void laneOp(const Instr& in) {
    const OpInfo& info = opInfo(uint8_t(in.op));
    const int bottom = int(stack.size()) - info.pops;
    bool allConst = true, anyLane = false;
    for (int k = bottom; k < int(stack.size()); ++k)
      for (const Col& c : stack[size_t(k)]) {
        allConst = allConst && c.kind == ColKind::Const;
        anyLane = anyLane || c.lane();
      }
    std::vector<Vec> results(info.pushes);
    if (allConst) {
      vec4 w[12];
      for (int k = 0; k < info.pops; ++k)
        for (int c = 0; c < 4; ++c) w[k][c] = out.consts[stack[size_t(bottom + k)][size_t(c)].idx];
      ops::laneApply(in.op, in.a, w, p.constants.data());
      for (int k = 0; k < info.pushes; ++k)
        for (int c = 0; c < 4; ++c) results[size_t(k)][size_t(c)] = constant(w[k][c]);
    } else {
      Kernel k;
      k.kind = anyLane ? KernelKind::Lane : KernelKind::LaneScalar;
      k.op = uint8_t(in.op);
      k.a = in.a;
      k.first = uint32_t(out.operands.size());
      for (int e = bottom; e < int(stack.size()); ++e)
        for (const Col& c : stack[size_t(e)]) out.operands.push_back(c);
      const bool splat = ops::laneOpSplats(in.op);
      for (int r = 0; r < info.pushes; ++r)
        for (int c = 0; c < 4; ++c) {
          Col col;
          if (splat && c > 0)
            col = results[size_t(r)][0];
          else
            col = anyLane ? temp() : scalar();
          out.operands.push_back(splat && c > 0 ? Col{} : col);
          results[size_t(r)][size_t(c)] = col;
        }
      out.kernels.push_back(k);
    }
    stack.resize(size_t(bottom));
    for (auto& r : results) stack.push_back(r);
  }

  Col streamValue(int g, int f) {
    auto it = current.find(uint32_t(g) << 16 | uint32_t(f));
    if (it != current.end()) return it->second;
    return {ColKind::Stream, uint8_t(g), uint32_t(f)};
  }

  // Before stream columns are overwritten, every live reference to their loaded values is copied.
  void materialise(int g, const std::vector<int>& cols) {
    std::map<uint32_t, Col> copies;
    auto fix = [&](Col& c) {
      if (c.kind != ColKind::Stream || c.g != g ||
          std::find(cols.begin(), cols.end(), int(c.idx)) == cols.end())
        return;
      auto it = copies.find(c.idx);
      if (it == copies.end()) {
        Kernel k;
        k.kind = KernelKind::Elem;
        k.op = uint8_t(Ew::Copy);
        k.in[0] = c;
        k.fn = kFns[size_t(Ew::Copy)][6];
        k.out = temp();
        out.kernels.push_back(k);
        it = copies.emplace(c.idx, k.out).first;
      }
      c = it->second;
    };
    for (Vec& v : stack)
      for (Col& c : v) fix(c);
    for (auto& [where, c] : current) fix(c);
    // Value-numbered results keyed on the old columns stay valid for what they were computed
    // from; nothing reads those raw columns again (loads now see `current`).
  }

  void run(int stage) {
    const Instr* it = p.instrs.data() + p.firstInstr[size_t(stage)];
    const Instr* const end = it + p.instrCount[size_t(stage)];
    for (; it != end; ++it) {
      const Instr& in = *it;
      Ew e;
      if (ops::ewOf(in.op, 0, e)) {
        elementwise(in, e);
        continue;
      }
      if (ops::isLaneOp(in.op)) {
        laneOp(in);
        continue;
      }
      if (!stackOp(in)) memoryOp(in);
    }
  }

  // An opcode that maps each result lane to the same operation on that lane of its operands
  // (`e`: lane 0's).
  void elementwise(const Instr& in, Ew e) {
    const OpInfo& info = opInfo(uint8_t(in.op));
    const int bottom = int(stack.size()) - info.pops;
    Vec r;
    for (int c = 0; c < 4; ++c) {
      ops::ewOf(in.op, c, e);
      Col x[3];
      for (int k = 0; k < info.pops; ++k) x[k] = stack[size_t(bottom + k)][size_t(c)];
      r[size_t(c)] = elem(e, x[0], x[1], x[2]);
    }
    stack.resize(size_t(bottom));
    stack.push_back(r);
  }

  // The opcodes that rearrange the stack or push constants; false for the others.
  bool stackOp(const Instr& in) {
    const vec4* K = p.constants.data();
    Vec* const T = stack.empty() ? nullptr : &stack.back();  // only where the op pops
    switch (in.op) {
      case Op::LerpConst:
      case Op::LerpConstSaturate: {
        const vec4 a = K[in.a], d = K[in.a + 1] - K[in.a];
        const Ew le = in.op == Op::LerpConst ? Ew::LerpK : Ew::LerpKSaturate;
        for (int c = 0; c < 4; ++c)
          (*T)[size_t(c)] = elem(le, (*T)[size_t(c)], constant(a[c]), constant(d[c]));
        return true;
      }
      case Op::Merge13:
      case Op::Merge22:
      case Op::Merge31: {
        const Vec t = *T;
        stack.pop_back();
        Vec& s = stack.back();
        if (in.op == Op::Merge13)
          s = {s[0], t[0], t[1], t[2]};
        else if (in.op == Op::Merge22)
          s = {s[0], s[1], t[0], t[1]};
        else
          s = {s[0], s[1], s[2], t[0]};
        return true;
      }
      case Op::Splat:
        *T = {(*T)[0], (*T)[0], (*T)[0], (*T)[0]};
        return true;
      case Op::Permute: {
        const Vec t = *T;
        for (int c = 0; c < 4; ++c) (*T)[size_t(c)] = t[size_t((in.a >> (6 - 2 * c)) & 3)];
        return true;
      }
      case Op::Unk26:
        return true;
      case Op::Unk2D: {
        const Vec t = *T;
        stack.resize(stack.size() - 5);
        stack.push_back(t);
        return true;
      }
      case Op::PushConst:
        stack.push_back(
            {constant(K[in.a].x), constant(K[in.a].y), constant(K[in.a].z), constant(K[in.a].w)});
        return true;
      case Op::PushZero: {
        const Col z = constant(0.0f);
        stack.push_back({z, z, z, z});
        return true;
      }
      case Op::Random: {
        Kernel k;
        k.kind = KernelKind::Random;
        k.out = temp();
        out.kernels.push_back(k);
        stack.push_back({k.out, k.out, k.out, k.out});
        return true;
      }
      default:
        return false;
    }
  }

  // Loads, stores, transform slots, externs and channels.
  void memoryOp(const Instr& in) {
    switch (in.op) {
      case Op::Load:
        load(in);
        break;
      case Op::Store:
        store(in);
        break;
      case Op::WriteSlot:
      case Op::WriteSlotPosition:
      case Op::WriteSlotRotation:
        writeSlot(in);
        break;
      case Op::ExternFloat: {
        const Col v = read(ScalarSrc::ExternFloat, in.a, 0);
        stack.push_back({v, v, v, v});
        break;
      }
      case Op::ExternVector:
        stack.push_back(
            {read(ScalarSrc::ExternVector, in.a, 0), read(ScalarSrc::ExternVector, in.a, 1),
             read(ScalarSrc::ExternVector, in.a, 2), read(ScalarSrc::ExternVector, in.a, 3)});
        break;
      case Op::ExternFloat4: {
        Vec v;
        for (int c = 0; c < 4; ++c)
          v[size_t(c)] = in.a + c < kExternFloatCount ? read(ScalarSrc::ExternFloat, in.a + c, 0)
                                                      : constant(0.0f);
        stack.push_back(v);
        break;
      }
      case Op::Channel: {
        const Col v = read(ScalarSrc::Channel, in.a, 0);
        stack.push_back({v, v, v, v});
        break;
      }
      case Op::ChannelNamed: {
        const Col v = read(ScalarSrc::Named, int(in.hashIndex), 0);
        stack.push_back({v, v, v, v});
        break;
      }
      case Op::ReadSlot:
      case Op::ReadSlotPosition:
      case Op::ReadSlotRotation: {
        auto slot = [&](ScalarSrc src) {
          return Vec{read(src, in.a, 0), read(src, in.a, 1), read(src, in.a, 2),
                     read(src, in.a, 3)};
        };
        if (in.op != Op::ReadSlotRotation) stack.push_back(slot(ScalarSrc::SlotPosition));
        if (in.op != Op::ReadSlotPosition) stack.push_back(slot(ScalarSrc::SlotRotation));
        break;
      }
      default:
        break;  // every other opcode is elementwise or a lane op (handled in run)
    }
  }

  void load(const Instr& in) {
    const auto& lanes = kLoadLanes[in.c];
    Vec v;
    if (in.a <= 1) {
      for (int c = 0; c < 4; ++c) v[size_t(c)] = streamValue(in.a, in.b * 4 + lanes[size_t(c)]);
    } else {
      Col src[4];
      bool have[4] = {};
      for (int c = 0; c < 4; ++c) {
        const int l = lanes[size_t(c)];
        if (!have[l]) {
          src[l] = in.a == 6 ? read(ScalarSrc::ChannelConst, 0, in.b * 4 + l)
                             : read(ScalarSrc::Group,
                                    in.a == 2   ? 0
                                    : in.a == 4 ? 1
                                                : 2,
                                    in.b * 4 + l);
          have[l] = true;
        }
        v[size_t(c)] = src[l];
      }
    }
    stack.push_back(v);
  }

  void store(const Instr& in) {
    static constexpr int8_t kStoreMap[8][4] = {{0, 1, 2, 3},    {0, 1, 2, -1},   {0, 1, -1, -1},
                                               {2, 3, -1, -1},  {0, -1, -1, -1}, {1, -1, -1, -1},
                                               {2, -1, -1, -1}, {3, -1, -1, -1}};
    const int8_t* map = kStoreMap[in.c];
    if (in.a <= 1) {
      std::vector<int> cols;
      for (int c = 0; c < 4 && map[c] >= 0; ++c) cols.push_back(in.b * 4 + map[c]);
      materialise(in.a, cols);
      const Vec t = stack.back();
      for (int c = 0; c < 4 && map[c] >= 0; ++c) {
        const Col dst{ColKind::Stream, in.a, uint32_t(in.b * 4 + map[c])};
        Kernel k;
        k.kind = KernelKind::Elem;
        k.op = uint8_t(Ew::Copy);
        k.in[0] = t[size_t(c)];
        k.fn = kFns[size_t(Ew::Copy)][t[size_t(c)].lane() ? 6 : 7];
        k.out = dst;
        out.kernels.push_back(k);
        current[uint32_t(in.a) << 16 | dst.idx] = t[size_t(c)];
      }
    } else {
      const Vec t = stack.back();
      for (int c = 0; c < 4 && map[c] >= 0; ++c) {
        Kernel k;
        k.kind = KernelKind::StoreGroup;
        k.a = uint8_t(in.a == 2 ? 0 : in.a == 4 ? 1 : 2);
        k.b = uint16_t(in.b * 4 + map[c]);
        k.in[0] = t[size_t(c)];
        out.kernels.push_back(k);
      }
    }
    stack.pop_back();
  }

  void writeSlot(const Instr& in) {
    auto write = [&](KernelKind kind, const Vec& v) {
      for (int c = 0; c < 4; ++c) {
        Kernel k;
        k.kind = kind;
        k.a = in.a;
        k.b = uint16_t(c);
        k.in[0] = v[size_t(c)];
        out.kernels.push_back(k);
      }
    };
    if (in.op == Op::WriteSlot) {
      write(KernelKind::WriteSlotPos, stack[stack.size() - 2]);
      write(KernelKind::WriteSlotRot, stack.back());
      stack.resize(stack.size() - 2);
    } else {
      write(in.op == Op::WriteSlotPosition ? KernelKind::WriteSlotPos : KernelKind::WriteSlotRot,
            stack.back());
      stack.pop_back();
    }
  }

  // Inputs and results of a kernel (per-lane kernels keep theirs in `operands`).
  template <class F>
  void eachInput(const Kernel& k, F&& fn) {
    if (k.kind == KernelKind::Lane || k.kind == KernelKind::LaneScalar) {
      for (int e = 0; e < 4 * opInfo(k.op).pops; ++e) fn(out.operands[k.first + uint32_t(e)]);
    } else {
      for (const Col& c : k.in) fn(c);
    }
  }
  template <class F>
  void eachOutput(Kernel& k, F&& fn) {
    if (k.kind == KernelKind::Lane || k.kind == KernelKind::LaneScalar) {
      const uint32_t base = k.first + 4 * uint32_t(opInfo(k.op).pops);
      for (int r = 0; r < 4 * opInfo(k.op).pushes; ++r) fn(out.operands[base + uint32_t(r)]);
    } else {
      fn(k.out);
    }
  }

  // A store that copies a temp into a stream column instead has the temp's producer write the
  // column, and the temp's other readers read the column, when neither the producer's inputs nor
  // any kernel up to the store touch that column and none writes it before the temp's last read.
  void forwardStores(bool exportStack) {
    std::vector<Kernel>& ks = out.kernels;
    std::vector<int> uses(vtemps, 0);
    std::vector<size_t> producer(vtemps, SIZE_MAX), lastRead(vtemps, 0);
    for (size_t n = 0; n < ks.size(); ++n) {
      eachInput(ks[n], [&](const Col& c) {
        if (c.kind == ColKind::Temp) ++uses[c.idx], lastRead[c.idx] = n;
      });
      eachOutput(ks[n], [&](Col& c) {
        if (c.kind == ColKind::Temp) producer[c.idx] = n;
      });
    }
    if (exportStack)
      for (const Vec& v : stack)
        for (const Col& c : v)
          if (c.kind == ColKind::Temp) uses[c.idx] += 2;
    std::vector<char> drop(ks.size(), 0);
    for (size_t n = 0; n < ks.size(); ++n) {
      const Kernel& copy = ks[n];
      if (copy.kind != KernelKind::Elem || copy.op != uint8_t(Ew::Copy) ||
          copy.out.kind != ColKind::Stream || copy.in[0].kind != ColKind::Temp)
        continue;
      const uint32_t t = copy.in[0].idx;
      const size_t p = producer[t];
      if (uses[t] < 1 || (exportStack && uses[t] > 1) || p == SIZE_MAX || p >= n) continue;
      Kernel& prod = ks[p];
      if (prod.kind != KernelKind::Elem && prod.kind != KernelKind::Lane) continue;
      const Col dst = copy.out;
      bool touched = false;
      eachInput(prod, [&](const Col& c) { touched = touched || c == dst; });
      for (size_t m = p + 1; m < n && !touched; ++m) {
        if (drop[m]) continue;
        eachInput(ks[m], [&](const Col& c) { touched = touched || c == dst; });
        eachOutput(ks[m], [&](Col& c) { touched = touched || c == dst; });
      }
      for (size_t m = n + 1; m <= lastRead[t] && !touched; ++m)
        eachOutput(ks[m], [&](Col& c) { touched = touched || c == dst; });
      if (touched) continue;
      const Col from = copy.in[0];
      eachOutput(prod, [&](Col& c) {
        if (c == from) c = dst;
      });
      for (size_t m = p + 1; m <= lastRead[t]; ++m) {
        Kernel& k = ks[m];
        if (k.kind == KernelKind::Lane || k.kind == KernelKind::LaneScalar) {
          for (int e = 0; e < 4 * opInfo(k.op).pops; ++e)
            if (out.operands[k.first + uint32_t(e)] == from)
              out.operands[k.first + uint32_t(e)] = dst;
        } else {
          for (Col& c : k.in)
            if (c == from) c = dst;
        }
      }
      drop[n] = 1;
    }
    std::vector<Kernel> kept;
    for (size_t n = 0; n < ks.size(); ++n)
      if (!drop[n]) kept.push_back(ks[n]);
    ks = std::move(kept);
  }

  // Drops pure kernels nothing uses, then assigns temp columns by liveness.
  void finish(bool exportStack) {
    dropUnused(exportStack);
    forwardStores(exportStack);
    assignTemps(exportStack);
  }

  // Drops pure kernels whose results nothing reads (the stack's values count when exported).
  void dropUnused(bool exportStack) {
    std::vector<Kernel>& ks = out.kernels;
    std::vector<char> tempUsed(vtemps, 0), scalarUsed(out.scalars, 0);
    auto use = [&](const Col& c) {
      if (c.kind == ColKind::Temp) tempUsed[c.idx] = 1;
      if (c.kind == ColKind::Scalar) scalarUsed[c.idx] = 1;
    };
    auto used = [&](const Col& c) {
      return (c.kind == ColKind::Temp && tempUsed[c.idx]) ||
             (c.kind == ColKind::Scalar && scalarUsed[c.idx]);
    };
    if (exportStack)
      for (const Vec& v : stack)
        for (const Col& c : v) use(c);
    std::vector<char> keep(ks.size(), 0);
    for (size_t n = ks.size(); n-- > 0;) {
      Kernel& k = ks[n];
      bool live = false;
      switch (k.kind) {
        case KernelKind::Elem:
          live = k.out.kind == ColKind::Stream || used(k.out);
          break;
        case KernelKind::ElemScalar:
        case KernelKind::ScalarRead:
          live = used(k.out);
          break;
        case KernelKind::Lane:
        case KernelKind::LaneScalar: {
          const int pops = opInfo(k.op).pops, pushes = opInfo(k.op).pushes;
          for (int r = 0; r < 4 * pushes; ++r) {
            Col& c = out.operands[k.first + 4 * uint32_t(pops) + uint32_t(r)];
            if (used(c))
              live = true;
            else
              c = {};
          }
          if (live)
            for (int e = 0; e < 4 * pops; ++e) use(out.operands[k.first + uint32_t(e)]);
          break;
        }
        default:
          live = true;  // random draws, group stores and slot writes
          break;
      }
      if (!live) continue;
      keep[n] = 1;
      if (k.kind != KernelKind::Lane && k.kind != KernelKind::LaneScalar)
        for (const Col& c : k.in) use(c);
    }
    std::vector<Kernel> kept;
    for (size_t n = 0; n < ks.size(); ++n)
      if (keep[n]) kept.push_back(ks[n]);
    ks = std::move(kept);
  }

  // Gives virtual temps physical columns, reusing a column once its last reader has run.
  void assignTemps(bool exportStack) {
    std::vector<Kernel>& ks = out.kernels;
    // Liveness: the last kernel reading each virtual temp (exported temps live to the end).
    const size_t kEnd = ks.size();
    std::vector<size_t> lastUse(vtemps, 0);
    std::vector<char> defined(vtemps, 0);
    auto inputs = [&](const Kernel& k, auto&& fn) {
      if (k.kind == KernelKind::Lane || k.kind == KernelKind::LaneScalar) {
        for (int e = 0; e < 4 * opInfo(k.op).pops; ++e) fn(out.operands[k.first + uint32_t(e)]);
      } else {
        for (const Col& c : k.in) fn(c);
      }
    };
    auto outputs = [&](Kernel& k, auto&& fn) {
      if (k.kind == KernelKind::Lane || k.kind == KernelKind::LaneScalar) {
        const uint32_t base = k.first + 4 * uint32_t(opInfo(k.op).pops);
        for (int r = 0; r < 4 * opInfo(k.op).pushes; ++r) fn(out.operands[base + uint32_t(r)]);
      } else {
        fn(k.out);
      }
    };
    for (size_t n = 0; n < ks.size(); ++n)
      inputs(ks[n], [&](const Col& c) {
        if (c.kind == ColKind::Temp) lastUse[c.idx] = n;
      });
    if (exportStack)
      for (const Vec& v : stack)
        for (const Col& c : v)
          if (c.kind == ColKind::Temp) lastUse[c.idx] = kEnd;
    std::vector<uint32_t> phys(vtemps, UINT32_MAX), freeList;
    uint32_t count = 0;
    for (size_t n = 0; n < ks.size(); ++n) {
      Kernel& k = ks[n];
      std::vector<uint32_t> dying;
      inputs(k, [&](const Col& c) {
        if (c.kind == ColKind::Temp && lastUse[c.idx] == n) dying.push_back(c.idx);
      });
      outputs(k, [&](Col& c) {
        if (c.kind != ColKind::Temp || defined[c.idx]) return;
        defined[c.idx] = 1;
        uint32_t t;
        if (!freeList.empty()) {
          t = freeList.back();
          freeList.pop_back();
        } else {
          t = count++;
        }
        phys[c.idx] = t;
        // A result nothing reads (a random draw kept for its side effect) is free at once.
        if (lastUse[c.idx] <= n && !(exportStack && lastUse[c.idx] == kEnd)) dying.push_back(c.idx);
      });
      std::sort(dying.begin(), dying.end());
      dying.erase(std::unique(dying.begin(), dying.end()), dying.end());
      for (uint32_t v : dying) freeList.push_back(phys[v]);
    }
    auto remap = [&](Col& c) {
      if (c.kind == ColKind::Temp) c.idx = phys[c.idx];
    };
    for (Kernel& k : ks) {
      remap(k.out);
      for (Col& c : k.in) remap(c);
    }
    for (Col& c : out.operands) remap(c);
    out.temps = count;
    out.finalStack.clear();
    if (exportStack)
      for (Vec& v : stack)
        for (Col& c : v) {
          remap(c);
          out.finalStack.push_back(c);
        }
  }
};

}  // namespace

size_t KernelStage::scratchFloats() const {
  return size_t(temps + 4) * kLanes + scalars;  // temps, four sink columns, scalars
}

void compileStageKernels(const CompiledProgram& p, int stage, bool exportStack, KernelStage& out) {
  out = KernelStage{};
  Compiler c(p, out);
  c.run(stage);
  c.finish(exportStack);
  out.compiled = true;
}

// --- running
// ---------------------------------------------------------------------------------------

namespace {

struct BlockCtx {
  const KernelStage& ks;
  const VmState& st;
  float* temps;
  float* scalars;
  size_t base;

  const float* in(const Col& c) const {
    switch (c.kind) {
      case ColKind::Const:
        return &ks.consts[c.idx];
      case ColKind::Scalar:
        return scalars + c.idx;
      case ColKind::Stream:
        return st.stream[c.g] + size_t(c.idx) * st.stride + base;
      case ColKind::Temp:
        return temps + size_t(c.idx) * kLanes;
      default:
        return &kZero;
    }
  }
  // Results go to temps, scalars and stream columns only.
  float* outp(const Col& c) const {
    switch (c.kind) {
      case ColKind::Scalar:
        return scalars + c.idx;
      case ColKind::Stream:
        return st.stream[c.g] + size_t(c.idx) * st.stride + base;
      default:
        return temps + size_t(c.idx) * kLanes;
    }
  }
  float at(const Col& c, int lane) const { return c.lane() ? in(c)[lane] : in(c)[0]; }
};

float scalarSource(const VmState& st, const Kernel& k) {
  switch (k.src) {
    case ScalarSrc::Group:
      return st.systemGroup[k.a][k.b];
    case ScalarSrc::ChannelConst:
      return reinterpret_cast<const float*>(st.channelConstants)[k.b];
    case ScalarSrc::ExternFloat:
      return st.externFloats[k.a];
    case ScalarSrc::ExternVector:
      return st.externVectors[k.a][k.b];
    case ScalarSrc::Channel:
      return st.channels[k.a];
    case ScalarSrc::Named:
      return st.namedChannels ? st.namedChannels[k.a] : 0.0f;
    case ScalarSrc::SlotPosition:
      return st.slotPosition[k.a][k.b];
    case ScalarSrc::SlotRotation:
      return st.slotRotation[k.a][k.b];
  }
  return 0.0f;
}

// One per-lane kernel; the opcode is a template argument so laneApply inlines to just its case
// and the operand lanes it never reads are not gathered.
template <Op O, int N>
void runLane(const BlockCtx& b, const Kernel& k, const vec4* K) {
  constexpr int pops = kOpTable[uint8_t(O)].pops, pushes = kOpTable[uint8_t(O)].pushes;
  const Col* ins = b.ks.operands.data() + k.first;
  const Col* outs = ins + 4 * pops;
  const float* src[4 * pops];
  size_t step[4 * pops];
  for (int e = 0; e < 4 * pops; ++e) {
    src[e] = b.in(ins[e]);
    step[e] = ins[e].lane() ? 1 : 0;
  }
  float* dst[4 * pushes];
  for (int r = 0; r < 4 * pushes; ++r)
    dst[r] = outs[r].kind == ColKind::None ? nullptr : b.outp(outs[r]);
  const int a = k.a;
  for (int i = 0; i < N; ++i) {
    vec4 w[pops > pushes ? pops : pushes];
    for (int e = 0; e < 4 * pops; ++e) w[e >> 2][e & 3] = src[e][size_t(i) * step[e]];
    ops::laneApply(O, a, w, K);
    for (int r = 0; r < 4 * pushes; ++r)
      if (dst[r]) dst[r][i] = w[r >> 2][r & 3];
  }
}

// A per-lane kernel of x alone over a block whose x is a column: one loop reading x, writing the
// result lanes (a splat result once); results nothing reads go to the scratch's sink columns.
template <Op O>
void runLaneOfX(const BlockCtx& b, const Kernel& k, const vec4* K) {
  const Col* ins = b.ks.operands.data() + k.first;
  const Col* outs = ins + 4;
  const float* __restrict x = b.in(ins[0]);
  float* o[4];
  for (int r = 0; r < 4; ++r)
    o[r] =
        outs[r].kind == ColKind::None ? b.temps + size_t(b.ks.temps + r) * kLanes : b.outp(outs[r]);
  float* __restrict o0 = o[0];
  float* __restrict o1 = o[1];
  float* __restrict o2 = o[2];
  float* __restrict o3 = o[3];
  const int a = k.a;
  for (int i = 0; i < kLanes; ++i) {
    vec4 w[1] = {vec4(x[i])};
    ops::laneApply(O, a, w, K);
    o0[i] = w[0].x;
    if constexpr (!ops::laneOpSplats(O)) {
      o1[i] = w[0].y;
      o2[i] = w[0].z;
      o3[i] = w[0].w;
    }
  }
}

using LaneFn = void (*)(const BlockCtx&, const Kernel&, const vec4*);
struct LaneFns {
  LaneFn block, once, general;  // block: x is a column (ops of x) or any operands (the others)
};
template <size_t B>
constexpr LaneFns laneFnsFor() {
  if constexpr (ops::laneOpOfX(Op(B)))
    return {runLaneOfX<Op(B)>, runLane<Op(B), 1>, runLane<Op(B), kLanes>};
  else if constexpr (kOpTable[B].defined && kOpTable[B].pops > 0 && kOpTable[B].pushes > 0)
    return {runLane<Op(B), kLanes>, runLane<Op(B), 1>, runLane<Op(B), kLanes>};
  else
    return {nullptr, nullptr, nullptr};
}
template <size_t... B>
constexpr std::array<LaneFns, sizeof...(B)> laneTable(std::index_sequence<B...>) {
  return {laneFnsFor<B>()...};
}
constexpr auto kLaneFns = laneTable(std::make_index_sequence<size_t(kLastOpcode) + 1>{});

}  // namespace

void runStageKernels(const KernelStage& ks, const CompiledProgram& p, VmState& st, size_t first,
                     size_t count, float* scratch) {
  const vec4* K = p.constants.data();
  for (size_t base = first; base < first + count; base += kLanes) {
    const int n = int(std::min<size_t>(kLanes, first + count - base));
    const BlockCtx b{ks, st, scratch, scratch + size_t(ks.temps + 4) * kLanes, base};
    for (const Kernel& k : ks.kernels) {
      switch (k.kind) {
        case KernelKind::Elem:
        case KernelKind::ElemScalar:
          k.fn(b.outp(k.out), b.in(k.in[0]), b.in(k.in[1]), b.in(k.in[2]));
          break;
        case KernelKind::Lane:
          if (ops::laneOpOfX(Op(k.op)) && !ks.operands[k.first].lane())
            kLaneFns[k.op].general(b, k, K);
          else
            kLaneFns[k.op].block(b, k, K);
          break;
        case KernelKind::LaneScalar:
          kLaneFns[k.op].once(b, k, K);
          break;
        case KernelKind::ScalarRead:
          *b.outp(k.out) = scalarSource(st, k);
          break;
        case KernelKind::Random: {
          float* o = b.outp(k.out);
          for (int i = 0; i < n; ++i) o[i] = st.rng->unit();
          for (int i = n; i < kLanes; ++i) o[i] = 0.0f;
          break;
        }
        case KernelKind::StoreGroup:
          st.systemGroup[k.a][k.b] = b.at(k.in[0], n - 1);
          break;
        case KernelKind::WriteSlotPos:
          st.slotPosition[k.a][k.b] = b.at(k.in[0], n - 1);
          break;
        case KernelKind::WriteSlotRot:
          st.slotRotation[k.a][k.b] = b.at(k.in[0], n - 1);
          break;
      }
    }
  }
}

vec4 kernelStackValue(const KernelStage& ks, const VmState& st, const float* scratch, size_t base,
                      int entry, int lane) {
  vec4 v;
  for (int k = 0; k < 4; ++k) {
    const Col& c = ks.finalStack[size_t(entry) * 4 + size_t(k)];
    switch (c.kind) {
      case ColKind::Const:
        v[k] = ks.consts[c.idx];
        break;
      case ColKind::Scalar:
        v[k] = scratch[size_t(ks.temps + 4) * kLanes + c.idx];
        break;
      case ColKind::Stream:
        v[k] = st.stream[c.g][size_t(c.idx) * st.stride + base + size_t(lane)];
        break;
      case ColKind::Temp:
        v[k] = scratch[size_t(c.idx) * kLanes + size_t(lane)];
        break;
      default:
        v[k] = 0.0f;
        break;
    }
  }
  return v;
}

void runStageCompiled(const CompiledProgram& p, int stage, VmState& st, size_t first, size_t count,
                      float* scratch) {
  const KernelStage& ks = p.kernels[size_t(stage)];
  if (!ks.compiled) {
    runStageBatched(p, stage, st, first, count, scratch);
    return;
  }
  if (ks.kernels.empty()) return;
  runStageKernels(ks, p, st, first, count, scratch);
}

size_t vmScratchFloats(const CompiledProgram& p) {
  size_t n = stackFloats(kLanes);
  for (const KernelStage& ks : p.kernels) n = std::max(n, ks.scratchFloats());
  return n;
}

}  // namespace fx::destiny
