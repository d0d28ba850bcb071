// The console's one command table (engine/session/world_console.cpp): each row carries its
// handler, names are unique, and every debug toggle declared in engine/effects/debug_toggles.h
// is a console command that `help` lists and that sets its DebugFlags member (the issue "One
// direction through the house": "one table whose rows carry name, usage, help and handler; the
// debug toggles come from one declaration").
#include <gtest/gtest.h>

#include <set>

#include "engine/session/world_console.h"

namespace fx {
namespace {

TEST(ConsoleTable, EveryRowHasAHandlerAndAUniqueName) {
  std::set<std::string_view> names;
  for (const ConsoleCommandSpec& c : consoleCommands()) {
    EXPECT_NE(c.run, nullptr) << c.name;
    EXPECT_FALSE(c.usage.empty()) << c.name;
    EXPECT_FALSE(c.help.empty()) << c.name;
    EXPECT_EQ(c.usage.substr(0, c.name.size()), c.name) << "usage starts with the name";
    EXPECT_TRUE(names.insert(c.name).second) << "duplicate command " << c.name;
    EXPECT_EQ(findConsoleCommand(c.name), &c) << c.name;
  }
  std::set<std::string_view> toggles;
  for (const DebugToggle& t : kDebugToggles)
    EXPECT_TRUE(toggles.insert(t.name).second) << "duplicate toggle " << t.name;
}

TEST(ConsoleTable, EveryDebugToggleIsACommandThatHelpLists) {
  Preset preset;
  World world(preset);
  ConsoleSession s{.preset = &preset, .world = &world};
  auto help = executeConsole(s, "help");
  ASSERT_EQ(help.size(), 1u);
  ASSERT_TRUE(help[0].ok) << help[0].text;
  for (const DebugToggle& t : kDebugToggles) {
    const std::string name(t.name);
    const ConsoleCommandSpec* c = findConsoleCommand(name);
    ASSERT_NE(c, nullptr) << name;
    EXPECT_EQ(c->arg, ConsoleArg::Bool) << name;
    EXPECT_EQ(c->halo, t.halo) << name;
    EXPECT_EQ(c->help, t.help) << name;
    EXPECT_NE(help[0].text.find(name + " [0|1]  -  " + std::string(t.help)), std::string::npos)
        << name;
    // The command, setDebugFlag and findDebugFlag all reach the same member.
    auto r = executeConsole(s, name + " 1; " + name);
    EXPECT_TRUE(world.flags.*(t.member)) << name;
    EXPECT_EQ(r.at(1).text, name + " 1");
    EXPECT_TRUE(setDebugFlag(world.flags, name, false));
    EXPECT_FALSE(world.flags.*(t.member)) << name;
    EXPECT_EQ(findDebugFlag(world.flags, name), &(world.flags.*(t.member)));
  }
  EXPECT_FALSE(setDebugFlag(world.flags, "framerate_throttle", true)) << "a console bool only";
  EXPECT_EQ(findDebugFlag(world.flags, "nope"), nullptr);
}

TEST(ConsoleTable, ViewerRowsRunThroughTheViewerHook) {
  Preset preset;
  World world(preset);
  ConsoleSession s{.preset = &preset, .world = &world};
  auto r = executeConsole(s, "panel console");
  EXPECT_EQ(r.at(0).text, "panel is not available here (the viewer's panels run it)");
  std::vector<std::string> seen;
  s.hooks.viewer = [&](const ConsoleStatement& st) {
    seen.push_back(st.command());
    return std::string();
  };
  for (const ConsoleCommandSpec& c : consoleCommands()) {
    if (c.viewer) {
      EXPECT_TRUE(executeConsole(s, std::string(c.name)).at(0).ok) << c.name;
    }
  }
  // open, screenshot_window, channel, curve, inspect, wait, panel, layout, level, bloom, view,
  // wait_loaded, record, ui_scale, font_size, model, pick, particles_csv, pause_on_nan, camera,
  // autosave, recover, grid, axes, cost: the viewer's table (app/gui/viewer_commands.cpp)
  EXPECT_EQ(seen.size(), 25u);
}

// `video PATH N S` (issue 26: "a `video PATH N S` console command") reaches its hook with the
// parsed arguments, answers "not available" without one, and checks FRAMES and EVERY like gif.
TEST(ConsoleTable, VideoRunsThroughItsHook) {
  Preset preset;
  World world(preset);
  ConsoleSession s{.preset = &preset, .world = &world};
  EXPECT_EQ(executeConsole(s, "video /tmp/clip.webm 30 0.1").at(0).text,
            "video is not available here");
  std::string path;
  int frames = 0;
  double every = 0;
  s.hooks.video = [&](const std::string& p, int n, double e) {
    path = p;
    frames = n;
    every = e;
    return std::string();
  };
  auto r = executeConsole(s, "video /tmp/clip.webm 30 0.1");
  EXPECT_TRUE(r.at(0).ok) << r.at(0).text;
  EXPECT_EQ(path, "/tmp/clip.webm");
  EXPECT_EQ(frames, 30);
  EXPECT_DOUBLE_EQ(every, 0.1);
  EXPECT_FALSE(executeConsole(s, "video /tmp/clip.webm 0 0.1").at(0).ok);
  EXPECT_FALSE(executeConsole(s, "video /tmp/clip.webm 30 0").at(0).ok);
  EXPECT_FALSE(executeConsole(s, "video /tmp/clip.webm 30").at(0).ok);
  EXPECT_EQ(frames, 30) << "a refused statement does not call the hook";
}

}  // namespace
}  // namespace fx
