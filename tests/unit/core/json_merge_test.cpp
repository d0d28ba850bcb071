// The three-way merge export uses to keep changes made to an asset since it was imported, and the
// import record that carries the base.
#include <gtest/gtest.h>

#include "engine/core/json_merge.h"

namespace fx {
namespace {

MergeResult merge(const char* base, const char* mine, const char* theirs) {
  return mergeThreeWay(Json::parse(base), Json::parse(mine), Json::parse(theirs), "/def");
}

TEST(JsonMerge, EachSideKeepsItsOwnChange) {
  MergeResult r = merge(R"({"lifetime": [1, 2], "spawn": 20, "name": "a"})",
                        R"({"lifetime": [1, 3], "spawn": 20, "name": "a"})",
                        R"({"lifetime": [1, 2], "spawn": 30, "name": "a"})");
  EXPECT_TRUE(r.conflicts.empty());
  EXPECT_EQ(r.merged, Json::parse(R"({"lifetime": [1, 3], "spawn": 30, "name": "a"})"));
  // The asset's own change is named (export says it kept it).
  ASSERT_EQ(r.theirs.size(), 1u);
  EXPECT_EQ(r.theirs[0].pointer, "/def/spawn");
  EXPECT_EQ(r.theirs[0].base, 20);
  EXPECT_EQ(r.theirs[0].theirs, 30);
}

TEST(JsonMerge, TheSameChangeOnBothSidesIsNoConflict) {
  MergeResult r = merge(R"({"spawn": 20})", R"({"spawn": 30.0})", R"({"spawn": 30})");
  EXPECT_TRUE(r.conflicts.empty());
  EXPECT_TRUE(r.theirs.empty());
  EXPECT_EQ(r.merged["spawn"], 30);
}

TEST(JsonMerge, DifferentChangesToOneValueAreNamedWithTheirThreeValues) {
  MergeResult r = merge(R"({"emitters": [{"spawn": 20, "size": 1}, {"spawn": 5}]})",
                        R"({"emitters": [{"spawn": 25, "size": 2}, {"spawn": 5}]})",
                        R"({"emitters": [{"spawn": 30, "size": 1}, {"spawn": 6}]})");
  const auto& c = r.conflicts;
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].pointer, "/def/emitters/0/spawn");
  EXPECT_EQ(c[0].base, 20);
  EXPECT_EQ(c[0].mine, 25);
  EXPECT_EQ(c[0].theirs, 30);
  // Everything else merged: the user's size, the asset's second spawn.
  EXPECT_EQ(r.merged["emitters"][0]["size"], 2);
  EXPECT_EQ(r.merged["emitters"][1]["spawn"], 6);
}

TEST(JsonMerge, VectorsAndBoundsAreOneValue) {
  MergeResult r = merge(R"({"radius": [1, 2]})", R"({"radius": [1, 3]})", R"({"radius": [0, 2]})");
  ASSERT_EQ(r.conflicts.size(), 1u);
  EXPECT_EQ(r.conflicts[0].pointer, "/def/radius");
}

TEST(JsonMerge, AListOneSideResizedIsTakenWhole) {
  MergeResult r = merge(R"({"types": [{"a": 1}, {"a": 2}]})", R"({"types": [{"a": 1}]})",
                        R"({"types": [{"a": 1}, {"a": 2}]})");
  EXPECT_TRUE(r.conflicts.empty());
  EXPECT_EQ(r.merged["types"].size(), 1u);
  r = merge(R"({"types": [{"a": 1}, {"a": 2}]})", R"({"types": [{"a": 1}]})",
            R"({"types": [{"a": 1}, {"a": 3}]})");
  ASSERT_EQ(r.conflicts.size(), 1u);
  EXPECT_EQ(r.conflicts[0].pointer, "/def/types");
}

TEST(JsonMerge, KeysAddedAndRemoved) {
  MergeResult r = merge(R"({"a": 1, "b": 2})", R"({"a": 1, "b": 2, "c": 3})", R"({"a": 1})");
  EXPECT_TRUE(r.conflicts.empty());
  EXPECT_EQ(r.merged, Json::parse(R"({"a": 1, "c": 3})"));
  r = merge(R"({"a": 1})", R"({"a": 2})", R"({})");
  ASSERT_EQ(r.conflicts.size(), 1u);
  EXPECT_TRUE(r.conflicts[0].theirs.is_null());
  EXPECT_EQ(conflictValueText(r.conflicts[0].theirs), "(none)");
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
