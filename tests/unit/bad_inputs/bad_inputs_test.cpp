// Every file in tests/bad_inputs/ must be rejected with `file: /pointer: message` diagnostics,
// never a crash, hang or huge allocation (reliability issue). Lines in FILE.expected must appear.
#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/session/world.h"

namespace fx {
namespace {

namespace fs = std::filesystem;

fs::path badInputsDir() {
  return fs::path(FXVIEW_TEST_DATA) / "bad_inputs";
}

std::vector<fs::path> badInputs() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(badInputsDir()))
    if (e.path().extension() == ".json") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

class BadInputs : public ::testing::TestWithParam<fs::path> {};

TEST_P(BadInputs, RejectedWithPointerAndMessage) {
  const fs::path& file = GetParam();
  Diagnostics diags;
  auto preset = loadPreset(file, diags, {.textureProblemsAreErrors = true});  // as `fxview check`
  if (preset) lintPreset(*preset, diags);
  ASSERT_TRUE(diags.hasErrors()) << file << " was accepted";
  std::string all = diags.formatAll();
#ifdef _WIN32  // file names in the messages have Windows' separators; the expectations use '/'
  std::replace(all.begin(), all.end(), '\\', '/');
#endif
  for (const auto& d : diags.items) {
    std::string line = format(d);
    EXPECT_EQ(
        line.rfind(file.string() + ": /", 0) == 0 || line.find(".json: /") != std::string::npos,
        true)
        << line;
  }
  fs::path expected = file;
  expected += ".expected";
  if (fs::exists(expected)) {
    std::ifstream in(expected);
    std::string want;
    while (std::getline(in, want))
      if (!want.empty()) {
        EXPECT_NE(all.find(want), std::string::npos) << "missing: " << want << "\nin:\n" << all;
      }
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, BadInputs, ::testing::ValuesIn(badInputs()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                           std::string n = info.param.stem().string();
                           for (char& c : n)
                             if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

TEST(BadInputsLimits, OversizedFileIsRefusedBeforeParsing) {
  fs::path big = fs::temp_directory_path() / "fxview_oversized.json";
  {
    std::ofstream out(big, std::ios::binary);
    std::string chunk(1 << 20, ' ');
    for (int i = 0; i < 17; ++i) out << chunk;
  }
  Diagnostics diags;
  EXPECT_FALSE(loadPreset(big, diags));
  ASSERT_EQ(diags.errorCount(), 1u);
  EXPECT_NE(diags.items[0].message.find("the limit is 16777216 bytes"), std::string::npos)
      << diags.formatAll();
  fs::remove(big);
}

TEST(BadInputsLimits, DirectoryInsteadOfFile) {
  Diagnostics diags;
  EXPECT_FALSE(loadPreset(badInputsDir(), diags));
  EXPECT_NE(diags.formatAll().find("not a regular file"), std::string::npos);
}

}  // namespace
}  // namespace fx
