// Sprite sheets: a texture page holding sequences of sprite frames (Halo bitmap type "sprites",
// reference halo notes §5.1). Sequences are stacked vertically and frames run left to right.
// The layout comes from a side-car file `<texture>.sprites.json` next to the PNG:
//   {"sequences": [{"frames": 4, "row": 0}, ...], "rows": 2, "columns": 4}      (grid form), or
//   {"sequences": [{"sprites": [{"left":0,"right":0.25,"top":0,"bottom":0.5,"registration":[0.125,0.25]}]}]}
// Without a side-car the whole page is one sequence of one sprite.
#pragma once

#include <string>
#include <vector>

#include "engine/core/diagnostics.h"
#include "engine/core/math.h"

namespace fx {

struct Sprite {
  float left = 0, right = 1, top = 0, bottom = 1;  // normalized page UVs
  vec2 registration{0.5f, 0.5f};                   // sprite origin, offset from left/top (normalized)
  vec4 uv() const { return {left, right, top, bottom}; }
};

struct SpriteSequence {
  std::vector<Sprite> sprites;
};

struct SpriteSheet {
  std::vector<SpriteSequence> sequences;  // never empty after load

  const Sprite& sprite(size_t sequence, size_t frame) const;
  size_t sequenceCount() const { return sequences.size(); }
  size_t frameCount(size_t sequence) const;
  static SpriteSheet single();
};

// Loads `<texturePath>.sprites.json` if it exists (errors go to `diags` under `file`/`pointer`);
// otherwise returns SpriteSheet::single().
SpriteSheet loadSpriteSheet(const std::string& texturePath, const std::string& file, const std::string& pointer,
                            Diagnostics& diags);

}  // namespace fx
