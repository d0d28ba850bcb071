#include <gtest/gtest.h>

#include "engine/core/field_json.h"
#include "engine/core/field_schema.h"

namespace fx {
namespace {

enum class Boundary { Bounce, Wrap };
constexpr EnumOption kBoundary[] = {{"bounce", 0}, {"wrap", 1}};
constexpr FlagOption kFlags[] = {{"first", 0x1}, {"second", 0x2}};

struct Item {
  std::string name;
  float weight;
  void reflect(FieldVisitor& v) {
    v.visit({.key = "name"}, name, "item");
    v.visit({.key = "weight", .min = 0, .max = 10}, weight, 1.0f);
  }
};

struct Sample {
  int32_t count;
  float speed;
  Boundary boundary;
  uint32_t flags;
  FloatBounds size;
  ColorRgba color;
  vec3 axis;
  std::vector<Item> items;
  std::vector<float> values;
  void reflect(FieldVisitor& v) {
    v.visit({.key = "number_of_particles", .min = 0, .max = 512}, count, 16);
    v.visit({.key = "speed", .unit = "wu/s"}, speed, 2.5f);
    visitEnum(v, {.key = "boundary_effect"}, boundary, kBoundary, Boundary::Bounce);
    v.visitFlags({.key = "flags"}, flags, kFlags, 0);
    v.visit({.key = "size", .min = 0}, size, FloatBounds{0.1f, 0.2f});
    v.visit({.key = "color", .min = 0, .max = 1}, color, ColorRgba{1, 0.5f, 0.25f, 1});
    v.visit({.key = "axis"}, axis, vec3(0, 0, 1));
    visitArray(v, {.key = "items", .maxCount = 4}, items, [](Item& i, FieldVisitor& ev) { i.reflect(ev); });
    visitValueArray(v, {.key = "values"}, values);
  }
};

Sample defaults() {
  Sample s;
  DefaultsVisitor d;
  s.reflect(d);
  return s;
}

TEST(Fields, DefaultsComeFromTheDeclaration) {
  Sample s = defaults();
  EXPECT_EQ(s.count, 16);
  EXPECT_FLOAT_EQ(s.speed, 2.5f);
  EXPECT_EQ(s.boundary, Boundary::Bounce);
  EXPECT_EQ(s.size, (FloatBounds{0.1f, 0.2f}));
  EXPECT_TRUE(s.items.empty());
}

TEST(Fields, ReadsEveryKind) {
  Sample s = defaults();
  Diagnostics d;
  Json j = Json::parse(R"({"number_of_particles": 100, "speed": 4, "boundary_effect": "wrap",
    "flags": ["second"], "size": [1, 2], "color": {"r": 0.1, "g": 0.2, "b": 0.3},
    "axis": [1, 2, 3], "items": [{"name": "x"}, {"weight": 3}], "values": [1, 2, 3]})");
  readFields(j, [&](FieldVisitor& v) { s.reflect(v); }, {.file = "f.json"}, d);
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  EXPECT_EQ(s.count, 100);
  EXPECT_EQ(s.boundary, Boundary::Wrap);
  EXPECT_EQ(s.flags, 0x2u);
  EXPECT_EQ(s.size, (FloatBounds{1, 2}));
  EXPECT_FLOAT_EQ(s.color.a, 1.0f);  // "a defaults to 1"
  ASSERT_EQ(s.items.size(), 2u);
  EXPECT_EQ(s.items[0].name, "x");
  EXPECT_FLOAT_EQ(s.items[0].weight, 1.0f);  // element defaults apply
  EXPECT_EQ(s.items[1].name, "item");
  EXPECT_EQ(s.values, (std::vector<float>{1, 2, 3}));
}

// DESIGN.md: "presets/x.json: /effects/0/definition/number_of_particles: expected integer 0..512, got -3"
TEST(Fields, ErrorsNameFilePointerExpectationAndValue) {
  Sample s = defaults();
  Diagnostics d;
  Json j = Json::parse(R"({"number_of_particles": -3, "boundary_effect": "sideways", "speed": "fast",
    "items": [{"weight": 11}], "flags": ["third"], "size": [1]})");
  readFields(j, [&](FieldVisitor& v) { s.reflect(v); }, {.file = "presets/x.json", .pointer = "/effects/0/definition"}, d);
  ASSERT_EQ(d.errorCount(), 6u) << d.formatAll();
  EXPECT_EQ(format(d.items[0]), "presets/x.json: /effects/0/definition/number_of_particles: expected integer 0..512, got -3");
  EXPECT_EQ(format(d.items[1]), "presets/x.json: /effects/0/definition/speed: expected number, got \"fast\"");
  EXPECT_EQ(format(d.items[2]), "presets/x.json: /effects/0/definition/boundary_effect: expected one of bounce, wrap, got \"sideways\"");
  EXPECT_EQ(format(d.items[3]), "presets/x.json: /effects/0/definition/flags/0: expected one of first, second, got \"third\"");
  EXPECT_EQ(format(d.items[4]), "presets/x.json: /effects/0/definition/size: expected [min, max], got an array");
  EXPECT_EQ(format(d.items[5]), "presets/x.json: /effects/0/definition/items/0/weight: expected number 0..10, got 11");
  EXPECT_EQ(s.count, 16);  // a bad value leaves the default in place
}

// Issue 35: a key typo gets "did you mean" naming the declared key it is closest to (when close,
// and only a key the object does not already have).
TEST(Fields, UnknownKeyNamesTheNearestDeclaredKey) {
  Sample s = defaults();
  Diagnostics d;
  Json j = Json::parse(R"({"number_of_particels": 3, "sped": 1, "speed": 2, "colour": 1,
    "zzz": 0})");
  readFields(
      j, [&](FieldVisitor& v) { s.reflect(v); }, {.file = "f.json"}, d);
  ASSERT_EQ(d.warningCount(), 4u) << d.formatAll();
  EXPECT_EQ(format(d.items[0]),
            "f.json: /number_of_particels: warning: unknown key (kept on save; did you mean "
            "\"number_of_particles\"?)");
  EXPECT_EQ(format(d.items[1]), "f.json: /sped: warning: unknown key (kept on save)");
  EXPECT_EQ(format(d.items[2]),
            "f.json: /colour: warning: unknown key (kept on save; did you mean \"color\"?)");
  EXPECT_EQ(format(d.items[3]), "f.json: /zzz: warning: unknown key (kept on save)");
  EXPECT_EQ(s.count, 16);
}

TEST(Fields, UnknownKeysWarnAndSurviveWrite) {
  Sample s = defaults();
  Diagnostics d;
  Json j = Json::parse(R"({"speed": 3, "mystery": {"keep": true}, "items": [{"name": "a", "extra": 1}]})");
  readFields(j, [&](FieldVisitor& v) { s.reflect(v); }, {.file = "f.json"}, d);
  ASSERT_EQ(d.warningCount(), 2u);
  EXPECT_EQ(format(d.items[0]), "f.json: /items/0/extra: warning: unknown key (kept on save)");
  EXPECT_EQ(format(d.items[1]), "f.json: /mystery: warning: unknown key (kept on save)");
  s.speed = 7;
  s.items[0].name = "b";
  writeFields(j, [&](FieldVisitor& v) { s.reflect(v); });
  EXPECT_EQ(j["mystery"]["keep"], true);
  EXPECT_EQ(j["items"][0]["extra"], 1);
  EXPECT_EQ(j["items"][0]["name"], "b");
  EXPECT_EQ(j["speed"], 7.0);
  // Defaults that were not authored stay out of the file (small diffs).
  EXPECT_FALSE(j.contains("number_of_particles"));
}

TEST(Fields, RoundTripIsLossless) {
  Sample a = defaults();
  a.count = 42;
  a.speed = 0.1f;
  a.boundary = Boundary::Wrap;
  a.flags = 3;
  a.color = {0.2f, 0.4f, 0.6f, 0.8f};
  a.items = {{"p", 2.0f}, {"q", 0.5f}};
  a.values = {0.5f, 0.25f};
  Json j;
  writeFields(j, [&](FieldVisitor& v) { a.reflect(v); });
  EXPECT_EQ(j["speed"].dump(), "0.1");  // shortest form of the float
  Sample b = defaults();
  Diagnostics d;
  readFields(j, [&](FieldVisitor& v) { b.reflect(v); }, {.file = "f"}, d);
  EXPECT_TRUE(d.items.empty()) << d.formatAll();
  EXPECT_EQ(b.count, 42);
  EXPECT_EQ(b.speed, a.speed);
  EXPECT_EQ(b.flags, 3u);
  EXPECT_EQ(b.color, a.color);
  ASSERT_EQ(b.items.size(), 2u);
  EXPECT_EQ(b.items[1].weight, 0.5f);
  EXPECT_EQ(b.values, a.values);
}

TEST(Fields, SchemaDescribesRangesEnumsAndDefaults) {
  Sample s = defaults();
  Json schema = schemaForFields([&](FieldVisitor& v) { s.reflect(v); }, "sample");
  EXPECT_EQ(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
  EXPECT_EQ(schema["properties"]["number_of_particles"]["type"], "integer");
  EXPECT_EQ(schema["properties"]["number_of_particles"]["maximum"], 512);
  EXPECT_EQ(schema["properties"]["number_of_particles"]["default"], 16);
  EXPECT_EQ(schema["properties"]["boundary_effect"]["enum"][1], "wrap");
  EXPECT_EQ(schema["properties"]["items"]["maxItems"], 4);
  EXPECT_EQ(schema["properties"]["items"]["items"]["properties"]["weight"]["maximum"], 10);
  EXPECT_EQ(schema["properties"]["values"]["items"]["type"], "number");
}

TEST(Json, MalformedTextReportsLineAndColumn) {
  Diagnostics d;
  auto j = parseJsonText("{\n  \"a\": 1,\n  \"b\": ]\n}", "bad.json", d);
  EXPECT_FALSE(j);
  ASSERT_EQ(d.errorCount(), 1u);
  EXPECT_NE(format(d.items[0]).find("bad.json: /: malformed JSON at line 3"), std::string::npos) << format(d.items[0]);
}

TEST(Json, DeepNestingIsRejectedWithoutRecursion) {
  Diagnostics d;
  std::string deep(100000, '[');
  EXPECT_FALSE(parseJsonText(deep, "deep.json", d));
  EXPECT_EQ(format(d.items.at(0)), "deep.json: /: JSON nested deeper than 64 levels");
}

}  // namespace
}  // namespace fx
