// Debug draws: lines and points in the scene (depth-tested, depth-written), and labels as text in
// pixel space over everything (stb_easy_font glyphs with a dark shadow).
#include <cmath>
#include <cstddef>
#include <vector>

// stb_easy_font (Debian libstb-dev): static helpers, some unused here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb/stb_easy_font.h>
#pragma GCC diagnostic pop

#include "engine/render/renderer_internal.h"

namespace fx::render {

void Renderer::drawDebug(const DebugDraw& debug, const View& view) {
  Impl& r = *impl_;
  if (debug.lines.empty() && debug.points.empty()) return;
  if (r.overdraw) return;  // the overdraw view counts particle layers alone
  if (!r.debugProgram.get()) return r.warnOnce(r.debugProgram.error());
  setViewport(view);
  glUseProgram(r.debugProgram.get());
  uniformMat4(r.debugProgram.get(), "uViewProjection", view.viewProjection);
  glBindVertexArray(r.debugVao.get());
  glBindBuffer(GL_ARRAY_BUFFER, r.debugVbo.get());
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_TRUE);
  glDisable(GL_CULL_FACE);
  glEnable(GL_BLEND);
  setBlend(BlendMode::AlphaBlend);  // covering in a transparent capture
  r.particleMask();
  glEnable(GL_PROGRAM_POINT_SIZE);
  r.depthWritten = true;
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  if (!debug.lines.empty()) {
    r.streamDebugVertices(debug.lines.data(), debug.lines.size());
    glDrawArrays(GL_LINES, 0, GLsizei(debug.lines.size() & ~size_t(1)));
    r.stats.drawCalls++;
  }
  if (!debug.points.empty()) {
    GLsizeiptr bytes = GLsizeiptr(debug.points.size() * sizeof(DebugPoint));
    glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, debug.points.data());
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(DebugPoint),
                          reinterpret_cast<void*>(offsetof(DebugPoint, position)));
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(DebugPoint),
                          reinterpret_cast<void*>(offsetof(DebugPoint, color)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, sizeof(DebugPoint),
                          reinterpret_cast<void*>(offsetof(DebugPoint, sizePx)));
    glDrawArrays(GL_POINTS, 0, GLsizei(debug.points.size()));
    r.stats.drawCalls++;
  }
  glDisable(GL_PROGRAM_POINT_SIZE);
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(0);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

void Renderer::drawLabels(const DebugDraw& debug, const View& view, float scale) {
  Impl& r = *impl_;
  if (debug.labels.empty() || r.overdraw) return;
  r.layoutLabels(debug, view, scale);
  const std::vector<DebugVertex>& tris = r.labelTriangles;
  if (tris.empty()) return;
  if (!r.debugProgram.get()) return r.warnOnce(r.debugProgram.error());
  setViewport(view);
  glUseProgram(r.debugProgram.get());
  uniformMat4(r.debugProgram.get(), "uViewProjection", mat4(1.0f));
  glBindVertexArray(r.debugVao.get());
  glBindBuffer(GL_ARRAY_BUFFER, r.debugVbo.get());
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glDisable(GL_CULL_FACE);
  glEnable(GL_BLEND);
  setBlend(BlendMode::AlphaBlend);  // covering in a transparent capture
  r.particleMask();
  r.streamDebugVertices(tris.data(), tris.size());
  glDrawArrays(GL_TRIANGLES, 0, GLsizei(tris.size()));
  r.stats.drawCalls++;
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(0);
  glDepthMask(GL_TRUE);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

// Text as triangles in pixel space (stb_easy_font quads, y down) into labelTriangles, a 1 px dark
// shadow under it; labels behind the camera or well off screen are left out.
void Renderer::Impl::streamDebugVertices(const DebugVertex* v, size_t n) {
  const GLsizeiptr bytes = GLsizeiptr(n * sizeof(DebugVertex));
  glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, v);
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(DebugVertex),
                        reinterpret_cast<void*>(offsetof(DebugVertex, position)));
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(DebugVertex),
                        reinterpret_cast<void*>(offsetof(DebugVertex, color)));
  glDisableVertexAttribArray(2);
  glVertexAttrib1f(2, 1.0f);
}

void Renderer::Impl::layoutLabels(const DebugDraw& debug, const View& view, float scale) {
  // Scratch kept by the renderer, so a frame with labels allocates nothing once warm.
  std::vector<DebugVertex>& tris = labelTriangles;
  std::vector<char>& quads = labelQuads;
  tris.clear();
  quads.resize(64 * 1024);
  for (const DebugLabel& l : debug.labels) {
    vec4 clip = view.viewProjection * vec4(l.position, 1.0f);
    if (!(clip.w > 1e-6f)) continue;  // behind the camera
    vec3 ndc = vec3(clip) / clip.w;
    if (std::abs(ndc.x) > 1.2f || std::abs(ndc.y) > 1.2f || std::abs(ndc.z) > 1.0f) continue;
    float px = (ndc.x * 0.5f + 0.5f) * view.viewportPx.x + 4.0f;
    float py =
        (0.5f - ndc.y * 0.5f) * view.viewportPx.y - 4.0f * scale + float(l.line) * 9.0f * scale;
    int n = stb_easy_font_print(0, 0, const_cast<char*>(l.text.c_str()), nullptr, quads.data(),
                                int(quads.size()));
    const float* q = reinterpret_cast<const float*>(quads.data());  // x, y, z, rgba8 per vertex
    for (int pass = 0; pass < 2; ++pass) {
      vec4 color = pass == 0 ? vec4(0, 0, 0, 0.85f) : l.color;
      float off = pass == 0 ? 1.0f : 0.0f;
      for (int k = 0; k < n; ++k) {
        const float* v = q + k * 16;
        vec3 c[4];
        for (int i = 0; i < 4; ++i) {
          float x = px + v[i * 4] * scale + off, y = py + v[i * 4 + 1] * scale + off;
          c[i] = {x / view.viewportPx.x * 2.0f - 1.0f, 1.0f - y / view.viewportPx.y * 2.0f, 0.0f};
        }
        for (int i : {0, 1, 2, 0, 2, 3}) tris.push_back({c[i], color});
      }
    }
  }
}

}  // namespace fx::render
