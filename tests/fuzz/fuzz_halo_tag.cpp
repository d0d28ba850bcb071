// libFuzzer target: the Halo tag reader on arbitrary bytes, then what fxview does with a tag that
// reads: write it back (it must give the same bytes: the reader keeps every byte), map it onto
// its definition or struct through the field bindings and write that back into the tag; a bitmap
// has every page decoded with its mipmaps, a gbxmodel its markers placed and its mesh built, a
// model_animations every animation checked and frames decoded (first, last, a few between).
// scenario_structure_bsp its weather read and made into effect entries.
// Seeds: tests/fuzz/seeds/fuzz_halo_tag/ (tags written by `fxview export`).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "engine/effects/halo_weather/point_physics.h"
#include "engine/effects/halo_weather/wind.h"
#include "engine/formats/halo/bitmap_tag.h"
#include "engine/formats/halo/gbxmodel_tag.h"
#include "engine/formats/halo/model_animations.h"
#include "engine/formats/halo/structure_bsp.h"
#include "engine/formats/halo/tag_fields.h"
#include "engine/import/halo/level_weather.h"
#include "engine/import/halo/tag_definitions.h"

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
  } else if (tag->cls->id == halo::TagClass::Bitmap) {
    halo::Bitmap bitmap = halo::bitmapFromTag(*tag);
    for (size_t i = 0; i < bitmap.pages.size() && i < 16; ++i) {
      halo::DecodedPage page;
      std::string error;
      bool ok = halo::decodePage(bitmap, i, true, page, error);
      if (ok != error.empty() || ok != !page.levels.empty()) std::abort();
    }
    return 0;
  } else if (tag->cls->id == halo::TagClass::Gbxmodel) {
    halo::GbxModel model = halo::gbxModelFromTag(*tag);
    halo::placeMarkers(model, "__base");
    halo::ModelMesh mesh = halo::buildMesh(model, "__base");
    for (uint32_t index : mesh.indices)
      if (index >= mesh.positions.size()) std::abort();
    return 0;
  } else if (tag->cls->id == halo::TagClass::ModelAnimations) {
    Diagnostics animDiags;
    auto animations = halo::readModelAnimations(*tag, "fuzz.model_animations", animDiags);
    if (animations.has_value() == (animDiags.errorCount() == 1)) std::abort();
    if (!animations) return 0;
    for (const halo::Animation& a : animations->animations) {
      for (int f : {0, 1, int(a.frameCount) / 2, int(a.frameCount) - 1, int(a.frameCount)})
        if (a.frame(f).size() != a.nodeCount) std::abort();
      if (a.defaults().size() != a.nodeCount) std::abort();
    }
    return 0;  // no field bindings: nothing to map onto a definition
  } else if (tag->cls->id == halo::TagClass::ScenarioStructureBsp) {
    Diagnostics levelDiags;
    halo::LevelWeather level = halo::levelWeatherFromTag(*tag, "fuzz.tag", levelDiags);
    for (int w : level.clusterWeather)
      if (w < halo::kNoWeather || w >= int(level.palette.size())) std::abort();
    Json effects = weatherPaletteEffects(level);
    if (effects.size() != level.palette.size()) std::abort();
    for (size_t c = 0; c < level.clusterWeather.size(); ++c)
      if (clusterWeatherEntry(level, int(c)) != level.clusterWeather[c]) std::abort();
    return 0;
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
