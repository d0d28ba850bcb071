// DrawList sprite storage: the array's own memory, an external SpriteStorage, growth, copies and
// moves.
#include <gtest/gtest.h>

#include <vector>

#include "engine/core/draw_list.h"

namespace fx {
namespace {

// A storage over plain blocks that records what the array asks of it.
class BlockStorage final : public SpriteStorage {
 public:
  SpriteInstance* grow(SpriteArray& owner, size_t keep, size_t& capacity) override {
    blocks.emplace_back(capacity + 3);  // hands out more than asked
    SpriteInstance* out = blocks.back().data();
    if (owner.data())
      for (size_t i = 0; i < keep; ++i) out[i] = owner.data()[i];
    capacity = blocks.back().size();
    current = &owner;
    ++grows;
    return out;
  }
  void release(SpriteArray& owner) override {
    EXPECT_EQ(&owner, current);
    current = nullptr;
    ++releases;
  }
  void moved(SpriteArray& owner, SpriteArray& to) override {
    EXPECT_EQ(&owner, current);
    current = &to;
  }
  std::vector<std::vector<SpriteInstance>> blocks;
  SpriteArray* current = nullptr;
  int grows = 0, releases = 0;
};

SpriteInstance at(float x) {
  SpriteInstance s;
  s.position = vec3(x, 0, 0);
  return s;
}

TEST(SpriteArray, OwnMemoryKeepsCapacityAcrossClear) {
  SpriteArray a;
  for (int i = 0; i < 1000; ++i) a.push_back(at(float(i)));
  ASSERT_EQ(a.size(), 1000u);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a[size_t(i)].position.x, float(i));
  const SpriteInstance* data = a.data();
  size_t capacity = a.capacity();
  a.clear();
  EXPECT_TRUE(a.empty());
  for (int i = 0; i < 1000; ++i) a.push_back(at(float(i)));
  EXPECT_EQ(a.data(), data);
  EXPECT_EQ(a.capacity(), capacity);
  EXPECT_EQ(a.emplace_back().size, SpriteInstance{}.size);  // a default sprite
}

TEST(SpriteArray, StorageHandsOutTheMemoryAndKeepsSpritesWhenGrowing) {
  BlockStorage storage;
  {
    SpriteArray a;
    a.setStorage(&storage);
    for (int i = 0; i < 600; ++i) a.push_back(at(float(i)));  // 256, then 515, then 1033
    EXPECT_EQ(storage.grows, 3);
    EXPECT_EQ(a.data(), storage.blocks.back().data());
    for (int i = 0; i < 600; ++i) ASSERT_EQ(a[size_t(i)].position.x, float(i));
    a.reserve(5000);
    EXPECT_EQ(storage.grows, 4);
    EXPECT_GE(a.capacity(), 5000u);
    EXPECT_EQ(a.back().position.x, 599.0f);

    // Copies never share the storage; moves take the handed-out memory along.
    SpriteArray copy = a;
    EXPECT_EQ(copy.storage(), nullptr);
    EXPECT_NE(copy.data(), a.data());
    EXPECT_EQ(copy.size(), 600u);
    EXPECT_EQ(copy[599].position.x, 599.0f);
    SpriteArray moved = std::move(a);
    EXPECT_EQ(storage.current, &moved);
    EXPECT_EQ(moved.size(), 600u);
    EXPECT_EQ(moved.storage(), &storage);

    // Taken back (drawn): the count stays, the data is gone, nothing is read through it.
    moved.reclaimed();
    EXPECT_EQ(moved.size(), 600u);
    EXPECT_EQ(moved.data(), nullptr);
    EXPECT_EQ(moved.begin(), moved.end());
    moved.clear();
    EXPECT_EQ(storage.releases, 0) << "memory already taken back is not released again";
    moved.push_back(at(7.0f));
    EXPECT_EQ(storage.grows, 5);
    EXPECT_EQ(moved[0].position.x, 7.0f);
  }
  EXPECT_EQ(storage.releases, 1) << "destroyed while holding memory";
  EXPECT_EQ(storage.current, nullptr);
}

TEST(DrawList, BatchesCountTheirSpritesInAnyStorage) {
  BlockStorage storage;
  DrawList list;
  list.sprites.setStorage(&storage);
  list.beginBatch({});
  list.reserveSprites(2);
  list.push(at(1.0f));
  list.push().position = vec3(2.0f);
  list.beginBatch({});
  list.push(at(3.0f));
  ASSERT_EQ(list.batches.size(), 2u);
  EXPECT_EQ(list.batches[0].first, 0u);
  EXPECT_EQ(list.batches[0].count, 2u);
  EXPECT_EQ(list.batches[1].first, 2u);
  EXPECT_EQ(list.batches[1].count, 1u);
  EXPECT_EQ(list.sprites[1].position.y, 2.0f);
  list.clear();
  EXPECT_EQ(storage.releases, 1);
  list.sprites.setStorage(nullptr);
}

}  // namespace
}  // namespace fx
