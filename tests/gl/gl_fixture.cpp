#include "tests/gl/gl_fixture.h"

namespace fx::gltest {

render::HeadlessContext* context() {
  static std::unique_ptr<render::HeadlessContext> ctx;
  static std::string error;
  if (!ctx && error.empty()) {
    ctx = render::HeadlessContext::create(error);
    if (!ctx) ADD_FAILURE() << error;
  }
  return ctx.get();
}

View frontView(int width, int height, float fovDeg) {
  return makeView(vec3(0, -10, 0), vec3(0, 0, 0), fovDeg, vec2(float(width), float(height)));
}

}  // namespace fx::gltest
