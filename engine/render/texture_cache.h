// GPU textures by path (render-internal). Files decode on the CPU through
// engine/formats/texture_file.h (PNG, or a Halo bitmap tag's first page, as RGBA8; file-size and
// side caps) and upload with mipmaps (the bitmap's own where it has them), once per path.
// A missing, unreadable, corrupt or oversized file yields the shared magenta checker and one
// warning naming the file; nothing here throws or aborts.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/image_file.h"
#include "engine/render/gl_objects.h"

namespace fx::render {

inline constexpr int kMaxTextureSize = kMaxImageSide;  // per side (engine/core/image_file.h)

struct GpuTexture {
  GLuint id = 0;  // owned by the cache
  int width = 0, height = 0;
  bool missing = false;  // drawn as the checker
};

class TextureCache {
 public:
  void init();  // needs a current context
  // Loads on first use. Warnings for failures are appended to `warnings` once per path.
  const GpuTexture& get(const std::string& path, std::vector<std::string>& warnings);
  const GpuTexture& white() const { return white_; }
  const GpuTexture& checker() const { return checker_; }

 private:
  struct Entry {
    GlTexture texture;
    GpuTexture info;
  };
  std::unordered_map<std::string, Entry> entries_;
  GlTexture whiteTex_, checkerTex_;
  GpuTexture white_, checker_;
};

}  // namespace fx::render
