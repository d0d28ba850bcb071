// A preset's `bloom` object (scene.h BloomLook: issue 38 item 10) read, validated and written
// back, and the console's `bloom ...` and `view overdraw|normal` in a session without the viewer
// (render --exec), which act on the preset's bloom and the render's view.
#include <gtest/gtest.h>

#include "engine/session/world_console.h"

namespace fx {
namespace {

std::unique_ptr<Preset> fromJson(const char* text, Diagnostics& diags) {
  return loadPresetFromJson(Json::parse(text), "bloom_test.json", diags);
}

TEST(PresetBloom, FieldsRoundTripAndDefaultsStayUnwritten) {
  Diagnostics diags;
  auto p = fromJson(R"({"version": 1, "bloom": {"enabled": true, "threshold": 1.25,
                        "intensity": 0.5, "soft_knee": 0.25, "exposure": 2}, "effects": []})",
                    diags);
  ASSERT_TRUE(p && !diags.hasErrors()) << diags.formatAll();
  const BloomLook& b = p->scene.bloom;
  EXPECT_TRUE(b.enabled);
  EXPECT_FLOAT_EQ(b.threshold, 1.25f);
  EXPECT_FLOAT_EQ(b.intensity, 0.5f);
  EXPECT_FLOAT_EQ(b.softKnee, 0.25f);
  EXPECT_FLOAT_EQ(b.exposure, 2.0f);
  Json out = presetToJson(*p);
  ASSERT_TRUE(out.contains("bloom")) << out.dump();
  EXPECT_EQ(out["bloom"]["enabled"], true);
  EXPECT_DOUBLE_EQ(out["bloom"]["threshold"].get<double>(), 1.25);
  EXPECT_DOUBLE_EQ(out["bloom"]["intensity"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(out["bloom"]["soft_knee"].get<double>(), 0.25);
  EXPECT_DOUBLE_EQ(out["bloom"]["exposure"].get<double>(), 2.0);

  Diagnostics plainDiags;
  auto plain = fromJson(R"({"version": 1, "effects": []})", plainDiags);
  ASSERT_TRUE(plain);
  EXPECT_FALSE(presetToJson(*plain).contains("bloom")) << "the defaults add nothing on save";
  EXPECT_FALSE(plain->scene.bloom.enabled);
  EXPECT_FLOAT_EQ(plain->scene.bloom.threshold, 0.75f) << "today's fixed threshold";
  EXPECT_FLOAT_EQ(plain->scene.bloom.exposure, 1.0f);
}

TEST(PresetBloom, OutOfRangeValuesNameTheirPointer) {
  Diagnostics diags;
  fromJson(R"({"version": 1, "bloom": {"soft_knee": 3}, "effects": []})", diags);
  EXPECT_TRUE(diags.hasErrors());
  EXPECT_NE(diags.formatAll().find("/bloom/soft_knee"), std::string::npos) << diags.formatAll();
}

TEST(ViewConsole, BloomAndViewActOnThePresetAndTheRenderWithoutTheViewer) {
  Diagnostics diags;
  auto p = fromJson(R"({"version": 1, "effects": []})", diags);
  ASSERT_TRUE(p);
  World world(*p);
  bool overdraw = false;
  ConsoleSession s{.preset = p.get(), .world = &world, .overdraw = &overdraw};
  for (const auto& r : executeConsole(s,
                                      "bloom 1; bloom threshold 1.5; bloom intensity 0.25; "
                                      "bloom knee 0.5; bloom exposure 2; view overdraw"))
    EXPECT_TRUE(r.ok) << r.text;
  EXPECT_TRUE(p->scene.bloom.enabled);
  EXPECT_FLOAT_EQ(p->scene.bloom.threshold, 1.5f);
  EXPECT_FLOAT_EQ(p->scene.bloom.intensity, 0.25f);
  EXPECT_FLOAT_EQ(p->scene.bloom.softKnee, 0.5f);
  EXPECT_FLOAT_EQ(p->scene.bloom.exposure, 2.0f);
  EXPECT_TRUE(overdraw);
  EXPECT_EQ(executeConsole(s, "bloom").at(0).text,
            "bloom 1 threshold 1.5 intensity 0.25 knee 0.5 exposure 2");
  EXPECT_EQ(executeConsole(s, "bloom exposure").at(0).text, "bloom exposure 2");
  EXPECT_EQ(executeConsole(s, "view").at(0).text, "view overdraw");
  EXPECT_FALSE(executeConsole(s, "bloom knee 2").at(0).ok) << "out of range";
  EXPECT_FALSE(executeConsole(s, "bloom glow 1").at(0).ok);
  EXPECT_FALSE(executeConsole(s, "view wireframe").at(0).ok);
  EXPECT_TRUE(executeConsole(s, "view normal").at(0).ok);
  EXPECT_FALSE(overdraw);
  s.overdraw = nullptr;
  EXPECT_FALSE(executeConsole(s, "view overdraw").at(0).ok) << "nowhere to show it";
}

}  // namespace
}  // namespace fx
