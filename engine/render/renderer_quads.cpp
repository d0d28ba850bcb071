// Shader quads: one program per shader name (built lazily; a failure disables only that name's
// quads, with one warning), the quad's uniforms and data textures, two triangles each.
#include <algorithm>
#include <string>

#include "engine/render/renderer_internal.h"
#include "engine/render/shader.h"

namespace fx::render {

Renderer::Impl::QuadProgram& Renderer::Impl::quadProgram(const std::string& name) {
  auto it = quadPrograms.find(name);
  if (it != quadPrograms.end()) return it->second;
  QuadProgram& q = quadPrograms[name];
  std::string error;
  bool safeName = !name.empty() && name.find_first_of("/\\.") == std::string::npos;
  if (!safeName) {
    error = "shader name '" + name + "' must be a plain file stem";
  } else {
    q.program = loadProgram(options.quadShaderDir, name, error);
  }
  if (!q.program) {
    q.failed = true;
    warnOnce("shader quad '" + name + "' disabled: " + error);
  }
  return q;
}

void Renderer::Impl::drawShaderQuads(const DrawList& list, const View& view) {
  if (list.shaderQuads.empty()) return;
  useLinearLight(false, view);
  glBindVertexArray(quadVao.get());
  glBindBuffer(GL_ARRAY_BUFFER, quadVbo.get());
  glDisable(GL_CULL_FACE);
  if (depthWritten)  // see depthWritten: against a cleared buffer the test passes everywhere
    glEnable(GL_DEPTH_TEST);
  else
    glDisable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_FALSE);
  particleMask();
  // The overdraw view draws every quad's corners with one program (the quad vertex contract,
  // renderer.h), so a shader's discards leave no hole in the count.
  const GLuint layers = overdraw ? overdrawProgram(overdrawQuad) : 0;
  if (overdraw && !layers) return;
  for (const ShaderQuad& quad : list.shaderQuads) {
    timers.switchTo(timers.ownerOf(size_t(&quad - list.shaderQuads.data()), &GpuSpan::firstQuad));
    GLuint p = layers;
    if (!p) {
      QuadProgram& q = quadProgram(quad.shader);
      if (q.failed) continue;
      p = q.program.get();
    }
    glUseProgram(p);
    setQuadUniforms(p, quad, view);
    GLint unit = layers ? 0 : bindQuadTextures(p, list, quad);
    const vec2 uvs[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const int tri[6] = {0, 1, 2, 0, 2, 3};
    float verts[6 * 5];
    for (int i = 0; i < 6; ++i) {
      const vec3& c = quad.corners[tri[i]];
      float* v = verts + i * 5;
      v[0] = c.x, v[1] = c.y, v[2] = c.z, v[3] = uvs[tri[i]].x, v[4] = uvs[tri[i]].y;
    }
    glBufferData(GL_ARRAY_BUFFER, sizeof verts, nullptr, GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof verts, verts);
    blend(quad.blend);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    stats.drawCalls++;
    stats.shaderQuads++;
    for (GLint i = 0; i < unit; ++i) glBindSampler(GLuint(i), 0);
  }
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(0);
}

// The uniforms every quad shader may declare (see renderer.h), then the quad's own.
void Renderer::Impl::setQuadUniforms(GLuint p, const ShaderQuad& quad, const View& view) {
  uniformMat4(p, "uViewProjection", view.viewProjection);
  uniformMat4(p, "uView", view.view);
  uniformMat4(p, "uProjection", view.projection);
  glUniform2f(glGetUniformLocation(p, "uViewport"), view.viewportPx.x, view.viewportPx.y);
  glUniform2f(glGetUniformLocation(p, "uViewportOrigin"), view.viewportOriginPx.x,
              view.viewportOriginPx.y);
  glUniform3f(glGetUniformLocation(p, "uEye"), view.eye.x, view.eye.y, view.eye.z);
  glUniform1f(glGetUniformLocation(p, "uOutputMax"), outputMax());
  for (const ShaderUniform& u : quad.uniforms) {
    GLint loc = glGetUniformLocation(p, u.name.c_str());
    if (loc < 0) continue;
    switch (std::clamp(u.components, 1, 4)) {
      case 1:
        glUniform1f(loc, u.value.x);
        break;
      case 2:
        glUniform2f(loc, u.value.x, u.value.y);
        break;
      case 3:
        glUniform3f(loc, u.value.x, u.value.y, u.value.z);
        break;
      default:
        glUniform4f(loc, u.value.x, u.value.y, u.value.z, u.value.w);
        break;
    }
  }
}

// The quad's textures on units 0..7 in list order; returns how many units were bound.
GLint Renderer::Impl::bindQuadTextures(GLuint p, const DrawList& list, const ShaderQuad& quad) {
  GLint unit = 0;
  for (const auto& [sampler, id] : quad.textures) {
    if (unit >= 8) break;
    GLint loc = glGetUniformLocation(p, sampler.c_str());
    if (loc < 0) continue;
    glActiveTexture(GLenum(GL_TEXTURE0 + unit));
    glBindTexture(GL_TEXTURE_2D, texture(list, id).id);
    // Shader quads sample data textures; a sprite batch's filtering never reaches them.
    glBindSampler(GLuint(unit), dataSampler.get());
    glUniform1i(loc, unit);
    ++unit;
  }
  return unit;
}

}  // namespace fx::render
