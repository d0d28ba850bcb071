// What the color, rotation and size animation updaters share (reference stride notes §2.6): the
// sample time is the particle's normalized age (1 - remaining life); with a second curve the
// value is lerp(main(t), second(t), r), r = seed.GetFloat(Offset1A + seed offset) per particle.
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

float animationBlend(const UpdaterModule& m, uint32_t particleSeed) {
  return RandomSeed{particleSeed}.getFloat(offset::k1A + uint32_t(m.seedOffset));
}

}  // namespace fx::stride

#include "engine/effects/stride/updater_animation.h"

namespace fx::stride {

void reflectAnimationCommon(UpdaterModule& m, FieldVisitor& v) {
  v.visit({.key = "seed_offset",
           .help = "Random seed offset for the variation between the main and the second curve.",
           .min = 0,
           .max = 65535},
          m.seedOffset, 0);
  v.visit({.key = "baked_curve",
           .help = "Stride bakes curves into 32 uniform samples over the lifetime and interpolates "
                   "between them. Off: "
                   "exact linear segments between the keys."},
          m.bakedCurve, false);
}

}  // namespace fx::stride
