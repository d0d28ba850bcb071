#include <gtest/gtest.h>

#include "engine/core/rng.h"

namespace fx {
namespace {

// "s = 1664525 s + 1013904223, value = high 16 bits / 65535" (foundation issue; Halo and Destiny).
TEST(Lcg, SequenceFromSeedZero) {
  Lcg rng{0};
  EXPECT_EQ(rng.next(), 1013904223u);
  EXPECT_EQ(rng.next(), 1196435762u);
  EXPECT_EQ(rng.next(), 3519870697u);
  EXPECT_EQ(rng.next(), 2868466484u);
}

TEST(Lcg, UnitIsHigh16BitsOver65535) {
  Lcg rng{0};
  float v = rng.unit();
  EXPECT_FLOAT_EQ(v, float(1013904223u >> 16) / 65535.0f);
  for (int i = 0; i < 10000; ++i) {
    float u = rng.unit();
    ASSERT_GE(u, 0.0f);
    ASSERT_LE(u, 1.0f);
  }
}

TEST(Lcg, RangeIntExcludesHigh) {
  Lcg rng{7};
  for (int i = 0; i < 10000; ++i) {
    int v = rng.rangeInt(3, 9);
    ASSERT_GE(v, 3);
    ASSERT_LT(v, 9);
  }
}

TEST(Fnv1, KnownValues) {
  EXPECT_EQ(fnv1(""), 0x811C9DC5u);  // "the empty name hashes to 0x811C9DC5"
  EXPECT_EQ(fnv1("a"), 0x050C5D7Eu);
  EXPECT_EQ(fnv1("foobar"), 0x31F0B262u);
}

TEST(InstanceSeed, DependsOnSeedAndId) {
  EXPECT_EQ(instanceSeed(1, "rain"), instanceSeed(1, "rain"));
  EXPECT_NE(instanceSeed(1, "rain"), instanceSeed(2, "rain"));
  EXPECT_NE(instanceSeed(1, "rain"), instanceSeed(1, "snow"));
}

}  // namespace
}  // namespace fx
