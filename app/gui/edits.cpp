// Edits as undo steps: the snapshot of each edit target last recorded, an edit recorded or a
// whole snapshot applied as one step, undo and redo, and the sequence panel's channel slider.
#include "app/gui/app.h"

#include <algorithm>
#include <cmath>

#include "engine/session/world_edit.h"

namespace fx::gui {

std::string setObjectChannel(App& app, const std::string& object, const std::string& channel,
                             float value, bool held) {
  if (!app.preset) return "no preset is loaded";
  Scene& scene = app.preset->scene;
  auto o = std::find_if(scene.objects.begin(), scene.objects.end(),
                        [&](const SceneObject& x) { return x.name == object; });
  if (o == scene.objects.end()) return "no object named \"" + object + "\"";
  if (!std::isfinite(value)) return "VALUE: expected a finite number";
  committedSnapshot(app, kSceneTarget);
  auto c = std::find_if(o->channels.begin(), o->channels.end(),
                        [&](const Channel& x) { return x.name == channel; });
  if (c == o->channels.end()) {
    o->channels.push_back({channel, value});
  } else {
    c->value = value;
  }
  std::string label = "channel " + object + "/" + channel;
  recordEdit(app, kSceneTarget, label, label);  // a drag and its release: one step
  if (!held) app.history.breakCoalescing();
  return {};
}

const Json& committedSnapshot(App& app, const std::string& target) {
  auto it = app.committed.find(target);
  if (it == app.committed.end()) {
    auto snap = targetSnapshot(*app.preset, target);
    it = app.committed.emplace(target, snap ? *snap : Json()).first;
  }
  return it->second;
}

void recordEdit(App& app, const std::string& target, const std::string& label,
                const std::string& coalesceKey) {
  auto after = targetSnapshot(*app.preset, target);
  if (!after) return;
  Json before = committedSnapshot(app, target);
  app.history.record({.target = target,
                      .label = label,
                      .before = std::move(before),
                      .after = *after,
                      .coalesceKey = coalesceKey});
  app.committed[target] = std::move(*after);
  app.split.stale = true;
  if (app.world) app.world->dropSnapshots();  // the edit changes what a run from 0 gives
}

void applySnapshotEdit(App& app, const std::string& target, const Json& snapshot,
                       const std::string& label) {
  Diagnostics diags;
  committedSnapshot(app, target);
  if (!applyTargetSnapshot(*app.preset, *app.world, target, snapshot, diags,
                           app.args.allowAnyPath)) {
    app.loadDiagnostics = diags;
    setStatus(app, "edit rejected: see the errors panel");
    return;
  }
  syncTransport(app.transport, *app.world);
  recordEdit(app, target, label, "");
  app.history.breakCoalescing();
}

static void applyHistoryStep(App& app, const EditRecord* rec, bool undoing) {
  if (!rec) return;
  Diagnostics diags;
  const Json& snap = undoing ? rec->before : rec->after;
  if (!applyTargetSnapshot(*app.preset, *app.world, rec->target, snap, diags,
                           app.args.allowAnyPath))
    app.loadDiagnostics = diags;
  app.committed[rec->target] = snap;
  app.split.stale = true;
  syncTransport(app.transport, *app.world);
  setStatus(app, std::string(undoing ? "undo " : "redo ") + rec->label);
}

void undo(App& app) {
  applyHistoryStep(app, app.history.undo(), true);
}
void redo(App& app) {
  applyHistoryStep(app, app.history.redo(), false);
}

}  // namespace fx::gui
