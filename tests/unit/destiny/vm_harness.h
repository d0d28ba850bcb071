// Test harness for emitter programs: assembles text, verifies it with generous limits, and runs
// one stage for one particle with the step debugger, so a test sees the stack after the last
// instruction and the particle's streams. Every run also runs the stage's compiled form
// (emitter_kernels.h) on an identical copy of the state and requires a bit-identical final stack,
// streams, system groups, slots and generator state, so each opcode test checks both paths.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/emitter_vm.h"

namespace fx::destiny::test {

struct Harness {
  CompiledProgram program;
  std::vector<float> stream0 = std::vector<float>(64, 0.0f), stream1 = std::vector<float>(64, 0.0f);
  std::array<std::array<float, 64>, 3> groups{};
  std::vector<vec4> channelConstants = {vec4(0.5f, 1.5f, 2.5f, 3.5f), vec4(-1, -2, -3, -4)};
  std::array<vec4, 7> slotPos{}, slotRot{};
  std::vector<float> named = std::vector<float>(8, 0.0f);
  Lcg rng{0};
  VmState st;

  Harness() {
    slotPos.fill(vec4(0, 0, 0, 1));
    slotRot.fill(vec4(0, 0, 0, 1));
  }

  VmState& state() {
    st.stream[0] = stream0.data();
    st.stream[1] = stream1.data();
    st.stride = 1;
    for (int g = 0; g < 3; ++g) st.systemGroup[g] = groups[size_t(g)].data();
    st.channelConstants = channelConstants.data();
    st.slotPosition = slotPos.data();
    st.slotRotation = slotRot.data();
    st.namedChannels = named.data();
    st.rng = &rng;
    return st;
  }

  // Assembles `text` (".const" lines and ".stage" sections); fails the test on errors.
  bool load(const std::string& text, Diagnostics* diags = nullptr) {
    AssembledProgram a;
    std::vector<std::string> errors;
    EXPECT_TRUE(assemble(text, a, errors)) << (errors.empty() ? "" : errors[0]);
    Diagnostics local;
    ProgramLimits lim{.constants = int(a.constants.size()),
                      .channelConstants = int(channelConstants.size()),
                      .stream0Vec4s = 16,
                      .stream1Vec4s = 16,
                      .transformSlots = 7};
    return compileProgram(a.bytes, a.stageLengths, a.constants, lim, program,
                          diags ? *diags : local, "t.json", "/program", "/stage_lengths");
  }

  // Runs stage `stage` for particle 0; returns the stack after the last instruction.
  std::vector<vec4> run(int stage = 4) {
    // The compiled form's copy of the state, before the interpreter changes it. Its streams hold
    // a whole block: particle 0's values in every lane.
    const size_t stride = kLanes;
    std::vector<float> c0(stream0.size() * stride), c1(stream1.size() * stride);
    for (size_t f = 0; f < stream0.size(); ++f)
      for (size_t i = 0; i < stride; ++i) c0[f * stride + i] = stream0[f];
    for (size_t f = 0; f < stream1.size(); ++f)
      for (size_t i = 0; i < stride; ++i) c1[f * stride + i] = stream1[f];
    auto cGroups = groups;
    auto cSlotPos = slotPos, cSlotRot = slotRot;
    std::vector<float> cNamed = named;
    Lcg cRng = rng;
    VmState cst = state();
    cst.stream[0] = c0.data();
    cst.stream[1] = c1.data();
    cst.stride = stride;
    for (int g = 0; g < 3; ++g) cst.systemGroup[g] = cGroups[size_t(g)].data();
    cst.slotPosition = cSlotPos.data();
    cst.slotRotation = cSlotRot.data();
    cst.namedChannels = cNamed.data();
    cst.rng = &cRng;

    auto steps = traceStage(program, stage, state(), 0);
    std::vector<vec4> stack = steps.empty() ? std::vector<vec4>{} : steps.back().stack;

    KernelStage ks;
    compileStageKernels(program, stage, true, ks);
    std::vector<float> scratch(ks.scratchFloats() + 1);
    runStageKernels(ks, program, cst, 0, 1, scratch.data());
    EXPECT_EQ(ks.finalStack.size(), stack.size() * 4) << "compiled form: final stack depth";
    if (ks.finalStack.size() == stack.size() * 4)
      for (size_t k = 0; k < stack.size(); ++k)
        expectSame(kernelStackValue(ks, cst, scratch.data(), 0, int(k), 0), stack[k],
                   "final stack entry " + std::to_string(k));
    for (size_t f = 0; f < stream0.size(); ++f)
      expectSame(c0[f * stride], stream0[f], "stream 0 float " + std::to_string(f));
    for (size_t f = 0; f < stream1.size(); ++f)
      expectSame(c1[f * stride], stream1[f], "stream 1 float " + std::to_string(f));
    for (size_t g = 0; g < 3; ++g)
      for (size_t f = 0; f < groups[g].size(); ++f)
        expectSame(cGroups[g][f], groups[g][f], "system group float " + std::to_string(f));
    for (size_t k = 0; k < slotPos.size(); ++k) {
      expectSame(cSlotPos[k], slotPos[k], "slot position " + std::to_string(k));
      expectSame(cSlotRot[k], slotRot[k], "slot rotation " + std::to_string(k));
    }
    EXPECT_EQ(cRng.state, rng.state) << "compiled form: generator state";
    return stack;
  }

  // Bit-identical, except that any NaN equals any NaN (payloads may differ with operand order).
  static void expectSame(float got, float want, const std::string& what) {
    uint32_t a, b;
    std::memcpy(&a, &got, 4);
    std::memcpy(&b, &want, 4);
    EXPECT_TRUE(a == b || (std::isnan(got) && std::isnan(want)))
        << "compiled form: " << what << " is " << got << ", the interpreter's " << want;
  }
  static void expectSame(vec4 got, vec4 want, const std::string& what) {
    for (int c = 0; c < 4; ++c) expectSame(got[c], want[c], what + " lane " + std::to_string(c));
  }

  // Stage 4 body only: the top of the stack afterwards.
  vec4 top(const std::string& consts, const std::string& body) {
    EXPECT_TRUE(load(consts + "\n.stage 4\n" + body));
    auto s = run();
    EXPECT_FALSE(s.empty());
    return s.empty() ? vec4(NAN) : s.back();
  }
};

inline void expectVec(vec4 got, vec4 want, float tol = 1e-6f) {
  for (int c = 0; c < 4; ++c)
    EXPECT_NEAR(got[c], want[c], tol) << "lane " << c << " got (" << got.x << ", " << got.y << ", "
                                      << got.z << ", " << got.w << ")";
}

}  // namespace fx::destiny::test
