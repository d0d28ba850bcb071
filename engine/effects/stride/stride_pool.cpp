#include "engine/effects/stride/stride_pool.h"

#include <algorithm>

#include "engine/core/parallel.h"

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

void removeMarked(ParticlePool& p, const uint8_t* dead, const size_t* deadPerChunk,
                  RemovalScratch& s) {
  const size_t n = p.count, chunks = chunkCount(n);
  size_t total = 0;
  for (size_t c = 0; c < chunks; ++c) total += deadPerChunk[c];
  if (total == 0) return;
  const size_t m = n - total;  // survivors; the holes below m and the sources above pair up
  s.holes.resize(chunks), s.sources.resize(chunks);
  s.holeRank.resize(chunks), s.sourceRank.resize(chunks);
  for (size_t c = 0; c < chunks; ++c) {
    size_t b = c * kParallelChunk, e = std::min(b + kParallelChunk, n);
    size_t holes = 0;
    if (e <= m) {
      holes = deadPerChunk[c];
    } else if (b < m) {
      for (size_t i = b; i < m; ++i) holes += dead[i] != 0;
    }
    size_t above = e > m ? e - std::max(b, m) : 0;  // slots at or above m
    s.holes[c] = holes;
    s.sources[c] = above - (deadPerChunk[c] - holes);  // the chunk's dead above m are not sources
  }
  // Holes are ranked ascending, sources descending (the highest survivor fills the first hole).
  size_t rank = 0;
  for (size_t c = 0; c < chunks; ++c) s.holeRank[c] = rank, rank += s.holes[c];
  const size_t pairs = rank;
  rank = 0;
  for (size_t c = chunks; c-- > 0;) s.sourceRank[c] = rank, rank += s.sources[c];
  s.from.resize(std::max(s.from.size(), pairs));
  parallelChunks(n, [&](size_t c, size_t b, size_t e) {
    if (s.sources[c] == 0) return;
    size_t r = s.sourceRank[c];
    for (size_t i = e; i-- > std::max(b, m);)
      if (!dead[i]) s.from[r++] = uint32_t(i);
  });
  parallelChunks(n, [&](size_t c, size_t b, size_t e) {
    if (s.holes[c] == 0) return;
    size_t r = s.holeRank[c];
    for (size_t j = b, last = std::min(e, m); j < last; ++j)
      if (dead[j]) soa::moveRow(p, s.from[r++], j);
  });
  p.count = m;
}

}  // namespace fx::stride
