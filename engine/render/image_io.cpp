// Offscreen framebuffers, pixel readback and PNG reading through stb (the libstb shared library
// holds the implementation; writing is png_write.cpp's). Rows are always top to bottom outside this
// file; GL's origin is bottom-left.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include <glad/gl.h>
#include <stb_image.h>

#include "engine/core/paths.h"
#include "engine/render/renderer.h"

namespace fx::render {

OffscreenTarget::OffscreenTarget(int width, int height) : width_(width), height_(height) {
  glGenFramebuffers(1, &fbo_);
  glGenRenderbuffers(1, &color_);
  glGenRenderbuffers(1, &depth_);
  glBindRenderbuffer(GL_RENDERBUFFER, color_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, depth_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth_);
}

OffscreenTarget::~OffscreenTarget() {
  glDeleteFramebuffers(1, &fbo_);
  glDeleteRenderbuffers(1, &color_);
  glDeleteRenderbuffers(1, &depth_);
}

void OffscreenTarget::bind() {
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glViewport(0, 0, width_, height_);
}

std::vector<uint8_t> OffscreenTarget::readPixels() const {
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  return readFramebuffer(width_, height_);
}

std::vector<uint8_t> readFramebuffer(int width, int height) {
  std::vector<uint8_t> bottomUp(size_t(width) * size_t(height) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, bottomUp.data());
  std::vector<uint8_t> rows(bottomUp.size());
  size_t stride = size_t(width) * 4;
  for (int y = 0; y < height; ++y)
    std::memcpy(rows.data() + size_t(y) * stride, bottomUp.data() + size_t(height - 1 - y) * stride,
                stride);
  return rows;
}

bool readPng(const std::filesystem::path& path, int& width, int& height, std::vector<uint8_t>& rgba,
             std::string& error) {
  // Read through the path (UTF-8 names on Windows too), decoded from memory.
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) {
    error = toUtf8(path) + ": cannot be read";
    return false;
  }
  int channels = 0;
  stbi_uc* data = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()),
                                        int(bytes.size()), &width, &height, &channels, 4);
  if (!data) {
    const char* reason = stbi_failure_reason();
    error = toUtf8(path) + ": " + (reason ? reason : "unreadable");
    return false;
  }
  rgba.assign(data, data + size_t(width) * size_t(height) * 4);
  stbi_image_free(data);
  return true;
}

}  // namespace fx::render
