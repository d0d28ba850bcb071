// Strip batches (DrawList::strips): the frame's strip vertices uploaded once into an orphaned
// buffer, then one indexed draw per batch, among the sprite batches in list order
// (renderer_sprites.cpp drawSprites), with its texture and blend, depth tested like sprites,
// never depth written. Every batch is quads (4 vertices each); one shared element buffer holds
// the pattern (0 1 2, 0 2 3) + 4k for as many quads as the largest batch so far, and each draw
// starts at its batch's first vertex. The UVs repeat (a ribbon's V runs past 1).
#include <algorithm>
#include <vector>

#include "engine/render/renderer_internal.h"

namespace fx::render {

void Renderer::Impl::createStripArrays() {
  stripVao = createVertexArray();
  stripVbo = createBuffer();
  stripIbo = createBuffer();
  glBindVertexArray(stripVao.get());
  glBindBuffer(GL_ARRAY_BUFFER, stripVbo.get());
  const GLsizei stride = sizeof(StripVertex);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<void*>(offsetof(StripVertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<void*>(offsetof(StripVertex, uv)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<void*>(offsetof(StripVertex, color)));
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, stripIbo.get());
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

// Uploads the frame's vertices and grows the quad pattern to `quads` (the VAO is bound).
void Renderer::Impl::uploadStrips(const DrawList& list, size_t quads) {
  glBindBuffer(GL_ARRAY_BUFFER, stripVbo.get());
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(list.stripVertices.size() * sizeof(StripVertex)),
               list.stripVertices.data(), GL_STREAM_DRAW);
  if (quads <= stripQuadCapacity) return;
  stripQuadCapacity = std::max(quads, stripQuadCapacity * 2);
  std::vector<uint32_t> pattern(stripQuadCapacity * 6);
  for (size_t q = 0; q < stripQuadCapacity; ++q) {
    const uint32_t b = uint32_t(q * 4);
    const uint32_t tri[6] = {b, b + 1, b + 2, b, b + 2, b + 3};
    std::copy(tri, tri + 6, pattern.begin() + std::ptrdiff_t(q * 6));
  }
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(pattern.size() * sizeof(uint32_t)),
               pattern.data(), GL_STATIC_DRAW);
}

// The strip pass's per-frame part: the program's view uniforms and the vertex upload. False
// when no strip batch has quads (or the program failed).
bool Renderer::Impl::prepareStrips(const DrawList& list, const View& view) {
  size_t quads = 0;
  for (const StripBatch& b : list.strips)
    if (size_t(b.firstVertex) + b.vertexCount <= list.stripVertices.size())
      quads = std::max(quads, size_t(b.vertexCount / 4));
  if (quads == 0) return false;
  GLuint p = overdraw ? overdrawProgram(overdrawStrip) : stripProgram.get();
  if (!p) {
    if (!overdraw) warnOnce(stripProgram.error());
    return false;
  }
  glUseProgram(p);
  uniformMat4(p, "uView", view.view);
  uniformMat4(p, "uProjection", view.projection);
  glUniform2f(glGetUniformLocation(p, "uViewport"), view.viewportPx.x, view.viewportPx.y);
  glUniform2f(glGetUniformLocation(p, "uViewportOrigin"), view.viewportOriginPx.x,
              view.viewportOriginPx.y);
  stripUniforms = extraUniforms(p);
  glUniform1f(glGetUniformLocation(p, "uOutputMax"), outputMax());
  glUniform1i(glGetUniformLocation(p, "uPrimary"), 0);
  glBindVertexArray(stripVao.get());
  uploadStrips(list, quads);
  glBindVertexArray(0);
  return true;
}

// One strip batch (after prepareStrips), with every state it relies on.
void Renderer::Impl::drawStripBatch(const DrawList& list, const StripBatch& b, const View& view) {
  const size_t n = b.vertexCount / 4;
  if (n == 0 || size_t(b.firstVertex) + b.vertexCount > list.stripVertices.size()) return;
  const bool linear = useLinearLight(b.linearLight, view);
  glUseProgram(overdraw ? overdrawStrip.get() : stripProgram.get());
  glBindVertexArray(stripVao.get());
  glDepthMask(GL_FALSE);
  glDepthFunc(GL_LEQUAL);
  glDisable(GL_CULL_FACE);
  particleMask();
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture(list, b.texture).id);
  glBindSampler(0, samplerFor(b.filtered, b.wrapU, b.wrapV));
  blend(b.blend);
  setDepthUniforms(stripUniforms, b.depthOffset, b.softDistance, view);
  setColorProgram(stripUniforms, b.colorProgram, list);
  glUniform4fv(stripUniforms.primaryTransform, 1, &b.primaryTransform.x);
  glUniform1i(stripUniforms.srgbTextures, linear ? 1 : 0);
  if (b.depthTest && depthWritten)
    glEnable(GL_DEPTH_TEST);
  else
    glDisable(GL_DEPTH_TEST);
  glDrawElementsBaseVertex(GL_TRIANGLES, GLsizei(n * 6), GL_UNSIGNED_INT, nullptr,
                           GLint(b.firstVertex));
  stats.drawCalls++;
  stats.stripTriangles += n * 2;
  glBindVertexArray(0);
  glBindSampler(0, 0);
}

}  // namespace fx::render
