// Test harness for emitter programs: assembles text, verifies it with generous limits, and runs
// one stage for one particle with the step debugger, so a test sees the stack after the last
// instruction and the particle's streams.
#pragma once

#include <gtest/gtest.h>

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
    auto steps = traceStage(program, stage, state(), 0);
    return steps.empty() ? std::vector<vec4>{} : steps.back().stack;
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
