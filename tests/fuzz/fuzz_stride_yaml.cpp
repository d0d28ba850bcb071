// libFuzzer target: the Stride scene / prefab importer (engine/formats/stride) on arbitrary
// text: the dialect pre-pass (comma tags, nesting bound, anchor / alias rejection), yaml-cpp,
// and the mapping of entities, transforms, emitters, modules, curves and materials. The
// importer must never crash, hang or allocate without bound; when it returns a preset, the
// normal preset loader must accept the document's shape (it may report errors, never throw).
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/import/stride/stride_import.h"
#include "engine/session/world.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 20)) return 0;
  std::string text(reinterpret_cast<const char*>(data), size);
  fx::Diagnostics diags;
  auto result =
      fx::stride_import::importText(text, "/nonexistent/fuzz.sdscene", "fuzz.sdscene", diags);
  if (!result) {
    if (!diags.hasErrors()) __builtin_trap();  // a refusal always says why
    return 0;
  }
  for (const auto& d : diags.items)
    if (d.line <= 0 && d.pointer.empty() && d.file == "fuzz.sdscene") __builtin_trap();  // no line
  fx::Diagnostics loadDiags;
  auto preset = fx::loadPresetFromJson(result->preset, "/nonexistent/fuzz.sdscene.json", loadDiags);
  if (preset) {
    fx::World world(*preset);
    world.advanceTo(0.05);
  }
  return 0;
}
