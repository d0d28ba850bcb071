// Registration of the Balloonium lightning family (seed 004).
#include "engine/effects/lightning/lightning_definition.h"
#include "engine/effects/registry.h"

namespace fx {

const EffectFamily& lightningFamily() {
  static const EffectFamily kFamily{
      .kind = "lightning",
      .title = "Balloonium lightning",
      .seed = "004_957ef01a321a9db0.txt",
      .createDefinition = &defaultDefinition<lightning::Definition>,
      .instantiate = &lightning::instantiate,
  };
  return kFamily;
}

}  // namespace fx
