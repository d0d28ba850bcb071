// The console language (engine/session/console_commands.h). The viewer issue: "Console (the ~ key)
// with history and completion: the Halo commands (debug_point_physics, render_model_markers,
// debug_sprites, weather, render_psystems, framerate_throttle) and fxview's own (load, save,
// seed, time, fps, screenshot PATH, set FIELD VALUE, bundle PATH, quit)".
#include <gtest/gtest.h>

#include "engine/session/console_commands.h"

namespace fx {
namespace {

TEST(ConsoleParse, SplitsStatementsOnSemicolons) {
  auto st = parseConsoleLine("  debug_sprites 1; ;time 2.5;screenshot /tmp/a b.png ");
  ASSERT_EQ(st.size(), 3u);
  EXPECT_EQ(st[0].command(), "debug_sprites");
  EXPECT_EQ(st[0].tokens[1], "1");
  EXPECT_EQ(st[1].tokens, (std::vector<std::string>{"time", "2.5"}));
  EXPECT_EQ(st[2].tokens.size(), 3u);
}

TEST(ConsoleParse, QuotesGroupAndProtectSemicolons) {
  auto st = parseConsoleLine(R"(screenshot "shots/a; b.png"; set fx/name "say \"hi\"")");
  ASSERT_EQ(st.size(), 2u);
  EXPECT_EQ(st[0].tokens[1], "shots/a; b.png");
  EXPECT_EQ(st[1].tokens[2], "say \"hi\"");
}

TEST(ConsoleParse, RestKeepsAJsonValueWhole) {
  auto st = parseConsoleLine(R"(set rain/color {"r": 1, "g": 0.5, "b": 0}; time 1)");
  ASSERT_EQ(st.size(), 2u);
  EXPECT_EQ(st[0].rest(2), R"({"r": 1, "g": 0.5, "b": 0})");
  auto arr = parseConsoleLine("set a/b [1; 2]");  // no split inside brackets
  ASSERT_EQ(arr.size(), 1u);
  EXPECT_EQ(arr[0].rest(2), "[1; 2]");
}

TEST(ConsoleParse, StatementCountIsCapped) {
  std::string line;
  for (int i = 0; i < 1000; ++i) line += "time 1;";
  EXPECT_EQ(parseConsoleLine(line).size(), kMaxConsoleStatements);
}

TEST(ConsoleCommands, TableHasTheHaloGlobalsAndFxviewCommands) {
  for (const char* name : {"debug_point_physics", "render_model_markers", "debug_sprites",
                           "weather", "render_psystems", "framerate_throttle"}) {
    const ConsoleCommandSpec* c = findConsoleCommand(name);
    ASSERT_NE(c, nullptr) << name;
    EXPECT_TRUE(c->halo) << name;
    EXPECT_EQ(c->arg, ConsoleArg::Bool) << name;
  }
  for (const char* name :
       {"load", "save", "seed", "time", "fps", "screenshot", "set", "bundle", "quit"})
    EXPECT_NE(findConsoleCommand(name), nullptr) << name;
  EXPECT_EQ(findConsoleCommand("nope"), nullptr);
}

TEST(ConsoleCommands, Booleans) {
  EXPECT_EQ(parseConsoleBool("1"), true);
  EXPECT_EQ(parseConsoleBool("off"), false);
  EXPECT_EQ(parseConsoleBool("maybe"), std::nullopt);
}

TEST(ConsoleCompletion, CommandNamesThenArguments) {
  std::vector<std::string> fields = {"rain/number_of_particles", "rain/fade_distance", "glow/color",
                                     "/seed"};
  auto c = consoleCompletions("debug_", fields);
  EXPECT_EQ(c, (std::vector<std::string>{"debug_point_physics", "debug_sprites"}));
  EXPECT_EQ(applyCompletion("debug_", c), "debug_");  // common prefix already typed
  c = consoleCompletions("debug_sp", fields);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(applyCompletion("debug_sp", c), "debug_sprites ");
  c = consoleCompletions("time 1; set rain/", fields);
  EXPECT_EQ(c, (std::vector<std::string>{"rain/fade_distance", "rain/number_of_particles"}));
  EXPECT_EQ(applyCompletion("time 1; set rain/", c), "time 1; set rain/");
  c = consoleCompletions("set rain/n", fields);
  EXPECT_EQ(applyCompletion("set rain/n", c), "set rain/number_of_particles ");
  EXPECT_EQ(consoleCompletions("mode f", fields), (std::vector<std::string>{"frame"}));
  EXPECT_EQ(consoleCompletions("solo g", fields), (std::vector<std::string>{"glow"}));
  EXPECT_TRUE(consoleCompletions("time 1 2", fields).empty());
}

TEST(CommandHistory, WalksOlderAndNewer) {
  CommandHistory h(3);
  h.push("a");
  h.push("b");
  h.push("b");  // consecutive duplicate merged
  h.push("c");
  EXPECT_EQ(h.lines(), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(h.older(), "c");
  EXPECT_EQ(h.older(), "b");
  EXPECT_EQ(h.older(), "a");
  EXPECT_EQ(h.older(), std::nullopt);
  EXPECT_EQ(h.newer(), "b");
  EXPECT_EQ(h.newer(), "c");
  EXPECT_EQ(h.newer(), "");  // back at the empty prompt
  EXPECT_EQ(h.newer(), std::nullopt);
  h.push("d");
  EXPECT_EQ(h.lines().size(), 3u);
  EXPECT_EQ(h.lines().front(), "b");
}

}  // namespace
}  // namespace fx
