// libFuzzer target: the emitter bytecode verifier and the VM behind it. Input: seven stage-length
// bytes (stage 7 takes the rest), then the program bytes. The program replaces the fountain
// emitter's (presets/destiny/fountain.emitter.json, same channels, streams and constants) in an
// inline destiny_system effect; the loader decodes + verifies it, and when it is accepted the
// world runs a few frames (stages 7, 0, 1, 6, 2, 3, 4 on a small system) and collects the draw.
// The bytes are also disassembled: the listing must not read past the program either.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/data_paths.h"
#include "engine/core/json.h"
#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/emitter_program.h"
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
