// The three-way merge export uses to keep changes made to an asset since it was imported, and the
// import record that carries the base.
#include <gtest/gtest.h>

#include "engine/core/json_merge.h"

namespace fx {
namespace {

Json merge(const char* base, const char* mine, const char* theirs,
           std::vector<MergeConflict>& conflicts) {
  return mergeThreeWay(Json::parse(base), Json::parse(mine), Json::parse(theirs), conflicts,
                       "/def");
}

TEST(JsonMerge, EachSideKeepsItsOwnChange) {
  std::vector<MergeConflict> c;
  Json m = merge(R"({"lifetime": [1, 2], "spawn": 20, "name": "a"})",
                 R"({"lifetime": [1, 3], "spawn": 20, "name": "a"})",
                 R"({"lifetime": [1, 2], "spawn": 30, "name": "a"})", c);
  EXPECT_TRUE(c.empty());
  EXPECT_EQ(m, Json::parse(R"({"lifetime": [1, 3], "spawn": 30, "name": "a"})"));
}

TEST(JsonMerge, TheSameChangeOnBothSidesIsNoConflict) {
  std::vector<MergeConflict> c;
  Json m = merge(R"({"spawn": 20})", R"({"spawn": 30.0})", R"({"spawn": 30})", c);
  EXPECT_TRUE(c.empty());
  EXPECT_EQ(m["spawn"], 30);
}

TEST(JsonMerge, DifferentChangesToOneValueAreNamedWithTheirThreeValues) {
  std::vector<MergeConflict> c;
  Json m = merge(R"({"emitters": [{"spawn": 20, "size": 1}, {"spawn": 5}]})",
                 R"({"emitters": [{"spawn": 25, "size": 2}, {"spawn": 5}]})",
                 R"({"emitters": [{"spawn": 30, "size": 1}, {"spawn": 6}]})", c);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].pointer, "/def/emitters/0/spawn");
  EXPECT_EQ(c[0].base, 20);
  EXPECT_EQ(c[0].mine, 25);
  EXPECT_EQ(c[0].theirs, 30);
  // Everything else merged: the user's size, the asset's second spawn.
  EXPECT_EQ(m["emitters"][0]["size"], 2);
  EXPECT_EQ(m["emitters"][1]["spawn"], 6);
}

TEST(JsonMerge, VectorsAndBoundsAreOneValue) {
  std::vector<MergeConflict> c;
  merge(R"({"radius": [1, 2]})", R"({"radius": [1, 3]})", R"({"radius": [0, 2]})", c);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].pointer, "/def/radius");
}

TEST(JsonMerge, AListOneSideResizedIsTakenWhole) {
  std::vector<MergeConflict> c;
  Json m = merge(R"({"types": [{"a": 1}, {"a": 2}]})", R"({"types": [{"a": 1}]})",
                 R"({"types": [{"a": 1}, {"a": 2}]})", c);
  EXPECT_TRUE(c.empty());
  EXPECT_EQ(m["types"].size(), 1u);
  merge(R"({"types": [{"a": 1}, {"a": 2}]})", R"({"types": [{"a": 1}]})",
        R"({"types": [{"a": 1}, {"a": 3}]})", c);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].pointer, "/def/types");
}

TEST(JsonMerge, KeysAddedAndRemoved) {
  std::vector<MergeConflict> c;
  Json m = merge(R"({"a": 1, "b": 2})", R"({"a": 1, "b": 2, "c": 3})", R"({"a": 1})", c);
  EXPECT_TRUE(c.empty());
  EXPECT_EQ(m, Json::parse(R"({"a": 1, "c": 3})"));
  merge(R"({"a": 1})", R"({"a": 2})", R"({})", c);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_TRUE(c[0].theirs.is_null());
  EXPECT_EQ(conflictValueText(c[0].theirs), "(none)");
}

TEST(ImportRecord, RoundTripsItsHashAndBase) {
  Json base = Json::parse(R"([{"emitters": [{"name": "puff", "spawn": 20.5}]}])");
  Json doc = {{"version", 1}};
  doc[kImportedFromKey] = makeImportRecord(fnv1a64("asset bytes"), base, "fx/a.glow");
  // The base is one string: a value edit aimed at the preset cannot reach it.
  EXPECT_TRUE(doc[kImportedFromKey]["base"].is_string());
  Diagnostics diags;
  auto r = readImportRecord(doc, "p.json", diags);
  ASSERT_TRUE(r);
  EXPECT_TRUE(diags.items.empty());
  EXPECT_EQ(r->hash, fnv1a64("asset bytes"));
  EXPECT_EQ(r->base, base);
  EXPECT_EQ(r->path, "fx/a.glow");
  EXPECT_FALSE(readImportRecord(Json{{"version", 1}}, "p.json", diags));
  EXPECT_TRUE(diags.items.empty());
}

TEST(ImportRecord, AKnownHashAndABrokenRecord) {
  EXPECT_EQ(hashHex(fnv1a64("")), "cbf29ce484222325");
  EXPECT_EQ(hashHex(fnv1a64("a")), "af63dc4c8601ec8c");
  Json doc = {{kImportedFromKey, {{"fnv1a64", "xyz"}, {"base", "[]"}}}};
  Diagnostics diags;
  EXPECT_FALSE(readImportRecord(doc, "p.json", diags));
  ASSERT_TRUE(diags.hasErrors());
  EXPECT_EQ(diags.items[0].pointer, "/imported_from/fnv1a64");
  doc[kImportedFromKey] = {{"fnv1a64", "cbf29ce484222325"}, {"base", "{broken"}};
  Diagnostics again;
  EXPECT_FALSE(readImportRecord(doc, "p.json", again));
  ASSERT_TRUE(again.hasErrors());
  EXPECT_EQ(again.items[0].pointer, "/imported_from/base");
}

}  // namespace
}  // namespace fx
