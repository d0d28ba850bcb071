// The golden-image list and comparison, shared by the in-process golden tests (golden_test.cpp)
// and the installed-binary check (tests/tools/golden_compare.cpp, tests/cli/install_test.sh).
// tests/golden/goldens.json holds one entry per preset:
//   {"name": "test_pattern", "preset": "presets/test_pattern.json", "time": 1.0,
//    "size": [256, 144], "max": 48, "mean": 0.75}   (max / mean in 0..255 channel units; optional)
// Images are RGBA rows; only RGB is compared (effects never write alpha).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fx::gltest {

struct Golden {
  std::string name, preset;
  double time = 1.0;
  int width = 256, height = 144;
  double maxDiff = 48.0, meanDiff = 0.75;
};

// Test names and ctest output show the entry name, not the struct's bytes.
inline void PrintTo(const Golden& g, std::ostream* os) {
  *os << g.name;
}

inline std::vector<Golden> loadGoldens(const std::filesystem::path& goldensJson) {
  std::vector<Golden> out;
  std::ifstream in(goldensJson);
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.contains("goldens")) return out;
  for (const auto& e : j["goldens"]) {
    Golden g;
    g.name = e.value("name", "");
    g.preset = e.value("preset", "");
    g.time = e.value("time", 1.0);
    if (e.contains("size") && e["size"].is_array() && e["size"].size() == 2) {
      g.width = e["size"][0].get<int>();
      g.height = e["size"][1].get<int>();
    }
    g.maxDiff = e.value("max", g.maxDiff);
    g.meanDiff = e.value("mean", g.meanDiff);
    if (!g.name.empty() && !g.preset.empty()) out.push_back(g);
  }
  return out;
}

struct ImageDifference {
  double maxSeen = 0.0, mean = 0.0;  // 0..255 channel units over RGB
  std::vector<uint8_t> diff;         // RGBA, |actual - golden| * 4 per channel, opaque
  bool within(const Golden& g) const { return maxSeen <= g.maxDiff && mean <= g.meanDiff; }
};

// `actual` and `golden` hold the same number of RGBA pixels.
inline ImageDifference compareImages(const std::vector<uint8_t>& actual,
                                     const std::vector<uint8_t>& golden) {
  ImageDifference d;
  d.diff.assign(actual.size(), 255);
  double sum = 0.0;
  for (size_t i = 0; i + 3 < actual.size(); i += 4)
    for (size_t c = 0; c < 3; ++c) {
      int delta = std::abs(int(actual[i + c]) - int(golden[i + c]));
      d.maxSeen = std::max(d.maxSeen, double(delta));
      sum += delta;
      d.diff[i + c] = uint8_t(std::min(255, delta * 4));
    }
  if (!actual.empty()) d.mean = sum / double(actual.size() / 4 * 3);
  return d;
}

}  // namespace fx::gltest
