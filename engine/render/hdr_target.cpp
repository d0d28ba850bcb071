#include "engine/render/hdr_target.h"

#include <algorithm>
#include <utility>

#include "engine/render/shader.h"

namespace fx::render {

namespace {

// Post passes share post.vert; an empty `dir` means the built-in copies.
GlProgram postProgram(const std::filesystem::path& dir, const std::string& frag,
                      std::string& error) {
  return loadProgramStages(dir, "post", frag, error);
}

GlTexture colorTexture(int width, int height) {
  GLuint id = 0;
  glGenTextures(1, &id);
  glBindTexture(GL_TEXTURE_2D, id);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F, width, height, 0, GL_RGBA, GL_HALF_FLOAT, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  return GlTexture(id);
}

void bindTexture(GLuint unit, GLuint texture) {
  glActiveTexture(GL_TEXTURE0 + unit);
  glBindTexture(GL_TEXTURE_2D, texture);
  glBindSampler(unit, 0);  // the texture's own linear / clamp parameters
}

// The state every post pass needs: no blend, depth or scissor; all channels written.
void postState(GLuint program, GLuint vao) {
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_CULL_FACE);
  glDepthMask(GL_FALSE);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glUseProgram(program);
  glBindVertexArray(vao);
}

}  // namespace

bool HdrTarget::init(const std::filesystem::path& shaderDir, std::string& error) {
  bright_ = OnDemandProgram(shaderDir, "post", "post_bright");
  blur_ = OnDemandProgram(shaderDir, "post", "post_blur");
  space_ = OnDemandProgram(shaderDir, "post", "post_space");
  overdraw_ = OnDemandProgram(shaderDir, "post", "post_overdraw");
  if (!shaderDir.empty() &&
      !(bright_.compileNow(error) && blur_.compileNow(error) && space_.compileNow(error)))
    return false;
  resolve_ = postProgram(shaderDir, "post_resolve", error);
  if (!resolve_) return false;
  emptyVao_ = createVertexArray();
  return true;
}

void HdrTarget::resize(int width, int height) {
  if (width == width_ && height == height_ && frame_.fbo) return;
  width_ = width;
  height_ = height;
  auto make = [](Surface& s, int w, int h, bool depth) {
    s = {};
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    s.fbo = GlFramebuffer(fbo);
    s.color = colorTexture(w, h);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, s.color.get(), 0);
    if (depth) {
      GLuint rb = 0;
      glGenRenderbuffers(1, &rb);
      s.depth = GlRenderbuffer(rb);
      glBindRenderbuffer(GL_RENDERBUFFER, rb);
      glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, w, h);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
      glBindRenderbuffer(GL_RENDERBUFFER, 0);
    }
  };
  make(frame_, width, height, true);
  other_ = {};
  int hw = std::max(1, width / 2), hh = std::max(1, height / 2);
  make(half_[0], hw, hh, false);
  make(half_[1], hw, hh, false);
}

void HdrTarget::begin(int width, int height) {
  // A frame begun twice without a resolve keeps the framebuffer it first found.
  if (!active_) glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous_);
  resize(std::max(width, 1), std::max(height, 1));
  glBindFramebuffer(GL_FRAMEBUFFER, frame_.fbo.get());
  active_ = true;
  linear_ = false;
}

void HdrTarget::setLinear(bool linear) {
  if (!active_ || linear == linear_ || !space_.get()) return;
  if (!other_.fbo) {
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    other_.fbo = GlFramebuffer(fbo);
    other_.color = colorTexture(width_, height_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, other_.color.get(),
                           0);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                              frame_.depth.get());
  }
  glBindFramebuffer(GL_FRAMEBUFFER, other_.fbo.get());
  glViewport(0, 0, width_, height_);
  postState(space_.get(), emptyVao_.get());
  bindTexture(0, frame_.color.get());
  glUniform1i(glGetUniformLocation(space_.get(), "uFrame"), 0);
  glUniform1i(glGetUniformLocation(space_.get(), "uToLinear"), linear ? 1 : 0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  bindTexture(0, 0);
  glBindVertexArray(0);
  std::swap(frame_.fbo, other_.fbo);
  std::swap(frame_.color, other_.color);
  glBindFramebuffer(GL_FRAMEBUFFER, frame_.fbo.get());
  linear_ = linear;
}

void HdrTarget::bloomPasses(const BloomSettings& bloom) {
  int hw = std::max(1, width_ / 2), hh = std::max(1, height_ / 2);
  glViewport(0, 0, hw, hh);
  glBindFramebuffer(GL_FRAMEBUFFER, half_[0].fbo.get());
  postState(bright_.get(), emptyVao_.get());
  bindTexture(0, frame_.color.get());
  glUniform1i(glGetUniformLocation(bright_.get(), "uHdr"), 0);
  glUniform1f(glGetUniformLocation(bright_.get(), "uThreshold"), bloom.threshold);
  glUniform1f(glGetUniformLocation(bright_.get(), "uKnee"),
              std::clamp(bloom.softKnee, 0.0f, 1.0f) * bloom.threshold);
  glUniform1f(glGetUniformLocation(bright_.get(), "uExposure"), bloom.exposure);
  glDrawArrays(GL_TRIANGLES, 0, 3);

  postState(blur_.get(), emptyVao_.get());
  glUniform1i(glGetUniformLocation(blur_.get(), "uSource"), 0);
  GLint step = glGetUniformLocation(blur_.get(), "uStep");
  for (int i = 0; i < std::clamp(bloom.passes, 1, 8); ++i) {
    glBindFramebuffer(GL_FRAMEBUFFER, half_[1].fbo.get());
    bindTexture(0, half_[0].color.get());
    glUniform2f(step, 1.0f / float(hw), 0.0f);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindFramebuffer(GL_FRAMEBUFFER, half_[0].fbo.get());
    bindTexture(0, half_[1].color.get());
    glUniform2f(step, 0.0f, 1.0f / float(hh));
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
}

void HdrTarget::resolve(const BloomSettings& bloom, bool keepAlpha) {
  if (!active_) return;
  setLinear(false);
  active_ = false;
  if (bloom.enabled && bright_.get() && blur_.get()) bloomPasses(bloom);
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous_));
  glViewport(0, 0, width_, height_);
  postState(resolve_.get(), emptyVao_.get());
  bindTexture(0, frame_.color.get());
  bindTexture(1, half_[0].color.get());
  glUniform1i(glGetUniformLocation(resolve_.get(), "uHdr"), 0);
  glUniform1i(glGetUniformLocation(resolve_.get(), "uBloom"), 1);
  glUniform1f(glGetUniformLocation(resolve_.get(), "uBloomStrength"),
              bloom.enabled ? bloom.strength : 0.0f);
  glUniform1f(glGetUniformLocation(resolve_.get(), "uExposure"), bloom.exposure);
  glUniform1i(glGetUniformLocation(resolve_.get(), "uKeepAlpha"), keepAlpha ? 1 : 0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  bindTexture(1, 0);
  bindTexture(0, 0);
  glBindVertexArray(0);
  glDepthMask(GL_TRUE);
}

void HdrTarget::resolveOverdraw(int x, int y, int w, int h, std::vector<float>& counts) {
  if (!active_) return;
  active_ = false;
  counts.assign(size_t(std::max(w, 0)) * size_t(std::max(h, 0)), 0.0f);
  if (!counts.empty()) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, frame_.fbo.get());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(x, y, w, h, GL_RED, GL_FLOAT, counts.data());
  }
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous_));
  glViewport(0, 0, width_, height_);
  if (!overdraw_.get()) return;
  postState(overdraw_.get(), emptyVao_.get());
  bindTexture(0, frame_.color.get());
  glUniform1i(glGetUniformLocation(overdraw_.get(), "uHdr"), 0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  bindTexture(0, 0);
  glBindVertexArray(0);
  glDepthMask(GL_TRUE);
}

}  // namespace fx::render
