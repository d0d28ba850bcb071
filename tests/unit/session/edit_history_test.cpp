// Undo / redo of viewer edits (engine/session/edit_history.h): the "viewer people want to live in"
// issue asks for undo / redo of every inspector edit and an unsaved-changes marker.
#include <gtest/gtest.h>

#include "engine/session/edit_history.h"

namespace fx {
namespace {

EditRecord edit(int before, int after, std::string key = {}, std::string target = "effect:a") {
  return {.target = target,
          .label = "/x",
          .before = Json{{"x", before}},
          .after = Json{{"x", after}},
          .coalesceKey = std::move(key)};
}

TEST(EditHistory, UndoReturnsBeforeAndRedoReturnsAfter) {
  EditHistory h;
  h.record(edit(1, 2));
  h.record(edit(2, 3));
  ASSERT_TRUE(h.canUndo());
  const EditRecord* u = h.undo();
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->before["x"], 2);
  u = h.undo();
  EXPECT_EQ(u->before["x"], 1);
  EXPECT_EQ(h.undo(), nullptr);
  const EditRecord* r = h.redo();
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->after["x"], 2);
  EXPECT_TRUE(h.canRedo());
}

TEST(EditHistory, RecordingAfterUndoDropsTheRedoBranch) {
  EditHistory h;
  h.record(edit(1, 2));
  h.record(edit(2, 3));
  h.undo();
  h.record(edit(2, 5));
  EXPECT_FALSE(h.canRedo());
  EXPECT_EQ(h.size(), 2u);
  EXPECT_EQ(h.peekUndo()->after["x"], 5);
}

TEST(EditHistory, ADragCoalescesIntoOneStep) {
  EditHistory h;
  h.record(edit(1, 2, "slider"));
  h.record(edit(2, 3, "slider"));
  h.record(edit(3, 4, "slider"));
  EXPECT_EQ(h.size(), 1u);
  EXPECT_EQ(h.peekUndo()->before["x"], 1);
  EXPECT_EQ(h.peekUndo()->after["x"], 4);
  // Releasing the slider ends the step; the next drag is a new one.
  h.breakCoalescing();
  h.record(edit(4, 5, "slider"));
  EXPECT_EQ(h.size(), 2u);
  // A different target never merges.
  h.record(edit(0, 1, "slider", "scene"));
  EXPECT_EQ(h.size(), 3u);
}

TEST(EditHistory, NoOpEditsAreNotSteps) {
  EditHistory h;
  h.record(edit(1, 1));
  EXPECT_FALSE(h.canUndo());
  h.record(edit(1, 2, "drag"));
  h.record(edit(2, 1, "drag"));  // dragged back to where it started
  EXPECT_FALSE(h.canUndo());
}

TEST(EditHistory, DirtyFollowsTheSavedPoint) {
  EditHistory h;
  EXPECT_FALSE(h.dirty());
  h.record(edit(1, 2));
  EXPECT_TRUE(h.dirty());
  h.markSaved();
  EXPECT_FALSE(h.dirty());
  h.record(edit(2, 3));
  EXPECT_TRUE(h.dirty());
  h.undo();  // back at the saved state
  EXPECT_FALSE(h.dirty());
  h.undo();
  EXPECT_TRUE(h.dirty());
  // A drag that continues after saving must not look clean.
  EditHistory g;
  g.record(edit(1, 2, "drag"));
  g.markSaved();
  g.record(edit(2, 3, "drag"));
  EXPECT_TRUE(g.dirty());
}

TEST(EditHistory, DroppingTheRedoBranchPastTheSaveStaysDirty) {
  EditHistory h;
  h.record(edit(1, 2));
  h.markSaved();
  h.undo();
  h.record(edit(1, 7));
  EXPECT_TRUE(h.dirty());
  h.undo();
  EXPECT_TRUE(h.dirty());  // the saved state (x = 2) is unreachable now
}

TEST(EditHistory, IsCapped) {
  EditHistory h(3);
  for (int i = 0; i < 10; ++i) h.record(edit(i, i + 1));
  EXPECT_EQ(h.size(), 3u);
  EXPECT_EQ(h.peekUndo()->after["x"], 10);
}

}  // namespace
}  // namespace fx
