#include "engine/core/draw_list.h"

#include <algorithm>
#include <utility>

namespace fx {

const char* blendModeName(BlendMode m) {
  static const char* kNames[] = {"alpha_blend",   "multiply",          "double_multiply",
                                 "add",           "subtract",          "component_min",
                                 "component_max", "alpha_multiply_add"};
  return kNames[int(m) & 7];
}

const char* orientationName(SpriteOrientation o) {
  static const char* kNames[] = {"screen_facing", "parallel_to_direction",
                                 "perpendicular_to_direction"};
  return int(o) < 3 ? kNames[int(o)] : "?";
}

SpriteArray::SpriteArray(const SpriteArray& other) {
  *this = other;
}

SpriteArray::SpriteArray(SpriteArray&& other) noexcept {
  *this = std::move(other);
}

SpriteArray& SpriteArray::operator=(const SpriteArray& other) {
  if (this == &other) return *this;
  clear();
  reserve(other.size_);
  if (other.data_)
    for (size_t i = 0; i < other.size_; ++i) data_[i] = other.data_[i];
  size_ = other.data_ ? other.size_ : 0;
  return *this;
}

SpriteArray& SpriteArray::operator=(SpriteArray&& other) noexcept {
  if (this == &other) return *this;
  setStorage(nullptr);
  own_ = std::move(other.own_);
  storage_ = other.storage_;
  data_ = other.data_;
  size_ = other.size_;
  capacity_ = other.capacity_;
  if (storage_ && data_) storage_->moved(other, *this);
  other.own_.clear();
  other.storage_ = nullptr;
  other.data_ = nullptr;
  other.size_ = other.capacity_ = 0;
  return *this;
}

SpriteArray::~SpriteArray() {
  if (storage_ && data_) storage_->release(*this);
}

void SpriteArray::setStorage(SpriteStorage* storage) {
  if (storage_ && data_) storage_->release(*this);
  storage_ = storage;
  own_.clear();
  own_.shrink_to_fit();
  data_ = nullptr;
  size_ = capacity_ = 0;
}

void SpriteArray::reclaimed() {
  data_ = nullptr;
  capacity_ = 0;
}

void SpriteArray::clear() {
  size_ = 0;
  if (storage_ && data_) {
    storage_->release(*this);
    data_ = nullptr;
    capacity_ = 0;
  }
}

void SpriteArray::grow(size_t needed) {
  size_t want = std::max({needed, capacity_ * 2, size_t(256)});
  if (storage_) {
    // Sprites already written go with the memory (none when it was reclaimed).
    size_t keep = data_ ? size_ : 0;
    size_ = keep;
    data_ = storage_->grow(*this, keep, want);
    capacity_ = want;
    return;
  }
  own_.resize(want);
  data_ = own_.data();
  capacity_ = want;
}

void DrawList::clear() {
  textures.clear();
  sprites.clear();
  batches.clear();
  shaderQuads.clear();
  meshes.clear();
  stripVertices.clear();
  strips.clear();
}

StripBatch& DrawList::beginStrips(const StripBatch& state) {
  strips.push_back(state);
  strips.back().firstVertex = uint32_t(stripVertices.size());
  strips.back().vertexCount = 0;
  strips.back().spriteBatchesBefore = uint32_t(batches.size());
  return strips.back();
}

void DrawList::endStrips() {
  if (!strips.empty())
    strips.back().vertexCount = uint32_t(stripVertices.size()) - strips.back().firstVertex;
}

TextureId DrawList::texture(const std::string& path) {
  for (size_t i = 0; i < textures.size(); ++i)
    if (textures[i].path == path) return TextureId(i);
  textures.push_back({path});
  return TextureId(textures.size() - 1);
}

SpriteBatch& DrawList::beginBatch(const SpriteBatch& state) {
  batches.push_back(state);
  batches.back().first = uint32_t(sprites.size());
  batches.back().count = 0;
  return batches.back();
}

SpriteInstance& DrawList::push() {
  sprites.emplace_back();
  if (!batches.empty()) batches.back().count++;
  return sprites.back();
}

void DrawList::push(const SpriteInstance& s) {
  sprites.push_back(s);
  if (!batches.empty()) batches.back().count++;
}

}  // namespace fx
