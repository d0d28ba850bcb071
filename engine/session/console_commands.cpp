#include "engine/session/console_commands.h"

#include <algorithm>
#include <array>

namespace fx {

namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::string trim(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && isSpace(s[a])) ++a;
  while (b > a && isSpace(s[b - 1])) --b;
  return std::string(s.substr(a, b - a));
}

void tokenize(ConsoleStatement& st) {
  const std::string& s = st.text;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && isSpace(s[i])) ++i;
    if (i >= s.size()) break;
    st.offsets.push_back(i);
    std::string tok;
    if (s[i] == '"') {
      ++i;
      while (i < s.size() && s[i] != '"') {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\')) ++i;
        tok += s[i++];
      }
      if (i < s.size()) ++i;  // closing quote
    } else {
      while (i < s.size() && !isSpace(s[i])) tok += s[i++];
    }
    st.tokens.push_back(std::move(tok));
  }
}

constexpr std::array kCommands = {
    ConsoleCommandSpec{"debug_point_physics", "debug_point_physics [0|1]",
                       "weather: draw each point_physics particle and its cube outline",
                       ConsoleArg::Bool, true},
    ConsoleCommandSpec{"render_model_markers", "render_model_markers [0|1]",
                       "draw marker axes, names and order on every object", ConsoleArg::Bool, true},
    ConsoleCommandSpec{"debug_sprites", "debug_sprites [0|1]",
                       "sprite triangle outlines and coverage counts", ConsoleArg::Bool, true},
    ConsoleCommandSpec{"weather", "weather [0|1]", "show weather; hiding then showing resets it",
                       ConsoleArg::Bool, true},
    ConsoleCommandSpec{"render_psystems", "render_psystems [0|1]", "draw particle systems",
                       ConsoleArg::Bool, true},
    ConsoleCommandSpec{"console_pause", "console_pause [0|1]",
                       "pause the simulation as Halo Standalone's open console does; weather's "
                       "added motion keeps moving each frame (opening the console sets it)",
                       ConsoleArg::Bool},
    ConsoleCommandSpec{"framerate_throttle", "framerate_throttle [0|1]",
                       "cap rendering to the simulation rate (frame-mode fields behave as in game)",
                       ConsoleArg::Bool, true},
    ConsoleCommandSpec{"module_shapes", "module_shapes [0|1]",
                       "draw module debug shapes (force fields, colliders)", ConsoleArg::Bool},
    ConsoleCommandSpec{"paths", "paths [0|1]", "draw glow paths and emission segments",
                       ConsoleArg::Bool},
    ConsoleCommandSpec{"load", "load PRESET [--discard]",
                       "open a preset (or a bug-report bundle folder); with unsaved edits it asks "
                       "first unless --discard",
                       ConsoleArg::Path},
    ConsoleCommandSpec{"save", "save [PATH] [--overwrite]",
                       "save every changed file in its own format; PATH = save a self-contained "
                       "copy as PATH; --overwrite replaces an existing PATH or a file changed on "
                       "disk",
                       ConsoleArg::Path},
    ConsoleCommandSpec{"seed", "seed [N]", "restart with seed N (no argument: print it)",
                       ConsoleArg::Number},
    ConsoleCommandSpec{"time", "time [SECONDS]", "seek to a time by deterministic re-simulation",
                       ConsoleArg::Number},
    ConsoleCommandSpec{"fps", "fps [RATE]",
                       "simulation rate in Hz (ticks, or frames in frame mode)",
                       ConsoleArg::Number},
    ConsoleCommandSpec{"mode", "mode [tick|frame]", "simulation mode", ConsoleArg::Mode},
    ConsoleCommandSpec{"play", "play", "resume playback"},
    ConsoleCommandSpec{"pause", "pause", "pause playback"},
    ConsoleCommandSpec{"step", "step [N]", "advance N fixed steps (default 1) and pause",
                       ConsoleArg::Number},
    ConsoleCommandSpec{"restart", "restart", "reset every effect to time 0"},
    ConsoleCommandSpec{"speed", "speed [X]", "playback speed multiplier", ConsoleArg::Number},
    ConsoleCommandSpec{"loop", "loop [SECONDS]", "restart every SECONDS (0 = no loop)",
                       ConsoleArg::Number},
    ConsoleCommandSpec{
        "set", "set FIELD VALUE",
        "edit a field: FIELD is effect_id/json/pointer (or /pointer for the scene); VALUE is JSON",
        ConsoleArg::Field},
    ConsoleCommandSpec{"get", "get FIELD", "print a field's value", ConsoleArg::Field},
    ConsoleCommandSpec{"enable", "enable EFFECT [0|1]", "enable or disable an effect",
                       ConsoleArg::Text},
    ConsoleCommandSpec{"solo", "solo EFFECT [0|1]", "solo an effect (only soloed effects draw)",
                       ConsoleArg::Text},
    ConsoleCommandSpec{"undo", "undo", "undo the last edit"},
    ConsoleCommandSpec{"redo", "redo", "redo the last undone edit"},
    ConsoleCommandSpec{"screenshot", "screenshot [PATH]",
                       "write a PNG of the picture area, panels excluded (default screenshots/)",
                       ConsoleArg::Path},
    ConsoleCommandSpec{"screenshot_window", "screenshot_window [PATH]",
                       "write a PNG of the whole window, panels included", ConsoleArg::Path, false,
                       true},
    ConsoleCommandSpec{"open", "open PATH",
                       "open a file as File > Open does (asks about unsaved edits, adds it to "
                       "Open Recent)",
                       ConsoleArg::Path, false, true},
    ConsoleCommandSpec{"channel", "channel OBJECT NAME VALUE",
                       "set a scene object's channel as the sequence panel's slider does (drives "
                       "channel gates; one undo step)",
                       ConsoleArg::Text, false, true},
    ConsoleCommandSpec{"curve",
                       "curve FIELD add KEY VALUE | move INDEX KEY | value INDEX VALUE | "
                       "delete INDEX",
                       "edit a curve as the curve editor does: FIELD is effect_id/json/pointer of "
                       "a curve; KEY is normalized life 0..1; VALUE is a number or a colour (JSON)",
                       ConsoleArg::Field, false, true},
    ConsoleCommandSpec{"inspect", "inspect EFFECT/POINTER",
                       "select an effect and open the inspector at a field (as a click on a "
                       "sequence node does)",
                       ConsoleArg::Field, false, true},
    ConsoleCommandSpec{"wait", "wait FRAMES",
                       "let FRAMES rendered frames pass before the next statement (scripts)",
                       ConsoleArg::Number, false, true},
    ConsoleCommandSpec{"panel", "panel console|errors|sequence|curves",
                       "show a tab of the bottom area", ConsoleArg::Text, false, true},
    ConsoleCommandSpec{"layout", "layout reset", "panels back to the default layout",
                       ConsoleArg::Text, false, true},
    ConsoleCommandSpec{"bloom", "bloom [0|1]",
                       "bloom at the end of the HDR frame (render: --bloom)", ConsoleArg::Bool,
                       false, true},
    ConsoleCommandSpec{"bundle", "bundle PATH",
                       "write a bug-report folder (PNG, preset, seed, time, camera, ...)",
                       ConsoleArg::Path},
    ConsoleCommandSpec{"split",
                       "split [off | rate HZ [tick|frame] | mode tick|frame | set FIELD VALUE]",
                       "side-by-side view, cameras linked: the right half at another simulation "
                       "rate / mode or with one field changed (no argument: print it)",
                       ConsoleArg::Split},
    ConsoleCommandSpec{"gif", "gif PATH FRAMES EVERY",
                       "write an animated GIF of FRAMES frames EVERY seconds apart, from now",
                       ConsoleArg::Path},
    ConsoleCommandSpec{"sheet", "sheet PATH FRAMES EVERY [COLUMNS]",
                       "write a sprite sheet PNG of FRAMES frames EVERY seconds apart, from now",
                       ConsoleArg::Path},
    ConsoleCommandSpec{"stats", "stats", "print live particles per effect"},
    ConsoleCommandSpec{"help", "help [COMMAND]", "list commands", ConsoleArg::Text},
    ConsoleCommandSpec{"quit", "quit [--discard]",
                       "quit the viewer; with unsaved edits it asks first unless --discard"},
};

}  // namespace

const std::string& ConsoleStatement::command() const {
  static const std::string kEmpty;
  return tokens.empty() ? kEmpty : tokens[0];
}

std::string ConsoleStatement::rest(size_t n) const {
  if (n >= offsets.size()) return {};
  std::string r = trim(std::string_view(text).substr(offsets[n]));
  return r;
}

std::vector<ConsoleStatement> parseConsoleLine(std::string_view line) {
  std::vector<ConsoleStatement> out;
  if (line.size() > kMaxConsoleLine) line = line.substr(0, kMaxConsoleLine);
  bool quoted = false;
  int depth = 0;  // JSON brackets: `set x {"a": 1}` may hold anything
  size_t start = 0;
  auto flush = [&](size_t end) {
    if (out.size() >= kMaxConsoleStatements) return;
    ConsoleStatement st;
    st.text = trim(line.substr(start, end - start));
    if (st.text.empty()) return;
    tokenize(st);
    out.push_back(std::move(st));
  };
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '\\' && i + 1 < line.size())
        ++i;
      else if (c == '"')
        quoted = false;
      continue;
    }
    if (c == '"')
      quoted = true;
    else if (c == '{' || c == '[')
      ++depth;
    else if ((c == '}' || c == ']') && depth > 0)
      --depth;
    else if (c == ';' && depth == 0) {
      flush(i);
      start = i + 1;
    }
  }
  flush(line.size());
  return out;
}

std::span<const ConsoleCommandSpec> consoleCommands() {
  return kCommands;
}

const ConsoleCommandSpec* findConsoleCommand(std::string_view name) {
  for (const auto& c : kCommands)
    if (c.name == name) return &c;
  return nullptr;
}

std::optional<bool> parseConsoleBool(std::string_view t) {
  if (t == "1" || t == "on" || t == "true") return true;
  if (t == "0" || t == "off" || t == "false") return false;
  return std::nullopt;
}

std::vector<std::string> consoleCompletions(std::string_view line,
                                            std::span<const std::string> fieldPaths) {
  // Only the statement after the last ';' is being typed.
  size_t semi = line.rfind(';');
  std::string_view cur = semi == std::string_view::npos ? line : line.substr(semi + 1);
  ConsoleStatement st;
  st.text = std::string(cur);
  tokenize(st);
  bool newToken = cur.empty() || isSpace(cur.back());
  size_t index = newToken ? st.tokens.size() : st.tokens.size() - 1;
  std::string partial = newToken ? std::string() : st.tokens.back();
  std::vector<std::string> pool;
  if (index == 0) {
    for (const auto& c : kCommands) pool.emplace_back(c.name);
  } else if (index == 1) {
    const ConsoleCommandSpec* spec = findConsoleCommand(st.tokens[0]);
    if (!spec) return {};
    switch (spec->arg) {
      case ConsoleArg::Bool:
        pool = {"0", "1"};
        break;
      case ConsoleArg::Mode:
        pool = {"frame", "tick"};
        break;
      case ConsoleArg::Split:
        pool = {"mode", "off", "rate", "set"};
        break;
      case ConsoleArg::Field:
        pool.assign(fieldPaths.begin(), fieldPaths.end());
        break;
      case ConsoleArg::Text:
        if (spec->name == "help")
          for (const auto& c : kCommands) pool.emplace_back(c.name);
        else  // effect ids: the first segment of each field path
          for (const auto& f : fieldPaths) {
            std::string id = f.substr(0, f.find('/'));
            if (!id.empty() && std::find(pool.begin(), pool.end(), id) == pool.end())
              pool.push_back(id);
          }
        break;
      default:
        break;
    }
  } else if (index == 2 && st.tokens[0] == "split") {
    if (st.tokens[1] == "set") pool.assign(fieldPaths.begin(), fieldPaths.end());
    if (st.tokens[1] == "mode") pool = {"frame", "tick"};
  }
  std::vector<std::string> out;
  for (auto& p : pool)
    if (p.compare(0, partial.size(), partial) == 0) out.push_back(p);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string applyCompletion(std::string_view line, std::span<const std::string> candidates) {
  std::string out(line);
  if (candidates.empty()) return out;
  std::string common = candidates[0];
  for (const auto& c : candidates) {
    size_t n = 0;
    while (n < common.size() && n < c.size() && common[n] == c[n]) ++n;
    common.resize(n);
  }
  size_t start = out.size();
  while (start > 0 && !isSpace(out[start - 1]) && out[start - 1] != ';') --start;
  if (common.size() < out.size() - start) return out;
  out = out.substr(0, start) + common;
  if (candidates.size() == 1) out += ' ';
  return out;
}

void CommandHistory::push(std::string line) {
  if (line.empty()) return;
  if (lines_.empty() || lines_.back() != line) lines_.push_back(std::move(line));
  if (lines_.size() > cap_) lines_.erase(lines_.begin());
  cursor_ = lines_.size();
}

std::optional<std::string> CommandHistory::older() {
  if (cursor_ == 0 || lines_.empty()) return std::nullopt;
  return lines_[--cursor_];
}

std::optional<std::string> CommandHistory::newer() {
  if (cursor_ >= lines_.size()) return std::nullopt;
  ++cursor_;
  if (cursor_ == lines_.size()) return std::string();
  return lines_[cursor_];
}

}  // namespace fx
