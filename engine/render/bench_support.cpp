#include "engine/render/bench_support.h"

#include <cstddef>

#include "engine/render/renderer.h"

#include "engine/render/gl_objects.h"
#include "engine/render/shader.h"

namespace fx::render {

namespace {

// The least a textured, tinted, camera-facing sprite needs: no orientation modes, rotation,
// registration, fades, secondary maps or blend-mode rules.
const char* kVert = R"(#version 330 core
layout(location = 0) in vec4 iPositionSize;
layout(location = 1) in vec4 iColor;
layout(location = 2) in vec4 iUv;
uniform mat4 uView;
uniform mat4 uProjection;
out vec2 vUv;
out vec4 vColor;
const vec2 kCorner[4] = vec2[4](vec2(-0.5, -0.5), vec2(0.5, -0.5), vec2(-0.5, 0.5), vec2(0.5, 0.5));
void main() {
  vec2 c = kCorner[gl_VertexID];
  vec3 p = (uView * vec4(iPositionSize.xyz, 1.0)).xyz + vec3(c * iPositionSize.w, 0.0);
  gl_Position = uProjection * vec4(p, 1.0);
  vUv = vec2(mix(iUv.x, iUv.y, c.x + 0.5), mix(iUv.w, iUv.z, c.y + 0.5));
  vColor = iColor;
}
)";
const char* kFrag = R"(#version 330 core
in vec2 vUv;
in vec4 vColor;
uniform sampler2D uTexture;
out vec4 outColor;
void main() { outColor = texture(uTexture, vUv) * vColor; }
)";

}  // namespace

struct RawSpriteBaseline::Impl {
  GlProgram program;
  GlVertexArray vao;
  GlBuffer vbo;
  GlTexture texture;
};

RawSpriteBaseline::RawSpriteBaseline() : impl_(std::make_unique<Impl>()) {}
RawSpriteBaseline::~RawSpriteBaseline() = default;

bool RawSpriteBaseline::init(const std::filesystem::path& texturePath, std::string& error) {
  impl_->program = compileProgram(kVert, kFrag, "baseline.vert", "baseline.frag", error);
  if (!impl_->program) return false;
  int w = 1, h = 1;
  std::vector<uint8_t> rgba = {255, 255, 255, 255};
  if (!texturePath.empty() && !readPng(texturePath, w, h, rgba, error)) return false;
  impl_->texture = createTexture();
  glBindTexture(GL_TEXTURE_2D, impl_->texture.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  impl_->vao = createVertexArray();
  impl_->vbo = createBuffer();
  glBindVertexArray(impl_->vao.get());
  glBindBuffer(GL_ARRAY_BUFFER, impl_->vbo.get());
  const size_t offsets[3] = {offsetof(SpriteInstance, position), offsetof(SpriteInstance, color),
                             offsetof(SpriteInstance, uv)};
  for (GLuint i = 0; i < 3; ++i) {
    glEnableVertexAttribArray(i);
    glVertexAttribPointer(i, 4, GL_FLOAT, GL_FALSE, sizeof(SpriteInstance),
                          reinterpret_cast<void*>(offsets[i]));
    glVertexAttribDivisor(i, 1);
  }
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
  glUniform1i(glGetUniformLocation(p, "uTexture"), 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, impl_->texture.get());
  glBindSampler(0, 0);
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
