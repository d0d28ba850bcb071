// The data-texture generators behind `fxview texgen lightning` (lightning_texgen.h).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "engine/effects/lightning/lightning_texgen.h"

namespace fx::lightning {
namespace {

DataImage make(TextureKind kind, uint32_t seed, int w = 0, int h = 0) {
  return generateTexture({.kind = kind, .seed = seed, .width = w, .height = h});
}

constexpr TextureKind kKinds[] = {TextureKind::Bolt, TextureKind::Charged,
                                  TextureKind::Unsuccessful, TextureKind::Reaching};

// "Deterministic for a seed" (issue): same options, same bytes; another seed, another texture.
TEST(LightningTexgen, DeterministicForASeed) {
  for (TextureKind k : kKinds) {
    DataImage a = make(k, 7), b = make(k, 7), c = make(k, 8);
    EXPECT_EQ(a.rgb, b.rgb) << textureKindName(k);
    EXPECT_NE(a.rgb, c.rgb) << textureKindName(k);
  }
}

// "Red - The bolt location. The value is only 0 or 255" and alpha = glow "requires glow strength
// 1 in the bolt locations".
TEST(LightningTexgen, RedIsBinaryAndGlowIsFullOnTheBolt) {
  for (TextureKind k : kKinds) {
    DataImage img = make(k, 3);
    size_t bolt = 0, glow = 0;
    for (size_t i = 0; i < img.rgb.size(); i += 3) {
      uint8_t r = img.rgb[i], g = img.rgb[i + 1];
      ASSERT_TRUE(r == 0 || r == 255) << textureKindName(k);
      if (r == 255) {
        ASSERT_EQ(g, 255) << textureKindName(k);
        ++bolt;
      } else if (g > 0) {
        ++glow;
      }
    }
    EXPECT_GT(bolt, 100u) << textureKindName(k);
    EXPECT_GT(glow, bolt) << textureKindName(k) << ": the glow surrounds the bolts";
  }
}

// "a gradient of values in the blue channel such that the pixel values go from 0 to 255 ... the
// image is slowly revealed from left to right": B is monotone along the long bolt.
TEST(LightningTexgen, BoltThresholdIsMonotoneAlongTheBolt) {
  for (uint32_t seed : {1u, 2u, 99u}) {
    DataImage img = make(TextureKind::Bolt, seed);
    ASSERT_EQ(img.width, 512);
    ASSERT_EQ(img.height, 64);
    int lastB = -1, minB = 256, maxB = -1, columnsWithBolt = 0;
    for (int x = 0; x < img.width; ++x) {
      int columnB = -1;
      for (int y = 0; y < img.height; ++y) {
        const uint8_t* t = img.texel(x, y);
        if (t[0] != 255) continue;
        if (columnB >= 0) {
          EXPECT_EQ(t[2], columnB) << "one threshold per position along the bolt";
        }
        columnB = t[2];
      }
      if (columnB < 0) continue;
      ++columnsWithBolt;
      EXPECT_GE(columnB, lastB) << "x " << x;
      lastB = columnB;
      minB = std::min(minB, columnB), maxB = std::max(maxB, columnB);
    }
    EXPECT_GT(columnsWithBolt, img.width * 9 / 10) << "the bolt runs the whole length";
    EXPECT_LE(minB, 3);
    EXPECT_GE(maxB, 252);
  }
}

// "Different bolts have different blue values behind them."
TEST(LightningTexgen, ChargedRingBoltsEachHaveTheirOwnThreshold) {
  DataImage img = make(TextureKind::Charged, 5);
  std::set<int> values;
  for (size_t i = 0; i < img.rgb.size(); i += 3)
    if (img.rgb[i] == 255) values.insert(img.rgb[i + 2]);
  EXPECT_EQ(values.size(), 9u);
  // A ring: no bolt near the centre.
  for (int y = 100; y < 156; ++y)
    for (int x = 100; x < 156; ++x) ASSERT_EQ(img.texel(x, y)[0], 0);
}

struct Extent {
  size_t bolt = 0;
  double glowSum = 0;
  float maxRadius = 0;
};
Extent extent(const DataImage& img) {
  Extent e;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const uint8_t* t = img.texel(x, y);
      e.glowSum += t[1];
      if (t[0] != 255) continue;
      ++e.bolt;
      e.maxRadius = std::max(
          e.maxRadius, glm::length(vec2(x + 0.5f, y + 0.5f) - vec2(img.width, img.height) * 0.5f));
    }
  return e;
}

// "the unsuccessful attack is similar in shape to the fully charged effect, but larger and more
// intense."
TEST(LightningTexgen, UnsuccessfulIsTheChargedShapeLargerAndMoreIntense) {
  DataImage charged = make(TextureKind::Charged, 11), failed = make(TextureKind::Unsuccessful, 11);
  Extent c = extent(charged), f = extent(failed);
  EXPECT_GT(f.bolt, c.bolt * 3 / 2);
  EXPECT_GT(f.glowSum, c.glowSum * 1.5);
  EXPECT_GT(f.maxRadius, c.maxRadius);
  // Same shape: the same bolts (same count, same thresholds).
  std::set<int> vc, vf;
  for (size_t i = 0; i < charged.rgb.size(); i += 3) {
    if (charged.rgb[i] == 255) vc.insert(charged.rgb[i + 2]);
    if (failed.rgb[i] == 255) vf.insert(failed.rgb[i + 2]);
  }
  EXPECT_EQ(vc, vf);
}

// Reaching charge: the threshold rises from the edge toward the centre.
TEST(LightningTexgen, ReachingThresholdRisesInward) {
  DataImage img = make(TextureKind::Reaching, 2);
  double inner = 0, outer = 0;
  int ni = 0, no = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const uint8_t* t = img.texel(x, y);
      if (t[0] != 255) continue;
      float r = glm::length(vec2(x + 0.5f, y + 0.5f) - vec2(128.0f));
      if (r < 50) inner += t[2], ++ni;
      if (r > 90) outer += t[2], ++no;
    }
  ASSERT_GT(ni, 20);
  ASSERT_GT(no, 20);
  EXPECT_GT(inner / ni, outer / no + 60.0);
}

TEST(LightningTexgen, SizeIsCheckedAndHonoured) {
  TexgenOptions o{.kind = TextureKind::Charged, .width = 5000, .height = 64};
  EXPECT_FALSE(resolveSize(o).empty());
  o = {.kind = TextureKind::Charged, .width = 4, .height = 64};
  EXPECT_FALSE(resolveSize(o).empty());
  DataImage img = make(TextureKind::Charged, 1, 128, 96);
  EXPECT_EQ(img.width, 128);
  EXPECT_EQ(img.height, 96);
  EXPECT_EQ(img.rgb.size(), 128u * 96u * 3u);
  EXPECT_TRUE(make(TextureKind::Bolt, 1, 2, 2).rgb.empty());
}

// "If I want to only reveal a certain amount without any changes over time, I can just set the
// threshold_initial_t, and set threshold_speed to 0." On the long bolt (B = u) with the window
// [t - 1, t], the revealed share of the bolt texels follows t: it grows with t from nothing to the
// whole bolt, and stays near t (branches put a few more texels at some positions along it).
TEST(LightningTexgen, RevealedShareOfTheBoltFollowsInitialT) {
  for (uint32_t seed = 1; seed <= 8; ++seed) {
    ThresholdHistogram h = thresholdHistogram(make(TextureKind::Bolt, seed));
    ASSERT_GT(h.total, 0u);
    double last = -1.0;
    for (float t : {0.0f, 0.1f, 0.25f, 0.5f, 0.75f, 0.9f, 0.998f}) {
      double share = revealedShare(h, t, vec2(1.0f, 0.0f));
      EXPECT_NEAR(share, t, 0.12) << "seed " << seed << " t " << t;
      EXPECT_GE(share, last);
      last = share;
    }
    EXPECT_LT(revealedShare(h, 0.0f, vec2(1.0f, 0.0f)), 0.02);
    EXPECT_GT(revealedShare(h, 0.998f, vec2(1.0f, 0.0f)), 0.98);
  }
}

TEST(LightningTexgen, SideCarRoundTrips) {
  TexgenOptions o{.kind = TextureKind::Charged, .seed = 9};
  ASSERT_TRUE(resolveSize(o).empty());
  ThresholdHistogram h = thresholdHistogram(generateTexture(o));
  auto dir = std::filesystem::temp_directory_path() / "fxview_lightning_sidecar_test";
  std::filesystem::create_directories(dir);
  std::string png = (dir / "ring.png").string();
  std::ofstream(sideCarPath(png)) << sideCarJson(o, h).dump();
  Diagnostics diags;
  auto loaded = loadSideCar(png, "def.json", "/has_charge/texture", diags);
  ASSERT_TRUE(loaded) << diags.formatAll();
  EXPECT_EQ(loaded->counts, h.counts);
  EXPECT_EQ(loaded->total, h.total);

  std::ofstream(sideCarPath(png)) << R"({"bolt_threshold_histogram": [1, 2]})";
  EXPECT_FALSE(loadSideCar(png, "def.json", "/has_charge/texture", diags));
  ASSERT_EQ(diags.errorCount(), 1u);
  EXPECT_EQ(diags.items[0].pointer, "/has_charge/texture");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace fx::lightning
