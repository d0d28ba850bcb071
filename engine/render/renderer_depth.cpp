// Colour programs (ColorProgram), and scene depth for soft particles and the per-batch depth offset
// (SpriteBatch::depthOffset, softDistance; the same on strip batches). After the meshes, when a
// batch of the list asks for soft edges and something wrote depth, the depth of the view's
// rectangle is blitted into a depth texture (the depth buffer cannot be read while it is bound for
// testing); sprite and strip fragments read it back as view-space distance and fade where the scene
// is close behind. Nothing written: the scene is at the far plane, so nothing fades (as against a
// cleared buffer).
#include <algorithm>

#include "engine/render/renderer_internal.h"

namespace fx::render {

namespace {

bool wantsSoftEdges(const DrawList& list) {
  for (const SpriteBatch& b : list.batches)
    if (b.softDistance > 0.0f && b.count > 0) return true;
  for (const StripBatch& b : list.strips)
    if (b.softDistance > 0.0f && b.vertexCount > 0) return true;
  return false;
}

}  // namespace

// (Re)creates the depth texture and its framebuffer at w x h.
void Renderer::Impl::resizeSceneDepth(int w, int h) {
  if (sceneDepth && sceneDepthW == w && sceneDepthH == h) return;
  sceneDepth = createTexture();
  glBindTexture(GL_TEXTURE_2D, sceneDepth.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, w, h, 0, GL_DEPTH_STENCIL,
               GL_UNSIGNED_INT_24_8, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_NONE);
  glBindTexture(GL_TEXTURE_2D, 0);
  GLuint fbo = 0;
  glGenFramebuffers(1, &fbo);
  sceneDepthFbo = GlFramebuffer(fbo);
  GLint previous = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D,
                         sceneDepth.get(), 0);
  glDrawBuffer(GL_NONE);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(previous));
  sceneDepthW = w;
  sceneDepthH = h;
}

void Renderer::Impl::copySceneDepth(const DrawList& list, const View& view) {
  sceneDepthReady = false;
  if (!depthWritten || !wantsSoftEdges(list)) return;
  const int w = std::max(1, int(view.viewportPx.x)), h = std::max(1, int(view.viewportPx.y));
  const int x = int(view.viewportOriginPx.x), y = int(view.viewportOriginPx.y);
  for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) {
  }  // earlier errors are not the blit's
  GLint draw = 0, read = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read);
  resizeSceneDepth(w, h);
  glDisable(GL_SCISSOR_TEST);  // the scissor would clip the blit
  glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(draw));
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, sceneDepthFbo.get());
  glBlitFramebuffer(x, y, x + w, y + h, 0, 0, w, h, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  const bool ok = glGetError() == GL_NO_ERROR;
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(draw));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(read));
  setViewport(view);
  if (!ok) return warnOnce("soft particles: the scene depth could not be copied; hard edges");
  sceneDepthReady = true;
}

ExtraUniforms extraUniforms(GLuint program) {
  auto loc = [program](const char* n) { return glGetUniformLocation(program, n); };
  return {loc("uDepthOffset"),      loc("uSoftInvDistance"), loc("uSceneDepth"),
          loc("uDepthParams"),      loc("uColorStepCount"),  loc("uColorStep"),
          loc("uColorConstant"),    loc("uColorTexture2"),   loc("uColorTexture2Transform"),
          loc("uPrimaryTransform"), loc("uSrgbTextures")};
}

static_assert(int(ColorOperand::Saved) == 4 && int(ColorAction::Push) == 2,
              "shaders/color_ops.glsl reads operands and actions by these numbers");

// A batch's colour program (ColorProgram): its steps as (operator, operand, back, action) and
// constants,
// and its second map on texture unit 3 (repeating, filtered).
void Renderer::Impl::setColorProgram(const ExtraUniforms& u, const ColorProgram& program,
                                     const DrawList& list) {
  const int n = std::clamp(program.count, 0, kMaxColorSteps);
  glUniform1i(u.colorStepCount, n);
  if (n == 0) return;
  GLint steps[kMaxColorSteps * 4];
  GLfloat constants[kMaxColorSteps * 4];
  for (int i = 0; i < n; ++i) {
    const ColorStep& s = program.steps[i];
    steps[i * 4 + 0] = GLint(s.op);
    steps[i * 4 + 1] = GLint(s.operand);  // the order color_ops.glsl reads
    steps[i * 4 + 2] = s.operandIsBack ? 1 : 0;
    steps[i * 4 + 3] = GLint(s.action);
    for (int c = 0; c < 4; ++c) constants[i * 4 + c] = s.constant[c];
  }
  glUniform4iv(u.colorStep, n, steps);
  glUniform4fv(u.colorConstant, n, constants);
  glUniform1i(u.colorTexture2, 3);
  glUniform4fv(u.colorTexture2Transform, 1, &program.texture2Transform.x);
  glActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_2D, texture(list, program.texture2).id);
  glBindSampler(3, samplerFor(true, TextureWrap::Repeat, TextureWrap::Repeat));
  glActiveTexture(GL_TEXTURE0);
}

// A batch's depth offset and soft edge: the scene depth on texture unit 2 when it fades.
void Renderer::Impl::setDepthUniforms(const ExtraUniforms& u, float depthOffset, float softDistance,
                                      const View& view) {
  glUniform1f(u.depthOffset, depthOffset);
  const bool soft = softDistance > 0.0f && sceneDepthReady;
  glUniform1f(u.softInvDistance, soft ? 1.0f / softDistance : 0.0f);
  // Linear depth from the stored depth d: ndc = 2d - 1; perspective B / (ndc + A), else
  // (B - ndc) / A, with A = P[2][2], B = P[3][2].
  const mat4& p = view.projection;
  glUniform3f(u.depthParams, p[2][2], p[3][2], p[2][3] != 0.0f ? 1.0f : 0.0f);
  glUniform1i(u.sceneDepth, 2);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, soft ? sceneDepth.get() : 0);
  glBindSampler(2, 0);
  glActiveTexture(GL_TEXTURE0);
}

}  // namespace fx::render
