// Autosave and crash recovery in the viewer (engine/session/recovery.h): the periodic autosave,
// the prompt that offers what a viewer that died left behind, and the console's `autosave` and
// `recover`. Restoring lays the recovered edits over the document as unsaved edits, so the user
// still decides whether to save them.
#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <iostream>

#include "app/gui/app.h"
#include "engine/core/paths.h"
#include "engine/session/documents.h"
#include "engine/session/world_edit.h"

namespace fx::gui {

namespace fs = std::filesystem;

namespace {

void say(App& app, const std::string& line) {
  app.consoleLog.push_back({ConsoleLine::Output, line});
}

// Writes this viewer's entry now. "" or why not (said once in the errors tab and on stderr).
std::string autosaveNow(App& app) {
  AutosaveInfo info{.document = app.presetPath, .historyPosition = app.history.cursor()};
  const auto& steps = app.history.steps();
  for (size_t i = 0; i < app.history.cursor() && i < steps.size(); ++i)
    info.edits.push_back(steps[i].label);
  std::string err = app.recovery.write(*app.preset, info);
  if (err != app.autosaveError && !err.empty()) {
    app.runtimeErrors.push_back(err);
    std::cerr << "fxview: " << err << "\n";
  }
  app.autosaveError = err;
  return err;
}

// "3 min ago", "2 h ago", "5 days ago".
std::string ago(int64_t savedAt) {
  const int64_t s = std::max<int64_t>(0, int64_t(std::time(nullptr)) - savedAt);
  if (s < 60) return std::to_string(s) + " s ago";
  if (s < 3600) return std::to_string(s / 60) + " min ago";
  if (s < 172800) return std::to_string(s / 3600) + " h ago";
  return std::to_string(s / 86400) + " days ago";
}

// One line for the console and the prompt: when, which document, how many edits.
std::string describe(const RecoveryEntry& e) {
  if (!e.error.empty()) return toUtf8(e.folder.filename()) + ": unreadable: " + e.error;
  std::string edits =
      std::to_string(e.historyPosition) + (e.historyPosition == 1 ? " edit" : " edits");
  return recoveryTimeText(e.savedAt) + "  " + toUtf8(e.document) + "  (" + edits + ", " +
         std::to_string(e.files.size()) + (e.files.size() == 1 ? " file" : " files") + ")";
}

// The entries `name` picks: a document (any path reaching it, or its file name) or an entry
// folder's name.
std::vector<RecoveryEntry> named(const std::vector<RecoveryEntry>& all, const std::string& name) {
  std::vector<RecoveryEntry> out;
  for (const RecoveryEntry& e : all)
    if (recoveryOf(e, toPath(name)) || toUtf8(e.folder.filename()) == name ||
        (e.error.empty() && toUtf8(e.document.filename()) == name))
      out.push_back(e);
  return out;
}

// The document the entry is about, opened (unless it is open). "" or why not.
std::string openRecovered(App& app, const RecoveryEntry& entry) {
  if (app.preset && sameFile(app.presetPath, entry.document)) return {};
  const std::string copies = "; what Save would have written is in " + toUtf8(entry.folder);
  if (app.preset && app.history.dirty())
    return toUtf8(app.presetPath) + " has unsaved edits: save or discard them before restoring " +
           toUtf8(entry.document);
  std::error_code ec;
  if (!fs::exists(entry.document, ec)) return toUtf8(entry.document) + " is gone" + copies;
  if (!openAndRemember(app, entry.document))
    return "could not open " + toUtf8(entry.document) + " (see the errors tab)" + copies;
  return {};
}

}  // namespace

void autosaveTick(App& app, double now) {
  const int every = app.settings.autosaveSeconds;
  if (!app.preset || !app.history.dirty() || every <= 0) {
    // Nothing unsaved (saved, undone to the saved point, another file opened), or autosave off.
    if (app.recovery.active()) app.recovery.remove();
    app.nextAutosave = now + std::max(every, 1);
    return;
  }
  if (now < app.nextAutosave) return;
  app.nextAutosave = now + every;
  autosaveNow(app);
}

void offerRecoveries(App& app) {
  app.recoveries = orphanedRecoveries(app.recovery.root());
  if (app.recoveries.empty()) return;
  if (app.args.exec.empty()) {
    app.showRecoveryPrompt = true;
    return;
  }
  const size_t n = app.recoveries.size();
  say(app, std::to_string(n) + (n == 1 ? " recovery" : " recoveries") +
               " of unsaved edits from a viewer that did not exit (recover list; recover "
               "restores the newest of the opened document)");
}

void endAutosave(App& app) {
  app.recovery.remove();
}

std::string restoreRecovery(App& app, const RecoveryEntry& entry) {
  if (!entry.error.empty()) return entry.error;
  if (std::string err = openRecovered(app, entry); !err.empty()) return err;
  std::vector<std::string> notes;
  std::vector<RecoveredEdit> edits = recoveredEdits(*app.preset, entry, notes);
  size_t applied = 0;
  for (const RecoveredEdit& e : edits) {
    const size_t before = app.history.cursor();
    applySnapshotEdit(app, e.target, e.snapshot, "recovered edits");
    if (app.history.cursor() != before)
      ++applied;
    else
      notes.push_back("the recovered " + e.target +
                      " was rejected: " + app.loadDiagnostics.formatAll());
  }
  for (const std::string& n : notes) {
    app.runtimeErrors.push_back("recover: " + n);
    say(app, "recover: " + n);
  }
  if (applied == 0 && !edits.empty()) return "nothing of " + toUtf8(entry.folder) + " applied";
  // The edits are this viewer's now: written to its own entry before the old one goes, so they
  // are on disk all along.
  if (app.history.dirty())
    if (std::string err = autosaveNow(app); !err.empty())
      return "restored, but " + err + "; the recovery stays in " + toUtf8(entry.folder);
  if (std::string err = discardRecovery(entry); !err.empty()) say(app, "recover: " + err);
  std::erase_if(app.recoveries, [&](const RecoveryEntry& r) { return r.folder == entry.folder; });
  setStatus(app, "restored " + std::to_string(applied) + " recovered edits of " +
                     toUtf8(entry.document.filename()) + " from " +
                     recoveryTimeText(entry.savedAt) + ": save to keep them");
  say(app, app.status);
  return {};
}

std::string viewerAutosave(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  if (t.size() > 2) return "usage: autosave [SECONDS] (0 = off)";
  if (t.size() == 2) {
    char* end = nullptr;
    long n = std::strtol(t[1].c_str(), &end, 10);
    if (t[1].empty() || *end || n < 0 || n > kMaxAutosaveSeconds)
      return "SECONDS: expected a whole number 0.." + std::to_string(kMaxAutosaveSeconds) +
             ", got \"" + t[1] + "\"";
    app.settings.autosaveSeconds = int(n);
    app.nextAutosave = nowSeconds() + double(n);
  }
  const int s = app.settings.autosaveSeconds;
  say(app, s > 0 ? "autosave every " + std::to_string(s) + " s" : std::string("autosave off"));
  return {};
}

namespace {

std::string recoverList(App& app) {
  std::vector<RecoveryEntry> all = orphanedRecoveries(app.recovery.root());
  if (all.empty()) say(app, "no recoveries in " + toUtf8(app.recovery.root()));
  for (const RecoveryEntry& e : all) say(app, describe(e));
  return {};
}

std::string recoverDiscard(App& app, const std::string& which) {
  std::vector<RecoveryEntry> all = orphanedRecoveries(app.recovery.root());
  std::vector<RecoveryEntry> pick = which == "all" ? all : named(all, which);
  if (pick.empty()) return "no recovery of \"" + which + "\" (recover list)";
  for (const RecoveryEntry& e : pick) {
    if (std::string err = discardRecovery(e); !err.empty()) return err;
    say(app, "discarded " + describe(e));
  }
  app.recoveries = orphanedRecoveries(app.recovery.root());
  return {};
}

}  // namespace

std::string viewerRecover(App& app, const ConsoleStatement& st) {
  const auto& t = st.tokens;
  if (t.size() == 2 && t[1] == "list") return recoverList(app);
  if (t.size() == 3 && t[1] == "discard") return recoverDiscard(app, t[2]);
  if (t.size() == 2 && t[1] == "prompt") {
    app.recoveries = orphanedRecoveries(app.recovery.root());
    app.showRecoveryPrompt = true;
    return {};
  }
  if (t.size() > 2) return "usage: recover [NAME | list | discard NAME|all | prompt]";
  std::vector<RecoveryEntry> all = orphanedRecoveries(app.recovery.root());
  const std::string which = t.size() == 2 ? t[1] : toUtf8(app.presetPath);
  if (which.empty()) return "no document is open: recover NAME (recover list)";
  std::vector<RecoveryEntry> pick = named(all, which);
  std::erase_if(pick, [](const RecoveryEntry& e) { return !e.error.empty(); });
  if (pick.empty()) return "no recovery of " + which + " (recover list shows them all)";
  return restoreRecovery(app, pick.front());  // the newest (listRecoveries' order)
}

// --- the prompt

namespace {

// One entry's row: what it holds, Restore and Discard (which asks again first). True when the
// prompt should close (a document was restored).
bool recoveryRow(App& app, size_t i, int& armed, std::string& message) {
  const RecoveryEntry& e = app.recoveries[i];
  ImGui::PushID(int(i));
  if (e.error.empty()) {
    ImGui::Text("%s", e.name.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("saved %s (%s), %zu edits", recoveryTimeText(e.savedAt).c_str(),
                        ago(e.savedAt).c_str(), e.historyPosition);
    ImGui::TextDisabled("%s", toUtf8(e.document).c_str());
  } else {
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "unreadable: %s", e.error.c_str());
  }
  bool close = false;
  if (e.error.empty() && ImGui::Button("Restore")) {
    message = restoreRecovery(app, e);
    close = message.empty();
  }
  ImGui::SameLine();
  if (armed != int(i) && ImGui::Button("Discard...")) armed = int(i);
  if (armed == int(i)) {
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f), "Delete these edits for good?");
    ImGui::SameLine();
    if (ImGui::Button("Delete")) {
      message = discardRecovery(e);
      if (message.empty()) app.recoveries.erase(app.recoveries.begin() + ptrdiff_t(i));
      armed = -1;
    }
    ImGui::SameLine();
    if (ImGui::Button("Keep")) armed = -1;
  }
  ImGui::Separator();
  ImGui::PopID();
  return close;
}

}  // namespace

void drawRecoveryPrompt(App& app) {
  static int armed = -1;
  static std::string message;
  if (app.showRecoveryPrompt) {
    ImGui::OpenPopup("Recover unsaved edits");
    app.showRecoveryPrompt = false;
    armed = -1;
    message.clear();
  }
  ImVec2 centre(ImGui::GetIO().DisplaySize.x * 0.5f, ImGui::GetIO().DisplaySize.y * 0.5f);
  // Centred every frame: its height follows the rows (a discarded one leaves).
  ImGui::SetNextWindowPos(centre, ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(640.0f, ImGui::GetIO().DisplaySize.x - 40.0f), 0.0f));
  if (!ImGui::BeginPopupModal("Recover unsaved edits", nullptr, 0)) return;
  ImGui::TextWrapped(
      "fxview did not exit normally: these documents had edits that were not saved. Restore opens "
      "one with its edits applied, still unsaved.");
  ImGui::Separator();
  bool close = app.recoveries.empty();
  for (size_t i = 0; i < app.recoveries.size() && !close; ++i)
    close = recoveryRow(app, i, armed, message);
  if (!message.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", message.c_str());
  if (ImGui::Button("Decide later")) close = true;
  ImGui::SameLine();
  ImGui::TextDisabled("(kept in %s)", toUtf8(app.recovery.root()).c_str());
  if (close) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace fx::gui
