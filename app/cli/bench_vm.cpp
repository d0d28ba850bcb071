// `fxview bench`: the emitter VM against the same program written in C++. One ~20-instruction
// stage-4 program (velocity with gravity and drag, position, colour over age times a sine wobble)
// over 1M particles, three ways, on one thread, in the same run:
//   batched  each instruction over blocks of kLanes particles (the engine's path)
//   scalar   one particle at a time, every instruction each (the classic interpreter)
//   native   the same program hand-written in C++ over the same SoA streams
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <vector>

#include "app/cli/bench.h"
#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/emitter_math.h"
#include "engine/effects/destiny/emitter_vm.h"

namespace fx::bench {

namespace {

using namespace fx::destiny;

constexpr size_t kParticles = size_t(1) << 20;

const char* kProgram = R"(
.const 0 0 -9.8 0          ; c0 gravity
.const 0.0333333 0.0333333 0.0333333 0.0333333   ; c1 dt
.const 0.98 0.98 0.98 1    ; c2 drag
.const 1 0.9 0.6 1         ; c3 colour at age 0
.const 0.8 0.2 0.1 0       ; c4 colour at age 1
.stage 4
  load 1 1 xyzw            ; velocity
  push_const 0
  push_const 1
  mul
  add                      ; + gravity dt
  push_const 2
  mul                      ; drag
  store 1 1 xyzw
  load 1 0 xyzw            ; position
  load 1 1 xyzw
  push_const 1
  mul_add                  ; + velocity dt
  store 1 0 xyzw
  load 1 2 xxxx            ; age
  saturate
  lerp_const 3             ; colour over age
  load 1 2 yyyy            ; phase
  sin
  mul                      ; wobble
  store 0 0 xyzw           ; colour
)";

struct Streams {
  size_t stride = (kParticles + kLanes - 1) / kLanes * kLanes + kLanes;
  std::vector<float> s0 = std::vector<float>(4 * stride, 0.0f),
                     s1 = std::vector<float>(12 * stride, 0.0f);
  std::array<std::array<float, 64>, 3> groups{};
  std::array<vec4, 7> slotPos{}, slotRot{};
  Lcg rng{1};
  CompiledProgram program;
  VmState st;

  Streams() {
    AssembledProgram a;
    std::vector<std::string> errors;
    assemble(kProgram, a, errors);
    Diagnostics d;
    ProgramLimits lim{.constants = int(a.constants.size()),
                      .stream0Vec4s = 1,
                      .stream1Vec4s = 3,
                      .transformSlots = 1};
    if (!compileProgram(a.bytes, a.stageLengths, a.constants, lim, program, d, "vm_bench",
                        "/program", "/stage_lengths"))
      throw std::runtime_error("the benchmark program does not verify");
    for (size_t i = 0; i < kParticles; ++i) {
      for (int f = 0; f < 8; ++f) s1[size_t(f) * stride + i] = float(i % 97) * 0.01f + float(f);
      s1[8 * stride + i] = float(i % 1000) * 0.001f;  // age
      s1[9 * stride + i] = float(i % 777) * 0.013f;   // phase
    }
    st.stream[0] = s0.data();
    st.stream[1] = s1.data();
    st.stride = stride;
    for (int g = 0; g < 3; ++g) st.systemGroup[g] = groups[size_t(g)].data();
    st.slotPosition = slotPos.data();
    st.slotRotation = slotRot.data();
    st.rng = &rng;
  }
};

void runNative(Streams& s) {
  const size_t st = s.stride;
  const vec4 g(0, 0, -9.8f, 0), drag(0.98f, 0.98f, 0.98f, 1), c0(1, 0.9f, 0.6f, 1),
      c1(0.8f, 0.2f, 0.1f, 0);
  const float dt = 0.0333333f;
  {
    float* __restrict px = s.s1.data();
    float* __restrict py = px + st;
    float* __restrict pz = px + 2 * st;
    float* __restrict pw = px + 3 * st;
    float* __restrict vx = px + 4 * st;
    float* __restrict vy = px + 5 * st;
    float* __restrict vz = px + 6 * st;
    float* __restrict vw = px + 7 * st;
    const float* __restrict age = px + 8 * st;
    const float* __restrict phase = px + 9 * st;
    float* __restrict cr = s.s0.data();
    float* __restrict cg = cr + st;
    float* __restrict cb = cr + 2 * st;
    float* __restrict ca = cr + 3 * st;
    for (size_t i = 0; i < kParticles; ++i) {
      float nx = (vx[i] + g.x * dt) * drag.x, ny = (vy[i] + g.y * dt) * drag.y,
            nz = (vz[i] + g.z * dt) * drag.z, nw = (vw[i] + g.w * dt) * drag.w;
      vx[i] = nx, vy[i] = ny, vz[i] = nz, vw[i] = nw;
      px[i] += nx * dt, py[i] += ny * dt, pz[i] += nz * dt, pw[i] += nw * dt;
      float t = std::min(std::max(age[i], 0.0f), 1.0f);
      float w = sinEstimate(phase[i]);
      cr[i] = (c0.x + t * (c1.x - c0.x)) * w;
      cg[i] = (c0.y + t * (c1.y - c0.y)) * w;
      cb[i] = (c0.z + t * (c1.z - c0.z)) * w;
      ca[i] = (c0.w + t * (c1.w - c0.w)) * w;
    }
  }
}

}  // namespace

VmResult runVm(const Settings& settings) {
  auto s = std::make_unique<Streams>();  // 64 MiB of streams
  std::vector<float> stack(stackFloats(kLanes));
  VmResult r;
  r.particles = kParticles;
  std::tie(r.batchedSeconds, r.nativeSeconds) =
      bestOfInterleaved([&] { runStageBatched(s->program, 4, s->st, 0, kParticles, stack.data()); },
                        [&] { runNative(*s); }, 2 * settings.minSeconds);
  r.scalarSeconds =
      timePerRun([&] { runStageScalar(s->program, 4, s->st, 0, kParticles); }, settings.minSeconds);
  return r;
}

}  // namespace fx::bench
