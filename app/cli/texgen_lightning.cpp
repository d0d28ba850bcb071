// fxview texgen lightning --kind bolt|charged|unsuccessful|reaching --seed N --size WxH -o OUT.png
// Writes one of the seed's RGB data textures (R bolt, G glow, B threshold) and its
// `OUT.png.lightning.json` side-car (the threshold histogram of the bolt texels). The generators
// are engine code (engine/effects/lightning/lightning_texgen.h); this file parses and writes PNG.
#include <cstdio>
#include <iostream>

#include "app/cli/texgen.h"
#include "engine/core/paths.h"
#include "engine/effects/lightning/lightning_texgen.h"

namespace fx::cli {

namespace {

// "WxH" -> width, height; false when malformed.
bool parseSize(const std::string& text, int& w, int& h) {
  int consumed = 0;
  if (std::sscanf(text.c_str(), "%dx%d%n", &w, &h, &consumed) != 2) return false;
  return consumed == int(text.size());
}

}  // namespace

void registerTexgenLightning(CLI::App& texgen, int& exitCode) {
  struct Args {
    std::string kind = "bolt";
    int64_t seed = 1;
    std::string size;
    std::string output;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = texgen.add_subcommand(
      "lightning", "Balloonium lightning data texture (R bolt, G glow, B threshold)");
  cmd->add_option("--kind", args->kind, std::string("Texture: ") + lightning::kTextureKindNames)
      ->check(CLI::IsMember({"bolt", "charged", "unsuccessful", "reaching"}));
  cmd->add_option("--seed", args->seed, "Generator seed")
      ->check(CLI::Range(int64_t(0), int64_t(4294967295LL)));
  cmd->add_option("--size", args->size, "WxH texels (default: bolt 512x64, others 256x256)");
  cmd->add_option("-o,--output", args->output, "PNG to write (its side-car goes beside it)")
      ->required();
  cmd->callback([args, &exitCode] {
    lightning::TexgenOptions o;
    o.kind = *lightning::parseTextureKind(args->kind);
    o.seed = uint32_t(args->seed);
    if (!args->size.empty() && !parseSize(args->size, o.width, o.height)) {
      std::cerr << "texgen lightning: --size: expected WxH, got \"" << args->size << "\"\n";
      exitCode = kExitUsage;
      return;
    }
    if (std::string err = lightning::resolveSize(o); !err.empty()) {
      std::cerr << "texgen lightning: --size: " << err << "\n";
      exitCode = kExitUsage;
      return;
    }
    const std::string sideCarFile = lightning::sideCarPath(args->output);
    if (refuseOutputs("texgen lightning", {{toPath(args->output), WrittenKind::Png},
                                           {toPath(sideCarFile), WrittenKind::Json}})) {
      exitCode = kExitUsage;
      return;
    }
    lightning::DataImage image = lightning::generateTexture(o);
    if (std::string err =
            writeTexgenPng(args->output, image.width, image.height, 3, image.rgb.data());
        !err.empty()) {
      std::cerr << "fxview texgen lightning: " << err << "\n";
      exitCode = kExitUsage;
      return;
    }
    Json side = lightning::sideCarJson(o, lightning::thresholdHistogram(image));
    if (std::string err =
            writeFileAtomic(toPath(lightning::sideCarPath(args->output)), side.dump() + "\n");
        !err.empty()) {
      std::cerr << "fxview texgen lightning: " << err << "\n";
      exitCode = kExitUsage;
      return;
    }
    std::cout << args->output << ": " << lightning::textureKindName(o.kind) << " " << image.width
              << "x" << image.height << " seed " << o.seed << "\n";
    exitCode = kExitOk;
  });
}

}  // namespace fx::cli
