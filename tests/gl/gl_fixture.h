// Shared pieces of the headless GL tests: one EGL context per test process, an offscreen target,
// and pixel helpers. Every test renders through the real renderer into an FBO.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/data_paths.h"
#include "engine/render/renderer.h"

namespace fx::gltest {

// Creates the context on first use; skips nothing: a missing EGL is a test failure.
render::HeadlessContext* context();

// The checkout (goldens, bad inputs, presets); see fx::sourceTreeDir().
inline std::filesystem::path sourceDir() {
  return fx::sourceTreeDir();
}
inline std::filesystem::path buildDir() {
  return std::filesystem::path(FXVIEW_BINARY).parent_path();
}

struct Rgba {
  int r, g, b, a;
};
inline Rgba pixel(const std::vector<uint8_t>& rows, int width, int x, int y) {
  const uint8_t* p = &rows[(size_t(y) * size_t(width) + size_t(x)) * 4];
  return {p[0], p[1], p[2], p[3]};
}

// A viewport with a camera 10 wu from the origin looking along +Y (screen right = +X, up = +Z).
View frontView(int width, int height, float fovDeg = 60.0f);

// A renderer drawing a DrawList into a size x size offscreen target over black through
// frontView, and the pixel a world point lands on.
struct SquareScene {
  int size;
  render::Renderer renderer;
  std::unique_ptr<render::OffscreenTarget> target;
  View view;
  explicit SquareScene(int px) : size(px), view(frontView(px, px)) {
    EXPECT_NE(context(), nullptr);
    std::string error;
    EXPECT_TRUE(renderer.init({}, error)) << error;
    target = std::make_unique<render::OffscreenTarget>(size, size);
  }
  std::vector<uint8_t> render(const DrawList& list) {
    target->bind();
    renderer.beginFrame(size, size, ColorRgba{0, 0, 0, 1});
    renderer.draw(list, view);
    renderer.endFrame();
    return target->readPixels();
  }
  Rgba at(const std::vector<uint8_t>& px, vec3 p) const {
    vec4 c = view.viewProjection * vec4(p, 1.0f);
    int x = int((c.x / c.w * 0.5f + 0.5f) * float(size));
    int y = int((0.5f - c.y / c.w * 0.5f) * float(size));
    return pixel(px, size, x, y);
  }
};

}  // namespace fx::gltest
