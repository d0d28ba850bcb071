// The end of an HDR frame: exposure, bloom (when enabled) and the clamp into the framebuffer
// bound at beginFrame, done by HdrTarget (hdr_target.cpp); the overdraw view ends its own way
// (renderer_overdraw.cpp).
#include "engine/render/renderer_internal.h"

namespace fx::render {

void Renderer::endFrame() {
  if (!impl_->options.hdr) return;
  if (impl_->overdraw) return impl_->resolveOverdraw();
  impl_->hdr.resolve(impl_->bloom, impl_->transparent);
}

void Renderer::setBloom(const BloomSettings& bloom) {
  impl_->bloom = bloom;
}

const BloomSettings& Renderer::bloom() const {
  return impl_->bloom;
}

void Renderer::setOverdraw(bool on) {
  if (on && !impl_->options.hdr) {
    impl_->warnOnce("the overdraw view needs the HDR frame; drawing the normal picture");
    on = false;
  }
  impl_->overdraw = on;
}

bool Renderer::overdraw() const {
  return impl_->overdraw;
}

void Renderer::setTransparent(bool on) {
  impl_->transparent = on;
}

bool Renderer::transparent() const {
  return impl_->transparent;
}

}  // namespace fx::render
