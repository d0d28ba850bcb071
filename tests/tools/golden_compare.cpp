// fxview_golden_compare: the golden comparison of tests/gl/golden.h for images rendered by a
// separate fxview process (tests/cli/install_test.sh renders with an installed binary).
//   fxview_golden_compare GOLDENS_JSON NAME --render-args      prints "--time T --size WxH"
//   fxview_golden_compare GOLDENS_JSON NAME ACTUAL.png [DIFF.png]
// compares ACTUAL.png with <folder of GOLDENS_JSON>/NAME.png under the entry's thresholds, prints
// the figures, writes the amplified difference to DIFF.png when given, and exits 0 when within
// them, 1 when not, 2 on a usage or file error.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>

#include "engine/render/renderer.h"
#include "tests/gl/golden.h"

namespace {

const fx::gltest::Golden* findEntry(const std::vector<fx::gltest::Golden>& all,
                                    const std::string& name) {
  for (const auto& g : all)
    if (g.name == name) return &g;
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: fxview_golden_compare GOLDENS_JSON NAME (--render-args | ACTUAL.png "
                 "[DIFF.png])\n";
    return 2;
  }
  std::filesystem::path goldens = argv[1];
  std::string name = argv[2], third = argv[3];
  auto all = fx::gltest::loadGoldens(goldens);
  const fx::gltest::Golden* g = findEntry(all, name);
  if (!g) {
    std::cerr << goldens.string() << ": no entry named \"" << name << "\"\n";
    return 2;
  }
  if (third == "--render-args") {
    std::printf("--time %g --size %dx%d\n", g->time, g->width, g->height);
    return 0;
  }
  std::filesystem::path goldenPath = goldens.parent_path() / (name + ".png");
  int aw = 0, ah = 0, gw = 0, gh = 0;
  std::vector<uint8_t> actual, golden;
  std::string error;
  if (!fx::render::readPng(third, aw, ah, actual, error) ||
      !fx::render::readPng(goldenPath, gw, gh, golden, error)) {
    std::cerr << error << "\n";
    return 2;
  }
  if (aw != gw || ah != gh) {
    std::cerr << third << ": " << aw << "x" << ah << ", golden " << goldenPath.string() << " is "
              << gw << "x" << gh << "\n";
    return 1;
  }
  fx::gltest::ImageDifference d = fx::gltest::compareImages(actual, golden);
  if (argc > 4 && !fx::render::writePng(argv[4], aw, ah, d.diff, error)) std::cerr << error << "\n";
  std::printf("%s: max %.0f (limit %.0f), mean %.3f (limit %.3f): %s\n", name.c_str(), d.maxSeen,
              g->maxDiff, d.mean, g->meanDiff, d.within(*g) ? "match" : "DIFFERENT");
  return d.within(*g) ? 0 : 1;
}
