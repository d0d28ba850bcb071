// fxview texgen icon --size N -o OUT.png: the application icon (share/icons/hicolor/256x256/apps/
// fxview.png, generated at build time). A dark rounded square with an effect drawn on it from
// fxview's own sprites (engine/core/texgen_sprites.h): a warm glow and flare at the centre, a cool
// ring around it and sparks on the ring, added together like additive particles. Deterministic.
#include <algorithm>
#include <cmath>
#include <iostream>

#include "app/cli/texgen.h"
#include "engine/core/paths.h"
#include "engine/core/texgen_sprites.h"

namespace fx::cli {

namespace {

struct Canvas {
  int size = 0;
  std::vector<float> rgb;    // linear 0..1, size * size * 3, rows top to bottom
  std::vector<float> alpha;  // size * size
};

// Rounded square filling the canvas (corner radius 18% of the side), vertical gradient from
// night blue at the top to near black, antialiased over one pixel.
void paintBackground(Canvas& c) {
  const float n = float(c.size), radius = 0.18f * n, half = 0.5f * n;
  for (int y = 0; y < c.size; ++y)
    for (int x = 0; x < c.size; ++x) {
      float px = std::abs(float(x) + 0.5f - half) - (half - radius);
      float py = std::abs(float(y) + 0.5f - half) - (half - radius);
      float outside = std::hypot(std::max(px, 0.0f), std::max(py, 0.0f)) +
                      std::min(std::max(px, py), 0.0f) - radius;
      float cover = std::clamp(0.5f - outside, 0.0f, 1.0f);
      float t = float(y) / n;
      size_t i = size_t(y) * size_t(c.size) + size_t(x);
      c.rgb[i * 3 + 0] = 0.10f - 0.07f * t;
      c.rgb[i * 3 + 1] = 0.12f - 0.09f * t;
      c.rgb[i * 3 + 2] = 0.24f - 0.17f * t;
      c.alpha[i] = cover;
    }
}

// Adds `kind` (drawn at `side` pixels) centred on (cx, cy) in canvas pixels, tinted.
void addSprite(Canvas& c, SpriteTextureKind kind, int side, float cx, float cy,
               const float tint[3]) {
  SpriteImage s = generateSpriteTexture(kind, side, 1);
  int x0 = int(std::lround(cx - 0.5f * float(s.width)));
  int y0 = int(std::lround(cy - 0.5f * float(s.height)));
  for (int y = 0; y < s.height; ++y)
    for (int x = 0; x < s.width; ++x) {
      int tx = x0 + x, ty = y0 + y;
      if (tx < 0 || ty < 0 || tx >= c.size || ty >= c.size) continue;
      float v = float(s.rgba[(size_t(y) * size_t(s.width) + size_t(x)) * 4]) / 255.0f;
      size_t i = size_t(ty) * size_t(c.size) + size_t(tx);
      for (int k = 0; k < 3; ++k) c.rgb[i * 3 + size_t(k)] += v * tint[k];
    }
}

std::vector<uint8_t> drawIcon(int size) {
  Canvas c{size, std::vector<float>(size_t(size) * size_t(size) * 3),
           std::vector<float>(size_t(size) * size_t(size))};
  paintBackground(c);
  const float mid = 0.5f * float(size);
  const float warm[3] = {1.0f, 0.45f, 0.12f}, hot[3] = {1.0f, 0.85f, 0.55f};
  const float cool[3] = {0.25f, 0.65f, 1.0f}, white[3] = {0.8f, 0.9f, 1.0f};
  addSprite(c, SpriteTextureKind::Glow, int(0.95f * float(size)), mid, mid, warm);
  addSprite(c, SpriteTextureKind::Ring, int(0.78f * float(size)), mid, mid, cool);
  addSprite(c, SpriteTextureKind::Flare, int(0.62f * float(size)), mid, mid, hot);
  for (int k = 0; k < 5; ++k) {  // sparks on the ring, starting at the top right
    float a = 0.6f + float(k) * 1.2566371f;
    float r = 0.3f * float(size) * (k % 2 ? 0.93f : 1.0f);
    addSprite(c, SpriteTextureKind::Spark, int((k % 2 ? 0.14f : 0.2f) * float(size)),
              mid + r * std::cos(a), mid - r * std::sin(a), white);
  }
  std::vector<uint8_t> rgba(size_t(size) * size_t(size) * 4);
  for (size_t i = 0; i < c.alpha.size(); ++i) {
    for (size_t k = 0; k < 3; ++k) {
      float v = std::pow(std::clamp(c.rgb[i * 3 + k], 0.0f, 1.0f), 1.0f / 2.2f);  // to sRGB-ish
      rgba[i * 4 + k] = uint8_t(std::lround(v * 255.0f));
    }
    rgba[i * 4 + 3] = uint8_t(std::lround(c.alpha[i] * 255.0f));
  }
  return rgba;
}

}  // namespace

void registerTexgenIcon(CLI::App& texgen, int& exitCode) {
  struct Args {
    int size = 256;
    std::string output;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = texgen.add_subcommand("icon", "The fxview application icon (RGBA PNG)");
  cmd->add_option("--size", args->size, "Width and height in pixels (default 256)")
      ->check(CLI::Range(16, 1024));
  cmd->add_option("-o,--output", args->output, "PNG to write")->required();
  cmd->callback([args, &exitCode] {
    if (refuseOutputs("texgen icon", {{toPath(args->output), WrittenKind::Png}})) {
      exitCode = kExitUsage;
      return;
    }
    std::vector<uint8_t> rgba = drawIcon(args->size);
    if (std::string err = writeTexgenPng(args->output, args->size, args->size, 4, rgba.data());
        !err.empty()) {
      std::cerr << "fxview texgen icon: " << err << "\n";
      exitCode = kExitUsage;
      return;
    }
    std::cout << args->output << ": icon " << args->size << "x" << args->size << "\n";
    exitCode = kExitOk;
  });
}

}  // namespace fx::cli
