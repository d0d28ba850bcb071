#include "engine/session/world_console.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <sstream>

#include "engine/core/file_write.h"
#include "engine/core/paths.h"
#include "engine/session/bundle.h"
#include "engine/session/console_commands.h"
#include "engine/session/output_kinds.h"
#include "engine/session/scene_console.h"

namespace fx {

namespace {

ConsoleReply ok(std::string text = {}) {
  return {true, std::move(text)};
}
ConsoleReply fail(std::string text) {
  return {false, std::move(text)};
}
ConsoleReply replyFrom(const std::string& err) {
  return err.empty() ? ok() : fail(err);
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

// The first argument ("" when there is none).
std::string firstArg(const ConsoleStatement& st) {
  return st.tokens.size() > 1 ? st.tokens[1] : std::string();
}

std::string usageOf(const ConsoleStatement& st) {
  return std::string(findConsoleCommand(st.command())->usage);
}

ConsoleReply usageError(const ConsoleStatement& st) {
  return fail("usage: " + usageOf(st));
}

// The first argument as a number in `out`; the error reply when it is none.
std::optional<ConsoleReply> needNumber(const ConsoleStatement& st, std::optional<double>& out) {
  const std::string arg = firstArg(st);
  out = parseNumber(arg);
  if (!out) return fail("expected a number, got \"" + arg + "\" (usage: " + usageOf(st) + ")");
  return std::nullopt;
}

ConsoleReply hook(const std::function<std::string(const std::string&)>& fn, const std::string& arg,
                  const char* what) {
  if (!fn) return fail(std::string(what) + " is not available here");
  return replyFrom(fn(arg));
}

EffectEntry* effectArg(ConsoleSession& s, const ConsoleStatement& st, std::string& error) {
  if (st.tokens.size() < 2) {
    error = "usage: " + usageOf(st);
    return nullptr;
  }
  EffectEntry* e = s.preset->findEffect(st.tokens[1]);
  if (!e) error = "no effect with id \"" + st.tokens[1] + "\"";
  return e;
}

// What a writing command writes at its first argument (the bundle writes a folder).
std::optional<WrittenKind> writtenKindOf(const std::string& cmd) {
  if (cmd == "gif") return WrittenKind::Gif;
  if (cmd == "video") return WrittenKind::Video;
  if (cmd == "bundle") return std::nullopt;
  return WrittenKind::Png;  // screenshot, screenshot_window, sheet
}

// Commands that write a file at their first argument may not write over a file the preset reads
// (a screenshot named like a texture, a bundle into the preset's own folder), over or under the
// name of a file of another kind (a screenshot over a tag), nor over a read-only file. "" when
// allowed.
std::string overInput(ConsoleSession& s, const std::string& cmd, const std::string& arg) {
  static constexpr std::string_view kWriters[] = {
      "screenshot", "screenshot_window", "gif", "sheet", "video", "bundle"};
  if (arg.empty() || std::find(std::begin(kWriters), std::end(kWriters), cmd) == std::end(kWriters))
    return {};
  const std::filesystem::path p = toPath(arg);
  if (auto kind = writtenKindOf(cmd)) {
    if (std::string err = outputKindRefusal(p, *kind); !err.empty()) return cmd + ": " + err;
    if (std::string err = readOnlyRefusal(p, "make it writable first, or choose another name");
        !err.empty())
      return cmd + ": " + err;
  }
  std::vector<std::filesystem::path> outputs{p};
  if (cmd == "bundle" && !isZipName(p))
    outputs = {p / "preset.json", p / "bundle.json", p / "screenshot.png"};
  for (const auto& out : outputs)
    if (auto in = inputAt(*s.preset, out); !in.empty())
      return cmd + ": refusing to write " + toUtf8(out) + " over " + toUtf8(in) +
             ", a file this preset reads";
  return {};
}

// --- Booleans: the debug toggles, framerate_throttle, console_pause ---

// No argument prints it; 0/1 (on/off, true/false) sets it.
ConsoleReply setOrPrintBool(const ConsoleStatement& st, bool& slot) {
  const std::string arg = firstArg(st);
  if (arg.empty()) return ok(st.command() + " " + (slot ? "1" : "0"));
  auto b = parseConsoleBool(arg);
  if (!b) return fail("expected 0 or 1, got \"" + arg + "\"");
  slot = *b;
  return ok();
}

ConsoleReply runDebugToggle(ConsoleSession& s, const ConsoleStatement& st) {
  // Halo: hiding the weather and showing it again resets the simulation. The world records
  // the change at its next step (World::weatherAt), so replays keep it; no replay here.
  return setOrPrintBool(st, s.world->flags.*(findDebugToggle(st.command())->member));
}

ConsoleReply runFramerateThrottle(ConsoleSession& s, const ConsoleStatement& st) {
  return setOrPrintBool(st, s.framerateThrottle);
}

ConsoleReply runConsolePause(ConsoleSession& s, const ConsoleStatement& st) {
  if (!s.transport) return fail("console_pause is not available here");
  return setOrPrintBool(st, s.transport->consolePaused);
}

// --- The simulation: seed, time, fps, mode, restart ---

ConsoleReply runSeed(ConsoleSession& s, const ConsoleStatement& st) {
  World& w = *s.world;
  if (firstArg(st).empty()) return ok("seed " + std::to_string(w.seed()));
  std::optional<double> v;
  if (auto e = needNumber(st, v)) return *e;
  if (*v < 0 || *v > 4294967295.0 || *v != std::floor(*v))
    return fail("expected an integer 0..4294967295");
  double t = w.time();
  w.reset(uint32_t(*v));
  w.advanceTo(t);
  if (s.transport) syncTransport(*s.transport, w);
  return ok();
}

ConsoleReply runTime(ConsoleSession& s, const ConsoleStatement& st) {
  World& w = *s.world;
  if (firstArg(st).empty()) return ok("time " + fmt(w.time()));
  std::optional<double> v;
  if (auto e = needNumber(st, v)) return *e;
  if (*v < 0 || *v > 3600) return fail("expected seconds 0..3600");
  if (s.transport)
    seekTransport(*s.transport, w, *v);
  else
    seekWorld(w, *v);
  return ok();
}

ConsoleReply runFps(ConsoleSession& s, const ConsoleStatement& st) {
  World& w = *s.world;
  if (firstArg(st).empty()) return ok("fps " + fmt(w.simulation().rate));
  std::optional<double> v;
  if (auto e = needNumber(st, v)) return *e;
  if (*v < 1 || *v > 1000) return fail("expected a rate 1..1000 Hz");
  double t = w.time();
  w.simulation().rate = float(*v);
  seekWorld(w, t);
  if (s.transport) syncTransport(*s.transport, w);
  return ok();
}

ConsoleReply runMode(ConsoleSession& s, const ConsoleStatement& st) {
  World& w = *s.world;
  const std::string arg = firstArg(st);
  const char* now = w.simulation().mode == SimulationMode::Tick ? "tick" : "frame";
  if (arg.empty()) return ok(std::string("mode ") + now);
  if (arg != "tick" && arg != "frame") return fail("expected tick or frame, got \"" + arg + "\"");
  double t = w.time();
  w.simulation().mode = arg == "tick" ? SimulationMode::Tick : SimulationMode::Frame;
  seekWorld(w, t);
  if (s.transport) syncTransport(*s.transport, w);
  return ok();
}

ConsoleReply runRestart(ConsoleSession& s, const ConsoleStatement&) {
  if (s.transport)
    restartTransport(*s.transport, *s.world);
  else
    s.world->reset(s.world->seed());
  return ok();
}

// --- Playback: play, pause, step, speed, loop (need a transport) ---

Transport* needTransport(ConsoleSession& s, const ConsoleStatement& st, ConsoleReply& error) {
  if (!s.transport) error = fail(st.command() + " is not available here");
  return s.transport;
}

ConsoleReply runPlay(ConsoleSession& s, const ConsoleStatement& st) {
  ConsoleReply error;
  Transport* t = needTransport(s, st, error);
  if (!t) return error;
  t->playing = true;
  return ok();
}

ConsoleReply runPause(ConsoleSession& s, const ConsoleStatement& st) {
  ConsoleReply error;
  Transport* t = needTransport(s, st, error);
  if (!t) return error;
  t->playing = false;
  return ok();
}

ConsoleReply runStep(ConsoleSession& s, const ConsoleStatement& st) {
  ConsoleReply error;
  Transport* t = needTransport(s, st, error);
  if (!t) return error;
  int n = 1;
  if (!firstArg(st).empty()) {
    std::optional<double> v;
    if (auto e = needNumber(st, v)) return *e;
    if (*v < 0 || *v > 100000) return fail("expected 0..100000 steps");
    n = int(*v);
  }
  stepTransport(*t, *s.world, n);
  return ok();
}

ConsoleReply runSpeed(ConsoleSession& s, const ConsoleStatement& st) {
  ConsoleReply error;
  Transport* t = needTransport(s, st, error);
  if (!t) return error;
  if (firstArg(st).empty()) return ok("speed " + fmt(t->speed));
  std::optional<double> v;
  if (auto e = needNumber(st, v)) return *e;
  if (*v < 0 || *v > 16) return fail("expected a speed 0..16");
  t->speed = *v;
  return ok();
}

ConsoleReply runLoop(ConsoleSession& s, const ConsoleStatement& st) {
  ConsoleReply error;
  Transport* t = needTransport(s, st, error);
  if (!t) return error;
  if (firstArg(st).empty()) return ok("loop " + fmt(t->loopSeconds));
  std::optional<double> v;
  if (auto e = needNumber(st, v)) return *e;
  if (*v < 0 || *v > 3600) return fail("expected seconds 0..3600 (0 = no loop)");
  t->loopSeconds = *v;
  return ok();
}

// --- Fields and effects: set, get, enable, solo ---

ConsoleReply runSet(ConsoleSession& s, const ConsoleStatement& st) {
  if (st.tokens.size() < 3) return fail("usage: set FIELD VALUE");
  FieldEdit edit;
  std::string err = setField(*s.preset, *s.world, st.tokens[1], st.rest(2), edit, s.allowAnyPath);
  if (!err.empty()) return fail(err);
  if (s.transport) syncTransport(*s.transport, *s.world);
  if (s.hooks.edited) s.hooks.edited(edit);
  return ok();
}

ConsoleReply runGet(ConsoleSession& s, const ConsoleStatement& st) {
  const std::string arg = firstArg(st);
  if (arg.empty()) return fail("usage: get FIELD");
  std::string err;
  auto v = getField(*s.preset, arg, err);
  if (!v) return fail(err);
  return ok(arg + " = " + v->dump());
}

// `enable` / `solo` EFFECT [0|1]: without a value it flips.
ConsoleReply toggleEffect(ConsoleSession& s, const ConsoleStatement& st,
                          bool EffectEntry::*member) {
  std::string err;
  EffectEntry* e = effectArg(s, st, err);
  if (!e) return fail(err);
  bool& slot = e->*member;
  if (st.tokens.size() < 3) {
    slot = !slot;
  } else {
    auto b = parseConsoleBool(st.tokens[2]);
    if (!b) return fail("expected 0 or 1, got \"" + st.tokens[2] + "\"");
    slot = *b;
  }
  return ok(st.command() + " " + e->placement.id + " " + (slot ? "1" : "0"));
}

ConsoleReply runEnable(ConsoleSession& s, const ConsoleStatement& st) {
  return toggleEffect(s, st, &EffectEntry::enabled);
}

ConsoleReply runSolo(ConsoleSession& s, const ConsoleStatement& st) {
  return toggleEffect(s, st, &EffectEntry::solo);
}

// --- split ---

// Reads `split rate|mode|set ...` into `next`; the error reply when the arguments are wrong.
std::optional<ConsoleReply> parseSplit(const ConsoleStatement& st, SplitSpec& next) {
  const std::string arg = firstArg(st);
  if (arg == "rate") {
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
    return usageError(st);
  }
  return std::nullopt;
}

ConsoleReply runSplit(ConsoleSession& s, const ConsoleStatement& st) {
  if (!s.split) return fail("split is not available here");
  SplitView& sp = *s.split;
  const std::string arg = firstArg(st);
  if (arg.empty()) return ok(sp.world ? "split: right half " + splitLabel(sp) : "split off");
  if (arg == "off") {
    closeSplit(sp);
    return ok();
  }
  SplitSpec next = sp.spec.enabled ? sp.spec : SplitSpec{};
  next.enabled = true;
  if (auto e = parseSplit(st, next)) return *e;
  sp.spec = next;
  std::string err = rebuildSplit(sp, *s.preset, *s.world, s.allowAnyPath);
  if (!err.empty()) {
    closeSplit(sp);
    return fail(err);
  }
  return ok("split: left " + simulationLabel(s.preset->scene.simulation) + " | right " +
            splitLabel(sp));
}

// --- Writers: gif, sheet, video, screenshot, bundle ---

// PATH FRAMES EVERY of `gif` / `sheet` / `video` (at most `maxTokens` tokens in all).
std::optional<ConsoleReply> parseFrames(const ConsoleStatement& st, size_t maxTokens, int& frames,
                                        double& every) {
  if (st.tokens.size() < 4 || st.tokens.size() > maxTokens) return usageError(st);
  auto f = parseNumber(st.tokens[2]);
  auto e = parseNumber(st.tokens[3]);
  if (!f || *f < 1 || *f > 1000 || *f != std::floor(*f))
    return fail("FRAMES: expected an integer 1..1000, got \"" + st.tokens[2] + "\"");
  if (!e || *e <= 0 || *e > 3600)
    return fail("EVERY: expected seconds > 0, got \"" + st.tokens[3] + "\"");
  frames = int(*f);
  every = *e;
  return std::nullopt;
}

ConsoleReply runGif(ConsoleSession& s, const ConsoleStatement& st) {
  if (!s.hooks.gif) return fail("gif is not available here");
  int frames = 0;
  double every = 0;
  if (auto e = parseFrames(st, 4, frames, every)) return *e;
  std::string err = s.hooks.gif(st.tokens[1], frames, every);
  return err.empty() ? ok("gif " + st.tokens[1]) : fail(err);
}

ConsoleReply runVideo(ConsoleSession& s, const ConsoleStatement& st) {
  if (!s.hooks.video) return fail("video is not available here");
  int frames = 0;
  double every = 0;
  if (auto e = parseFrames(st, 4, frames, every)) return *e;
  std::string err = s.hooks.video(st.tokens[1], frames, every);
  return err.empty() ? ok("video " + st.tokens[1]) : fail(err);
}

ConsoleReply runSheet(ConsoleSession& s, const ConsoleStatement& st) {
  if (!s.hooks.sheet) return fail("sheet is not available here");
  int frames = 0;
  double every = 0;
  if (auto e = parseFrames(st, 5, frames, every)) return *e;
  int columns = 0;
  if (st.tokens.size() == 5) {
    auto c = parseNumber(st.tokens[4]);
    if (!c || *c < 1 || *c > 1000 || *c != std::floor(*c))
      return fail("COLUMNS: expected an integer 1..1000, got \"" + st.tokens[4] + "\"");
    columns = int(*c);
  }
  std::string err = s.hooks.sheet(st.tokens[1], frames, every, columns);
  return err.empty() ? ok("sheet " + st.tokens[1]) : fail(err);
}

ConsoleReply runScreenshot(ConsoleSession& s, const ConsoleStatement& st) {
  return hook(s.hooks.screenshot, firstArg(st), "screenshot");
}

ConsoleReply runBundle(ConsoleSession& s, const ConsoleStatement& st) {
  if (firstArg(st).empty()) return fail("usage: bundle PATH | PATH.zip");
  // Refused now, not when the frame is captured: a script stops here.
  if (s.hooks.bundle)
    if (std::string why = bundleFolderRefusal(toPath(firstArg(st))); !why.empty())
      return fail("bundle: " + why);
  return hook(s.hooks.bundle, firstArg(st), "bundle");
}

// --- Documents: load, save, undo, redo, quit ---

// PATH and `forceFlag` (anywhere after the command); the error reply for a second path.
std::optional<ConsoleReply> parsePathAndForce(const ConsoleStatement& st, const char* forceFlag,
                                              std::string& path, bool& force) {
  for (size_t i = 1; i < st.tokens.size(); ++i) {
    if (st.tokens[i] == forceFlag)
      force = true;
    else if (path.empty())
      path = st.tokens[i];
    else
      return usageError(st);
  }
  return std::nullopt;
}

ConsoleReply runLoad(ConsoleSession& s, const ConsoleStatement& st) {
  std::string path;
  bool discard = false;
  if (auto e = parsePathAndForce(st, "--discard", path, discard)) return *e;
  if (path.empty()) return usageError(st);
  if (!s.hooks.load) return fail("load is not available here");
  return replyFrom(s.hooks.load(path, discard));
}

ConsoleReply runSave(ConsoleSession& s, const ConsoleStatement& st) {
  std::string path;
  bool overwrite = false;
  if (auto e = parsePathAndForce(st, "--overwrite", path, overwrite)) return *e;
  if (s.hooks.save) return replyFrom(s.hooks.save(path, overwrite));
  SaveResult r = path.empty()
                     ? saveDocuments(*s.preset, {.overwriteChangedOnDisk = overwrite})
                     : saveDocumentsAs(*s.preset, toPath(path), {.replaceExisting = overwrite});
  return r.ok() ? ok(r.message) : fail(r.message);
}

ConsoleReply runUndo(ConsoleSession& s, const ConsoleStatement&) {
  if (!s.hooks.undo) return fail("undo is not available here");
  return replyFrom(s.hooks.undo());
}

ConsoleReply runRedo(ConsoleSession& s, const ConsoleStatement&) {
  if (!s.hooks.redo) return fail("redo is not available here");
  return replyFrom(s.hooks.redo());
}

ConsoleReply runQuit(ConsoleSession& s, const ConsoleStatement& st) {
  if (!s.hooks.quit) return fail("quit is not available here");
  if (st.tokens.size() > 2 || (st.tokens.size() == 2 && st.tokens[1] != "--discard"))
    return usageError(st);
  return replyFrom(s.hooks.quit(st.tokens.size() == 2));
}

// --- Reading: stats, help; the viewer's own commands ---

ConsoleReply runStats(ConsoleSession& s, const ConsoleStatement&) {
  World& w = *s.world;
  std::string out = "time " + fmt(w.time()) + " s, seed " + std::to_string(w.seed());
  for (size_t i = 0; i < w.effects().size(); ++i) {
    EffectStats st = w.stats(i);
    out += "\n" + w.effects()[i].entry->placement.id + ": " + std::to_string(st.live);
    if (st.budget) out += " / " + std::to_string(st.budget);
  }
  return ok(out);
}

ConsoleReply runHelp(ConsoleSession&, const ConsoleStatement& st) {
  const std::string arg = firstArg(st);
  std::string out;
  for (const auto& c : consoleCommands())
    if (arg.empty() || c.name == arg)
      out += std::string(c.usage) + "  -  " + std::string(c.help) + "\n";
  if (out.empty()) return fail("unknown command \"" + arg + "\"");
  out.pop_back();
  return ok(out);
}

ConsoleReply runBackground(ConsoleSession& s, const ConsoleStatement& st) {
  std::string out;
  std::string err = runBackgroundCommand(s, st, out);
  if (s.transport) syncTransport(*s.transport, *s.world);
  return err.empty() ? ok(out) : fail(err);
}

ConsoleReply runReference(ConsoleSession& s, const ConsoleStatement& st) {
  std::string out;
  std::string err = runReferenceCommand(s, st, out);
  if (s.transport) syncTransport(*s.transport, *s.world);
  return err.empty() ? ok(out) : fail(err);
}

ConsoleReply runViewer(ConsoleSession& s, const ConsoleStatement& st) {
  if (!s.hooks.viewer)
    return fail(st.command() + " is not available here (the viewer's panels run it)");
  return replyFrom(s.hooks.viewer(st));
}

// The viewer's (hook) or the session's: the preset's bloom object, the render's view.
ConsoleReply runBloom(ConsoleSession& s, const ConsoleStatement& st) {
  if (s.hooks.viewer) return runViewer(s, st);
  std::string text;
  std::string err = runBloomStatement(s.preset->scene.bloom, st, text);
  return err.empty() ? ok(text) : fail(err);
}

ConsoleReply runView(ConsoleSession& s, const ConsoleStatement& st) {
  if (s.hooks.viewer || !s.overdraw) return runViewer(s, st);
  std::string text;
  std::string err = runViewStatement(*s.overdraw, st, text);
  return err.empty() ? ok(text) : fail(err);
}

// --- The table ---

// Every command after the debug toggles (which debug_toggles.h declares), in `help` order.
constexpr ConsoleCommandSpec kCommands[] = {
    {.name = "console_pause",
     .usage = "console_pause [0|1]",
     .help = "pause the simulation as Halo Standalone's open console does; weather's added "
             "motion keeps moving each frame (opening the console sets it)",
     .arg = ConsoleArg::Bool,
     .run = runConsolePause},
    {.name = "framerate_throttle",
     .usage = "framerate_throttle [0|1]",
     .help = "cap rendering to the simulation rate (frame-mode fields behave as in game)",
     .arg = ConsoleArg::Bool,
     .halo = true,
     .run = runFramerateThrottle},
    {.name = "load",
     .usage = "load PRESET [--discard]",
     .help = "open a preset (or a bug-report bundle folder); with unsaved edits it asks first "
             "unless --discard",
     .arg = ConsoleArg::Path,
     .run = runLoad},
    {.name = "save",
     .usage = "save [PATH] [--overwrite]",
     .help = "save every changed file in its own format; PATH = save a self-contained copy as "
             "PATH; --overwrite replaces an existing PATH or a file changed on disk",
     .arg = ConsoleArg::Path,
     .run = runSave},
    {.name = "seed",
     .usage = "seed [N]",
     .help = "restart with seed N (no argument: print it)",
     .arg = ConsoleArg::Number,
     .run = runSeed},
    {.name = "time",
     .usage = "time [SECONDS]",
     .help = "seek to a time: exactly the state a run from 0 gives, from the nearest snapshot "
             "(kept every second while the world steps; edits drop them)",
     .arg = ConsoleArg::Number,
     .run = runTime},
    {.name = "fps",
     .usage = "fps [RATE]",
     .help = "simulation rate in Hz (ticks, or frames in frame mode)",
     .arg = ConsoleArg::Number,
     .run = runFps},
    {.name = "mode",
     .usage = "mode [tick|frame]",
     .help = "simulation mode",
     .arg = ConsoleArg::Mode,
     .run = runMode},
    {.name = "play", .usage = "play", .help = "resume playback", .run = runPlay},
    {.name = "pause", .usage = "pause", .help = "pause playback", .run = runPause},
    {.name = "step",
     .usage = "step [N]",
     .help = "advance N fixed steps (default 1) and pause",
     .arg = ConsoleArg::Number,
     .run = runStep},
    {.name = "restart",
     .usage = "restart",
     .help = "reset every effect to time 0",
     .run = runRestart},
    {.name = "speed",
     .usage = "speed [X]",
     .help = "playback speed multiplier",
     .arg = ConsoleArg::Number,
     .run = runSpeed},
    {.name = "loop",
     .usage = "loop [SECONDS]",
     .help = "restart every SECONDS (0 = no loop)",
     .arg = ConsoleArg::Number,
     .run = runLoop},
    {.name = "set",
     .usage = "set FIELD VALUE",
     .help = "edit a field: FIELD is effect_id/json/pointer (or /pointer for the scene); VALUE is "
             "JSON",
     .arg = ConsoleArg::Field,
     .run = runSet},
    {.name = "get",
     .usage = "get FIELD",
     .help = "print a field's value",
     .arg = ConsoleArg::Field,
     .run = runGet},
    {.name = "enable",
     .usage = "enable EFFECT [0|1]",
     .help = "enable or disable an effect",
     .arg = ConsoleArg::Text,
     .run = runEnable},
    {.name = "solo",
     .usage = "solo EFFECT [0|1]",
     .help = "solo an effect (only soloed effects draw)",
     .arg = ConsoleArg::Text,
     .run = runSolo},
    {.name = "undo", .usage = "undo", .help = "undo the last edit", .run = runUndo},
    {.name = "redo", .usage = "redo", .help = "redo the last undone edit", .run = runRedo},
    {.name = "screenshot",
     .usage = "screenshot [PATH]",
     .help = "write a PNG of the picture area, panels excluded (default screenshots/)",
     .arg = ConsoleArg::Path,
     .run = runScreenshot},
    {.name = "screenshot_window",
     .usage = "screenshot_window [PATH]",
     .help = "write a PNG of the whole window, panels included",
     .arg = ConsoleArg::Path,
     .viewer = true,
     .run = runViewer},
    {.name = "open",
     .usage = "open PATH",
     .help = "open a file as File > Open does (asks about unsaved edits, adds it to Open Recent)",
     .arg = ConsoleArg::Path,
     .viewer = true,
     .run = runViewer},
    {.name = "channel",
     .usage = "channel OBJECT NAME VALUE",
     .help = "set a scene object's channel as the sequence panel's slider does (drives channel "
             "gates; one undo step)",
     .arg = ConsoleArg::Text,
     .viewer = true,
     .run = runViewer},
    {.name = "curve",
     .usage = "curve FIELD add KEY VALUE | move INDEX KEY | value INDEX VALUE | delete INDEX",
     .help = "edit a curve as the curve editor does: FIELD is effect_id/json/pointer of a curve; "
             "KEY is normalized life 0..1; VALUE is a number or a colour (JSON)",
     .arg = ConsoleArg::Field,
     .viewer = true,
     .run = runViewer},
    {.name = "inspect",
     .usage = "inspect EFFECT/POINTER",
     .help = "select an effect and open the inspector at a field (as a click on a sequence node "
             "does)",
     .arg = ConsoleArg::Field,
     .viewer = true,
     .run = runViewer},
    {.name = "wait",
     .usage = "wait FRAMES",
     .help = "let FRAMES rendered frames pass before the next statement (scripts)",
     .arg = ConsoleArg::Number,
     .viewer = true,
     .run = runViewer},
    {.name = "wait_loaded",
     .usage = "wait_loaded",
     .help = "hold the script until a document is open: a file that failed to open runs the "
             "rest once it is fixed on disk (scripts)",
     .viewer = true,
     .run = runViewer},
    {.name = "panel",
     .usage = "panel console|errors|sequence|curves|record|about|shortcuts|camera|bloom|"
              "scene_context|cost",
     .help = "show a tab of the bottom area, or open File > Record, Help > About, the shortcuts, "
             "the Camera section, the Bloom, Scene Context or Cost window",
     .arg = ConsoleArg::Text,
     .viewer = true,
     .run = runViewer},
    {.name = "layout",
     .usage = "layout reset",
     .help = "panels back to the default layout",
     .arg = ConsoleArg::Text,
     .viewer = true,
     .run = runViewer},
    {.name = "level",
     .usage = "level NAME | level cluster N",
     .help = "an opened .scenario_structure_bsp: show weather palette entry NAME, or the one "
             "cluster N has (as the scene panel's lists do)",
     .arg = ConsoleArg::Text,
     .viewer = true,
     .run = runViewer},
    {.name = "record",
     .usage = "record png|sequence|gif|video|sheet PATH [SECONDS [FPS [WxH]]] [transparent]",
     .help = "record from now as File > Record does (never over an existing file; a script waits "
             "until it is written)",
     .arg = ConsoleArg::Path,
     .viewer = true,
     .run = runViewer},
    {.name = "ui_scale",
     .usage = "ui_scale [PERCENT]",
     .help = "the viewer's UI scale, 75 to 250 % on top of the monitor's (saved in the settings)",
     .arg = ConsoleArg::Number,
     .viewer = true,
     .run = runViewer},
    {.name = "font_size",
     .usage = "font_size [POINTS]",
     .help = "the viewer's font size at 100 %, 10 to 24 (saved in the settings)",
     .arg = ConsoleArg::Number,
     .viewer = true,
     .run = runViewer},
    {.name = "model",
     .usage = "model [PATH.gbxmodel]",
     .help = "a .glow tag opened on its own: show it on PATH's markers (no PATH: list the "
             ".gbxmodel files beside it and under its tags folder)",
     .arg = ConsoleArg::Path,
     .viewer = true,
     .run = runViewer},
    {.name = "bloom",
     .usage = "bloom [0|1] | bloom threshold|intensity|knee|exposure [VALUE]",
     .help = "bloom at the end of the HDR frame and its settings (the viewer's View > Bloom "
             "panel; render: the preset's bloom object, --bloom ...); no value prints it",
     .arg = ConsoleArg::Text,
     .viewer = true,
     .run = runBloom},
    {.name = "view",
     .usage = "view [overdraw|normal]",
     .help = "the overdraw view (particle layers per pixel on a colour ramp) or the normal "
             "picture (render: --view); no argument prints it",
     .arg = ConsoleArg::Text,
     .viewer = true,
     .run = runView},
    {.name = "pick",
     .usage = "pick X Y",
     .help = "select the particle nearest to pixel X Y of the picture (origin top left, as "
             "screenshot writes it; again at the same pixel: the next one behind it) and print "
             "its attributes as one JSON line",
     .arg = ConsoleArg::Number,
     .viewer = true,
     .run = runViewer},
    {.name = "particles_csv",
     .usage = "particles_csv PATH",
     .help = "write the Particle window's emitter table as CSV: every live particle of the "
             "selected particle's emitter (else of the selected effect), one row each",
     .arg = ConsoleArg::Path,
     .viewer = true,
     .run = runViewer},
    {.name = "pause_on_nan",
     .usage = "pause_on_nan [0|1]",
     .help = "stop playback on the first non-finite (NaN / Inf) particle value and select that "
             "particle, as the Particle window's toggle does",
     .arg = ConsoleArg::Bool,
     .viewer = true,
     .run = runViewer},
    {.name = "camera",
     .usage = "camera [ortho | perspective | view front|back|left|right|top | frame [all|selected] "
              "| fov DEG | clip NEAR FAR | save NAME | load NAME | delete NAME | views]",
     .help = "the viewer's camera: projection, the standard views, framing, field of view and "
             "clip planes (no argument: print it); named views kept in the preset",
     .arg = ConsoleArg::Text,
     .viewer = true,
     .run = runViewer},
    {.name = "autosave",
     .usage = "autosave [SECONDS]",
     .help = "write unsaved edits for crash recovery every SECONDS (0 = off; remembered; no "
             "argument: print it)",
     .arg = ConsoleArg::Number,
     .viewer = true,
     .run = runViewer},
    {.name = "recover",
     .usage = "recover [NAME | list | discard NAME|all | prompt]",
     .help = "restore the newest autosave of the opened document (or of NAME) that a viewer "
             "which did not exit left, as unsaved edits; list, discard or offer them",
     .arg = ConsoleArg::Text,
     .viewer = true,
     .run = runViewer},
    {.name = "background",
     .usage = "background [color R G B | gradient TR TG TB BR BG BB | image PATH]",
     .help = "what fills the picture behind the scene: a colour, a vertical gradient (top colour, "
             "then bottom; 0..1) or a PNG stretched over it (no argument: print it)",
     .arg = ConsoleArg::Text,
     .run = runBackground},
    {.name = "reference",
     .usage = "reference PATH.obj [X Y Z] [SCALE] | reference off",
     .help = "place a Wavefront OBJ mesh in the scene (the object \"reference\") to judge an "
             "effect's size against; off removes it (no argument: print it)",
     .arg = ConsoleArg::Path,
     .run = runReference},
    {.name = "grid",
     .usage = "grid [0|1]",
     .help = "the ground grid in the viewer (saved in its settings; render: --grid)",
     .arg = ConsoleArg::Bool,
     .viewer = true,
     .run = runViewer},
    {.name = "axes",
     .usage = "axes [0|1]",
     .help = "the world axis gizmo at the origin in the viewer (+X red, +Y green, +Z blue; saved "
             "in its settings)",
     .arg = ConsoleArg::Bool,
     .viewer = true,
     .run = runViewer},
    {.name = "cost",
     .usage = "cost [json]",
     .help = "per effect and emitter: live count, budget, CPU ms and GPU ms per frame (the Cost "
             "panel's table, as text or one JSON line)",
     .arg = ConsoleArg::Text,
     .viewer = true,
     .run = runViewer},
    {.name = "bundle",
     .usage = "bundle PATH | PATH.zip",
     .help = "write a bug-report folder (PNG, preset, seed, time, camera, ...), or the same as one "
             ".zip to attach (fxview, check, render and simulate open either)",
     .arg = ConsoleArg::Path,
     .run = runBundle},
    {.name = "split",
     .usage = "split [off | rate HZ [tick|frame] | mode tick|frame | set FIELD VALUE]",
     .help = "side-by-side view, cameras linked: the right half at another simulation rate / "
             "mode or with one field changed (no argument: print it)",
     .arg = ConsoleArg::Split,
     .run = runSplit},
    {.name = "gif",
     .usage = "gif PATH FRAMES EVERY",
     .help = "write an animated GIF of FRAMES frames EVERY seconds apart, from now",
     .arg = ConsoleArg::Path,
     .run = runGif},
    {.name = "sheet",
     .usage = "sheet PATH FRAMES EVERY [COLUMNS]",
     .help = "write a sprite sheet PNG of FRAMES frames EVERY seconds apart, from now",
     .arg = ConsoleArg::Path,
     .run = runSheet},
    {.name = "video",
     .usage = "video PATH FRAMES EVERY",
     .help = "write a video clip (.webm VP9 or .mp4 H.264, full colour) of FRAMES frames EVERY "
             "seconds apart, from now",
     .arg = ConsoleArg::Path,
     .run = runVideo},
    {.name = "stats", .usage = "stats", .help = "print live particles per effect", .run = runStats},
    {.name = "help",
     .usage = "help [COMMAND]",
     .help = "list commands",
     .arg = ConsoleArg::Text,
     .run = runHelp},
    {.name = "quit",
     .usage = "quit [--discard]",
     .help = "quit the viewer; with unsaved edits it asks first unless --discard",
     .run = runQuit},
};

// The debug toggles' rows, then kCommands.
std::vector<ConsoleCommandSpec> buildCommandTable() {
  static const auto usages = [] {
    std::array<std::string, kDebugToggles.size()> u;
    for (size_t i = 0; i < u.size(); ++i) u[i] = std::string(kDebugToggles[i].name) + " [0|1]";
    return u;
  }();
  std::vector<ConsoleCommandSpec> rows;
  for (size_t i = 0; i < kDebugToggles.size(); ++i) {
    const DebugToggle& t = kDebugToggles[i];
    rows.push_back({.name = t.name,
                    .usage = usages[i],
                    .help = t.help,
                    .arg = ConsoleArg::Bool,
                    .halo = t.halo,
                    .run = runDebugToggle});
  }
  rows.insert(rows.end(), std::begin(kCommands), std::end(kCommands));
  return rows;
}

ConsoleReply run(ConsoleSession& s, const ConsoleStatement& st) {
  const std::string& cmd = st.command();
  const ConsoleCommandSpec* spec = findConsoleCommand(cmd);
  if (!spec) return fail("unknown command \"" + cmd + "\" (type help)");
  if (std::string err = overInput(s, cmd, firstArg(st)); !err.empty()) return fail(err);
  if (!spec->run) return fail("command \"" + cmd + "\" is not available here");
  return spec->run(s, st);
}

}  // namespace

std::span<const ConsoleCommandSpec> consoleCommands() {
  static const std::vector<ConsoleCommandSpec> table = buildCommandTable();
  return table;
}

const ConsoleCommandSpec* findConsoleCommand(std::string_view name) {
  for (const auto& c : consoleCommands())
    if (c.name == name) return &c;
  return nullptr;
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
    if (!out.back().ok && !session.keepGoing) break;
  }
  return out;
}

}  // namespace fx
