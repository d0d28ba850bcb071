// `fxview bench`: the emitter VM against the same program written in C++. One ~20-instruction
// stage-4 program (velocity with gravity and drag, position, colour over age times a sine wobble)
// over 1M particles, four ways, on one thread, in the same run:
//   compiled  the stage's column kernels (emitter_kernels.h; the engine's path)
//   batched   the interpreter, each instruction over blocks of kLanes particles (the reference)
//   scalar    one particle at a time, every instruction each (the classic interpreter)
//   native    the same program hand-written in C++ over the same SoA streams
// and then every shipped Destiny preset's stage 4 (presets/destiny/*.s), compiled vs its own
// hand-written C++, each pair measured interleaved. Before timing, each native function's output
// is checked bit for bit against the VM's on the same input: a mismatch fails the bench.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/cli/bench.h"
#include "engine/core/paths.h"
#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/emitter_lane_ops.h"
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
  load 1 1 xyzw            ; velocity
  push_const 1
  load 1 0 xyzw            ; position
  mul_add                  ; velocity dt + position
  store 1 0 xyzw
  load 1 2 xxxx            ; age
  saturate
  lerp_const 3             ; colour over age
  load 1 2 yyyy            ; phase
  sin
  mul                      ; wobble
  store 0 0 xyzw           ; colour
)";

// Particle streams (component-major SoA, padded by a block) and the rest of a VmState.
struct Streams {
  size_t count, stride;
  std::vector<float> s0, s1;
  std::array<std::array<float, 64>, 3> groups{};
  std::array<vec4, 7> slotPos{}, slotRot{};
  Lcg rng{1};
  VmState st;

  Streams(size_t n, int vec4s0, int vec4s1)
      : count(n),
        stride((n + kLanes - 1) / kLanes * kLanes + kLanes),
        s0(size_t(vec4s0) * 4 * stride, 0.0f),
        s1(size_t(vec4s1) * 4 * stride, 0.0f) {
    bind();
  }
  Streams(const Streams& o)
      : count(o.count),
        stride(o.stride),
        s0(o.s0),
        s1(o.s1),
        groups(o.groups),
        slotPos(o.slotPos),
        slotRot(o.slotRot),
        rng(o.rng) {
    bind();
  }
  void bind() {
    st.stream[0] = s0.data();
    st.stream[1] = s1.data();
    st.stride = stride;
    for (int g = 0; g < 3; ++g) st.systemGroup[g] = groups[size_t(g)].data();
    st.slotPosition = slotPos.data();
    st.slotRotation = slotRot.data();
    st.rng = &rng;
  }
  float* col(int g, int f) { return (g == 0 ? s0.data() : s1.data()) + size_t(f) * stride; }
};

CompiledProgram compileText(const std::string& text, const std::string& name) {
  AssembledProgram a;
  std::vector<std::string> errors;
  if (!assemble(text, a, errors))
    throw std::runtime_error(name + ": " + (errors.empty() ? "does not assemble" : errors[0]));
  Diagnostics d;
  ProgramLimits lim{.constants = int(a.constants.size()),
                    .channelConstants = 16,
                    .stream0Vec4s = 16,
                    .stream1Vec4s = 16,
                    .transformSlots = 7};
  CompiledProgram p;
  if (!compileProgram(a.bytes, a.stageLengths, a.constants, lim, p, d, name, "/program",
                      "/stage_lengths"))
    throw std::runtime_error(name + " does not verify: " + d.formatAll());
  return p;
}

// --- the bench program
// -----------------------------------------------------------------------------

void fillBenchProgram(Streams& s) {
  for (size_t i = 0; i < s.count; ++i) {
    for (int f = 0; f < 8; ++f) s.col(1, f)[i] = float(i % 97) * 0.01f + float(f);
    s.col(1, 8)[i] = float(i % 1000) * 0.001f;  // age
    s.col(1, 9)[i] = float(i % 777) * 0.013f;   // phase
  }
}

void nativeBenchProgram(Streams& s, const vec4*) {
  const size_t st = s.stride;
  const vec4 g(0, 0, -9.8f, 0), drag(0.98f, 0.98f, 0.98f, 1), c0(1, 0.9f, 0.6f, 1),
      c1(0.8f, 0.2f, 0.1f, 0);
  const float dt = 0.0333333f;
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
  for (size_t i = 0; i < s.count; ++i) {
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

// --- the shipped presets' stage 4, hand-written --------------------------------------------------
// Layout shared by the destiny presets (presets/destiny/fountain.s): stream 1 v0 position, v1
// velocity, v2 (age, emit time, spawn id, random), v3 (angular velocity, angular position, size,
// camera distance); stream 0 v0 colour, v1 scratch (swirl: the spawn point).

// colour = lerp_const ck by age; size = lerp_const sk by age (fountain, orbit_trail).
void nativeAgeLerp(Streams& s, const vec4* K, int ck, int sk) {
  const float* __restrict age = s.col(1, 8);
  float* __restrict size = s.col(1, 14);
  for (int c = 0; c < 4; ++c) {
    float* __restrict out = s.col(0, c);
    const float a = K[ck][c], d = K[ck + 1][c] - K[ck][c];
    for (size_t i = 0; i < s.count; ++i) out[i] = a + age[i] * d;
  }
  const float a = K[sk].x, d = K[sk + 1].x - K[sk].x;
  for (size_t i = 0; i < s.count; ++i) size[i] = a + age[i] * d;
}

void nativeFountain(Streams& s, const vec4* K) {
  nativeAgeLerp(s, K, 0, 2);
}

void nativeGridCells(Streams& s, const vec4* K) {
  const float* __restrict age = s.col(1, 8);
  const float* __restrict id = s.col(1, 10);
  float* __restrict size = s.col(1, 14);
  const float k = K[5].x, a = K[6].x, d = K[7].x - K[6].x, scale = K[4].x;
  for (size_t i = 0; i < s.count; ++i)
    size[i] = (a + std::fabs(sinEstimate(age[i] * k + id[i] * k)) * d) * scale;
}

void nativeRingBurst(Streams& s, const vec4* K) {
  const float* __restrict age = s.col(1, 8);
  float* __restrict r = s.col(0, 0);
  float* __restrict g = s.col(0, 1);
  float* __restrict b = s.col(0, 2);
  float* __restrict al = s.col(0, 3);
  float* __restrict size = s.col(1, 14);
  const float a = K[6].x, d = K[7].x - K[6].x;
  for (size_t i = 0; i < s.count; ++i) {
    const vec4 c = ops::gradient4(K, age[i]);
    r[i] = c.x, g[i] = c.y, b[i] = c.z, al[i] = c.w;
    size[i] = a + age[i] * d;
  }
}

void nativeSparkShower(Streams& s, const vec4* K) {
  const float* __restrict age = s.col(1, 8);
  float* __restrict r = s.col(0, 0);
  float* __restrict g = s.col(0, 1);
  float* __restrict b = s.col(0, 2);
  float* __restrict al = s.col(0, 3);
  const vec4 tint = K[5];
  const float e0 = K[6].x, e1 = K[7].x;
  for (size_t i = 0; i < s.count; ++i) {
    const float x = age[i], v = ops::spline4(K, x);
    r[i] = v * tint.x, g[i] = v * tint.y, b[i] = v * tint.z;
    const float t = ops::stopWeight(x, e0, e1);
    al[i] = t * t * (3.0f - 2.0f * t);
  }
}

void nativeSwirl(Streams& s, const vec4* K) {
  const float* __restrict age = s.col(1, 8);
  const float* __restrict sx = s.col(0, 4);
  const float* __restrict sy = s.col(0, 5);
  const float* __restrict sz = s.col(0, 6);
  float* __restrict px = s.col(1, 0);
  float* __restrict py = s.col(1, 1);
  float* __restrict pz = s.col(1, 2);
  float* __restrict r = s.col(0, 0);
  float* __restrict g = s.col(0, 1);
  float* __restrict b = s.col(0, 2);
  float* __restrict al = s.col(0, 3);
  const vec4 axis = K[0], climb = K[7];
  const float spin = K[1].x;
  for (size_t i = 0; i < s.count; ++i) {
    const float x = age[i];
    const vec3 p = ops::rotateAxis(vec3(sx[i], sy[i], sz[i]), vec4(vec3(axis), x * spin));
    const float radius = ops::spline4(K + 2, x);
    px[i] = p.x * radius + x * climb.x;
    py[i] = p.y * radius + x * climb.y;
    pz[i] = p.z * radius + x * climb.z;
    const vec4 c = ops::gradient4(K + 8, x);
    r[i] = c.x, g[i] = c.y, b[i] = c.z, al[i] = c.w;
  }
}

struct Case {
  std::string name;
  CompiledProgram program;
  void (*native)(Streams&, const vec4*);
  int vec4s0, vec4s1;
  void (*fill)(Streams&);
};

// Preset streams: every float of the layout in its plausible range (age 0..1, ids, unit-ish
// positions).
void fillPreset(Streams& s) {
  uint32_t h = 0x9E3779B9u;
  auto next = [&] {
    h = h * 1664525u + 1013904223u;
    return float(h >> 8) * (1.0f / 16777216.0f);
  };
  for (int f = 0; f < int(s.s0.size() / s.stride); ++f)
    for (size_t i = 0; i < s.count; ++i) s.col(0, f)[i] = next() * 2.0f - 1.0f;
  for (int f = 0; f < int(s.s1.size() / s.stride); ++f)
    for (size_t i = 0; i < s.count; ++i) s.col(1, f)[i] = next() * 2.0f - 1.0f;
  for (size_t i = 0; i < s.count; ++i) {
    s.col(1, 8)[i] = next();          // age
    s.col(1, 10)[i] = float(i % 64);  // spawn id
  }
}

std::vector<Case> cases(const Settings& settings) {
  std::vector<Case> out;
  out.push_back({"bench_program", compileText(kProgram, "the benchmark program"),
                 nativeBenchProgram, 1, 3, fillBenchProgram});
  struct Preset {
    const char* name;
    void (*native)(Streams&, const vec4*);
  };
  const Preset presets[] = {{"fountain", nativeFountain},        {"grid_cells", nativeGridCells},
                            {"orbit_trail", nativeFountain},     {"ring_burst", nativeRingBurst},
                            {"spark_shower", nativeSparkShower}, {"swirl", nativeSwirl}};
  for (const Preset& p : presets) {
    const auto path = settings.presetsDir / "destiny" / toPath(std::string(p.name) + ".s");
    std::ifstream f(path, std::ios::binary);
    if (!f) throw std::runtime_error("cannot read " + toUtf8(path));
    std::stringstream text;
    text << f.rdbuf();
    out.push_back({p.name, compileText(text.str(), toUtf8(path)), p.native, 2, 4, fillPreset});
  }
  return out;
}

bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// The native function, the compiled form and the interpreter give the same bits on the same input.
void checkNative(const Case& c) {
  Streams base(5000, c.vec4s0, c.vec4s1);
  c.fill(base);
  Streams interp(base), compiled(base), native(base);
  std::vector<float> stack(stackFloats(kLanes)), scratch(vmScratchFloats(c.program));
  runStageBatched(c.program, 4, interp.st, 0, base.count, stack.data());
  runStageCompiled(c.program, 4, compiled.st, 0, base.count, scratch.data());
  c.native(native, c.program.constants.data());
  // Only the live particles: the VM also writes the padding of the last block.
  auto live = [&](Streams& s) {
    std::vector<float> v;
    for (int g = 0; g < 2; ++g)
      for (int f = 0; f < int((g ? s.s1 : s.s0).size() / s.stride); ++f)
        v.insert(v.end(), s.col(g, f), s.col(g, f) + s.count);
    return v;
  };
  const auto a = live(interp), b = live(compiled), n = live(native);
  if (!sameBits(a, b))
    throw std::runtime_error(c.name + ": the compiled stage 4 differs from the interpreter");
  if (!sameBits(a, n))
    throw std::runtime_error(c.name + ": the hand-written stage 4 differs from the VM");
}

}  // namespace

VmResult runVm(const Settings& settings) {
  const std::vector<Case> all = cases(settings);
  for (const Case& c : all) checkNative(c);
  VmResult r;
  r.particles = kParticles;
  for (const Case& c : all) {
    const bool program = c.name == "bench_program";
    Streams s(kParticles, c.vec4s0, c.vec4s1);
    c.fill(s);
    std::vector<float> stack(stackFloats(kLanes)), scratch(vmScratchFloats(c.program));
    const vec4* K = c.program.constants.data();
    VmCase row;
    row.name = c.name;
    std::tie(row.compiledSeconds, row.nativeSeconds) = bestOfInterleaved(
        [&] { runStageCompiled(c.program, 4, s.st, 0, kParticles, scratch.data()); },
        [&] { c.native(s, K); }, (program ? 2.0 : 1.0) * settings.minSeconds);
    row.batchedSeconds =
        timePerRun([&] { runStageBatched(c.program, 4, s.st, 0, kParticles, stack.data()); },
                   settings.minSeconds / (program ? 1.0 : 2.0), program ? 3 : 2);
    if (program) {
      r.compiledSeconds = row.compiledSeconds;
      r.nativeSeconds = row.nativeSeconds;
      r.batchedSeconds = row.batchedSeconds;
      r.scalarSeconds = timePerRun([&] { runStageScalar(c.program, 4, s.st, 0, kParticles); },
                                   settings.minSeconds, 1);
    } else {
      r.presets.push_back(row);
    }
  }
  return r;
}

}  // namespace fx::bench
