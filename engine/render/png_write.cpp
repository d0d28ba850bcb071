// PNG writing: stb_image_write's encoder (its filters and chunks), compiled here with zlib as its
// deflate. stb's own deflate took most of a headless render's PNG time (20-40 ms for 640x360 on
// two cores); zlib's fastest level takes a fraction of that and still writes smaller files (the
// gallery: 75 KB against stb's 81 KB). This file's copy of stb is static, so the libstb shared
// library's stays untouched.
#include <cstdlib>

#include <zlib.h>

#include "engine/core/file_write.h"
#include "engine/core/paths.h"
#include "engine/render/renderer.h"

namespace {

// stb's compress hook: a malloc'd zlib stream of `data` (stb frees it with free()).
unsigned char* zlibCompress(unsigned char* data, int length, int* outLength, int) {
  uLongf size = compressBound(uLong(length));
  auto* out = static_cast<unsigned char*>(std::malloc(size));
  if (!out) return nullptr;
  if (compress2(out, &size, data, uLong(length), Z_BEST_SPEED) != Z_OK) {
    std::free(out);
    return nullptr;
  }
  *outLength = int(size);
  return out;
}

}  // namespace

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBIW_ZLIB_COMPRESS zlibCompress
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include <stb_image_write.h>
#pragma GCC diagnostic pop

namespace fx::render {

bool writePng(const std::filesystem::path& path, int width, int height,
              const std::vector<uint8_t>& rgba, std::string& error) {
  if (width <= 0 || height <= 0 || rgba.size() < size_t(width) * size_t(height) * 4) {
    error = "no pixels to write";
    return false;
  }
  stbi_flip_vertically_on_write(0);
  // Encoded in memory, then saved like every other file (writeFileAtomic: through symlinks,
  // read-only targets refused, the reason of a failure named).
  std::string bytes;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), size_t(size));
  };
  if (!stbi_write_png_to_func(append, &bytes, width, height, 4, rgba.data(), width * 4)) {
    error = "cannot encode PNG " + toUtf8(path);
    return false;
  }
  error = writeFileAtomic(path, bytes);
  return error.empty();
}

}  // namespace fx::render
