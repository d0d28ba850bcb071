// Saving an edited JSON file changes only the edited values' text (engine/core/json_text_patch.h;
// issue 35 item 9: "One edit changed 52 lines"): number formats, key order, indentation and line
// endings stay the user's.
#include "engine/core/json_text_patch.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fx {
namespace {

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> out;
  size_t p = 0;
  while (p <= text.size()) {
    size_t nl = text.find('\n', p);
    if (nl == std::string::npos) nl = text.size();
    out.push_back(text.substr(p, nl - p));
    p = nl + 1;
  }
  return out;
}

// The lines of `b` that differ from `a` (same line count expected).
std::vector<std::string> changedLines(const std::string& a, const std::string& b) {
  auto la = linesOf(a), lb = linesOf(b);
  std::vector<std::string> out;
  EXPECT_EQ(la.size(), lb.size()) << b;
  for (size_t i = 0; i < la.size() && i < lb.size(); ++i)
    if (la[i] != lb[i]) out.push_back(lb[i]);
  return out;
}

std::string crlf(const std::string& lf) {
  std::string out;
  for (char c : lf) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
  return out;
}

// fxview's serialization of what it read: floats as doubles, as floatJson writes them.
Json asFxviewWrites(const std::string& text) {
  Json j = Json::parse(text);
  std::function<void(Json&)> floats = [&](Json& v) {
    if (v.is_number()) v = double(float(v.get<double>()));
    if (v.is_structured())
      for (auto& c : v) floats(c);
  };
  floats(j);
  return j;
}

// Four-space indentation, CRLF, integers where floats are declared, odd float formats, an order
// of keys no serializer would pick, and a reference to another file.
const std::string kDefinition = crlf(R"({
    "version": 1,
    "zeta": 500,
    "alpha": 0.50,
    "big": 1e3,
    "neg": -0.0,
    "particle_types": [
        {
            "name": "rain",
            "fade_in_start_height": -500,
            "particle_count": [6, 6],
            "physics_path": "point_physics_rain.json",
            "particle_radius": [0.07, 0.10]
        }
    ],
    "wind_path": "wind_rain.json"
}
)");

TEST(JsonTextPatch, OneEditChangesOneLineAndKeepsEveryFormat) {
  Json before = asFxviewWrites(kDefinition);
  Json after = before;
  after["particle_types"][0]["fade_in_start_height"] = -250.0;
  JsonTextSave r = saveJsonText(kDefinition, before, after);
  ASSERT_TRUE(r.patched) << r.why;
  EXPECT_EQ(changedLines(kDefinition, r.text),
            std::vector<std::string>{"            \"fade_in_start_height\": -250,\r"});
  EXPECT_EQ(Json::parse(r.text)["particle_types"][0]["fade_in_start_height"], -250);
}

TEST(JsonTextPatch, NothingChangedKeepsEveryByte) {
  Json before = asFxviewWrites(kDefinition);
  JsonTextSave r = saveJsonText(kDefinition, before, before);
  ASSERT_TRUE(r.patched);
  EXPECT_EQ(r.text, kDefinition);
}

TEST(JsonTextPatch, AFloatKeepsItsFormRulesAndAnArrayElementItsPlace) {
  Json before = asFxviewWrites(kDefinition);
  Json after = before;
  after["alpha"] = 0.75;
  after["particle_types"][0]["particle_radius"][1] = 0.2;
  after["zeta"] = 512.5;
  JsonTextSave r = saveJsonText(kDefinition, before, after);
  ASSERT_TRUE(r.patched) << r.why;
  EXPECT_EQ(changedLines(kDefinition, r.text),
            (std::vector<std::string>{"    \"zeta\": 512.5,\r", "    \"alpha\": 0.75,\r",
                                      "            \"particle_radius\": [0.07, 0.2]\r"}));
}

TEST(JsonTextPatch, TabsAddedAndRemovedKeys) {
  const std::string text =
      "{\n\t\"a\": 1,\n\t\"b\": {\n\t\t\"x\": 2,\n\t\t\"y\": 3\n\t},\n\t\"c\": 4\n}\n";
  Json before = Json::parse(text);
  Json after = before;
  after["b"].erase("x");
  after["b"]["z"] = "new";
  after.erase("c");
  JsonTextSave r = saveJsonText(text, before, after);
  ASSERT_TRUE(r.patched) << r.why;
  EXPECT_EQ(r.text, "{\n\t\"a\": 1,\n\t\"b\": {\n\t\t\"y\": 3,\n\t\t\"z\": \"new\"\n\t}\n}\n");
}

TEST(JsonTextPatch, AnArrayThatGrewIsWrittenAgainInItsLayout) {
  const std::string text = "{\n  \"flags\": [\"a\"],\n  \"list\": [\n    1,\n    2\n  ]\n}";
  Json before = Json::parse(text);
  Json after = before;
  after["flags"].push_back("b");
  after["list"].erase(1);
  JsonTextSave r = saveJsonText(text, before, after);
  ASSERT_TRUE(r.patched) << r.why;
  EXPECT_EQ(r.text, "{\n  \"flags\": [\"a\", \"b\"],\n  \"list\": [\n    1\n  ]\n}");
}

TEST(JsonTextPatch, AKeyAddedToAnEmptyObjectAndOnOneLine) {
  const std::string text = "{\"o\": {}, \"p\": {\"a\": 1}}";
  Json before = Json::parse(text);
  Json after = before;
  after["o"]["k"] = 2;
  after["p"]["b"] = true;
  JsonTextSave r = saveJsonText(text, before, after);
  ASSERT_TRUE(r.patched) << r.why;
  EXPECT_EQ(r.text, "{\"o\": {\"k\": 2}, \"p\": {\"a\": 1, \"b\": true}}");
}

TEST(JsonTextPatch, AByteOrderMarkAndEscapedKeysStay) {
  const std::string text = "\xEF\xBB\xBF{\"a/b\": \"x\\u0041\", \"n\": 1}\n";
  Json before = Json::parse(text);
  Json after = before;
  after["a/b"] = "y";
  JsonTextSave r = saveJsonText(text, before, after);
  ASSERT_TRUE(r.patched) << r.why;
  EXPECT_EQ(r.text, "\xEF\xBB\xBF{\"a/b\": \"y\", \"n\": 1}\n");
}

// Text nlohmann reads but the patcher may not: written whole, still in the file's style.
TEST(JsonTextPatch, WhatCannotBePatchedIsWrittenWholeInTheFilesStyle) {
  const std::string text = crlf("{\n\t\"b\": 500,\n\t\"a\": 0.50\n}\n");
  Json after = Json::parse(text);
  after["b"] = 600.0;
  JsonTextSave r = saveJsonText("not json", after, after);
  EXPECT_FALSE(r.patched);
  EXPECT_NE(r.why, "");
  std::string whole = rewriteJsonText(text, after);
  EXPECT_EQ(whole, crlf("{\n\t\"b\": 600,\n\t\"a\": 0.5\n}\n"));
}

}  // namespace
}  // namespace fx
