// A shader that fails to compile disables only the effect that needs it: a scene with a sprite
// effect and a lightning effect (a shader quad) renders with a broken lightning.frag; the sprites
// still draw, the lightning draws nothing, and the renderer reports the driver's compile log.
// Also: RendererOptions::debugOutput installs a KHR_debug callback whose messages reach the
// same warnings list (on by default in Debug builds).
#include <gtest/gtest.h>

#include <glad/gl.h>

#include <filesystem>
#include <fstream>

#include "engine/render/renderer.h"
#include "engine/session/world.h"
#include "tests/gl/gl_fixture.h"

namespace fx::shader_failure_test {
namespace {

namespace fs = std::filesystem;

constexpr int kSize = 96;

Json scene(bool withLightning) {
  Json sprite = {
      {"id", "sprite"},
      {"kind", "sprites"},
      {"object", "left"},
      {"definition",
       {{"batches",
         Json::array(
             {{{"blend", "alpha_blend"},
               {"sprites",
                Json::array(
                    {{{"size", 1.2}, {"color", {{"r", 0}, {"g", 1}, {"b", 0}, {"a", 1}}}}})}}})}}}};
  Json effects = Json::array({sprite});
  if (withLightning)
    effects.push_back({{"id", "bolt"},
                       {"kind", "lightning"},
                       {"object", "right"},
                       {"definition", {{"state", "has_charge"}}}});
  return {{"version", 1},
          {"seed", 1},
          {"camera", {{"position", {0, -6, 0}}, {"target", {0, 0, 0}}, {"fov_deg", 50}}},
          {"background", {{"r", 0.0}, {"g", 0.0}, {"b", 0.0}}},
          {"objects", Json::array({{{"name", "left"}, {"position", {-1.2, 0, 0}}},
                                   {{"name", "right"}, {"position", {1.2, 0, 0}}}})},
          {"effects", effects}};
}

struct Frame {
  std::vector<uint8_t> pixels;
  std::vector<std::string> warnings;
};

Frame render(bool withLightning, const fs::path& quadShaderDir) {
  Frame f;
  Diagnostics diags;
  auto preset =
      loadPresetFromJson(scene(withLightning), fs::temp_directory_path() / "preset.json", diags);
  EXPECT_TRUE(preset && !diags.hasErrors()) << diags.formatAll();
  if (!preset) return f;
  EXPECT_EQ(preset->effects.size(), withLightning ? 2u : 1u);
  World world(*preset);
  View view = presetView(preset->scene, vec2(kSize, kSize));
  world.setView(view);
  world.advanceTo(0.5);
  DrawList draw;
  DebugDraw debug;
  world.collect(draw, debug);
  render::Renderer renderer;
  std::string error;
  EXPECT_TRUE(renderer.init({.quadShaderDir = quadShaderDir, .debugOutput = false}, error))
      << error;
  render::OffscreenTarget target(kSize, kSize);
  target.bind();
  renderer.beginFrame(kSize, kSize, preset->scene.background);
  renderer.draw(draw, view);
  renderer.endFrame();
  f.pixels = target.readPixels();
  f.warnings = renderer.takeWarnings();
  return f;
}

fs::path brokenLightningShaders() {
  fs::path dir = fs::temp_directory_path() / "fxview_shader_failure_test";
  fs::create_directories(dir);
  fs::copy_file(gltest::sourceDir() / "shaders/lightning.vert", dir / "lightning.vert",
                fs::copy_options::overwrite_existing);
  std::ofstream(dir / "lightning.frag") << "#version 330 core\nout vec4 color;\n"
                                           "void main() { color = undefined_value; }\n";
  return dir;
}

size_t differing(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
  size_t n = 0;
  for (size_t i = 0; i + 3 < a.size() && i + 3 < b.size(); i += 4)
    n += a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2];
  return n;
}

TEST(GlShaderFailure, BrokenEffectShaderDisablesOnlyThatEffect) {
  ASSERT_NE(gltest::context(), nullptr);
  fs::path shaders = gltest::sourceDir() / "shaders";
  Frame spritesOnly = render(false, shaders);
  Frame both = render(true, shaders);
  Frame broken = render(true, brokenLightningShaders());
  ASSERT_FALSE(spritesOnly.pixels.empty());
  EXPECT_TRUE(both.warnings.empty()) << both.warnings[0];

  // The good effect draws: the sprite's centre (left third of the frame) is green.
  gltest::Rgba c = gltest::pixel(broken.pixels, kSize, kSize / 2 - 19, kSize / 2);
  EXPECT_GT(c.g, 200);
  EXPECT_LT(c.r, 30);
  // With its shader the lightning shows; with the broken one it draws nothing at all.
  EXPECT_GT(differing(both.pixels, spritesOnly.pixels), 20u);
  EXPECT_EQ(differing(broken.pixels, spritesOnly.pixels), 0u);

  // The compile failure is reported once, naming the file, with the driver's log.
  ASSERT_EQ(broken.warnings.size(), 1u);
  const std::string& w = broken.warnings[0];
  EXPECT_NE(w.find("shader quad 'lightning' disabled"), std::string::npos) << w;
  EXPECT_NE(w.find("lightning.frag: fragment shader failed to compile:\n"), std::string::npos) << w;
  EXPECT_NE(w.find("undefined_value"), std::string::npos) << "the log names the bad identifier:\n"
                                                          << w;
}

TEST(GlDebugOutput, CallbackReportsDriverErrorsUntilTheRendererGoes) {
  ASSERT_NE(gltest::context(), nullptr);
  auto provokeError = [] {
    glBindTexture(GL_TEXTURE_2D, 0xFFFFFFu);  // a name never generated: GL_INVALID_OPERATION
    while (glGetError() != GL_NO_ERROR) {
    }
  };
  std::string error;
  {
    render::Renderer renderer;
    ASSERT_TRUE(renderer.init({.debugOutput = true}, error)) << error;
    if (!GLAD_GL_KHR_debug) GTEST_SKIP() << "the driver has no KHR_debug";
    renderer.takeWarnings();
    provokeError();
    auto warnings = renderer.takeWarnings();
    ASSERT_FALSE(warnings.empty());
    EXPECT_EQ(warnings[0].rfind("GL debug error: ", 0), 0u) << warnings[0];
  }
  // The renderer took its callback down when it went (the context lives on): a new renderer
  // without debugOutput hears nothing, and nothing writes to the old one's memory.
  render::Renderer quiet;
  ASSERT_TRUE(quiet.init({.debugOutput = false}, error)) << error;
  quiet.takeWarnings();
  provokeError();
  const auto heard = quiet.takeWarnings();
  EXPECT_TRUE(heard.empty()) << heard[0];
}

}  // namespace
}  // namespace fx::shader_failure_test
