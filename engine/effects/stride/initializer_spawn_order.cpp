// Initializers "spawn_order" and "spawn_order_group": number new particles in spawn order. The
// counter lives in the emitter runtime (one per initializer); the emitter hands each batch its
// first number (InitContext::orderBase) and advances the counter (stride_order.h).
#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {

void initSpawnOrder(const InitContext& c, ParticlePool& p, size_t begin, size_t end) {
  if (!p.has(kFieldOrder)) return;
  const size_t first = c.firstOfBatch(begin);
  for (size_t i = begin; i < end; ++i) p.order[i] = c.orderBase + uint32_t(i - first);
}

}  // namespace fx::stride
