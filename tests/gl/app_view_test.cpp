// The viewer's side of the overdraw view and the bloom controls (panel_view.cpp): `view
// overdraw|normal` and `bloom threshold|intensity|knee|exposure VALUE` as the View menu and the
// Bloom panel apply them, onto the renderer, and the bloom values kept in the viewer settings.
#include "app/gui/app.h"
#include "tests/gl/gl_fixture.h"

namespace fx {
namespace {

ConsoleStatement statement(const std::string& line) {
  return parseConsoleLine(line).at(0);
}

TEST(AppView, OverdrawViewAndBloomSettingsReachTheRenderer) {
  gltest::context();
  gui::App app;
  app.renderer = std::make_unique<render::Renderer>();
  std::string error;
  ASSERT_TRUE(app.renderer->init({}, error)) << error;
  EXPECT_EQ(gui::viewerView(app, statement("view overdraw")), "");
  EXPECT_TRUE(app.overdrawView);
  EXPECT_TRUE(app.renderer->overdraw());
  EXPECT_EQ(gui::viewerView(app, statement("view")), "");
  EXPECT_EQ(app.consoleLog.back().text, "view overdraw");
  EXPECT_NE(gui::viewerView(app, statement("view sideways")), "");
  EXPECT_EQ(gui::viewerView(app, statement("view normal")), "");
  EXPECT_FALSE(app.renderer->overdraw());

  for (const char* line : {"bloom 1", "bloom threshold 1.2", "bloom intensity 0.5",
                           "bloom knee 0.25", "bloom exposure 2"})
    EXPECT_EQ(gui::viewerBloomControls(app, statement(line)), "") << line;
  const render::BloomSettings& b = app.renderer->bloom();
  EXPECT_TRUE(b.enabled);
  EXPECT_FLOAT_EQ(b.threshold, 1.2f);
  EXPECT_FLOAT_EQ(b.strength, 0.5f);
  EXPECT_FLOAT_EQ(b.softKnee, 0.25f);
  EXPECT_FLOAT_EQ(b.exposure, 2.0f);
  EXPECT_NE(gui::viewerBloomControls(app, statement("bloom exposure -1")), "");

  // Kept in the settings file, and the renderer follows them after a restart.
  gui::ViewerSettings back = gui::settingsFromJson(gui::settingsToJson(app.settings));
  EXPECT_TRUE(back.bloom);
  EXPECT_FLOAT_EQ(back.bloomThreshold, 1.2f);
  EXPECT_FLOAT_EQ(back.bloomIntensity, 0.5f);
  EXPECT_FLOAT_EQ(back.bloomSoftKnee, 0.25f);
  EXPECT_FLOAT_EQ(back.exposure, 2.0f);
  EXPECT_FLOAT_EQ(gui::settingsFromJson(Json::object()).bloomThreshold, 0.75f);
}

}  // namespace
}  // namespace fx
