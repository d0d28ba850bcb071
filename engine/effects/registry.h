// The one table of effect families that the GUI, CLI and tests iterate.
#pragma once

#include <span>
#include <string_view>

#include "engine/effects/effect.h"

namespace fx {

std::span<const EffectFamily* const> effectFamilies();
const EffectFamily* findFamily(std::string_view kind);
std::string familyKinds();  // "a, b, c" for messages

// Each family folder defines its own accessor.
const EffectFamily& haloGlowFamily();
const EffectFamily& haloWeatherFamily();
const EffectFamily& destinySystemFamily();
const EffectFamily& destinySequenceFamily();
const EffectFamily& strideParticlesFamily();
const EffectFamily& lightningFamily();
const EffectFamily& spritesFamily();  // static sprites (test patterns)

}  // namespace fx
