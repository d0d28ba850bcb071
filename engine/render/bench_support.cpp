#include "engine/render/bench_support.h"

#include "engine/render/gl_objects.h"
#include "engine/render/shader.h"

namespace fx::render {

namespace {

const char* kVert = R"(#version 330 core
layout(location = 0) in vec4 iPositionSize;
uniform mat4 uView;
uniform mat4 uProjection;
const vec2 kCorner[4] = vec2[4](vec2(-0.5, -0.5), vec2(0.5, -0.5), vec2(-0.5, 0.5), vec2(0.5, 0.5));
void main() {
  vec3 p = (uView * vec4(iPositionSize.xyz, 1.0)).xyz + vec3(kCorner[gl_VertexID] * iPositionSize.w, 0.0);
  gl_Position = uProjection * vec4(p, 1.0);
}
)";
const char* kFrag = R"(#version 330 core
out vec4 outColor;
void main() { outColor = vec4(1.0); }
)";

}  // namespace

struct RawSpriteBaseline::Impl {
  GlProgram program;
  GlVertexArray vao;
  GlBuffer vbo;
};

RawSpriteBaseline::RawSpriteBaseline() : impl_(std::make_unique<Impl>()) {}
RawSpriteBaseline::~RawSpriteBaseline() = default;

bool RawSpriteBaseline::init(std::string& error) {
  impl_->program = compileProgram(kVert, kFrag, "baseline.vert", "baseline.frag", error);
  if (!impl_->program) return false;
  impl_->vao = createVertexArray();
  impl_->vbo = createBuffer();
  glBindVertexArray(impl_->vao.get());
  glBindBuffer(GL_ARRAY_BUFFER, impl_->vbo.get());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, sizeof(SpriteInstance), nullptr);
  glVertexAttribDivisor(0, 1);
  glBindVertexArray(0);
  return true;
}

void RawSpriteBaseline::draw(const std::vector<SpriteInstance>& sprites, const View& view) {
  glBindBuffer(GL_ARRAY_BUFFER, impl_->vbo.get());
  GLsizeiptr bytes = GLsizeiptr(sprites.size() * sizeof(SpriteInstance));
  glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, sprites.data());
  GLuint p = impl_->program.get();
  glUseProgram(p);
  glUniformMatrix4fv(glGetUniformLocation(p, "uView"), 1, GL_FALSE, &view.view[0][0]);
  glUniformMatrix4fv(glGetUniformLocation(p, "uProjection"), 1, GL_FALSE, &view.projection[0][0]);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_ONE, GL_ONE);
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
  glBindVertexArray(impl_->vao.get());
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, GLsizei(sprites.size()));
  glBindVertexArray(0);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthMask(GL_TRUE);
}

void finishGL() {
  glFinish();
}

}  // namespace fx::render
