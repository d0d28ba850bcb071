// libFuzzer target: the Halo tag reader on arbitrary bytes, then what fxview does with a tag that
// reads: write it back (it must give the same bytes: the reader keeps every byte), map it onto
// its definition or struct through the field bindings and write that back into the tag.
// Seeds: tests/fuzz/seeds/fuzz_halo_tag/ (tags written by `fxview export`).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "engine/effects/halo_weather/point_physics.h"
#include "engine/effects/halo_weather/wind.h"
#include "engine/effects/tag_definitions.h"
#include "engine/formats/halo/tag_fields.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace fx;
  if (size > (4u << 20)) return 0;
  std::span<const uint8_t> bytes(data, size);
  Diagnostics diags;
  auto tag = halo::parseTag(bytes, "fuzz.tag", diags);
  if (!tag) {
    if (diags.errorCount() != 1) std::abort();  // one error, naming where reading stopped
    return 0;
  }
  auto again = halo::serializeTag(*tag);
  if (again.size() != size || !std::equal(again.begin(), again.end(), data)) std::abort();
  ReflectFn reflect;
  std::unique_ptr<EffectDefinition> def;
  weather::PointPhysics physics;
  weather::Wind wind;
  std::string ext(tag->cls->extension);
  if (const EffectFamily* family = familyForTag("x" + ext)) {
    def = family->createDefinition();
    reflect = [d = def.get()](FieldVisitor& v) { d->reflect(v); };
  } else if (tag->cls->id == halo::TagClass::PointPhysics) {
    reflect = [&](FieldVisitor& v) { physics.reflect(v); };
  } else if (tag->cls->id == halo::TagClass::Wind) {
    reflect = [&](FieldVisitor& v) { wind.reflect(v); };
  } else {
    return 0;
  }
  std::vector<halo::TagFieldProblem> problems;
  halo::readTagFields(tag->root(), reflect, &problems);
  if (!problems.empty()) return 0;  // an error for the user; the fields do not hold the tag
  // Unedited, writing the fields back changes nothing.
  halo::writeTagFields(tag->root(), reflect);
  auto written = halo::serializeTag(*tag);
  if (written != again) std::abort();
  return 0;
}
