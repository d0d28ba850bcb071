// engine/core/soa.h: a pool lists its columns once and every operation follows that list.
#include "engine/core/soa.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace fx {
namespace {

struct TestPool {
  std::vector<float> life;
  std::vector<int32_t> id;
  std::vector<uint8_t> flag;
  size_t count = 0;

  template <class P, class F>
  static void columns(P& p, F&& f) {
    f(p.life, 1.0f), f(p.id, int32_t(-1)), f(p.flag, uint8_t(7));
  }
};

TEST(Soa, PushBackStartsEveryColumnAtItsInitialValue) {
  TestPool p;
  soa::reserve(p, 8);
  EXPECT_GE(p.life.capacity(), 8u);
  EXPECT_EQ(soa::pushBack(p), 0u);
  EXPECT_EQ(soa::pushBack(p), 1u);
  ASSERT_EQ(p.count, 2u);
  EXPECT_EQ(p.life, (std::vector<float>{1.0f, 1.0f}));
  EXPECT_EQ(p.id, (std::vector<int32_t>{-1, -1}));
  EXPECT_EQ(p.flag, (std::vector<uint8_t>{7, 7}));
}

TEST(Soa, SwapRemoveMovesTheLastRowIntoTheHoleInEveryColumn) {
  TestPool p;
  for (int i = 0; i < 3; ++i) {
    size_t r = soa::pushBack(p);
    p.life[r] = float(i), p.id[r] = i, p.flag[r] = uint8_t(10 + i);
  }
  soa::swapRemove(p, 0);
  ASSERT_EQ(p.count, 2u);
  EXPECT_EQ(p.life, (std::vector<float>{2.0f, 1.0f}));
  EXPECT_EQ(p.id, (std::vector<int32_t>{2, 1}));
  EXPECT_EQ(p.flag, (std::vector<uint8_t>{12, 11}));
  soa::swapRemove(p, 1);  // the last row: nothing moves
  EXPECT_EQ(p.id, (std::vector<int32_t>{2}));
}

TEST(Soa, FixedCapacityRowsAndRowBytes) {
  TestPool p;
  p.count = 5;
  soa::assign(p, 4);
  EXPECT_EQ(p.count, 0u);
  EXPECT_EQ(p.id, (std::vector<int32_t>(4, -1)));
  p.id[3] = 42, p.life[3] = 0.5f;
  soa::moveRow(p, 3, 0);
  EXPECT_EQ(p.id[0], 42);
  EXPECT_EQ(p.life[0], 0.5f);
  soa::initRow(p, 0);
  EXPECT_EQ(p.id[0], -1);
  EXPECT_EQ(p.life[0], 1.0f);
  EXPECT_EQ(soa::rowBytes(p), sizeof(float) + sizeof(int32_t) + sizeof(uint8_t));
}

}  // namespace
}  // namespace fx
