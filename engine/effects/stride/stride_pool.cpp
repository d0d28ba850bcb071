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
  allColumns(*this, [&](auto& column, const auto& init, uint32_t bit) {
    resizeField(column, (newFields & bit) != 0, newCapacity, keep, init);
  });
  // Old positions of particles that did not have the field start where they are.
  if ((newFields & kFieldOldPosition) && !(fields & kFieldOldPosition))
    for (size_t i = 0; i < keep; ++i) oldPosition[i] = position[i];
  fields = newFields;
  capacity = newCapacity;
  count = keep;
}

}  // namespace fx::stride
