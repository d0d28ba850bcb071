#include "engine/render/texture_cache.h"

#include <algorithm>

#include "engine/core/paths.h"
#include "engine/core/startup_phases.h"
#include "engine/formats/texture_file.h"

namespace fx::render {

namespace {

// The next level of a chain: each texel the mean of the 2x2 block above it (the last row or
// column repeats on an odd side), channels rounded to nearest, as GL's own generation averages.
// Built here rather than with glGenerateMipmap: software drivers (llvmpipe) compile a blit
// program for that at first use, a tenth of a second of every process's start.
Image halfImage(const Image& src) {
  Image dst;
  dst.width = std::max(1, src.width / 2);
  dst.height = std::max(1, src.height / 2);
  dst.rgba.resize(size_t(dst.width) * size_t(dst.height) * 4);
  const auto at = [&](int x, int y, int c) {
    x = std::min(x, src.width - 1), y = std::min(y, src.height - 1);
    return unsigned(src.rgba[(size_t(y) * size_t(src.width) + size_t(x)) * 4 + size_t(c)]);
  };
  for (int y = 0; y < dst.height; ++y)
    for (int x = 0; x < dst.width; ++x)
      for (int c = 0; c < 4; ++c) {
        const unsigned sum = at(2 * x, 2 * y, c) + at(2 * x + 1, 2 * y, c) +
                             at(2 * x, 2 * y + 1, c) + at(2 * x + 1, 2 * y + 1, c);
        dst.rgba[(size_t(y) * size_t(dst.width) + size_t(x)) * 4 + size_t(c)] =
            uint8_t((sum + 2) / 4);
      }
  return dst;
}

// Uploads the base level, then either the file's own mipmaps (a bitmap tag's, used as they are:
// the chain stops where the file's does, at the base when it has none) or a chain built by
// halfImage down to 1x1.
GlTexture upload(int width, int height, const unsigned char* rgba,
                 const TextureMipmaps& mipmaps = {}) {
  GlTexture tex = createTexture();
  glBindTexture(GL_TEXTURE_2D, tex.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  std::vector<Image> built;
  if (!mipmaps.fromFile) {
    Image level{width, height,
                std::vector<uint8_t>(rgba, rgba + size_t(width) * size_t(height) * 4)};
    while (level.width > 1 || level.height > 1) {
      level = halfImage(level);
      built.push_back(level);
    }
  }
  const std::vector<Image>& levels = mipmaps.fromFile ? mipmaps.levels : built;
  for (size_t i = 0; i < levels.size(); ++i)
    glTexImage2D(GL_TEXTURE_2D, GLint(i + 1), GL_RGBA8, levels[i].width, levels[i].height, 0,
                 GL_RGBA, GL_UNSIGNED_BYTE, levels[i].rgba.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, GLint(levels.size()));
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
  startup::Span span("textures");
  Entry& e = entries_[path];
  e.info = checker_;
  Image image;
  TextureMipmaps mipmaps;
  std::string reason;
  if (path.empty()) {
    warnings.push_back("texture: empty path; drawn as a magenta checker");
  } else if (!loadTextureFile(toPath(path), image, &mipmaps, reason)) {
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
