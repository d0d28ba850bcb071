// Autosave and crash recovery (engine/session/recovery.h), through the calls the viewer's
// autosave, its restore prompt and the console's `recover` make: an entry is written under the
// recovery folder and never beside the user's files, a running viewer's entry is locked (not
// offered, not removable), one whose viewer died is offered and restores the edits, removing an
// entry removes it, and a damaged entry is a clear error naming its file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/core/paths.h"
#include "engine/core/platform.h"
#include "engine/core/platform_files.h"
#include "engine/formats/halo/tag_file.h"
#include "engine/session/documents.h"
#include "engine/session/recovery.h"
#include "engine/session/world.h"
#include "engine/session/world_edit.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

class Recovery : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fxview_recovery_" + std::to_string(platform::processId()) + "_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "work");
    root_ = dir_ / "data" / "recovery";
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const fs::path& rel, const std::string& text) {
    fs::create_directories((dir_ / rel).parent_path());
    std::ofstream(dir_ / rel, std::ios::binary) << text;
  }
  std::string read(const fs::path& p) const {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  std::unique_ptr<Preset> load(const fs::path& rel) {
    Diagnostics d;
    auto p = loadPreset(dir_ / rel, d);
    EXPECT_TRUE(p && !d.hasErrors()) << d.formatAll();
    return p;
  }
  // A preset with an inline glow and one whose definition is a JSON file beside it.
  void writeGlows() {
    write("work/glow.json", "{\n  \"number_of_particles\": 10\n}\n");
    write("work/p.json", R"({"version": 1, "seed": 1, "effects": [
      {"id": "a", "kind": "halo_glow", "definition": "glow.json"},
      {"id": "b", "kind": "halo_glow", "definition": {"number_of_particles": 3}}]})");
  }
  AutosaveInfo info() const { return {.document = dir_ / "work" / "p.json"}; }

  fs::path dir_, root_;
};

size_t filesIn(const fs::path& dir) {
  size_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) n += e.is_regular_file();
  return n;
}

TEST_F(Recovery, AKilledViewersEditIsOfferedAndRestored) {
  writeGlows();
  const std::string preset = read(dir_ / "work/p.json"), glow = read(dir_ / "work/glow.json");
  {
    auto p = load("work/p.json");
    World w(*p);
    FieldEdit edit;
    ASSERT_EQ(setField(*p, w, "a/number_of_particles", "20", edit), "");
    ASSERT_EQ(setField(*p, w, "/seed", "7", edit), "");
    RecoveryWriter writer(root_);
    ASSERT_EQ(writer.write(*p, {.document = info().document,
                                .historyPosition = 2,
                                .edits = {"/definition/number_of_particles", "/seed"}}),
              "");
    ASSERT_TRUE(writer.active());
    EXPECT_EQ(writer.folder().parent_path(), root_);
    // While its viewer runs the entry is its own: listed as live, not offered, not removable.
    auto all = listRecoveries(root_);
    ASSERT_EQ(all.size(), 1u);
    EXPECT_TRUE(all[0].live);
    EXPECT_TRUE(orphanedRecoveries(root_).empty());
    EXPECT_NE(discardRecovery(all[0]), "");
    EXPECT_TRUE(fs::exists(writer.folder()));
    // The edited files' copies hold what Save would write; the user's files are untouched.
    EXPECT_EQ(all[0].files.size(), 2u);
    for (const RecoveryFile& f : all[0].files)
      EXPECT_TRUE(fs::exists(all[0].folder / f.copy)) << f.copy;
    EXPECT_EQ(read(dir_ / "work/p.json"), preset);
    EXPECT_EQ(read(dir_ / "work/glow.json"), glow);
    // The writer goes away without remove(): the process died, and the system drops its lock.
  }
  auto offered = orphanedRecoveries(root_);
  ASSERT_EQ(offered.size(), 1u);
  const RecoveryEntry& e = offered[0];
  EXPECT_EQ(e.error, "");
  EXPECT_TRUE(recoveryOf(e, dir_ / "work" / ".." / "work" / "p.json"));
  EXPECT_FALSE(recoveryOf(e, dir_ / "work" / "glow.json"));
  EXPECT_EQ(e.historyPosition, 2u);
  ASSERT_EQ(e.edits.size(), 2u);
  EXPECT_EQ(e.edits[1], "/seed");
  EXPECT_GT(e.savedAt, 0);
  EXPECT_EQ(recoveryTimeText(e.savedAt).size(), 19u);
  for (const RecoveryFile& f : e.files) {
    Json copy = Json::parse(read(e.folder / f.copy));
    if (f.format == "definition") {
      EXPECT_EQ(copy["number_of_particles"], 20);
    } else {
      EXPECT_EQ(copy["seed"], 7);
    }
  }

  // The next viewer opens the file as it is on disk and lays the recovered edits over it.
  auto p = load("work/p.json");
  World w(*p);
  std::vector<std::string> notes;
  auto edits = recoveredEdits(*p, e, notes);
  EXPECT_TRUE(notes.empty()) << notes.front();
  ASSERT_EQ(edits.size(), 2u);  // effect a and the scene; b was not edited
  EXPECT_EQ(edits.back().target, "scene");
  for (const RecoveredEdit& r : edits) {
    Diagnostics d;
    ASSERT_TRUE(applyTargetSnapshot(*p, w, r.target, r.snapshot, d)) << d.formatAll();
  }
  std::string err;
  EXPECT_EQ(getField(*p, "a/number_of_particles", err), Json(20));
  EXPECT_EQ(getField(*p, "/seed", err), Json(7));
  // Unsaved edits until the user saves them.
  bool dirty = false;
  for (const Document& d : p->documents) dirty = dirty || documentDirty(*p, d);
  EXPECT_TRUE(dirty);
  ASSERT_TRUE(saveDocuments(*p).ok());
  EXPECT_EQ(Json::parse(read(dir_ / "work/glow.json"))["number_of_particles"], 20);

  EXPECT_EQ(discardRecovery(e), "");
  EXPECT_FALSE(fs::exists(e.folder));
  EXPECT_TRUE(listRecoveries(root_).empty());
}

TEST_F(Recovery, RemoveOnSaveOrQuitLeavesNothing) {
  writeGlows();
  auto p = load("work/p.json");
  World w(*p);
  FieldEdit edit;
  ASSERT_EQ(setField(*p, w, "b/number_of_particles", "4", edit), "");
  RecoveryWriter writer(root_);
  ASSERT_EQ(writer.write(*p, info()), "");
  fs::path folder = writer.folder();
  ASSERT_TRUE(fs::exists(folder / "entry.json"));
  writer.remove();
  EXPECT_FALSE(writer.active());
  EXPECT_FALSE(fs::exists(folder));
  EXPECT_TRUE(listRecoveries(root_).empty());
  // The next autosave makes a new entry.
  ASSERT_EQ(writer.write(*p, info()), "");
  EXPECT_EQ(listRecoveries(root_).size(), 1u);
  writer.remove();
}

TEST_F(Recovery, TwoViewersAtOnceKeepTheirOwnEntries) {
  writeGlows();
  auto p = load("work/p.json");
  World w(*p);
  FieldEdit edit;
  ASSERT_EQ(setField(*p, w, "b/number_of_particles", "4", edit), "");
  RecoveryWriter one(root_), two(root_);
  ASSERT_EQ(one.write(*p, info()), "");
  ASSERT_EQ(setField(*p, w, "b/number_of_particles", "5", edit), "");
  ASSERT_EQ(two.write(*p, info()), "");
  EXPECT_NE(one.folder(), two.folder());
  auto all = listRecoveries(root_);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_TRUE(all[0].live && all[1].live);
  one.remove();
  ASSERT_EQ(listRecoveries(root_).size(), 1u);
  EXPECT_EQ(listRecoveries(root_)[0].folder, two.folder());
  two.remove();
}

TEST_F(Recovery, UndoneFilesLeaveTheEntryAndTheSameStateIsNotRewritten) {
  writeGlows();
  auto p = load("work/p.json");
  World w(*p);
  FieldEdit edit;
  ASSERT_EQ(setField(*p, w, "a/number_of_particles", "20", edit), "");
  const Json before = edit.before;
  RecoveryWriter writer(root_);
  ASSERT_EQ(writer.write(*p, info()), "");
  ASSERT_EQ(listRecoveries(root_)[0].files.size(), 1u);
  // Rewritten with the same state: nothing changes on disk (not even the time).
  const auto stamp = platform::fileStamp(writer.folder() / "entry.json");
  ASSERT_EQ(writer.write(*p, info()), "");
  EXPECT_EQ(platform::fileStamp(writer.folder() / "entry.json"), stamp);
  // The definition undone, the seed edited: only the preset's copy is left.
  Diagnostics d;
  ASSERT_TRUE(applyTargetSnapshot(*p, w, "effect:a", before, d));
  ASSERT_EQ(setField(*p, w, "/seed", "9", edit), "");
  ASSERT_EQ(writer.write(*p, info()), "");
  auto e = listRecoveries(root_);
  ASSERT_EQ(e[0].files.size(), 1u);
  EXPECT_EQ(e[0].files[0].format, "preset");
  EXPECT_EQ(filesIn(writer.folder()), 3u);  // lock, entry.json, the preset's copy
  writer.remove();
}

TEST_F(Recovery, AHaloTagsCopyIsTheTagSaveWouldWrite) {
  halo::TagFile tag = halo::makeTag(halo::TagClass::Glow);
  ASSERT_EQ(halo::saveTag(dir_ / "work" / "g.glow", tag), "");
  const std::string original = read(dir_ / "work" / "g.glow");
  write("work/p.json", R"({"version": 1, "effects": [
      {"id": "g", "kind": "halo_glow", "definition": "g.glow"}]})");
  auto p = load("work/p.json");
  World w(*p);
  FieldEdit edit;
  ASSERT_EQ(setField(*p, w, "g/number_of_particles", "12", edit), "");
  RecoveryWriter writer(root_);
  ASSERT_EQ(writer.write(*p, info()), "");
  auto e = listRecoveries(root_);
  ASSERT_EQ(e.size(), 1u);
  ASSERT_EQ(e[0].files.size(), 1u);
  EXPECT_EQ(e[0].files[0].format, "halo_tag");
  EXPECT_EQ(read(dir_ / "work" / "g.glow"), original);
  // The copy opens as the tag with the edit.
  fs::copy_file(e[0].folder / e[0].files[0].copy, dir_ / "work" / "copy.glow");
  write("work/q.json", R"({"version": 1, "effects": [
      {"id": "g", "kind": "halo_glow", "definition": "copy.glow"}]})");
  auto q = load("work/q.json");
  std::string err;
  EXPECT_EQ(getField(*q, "g/number_of_particles", err), Json(12)) << err;
  writer.remove();
}

TEST_F(Recovery, ADamagedEntryIsAClearErrorAndCanBeDiscarded) {
  write("data/recovery/1-2-0/entry.json", "{\"fxview_recovery\": 1, \"document\": ");
  write("data/recovery/1-3-0/entry.json",
        R"({"fxview_recovery": 1, "document": "/x/p.json", "saved_at": 5, "targets": []})");
  write("data/recovery/1-4-0/entry.json",
        R"({"fxview_recovery": 1, "document": "/x/p.json", "saved_at": 5, "targets": {},
            "files": [{"file": "/x/p.json", "read_size": "many"}]})");
  write("data/recovery/1-5-0/entry.json", R"({"fxview_recovery": 99})");
  write("data/recovery/1-6-0/lock", "");  // being created: no entry.json yet
  auto all = orphanedRecoveries(root_);
  ASSERT_EQ(all.size(), 4u);
  for (const RecoveryEntry& e : all) {
    EXPECT_NE(e.error, "") << toUtf8(e.folder);
    EXPECT_NE(e.error.find(toUtf8(e.folder / "entry.json")), std::string::npos) << e.error;
    EXPECT_FALSE(recoveryOf(e, "/x/p.json"));
  }
  auto named = [&](const std::string& folder) {
    for (const RecoveryEntry& e : all)
      if (e.folder.filename() == folder) return e.error;
    return std::string();
  };
  EXPECT_NE(named("1-3-0").find("/targets"), std::string::npos) << named("1-3-0");
  EXPECT_NE(named("1-5-0").find("newer fxview"), std::string::npos) << named("1-5-0");
  for (const RecoveryEntry& e : all) EXPECT_EQ(discardRecovery(e), "");
  EXPECT_TRUE(listRecoveries(root_).empty());
}

TEST_F(Recovery, AFileChangedOnDiskSinceTheAutosaveIsNamed) {
  writeGlows();
  {
    auto p = load("work/p.json");
    World w(*p);
    FieldEdit edit;
    ASSERT_EQ(setField(*p, w, "a/number_of_particles", "20", edit), "");
    RecoveryWriter writer(root_);
    ASSERT_EQ(writer.write(*p, info()), "");
  }
  write("work/glow.json", "{\n  \"number_of_particles\": 11\n}\n");
  auto p = load("work/p.json");
  auto e = orphanedRecoveries(root_);
  ASSERT_EQ(e.size(), 1u);
  std::vector<std::string> notes;
  auto edits = recoveredEdits(*p, e[0], notes);
  ASSERT_EQ(edits.size(), 1u);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("glow.json changed on disk"), std::string::npos) << notes[0];
}

TEST(FileLock, HeldUntilReleasedAndExclusiveWithinOneProcess) {
  fs::path file = fs::temp_directory_path() /
                  ("fxview_lock_" + std::to_string(platform::processId()) + ".lock");
  fs::remove(file);
  EXPECT_FALSE(platform::fileLocked(file));
  {
    platform::FileLock a;
    ASSERT_TRUE(a.acquire(file));
    EXPECT_TRUE(platform::fileLocked(file));
    platform::FileLock b;
    EXPECT_FALSE(b.acquire(file));
    a.release();
    EXPECT_FALSE(platform::fileLocked(file));
    EXPECT_TRUE(b.acquire(file));
  }
  EXPECT_FALSE(platform::fileLocked(file));
  fs::remove(file);
}

}  // namespace
}  // namespace fx
