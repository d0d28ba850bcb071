// Updater "direction_from_speed" (seed 003 "Direction from Speed"; a post-updater): the direction
// is the position change since the last frame, so it is right even when the particle's own
// velocity is 0 and only forces move it. Not normalized; overwrites any earlier direction.
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void reflectDirectionFromSpeed(UpdaterModule& m, FieldVisitor& v) {
  v.visit({.key = "divide_by_dt",
           .help = "Stride's code divides the position delta by the frame time, so the direction's "
                   "length is the "
                   "speed. Off: the length matches the delta distance, as documented."},
          m.directionDividedByDt, false);
}

void updateDirectionFromSpeed(const UpdaterModule& m, ParticlePool& p, float dt, size_t begin,
                              size_t end) {
  if (!p.has(kFieldOldPosition | kFieldDirection)) return;
  if (dt <= 1e-6f) return;  // the engine skips frames without time
  float k = m.directionDividedByDt ? 1.0f / dt : 1.0f;
  for (size_t i = begin, last = std::min(end, p.count); i < last; ++i)
    p.direction[i] = (p.position[i] - p.oldPosition[i]) * k;
}

}  // namespace fx::stride
