#include "engine/render/texture_cache.h"

#include <stb_image.h>

namespace fx::render {

namespace {

GlTexture upload(int width, int height, const unsigned char* rgba) {
  GlTexture tex = createTexture();
  glBindTexture(GL_TEXTURE_2D, tex.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  glGenerateMipmap(GL_TEXTURE_2D);
  glBindTexture(GL_TEXTURE_2D, 0);
  return tex;
}

}  // namespace

void TextureCache::init() {
  const unsigned char white[4] = {255, 255, 255, 255};
  whiteTex_ = upload(1, 1, white);
  white_ = {whiteTex_.get(), 1, 1, false};
  // 64x64 magenta / black checker with 8-texel cells: unmistakable, survives filtering.
  std::vector<unsigned char> px(64 * 64 * 4);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x) {
      bool on = ((x / 8) + (y / 8)) % 2 == 0;
      unsigned char* p = &px[size_t(y * 64 + x) * 4];
      p[0] = on ? 255 : 0, p[1] = 0, p[2] = on ? 255 : 0, p[3] = 255;
    }
  checkerTex_ = upload(64, 64, px.data());
  checker_ = {checkerTex_.get(), 64, 64, true};
}

const GpuTexture& TextureCache::get(const std::string& path, std::vector<std::string>& warnings) {
  auto it = entries_.find(path);
  if (it != entries_.end()) return it->second.info;
  Entry& e = entries_[path];
  e.info = checker_;
  int w = 0, h = 0, channels = 0;
  if (path.empty()) {
    warnings.push_back("texture: empty path; drawn as a magenta checker");
  } else if (!stbi_info(path.c_str(), &w, &h, &channels)) {
    const char* reason = stbi_failure_reason();
    warnings.push_back("texture " + path + ": cannot read (" + (reason ? reason : "unknown") +
                       "); drawn as a magenta checker");
  } else if (w > kMaxTextureSize || h > kMaxTextureSize) {
    warnings.push_back("texture " + path + ": " + std::to_string(w) + "x" + std::to_string(h) +
                       " is larger than the " + std::to_string(kMaxTextureSize) + "x" +
                       std::to_string(kMaxTextureSize) + " limit; drawn as a magenta checker");
  } else if (stbi_uc* data = stbi_load(path.c_str(), &w, &h, &channels, 4)) {
    e.texture = upload(w, h, data);
    stbi_image_free(data);
    e.info = {e.texture.get(), w, h, false};
  } else {
    const char* reason = stbi_failure_reason();
    warnings.push_back("texture " + path + ": cannot decode (" + (reason ? reason : "unknown") +
                       "); drawn as a magenta checker");
  }
  return e.info;
}

}  // namespace fx::render
