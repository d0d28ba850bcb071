// The particle pool of one emitter: SoA arrays holding only the fields its modules require
// (Stride's RequiredFields), a live count and swap-remove. Arrays are sized once to the
// emitter's capacity; a steady-state frame allocates nothing. Changing the module list re-lays
// the pool out, keeping the live particles' common fields.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core/math.h"

namespace fx::stride {

// Field bits. Position, Life, Lifetime and RandomSeed are always present.
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
};
inline constexpr uint32_t kFieldsAlways =
    kFieldPosition | kFieldLife | kFieldLifetime | kFieldRandomSeed;

struct ParticlePool {
  uint32_t fields = kFieldsAlways;
  size_t count = 0;
  size_t capacity = 0;
  std::vector<vec3> position, oldPosition, velocity, direction;
  std::vector<float> life, lifetime, size, rotation;
  std::vector<uint32_t> seed;
  std::vector<vec4> color;
  std::vector<quat> quaternion;
  std::vector<uint8_t> collision;

  bool has(uint32_t f) const { return (fields & f) == f; }
  // Bytes of state per particle in this layout (the benchmark's bytes/particle).
  size_t bytesPerParticle() const {
    size_t b =
        sizeof(vec3) + 2 * sizeof(float) + sizeof(uint32_t);  // position, life, lifetime, seed
    if (has(kFieldOldPosition)) b += sizeof(vec3);
    if (has(kFieldVelocity)) b += sizeof(vec3);
    if (has(kFieldDirection)) b += sizeof(vec3);
    if (has(kFieldSize)) b += sizeof(float);
    if (has(kFieldRotation)) b += sizeof(float);
    if (has(kFieldColor)) b += sizeof(vec4);
    if (has(kFieldCollision)) b += sizeof(uint8_t);
    if (has(kFieldQuaternion)) b += sizeof(quat);
    return b;
  }
  // Sets the layout; live particles keep the fields both layouts share (up to the new capacity).
  void layout(uint32_t newFields, size_t newCapacity);
  size_t freeSlots() const { return capacity - count; }
  // Appends one particle (caller checks freeSlots) with absent-field defaults; returns its index.
  size_t add();
  // Swap-remove: the last live particle moves into slot i.
  void remove(size_t i);
  void clear() { count = 0; }
};

}  // namespace fx::stride
