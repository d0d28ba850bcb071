// The end of an HDR frame: bloom (when enabled) and the clamp into the framebuffer bound at
// beginFrame, both done by HdrTarget (hdr_target.cpp).
#include "engine/render/renderer_internal.h"

namespace fx::render {

void Renderer::endFrame() {
  if (impl_->options.hdr) impl_->hdr.resolve(impl_->bloom);
}

void Renderer::setBloom(const BloomSettings& bloom) {
  impl_->bloom = bloom;
}

const BloomSettings& Renderer::bloom() const {
  return impl_->bloom;
}

}  // namespace fx::render
