// Scene objects that take markers and a mesh from a .gbxmodel (engine/import/halo/scene_models.h;
// DESIGN.md: "an object may take its markers and mesh from a .gbxmodel ("model", "permutation");
// tag references resolve against "tags_dir""; the issue: "stock paths are Windows paths, so resolve
// case-insensitively. A missing referenced tag is a warning"). The model is written with fxview's
// own tag writer into a temporary tags folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "engine/session/world.h"
#include "engine/formats/halo/tag_file.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

// tags/fx/sword.gbxmodel: root node "frame", one region "__base" with two "glow" markers on it
// (x = 0.5 then x = 0.1, in that order) and one quad of geometry at super high.
fs::path writeModel(const fs::path& tags) {
  halo::TagFile tag = halo::makeTag(halo::TagClass::Gbxmodel);
  halo::TagStruct root = tag.root();
  root.resizeBlock("nodes", 1);
  root.element("nodes", 0).setString(0, "frame");
  root.element("nodes", 0).setUint16(0x24, 0xFFFF);
  root.element("nodes", 0).setQuat(0x34, quat(1, 0, 0, 0));
  root.resizeBlock("regions", 1);
  halo::TagStruct perm = (root.element("regions", 0).resizeBlock("permutations", 1),
                          root.element("regions", 0).element("permutations", 0));
  perm.setString(0, "__base");
  for (uint32_t l = 0; l < 4; ++l) perm.setUint16(0x40 + 2 * l, 0xFFFF);
  perm.setUint16(0x48, 0);
  perm.resizeBlock("markers", 2);
  for (uint32_t i = 0; i < 2; ++i) {
    halo::TagStruct m = perm.element("markers", i);
    m.setString(0, "glow");
    m.setQuat(0x24, quat(1, 0, 0, 0));
    m.setVec3(0x34, {i == 0 ? 0.5f : 0.1f, 0, 0});
  }
  root.resizeBlock("geometries", 1);
  halo::TagStruct geometry = root.element("geometries", 0);
  geometry.resizeBlock("parts", 1);
  halo::TagStruct part = geometry.element("parts", 0);
  part.resizeBlock("uncompressed_vertices", 3);
  for (uint32_t v = 0; v < 3; ++v)
    part.element("uncompressed_vertices", v).setVec3(0, {float(v), 0, float(v % 2)});
  part.resizeBlock("triangles", 1);
  part.element("triangles", 0).setUint16(2, 1), part.element("triangles", 0).setUint16(4, 2);
  fs::create_directories(tags / "fx");
  fs::path path = tags / "fx" / "sword.gbxmodel";
  EXPECT_EQ(halo::saveTag(path, tag), "");
  return path;
}

struct TempTags {
  fs::path dir = fs::temp_directory_path() / ("fxview_scene_models_" + std::to_string(::getpid()));
  fs::path tags = dir / "tags";
  TempTags() { writeModel(tags); }
  ~TempTags() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

std::unique_ptr<Preset> load(const fs::path& at, const std::string& model, Diagnostics& d,
                             bool check = false) {
  Json j = Json::parse(R"({"version": 1, "objects": [{"name": "sword"}], "effects": []})");
  j["objects"][0]["model"] = model;
  return loadPresetFromJson(j, at, d, {.textureProblemsAreErrors = check});
}

TEST(SceneModels, ObjectTakesTheModelsMarkersInModelOrderAndItsMesh) {
  TempTags t;
  Diagnostics d;
  // The preset lives inside the tags folder; the path is authored in another case.
  auto p = load(t.tags / "scene.json", "FX/Sword.GBXMODEL", d);
  ASSERT_TRUE(p);
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  EXPECT_TRUE(d.items.empty()) << d.formatAll();
  const SceneObject& o = p->scene.objects[0];
  ASSERT_EQ(o.modelMarkers.size(), 2u);
  ASSERT_TRUE(o.mesh);
  EXPECT_EQ(o.mesh->indices.size(), 3u);
  SceneState state;
  evaluateScene(p->scene, 0.0, state);
  auto glow = state.objects[0].markersNamed("glow");
  ASSERT_EQ(glow.size(), 2u);
  EXPECT_FLOAT_EQ(glow[0]->world.position.x, 0.5f);  // declaration order, not sorted
  EXPECT_FLOAT_EQ(glow[1]->world.position.x, 0.1f);
  // Model markers are never saved into the preset.
  Json saved = presetToJson(*p);
  EXPECT_FALSE(saved["objects"][0].contains("markers")) << saved.dump();
  EXPECT_EQ(saved["objects"][0]["model"], "FX/Sword.GBXMODEL");
}

TEST(SceneModels, MissingModelIsAWarningInTheViewerAndAnErrorForCheck) {
  TempTags t;
  Diagnostics viewer, check;
  auto p = load(t.tags / "scene.json", "fx/nothing.gbxmodel", viewer);
  ASSERT_TRUE(p);
  ASSERT_EQ(viewer.items.size(), 1u) << viewer.formatAll();
  EXPECT_EQ(format(viewer.items[0]),
            (t.tags / "scene.json").string() +
                ": /objects/0/model: warning: model \"fx/nothing.gbxmodel\": not found under the "
                "tags folder \"" +
                t.tags.string() + "\"; the object keeps only its own markers");
  load(t.tags / "scene.json", "fx/nothing.gbxmodel", check, true);
  EXPECT_TRUE(check.hasErrors());
}

TEST(SceneModels, ABrokenModelNamesTheTagsProblem) {
  TempTags t;
  { std::ofstream(t.tags / "fx" / "cut.gbxmodel", std::ios::binary) << "blam"; }
  Diagnostics d;
  load(t.tags / "scene.json", "fx/cut.gbxmodel", d);
  ASSERT_EQ(d.items.size(), 1u);
  EXPECT_NE(d.items[0].message.find("model \"fx/cut.gbxmodel\": "), std::string::npos)
      << d.items[0].message;
  EXPECT_EQ(d.items[0].pointer, "/objects/0/model");
}

}  // namespace
}  // namespace fx
