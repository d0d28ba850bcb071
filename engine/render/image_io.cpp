// Offscreen framebuffers, pixel readback and PNG reading through stb (the libstb shared library
// holds the implementation; writing is png_write.cpp's). Rows are always top to bottom outside this
// file; GL's origin is bottom-left.
#include <cstdio>
#include <cstring>

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
  int channels = 0;
  // Opened here, not by stbi_load: stb's fopen reads a UTF-8 name in the ANSI code page on Windows
  // unless the library was built with STBI_WINDOWS_UTF8. The words on failure are stbi_load's.
  std::FILE* file = openFile(path, "rb");
  stbi_uc* data = file ? stbi_load_from_file(file, &width, &height, &channels, 4) : nullptr;
  if (file) std::fclose(file);
  if (!data) {
    const char* reason = file ? stbi_failure_reason() : "can't fopen";
    error = toUtf8(path) + ": " + (reason ? reason : "unreadable");
    return false;
  }
  rgba.assign(data, data + size_t(width) * size_t(height) * 4);
  stbi_image_free(data);
  return true;
}

}  // namespace fx::render
