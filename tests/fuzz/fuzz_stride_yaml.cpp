// libFuzzer target: the Stride scene / prefab importer (engine/formats/stride) on arbitrary
// text: the dialect pre-pass (comma tags, nesting bound, anchor / alias rejection), yaml-cpp,
// and the mapping of entities, transforms, emitters, modules, curves and materials. The
// importer must never crash, hang or allocate without bound; when it returns a preset, the
// normal preset loader must accept the document's shape (it may report errors, never throw).
// The writer (stride_writeback.h) runs on every import: the unedited preset must give the input's
// bytes or a refusal that says why, and an edited one (a spawner's rate, a module removed, one
// added, a module rotated, a curve key added and one removed, an emitter copied, the emitters
// reversed, the last one removed) must give text the importer reads again, or a refusal.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_writeback.h"
#include "engine/session/world.h"

namespace {

void writeBackChecks(const std::string& text, fx::Json preset) {
  fx::Diagnostics d;
  auto same = fx::stride_import::writeBack(text, "/nonexistent/fuzz.sdscene", "fuzz.sdscene",
                                           preset, "fuzz.json", d);
  if (same ? *same != text : !d.hasErrors()) __builtin_trap();
  if (!same) return;
  // An edit of every kind the writer does.
  for (auto& e : preset["effects"]) {
    fx::Json& emitters = e["definition"]["emitters"];
    if (!emitters.is_array() || emitters.empty()) continue;
    fx::Json& em = emitters[0];
    if (em["spawners"].is_array() && !em["spawners"].empty())
      em["spawners"][0]["particles_per_second"] = 7.25;
    if (em["initializers"].is_array() && !em["initializers"].empty())
      em["initializers"].erase(em["initializers"].size() - 1);
    if (em["initializers"].is_array() && !em["initializers"].empty() &&
        em["initializers"][0].is_object())
      em["initializers"][0]["rotation_offset"] = fx::Json::array({10.0, -20.0, 135.0});
    if (em["updaters"].is_array()) em["updaters"].push_back({{"type", "gravity"}});
    em["enabled"] = false;
    for (auto& u : em["updaters"]) {
      if (!u.is_object() || !u.contains("curve") || !u["curve"].is_array()) continue;
      fx::Json& keys = u["curve"];
      if (!keys.empty()) keys.erase(0);
      if (!keys.empty()) keys.push_back(keys.back());
      break;
    }
    fx::Json copy = em;
    copy["name"] = "copy";
    std::reverse(emitters.begin(), emitters.end());
    if (emitters.size() > 1) emitters.erase(emitters.size() - 1);
    emitters.push_back(std::move(copy));
  }
  fx::Diagnostics d2;
  auto edited = fx::stride_import::writeBack(text, "/nonexistent/fuzz.sdscene", "fuzz.sdscene",
                                             preset, "fuzz.json", d2);
  if (!edited) {
    if (!d2.hasErrors()) __builtin_trap();
    return;
  }
  fx::Diagnostics d3;
  auto again =
      fx::stride_import::importText(*edited, "/nonexistent/fuzz.sdscene", "fuzz.sdscene", d3);
  if (!again) __builtin_trap();  // what the writer wrote reads again
}

}  // namespace

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
  writeBackChecks(text, result->preset);
  fx::Diagnostics loadDiags;
  auto preset = fx::loadPresetFromJson(result->preset, "/nonexistent/fuzz.sdscene.json", loadDiags);
  if (preset) {
    fx::World world(*preset);
    world.advanceTo(0.05);
  }
  return 0;
}
