#include "engine/core/draw_list.h"

namespace fx {

const char* blendModeName(BlendMode m) {
  static const char* kNames[] = {"alpha_blend", "multiply", "double_multiply", "add",
                                 "subtract", "component_min", "component_max", "alpha_multiply_add"};
  return kNames[int(m) & 7];
}

const char* orientationName(SpriteOrientation o) {
  static const char* kNames[] = {"screen_facing", "parallel_to_direction", "perpendicular_to_direction"};
  return int(o) < 3 ? kNames[int(o)] : "?";
}

void DrawList::clear() {
  textures.clear();
  sprites.clear();
  batches.clear();
  shaderQuads.clear();
  meshes.clear();
}

TextureId DrawList::texture(const std::string& path) {
  for (size_t i = 0; i < textures.size(); ++i)
    if (textures[i].path == path) return TextureId(i);
  textures.push_back({path, true});
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
