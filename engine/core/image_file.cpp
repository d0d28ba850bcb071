#include "engine/core/image_file.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <utility>

// stb_image, private to this file: static functions, the PNG reader only (see the header). It is
// found through the system include path, so its own warnings stay out of the build log.
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_MAX_DIMENSIONS (1 << 16)
// Every stb allocation goes through a per-call cap: a PNG chunk may claim gigabytes in a file of
// a few hundred bytes (stb reserves the claimed IDAT length before reading it; found by
// tests/fuzz/fuzz_texture), and a deflate stream may inflate far past the image. Over the cap the
// allocation fails and stb reports "outofmem".
namespace {
thread_local size_t tlsAllocationCap = size_t(16) << 20;
void* cappedMalloc(size_t n) {
  return n > tlsAllocationCap ? nullptr : std::malloc(n);
}
void* cappedRealloc(void* p, size_t n) {
  return n > tlsAllocationCap ? nullptr : std::realloc(p, n);
}
}  // namespace
#define STBI_MALLOC(sz) cappedMalloc(sz)
#define STBI_REALLOC(p, newsz) cappedRealloc(p, newsz)
#define STBI_FREE(p) std::free(p)
#include <stb/stb_image.h>

namespace fx {

namespace {

std::string stbReason() {
  const char* r = stbi_failure_reason();
  return r ? r : "unknown error";
}

bool readBytes(const std::filesystem::path& path, std::vector<uint8_t>& out, std::string& error) {
  std::error_code ec;
  auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) {
    error = "no such file";
    return false;
  }
  if (!std::filesystem::is_regular_file(status)) {
    error = "not a regular file";
    return false;
  }
  auto size = std::filesystem::file_size(path, ec);
  if (ec) {
    error = "cannot read the file";
    return false;
  }
  if (size > kMaxImageFileBytes) {
    error = "the file has " + std::to_string(size) + " bytes; the limit is " +
            std::to_string(kMaxImageFileBytes) + " bytes";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  out.resize(size_t(size));
  if (!in || !in.read(reinterpret_cast<char*>(out.data()), std::streamsize(out.size()))) {
    error = "cannot read the file";
    return false;
  }
  return true;
}

// PNG chunk structure, checked before stb sees the pixels: every chunk up to IEND must lie wholly
// inside the file (a truncated one is corrupt data), and zero-length IDAT chunks are dropped.
// stb_image 2.27 copies a zero-length IDAT that comes first with memcpy(NULL, p, 0), undefined
// behaviour found by tests/fuzz/fuzz_texture (also with the chunk's CRC cut off). Returns the
// bytes to decode (`bytes` or `scratch`), or an empty span with `error` set. Not a PNG: unchanged.
std::span<const uint8_t> checkPngChunks(std::span<const uint8_t> bytes,
                                        std::vector<uint8_t>& scratch, std::string& error) {
  static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (bytes.size() < 8 || !std::equal(kSignature, kSignature + 8, bytes.begin())) return bytes;
  auto be32 = [&](size_t at) {
    return uint32_t(bytes[at]) << 24 | uint32_t(bytes[at + 1]) << 16 |
           uint32_t(bytes[at + 2]) << 8 | uint32_t(bytes[at + 3]);
  };
  auto typeIs = [&](size_t at, const char* type) {
    return std::equal(bytes.begin() + long(at), bytes.begin() + long(at + 4), type);
  };
  std::vector<std::pair<size_t, size_t>> drop;  // [begin, end) of empty IDAT chunks
  size_t pos = 8;
  while (pos < bytes.size()) {
    if (bytes.size() - pos < 12 || be32(pos) > bytes.size() - pos - 12) {
      error = "corrupt image data (a PNG chunk runs past the end of the file)";
      return {};
    }
    size_t length = be32(pos);
    if (length == 0 && typeIs(pos + 4, "IDAT")) drop.emplace_back(pos, pos + 12);
    bool end = typeIs(pos + 4, "IEND");
    pos += 12 + length;
    if (end) break;
  }
  if (drop.empty()) return bytes;
  scratch.clear();
  size_t from = 0;
  for (auto [begin, stop] : drop) {
    scratch.insert(scratch.end(), bytes.begin() + long(from), bytes.begin() + long(begin));
    from = stop;
  }
  scratch.insert(scratch.end(), bytes.begin() + long(from), bytes.end());
  return scratch;
}

}  // namespace

bool probeImage(std::span<const uint8_t> bytes, ImageInfo& info, std::string& error, int maxSide) {
  info = {};
  if (bytes.empty()) {
    error = "empty file, not an image";
    return false;
  }
  if (bytes.size() > size_t(INT32_MAX)) {
    error = "too large to be an image";
    return false;
  }
  if (!stbi_info_from_memory(bytes.data(), int(bytes.size()), &info.width, &info.height,
                             &info.channels)) {
    error = "not a PNG image fxview can read (" + stbReason() + ")";
    return false;
  }
  if (info.width <= 0 || info.height <= 0 || info.width > maxSide || info.height > maxSide) {
    error = std::to_string(info.width) + "x" + std::to_string(info.height) +
            " texels is larger than the " + std::to_string(maxSide) + "x" +
            std::to_string(maxSide) + " limit";
    return false;
  }
  return true;
}

bool decodeImage(std::span<const uint8_t> bytes, Image& out, std::string& error, int maxSide) {
  out = {};
  ImageInfo info;
  if (!probeImage(bytes, info, error, maxSide)) return false;
  std::vector<uint8_t> scratch;
  bytes = checkPngChunks(bytes, scratch, error);
  if (bytes.empty()) return false;
  // The largest buffer a genuine decode needs: 16-bit RGBA pixels (8 bytes each) plus a filter
  // byte per row, twice over for stb's intermediate copies, plus the file itself.
  size_t pixels = size_t(info.width) * size_t(info.height);
  tlsAllocationCap = 2 * (pixels * 8 + size_t(info.height)) + bytes.size() + (size_t(1) << 20);
  int w = 0, h = 0, channels = 0;
  stbi_uc* data = stbi_load_from_memory(bytes.data(), int(bytes.size()), &w, &h, &channels, 4);
  tlsAllocationCap = size_t(16) << 20;
  if (!data) {
    error = "corrupt image data (" + stbReason() + ")";
    return false;
  }
  // The decoder may disagree with its own header pass; trust only what it returned, in bounds.
  if (w <= 0 || h <= 0 || w > maxSide || h > maxSide) {
    stbi_image_free(data);
    error = "corrupt image data (size changed while decoding)";
    return false;
  }
  out.width = w;
  out.height = h;
  out.rgba.assign(data, data + size_t(w) * size_t(h) * 4);
  stbi_image_free(data);
  return true;
}

bool probeImageFile(const std::filesystem::path& path, ImageInfo& info, std::string& error) {
  std::vector<uint8_t> bytes;
  return readBytes(path, bytes, error) && probeImage(bytes, info, error);
}

bool loadImageFile(const std::filesystem::path& path, Image& out, std::string& error) {
  std::vector<uint8_t> bytes;
  return readBytes(path, bytes, error) && decodeImage(bytes, out, error);
}

}  // namespace fx
