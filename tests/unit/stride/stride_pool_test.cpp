// The pool's parallel removal (stride_pool.h removeMarked) against the sequential swap-remove
// walk it replaces: "for i ascending: while particle i is dead, the last live particle moves
// into slot i". Goldens and the determinism tests depend on the survivors' order, so the two
// must leave every slot identical.
#include <gtest/gtest.h>

#include <tbb/global_control.h>

#include <random>

#include "engine/core/parallel.h"
#include "engine/effects/stride/stride_pool.h"

namespace fx::stride {
namespace {

// A pool of n particles whose seed is the particle's original slot (its identity) and whose
// size carries the dead mark (0 = dead), so the walk can find the dead as they move.
ParticlePool numberedPool(size_t n, const std::vector<uint8_t>& dead) {
  ParticlePool p;
  p.layout(kFieldsAlways | kFieldSize | kFieldVelocity, n + 7);
  for (size_t i = 0; i < n; ++i) {
    size_t k = p.add();
    p.seed[k] = uint32_t(i);
    p.size[k] = dead[i] ? 0.0f : 1.0f;
    p.position[k] = vec3(float(i), float(i) * 0.5f, -float(i));
    p.velocity[k] = vec3(1.0f, float(i % 7), 2.0f);
    p.life[k] = float(i % 13) / 13.0f;
  }
  return p;
}

void sequentialWalk(ParticlePool& p) {
  for (size_t i = 0; i < p.count;) {
    if (p.size[i] == 0.0f)
      p.remove(i);
    else
      ++i;
  }
}

void parallelRemoval(ParticlePool& p, const std::vector<uint8_t>& dead) {
  std::vector<size_t> perChunk(chunkCount(p.count), 0);
  for (size_t i = 0; i < p.count; ++i) perChunk[i / kParallelChunk] += dead[i];
  RemovalScratch scratch;
  removeMarked(p, dead.data(), perChunk.data(), scratch);
}

void expectSamePools(const ParticlePool& a, const ParticlePool& b) {
  ASSERT_EQ(a.count, b.count);
  for (size_t i = 0; i < a.count; ++i) {
    ASSERT_EQ(a.seed[i], b.seed[i]) << "slot " << i;
    ASSERT_EQ(a.size[i], b.size[i]) << "slot " << i;
    ASSERT_EQ(a.position[i], b.position[i]) << "slot " << i;
    ASSERT_EQ(a.velocity[i], b.velocity[i]) << "slot " << i;
    ASSERT_EQ(a.life[i], b.life[i]) << "slot " << i;
  }
}

void expectLikeTheWalk(size_t n, const std::vector<uint8_t>& dead, size_t threads) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  ParticlePool walked = numberedPool(n, dead), parallel = numberedPool(n, dead);
  sequentialWalk(walked);
  parallelRemoval(parallel, dead);
  expectSamePools(walked, parallel);
  for (size_t i = 0; i < parallel.count; ++i) ASSERT_EQ(parallel.size[i], 1.0f);
}

TEST(StridePool, ParallelRemovalMatchesTheSequentialWalkOnRandomMasks) {
  std::mt19937 rng(18);
  const size_t sizes[] = {1,
                          5,
                          kParallelChunk - 1,
                          kParallelChunk,
                          kParallelChunk + 1,
                          3 * kParallelChunk + 123,
                          7 * kParallelChunk + 4001};
  const double densities[] = {0.0, 0.001, 0.05, 0.5, 0.95, 1.0};
  for (size_t n : sizes)
    for (double density : densities)
      for (size_t threads : {1, 2, 4}) {
        std::bernoulli_distribution isDead(density);
        std::vector<uint8_t> dead(n);
        for (auto& d : dead) d = isDead(rng);
        SCOPED_TRACE(testing::Message()
                     << n << " particles, density " << density << ", " << threads << " threads");
        expectLikeTheWalk(n, dead, threads);
      }
}

// Dead runs at the top, at the bottom and straddling the survivor count: the cases where holes
// and sources share a chunk.
TEST(StridePool, ParallelRemovalMatchesTheWalkOnDeadRuns) {
  const size_t n = 4 * kParallelChunk + 77;
  auto run = [&](size_t from, size_t to) {
    std::vector<uint8_t> dead(n, 0);
    for (size_t i = from; i < to; ++i) dead[i] = 1;
    SCOPED_TRACE(testing::Message() << "dead [" << from << ", " << to << ")");
    expectLikeTheWalk(n, dead, 2);
  };
  run(0, kParallelChunk / 2);
  run(n - kParallelChunk - 5, n);
  run(kParallelChunk - 3, 3 * kParallelChunk + 9);
  run(2 * kParallelChunk, 2 * kParallelChunk + 1);
}

}  // namespace
}  // namespace fx::stride
