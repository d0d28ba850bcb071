// The console in the viewer: a line run against the open document with the viewer's hooks
// (load, save, quit, captures, undo), and --exec scripts run statement by statement across frames.
#include "app/gui/app.h"

#include <iostream>

#include "engine/core/paths.h"
#include "engine/session/world_edit.h"

namespace fx::gui {

namespace fs = std::filesystem;

namespace {

// The viewer's commands that need no document: a bug report of a load error takes a screenshot
// of the window with the errors tab in front.
bool worksWithoutDocument(const std::string& command) {
  return command == "screenshot_window" || command == "panel" || command == "layout" ||
         command == "wait" || command == "ui_scale" || command == "font_size" ||
         command == "grid" || command == "axes";
}

// Without a document only `load` / `open`, `screenshot` (of the errors), the viewer commands
// above and `quit` make sense. False when a statement failed; the statements after it are not run.
bool runWithoutDocument(App& app, const std::string& line) {
  auto st = parseConsoleLine(line);
  for (const auto& s : st) {
    if (worksWithoutDocument(s.command())) {
      if (std::string err = runViewerCommand(app, s); !err.empty()) {
        app.consoleLog.push_back({ConsoleLine::Error, err});
        std::cerr << "fxview: " << err << "\n";
        return false;
      }
      if (s.command() == "screenshot_window" || s.command() == "wait") break;  // next frames
    } else if ((s.command() == "load" || s.command() == "open") && s.tokens.size() > 1) {
      if (!openAndRemember(app, toPath(s.tokens[1]))) {
        std::cerr << "fxview: could not open " << s.tokens[1] << "\n";
        return false;
      }
    } else if (s.command() == "screenshot") {
      app.pendingScreenshot = s.tokens.size() > 1 ? s.tokens[1] : defaultScreenshotPath();
      app.screenshotWindow = false;
      app.screenshotFrame = app.frameIndex + 1;
      break;  // taken at the end of a rendered frame; the rest waits (runPendingExec)
    } else if (s.command() == "quit") {
      app.quitRequested = app.quitConfirmed = true;
    } else {
      app.consoleLog.push_back({ConsoleLine::Error, "no preset is loaded"});
      std::cerr << "fxview: " << s.command() << ": no preset is loaded\n";
      return false;
    }
  }
  return true;
}

// load, save, quit and the viewer's own commands; `load` and `open` rebind the session to the
// new document.
void installDocumentHooks(App& app, ConsoleSession& s) {
  ConsoleSession* sp = &s;
  s.hooks.load = [&app, sp](const std::string& path, bool discard) -> std::string {
    if (documentDirty(app) && !discard) {
      app.pendingOpen = toPath(path);
      app.showOpenPrompt = true;
      return "unsaved edits: answer the prompt (or load " + path + " --discard)";
    }
    if (!openDocument(app, toPath(path)))
      return "could not load " + path + " (see the errors panel)";
    sp->preset = app.preset.get();
    sp->world = app.world.get();
    return {};
  };
  s.hooks.save = [&app](const std::string& path, bool overwrite) {
    return saveDocument(app, toPath(path), overwrite);
  };
  s.hooks.quit = [&app](bool discard) -> std::string {
    // The window loop asks first when there are unsaved edits (gui.cpp), as Ctrl+Q does.
    app.quitRequested = true;
    app.quitConfirmed = discard;
    return documentDirty(app) && !discard ? "unsaved edits: answer the prompt (or quit --discard)"
                                          : std::string();
  };
  s.hooks.viewer = [&app, sp](const ConsoleStatement& st) {
    std::string err = runViewerCommand(app, st);
    sp->preset = app.preset.get();  // `open` may have replaced the document
    sp->world = app.world.get();
    return err;
  };
}

// screenshot, bundle, gif, sheet and video: taken at the end of a rendered frame.
void installCaptureHooks(App& app, ConsoleSession& s) {
  s.hooks.screenshot = [&app](const std::string& path) -> std::string {
    app.pendingScreenshot = path.empty() ? defaultScreenshotPath() : path;
    app.screenshotWindow = false;
    // One more frame first, so panels that settle a frame late (the console scrolling to its
    // newest line) are in the picture.
    app.screenshotFrame = app.frameIndex + 1;
    return {};
  };
  s.hooks.bundle = [&app](const std::string& path) -> std::string {
    app.pendingBundle = path;
    return {};
  };
  s.hooks.gif = [&app](const std::string& path, int frames, double every) {
    return exportFrames(app, toPath(path), frames, every, 0, FrameExport::Gif);
  };
  s.hooks.video = [&app](const std::string& path, int frames, double every) {
    return exportFrames(app, toPath(path), frames, every, 0, FrameExport::Video);
  };
  s.hooks.sheet = [&app](const std::string& path, int frames, double every, int columns) {
    return exportFrames(app, toPath(path), frames, every, columns, FrameExport::Sheet);
  };
}

// undo, redo, and the history record of each `set`.
void installEditHooks(App& app, ConsoleSession& s) {
  s.hooks.undo = [&app]() -> std::string {
    if (!app.history.canUndo()) return "nothing to undo";
    undo(app);
    return {};
  };
  s.hooks.redo = [&app]() -> std::string {
    if (!app.history.canRedo()) return "nothing to redo";
    redo(app);
    return {};
  };
  s.hooks.edited = [&app](const FieldEdit& e) {
    app.history.record(
        {.target = e.target, .label = e.pointer, .before = e.before, .after = e.after});
    app.history.breakCoalescing();
    app.committed[e.target] = e.after;
    app.split.stale = true;
    // The inspector follows the effect a command edited.
    for (size_t i = 0; i < app.preset->effects.size(); ++i)
      if (effectTarget(app.preset->effects[i]) == e.target) app.selectedEffect = int(i);
  };
}

}  // namespace

bool runConsole(App& app, const std::string& line, bool echo) {
  if (echo) app.consoleLog.push_back({ConsoleLine::Input, "> " + line});
  if (!app.preset || !app.world) return runWithoutDocument(app, line);
  ConsoleSession session{.preset = app.preset.get(),
                         .world = app.world.get(),
                         .transport = &app.transport,
                         .split = &app.split,
                         .framerateThrottle = app.framerateThrottle,
                         .allowAnyPath = app.args.allowAnyPath};
  installDocumentHooks(app, session);
  installCaptureHooks(app, session);
  installEditHooks(app, session);
  bool ok = true;
  for (auto& reply : executeConsole(session, line)) {
    ok = ok && reply.ok;
    if (reply.text.empty() && reply.ok) continue;
    app.consoleLog.push_back({reply.ok ? ConsoleLine::Output : ConsoleLine::Error, reply.text});
    if (!reply.ok) std::cerr << "fxview: " << reply.text << "\n";
  }
  app.framerateThrottle = session.framerateThrottle;
  if (app.consoleLog.size() > 2000)
    app.consoleLog.erase(app.consoleLog.begin(), app.consoleLog.begin() + 500);
  return ok;
}

void queueExec(App& app, const std::string& script) {
  for (auto& st : parseConsoleLine(script)) app.pendingExec.push_back(st.text);
  app.execActive = !app.pendingExec.empty();
}

namespace {

// The next --exec statement is `wait_loaded` and no document is open yet (a broken file that
// the user is fixing): the script waits for the hot reload, however long that takes.
bool execWaitsForDocument(const App& app) {
  if (app.preset || app.pendingExec.empty()) return false;
  auto st = parseConsoleLine(app.pendingExec.front());
  return !st.empty() && st.front().command() == "wait_loaded";
}

}  // namespace

// A statement of the --exec script failed (`what` says which): the rest is dropped, unless
// --keep-going, and the viewer quits with status 1 (asking first when edits are unsaved).
void execStatementFailed(App& app, const std::string& what) {
  app.execFailed = true;
  if (app.args.keepGoing) return;
  if (!app.pendingExec.empty())
    std::cerr << "fxview: --exec stopped at " << what << " (" << app.pendingExec.size()
              << " more not run; --keep-going runs them)\n";
  app.pendingExec.clear();
  app.execActive = false;
  app.quitRequested = true;
}

void runPendingExec(App& app) {
  // Statements run in order; one that needs a rendered frame (screenshot, bundle) ends this
  // frame's share so the capture shows everything before it, and nothing runs until it is taken.
  if (!app.pendingScreenshot.empty() || !app.pendingBundle.empty() || app.recording) return;
  if (app.frameIndex < app.execResumeFrame) return;
  if (app.pendingExec.empty()) app.execActive = false;  // its last capture is taken
  while (!app.pendingExec.empty() && !execWaitsForDocument(app)) {
    std::string st = app.pendingExec.front();
    app.pendingExec.erase(app.pendingExec.begin());
    if (!runConsole(app, st, true)) execStatementFailed(app, "\"" + st + "\"");
    if (!app.pendingScreenshot.empty() || !app.pendingBundle.empty() || app.recording ||
        app.quitRequested || app.frameIndex < app.execResumeFrame)
      break;
  }
}

void runPanelCommand(App& app, const std::string& line) {
  runConsole(app, line, true);
  if (!app.consoleLog.empty()) setStatus(app, app.consoleLog.back().text);
}

}  // namespace fx::gui
