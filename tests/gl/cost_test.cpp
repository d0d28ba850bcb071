// Per-effect cost (issue 38 item 8): the Cost panel's table lists each effect and emitter with
// its live count and budget (the weather's 512, a Stride emitter's pool cap), its history stays
// bounded over a long run, the console's `cost` prints it as text and JSON, and the GPU timing
// path answers "n/a" where timer queries are missing without disturbing a frame.
#include "app/gui/cost.h"
#include "app/gui/app.h"
#include "engine/session/world.h"
#include "tests/gl/gl_fixture.h"

namespace cost_test {

using namespace fx;
namespace fs = std::filesystem;

std::unique_ptr<Preset> load(const std::string& name) {
  Diagnostics diags;
  auto p = loadPreset(gltest::sourceDir() / "presets" / name, diags);
  EXPECT_NE(p, nullptr) << diags.formatAll();
  return p;
}

TEST(Cost, TableHasCountsAndBudgetsPerEffectAndEmitter) {
  auto weather = load("weather_rain.json");
  ASSERT_NE(weather, nullptr);
  World w(*weather);
  w.advanceTo(2.0);
  gui::CostTable t;
  t.sample(w, 0.0, std::nullopt);
  ASSERT_FALSE(t.rows.empty());
  EXPECT_EQ(t.rows[0].kind, "halo_weather");
  EXPECT_EQ(t.rows[0].budget, 512u);
  EXPECT_GT(t.rows[0].live, 0u);
  EXPECT_LE(t.rows[0].live, 512u);

  auto stride = load("stride_fountain.json");
  ASSERT_NE(stride, nullptr);
  World s(*stride);
  s.advanceTo(1.0);
  gui::CostTable st;
  st.sample(s, 0.0, 1.5);
  ASSERT_EQ(st.rows.size(), 2u) << "the effect, then its emitter";
  const gui::CostRow& effect = st.rows[0];
  const gui::CostRow& water = st.rows[1];
  EXPECT_EQ(effect.effect, "fountain");
  EXPECT_EQ(water.emitter, "water");
  EXPECT_EQ(water.kind, "stride_particles");
  EXPECT_EQ(water.live, effect.live);
  EXPECT_EQ(water.budget, effect.budget) << "one emitter: its pool cap is the effect's budget";
  EXPECT_EQ(water.budget, s.stats(0).budget);
  EXPECT_GT(water.budget, 0u);
  Json j = st.json();
  EXPECT_EQ(j["gpu_ms"], 1.5);
  EXPECT_EQ(j["effects"][0]["id"], "fountain");
  EXPECT_EQ(j["effects"][0]["emitters"][0]["budget"], water.budget);
  EXPECT_NE(st.text().find("water"), std::string::npos);
}

TEST(Cost, HistoryIsBoundedOverALongRun) {
  auto weather = load("weather_rain.json");
  ASSERT_NE(weather, nullptr);
  World w(*weather);
  gui::CostTable t;
  for (int i = 0; i < 20000; ++i) t.sample(w, i / 60.0, 0.25);  // 5.5 minutes at 60 Hz
  ASSERT_FALSE(t.rows.empty());
  EXPECT_LE(t.rows[0].history.size(), 601u);
  EXPECT_GE(t.rows[0].history.front().time, 20000 / 60.0 - 1.0 / 60.0 - gui::kCostHistorySeconds);
  EXPECT_LE(t.gpuHistory.size(), 601u);
  for (int i = 0; i < 5000; ++i) t.sample(w, 1000.0 + i / 1000.0, std::nullopt);  // 1 kHz
  EXPECT_LE(t.rows[0].history.size(), gui::kCostHistoryMaxSamples);
}

TEST(Cost, GpuTimingIsNaWithoutTimerQueriesAndNeverBlocks) {
  ASSERT_NE(gltest::context(), nullptr);
  render::OffscreenTarget target(32, 32);
  for (bool timers : {false, true}) {
    render::Renderer r;
    std::string error;
    ASSERT_TRUE(r.init({.gpuTimers = timers}, error)) << error;
    if (!timers) {
      EXPECT_FALSE(r.gpuTimersSupported());
    }
    for (int frame = 0; frame < 12; ++frame) {
      target.bind();
      r.beginFrame(32, 32, ColorRgba{0, 0, 0, 1});
      r.beginGpuTimer();
      r.beginGpuTimer();  // a second begin in one frame is ignored
      r.draw(DrawList{}, gltest::frontView(32, 32));
      r.endGpuTimer();
      r.endGpuTimer();
      r.endFrame();
    }
    if (!timers || !r.gpuTimersSupported()) {
      EXPECT_FALSE(r.gpuMs().has_value());
      gui::CostTable t;
      auto p = load("weather_rain.json");
      World w(*p);
      t.sample(w, 0.0, r.gpuMs());
      EXPECT_TRUE(t.json()["gpu_ms"].is_null());
      EXPECT_NE(t.text().find("GPU ms: n/a"), std::string::npos) << t.text();
    } else if (auto ms = r.gpuMs()) {
      EXPECT_GE(*ms, 0.0);
    }
  }
}

TEST(Cost, ConsoleCostPrintsTheTableAsTextAndJson) {
  gui::App app;
  ASSERT_TRUE(gui::openDocument(app, gltest::sourceDir() / "presets/stride_fountain.json"));
  app.world->advanceTo(0.5);
  auto st = parseConsoleLine("cost; cost json; cost yaml");
  ASSERT_EQ(st.size(), 3u);
  EXPECT_EQ(gui::viewerCost(app, st[0]), "");
  EXPECT_NE(app.consoleLog.back().text.find("fountain"), std::string::npos);
  EXPECT_EQ(gui::viewerCost(app, st[1]), "");
  Json j = Json::parse(app.consoleLog.back().text);
  EXPECT_EQ(j["effects"][0]["emitters"][0]["name"], "water");
  EXPECT_EQ(j["effects"][0]["live"], app.world->stats(0).live);
  EXPECT_NE(gui::viewerCost(app, st[2]), "");
}

}  // namespace cost_test
