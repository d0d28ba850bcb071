// Spawn order (reference stride_runtime §3, Stride's SpawnOrderConst): a particle's Order is a
// 32-bit number whose upper 16 bits are its group. Ribbons and trails start a new strip where the
// group changes; sorting by order sorts by the whole number.
//   spawn_order:        Order = a running counter of the initializer (wraps at 2^32);
//   spawn_order_group:  the same, then after each frame's batch the counter moves to the start of
//                       the next group: counter = ((counter >> 16) + 1) << 16;
//   a child's order (InitialOrderParent): (parent Order << 16) | (the parent's child counter &
//                       0xFFFF), or, when the parent has no child counter, (parent Order << 20) |
//                       (the child initializer's own counter & 0xFFFFF).
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/effects/stride/stride_definition.h"

namespace fx::stride::order {

inline constexpr int kGroupBitOffset = 16;
inline constexpr uint32_t kGroupBitMask = 0xFFFF0000u;
inline constexpr uint32_t kAuxiliaryBitMask = 0x0000FFFFu;
inline constexpr int kLargeGroupBitOffset = 20;
inline constexpr uint32_t kLargeGroupBitMask = 0xFFF00000u;
inline constexpr uint32_t kLargeAuxiliaryBitMask = 0x000FFFFFu;

inline uint32_t group(uint32_t order) {
  return order >> kGroupBitOffset;
}

// The initializer's counter after it numbered a batch of `n` particles from `counter`.
inline uint32_t advance(InitializerKind kind, uint32_t counter, size_t n) {
  counter += uint32_t(n);
  if (kind == InitializerKind::SpawnOrderGroup)
    counter = ((counter >> kGroupBitOffset) + 1u) << kGroupBitOffset;
  return counter;
}

// InitialOrderParent's Order for a child of a parent with order `parentOrder`: with the parent's
// child counter (the parent has a ChildOrder field) or with the child initializer's own counter.
inline uint32_t childOrder(uint32_t parentOrder, bool parentHasChildCounter,
                           uint32_t parentChildCounter, uint32_t ownCounter) {
  if (parentHasChildCounter)
    return (parentChildCounter & kAuxiliaryBitMask) |
           ((parentOrder << kGroupBitOffset) & kGroupBitMask);
  return (ownCounter & kLargeAuxiliaryBitMask) |
         ((parentOrder << kLargeGroupBitOffset) & kLargeGroupBitMask);
}

}  // namespace fx::stride::order
