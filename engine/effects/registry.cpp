#include "engine/effects/registry.h"

#include <array>

namespace fx {

std::span<const EffectFamily* const> effectFamilies() {
  static const std::array<const EffectFamily*, 7> kFamilies = {
      &haloGlowFamily(),        &haloWeatherFamily(),     &destinySequenceFamily(),
      &destinySystemFamily(),   &strideParticlesFamily(), &lightningFamily(),
      &spritesFamily(),
  };
  return kFamilies;
}

const EffectFamily* findFamily(std::string_view kind) {
  for (const EffectFamily* f : effectFamilies())
    if (f->kind == kind) return f;
  return nullptr;
}

std::string familyKinds() {
  std::string out;
  for (const EffectFamily* f : effectFamilies()) {
    if (!out.empty()) out += ", ";
    out += f->kind;
  }
  return out;
}

}  // namespace fx
