// Helpers for the render benchmark (tests/bench/render_bench.cpp) so it never includes GL itself:
// a raw instanced-draw baseline (the same SpriteInstance data, a minimal screen-facing shader, one
// glDrawArraysInstanced) and glFinish.
#pragma once

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
  bool init(std::string& error);
  // Uploads (orphan + sub-data) and draws every sprite additively as an untextured white quad.
  void draw(const std::vector<SpriteInstance>& sprites, const View& view);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

void finishGL();  // glFinish

}  // namespace fx::render
