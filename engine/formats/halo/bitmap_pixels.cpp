#include "engine/formats/halo/bitmap_pixels.h"

#include <squish.h>

#include <algorithm>

namespace fx::halo {

namespace {

int bytesPerTexel(PixelFormat f) {
  switch (f) {
    case PixelFormat::A8:
    case PixelFormat::Y8:
    case PixelFormat::AY8:
    case PixelFormat::P8Bump:
      return 1;
    case PixelFormat::A8Y8:
    case PixelFormat::R5G6B5:
    case PixelFormat::A1R5G5B5:
    case PixelFormat::A4R4G4B4:
      return 2;
    case PixelFormat::X8R8G8B8:
    case PixelFormat::A8R8G8B8:
      return 4;
    default:
      return 0;
  }
}

// libsquish flags for a DXT format, 0 otherwise.
int squishFlags(PixelFormat f) {
  switch (f) {
    case PixelFormat::Dxt1:
      return squish::kDxt1;
    case PixelFormat::Dxt3:
      return squish::kDxt3;
    case PixelFormat::Dxt5:
      return squish::kDxt5;
    default:
      return 0;
  }
}

// Expands an n-bit channel to 8 bits by bit replication (0 -> 0, max -> 255).
uint8_t expand(uint32_t v, int bits) {
  v &= (1u << bits) - 1u;
  switch (bits) {
    case 1:
      return v ? 255 : 0;
    case 4:
      return uint8_t(v * 17u);
    case 5:
      return uint8_t((v << 3) | (v >> 2));
    case 6:
      return uint8_t((v << 2) | (v >> 4));
    default:
      return uint8_t(v);
  }
}

void decodeTexel(PixelFormat f, const uint8_t* p, uint8_t* out) {
  uint32_t w16 = uint32_t(p[0]);
  if (bytesPerTexel(f) >= 2) w16 |= uint32_t(p[1]) << 8;
  switch (f) {
    case PixelFormat::A8:
      out[0] = out[1] = out[2] = 255, out[3] = p[0];
      break;
    case PixelFormat::Y8:
    case PixelFormat::P8Bump:
      out[0] = out[1] = out[2] = p[0], out[3] = 255;
      break;
    case PixelFormat::AY8:
      out[0] = out[1] = out[2] = out[3] = p[0];
      break;
    case PixelFormat::A8Y8:
      out[0] = out[1] = out[2] = p[0], out[3] = p[1];
      break;
    case PixelFormat::R5G6B5:
      out[0] = expand(w16 >> 11, 5), out[1] = expand(w16 >> 5, 6), out[2] = expand(w16, 5);
      out[3] = 255;
      break;
    case PixelFormat::A1R5G5B5:
      out[0] = expand(w16 >> 10, 5), out[1] = expand(w16 >> 5, 5), out[2] = expand(w16, 5);
      out[3] = expand(w16 >> 15, 1);
      break;
    case PixelFormat::A4R4G4B4:
      out[0] = expand(w16 >> 8, 4), out[1] = expand(w16 >> 4, 4), out[2] = expand(w16, 4);
      out[3] = expand(w16 >> 12, 4);
      break;
    case PixelFormat::X8R8G8B8:
    case PixelFormat::A8R8G8B8:
      out[0] = p[2], out[1] = p[1], out[2] = p[0];
      out[3] = f == PixelFormat::A8R8G8B8 ? p[3] : 255;
      break;
    default:
      break;
  }
}

}  // namespace

std::string_view pixelFormatName(int16_t format) {
  static constexpr std::string_view kNames[] = {
      "a8",      "y8",       "ay8",      "a8y8",     "unused1",  "unused2", "r5g6b5",
      "unused3", "a1r5g5b5", "a4r4g4b4", "x8r8g8b8", "a8r8g8b8", "unused4", "unused5",
      "dxt1",    "dxt3",     "dxt5",     "p8 bump",  "bc7"};
  if (format < 0 || size_t(format) >= std::size(kNames)) return "";
  return kNames[size_t(format)];
}

bool pixelFormatDecodable(int16_t format) {
  auto f = PixelFormat(format);
  return bytesPerTexel(f) > 0 || squishFlags(f) != 0;
}

size_t pixelLevelBytes(int16_t format, int width, int height) {
  auto f = PixelFormat(format);
  if (width < 1 || height < 1) return 0;
  if (int flags = squishFlags(f)) {
    size_t blocks = size_t((width + 3) / 4) * size_t((height + 3) / 4);
    return blocks * ((flags & squish::kDxt1) ? 8u : 16u);
  }
  return size_t(width) * size_t(height) * size_t(bytesPerTexel(f));
}

size_t pixelChainBytes(int16_t format, int width, int height, int mipmaps) {
  size_t total = 0;
  for (int level = 0; level <= mipmaps; ++level) {
    total += pixelLevelBytes(format, width, height);
    if (width == 1 && height == 1) break;  // a chain cannot go below 1x1
    width = std::max(1, width / 2), height = std::max(1, height / 2);
  }
  return total;
}

bool decodePixels(int16_t format, int width, int height, std::span<const uint8_t> bytes,
                  std::vector<uint8_t>& rgba, std::string& error) {
  auto f = PixelFormat(format);
  if (!pixelFormatDecodable(format)) {
    std::string_view name = pixelFormatName(format);
    error = name.empty() ? "format " + std::to_string(format) + " is not a bitmap format"
                         : "format " + std::string(name) + " is not decoded by fxview";
    return false;
  }
  if (width < 1 || height < 1 || width > 65535 || height > 65535) {
    error = "size " + std::to_string(width) + "x" + std::to_string(height) +
            " is outside 1..65535 texels a side";
    return false;
  }
  size_t need = pixelLevelBytes(format, width, height);
  if (bytes.size() < need) {
    error = std::string(pixelFormatName(format)) + " " + std::to_string(width) + "x" +
            std::to_string(height) + " needs " + std::to_string(need) + " bytes, " +
            std::to_string(bytes.size()) + " are there";
    return false;
  }
  rgba.assign(size_t(width) * size_t(height) * 4, 0);
  if (int flags = squishFlags(f)) {
    squish::DecompressImage(rgba.data(), width, height, bytes.data(), flags);
    return true;
  }
  const int bpp = bytesPerTexel(f);
  for (size_t i = 0, n = size_t(width) * size_t(height); i < n; ++i)
    decodeTexel(f, bytes.data() + i * size_t(bpp), rgba.data() + i * 4);
  return true;
}

}  // namespace fx::halo
