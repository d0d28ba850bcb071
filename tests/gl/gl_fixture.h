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

}  // namespace fx::gltest
