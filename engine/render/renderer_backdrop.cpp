// The backdrop (Renderer::drawBackdrop): a gradient or an image filling a view's rectangle,
// drawn over the cleared frame before anything else.
#include "engine/render/renderer_internal.h"

namespace fx::render {

void Renderer::drawBackdrop(const Backdrop& backdrop, const View& view) {
  Impl& r = *impl_;
  if (backdrop.kind == Backdrop::Kind::Color) return;  // beginFrame's clear is the colour
  const GpuTexture* image = nullptr;
  if (backdrop.kind == Backdrop::Kind::Image) {
    if (backdrop.image.empty()) return;
    image = &r.textures.get(backdrop.image, r.warnings);
    if (image->missing) return;  // the cache warned; the solid colour stays
  }
  if (!r.backdropVao) r.backdropVao = createVertexArray();
  GLuint p = r.backdropProgram.get();
  if (!p) return r.warnOnce(r.backdropProgram.error());
  setViewport(view);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDepthMask(GL_FALSE);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glUseProgram(p);
  glBindVertexArray(r.backdropVao.get());
  const ColorRgba& top = backdrop.top;
  const ColorRgba bottom = image ? backdrop.color : backdrop.bottom;
  glUniform1i(glGetUniformLocation(p, "uMode"), image ? 2 : 1);
  glUniform4f(glGetUniformLocation(p, "uTop"), top.r, top.g, top.b, 1.0f);
  glUniform4f(glGetUniformLocation(p, "uBottom"), bottom.r, bottom.g, bottom.b, 1.0f);
  glUniform1i(glGetUniformLocation(p, "uImage"), 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, image ? image->id : r.textures.white().id);
  glBindSampler(0, r.samplerFor(true, TextureWrap::Clamp, TextureWrap::Clamp));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindSampler(0, 0);
  glBindVertexArray(0);
  glDisable(GL_SCISSOR_TEST);
  glDepthMask(GL_TRUE);
}

}  // namespace fx::render
