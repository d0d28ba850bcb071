// RAII owners for GL object names (render-internal; includes glad). Each owner deletes its name
// on destruction and moves but never copies, so a GL object has exactly one owner.
#pragma once

#include <utility>

#include <glad/gl.h>

namespace fx::render {

template <void (*Delete)(GLuint)>
class GlName {
 public:
  GlName() = default;
  explicit GlName(GLuint id) : id_(id) {}
  ~GlName() { reset(); }
  GlName(const GlName&) = delete;
  GlName& operator=(const GlName&) = delete;
  GlName(GlName&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
  GlName& operator=(GlName&& o) noexcept {
    if (this != &o) {
      reset();
      id_ = std::exchange(o.id_, 0);
    }
    return *this;
  }
  GLuint get() const { return id_; }
  explicit operator bool() const { return id_ != 0; }
  void reset() {
    if (id_) Delete(id_);
    id_ = 0;
  }

 private:
  GLuint id_ = 0;
};

namespace detail {
inline void deleteBuffer(GLuint id) {
  glDeleteBuffers(1, &id);
}
inline void deleteVertexArray(GLuint id) {
  glDeleteVertexArrays(1, &id);
}
inline void deleteTexture(GLuint id) {
  glDeleteTextures(1, &id);
}
inline void deleteSampler(GLuint id) {
  glDeleteSamplers(1, &id);
}
inline void deleteFramebuffer(GLuint id) {
  glDeleteFramebuffers(1, &id);
}
inline void deleteRenderbuffer(GLuint id) {
  glDeleteRenderbuffers(1, &id);
}
inline void deleteProgram(GLuint id) {
  glDeleteProgram(id);
}
inline void deleteShader(GLuint id) {
  glDeleteShader(id);
}
}  // namespace detail

using GlBuffer = GlName<detail::deleteBuffer>;
using GlVertexArray = GlName<detail::deleteVertexArray>;
using GlTexture = GlName<detail::deleteTexture>;
using GlSampler = GlName<detail::deleteSampler>;
using GlFramebuffer = GlName<detail::deleteFramebuffer>;
using GlRenderbuffer = GlName<detail::deleteRenderbuffer>;
using GlProgram = GlName<detail::deleteProgram>;
using GlShader = GlName<detail::deleteShader>;

inline GlBuffer createBuffer() {
  GLuint id = 0;
  glGenBuffers(1, &id);
  return GlBuffer(id);
}
inline GlVertexArray createVertexArray() {
  GLuint id = 0;
  glGenVertexArrays(1, &id);
  return GlVertexArray(id);
}
inline GlTexture createTexture() {
  GLuint id = 0;
  glGenTextures(1, &id);
  return GlTexture(id);
}
inline GlSampler createSampler() {
  GLuint id = 0;
  glGenSamplers(1, &id);
  return GlSampler(id);
}

}  // namespace fx::render
