#include "engine/effects/stride/stride_pool.h"

#include <algorithm>

namespace fx::stride {

namespace {

template <class T>
void resizeField(std::vector<T>& v, bool present, size_t capacity, size_t keep, T fill) {
  if (!present) {
    std::vector<T>().swap(v);
    return;
  }
  size_t had = std::min(v.size(), keep);
  v.resize(capacity);
  for (size_t i = had; i < keep; ++i) v[i] = fill;
}

}  // namespace

void ParticlePool::layout(uint32_t newFields, size_t newCapacity) {
  newFields |= kFieldsAlways;
  size_t keep = std::min(count, newCapacity);
  resizeField(position, true, newCapacity, keep, vec3(0.0f));
  resizeField(life, true, newCapacity, keep, 1.0f);
  resizeField(lifetime, true, newCapacity, keep, 1.0f);
  resizeField(seed, true, newCapacity, keep, 0u);
  resizeField(oldPosition, newFields & kFieldOldPosition, newCapacity, keep, vec3(0.0f));
  resizeField(velocity, newFields & kFieldVelocity, newCapacity, keep, vec3(0.0f));
  resizeField(direction, newFields & kFieldDirection, newCapacity, keep, vec3(0.0f));
  resizeField(size, newFields & kFieldSize, newCapacity, keep, 1.0f);
  resizeField(rotation, newFields & kFieldRotation, newCapacity, keep, 0.0f);
  resizeField(color, newFields & kFieldColor, newCapacity, keep, vec4(1.0f));
  resizeField(collision, newFields & kFieldCollision, newCapacity, keep, uint8_t(0));
  resizeField(quaternion, newFields & kFieldQuaternion, newCapacity, keep, quat(1, 0, 0, 0));
  // Old positions of particles that did not have the field start where they are.
  if ((newFields & kFieldOldPosition) && !(fields & kFieldOldPosition))
    for (size_t i = 0; i < keep; ++i) oldPosition[i] = position[i];
  fields = newFields;
  capacity = newCapacity;
  count = keep;
}

size_t ParticlePool::add() {
  size_t i = count++;
  position[i] = vec3(0.0f);
  life[i] = 1.0f;
  lifetime[i] = 1.0f;
  seed[i] = 0;
  if (fields & kFieldOldPosition) oldPosition[i] = vec3(0.0f);
  if (fields & kFieldVelocity) velocity[i] = vec3(0.0f);
  if (fields & kFieldDirection) direction[i] = vec3(0.0f);
  if (fields & kFieldSize) size[i] = 1.0f;
  if (fields & kFieldRotation) rotation[i] = 0.0f;
  if (fields & kFieldColor) color[i] = vec4(1.0f);
  if (fields & kFieldCollision) collision[i] = 0;
  if (fields & kFieldQuaternion) quaternion[i] = quat(1, 0, 0, 0);
  return i;
}

void ParticlePool::remove(size_t i) {
  size_t last = --count;
  if (i == last) return;
  position[i] = position[last];
  life[i] = life[last];
  lifetime[i] = lifetime[last];
  seed[i] = seed[last];
  if (fields & kFieldOldPosition) oldPosition[i] = oldPosition[last];
  if (fields & kFieldVelocity) velocity[i] = velocity[last];
  if (fields & kFieldDirection) direction[i] = direction[last];
  if (fields & kFieldSize) size[i] = size[last];
  if (fields & kFieldRotation) rotation[i] = rotation[last];
  if (fields & kFieldColor) color[i] = color[last];
  if (fields & kFieldCollision) collision[i] = collision[last];
  if (fields & kFieldQuaternion) quaternion[i] = quaternion[last];
}

}  // namespace fx::stride
