#include "engine/render/texture_cache.h"

#include "engine/formats/texture_file.h"

namespace fx::render {

namespace {

// Uploads the base level, then either the file's own mipmaps (a bitmap tag's, used as they are:
// the chain stops where the file's does, at the base when it has none) or a generated chain.
GlTexture upload(int width, int height, const unsigned char* rgba,
                 const TextureMipmaps& mipmaps = {}) {
  GlTexture tex = createTexture();
  glBindTexture(GL_TEXTURE_2D, tex.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  if (!mipmaps.fromFile) {
    glGenerateMipmap(GL_TEXTURE_2D);
  } else {
    const std::vector<Image>& levels = mipmaps.levels;
    for (size_t i = 0; i < levels.size(); ++i)
      glTexImage2D(GL_TEXTURE_2D, GLint(i + 1), GL_RGBA8, levels[i].width, levels[i].height, 0,
                   GL_RGBA, GL_UNSIGNED_BYTE, levels[i].rgba.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, GLint(levels.size()));
  }
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
  Image image;
  TextureMipmaps mipmaps;
  std::string reason;
  if (path.empty()) {
    warnings.push_back("texture: empty path; drawn as a magenta checker");
  } else if (!loadTextureFile(path, image, &mipmaps, reason)) {
    // Same checks and words as the loaders' (LoadContext::resolveTexture), which `fxview check`
    // reports as errors: missing, over the file-size cap, corrupt, over kMaxImageSide.
    warnings.push_back("texture " + path + ": " + reason + "; drawn as a magenta checker");
  } else {
    e.texture = upload(image.width, image.height, image.rgba.data(), mipmaps);
    e.info = {e.texture.get(), image.width, image.height, false};
  }
  return e.info;
}

}  // namespace fx::render
