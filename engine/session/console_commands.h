// The viewer console's language, without any GUI: splitting a line into `;`-separated
// statements, tokenizing with quotes, the shape of a command table row (name, usage, help,
// argument kind, handler), completion, and the input history. The GUI console, the `--exec`
// option of the GUI and of `fxview render` all parse through here; the table itself (every
// command with the function that runs it against a World) lives in
// engine/session/world_console.cpp, its debug toggles in engine/effects/debug_toggles.h.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fx {

// Most statements one line may hold, and the longest line accepted (scripts come from
// command lines and files written by strangers).
inline constexpr size_t kMaxConsoleStatements = 256;
inline constexpr size_t kMaxConsoleLine = 64 * 1024;

struct ConsoleStatement {
  std::string text;                 // the statement, trimmed
  std::vector<std::string> tokens;  // unquoted tokens; tokens[0] is the command
  std::vector<size_t> offsets;      // where each token starts in `text`

  const std::string& command() const;
  // The raw text after the first `n` tokens, trimmed (e.g. a JSON value with spaces).
  std::string rest(size_t n) const;
};

// Splits on `;` outside double quotes and JSON brackets, drops empty statements, tokenizes each.
// Double quotes group a token; `\"` and `\\` escape inside quotes. At most kMaxConsoleStatements.
std::vector<ConsoleStatement> parseConsoleLine(std::string_view line);

enum class ConsoleArg : int { None, Bool, Number, Path, Field, Text, Mode, Split };

struct ConsoleSession;
struct ConsoleReply;
// Runs one statement whose command is the row's name (engine/session/world_console.h).
using ConsoleHandler = ConsoleReply (*)(ConsoleSession&, const ConsoleStatement&);

struct ConsoleCommandSpec {
  std::string_view name;
  std::string_view usage;  // "debug_point_physics [0|1]"
  std::string_view help;
  ConsoleArg arg = ConsoleArg::None;  // what the first argument completes from
  bool halo = false;                  // one of the game's own console globals
  bool viewer = false;                // the viewer's panels run it (ConsoleHooks::viewer)
  ConsoleHandler run = nullptr;
};

// Every command, the debug toggles first, in the order `help` lists them: help, completion and
// dispatch all read this one table.
std::span<const ConsoleCommandSpec> consoleCommands();
const ConsoleCommandSpec* findConsoleCommand(std::string_view name);

// "1", "on", "true" / "0", "off", "false"; nullopt otherwise.
std::optional<bool> parseConsoleBool(std::string_view text);

// Completion of the statement being typed at the end of `line`: command names for the first
// token, then argument candidates (booleans, modes, `fieldPaths` for `set`). Returns the full
// candidate tokens that match the partial token, sorted.
std::vector<std::string> consoleCompletions(std::string_view line,
                                            std::span<const std::string> fieldPaths);
// `line` with its last partial token extended to the longest common prefix of `candidates`
// (with a trailing space when exactly one candidate is left).
std::string applyCompletion(std::string_view line, std::span<const std::string> candidates);

// The console's input history: newest last, consecutive duplicates merged, capped.
class CommandHistory {
 public:
  explicit CommandHistory(size_t cap = 200) : cap_(cap) {}
  void push(std::string line);
  // Walks back (older) / forward (newer) from the line being edited; forward past the newest
  // returns "" (an empty prompt). Returns nullopt when there is nothing further.
  std::optional<std::string> older();
  std::optional<std::string> newer();
  void resetCursor() { cursor_ = lines_.size(); }
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  std::vector<std::string> lines_;
  size_t cursor_ = 0;
  size_t cap_;
};

}  // namespace fx
