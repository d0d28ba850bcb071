// Renderer: frame setup and the passes over a DrawList / DebugDraw.
#include "engine/render/renderer.h"

#include <utility>

#include <glad/gl.h>

namespace fx::render {

struct Renderer::Impl {
  RendererOptions options;
  RenderStats stats;
  std::vector<std::string> warnings;
};

Renderer::Renderer() : impl_(std::make_unique<Impl>()) {}
Renderer::~Renderer() = default;

bool Renderer::init(const RendererOptions& options, std::string& error) {
  impl_->options = options;
  if (impl_->options.shaderDir.empty()) impl_->options.shaderDir = FXVIEW_SHADER_DIR;
  if (!glGetString) {
    error = "GL is not loaded";
    return false;
  }
  return true;
}

void Renderer::beginFrame(int width, int height, ColorRgba background) {
  impl_->stats = {};
  glViewport(0, 0, width, height);
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthMask(GL_TRUE);
  glClearColor(background.r, background.g, background.b, 1.0f);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

void Renderer::draw(const DrawList&, const View&) {}
void Renderer::drawDebug(const DebugDraw&, const View&) {}

const RenderStats& Renderer::stats() const {
  return impl_->stats;
}

std::vector<std::string> Renderer::takeWarnings() {
  return std::exchange(impl_->warnings, {});
}

void Renderer::textureSize(const std::string&, int& width, int& height) {
  width = height = 0;
}

}  // namespace fx::render
