// Texture image files: the CPU side of texture loading, shared by the renderer (which uploads the
// pixels) and the loaders (which check referenced textures). Untrusted input: a file is read only
// up to kMaxImageFileBytes, its header is checked against kMaxImageSide before any pixel memory
// is allocated, and only PNG is decoded (stb_image, compiled into this file with its PNG reader
// alone: every texture fxview ships or generates is PNG, and stb's JPEG reader writes out of
// bounds on crafted files, found by tests/fuzz/fuzz_texture). Nothing here throws or aborts;
// failures are one-line reasons.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace fx {

inline constexpr int kMaxImageSide = 8192;               // texels per side
inline constexpr size_t kMaxImageFileBytes = 64u << 20;  // bytes per texture file

struct ImageInfo {
  int width = 0, height = 0, channels = 0;
};

struct Image {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4, rows top to bottom
};

// Reads only the header. False (with `error`) when the bytes are not a PNG or a side exceeds
// `maxSide`.
bool probeImage(std::span<const uint8_t> bytes, ImageInfo& info, std::string& error,
                int maxSide = kMaxImageSide);
// Header check, then a full decode to RGBA8.
bool decodeImage(std::span<const uint8_t> bytes, Image& out, std::string& error,
                 int maxSide = kMaxImageSide);

// The same for a file: missing, not a regular file, larger than kMaxImageFileBytes, corrupt or
// oversized all fail with a reason that does not repeat the path.
bool probeImageFile(const std::filesystem::path& path, ImageInfo& info, std::string& error);
bool loadImageFile(const std::filesystem::path& path, Image& out, std::string& error);

}  // namespace fx
