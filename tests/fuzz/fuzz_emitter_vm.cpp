// libFuzzer target: the emitter bytecode verifier and the VM behind it. Input: seven stage-length
// bytes (stage 7 takes the rest), then the program bytes. The program replaces the fountain
// emitter's (presets/destiny/fountain.emitter.json, same channels, streams and constants) in an
// inline destiny_system effect; the loader decodes + verifies it, and when it is accepted the
// world runs a few frames (stages 7, 0, 1, 6, 2, 3, 4 on a small system) and collects the draw.
// The bytes are also disassembled: the listing must not read past the program either. And when
// the program verifies under generous limits, every per-particle stage runs through the
// interpreter and the compiled form on identical copies of a 300-particle state: any bit of
// difference (NaN payloads aside) is a crash.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "engine/core/data_paths.h"
#include "engine/core/json.h"
#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/emitter_definition.h"
#include "engine/effects/destiny/emitter_program.h"
#include "engine/effects/destiny/emitter_vm.h"
#include "engine/session/world.h"

namespace {

const fx::Json& emitterTemplate() {
  static const fx::Json j = [] {
    fx::Diagnostics diags;
    auto loaded =
        fx::loadJsonFile((fx::sourceTreeDir() / "presets/destiny/fountain.emitter.json").string(),
                         "fountain.emitter.json", diags);
    if (!loaded) __builtin_trap();  // the fuzzer must run from a checkout
    return *loaded;
  }();
  return j;
}

// A particle state the differential check runs on: 300 particles (two blocks and a partial one).
struct VmCopy {
  static constexpr size_t kCount = 300;
  static constexpr size_t kStride = 3 * fx::destiny::kLanes + fx::destiny::kLanes;
  std::vector<float> s0, s1;
  std::array<std::array<float, fx::destiny::kSystemGroupVec4s * 4>, 3> groups{};
  std::vector<fx::vec4> channelConsts = std::vector<fx::vec4>(4, fx::vec4(0.5f, -1.0f, 2.0f, 0.0f));
  std::array<fx::vec4, fx::destiny::kMaxTransformSlots> slotPos{}, slotRot{};
  std::vector<float> named = std::vector<float>(256, 0.75f);
  fx::Lcg rng{7};
  fx::destiny::VmState st;

  VmCopy() : s0(64 * kStride), s1(64 * kStride) {
    uint32_t h = 1;
    auto next = [&] {
      h = h * 1664525u + 1013904223u;
      return float(int32_t(h >> 8) - (1 << 23)) * (1.0f / 2097152.0f);
    };
    for (float& v : s0) v = next();
    for (float& v : s1) v = next();
    for (auto& g : groups)
      for (float& v : g) v = next();
    slotPos.fill(fx::vec4(1.0f, 2.0f, 3.0f, 1.5f));
    slotRot.fill(fx::vec4(0.0f, 0.6f, 0.0f, 0.8f));
    for (int k = 0; k < fx::destiny::kExternFloatCount; ++k) st.externFloats[k] = next();
    for (auto& v : st.externVectors) v = fx::vec4(next(), next(), next(), next());
    for (float& c : st.channels) c = next();
    bind();
  }
  VmCopy(const VmCopy& o)
      : s0(o.s0),
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
    st.stride = kStride;
    for (int g = 0; g < 3; ++g) st.systemGroup[g] = groups[size_t(g)].data();
    st.channelConstants = channelConsts.data();
    st.slotPosition = slotPos.data();
    st.slotRotation = slotRot.data();
    st.namedChannels = named.data();
    st.rng = &rng;
  }
};

bool sameFloats(const float* a, const float* b, size_t n) {
  for (size_t k = 0; k < n; ++k) {
    uint32_t x, y;
    std::memcpy(&x, &a[k], 4);
    std::memcpy(&y, &b[k], 4);
    if (x != y && !(std::isnan(a[k]) && std::isnan(b[k]))) return false;
  }
  return true;
}

void differential(const std::vector<uint8_t>& program,
                  const std::array<uint32_t, fx::destiny::kStageCount>& lengths) {
  using namespace fx::destiny;
  std::vector<fx::vec4> constants;
  for (int k = 0; k < 64; ++k)
    constants.push_back(fx::vec4(float(k) * 0.125f - 2.0f, float(k % 5), -float(k % 3), 0.5f));
  ProgramLimits lim{.constants = 64,
                    .channelConstants = 4,
                    .stream0Vec4s = 16,
                    .stream1Vec4s = 16,
                    .transformSlots = kMaxTransformSlots};
  CompiledProgram p;
  fx::Diagnostics d;
  if (!compileProgram(program, lengths, constants, lim, p, d, "fuzz", "/program", "/stages"))
    return;
  static const VmCopy base;
  std::vector<float> stack(stackFloats(kLanes)), scratch(vmScratchFloats(p));
  for (int stage : {2, 3, 4, 6}) {
    VmCopy a(base), b(base);
    runStageBatched(p, stage, a.st, 0, VmCopy::kCount, stack.data());
    runStageCompiled(p, stage, b.st, 0, VmCopy::kCount, scratch.data());
    bool same = sameFloats(a.s0.data(), b.s0.data(), a.s0.size()) &&
                sameFloats(a.s1.data(), b.s1.data(), a.s1.size()) && a.rng.state == b.rng.state;
    for (int g = 0; g < 3; ++g)
      same = same && sameFloats(a.groups[size_t(g)].data(), b.groups[size_t(g)].data(),
                                a.groups[size_t(g)].size());
    same = same && sameFloats(&a.slotPos[0][0], &b.slotPos[0][0], 4 * a.slotPos.size()) &&
           sameFloats(&a.slotRot[0][0], &b.slotRot[0][0], 4 * a.slotRot.size());
    if (!same) __builtin_trap();  // the compiled form left the interpreter's semantics
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace fx;
  if (size < 7 || size > 7 + 4096) return 0;
  std::vector<uint8_t> program(data + 7, data + size);
  std::array<uint32_t, destiny::kStageCount> lengths{};
  size_t left = program.size();
  for (int s = 0; s < 7; ++s) {
    lengths[size_t(s)] = uint32_t(std::min<size_t>(data[s], left));
    left -= lengths[size_t(s)];
  }
  lengths[7] = uint32_t(left);

  (void)destiny::disassemble(program, lengths, {});
  differential(program, lengths);

  Json emitter = emitterTemplate();
  emitter["program"] = program.empty() ? std::string() : destiny::toHex(program);
  emitter["stage_lengths"] = Json::array();
  for (uint32_t l : lengths) emitter["stage_lengths"].push_back(l);
  Json entry = {
      {"id", "fuzz"},
      {"kind", "destiny_system"},
      {"object", "o"},
      {"definition", {{"emitter", emitter}, {"material", {{"size", 0.1}}}, {"duration", 2.0}}}};
  Json preset = {{"version", 1},
                 {"simulation", {{"mode", "tick"}, {"rate", 30}}},
                 {"objects", Json::array({{{"name", "o"}}})},
                 {"effects", Json::array({entry})}};
  Diagnostics diags;
  auto p = loadPresetFromJson(preset, "fuzz/preset.json", diags);
  if (!p || diags.hasErrors() || p->effects.empty()) return 0;
  World world(*p);
  for (int i = 0; i < 6; ++i) world.stepOnce();
  DrawList draw;
  DebugDraw debug;
  world.collect(draw, debug);
  return 0;
}
