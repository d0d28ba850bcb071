// The order an emitter's particles are drawn in (reference stride_runtime §3, Stride's Sorters):
// every sorter gives each particle a float key and sorts the keys ascending.
//   none:      pool order;
//   by_depth:  key = dot(depth axis, position), the depth axis being the camera's back axis
//              (right x up) in simulation space: far to near;
//   by_age:    key = -remaining life: youngest first;
//   by_order:  key = -(the Order's 32 bits read as a float): the highest Order first, although
//              Stride's comment says ascending. Without an Order field: pool order.
// Stride's Array.Sort leaves the order of equal keys open; fxview keeps pool order for them
// (a stable radix sort), and puts NaN keys (orders whose bits read as NaN) last.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/effects/stride/stride_definition.h"
#include "engine/effects/stride/stride_pool.h"

namespace fx::stride {

struct SortScratch {
  std::vector<uint32_t> keys, keysTmp, indexTmp;
  uint32_t histogram[4][256];
};

// The draw order: out[k] = the pool index drawn k-th, for the pool's live particles.
void sortParticles(Sorting policy, const ParticlePool& p, vec3 depthAxis,
                   std::vector<uint32_t>& out, SortScratch& scratch);

// The sort key of one particle (what the sorters compare), for tests and tools.
float sortKey(Sorting policy, const ParticlePool& p, size_t i, vec3 depthAxis);

}  // namespace fx::stride
