// The viewer's half of the console table: every row the engine's table flags `viewer`
// (engine/session/world_console.cpp) has a handler in app/gui/viewer_commands.cpp's table of
// viewer commands, so none of them answers "not available here" in the viewer.
#include "app/gui/app.h"
#include "tests/gl/gl_fixture.h"

namespace app_console_test {

using namespace fx;

TEST(AppConsole, EveryViewerRowHasAViewerHandler) {
  gui::App app;
  int viewerRows = 0;
  for (const ConsoleCommandSpec& c : consoleCommands()) {
    if (!c.viewer) continue;
    ++viewerRows;
    // Without arguments each answers its usage or does its no-argument action.
    auto st = parseConsoleLine(c.name);
    ASSERT_EQ(st.size(), 1u);
    std::string reply = gui::runViewerCommand(app, st[0]);
    EXPECT_EQ(reply.find("is not available here"), std::string::npos) << c.name << ": " << reply;
  }
  EXPECT_EQ(viewerRows, 25);
  auto nope = parseConsoleLine("nope");
  EXPECT_EQ(gui::runViewerCommand(app, nope[0]), "command \"nope\" is not available here");
}

}  // namespace app_console_test
