// Registration of the halo_glow family: Halo CE glow tags (seeds/000_af07cf414400334c.txt).
// Every glow of one World shares a GlowShared: the game's 512 glow particles across 8 glows.
#include "engine/effects/halo_glow/glow_instance.h"
#include "engine/effects/registry.h"

namespace fx {

const EffectFamily& haloGlowFamily() {
  static const EffectFamily kFamily{
      .kind = "halo_glow",
      .title = "Halo CE glow",
      .seed = "000_af07cf414400334c.txt",
      .createDefinition = &defaultDefinition<glow::GlowDefinition>,
      .instantiate = &instantiateAs<glow::GlowDefinition, glow::GlowInstance>,
      .createShared = [] { return FamilyShared(std::make_shared<glow::GlowShared>()); },
      .copyShared =
          [](const FamilyShared& s) {
            return FamilyShared(
                std::make_shared<glow::GlowShared>(*std::static_pointer_cast<glow::GlowShared>(s)));
          },
      .tagClass = "glow",
  };
  return kFamily;
}

}  // namespace fx
