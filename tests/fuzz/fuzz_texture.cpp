// libFuzzer target: texture decoding (engine/core/image_file.h, the CPU half of the renderer's
// texture loading): header probe, size cap, full decode to RGBA8. A side cap of 1024 keeps each
// run small; the checks are the same as with the real 8192 cap.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/core/image_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fx::ImageInfo info;
  fx::Image image;
  std::string error;
  std::span<const uint8_t> bytes(data, size);
  bool probed = fx::probeImage(bytes, info, error, 1024);
  bool decoded = fx::decodeImage(bytes, image, error, 1024);
  if (decoded &&
      (!probed || image.width <= 0 || image.height <= 0 || image.width > 1024 ||
       image.height > 1024 || image.rgba.size() != size_t(image.width) * size_t(image.height) * 4))
    __builtin_trap();
  if (!decoded && error.empty()) __builtin_trap();
  return 0;
}
