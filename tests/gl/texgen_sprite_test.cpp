// `fxview texgen sprite` generators (engine/core/texgen_sprites.h): deterministic bytes per kind,
// size and seed, and a flakes sheet whose side-car engine/core/sprite_sheet.h reads as 2
// sequences of 4 frames. (CPU only; it lives with the GL tests beside the CLI that writes PNGs.)
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "engine/core/sprite_sheet.h"
#include "engine/core/texgen_sprites.h"

namespace fx {
namespace {

TEST(TexgenSprite, SameSeedSameBytesOtherSeedOtherBytes) {
  for (const char* name :
       {"glow", "dot", "spark", "streak", "flakes", "smoke", "flare", "ring", "checker"}) {
    auto kind = parseSpriteTextureKind(name);
    ASSERT_TRUE(kind) << name;
    SpriteImage a = generateSpriteTexture(*kind, 32, 7), b = generateSpriteTexture(*kind, 32, 7);
    EXPECT_EQ(a.rgba, b.rgba) << name;
    EXPECT_EQ(a.rgba.size(), size_t(a.width) * size_t(a.height) * 4) << name;
  }
  for (SpriteTextureKind k :
       {SpriteTextureKind::Smoke, SpriteTextureKind::Flakes, SpriteTextureKind::Flare})
    EXPECT_NE(generateSpriteTexture(k, 64, 1).rgba, generateSpriteTexture(k, 64, 2).rgba)
        << spriteTextureKindName(k);
  EXPECT_FALSE(parseSpriteTextureKind("nope"));
}

TEST(TexgenSprite, SizesAreClampedAndShaped) {
  EXPECT_EQ(generateSpriteTexture(SpriteTextureKind::Glow, 1, 1).width, kMinSpriteTextureSize);
  SpriteImage streak = generateSpriteTexture(SpriteTextureKind::Streak, 64, 1);
  EXPECT_EQ(streak.height, 16);
  SpriteImage flakes = generateSpriteTexture(SpriteTextureKind::Flakes, 256, 1);
  EXPECT_EQ(flakes.width, 256);
  EXPECT_EQ(flakes.height, 128);
}

TEST(TexgenSprite, FlakesSideCarIsASpriteSheet) {
  SpriteImage flakes = generateSpriteTexture(SpriteTextureKind::Flakes, 128, 1);
  ASSERT_FALSE(flakes.sideCar.empty());
  std::filesystem::path png = std::filesystem::temp_directory_path() / "fxview_texgen_flakes.png";
  std::ofstream(png.string() + ".sprites.json") << flakes.sideCar;
  Diagnostics diags;
  SpriteSheet sheet = loadSpriteSheet(png.string(), "flakes", "", diags);
  EXPECT_FALSE(diags.hasErrors());
  ASSERT_EQ(sheet.sequenceCount(), 2u);
  EXPECT_EQ(sheet.frameCount(0), 4u);
  EXPECT_FLOAT_EQ(sheet.sprite(1, 3).left, 0.75f);
  EXPECT_FLOAT_EQ(sheet.sprite(1, 3).top, 0.5f);
}

}  // namespace
}  // namespace fx
