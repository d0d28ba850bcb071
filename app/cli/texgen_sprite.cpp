// fxview texgen sprite --kind glow|dot|spark|streak|flakes|smoke|flare|ring|checker --size N --seed
// N -o OUT.png Writes a procedural RGBA sprite (engine/core/texgen_sprites.h) and, for sheet kinds
// (flakes), the `OUT.png.sprites.json` side-car that engine/core/sprite_sheet.h reads.
#include <iostream>

#include "app/cli/texgen.h"
#include "engine/core/json.h"
#include "engine/core/paths.h"
#include "engine/core/texgen_sprites.h"

namespace fx::cli {

void registerTexgenSprite(CLI::App& texgen, int& exitCode) {
  struct Args {
    std::string kind = "glow";
    int size = 64;
    int64_t seed = 1;
    std::string output;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = texgen.add_subcommand("sprite", "Procedural RGBA sprite texture");
  cmd->add_option("--kind", args->kind, std::string("Sprite: ") + kSpriteTextureKindNames)
      ->check(CLI::IsMember(
          {"glow", "dot", "spark", "streak", "flakes", "smoke", "flare", "ring", "checker"}));
  cmd->add_option("--size", args->size,
                  "Width in pixels (height = width, except streak width/4 and flakes width/2)")
      ->check(CLI::Range(kMinSpriteTextureSize, kMaxSpriteTextureSize));
  cmd->add_option("--seed", args->seed, "Generator seed")
      ->check(CLI::Range(int64_t(0), int64_t(4294967295LL)));
  cmd->add_option("-o,--output", args->output, "PNG to write")->required();
  cmd->callback([args, &exitCode] {
    SpriteTextureKind kind = *parseSpriteTextureKind(args->kind);
    const std::string sideCar = args->output + ".sprites.json";
    if (refuseOutputs("texgen sprite", {{toPath(args->output), WrittenKind::Png},
                                        {toPath(sideCar), WrittenKind::Json}})) {
      exitCode = kExitUsage;
      return;
    }
    SpriteImage img = generateSpriteTexture(kind, args->size, uint32_t(args->seed));
    if (std::string err = writeTexgenPng(args->output, img.width, img.height, 4, img.rgba.data());
        !err.empty()) {
      std::cerr << "fxview texgen sprite: " << err << "\n";
      exitCode = kExitUsage;
      return;
    }
    if (!img.sideCar.empty()) {
      if (std::string err = writeFileAtomic(toPath(sideCar), img.sideCar); !err.empty()) {
        std::cerr << "fxview texgen sprite: " << err << "\n";
        exitCode = kExitUsage;
        return;
      }
    }
    std::cout << args->output << ": " << spriteTextureKindName(kind) << " " << img.width << "x"
              << img.height << " seed " << args->seed << "\n";
    exitCode = kExitOk;
  });
}

}  // namespace fx::cli
