// Helpers for `fxview bench` (app/cli/bench_render.cpp) so it never includes GL itself: a raw
// instanced-draw baseline (the same SpriteInstance data and texture, the least shader a textured,
// tinted, camera-facing sprite needs, one glDrawArraysInstanced) and glFinish.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/draw_list.h"
#include "engine/core/view.h"

namespace fx::render {

class RawSpriteBaseline {
 public:
  RawSpriteBaseline();
  ~RawSpriteBaseline();
  // `texturePath`: the PNG the sprites sample ("" = plain white).
  bool init(const std::filesystem::path& texturePath, std::string& error);
  // Uploads (orphan + sub-data) and draws every sprite additively: texture x tint.
  void draw(const std::vector<SpriteInstance>& sprites, const View& view);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

void finishGL();  // glFinish

}  // namespace fx::render
