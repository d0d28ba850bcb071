// Undo / redo for the viewer's edits, as JSON snapshots. An edit names its target ("scene", or
// "effect:<id>") and carries the target's whole reflected state before and after, so undoing is
// "read `before` back into the target" and redoing is "read `after`". Successive edits with the
// same coalesce key (one slider drag) merge into a single step. The history also tracks the
// saved point, which drives the unsaved-changes marker. No GUI code here; the inspector, the
// console's `set` and the tests all record through it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/core/json.h"

namespace fx {

struct EditRecord {
  std::string target;  // "scene" or "effect:<id>"
  std::string label;   // what changed, for the menu ("/number_of_particles")
  Json before;
  Json after;
  std::string coalesceKey;  // "" = never merged
};

class EditHistory {
 public:
  explicit EditHistory(size_t maxSteps = 256) : maxSteps_(maxSteps) {}

  // Records an applied edit. An edit whose before equals its after is ignored. When `coalesceKey`
  // is not empty and equals the previous record's key (same target), the two merge: the merged
  // step keeps the first `before` and the latest `after`. Recording drops the redo branch.
  void record(EditRecord edit);
  // Ends merging: the next record starts a new step even with the same coalesce key.
  void breakCoalescing() { coalesceOpen_ = false; }

  bool canUndo() const { return cursor_ > 0; }
  bool canRedo() const { return cursor_ < steps_.size(); }
  // The step to revert (apply its `before`), or null. Moves the cursor back.
  const EditRecord* undo();
  // The step to re-apply (apply its `after`), or null. Moves the cursor forward.
  const EditRecord* redo();
  const EditRecord* peekUndo() const { return canUndo() ? &steps_[cursor_ - 1] : nullptr; }
  const EditRecord* peekRedo() const { return canRedo() ? &steps_[cursor_] : nullptr; }

  // The saved point: dirty() is true when the cursor is not at the last save (undoing back to it
  // makes the document clean again).
  void markSaved();
  bool dirty() const { return dirtyWithoutHistory_ || savedAt_ != long(cursor_); }
  // Changes that bypass the history (e.g. a hot reload that replaced the document) clear it.
  void clear();
  // Marks the document dirty for a change that cannot be undone.
  void markDirty() { dirtyWithoutHistory_ = true; }

  size_t size() const { return steps_.size(); }
  const std::vector<EditRecord>& steps() const { return steps_; }
  size_t cursor() const { return cursor_; }

 private:
  std::vector<EditRecord> steps_;
  size_t cursor_ = 0;
  long savedAt_ = 0;  // -1 = the saved state is no longer reachable
  bool coalesceOpen_ = false;
  bool dirtyWithoutHistory_ = false;
  size_t maxSteps_;
};

}  // namespace fx
