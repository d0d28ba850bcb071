// Documents are files (engine/session/documents.h), through the session API the viewer's Save and
// the console's `set` / `save` use. Issue 35: "One file reached by two paths is two documents"
// (item 5) and "Saving an edited JSON definition rewrites the file" (item 9).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/session/world.h"
#include "engine/session/world_edit.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

class DocumentFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fxview_document_files_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const fs::path& rel, const std::string& text) {
    fs::create_directories((dir_ / rel).parent_path());
    std::ofstream(dir_ / rel, std::ios::binary) << text;
  }
  std::string read(const fs::path& rel) const {
    std::ifstream in(dir_ / rel, std::ios::binary);
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

  fs::path dir_;
};

size_t definitionDocuments(const Preset& p) {
  size_t n = 0;
  for (const Document& d : p.documents) n += d.format == DocumentFormat::Definition;
  return n;
}

TEST_F(DocumentFiles, OneFileThroughTwoPathsIsOneDocumentWithBothEdits) {
  write("real/glow.json",
        "{\n  \"number_of_particles\": 10,\n  \"effect_rotational_velocity\": 4.0\n}\n");
  std::error_code linkError;
  fs::create_directory_symlink("real", dir_ / "link", linkError);
  if (linkError) GTEST_SKIP() << "this system makes no symbolic links: " << linkError.message();
  write("p.json", R"({"version": 1, "effects": [
    {"id": "a", "kind": "halo_glow", "definition": "real/glow.json"},
    {"id": "b", "kind": "halo_glow", "definition": "link/glow.json"}]})");
  auto p = load("p.json");
  ASSERT_TRUE(p);
  EXPECT_EQ(definitionDocuments(*p), 1u);
  World w(*p);
  FieldEdit edit;
  ASSERT_EQ(setField(*p, w, "a/number_of_particles", "20", edit), "");
  ASSERT_EQ(setField(*p, w, "b/effect_rotational_velocity", "7", edit), "");
  SaveResult r = saveDocuments(*p);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.written.size(), 1u) << r.message;
  Json saved = Json::parse(read("real/glow.json"));
  EXPECT_EQ(saved["number_of_particles"], 20);
  EXPECT_EQ(saved["effect_rotational_velocity"], 7);
  // The one document still notices a change made on disk, through either path.
  EXPECT_TRUE(changedOnDisk(*p).empty());
  write("link/glow.json", "{\"number_of_particles\": 30}\n");
  EXPECT_EQ(changedOnDisk(*p).size(), 1u);
}

std::string crlf(const std::string& lf) {
  std::string out;
  for (char c : lf) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
  return out;
}

std::vector<std::string> differentLines(const std::string& a, const std::string& b) {
  std::vector<std::string> la, lb, out;
  std::istringstream sa(a), sb(b);
  for (std::string l; std::getline(sa, l);) la.push_back(l);
  for (std::string l; std::getline(sb, l);) lb.push_back(l);
  EXPECT_EQ(la.size(), lb.size()) << b;
  for (size_t i = 0; i < la.size() && i < lb.size(); ++i)
    if (la[i] != lb[i]) out.push_back(lb[i]);
  return out;
}

// A weather definition as a designer keeps it: tabs, CRLF, integers in float fields, 0.10, its
// own key order, and its physics and wind from other files (whose values are not defaults).
const std::string kRain = crlf(
    "{\n"
    "\t\"version\": 1,\n"
    "\t\"particle_types\": [\n"
    "\t\t{\n"
    "\t\t\t\"name\": \"rain\",\n"
    "\t\t\t\"fade_in_start_height\": -500,\n"
    "\t\t\t\"particle_count\": [6, 6],\n"
    "\t\t\t\"physics_path\": \"physics.json\",\n"
    "\t\t\t\"particle_radius\": [0.07, 0.10],\n"
    "\t\t\t\"fade_out_end_distance\": 4,\n"
    "\t\t\t\"sprite_bitmap\": \"rain.png\"\n"
    "\t\t}\n"
    "\t],\n"
    "\t\"wind_path\": \"wind.json\"\n"
    "}\n");

const std::string kRainPreset =
    "{\n"
    "    \"version\": 1,\n"
    "    \"seed\": 1,\n"
    "    \"camera\": {\"position\": [0, 0, 1.5], \"target\": [3, 1, 1.3], \"fov_deg\": 70},\n"
    "    \"effects\": [\n"
    "        {\"id\": \"rain\", \"kind\": \"halo_weather\", \"definition\": \"defs/rain.json\",\n"
    "         \"wind_magnitude\": 1.0}\n"
    "    ]\n"
    "}\n";

TEST_F(DocumentFiles, SavingOneEditedDefinitionValueChangesOneLine) {
  write("defs/rain.json", kRain);
  write("defs/physics.json", "{\"version\": 1, \"density\": 2.5, \"air_friction\": 0.25}\n");
  write("defs/wind.json", "{\"version\": 1, \"velocity\": [0.6, 1.2], \"damping\": 0.5}\n");
  write("p.json", kRainPreset);
  auto p = load("p.json");
  ASSERT_TRUE(p);
  World w(*p);
  FieldEdit edit;
  ASSERT_EQ(setField(*p, w, "rain/particle_types/0/fade_in_start_height", "-250", edit), "");
  SaveResult r = saveDocuments(*p);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.message.find("written whole"), std::string::npos) << r.message;
  EXPECT_EQ(differentLines(kRain, read("defs/rain.json")),
            std::vector<std::string>{"\t\t\t\"fade_in_start_height\": -250,\r"});
  EXPECT_EQ(read("p.json"), kRainPreset);  // not edited, not written
  // The preset itself: one edit, one line.
  ASSERT_EQ(setField(*p, w, "/seed", "5", edit), "");
  r = saveDocuments(*p);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(differentLines(kRainPreset, read("p.json")),
            std::vector<std::string>{"    \"seed\": 5,"});
}

// What the physics and wind files supply is theirs: the definition never takes copies of it,
// even where a save writes the whole file.
TEST_F(DocumentFiles, ReferencedValuesAreNotCopiedInline) {
  write("defs/rain.json", kRain);
  write("defs/physics.json", "{\"version\": 1, \"density\": 2.5, \"air_friction\": 0.25}\n");
  write("defs/wind.json", "{\"version\": 1, \"velocity\": [0.6, 1.2], \"damping\": 0.5}\n");
  write("p.json", kRainPreset);
  auto p = load("p.json");
  ASSERT_TRUE(p);
  presetToJson(*p);
  const Json& def = p->effects[0].definitionJson;
  EXPECT_FALSE(def.contains("wind")) << def.dump();
  EXPECT_FALSE(def["particle_types"][0].contains("physics")) << def.dump();
}

}  // namespace
}  // namespace fx
