// The viewer's document handling without a window: hot reload keeps the last good state when the
// file on disk breaks, and a bug-report bundle reopens at exactly its moment (same seed, time,
// rate and camera), so it renders the same PNG.
#include <chrono>
#include <fstream>

#include "app/gui/app.h"
#include "engine/effects/transport.h"
#include "tests/gl/gl_fixture.h"

namespace app_document_test {

using namespace fx;
namespace fs = std::filesystem;

constexpr int kW = 160, kH = 90;

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("fxview-app-doc-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The stride fountain (definition inline) copied next to the test, textures from assets/.
fs::path copyFountain(const fs::path& dir) {
  fs::path to = dir / "fountain.json";
  fs::copy_file(gltest::sourceDir() / "presets/stride_fountain.json", to);
  return to;
}

void touchLater(const fs::path& p) {
  fs::last_write_time(p, fs::last_write_time(p) + std::chrono::seconds(5));
}

std::vector<uint8_t> renderApp(gui::App& app) {
  gltest::context();
  render::OffscreenTarget target(kW, kH);
  target.bind();
  render::Renderer renderer;
  std::string err;
  EXPECT_TRUE(renderer.init({}, err)) << err;
  View view = orbitView(app.camera, {float(kW), float(kH)});
  app.world->setView(view);
  DrawList draw;
  DebugDraw debug;
  app.world->collect(draw, debug);
  renderer.beginFrame(kW, kH, app.preset->scene.background);
  renderer.draw(draw, view);
  renderer.endFrame();
  return target.readPixels();
}

TEST(AppDocument, HotReloadKeepsTheLastGoodStateWhenTheFileBreaks) {
  fs::path dir = scratch("reload");
  fs::path file = copyFountain(dir);
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, file)) << app.loadDiagnostics.formatAll();
  seekTransport(app.transport, *app.world, 0.5);
  const World* before = app.world.get();
  const size_t live = app.world->stats(0).live;
  ASSERT_GT(live, 0u);

  // Half-typed JSON on disk: nothing changes but the errors list, which names the file.
  std::string good;
  {
    std::ifstream in(file);
    good.assign(std::istreambuf_iterator<char>(in), {});
  }
  {
    std::ofstream out(file, std::ios::trunc);
    out << good.substr(0, good.size() / 2);
  }
  touchLater(file);
  gui::pollHotReload(app, 1e9);
  EXPECT_EQ(app.world.get(), before) << "the running world must survive a broken file";
  EXPECT_EQ(app.world->stats(0).live, live);
  EXPECT_TRUE(app.loadDiagnostics.hasErrors());
  EXPECT_NE(app.loadDiagnostics.formatAll().find("fountain.json"), std::string::npos)
      << app.loadDiagnostics.formatAll();

  // Fixed on disk (with an edit): it reloads, at the same moment.
  std::string edited = good;
  size_t at = edited.find("\"particles_per_second\": 700");
  ASSERT_NE(at, std::string::npos);
  edited.replace(at, 27, "\"particles_per_second\": 300");
  {
    std::ofstream out(file, std::ios::trunc);
    out << edited;
  }
  touchLater(file);
  gui::pollHotReload(app, 2e9);
  EXPECT_NE(app.world.get(), before);
  EXPECT_FALSE(app.loadDiagnostics.hasErrors()) << app.loadDiagnostics.formatAll();
  EXPECT_NEAR(app.world->time(), 0.5, 1e-6);
  EXPECT_LT(app.world->stats(0).live, live) << "the edited rate spawns fewer particles";
}

TEST(AppDocument, BundleReopensAtTheSameMomentAndRendersTheSamePng) {
  fs::path dir = scratch("bundle");
  gui::App a;
  ASSERT_TRUE(gui::openDocument(a, copyFountain(dir))) << a.loadDiagnostics.formatAll();
  a.world->reset(77);
  a.world->simulation().mode = SimulationMode::Frame;
  a.world->simulation().rate = 48.0f;
  seekTransport(a.transport, *a.world, 1.3);
  a.camera = orbitFromLookAt({2.5f, -4.0f, 1.5f}, {0.0f, 0.0f, 1.0f}, 50.0f);
  std::vector<uint8_t> original = renderApp(a);
  a.framebuffer = {float(kW), float(kH)};
  a.sceneCapture = original;
  ASSERT_EQ(gui::writeBundle(a, dir / "bundle"), "");
  ASSERT_TRUE(fs::exists(dir / "bundle/screenshot.png"));

  gui::App b;
  ASSERT_TRUE(gui::openDocument(b, dir / "bundle")) << b.loadDiagnostics.formatAll();
  EXPECT_EQ(b.world->seed(), 77u);
  EXPECT_NEAR(b.world->time(), a.world->time(), 1e-9);
  EXPECT_EQ(b.world->simulation().mode, SimulationMode::Frame);
  EXPECT_FLOAT_EQ(b.world->simulation().rate, 48.0f);
  EXPECT_EQ(b.world->stats(0).live, a.world->stats(0).live);
  std::vector<uint8_t> reopened = renderApp(b);
  ASSERT_EQ(reopened.size(), original.size());
  size_t differing = 0;
  for (size_t i = 0; i < original.size(); ++i) differing += original[i] != reopened[i];
  EXPECT_EQ(differing, 0u) << "the reopened bundle must render the same pixels";
  int w = 0, h = 0;
  std::vector<uint8_t> png;
  std::string err;
  ASSERT_TRUE(render::readPng(dir / "bundle/screenshot.png", w, h, png, err)) << err;
  EXPECT_EQ(png, original);
}

}  // namespace app_document_test
