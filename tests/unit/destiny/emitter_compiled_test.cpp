// The compiled form of emitter stages (emitter_kernels.h) against the interpreter: randomly
// generated verified programs over several blocks plus a partial one, bit-identical streams,
// system groups, slots and generator state; and the compiler's folding, value numbering and dead
// kernel removal on small programs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/emitter_definition.h"
#include "engine/effects/destiny/emitter_lane_ops.h"
#include "engine/effects/destiny/emitter_vm.h"

namespace fx::destiny {
namespace {

constexpr int kStream0Vec4s = 3, kStream1Vec4s = 4, kChannelConsts = 2, kSlots = 3;
constexpr int kConstants = 24;

bool same(float a, float b) {
  uint32_t x, y;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return x == y || (std::isnan(a) && std::isnan(b));
}

// A random verified program: stage 4 (or the given stage) only, every defined opcode reachable,
// every immediate in range.
std::vector<uint8_t> randomStage(std::mt19937& r, int length) {
  std::vector<uint8_t> out;
  int depth = 0;
  auto pick = [&](int n) { return int(r() % uint32_t(n)); };
  for (int n = 0; n < length; ++n) {
    // Shallow stacks favour pushes so the deep opcodes (splines, gradients) get their operands.
    int byte;
    for (;;) {
      // A third of the picks come from the stack and stream movers, where renames, store
      // forwarding and overwritten loads meet.
      static const Op kMovers[] = {Op::Load,  Op::Store,   Op::Load,    Op::Store,  Op::Permute,
                                   Op::Splat, Op::Merge13, Op::Merge22, Op::Merge31};
      byte = pick(3) == 0 ? int(kMovers[pick(9)]) : 1 + pick(kLastOpcode);
      const OpInfo& info = opInfo(uint8_t(byte));
      if (!info.defined || info.imm == ImmKind::End) continue;
      if (info.pops > depth || depth - info.pops + info.pushes > kStackSlots) continue;
      if (depth < 12 && info.pushes <= info.pops && pick(3) == 0) continue;
      break;
    }
    const Op op = Op(byte);
    const OpInfo& info = opInfo(uint8_t(byte));
    out.push_back(uint8_t(byte));
    switch (info.imm) {
      case ImmKind::Const: {
        int span = op == Op::PushConst                                  ? 1
                   : op == Op::LerpConst || op == Op::LerpConstSaturate ? 2
                   : op == Op::Spline4Const                             ? 5
                   : op == Op::Gradient4Const                           ? 6
                   : op == Op::Gradient8Const                           ? 11
                                                                        : 10;
        out.push_back(uint8_t(pick(kConstants - span + 1)));
        break;
      }
      case ImmKind::Permute:
        out.push_back(uint8_t(pick(256)));
        break;
      case ImmKind::Slot:
        out.push_back(uint8_t(pick(kSlots)));
        break;
      case ImmKind::StreamLoad:
      case ImmKind::StreamStore: {
        // Particle streams most of the time: that is where forwarding and aliasing live.
        static const int kLoadGroups[] = {0, 1, 1, 0, 1, 2, 4, 5, 6};
        static const int kStoreGroups[] = {0, 1, 1, 0, 1, 1, 2, 4, 5};
        const int g =
            info.imm == ImmKind::StreamLoad ? kLoadGroups[pick(9)] : kStoreGroups[pick(9)];
        const int vecs = g == 0   ? kStream0Vec4s
                         : g == 1 ? kStream1Vec4s
                         : g == 6 ? kChannelConsts
                                  : 3;
        out.push_back(uint8_t(g));
        out.push_back(uint8_t(g <= 1 && pick(2) ? pick(2) : pick(vecs)));
        out.push_back(uint8_t(pick(8)));
        break;
      }
      case ImmKind::ExternFloat:
        out.push_back(uint8_t(pick(kExternFloatCount)));
        break;
      case ImmKind::ExternVec:
        out.push_back(uint8_t(pick(kExternVectorCount)));
        break;
      case ImmKind::Channel:
        out.push_back(uint8_t(pick(kMaxObjectChannels)));
        break;
      case ImmKind::Hash: {
        const uint32_t h = pick(2) ? 0x11223344u : 0xA0B0C0D0u;
        for (int k = 3; k >= 0; --k) out.push_back(uint8_t(h >> (8 * k)));
        break;
      }
      default:
        break;
    }
    depth += info.pushes - info.pops;
  }
  return out;
}

struct World {
  size_t count, stride;
  std::vector<float> s0, s1;
  std::array<std::array<float, kSystemGroupVec4s * 4>, 3> groups{};
  std::vector<vec4> channelConsts;
  std::array<vec4, kSlots> slotPos{}, slotRot{};
  std::vector<float> named = {0.25f, -3.5f};
  Lcg rng{12345};
  VmState st;

  World(std::mt19937& r, size_t n) : count(n), stride((n + kLanes - 1) / kLanes * kLanes + kLanes) {
    std::uniform_real_distribution<float> u(-3.0f, 3.0f);
    auto value = [&] {
      switch (r() % 16) {
        case 0:
          return 0.0f;
        case 1:
          return 1.0f;
        case 2:
          return -0.5f;
        default:
          return u(r);
      }
    };
    s0.resize(size_t(kStream0Vec4s) * 4 * stride);
    s1.resize(size_t(kStream1Vec4s) * 4 * stride);
    for (float& v : s0) v = value();
    for (float& v : s1) v = value();
    for (auto& g : groups)
      for (float& v : g) v = value();
    for (int k = 0; k < kChannelConsts; ++k)
      channelConsts.push_back(vec4(value(), value(), value(), value()));
    for (int k = 0; k < kSlots; ++k) {
      slotPos[size_t(k)] = vec4(value(), value(), value(), 1.0f + 0.25f * float(k));
      slotRot[size_t(k)] = glm::normalize(vec4(value(), value(), value(), 1.0f));
    }
    rng.state = uint32_t(r());
    st.stride = stride;
    for (int k = 0; k < kExternFloatCount; ++k) st.externFloats[k] = value();
    for (int k = 0; k < kExternVectorCount; ++k)
      st.externVectors[k] = vec4(value(), value(), value(), value());
    for (float& c : st.channels) c = value();
    bind();
  }
  World(const World& o)
      : count(o.count),
        stride(o.stride),
        s0(o.s0),
        s1(o.s1),
        groups(o.groups),
        channelConsts(o.channelConsts),
        slotPos(o.slotPos),
        slotRot(o.slotRot),
        named(o.named),
        rng(o.rng),
        st(o.st) {
    bind();
  }
  void bind() {
    st.stream[0] = s0.data();
    st.stream[1] = s1.data();
    for (int g = 0; g < 3; ++g) st.systemGroup[g] = groups[size_t(g)].data();
    st.channelConstants = channelConsts.data();
    st.slotPosition = slotPos.data();
    st.slotRotation = slotRot.data();
    st.namedChannels = named.data();
    st.rng = &rng;
  }
};

// Compares everything a stage can write; returns the first difference ("" when none).
std::string difference(const World& a, const World& b) {
  for (size_t k = 0; k < a.s0.size(); ++k)
    if (!same(a.s0[k], b.s0[k]))
      return "stream 0 float " + std::to_string(k / a.stride) + " particle " +
             std::to_string(k % a.stride) + ": " + std::to_string(b.s0[k]) + " vs " +
             std::to_string(a.s0[k]);
  for (size_t k = 0; k < a.s1.size(); ++k)
    if (!same(a.s1[k], b.s1[k]))
      return "stream 1 float " + std::to_string(k / a.stride) + " particle " +
             std::to_string(k % a.stride) + ": " + std::to_string(b.s1[k]) + " vs " +
             std::to_string(a.s1[k]);
  for (size_t g = 0; g < 3; ++g)
    for (size_t k = 0; k < a.groups[g].size(); ++k)
      if (!same(a.groups[g][k], b.groups[g][k])) return "system group " + std::to_string(g);
  for (size_t k = 0; k < a.slotPos.size(); ++k)
    for (int c = 0; c < 4; ++c)
      if (!same(a.slotPos[k][c], b.slotPos[k][c]) || !same(a.slotRot[k][c], b.slotRot[k][c]))
        return "slot " + std::to_string(k);
  if (a.rng.state != b.rng.state) return "generator state";
  return "";
}

TEST(EmitterCompiled, RandomProgramsMatchTheInterpreterBitForBit) {
  int checked = 0;
  for (uint32_t seed = 1; seed <= 400; ++seed) {
    std::mt19937 r(seed);
    const int stage = seed % 4 == 0 ? 3 : 4;
    std::vector<uint8_t> bytes = randomStage(r, 8 + int(r() % 60));
    std::array<uint32_t, kStageCount> lengths{};
    lengths[size_t(stage)] = uint32_t(bytes.size());
    std::vector<vec4> constants;
    std::uniform_real_distribution<float> u(-2.0f, 2.0f);
    for (int k = 0; k < kConstants; ++k) constants.push_back(vec4(u(r), u(r), u(r), u(r)));
    constants[3] = vec4(0.0f);
    constants[7] = vec4(0.1f, 0.4f, 0.6f, 0.9f);  // ordered thresholds for splines and gradients
    ProgramLimits lim{.constants = kConstants,
                      .channelConstants = kChannelConsts,
                      .stream0Vec4s = kStream0Vec4s,
                      .stream1Vec4s = kStream1Vec4s,
                      .transformSlots = kSlots};
    CompiledProgram p;
    Diagnostics d;
    ASSERT_TRUE(compileProgram(bytes, lengths, constants, lim, p, d, "t", "/program", "/stages"))
        << "seed " << seed << ": " << d.formatAll();
    ASSERT_TRUE(p.kernels[size_t(stage)].compiled);
    const size_t n = 300 - seed % 7;
    const size_t first = seed % 3 == 0 ? 5 : 0;
    World a(r, n + first);
    World b(a);
    std::vector<float> stack(stackFloats(kLanes)), scratch(vmScratchFloats(p));
    runStageBatched(p, stage, a.st, first, n, stack.data());
    runStageCompiled(p, stage, b.st, first, n, scratch.data());
    const std::string diff = difference(a, b);
    EXPECT_EQ(diff, "") << "seed " << seed << "\n" << disassemble(bytes, lengths, constants);
    if (!diff.empty()) break;
    ++checked;
  }
  EXPECT_EQ(checked, 400);
}

// Compiles stage 4 of `body` (after `consts`).
KernelStage compiled(const std::string& consts, const std::string& body) {
  AssembledProgram a;
  std::vector<std::string> errors;
  EXPECT_TRUE(assemble(consts + "\n.stage 4\n" + body, a, errors));
  ProgramLimits lim{.constants = int(a.constants.size()),
                    .stream0Vec4s = 4,
                    .stream1Vec4s = 4,
                    .transformSlots = 2};
  CompiledProgram p;
  Diagnostics d;
  EXPECT_TRUE(
      compileProgram(a.bytes, a.stageLengths, a.constants, lim, p, d, "t", "/program", "/s"));
  return p.kernels[4];
}

TEST(EmitterCompiled, SplatOperandIsComputedOnce) {
  // load xxxx; saturate: one saturate kernel writing colour x, then three copies of that column.
  KernelStage ks = compiled("", "load 1 2 xxxx\nsaturate\nstore 0 0 xyzw");
  EXPECT_EQ(ks.kernels.size(), 4u);
  int saturates = 0;
  for (const Kernel& k : ks.kernels) saturates += k.op == uint8_t(ops::Ew::Saturate);
  EXPECT_EQ(saturates, 1);
}

TEST(EmitterCompiled, ConstantsFoldAndUnusedResultsAreDropped) {
  // The product of two constants is a constant: only the four stores remain.
  KernelStage ks = compiled(".const 1 2 3 4\n.const 0.5 0.5 2 2",
                            "push_const 0\npush_const 1\nmul\nstore 0 0 xyzw");
  ASSERT_EQ(ks.kernels.size(), 4u);
  for (const Kernel& k : ks.kernels) {
    EXPECT_EQ(k.out.kind, ColKind::Stream);
    EXPECT_EQ(k.in[0].kind, ColKind::Const);
  }
  // A result nothing stores is never computed; a random draw still is (it moves the generator).
  EXPECT_TRUE(compiled("", "load 1 0 xyzw\nsin\nload 1 1 xyzw\ndot").kernels.empty());
  EXPECT_EQ(compiled("", "random\nsin").kernels.size(), 1u);
}

TEST(EmitterCompiled, StoreForwardsAndKeepsOverwrittenValues) {
  // Swap x and y of stream 1 vec4 0 through a permute: y must be the old x, not the new one.
  AssembledProgram a;
  std::vector<std::string> errors;
  ASSERT_TRUE(
      assemble(".stage 4\nload 1 0 xyzw\npermute yxzw\nstore 1 0 xyzw\nload 1 0 xyzw\n"
               "store 0 0 xyzw",
               a, errors));
  ProgramLimits lim{.stream0Vec4s = 1, .stream1Vec4s = 1};
  CompiledProgram p;
  Diagnostics d;
  ASSERT_TRUE(compileProgram(a.bytes, a.stageLengths, a.constants, lim, p, d, "t", "/p", "/s"));
  const size_t stride = 2 * kLanes;
  std::vector<float> s0(4 * stride, 0.0f), s1(4 * stride, 0.0f);
  for (size_t i = 0; i < stride; ++i) {
    s1[i] = float(i);
    s1[stride + i] = -float(i);
  }
  VmState st;
  st.stream[0] = s0.data();
  st.stream[1] = s1.data();
  st.stride = stride;
  std::vector<float> scratch(vmScratchFloats(p));
  runStageCompiled(p, 4, st, 0, 100, scratch.data());
  for (size_t i = 0; i < 100; ++i) {
    EXPECT_EQ(s1[i], -float(i));
    EXPECT_EQ(s1[stride + i], float(i));
    EXPECT_EQ(s0[i], -float(i));  // the reload sees the stored value
    EXPECT_EQ(s0[stride + i], float(i));
  }
}

TEST(EmitterCompiled, ColumnWrittenInPlaceIsNotReadAfterItIsOverwritten) {
  // The second sin is the first one's value (value numbering); the first store writes it straight
  // into stream 1 vec4 1, and the second store overwrites that column while the value is still on
  // the stack: the last store must still see the sine.
  AssembledProgram a;
  std::vector<std::string> errors;
  ASSERT_TRUE(
      assemble(".stage 4\nload 1 0 xyzw\nsin\nload 1 0 xyzw\nsin\nstore 1 1 xyzw\n"
               "push_zero\nstore 1 1 xyzw\nstore 0 0 xyzw",
               a, errors));
  ProgramLimits lim{.stream0Vec4s = 1, .stream1Vec4s = 2};
  CompiledProgram p;
  Diagnostics d;
  ASSERT_TRUE(compileProgram(a.bytes, a.stageLengths, a.constants, lim, p, d, "t", "/p", "/s"));
  const size_t stride = 2 * kLanes;
  std::vector<float> s0(4 * stride, 0.0f), s1(8 * stride, 0.0f);
  for (size_t i = 0; i < 4 * stride; ++i) s1[i] = 0.001f * float(i);
  std::vector<float> expect(4 * stride);
  for (size_t i = 0; i < 4 * stride; ++i) expect[i] = sinTurns(s1[i]);
  VmState st;
  st.stream[0] = s0.data();
  st.stream[1] = s1.data();
  st.stride = stride;
  std::vector<float> scratch(vmScratchFloats(p));
  runStageCompiled(p, 4, st, 0, 200, scratch.data());
  for (int c = 0; c < 4; ++c)
    for (size_t i = 0; i < 200; ++i) {
      EXPECT_EQ(s0[c * stride + i], expect[c * stride + i]) << "lane " << c << " particle " << i;
      EXPECT_EQ(s1[(4 + c) * stride + i], 0.0f);
    }
}

}  // namespace
}  // namespace fx::destiny
