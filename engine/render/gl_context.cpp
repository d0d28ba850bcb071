// GL loading, for the viewer's window and the headless contexts (headless_egl.cpp on Linux,
// headless_wgl.cpp on Windows).
#include <cstring>
#include <string>

#include <glad/gl.h>

#include "engine/render/renderer.h"

namespace fx::render {

bool loadGL(GetProcAddress getProc) {
  if (!getProc) return false;
  int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(getProc));
  if (version == 0) return false;
  return GLAD_VERSION_MAJOR(version) > 3 ||
         (GLAD_VERSION_MAJOR(version) == 3 && GLAD_VERSION_MINOR(version) >= 3);
}

std::string glRendererString() {
  auto str = [](GLenum e) {
    const GLubyte* s = glGetString(e);
    return s ? std::string(reinterpret_cast<const char*>(s)) : std::string("?");
  };
  return str(GL_RENDERER) + " | " + str(GL_VERSION);
}

}  // namespace fx::render
