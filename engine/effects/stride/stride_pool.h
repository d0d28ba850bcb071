// The particle pool of one emitter: SoA arrays holding only the fields its modules require
// (Stride's RequiredFields), a live count and swap-remove. Arrays are sized once to the
// emitter's capacity; a steady-state frame allocates nothing. Changing the module list re-lays
// the pool out, keeping the live particles' common fields.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core/math.h"
#include "engine/core/soa.h"

namespace fx::stride {

// Field bits. Position, Life, Lifetime, RandomSeed and Id are always present.
enum FieldBit : uint32_t {
  kFieldPosition = 1u << 0,
  kFieldOldPosition = 1u << 1,
  kFieldVelocity = 1u << 2,
  kFieldLife = 1u << 3,      // remaining life, normalized 1 -> 0
  kFieldLifetime = 1u << 4,  // starting life in seconds (from the seed, cached)
  kFieldRandomSeed = 1u << 5,
  kFieldSize = 1u << 6,
  kFieldRotation = 1u << 7,  // radians (billboard angle)
  kFieldColor = 1u << 8,     // premultiplied RGBA
  kFieldDirection = 1u << 9,
  kFieldCollision = 1u << 10,   // CollisionControl: bit 0 = HasCollided this frame
  kFieldQuaternion = 1u << 11,  // 3D rotation (Stride space; what the quad shape builder turns by)
  kFieldOrder = 1u << 12,       // spawn order: group in the upper 16 bits (stride_order.h)
  // A parent's children flags, one per control group (a child spawner records how many children
  // each parent emits this frame and the carried fraction), and its child counter (a child's
  // order_parent numbers its children from it). Added to a parent by its children's modules.
  kFieldChildren0 = 1u << 13,  // + group index (kParentGroups of them)
  kFieldChildOrder = 1u << 17,
  kFieldId = 1u << 18,      // fxview's: spawn counter of the emitter (the inspector follows it)
  kFieldParent = 1u << 19,  // fxview's: the parent particle's id (kNoParent: none)
};
inline constexpr uint32_t kNoParent = 0xFFFFFFFFu;
inline constexpr uint32_t childrenField(int group) {
  return uint32_t(kFieldChildren0) << group;
}
inline constexpr uint32_t kFieldsAlways =
    kFieldPosition | kFieldLife | kFieldLifetime | kFieldRandomSeed | kFieldId;

// Stride's ParticleChildrenAttribute: children to emit this frame (at most kMaxChildrenPerFrame)
// and the fraction carried to the next trigger.
struct ChildCount {
  uint32_t toEmit = 0;
  float carry = 0.0f;
};
inline constexpr uint32_t kMaxChildrenPerFrame = 255;

struct ParticlePool {
  uint32_t fields = kFieldsAlways;
  size_t count = 0;
  size_t capacity = 0;
  std::vector<vec3> position, oldPosition, velocity, direction;
  std::vector<float> life, lifetime, size, rotation;
  std::vector<uint32_t> seed, order;
  std::vector<vec4> color;
  std::vector<quat> quaternion;
  std::vector<uint8_t> collision;
  std::vector<ChildCount> children[4];  // per control group
  std::vector<uint32_t> childOrder;
  std::vector<uint32_t> id, parent;

  bool has(uint32_t f) const { return (fields & f) == f; }
  // Every column with the value a new particle starts with and its field bit: the one list the
  // layout, add, remove and byte count derive from.
  template <class P, class F>
  static void allColumns(P& p, F&& f) {
    f(p.position, vec3(0.0f), kFieldPosition), f(p.life, 1.0f, kFieldLife);
    f(p.lifetime, 1.0f, kFieldLifetime), f(p.seed, 0u, kFieldRandomSeed);
    f(p.oldPosition, vec3(0.0f), kFieldOldPosition), f(p.velocity, vec3(0.0f), kFieldVelocity);
    f(p.direction, vec3(0.0f), kFieldDirection), f(p.size, 1.0f, kFieldSize);
    f(p.rotation, 0.0f, kFieldRotation), f(p.color, vec4(1.0f), kFieldColor);
    f(p.collision, uint8_t(0), kFieldCollision),
        f(p.quaternion, quat(1, 0, 0, 0), kFieldQuaternion), f(p.order, 0u, kFieldOrder);
    for (int g = 0; g < 4; ++g) f(p.children[g], ChildCount{}, childrenField(g));
    f(p.childOrder, 0u, kFieldChildOrder), f(p.id, 0u, kFieldId);
    f(p.parent, kNoParent, kFieldParent);
  }
  // The columns present in this layout (engine/core/soa.h).
  template <class P, class F>
  static void columns(P& p, F&& f) {
    allColumns(p, [&](auto& column, const auto& init, uint32_t bit) {
      if (p.has(bit)) f(column, init);
    });
  }
  // Bytes of state per particle in this layout (the benchmark's bytes/particle).
  size_t bytesPerParticle() const { return soa::rowBytes(*this); }
  // Sets the layout; live particles keep the fields both layouts share (up to the new capacity).
  void layout(uint32_t newFields, size_t newCapacity);
  size_t freeSlots() const { return capacity - count; }
  // Appends one particle (caller checks freeSlots) with absent-field defaults; returns its index.
  size_t add() {
    size_t i = count++;
    soa::initRow(*this, i);
    return i;
  }
  // Swap-remove: the last live particle moves into slot i.
  void remove(size_t i) {
    size_t last = --count;
    if (i != last) soa::moveRow(*this, last, i);
  }
  void clear() { count = 0; }
};

// What removeMarked keeps between frames (sized on first use, so a steady frame allocates
// nothing).
struct RemovalScratch {
  std::vector<size_t> holes, sources;        // per chunk: dead slots below the survivor count, and
                                             // survivors at or above it
  std::vector<size_t> holeRank, sourceRank;  // per chunk: first rank of its holes / sources
  std::vector<uint32_t> from;                // per hole rank: the slot that refills it
};

// Removes the particles marked dead[i] != 0 among [0, p.count), in parallel chunks
// (engine/core/parallel.h, kParallelChunk particles each; deadPerChunk[c] = marked particles in
// chunk c). The survivors end exactly where the sequential swap-remove walk leaves them (for
// i ascending: while particle i is dead, the last live particle moves into slot i): with m
// survivors, the dead slots below m, in ascending order, receive the survivors at or above m
// in descending order, and the pool shrinks to m.
void removeMarked(ParticlePool& p, const uint8_t* dead, const size_t* deadPerChunk,
                  RemovalScratch& scratch);

}  // namespace fx::stride
