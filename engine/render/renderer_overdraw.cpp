// The overdraw view's end of frame: the layer counts read back for RenderStats (max and mean
// over the views drawn), mapped through kOverdrawRamp (post_overdraw.frag), and the legend (a
// swatch and its counts per band) at the top-left corner of the first view.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

// stb_easy_font (Debian libstb-dev): static helpers, some unused here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb/stb_easy_font.h>
#pragma GCC diagnostic pop

#include "engine/render/renderer_internal.h"

namespace fx::render {

int overdrawBand(int layers) {
  int band = 0;
  for (int i = 1; i < int(std::size(kOverdrawRamp)); ++i)
    if (layers >= kOverdrawRamp[i].first) band = i;
  return band;
}

GLuint Renderer::Impl::overdrawProgram(OnDemandProgram& program) {
  const GLuint p = program.get();
  if (!p) warnOnce("overdraw view: " + program.error());
  return p;
}

void Renderer::Impl::noteView(const View& view) {
  const vec4 r{view.viewportOriginPx.x, view.viewportOriginPx.y,
               view.viewportOriginPx.x + view.viewportPx.x,
               view.viewportOriginPx.y + view.viewportPx.y};
  if (!drewView) {
    drawnArea = firstView = r;
    drewView = true;
    return;
  }
  drawnArea = {std::min(drawnArea.x, r.x), std::min(drawnArea.y, r.y), std::max(drawnArea.z, r.z),
               std::max(drawnArea.w, r.w)};
}

void Renderer::Impl::resolveOverdraw() {
  std::vector<float> counts;
  const int x = int(drawnArea.x), y = int(drawnArea.y);
  const int w = drewView ? int(drawnArea.z) - x : 0, h = drewView ? int(drawnArea.w) - y : 0;
  hdr.resolveOverdraw(x, y, w, h, counts);
  double sum = 0.0;
  int most = 0;
  for (float c : counts) {
    const int layers = int(std::lround(c));
    sum += layers;
    most = std::max(most, layers);
  }
  stats.overdrawMax = most;
  stats.overdrawMean = counts.empty() ? 0.0 : sum / double(counts.size());
  if (drewView) drawOverdrawLegend();
}

namespace {

// Pixel rectangles and text (y down from `top`, x right from `left`) as NDC triangles of a
// `width` x `height` framebuffer.
struct LegendBuilder {
  std::vector<DebugVertex>& tris;
  float left, top, width, height;

  vec3 ndc(float px, float py) const {
    return {(left + px) / width * 2.0f - 1.0f, (top - py) / height * 2.0f - 1.0f, 0.0f};
  }
  void rect(float x0, float y0, float x1, float y1, vec4 color) {
    const vec3 c[4] = {ndc(x0, y0), ndc(x1, y0), ndc(x1, y1), ndc(x0, y1)};
    for (int i : {0, 1, 2, 0, 2, 3}) tris.push_back({c[i], color});
  }
  void text(float x, float y, const char* s, vec4 color) {
    char quads[8192];
    const int n = stb_easy_font_print(0, 0, const_cast<char*>(s), nullptr, quads, sizeof quads);
    const float* q = reinterpret_cast<const float*>(quads);  // x, y, z, rgba8 per vertex
    for (int k = 0; k < n; ++k) {
      const float* v = q + k * 16;
      rect(x + v[0], y + v[1], x + v[8], y + v[9], color);
    }
  }
};

}  // namespace

void Renderer::Impl::drawOverdrawLegend() {
  if (!debugProgram.get()) return warnOnce(debugProgram.error());
  GLint vp[4] = {0, 0, 0, 0};
  glGetIntegerv(GL_VIEWPORT, vp);
  labelTriangles.clear();
  LegendBuilder b{labelTriangles, firstView.x + float(kOverdrawLegend[0]),
                  firstView.w - float(kOverdrawLegend[1]), float(vp[2]), float(vp[3])};
  b.rect(0, 0, float(kOverdrawLegend[2]), float(kOverdrawLegend[3]), vec4(0.12f, 0.12f, 0.12f, 1));
  const int bands = int(std::size(kOverdrawRamp));
  for (int i = 0; i < bands; ++i) {
    const OverdrawBand& band = kOverdrawRamp[i];
    const float y = 4.0f + 12.0f * float(i);
    b.rect(4, y, 14, y + 10, vec4(band.r / 255.0f, band.g / 255.0f, band.b / 255.0f, 1.0f));
    char label[32];
    if (i + 1 == bands)
      std::snprintf(label, sizeof label, "%d+", band.first);
    else if (kOverdrawRamp[i + 1].first == band.first + 1)
      std::snprintf(label, sizeof label, "%d", band.first);
    else
      std::snprintf(label, sizeof label, "%d-%d", band.first, kOverdrawRamp[i + 1].first - 1);
    b.text(18, y + 1, label, vec4(1.0f));
  }
  glUseProgram(debugProgram.get());
  uniformMat4(debugProgram.get(), "uViewProjection", mat4(1.0f));
  glBindVertexArray(debugVao.get());
  glBindBuffer(GL_ARRAY_BUFFER, debugVbo.get());
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  streamDebugVertices(labelTriangles.data(), labelTriangles.size());
  glDrawArrays(GL_TRIANGLES, 0, GLsizei(labelTriangles.size()));
  glBindVertexArray(0);
}

}  // namespace fx::render
