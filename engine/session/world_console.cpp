#include "engine/session/world_console.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "engine/session/console_commands.h"

namespace fx {

namespace {

ConsoleReply ok(std::string text = {}) {
  return {true, std::move(text)};
}
ConsoleReply fail(std::string text) {
  return {false, std::move(text)};
}

std::optional<double> parseNumber(const std::string& s) {
  double v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::string fmt(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

bool* flagSlot(DebugFlags& f, std::string_view name) {
  if (name == "debug_point_physics") return &f.debugPointPhysics;
  if (name == "render_model_markers") return &f.renderModelMarkers;
  if (name == "debug_sprites") return &f.debugSprites;
  if (name == "weather") return &f.weather;
  if (name == "render_psystems") return &f.renderPsystems;
  if (name == "module_shapes") return &f.moduleShapes;
  if (name == "paths") return &f.paths;
  return nullptr;
}

ConsoleReply hook(const std::function<std::string(const std::string&)>& fn, const std::string& arg,
                  const char* what) {
  if (!fn) return fail(std::string(what) + " is not available here");
  std::string err = fn(arg);
  return err.empty() ? ok() : fail(err);
}

EffectEntry* effectArg(ConsoleSession& s, const ConsoleStatement& st, std::string& error) {
  if (st.tokens.size() < 2) {
    error = "usage: " + std::string(findConsoleCommand(st.command())->usage);
    return nullptr;
  }
  EffectEntry* e = s.preset->findEffect(st.tokens[1]);
  if (!e) error = "no effect with id \"" + st.tokens[1] + "\"";
  return e;
}

// Commands that write a file at their first argument may not write over a file the preset reads
// (a screenshot named like a texture, a bundle into the preset's own folder). "" when allowed.
std::string overInput(ConsoleSession& s, const std::string& cmd, const std::string& arg) {
  static constexpr std::string_view kWriters[] = {"screenshot", "screenshot_window", "gif", "sheet",
                                                  "bundle"};
  if (arg.empty() || std::find(std::begin(kWriters), std::end(kWriters), cmd) == std::end(kWriters))
    return {};
  const std::filesystem::path p(arg);
  std::vector<std::filesystem::path> outputs{p};
  if (cmd == "bundle") outputs = {p / "preset.json", p / "bundle.json", p / "screenshot.png"};
  for (const auto& out : outputs)
    if (auto in = inputAt(*s.preset, out); !in.empty())
      return cmd + ": refusing to write " + out.string() + " over " + in.string() +
             ", a file this preset reads";
  return {};
}

ConsoleReply run(ConsoleSession& s, const ConsoleStatement& st) {
  const std::string& cmd = st.command();
  const ConsoleCommandSpec* spec = findConsoleCommand(cmd);
  if (!spec) return fail("unknown command \"" + cmd + "\" (type help)");
  if (std::string err = overInput(s, cmd, st.tokens.size() > 1 ? st.tokens[1] : ""); !err.empty())
    return fail(err);
  if (spec->viewer) {
    if (!s.hooks.viewer) return fail(cmd + " is not available here (the viewer's panels run it)");
    std::string err = s.hooks.viewer(st);
    return err.empty() ? ok() : fail(err);
  }
  World& w = *s.world;
  const std::string arg = st.tokens.size() > 1 ? st.tokens[1] : std::string();
  auto needNumber = [&](std::optional<double>& out) -> std::optional<ConsoleReply> {
    out = parseNumber(arg);
    if (!out)
      return fail("expected a number, got \"" + arg + "\" (usage: " + std::string(spec->usage) +
                  ")");
    return std::nullopt;
  };

  if (spec->arg == ConsoleArg::Bool) {
    if (cmd == "console_pause" && !s.transport) return fail("console_pause is not available here");
    bool* slot = cmd == "framerate_throttle" ? &s.framerateThrottle
                 : cmd == "console_pause"    ? &s.transport->consolePaused
                                             : flagSlot(w.flags, cmd);
    if (arg.empty()) return ok(cmd + " " + (*slot ? "1" : "0"));
    auto b = parseConsoleBool(arg);
    if (!b) return fail("expected 0 or 1, got \"" + arg + "\"");
    // Halo: hiding the weather and showing it again resets the simulation. The world records
    // the change at its next step (World::weatherAt), so replays keep it; no replay here.
    *slot = *b;
    return ok();
  }
  if (cmd == "help") {
    std::string out;
    for (const auto& c : consoleCommands())
      if (arg.empty() || c.name == arg)
        out += std::string(c.usage) + "  -  " + std::string(c.help) + "\n";
    if (out.empty()) return fail("unknown command \"" + arg + "\"");
    out.pop_back();
    return ok(out);
  }
  if (cmd == "seed") {
    if (arg.empty()) return ok("seed " + std::to_string(w.seed()));
    std::optional<double> v;
    if (auto e = needNumber(v)) return *e;
    if (*v < 0 || *v > 4294967295.0 || *v != std::floor(*v))
      return fail("expected an integer 0..4294967295");
    double t = w.time();
    w.reset(uint32_t(*v));
    w.advanceTo(t);
    if (s.transport) syncTransport(*s.transport, w);
    return ok();
  }
  if (cmd == "time") {
    if (arg.empty()) return ok("time " + fmt(w.time()));
    std::optional<double> v;
    if (auto e = needNumber(v)) return *e;
    if (*v < 0 || *v > 3600) return fail("expected seconds 0..3600");
    if (s.transport)
      seekTransport(*s.transport, w, *v);
    else
      seekWorld(w, *v);
    return ok();
  }
  if (cmd == "fps") {
    if (arg.empty()) return ok("fps " + fmt(w.simulation().rate));
    std::optional<double> v;
    if (auto e = needNumber(v)) return *e;
    if (*v < 1 || *v > 1000) return fail("expected a rate 1..1000 Hz");
    double t = w.time();
    w.simulation().rate = float(*v);
    seekWorld(w, t);
    if (s.transport) syncTransport(*s.transport, w);
    return ok();
  }
  if (cmd == "mode") {
    const char* now = w.simulation().mode == SimulationMode::Tick ? "tick" : "frame";
    if (arg.empty()) return ok(std::string("mode ") + now);
    if (arg != "tick" && arg != "frame") return fail("expected tick or frame, got \"" + arg + "\"");
    double t = w.time();
    w.simulation().mode = arg == "tick" ? SimulationMode::Tick : SimulationMode::Frame;
    seekWorld(w, t);
    if (s.transport) syncTransport(*s.transport, w);
    return ok();
  }
  if (cmd == "play" || cmd == "pause" || cmd == "step" || cmd == "speed" || cmd == "loop") {
    if (!s.transport) return fail(cmd + " is not available here");
    Transport& t = *s.transport;
    if (cmd == "play") t.playing = true;
    if (cmd == "pause") t.playing = false;
    if (cmd == "step") {
      int n = 1;
      if (!arg.empty()) {
        std::optional<double> v;
        if (auto e = needNumber(v)) return *e;
        if (*v < 0 || *v > 100000) return fail("expected 0..100000 steps");
        n = int(*v);
      }
      stepTransport(t, w, n);
    }
    if (cmd == "speed") {
      if (arg.empty()) return ok("speed " + fmt(t.speed));
      std::optional<double> v;
      if (auto e = needNumber(v)) return *e;
      if (*v < 0 || *v > 16) return fail("expected a speed 0..16");
      t.speed = *v;
    }
    if (cmd == "loop") {
      if (arg.empty()) return ok("loop " + fmt(t.loopSeconds));
      std::optional<double> v;
      if (auto e = needNumber(v)) return *e;
      if (*v < 0 || *v > 3600) return fail("expected seconds 0..3600 (0 = no loop)");
      t.loopSeconds = *v;
    }
    return ok();
  }
  if (cmd == "restart") {
    if (s.transport)
      restartTransport(*s.transport, w);
    else
      w.reset(w.seed());
    return ok();
  }
  if (cmd == "set") {
    if (st.tokens.size() < 3) return fail("usage: set FIELD VALUE");
    FieldEdit edit;
    std::string err = setField(*s.preset, w, st.tokens[1], st.rest(2), edit, s.allowAnyPath);
    if (!err.empty()) return fail(err);
    if (s.transport) syncTransport(*s.transport, w);
    if (s.hooks.edited) s.hooks.edited(edit);
    return ok();
  }
  if (cmd == "get") {
    if (arg.empty()) return fail("usage: get FIELD");
    std::string err;
    auto v = getField(*s.preset, arg, err);
    if (!v) return fail(err);
    return ok(arg + " = " + v->dump());
  }
  if (cmd == "enable" || cmd == "solo") {
    std::string err;
    EffectEntry* e = effectArg(s, st, err);
    if (!e) return fail(err);
    bool& slot = cmd == "enable" ? e->enabled : e->solo;
    if (st.tokens.size() < 3) {
      slot = !slot;
    } else {
      auto b = parseConsoleBool(st.tokens[2]);
      if (!b) return fail("expected 0 or 1, got \"" + st.tokens[2] + "\"");
      slot = *b;
    }
    return ok(cmd + " " + e->placement.id + " " + (slot ? "1" : "0"));
  }
  if (cmd == "split") {
    if (!s.split) return fail("split is not available here");
    SplitView& sp = *s.split;
    if (arg.empty()) return ok(sp.world ? "split: right half " + splitLabel(sp) : "split off");
    SplitSpec next = sp.spec.enabled ? sp.spec : SplitSpec{};
    next.enabled = true;
    if (arg == "off") {
      closeSplit(sp);
      return ok();
    } else if (arg == "rate") {
      std::optional<double> v = st.tokens.size() > 2 ? parseNumber(st.tokens[2]) : std::nullopt;
      if (!v || *v < 1 || *v > 1000) return fail("usage: split rate HZ [tick|frame] (HZ 1..1000)");
      next.rate = float(*v);
      if (st.tokens.size() > 3) {
        if (st.tokens[3] != "tick" && st.tokens[3] != "frame")
          return fail("expected tick or frame, got \"" + st.tokens[3] + "\"");
        next.mode = st.tokens[3] == "tick" ? SimulationMode::Tick : SimulationMode::Frame;
      }
    } else if (arg == "mode") {
      if (st.tokens.size() != 3 || (st.tokens[2] != "tick" && st.tokens[2] != "frame"))
        return fail("usage: split mode tick|frame");
      next.mode = st.tokens[2] == "tick" ? SimulationMode::Tick : SimulationMode::Frame;
    } else if (arg == "set") {
      if (st.tokens.size() < 4) return fail("usage: split set FIELD VALUE");
      next.field = st.tokens[2];
      next.value = st.rest(3);
    } else {
      return fail("usage: " + std::string(spec->usage));
    }
    sp.spec = next;
    std::string err = rebuildSplit(sp, *s.preset, w, s.allowAnyPath);
    if (!err.empty()) {
      closeSplit(sp);
      return fail(err);
    }
    return ok("split: left " + simulationLabel(s.preset->scene.simulation) + " | right " +
              splitLabel(sp));
  }
  if (cmd == "gif" || cmd == "sheet") {
    const bool gif = cmd == "gif";
    if (gif ? !s.hooks.gif : !s.hooks.sheet) return fail(cmd + " is not available here");
    size_t maxTokens = gif ? 4 : 5;
    if (st.tokens.size() < 4 || st.tokens.size() > maxTokens)
      return fail("usage: " + std::string(spec->usage));
    auto frames = parseNumber(st.tokens[2]);
    auto every = parseNumber(st.tokens[3]);
    if (!frames || *frames < 1 || *frames > 1000 || *frames != std::floor(*frames))
      return fail("FRAMES: expected an integer 1..1000, got \"" + st.tokens[2] + "\"");
    if (!every || *every <= 0 || *every > 3600)
      return fail("EVERY: expected seconds > 0, got \"" + st.tokens[3] + "\"");
    std::string err;
    if (gif) {
      err = s.hooks.gif(arg, int(*frames), *every);
    } else {
      int columns = 0;
      if (st.tokens.size() == 5) {
        auto c = parseNumber(st.tokens[4]);
        if (!c || *c < 1 || *c > 1000 || *c != std::floor(*c))
          return fail("COLUMNS: expected an integer 1..1000, got \"" + st.tokens[4] + "\"");
        columns = int(*c);
      }
      err = s.hooks.sheet(arg, int(*frames), *every, columns);
    }
    return err.empty() ? ok(cmd + " " + arg) : fail(err);
  }
  if (cmd == "stats") {
    std::string out = "time " + fmt(w.time()) + " s, seed " + std::to_string(w.seed());
    for (size_t i = 0; i < w.effects().size(); ++i) {
      EffectStats st2 = w.stats(i);
      out += "\n" + w.effects()[i].entry->placement.id + ": " + std::to_string(st2.live);
      if (st2.budget) out += " / " + std::to_string(st2.budget);
    }
    return ok(out);
  }
  if (cmd == "load" || cmd == "save") {
    // `--discard` (load) and `--overwrite` (save) anywhere after the command.
    const char* forceFlag = cmd == "load" ? "--discard" : "--overwrite";
    bool force = false;
    std::string path;
    for (size_t i = 1; i < st.tokens.size(); ++i) {
      if (st.tokens[i] == forceFlag)
        force = true;
      else if (path.empty())
        path = st.tokens[i];
      else
        return fail("usage: " + std::string(spec->usage));
    }
    if (cmd == "load") {
      if (path.empty()) return fail("usage: " + std::string(spec->usage));
      if (!s.hooks.load) return fail("load is not available here");
      std::string err = s.hooks.load(path, force);
      return err.empty() ? ok() : fail(err);
    }
    if (s.hooks.save) {
      std::string err = s.hooks.save(path, force);
      return err.empty() ? ok() : fail(err);
    }
    SaveResult r = path.empty()
                       ? saveDocuments(*s.preset, {.overwriteChangedOnDisk = force})
                       : saveDocumentsAs(*s.preset, path, {.replaceExisting = force});
    return r.ok() ? ok(r.message) : fail(r.message);
  }
  if (cmd == "screenshot") return hook(s.hooks.screenshot, arg, "screenshot");
  if (cmd == "bundle") {
    if (arg.empty()) return fail("usage: bundle PATH");
    return hook(s.hooks.bundle, arg, "bundle");
  }
  if (cmd == "undo" || cmd == "redo") {
    auto& fn = cmd == "undo" ? s.hooks.undo : s.hooks.redo;
    if (!fn) return fail(cmd + " is not available here");
    std::string err = fn();
    return err.empty() ? ok() : fail(err);
  }
  if (cmd == "quit") {
    if (!s.hooks.quit) return fail("quit is not available here");
    if (st.tokens.size() > 2 || (st.tokens.size() == 2 && st.tokens[1] != "--discard"))
      return fail("usage: " + std::string(spec->usage));
    std::string err = s.hooks.quit(st.tokens.size() == 2);
    return err.empty() ? ok() : fail(err);
  }
  return fail("command \"" + cmd + "\" is not available here");
}

}  // namespace

bool setDebugFlag(DebugFlags& flags, std::string_view name, bool value) {
  bool* slot = flagSlot(flags, name);
  if (!slot) return false;
  *slot = value;
  return true;
}

const bool* findDebugFlag(const DebugFlags& flags, std::string_view name) {
  return flagSlot(const_cast<DebugFlags&>(flags), name);
}

std::vector<ConsoleReply> executeConsole(ConsoleSession& session, std::string_view line) {
  std::vector<ConsoleReply> out;
  if (!session.preset || !session.world) {
    out.push_back(fail("no preset is loaded"));
    return out;
  }
  for (const auto& st : parseConsoleLine(line)) {
    out.push_back(run(session, st));
    // The right half of a split view is a copy of the left: rebuild it after the left changes.
    const std::string& c = st.command();
    if (session.split && out.back().ok && (c == "set" || c == "fps" || c == "mode" || c == "load"))
      session.split->stale = true;
    // `load` replaces the preset and world; the hook rebinds the session. `quit` ends the script.
    if (st.command() == "quit" && out.back().ok) break;
  }
  return out;
}

}  // namespace fx
