#include "engine/session/edit_history.h"

namespace fx {

void EditHistory::record(EditRecord edit) {
  if (edit.before == edit.after) return;
  if (cursor_ < steps_.size()) {
    steps_.resize(cursor_);
    if (savedAt_ > long(cursor_)) savedAt_ = -1;
    coalesceOpen_ = false;
  }
  if (coalesceOpen_ && !edit.coalesceKey.empty() && !steps_.empty()) {
    EditRecord& last = steps_.back();
    if (last.coalesceKey == edit.coalesceKey && last.target == edit.target) {
      last.after = std::move(edit.after);
      // A drag that came back to where it started is no step at all.
      if (last.before == last.after) {
        steps_.pop_back();
        cursor_ = steps_.size();
        coalesceOpen_ = false;
      }
      return;
    }
  }
  // The merged step may have become the saved one's successor: saving mid-drag is rare, but a
  // step that started at the saved point and keeps changing stays dirty.
  steps_.push_back(std::move(edit));
  cursor_ = steps_.size();
  coalesceOpen_ = !steps_.back().coalesceKey.empty();
  if (steps_.size() > maxSteps_) {
    steps_.erase(steps_.begin());
    cursor_ = steps_.size();
    savedAt_ = savedAt_ > 0 ? savedAt_ - 1 : -1;
  }
}

const EditRecord* EditHistory::undo() {
  coalesceOpen_ = false;
  if (!canUndo()) return nullptr;
  return &steps_[--cursor_];
}

const EditRecord* EditHistory::redo() {
  coalesceOpen_ = false;
  if (!canRedo()) return nullptr;
  return &steps_[cursor_++];
}

void EditHistory::markSaved() {
  savedAt_ = long(cursor_);
  dirtyWithoutHistory_ = false;
  coalesceOpen_ = false;
}

void EditHistory::clear() {
  steps_.clear();
  cursor_ = 0;
  savedAt_ = 0;
  coalesceOpen_ = false;
  dirtyWithoutHistory_ = false;
}

}  // namespace fx
