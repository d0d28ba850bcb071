// The scene's "background_style" (issue 38 item 6): its fields read and write back unchanged, a
// scene without it writes none (today's presets and golden images stay as they are), and a bad
// mode is an error naming its pointer.
#include <gtest/gtest.h>

#include "engine/core/field_json.h"
#include "engine/scene/scene.h"

namespace fx {
namespace {

Scene readScene(const Json& j, Diagnostics& diags) {
  Scene s;
  readFields(
      j, [&](FieldVisitor& v) { s.reflect(v); }, {.file = "p.json"}, diags);
  return s;
}

TEST(SceneBackground, FieldsRoundTrip) {
  Json in = Json::parse(R"({"version": 1, "background": {"r": 0.1, "g": 0.2, "b": 0.3, "a": 1},
    "background_style": {"mode": "gradient", "top": {"r": 1, "g": 0.5, "b": 0},
                         "bottom": {"r": 0, "g": 0, "b": 0.25}, "image": "sky.png"}})");
  Diagnostics diags;
  Scene s = readScene(in, diags);
  EXPECT_EQ(diags.errorCount(), 0u) << diags.formatAll();
  EXPECT_EQ(s.backgroundStyle.mode, BackgroundMode::Gradient);
  EXPECT_FLOAT_EQ(s.backgroundStyle.top.g, 0.5f);
  EXPECT_FLOAT_EQ(s.backgroundStyle.bottom.b, 0.25f);
  EXPECT_EQ(s.backgroundStyle.image, "sky.png");
  Json out;
  writeFields(out, [&](FieldVisitor& v) { s.reflect(v); });
  EXPECT_EQ(out["background_style"], in["background_style"]) << out.dump();
  Diagnostics again;
  Scene back = readScene(out, again);
  Json twice;
  writeFields(twice, [&](FieldVisitor& v) { back.reflect(v); });
  EXPECT_EQ(twice, out);
}

TEST(SceneBackground, DefaultIsTheColourAloneAndWritesNothing) {
  Scene s;
  EXPECT_EQ(s.backgroundStyle.mode, BackgroundMode::Color);
  Json out;
  writeFields(out, [&](FieldVisitor& v) { s.reflect(v); });
  EXPECT_FALSE(out.contains("background_style")) << out.dump();
}

TEST(SceneBackground, UnknownModeNamesItsPointer) {
  Diagnostics diags;
  readScene(Json::parse(R"({"version": 1, "background_style": {"mode": "plaid"}})"), diags);
  EXPECT_GE(diags.errorCount(), 1u);
  EXPECT_NE(diags.formatAll().find("/background_style/mode"), std::string::npos)
      << diags.formatAll();
}

}  // namespace
}  // namespace fx
