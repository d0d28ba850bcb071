// Spawn order and the sorters (engine/effects/stride: stride_order.h, stride_sort.cpp,
// initializer_spawn_order.cpp; reference stride_runtime §3).
#include <bit>

#include "engine/effects/stride/stride_order.h"
#include "engine/effects/stride/stride_sort.h"
#include "tests/unit/stride/stride_test_util.h"

namespace fx::stride {
namespace {

constexpr float kDt = 1.0f / 60.0f;

ParticlePool poolOf(size_t n, uint32_t fields) {
  ParticlePool p;
  p.layout(fields, n);
  for (size_t i = 0; i < n; ++i) p.add();
  return p;
}

std::vector<uint32_t> sortedBy(Sorting policy, const ParticlePool& p, vec3 depth = vec3(0, 0, 1)) {
  std::vector<uint32_t> out;
  SortScratch s;
  sortParticles(policy, p, depth, out, s);
  return out;
}

TEST(StrideSort, NoneKeepsPoolOrder) {
  ParticlePool p = poolOf(4, kFieldOrder);
  for (uint32_t i = 0; i < 4; ++i) p.order[i] = 10 - i, p.life[i] = 0.1f * float(i);
  EXPECT_EQ(sortedBy(Sorting::None, p), (std::vector<uint32_t>{0, 1, 2, 3}));
}

TEST(StrideSort, ByDepthSortsTheDepthKeyAscendingFarToNear) {
  // Stride's own sorter test: depth axis (0, 0, 1), positions z = 3, 9, 5, 1 -> 4, 1, 3, 2.
  ParticlePool p = poolOf(4, 0);
  const float z[4] = {3, 9, 5, 1};
  for (int i = 0; i < 4; ++i) p.position[i] = vec3(0, 0, z[i]);
  EXPECT_EQ(sortedBy(Sorting::ByDepth, p), (std::vector<uint32_t>{3, 0, 2, 1}));
  // The axis is the camera's back axis: the farthest (smallest dot) first.
  EXPECT_EQ(sortedBy(Sorting::ByDepth, p, vec3(0, 0, -1)), (std::vector<uint32_t>{1, 2, 0, 3}));
}

TEST(StrideSort, ByAgeIsYoungestFirst) {
  ParticlePool p = poolOf(4, 0);
  const float life[4] = {0.2f, 0.9f, 0.5f, 0.7f};  // remaining life
  for (int i = 0; i < 4; ++i) p.life[i] = life[i];
  EXPECT_EQ(sortedBy(Sorting::ByAge, p), (std::vector<uint32_t>{1, 3, 2, 0}));
  EXPECT_FLOAT_EQ(sortKey(Sorting::ByAge, p, 1, vec3(0)), -0.9f);
}

TEST(StrideSort, ByOrderSortsTheNegatedBitsAsFloatSoTheHighestOrderComesFirst) {
  // ParticleSorterOrder: key = -(Order's bits read as a float), sorted ascending.
  ParticlePool p = poolOf(5, kFieldOrder);
  const uint32_t order[5] = {5, 70000, 2, 3, 5};
  for (int i = 0; i < 5; ++i) p.order[i] = order[i];
  // Equal orders keep pool order.
  EXPECT_EQ(sortedBy(Sorting::ByOrder, p), (std::vector<uint32_t>{1, 0, 4, 3, 2}));
  EXPECT_EQ(std::bit_cast<uint32_t>(sortKey(Sorting::ByOrder, p, 2, vec3(0))),
            std::bit_cast<uint32_t>(-std::bit_cast<float>(2u)));
}

TEST(StrideSort, ByOrderWithTheSignBitSetSortsLast) {
  // An order with bit 31 set reads as a negative float; negated it is positive: drawn last.
  ParticlePool p = poolOf(3, kFieldOrder);
  p.order[0] = 1, p.order[1] = 0x80000001u, p.order[2] = 2;
  EXPECT_EQ(sortedBy(Sorting::ByOrder, p), (std::vector<uint32_t>{2, 0, 1}));
}

TEST(StrideSort, ByOrderWithoutAnOrderFieldKeepsPoolOrder) {
  ParticlePool p = poolOf(3, 0);
  EXPECT_EQ(sortedBy(Sorting::ByOrder, p), (std::vector<uint32_t>{0, 1, 2}));
}

TEST(StrideSort, LargePoolsMatchAStableSortOfTheKeys) {
  ParticlePool p = poolOf(5000, kFieldOrder);
  uint32_t x = 12345;
  for (size_t i = 0; i < p.count; ++i) {
    x = x * 1664525u + 1013904223u;
    p.order[i] = x >> 8;
    p.position[i] = vec3(0, 0, float(x % 997) - 500.0f);
  }
  for (Sorting s : {Sorting::ByOrder, Sorting::ByDepth}) {
    std::vector<uint32_t> want(p.count);
    for (uint32_t i = 0; i < p.count; ++i) want[i] = i;
    std::stable_sort(want.begin(), want.end(), [&](uint32_t a, uint32_t b) {
      return sortKey(s, p, a, vec3(0, 0, 1)) < sortKey(s, p, b, vec3(0, 0, 1));
    });
    EXPECT_EQ(sortedBy(s, p), want);
  }
}

TEST(StrideSpawnOrder, CounterRunsAcrossFramesAndGroupsMoveOnPerBatch) {
  auto def = test::definitionFromJson(R"({"emitters": [{"particle_lifetime": [10, 10],
    "spawners": [{"type": "per_frame", "particles_per_frame": 3, "duration": [100, 100]}],
    "initializers": [{"type": "spawn_order"}]},
    {"particle_lifetime": [10, 10],
    "spawners": [{"type": "per_frame", "particles_per_frame": 3, "duration": [100, 100]}],
    "initializers": [{"type": "spawn_order_group"}]}]})");
  StrideInstance inst(*def, {.seed = 1});
  for (int i = 0; i < 2; ++i) inst.stepWith(kDt, Transform{}, nullptr);
  const ParticlePool& plain = inst.emitters()[0].pool;
  const ParticlePool& grouped = inst.emitters()[1].pool;
  ASSERT_EQ(plain.count, 6u);
  ASSERT_EQ(grouped.count, 6u);
  ASSERT_TRUE(plain.has(kFieldOrder));
  EXPECT_EQ(std::vector<uint32_t>(plain.order.begin(), plain.order.begin() + 6),
            (std::vector<uint32_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(std::vector<uint32_t>(grouped.order.begin(), grouped.order.begin() + 6),
            (std::vector<uint32_t>{0, 1, 2, 65536, 65537, 65538}));
}

TEST(StrideSpawnOrder, CountersAndLayouts) {
  EXPECT_EQ(order::advance(InitializerKind::SpawnOrder, 10, 5), 15u);
  EXPECT_EQ(order::advance(InitializerKind::SpawnOrderGroup, 10, 5), 0x10000u);
  EXPECT_EQ(order::advance(InitializerKind::SpawnOrderGroup, 0x2FFFF, 1), 0x40000u);
  EXPECT_EQ(order::advance(InitializerKind::SpawnOrder, 0xFFFFFFFFu, 2), 1u);  // wraps
  EXPECT_EQ(order::group(0x00030007u), 3u);
  // InitialOrderParent: with the parent's child counter, 16/16; without, 12/20.
  EXPECT_EQ(order::childOrder(0x12345u, true, 0x10007u, 99), 0x23450007u);
  EXPECT_EQ(order::childOrder(0x12345u, false, 0, 0x123456u), 0x34523456u);
}

}  // namespace
}  // namespace fx::stride
