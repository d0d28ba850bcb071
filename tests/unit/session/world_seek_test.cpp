// Seeks through snapshots (World::seek, engine/session/world_snapshots.cpp): a seek restores the
// nearest exact copy of the simulation state at or before its target and steps the rest, so it
// costs at most one snapshot interval, and what it gives is bit-identical to a run from time 0:
// the same `simulate` dump, and the same state from then on (random generators, counters and
// per-effect state included, which further steps would reveal). Edits, seed and rate changes,
// enable toggles and a moved camera (for families whose step reads it) drop the snapshots; their
// memory stays within the budget however long the timeline.
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/core/field_json.h"
#include "engine/session/transport.h"
#include "engine/session/world_console.h"
#include "engine/session/world_edit.h"
#include "engine/session/world_split.h"

namespace fx {
namespace world_seek_test {

std::unique_ptr<Preset> load(const char* name) {
  Diagnostics diags;
  auto p = loadPreset(std::filesystem::path(FXVIEW_TEST_DATA) / ".." / "presets" / name, diags);
  EXPECT_TRUE(p && !diags.hasErrors()) << name << ": " << diags.formatAll();
  return p;
}

Json dumpOf(const World& w) {
  Json j;
  w.dump(j);
  return j;
}

// The reference: a fresh World of the same preset run from time 0 to `seconds`.
Json fromZero(Preset& preset, double seconds, const View* view = nullptr) {
  World w(preset);
  if (view) w.setView(*view);
  w.advanceTo(seconds);
  return dumpOf(w);
}

// The seeking world and a world run from 0 stay identical for `steps` more steps.
void expectSameFromHere(World& seeking, Preset& preset, int steps, const std::string& what) {
  World ref(preset);
  ref.setView(seeking.view());
  ref.advanceTo(seeking.time());
  ASSERT_TRUE(dumpOf(seeking) == dumpOf(ref)) << what;
  for (int i = 0; i < steps; ++i) {
    seeking.stepOnce();
    ref.stepOnce();
  }
  EXPECT_TRUE(dumpOf(seeking) == dumpOf(ref)) << what << ", " << steps << " steps later";
}

class SeekPreset : public ::testing::TestWithParam<const char*> {};

TEST_P(SeekPreset, SeeksThroughSnapshotsMatchARunFromZero) {
  auto preset = load(GetParam());
  ASSERT_TRUE(preset);
  World w(*preset);
  w.setSnapshotBudget({.intervalSeconds = 0.5});
  w.advanceTo(6.0);  // playing forward keeps snapshots
  SnapshotInfo info = w.snapshotInfo();
  ASSERT_GE(info.count, 10u) << "a snapshot every 0.5 s";
  const uint64_t spacing = info.spacingSteps;
  EXPECT_GT(info.bytes, 0u);

  // Back and forth, including a target before the first snapshot and one past the last.
  for (double t : {2.3, 4.1, 0.7, 0.2, 5.95, 3.0, 7.3, 1.1}) {
    seekWorld(w, t);
    EXPECT_TRUE(dumpOf(w) == fromZero(*preset, t)) << GetParam() << " at " << t;
    if (t <= 6.0) {  // past where the world played, the first seek steps on from the last one
      EXPECT_LE(w.snapshotInfo().lastSeekSteps, spacing)
          << GetParam() << " at " << t << ": a seek simulates at most one snapshot interval";
    }
  }
  seekWorld(w, 2.3);
  expectSameFromHere(w, *preset, 70, std::string(GetParam()) + " after seeking to 2.3");
}

INSTANTIATE_TEST_SUITE_P(Families, SeekPreset,
                         ::testing::Values("gallery.json", "glow_energy_sword.json",
                                           "glow_bounce_vs_wrap.json", "weather_rain.json",
                                           "weather_blend_functions.json",
                                           "destiny_spark_shower.json",
                                           "destiny_seq_twin_muzzle.json",
                                           "destiny_seq_serial_bursts.json", "stride_vortex.json",
                                           "stride_ribbons.json", "lightning_charged.json"),
                         [](const auto& info) {
                           std::string n = info.param;
                           return n.substr(0, n.find('.'));
                         });

TEST(WorldSeek, AnEditDropsTheSnapshotsAndASeekMatchesTheEditedPresetFromZero) {
  auto preset = load("glow_energy_sword.json");
  World w(*preset);
  w.advanceTo(5.0);
  ASSERT_GT(w.snapshotInfo().count, 0u);
  const std::string id = preset->effects[0].placement.id;
  FieldEdit edit;
  ASSERT_EQ(setField(*preset, w, id + "/number_of_particles", "7", edit), "");
  seekWorld(w, 2.5);
  auto edited = load("glow_energy_sword.json");
  World e(*edited);
  ASSERT_EQ(setField(*edited, e, id + "/number_of_particles", "7", edit), "");
  e.advanceTo(2.5);
  EXPECT_TRUE(dumpOf(w) == dumpOf(e));
  EXPECT_TRUE(dumpOf(w) != fromZero(*load("glow_energy_sword.json"), 2.5))
      << "the edit must show (else this test proves nothing)";
}

// The inspector's live drags write the definition in place and replay nothing: the snapshots
// taken before no longer hold.
TEST(WorldSeek, AFieldWrittenInPlaceDropsTheSnapshots) {
  auto preset = load("stride_vortex.json");
  World w(*preset);
  w.advanceTo(3.0);
  EffectEntry& e = preset->effects[0];
  Json snap = effectSnapshot(e);
  Json def = snap["definition"];
  std::string before = def.dump();
  // Every float field scaled: whatever the definition holds, the run changes.
  std::function<void(Json&)> scale = [&](Json& j) {
    if (j.is_number_float()) j = j.get<double>() * 1.5 + 0.25;
    if (j.is_object() || j.is_array())
      for (auto& [k, v] : j.items()) scale(v);
  };
  scale(def);
  ASSERT_NE(def.dump(), before);
  Diagnostics diags;
  EffectDefinition* d = e.definition.get();
  readFields(
      def, [d](FieldVisitor& v) { d->reflect(v); }, {.file = "live"}, diags);
  seekWorld(w, 1.5);
  EXPECT_TRUE(dumpOf(w) == fromZero(*preset, 1.5));
}

TEST(WorldSeek, ToggledEffectsAndAMovedCameraAreInputsOfTheRun) {
  auto preset = load("gallery.json");
  World w(*preset);
  w.advanceTo(4.0);
  preset->effects[1].enabled = false;  // the panel's checkbox: no reset
  w.advanceTo(4.5);
  seekWorld(w, 2.0);
  EXPECT_TRUE(dumpOf(w) == fromZero(*preset, 2.0));
  preset->effects[1].enabled = true;

  // Weather's step reads the camera's height: a seek under another camera is a run under it.
  auto rain = load("weather_rain.json");
  World r(*rain);
  r.advanceTo(3.0);
  View moved = r.view();
  moved.eye.z += 1000.0f;  // past the default fade-out height: no particles wanted
  r.setView(moved);
  seekWorld(r, 2.0);
  EXPECT_TRUE(dumpOf(r) == fromZero(*rain, 2.0, &moved));
  EXPECT_TRUE(dumpOf(r) != fromZero(*rain, 2.0)) << "the camera height must matter here";
}

// The weather flag's history (hide, then show again: the system resets) replays on every seek,
// and a change made after seeking back rewrites it from there: seeks through snapshots give what
// seeks by re-simulation from 0 gave.
TEST(WorldSeek, TheWeatherFlagsHistoryReplaysThroughSnapshots) {
  auto preset = load("weather_snow.json");
  auto other = load("weather_snow.json");
  World w(*preset), ref(*other);
  auto both = [&](auto&& f) { f(w, false), f(ref, true); };
  auto seek = [](World& x, bool fromZero, double t) {
    if (fromZero) {
      x.reset(x.seed());
      x.advanceTo(t);
    } else {
      seekWorld(x, t);
    }
  };
  both([](World& x, bool) { x.advanceTo(2.0); });
  both([](World& x, bool) { x.flags.weather = false; });
  both([](World& x, bool) { x.advanceTo(2.5); });
  both([](World& x, bool) { x.flags.weather = true; });
  both([](World& x, bool) { x.advanceTo(5.0); });
  both([&](World& x, bool z) { seek(x, z, 2.2); });
  EXPECT_TRUE(dumpOf(w) == dumpOf(ref));
  both([&](World& x, bool z) { seek(x, z, 4.0); });
  EXPECT_TRUE(dumpOf(w) == dumpOf(ref));
  both([&](World& x, bool z) { seek(x, z, 1.0); });
  both([](World& x, bool) { x.flags.weather = false; });  // rewrites the history from 1.0
  both([](World& x, bool) { x.advanceTo(1.4); });
  both([](World& x, bool) { x.flags.weather = true; });
  both([](World& x, bool) { x.advanceTo(1.6); });
  both([&](World& x, bool z) { seek(x, z, 3.5); });
  EXPECT_TRUE(dumpOf(w) == dumpOf(ref));
  both([&](World& x, bool z) { seek(x, z, 0.5); });
  EXPECT_TRUE(dumpOf(w) == dumpOf(ref));
}

TEST(WorldSeek, SnapshotsStayWithinTheirMemoryBudget) {
  auto preset = load("stride_vortex.json");
  World w(*preset);
  w.setSnapshotBudget({.intervalSeconds = 1.0 / 60.0});  // every step: fills the budget fast
  w.advanceTo(0.5);
  const size_t one = w.snapshotInfo().bytes / std::max<size_t>(1, w.snapshotInfo().count);
  ASSERT_GT(one, 0u);
  w.setSnapshotBudget({.intervalSeconds = 1.0 / 60.0, .maxBytes = 12 * one});
  for (double t = 1.0; t <= 20.0; t += 1.0) {
    w.advanceTo(t);
    SnapshotInfo info = w.snapshotInfo();
    EXPECT_LE(info.bytes, w.snapshotBudget().maxBytes) << "at " << t;
    EXPECT_GE(info.count, 3u) << "at " << t << ": thinning keeps snapshots spread out";
  }
  SnapshotInfo info = w.snapshotInfo();
  EXPECT_GT(info.spacingSteps, 1u) << "the interval grew as the timeline did";
  EXPECT_GE(info.steps.front(), 1u);
  EXPECT_LE(info.steps.back(), uint64_t(20 * 60));
  seekWorld(w, 13.7);
  EXPECT_LE(w.snapshotInfo().lastSeekSteps, info.spacingSteps);
  EXPECT_TRUE(dumpOf(w) == fromZero(*preset, 13.7));
}

// A state that would fill an eighth of the budget alone (a stress run) is not copied; seeks
// then re-simulate, as exactly as ever.
TEST(WorldSeek, AStateTooBigForTheBudgetIsNotCopied) {
  auto preset = load("stride_vortex.json");
  World w(*preset);
  w.setSnapshotBudget({.intervalSeconds = 0.5, .maxBytes = 4096});
  w.advanceTo(3.0);
  EXPECT_EQ(w.snapshotInfo().count, 0u);
  seekWorld(w, 1.2);
  EXPECT_TRUE(dumpOf(w) == fromZero(*preset, 1.2));
}

// The console's `time` and the transport's restart and loop (the viewer's scrub, R, loops) go
// through the snapshots and keep them; the split view's right half seeks through its own.
TEST(WorldSeek, ConsoleTimeRestartLoopAndSplitKeepTheSnapshots) {
  auto preset = load("destiny_swirl.json");
  World w(*preset);
  Transport t;
  SplitView split;
  split.spec = {.enabled = true, .mode = SimulationMode::Frame, .rate = 60.0f};
  ConsoleSession s{.preset = preset.get(), .world = &w, .transport = &t, .split = &split};
  ASSERT_EQ(rebuildSplit(split, *preset, w), "");
  for (int i = 0; i < 5 * 30; ++i) advanceTransport(t, w, 1.0 / 30.0);
  followSplit(split, *preset, w);
  ASSERT_GT(w.snapshotInfo().count, 3u);
  auto replies = executeConsole(s, "time 2.5");
  ASSERT_TRUE(replies.back().ok) << replies.back().text;
  EXPECT_LE(w.snapshotInfo().lastSeekSteps, w.snapshotInfo().spacingSteps);
  EXPECT_TRUE(dumpOf(w) == fromZero(*preset, 2.5));
  followSplit(split, *preset, w);
  EXPECT_LE(split.world->snapshotInfo().lastSeekSteps, split.world->snapshotInfo().spacingSteps);
  auto right = clonePreset(*preset);
  right->scene.simulation = {.mode = SimulationMode::Frame, .rate = 60.0f};
  EXPECT_TRUE(dumpOf(*split.world) == fromZero(*right, split.world->time()));

  const size_t kept = w.snapshotInfo().count;
  restartTransport(t, w);
  EXPECT_EQ(w.snapshotInfo().count, kept) << "restart keeps the snapshots";
  EXPECT_TRUE(dumpOf(w) == fromZero(*preset, 0.0));
  t.playing = true;
  t.loopSeconds = 3.0;
  for (int i = 0; i < 4 * 30; ++i) advanceTransport(t, w, 1.0 / 30.0);
  EXPECT_TRUE(dumpOf(w) == fromZero(*preset, w.time()));
  EXPECT_GE(w.snapshotInfo().count, kept);

  replies = executeConsole(s, "seed 77");
  ASSERT_TRUE(replies.back().ok) << replies.back().text;
  replies = executeConsole(s, "time 1.5");
  World ref(*preset);
  ref.reset(77);
  ref.advanceTo(1.5);
  EXPECT_TRUE(dumpOf(w) == dumpOf(ref)) << "a new seed drops the old seed's snapshots";
}

}  // namespace world_seek_test
}  // namespace fx
