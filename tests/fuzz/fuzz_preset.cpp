// libFuzzer target: preset loading (scene + every family's definition reader + finalize + lint)
// and, when the preset loads, a few simulation steps. Any crash, hang or sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/session/world.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace fx;
  if (size > (1u << 20)) return 0;
  std::string text(reinterpret_cast<const char*>(data), size);
  Diagnostics diags;
  auto json = parseJsonText(text, "fuzz.json", diags);
  if (!json) return 0;
  auto preset = loadPresetFromJson(std::move(*json), "fuzz/preset.json", diags);
  if (!preset) return 0;
  lintPreset(*preset, diags);
  if (diags.hasErrors()) return 0;
  World world(*preset);
  world.flags.debugPointPhysics = true;
  world.flags.renderModelMarkers = true;
  world.flags.paths = true;
  for (int i = 0; i < 8; ++i) world.stepOnce();
  DrawList draw;
  DebugDraw debug;
  world.collect(draw, debug);
  Json dump;
  world.dump(dump);
  (void)presetToJson(*preset);
  return 0;
}
