// Particle updates split across threads with oneTBB, deterministically.
//
// Work is cut into FIXED chunks of `chunkSize` particles (never into "however many threads there
// are"), so what each chunk computes, and which RNG stream it draws from (chunkSeed), does not
// depend on the thread count or on scheduling. A range that fits in one chunk runs inline on the
// calling thread, so the common game-sized case pays nothing. Callers keep every chunk's writes
// inside its own particles.
#pragma once

#include <cstddef>
#include <cstdint>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

namespace fx {

// Particles per chunk: big enough that scheduling costs nothing next to the work (a few hundred
// microseconds of integrator work), small enough that 2..16 threads balance at 100K particles.
inline constexpr size_t kParallelChunk = 8192;

inline size_t chunkCount(size_t count, size_t chunkSize = kParallelChunk) {
  return (count + chunkSize - 1) / chunkSize;
}

// Calls fn(chunkIndex, begin, end) for every chunk of [0, count); chunks run concurrently.
template <class Fn>
void parallelChunks(size_t count, Fn&& fn, size_t chunkSize = kParallelChunk) {
  const size_t chunks = chunkCount(count, chunkSize);
  if (chunks <= 1) {
    if (count > 0) fn(size_t(0), size_t(0), count);
    return;
  }
  tbb::parallel_for(
      tbb::blocked_range<size_t>(0, chunks, 1),
      [&](const tbb::blocked_range<size_t>& r) {
        for (size_t c = r.begin(); c != r.end(); ++c) {
          size_t begin = c * chunkSize;
          size_t end = begin + chunkSize < count ? begin + chunkSize : count;
          fn(c, begin, end);
        }
      },
      tbb::simple_partitioner());
}

// Calls fn(i) for every i in [0, count): independent tasks (a family's emitters) run
// concurrently, one task per i. Callers keep each task's writes to its own state, so the result
// does not depend on the thread count.
template <class Fn>
void parallelTasks(size_t count, Fn&& fn) {
  if (count <= 1) {
    if (count == 1) fn(size_t(0));
    return;
  }
  tbb::parallel_for(
      tbb::blocked_range<size_t>(0, count, 1),
      [&](const tbb::blocked_range<size_t>& r) {
        for (size_t i = r.begin(); i != r.end(); ++i) fn(i);
      },
      tbb::simple_partitioner());
}

// The RNG seed of chunk `chunk` (>= 1) in frame `frame` of a stream seeded `seed`: a SplitMix-style
// mix, so neighbouring chunks and frames get unrelated LCG streams. Chunk 0 keeps using the
// owner's own generator, so a game-sized population draws exactly the sequence it always did.
inline uint32_t chunkSeed(uint32_t seed, uint64_t frame, size_t chunk) {
  uint64_t z = (uint64_t(seed) << 32) ^ (frame * 0x9E3779B97F4A7C15ull) ^ (uint64_t(chunk) << 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return uint32_t(z ^ (z >> 31));
}

}  // namespace fx
