// libFuzzer target: every family's definition reader on arbitrary JSON. The first byte picks the
// family; the rest is the definition document. Exercises field reflection, finalize and lint.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/core/field_json.h"
#include "engine/session/world.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace fx;
  if (size < 1 || size > (1u << 20)) return 0;
  auto families = effectFamilies();
  const EffectFamily* family = families[data[0] % families.size()];
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  Diagnostics diags;
  auto json = parseJsonText(text, "fuzz.json", diags);
  if (!json) return 0;
  Json entry = Json::object();
  entry["id"] = "fuzz";
  entry["kind"] = std::string(family->kind);
  entry["definition"] = *json;
  Json preset = {{"version", 1}, {"effects", Json::array({entry})}};
  auto p = loadPresetFromJson(preset, "fuzz/preset.json", diags);
  if (!p || diags.hasErrors()) return 0;
  lintPreset(*p, diags);
  World world(*p);
  for (int i = 0; i < 4; ++i) world.stepOnce();
  DrawList draw;
  DebugDraw debug;
  world.collect(draw, debug);
  return 0;
}
