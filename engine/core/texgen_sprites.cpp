#include "engine/core/texgen_sprites.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "engine/core/math.h"
#include "engine/core/rng.h"

namespace fx {

namespace {

constexpr std::array<const char*, 9> kNames = {"glow",  "dot",   "spark", "streak", "flakes",
                                               "smoke", "flare", "ring",  "checker"};

float smooth01(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x * x * (3.0f - 2.0f * x);
}

uint8_t toByte(float v) {
  return uint8_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
}

void put(SpriteImage& img, int x, int y, float grey, float alpha) {
  uint8_t* p = &img.rgba[(size_t(y) * size_t(img.width) + size_t(x)) * 4];
  p[0] = p[1] = p[2] = toByte(grey);
  p[3] = toByte(alpha);
}

// Value noise on a lattice of `cells` per side from a seeded table (wraps).
struct ValueNoise {
  int cells;
  std::vector<float> values;
  ValueNoise(int cellsPerSide, Lcg& rng)
      : cells(cellsPerSide), values(size_t(cellsPerSide * cellsPerSide)) {
    for (float& v : values) v = rng.unit();
  }
  float at(int x, int y) const {
    return values[size_t(((y % cells + cells) % cells) * cells + (x % cells + cells) % cells)];
  }
  float sample(float u, float v) const {  // u, v in lattice units
    int x0 = int(std::floor(u)), y0 = int(std::floor(v));
    float fx = smooth01(u - float(x0)), fy = smooth01(v - float(y0));
    float a = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx;
    float b = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx;
    return a + (b - a) * fy;
  }
};

// Centred coordinates in -1..1 across a cell of w x h pixels at pixel (x, y).
vec2 centred(int x, int y, int w, int h) {
  return {(float(x) + 0.5f) / float(w) * 2.0f - 1.0f, (float(y) + 0.5f) / float(h) * 2.0f - 1.0f};
}

float glowAt(vec2 p) {
  float r = glm::length(p);
  float g = std::max(0.0f, 1.0f - r);
  return g * g * g;
}

float sparkAt(vec2 p, float rotation) {
  float c = std::cos(rotation), s = std::sin(rotation);
  vec2 q{c * p.x - s * p.y, s * p.x + c * p.y};
  float r = glm::length(q);
  float arms = std::exp(-std::abs(q.x) * 18.0f) + std::exp(-std::abs(q.y) * 18.0f);
  float core = std::exp(-r * r * 30.0f);
  return std::clamp((arms * 0.7f + core) * std::max(0.0f, 1.0f - r), 0.0f, 1.0f);
}

// One six-armed flake: params = arm length, two branch radii, rotation (seeded per cell).
float flakeAt(vec2 p, const std::array<float, 4>& params) {
  float r = glm::length(p);
  if (r > 0.95f) return 0.0f;
  float angle = std::atan2(p.y, p.x) + params[3];
  float sector = kPi / 3.0f;
  float a =
      std::fmod(std::fmod(angle, sector) + sector, sector) - sector * 0.5f;  // fold to one arm
  vec2 q{r * std::cos(a), r * std::sin(a)};
  float arm = std::exp(-std::abs(q.y) * 40.0f) * (q.x < params[0] ? 1.0f : 0.0f);
  // Branches: short strokes at 60 degrees off the arm at a seeded radius.
  float branch = 0.0f;
  for (int b = 0; b < 2; ++b) {
    float at = params[1 + b];
    vec2 d = q - vec2(at, 0.0f);
    float along = d.x * 0.5f + std::abs(d.y) * 0.866f;
    float across = std::abs(-d.x * 0.866f + std::abs(d.y) * 0.5f);
    if (along > 0.0f && along < 0.3f * params[0])
      branch = std::max(branch, std::exp(-across * 40.0f));
  }
  float core = std::exp(-r * r * 60.0f);
  return std::clamp(arm + branch + core, 0.0f, 1.0f) * smooth01((0.95f - r) * 10.0f);
}

}  // namespace

std::optional<SpriteTextureKind> parseSpriteTextureKind(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i)
    if (name == kNames[i]) return SpriteTextureKind(i);
  return std::nullopt;
}

const char* spriteTextureKindName(SpriteTextureKind kind) {
  size_t i = size_t(kind);
  return i < kNames.size() ? kNames[i] : "?";
}

namespace {

// Eight snowflakes in a 4 x 2 sheet (two animated sequences of four frames).
void paintFlakes(SpriteImage& img, Lcg& rng) {
  const int w = img.width, h = img.height;
  const int columns = 4, rows = 2, cw = w / columns, ch = h / rows;
  for (int cell = 0; cell < columns * rows; ++cell) {
    std::array<float, 4> params{rng.range(0.6f, 0.9f), rng.range(0.25f, 0.4f),
                                rng.range(0.45f, 0.65f), rng.range(0.0f, kPi / 3.0f)};
    int ox = (cell % columns) * cw, oy = (cell / columns) * ch;
    for (int y = 0; y < ch; ++y)
      for (int x = 0; x < cw; ++x) {
        float f = flakeAt(centred(x, y, cw, ch), params);
        put(img, ox + x, oy + y, f, f);
      }
  }
  img.sideCar =
      "{\"rows\": 2, \"columns\": 4, \"sequences\": [{\"frames\": 4, \"row\": 0}, {\"frames\": "
      "4, \"row\": 1}]}\n";
}

// A soft puff modulated by three octaves of value noise.
void paintSmoke(SpriteImage& img, Lcg& rng) {
  const int w = img.width, h = img.height;
  ValueNoise coarse(4, rng), fine(8, rng), finer(16, rng);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      vec2 p = centred(x, y, w, h);
      float u = (float(x) + 0.5f) / float(w), v = (float(y) + 0.5f) / float(h);
      float n = 0.5f * coarse.sample(u * 4, v * 4) + 0.3f * fine.sample(u * 8, v * 8) +
                0.2f * finer.sample(u * 16, v * 16);
      float falloff = smooth01(1.0f - glm::length(p));
      float a = std::clamp(falloff * (0.35f + 0.9f * n) * falloff, 0.0f, 1.0f);
      put(img, x, y, 0.55f + 0.45f * n, a);
    }
}

// A lens flare: a hot core, a halo ring and 6 to 9 rays over a glow.
void paintFlare(SpriteImage& img, Lcg& rng) {
  const int w = img.width, h = img.height;
  int rays = 6 + int(rng.unit() * 4.0f);
  float phase = rng.range(0.0f, kTwoPi);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      vec2 p = centred(x, y, w, h);
      float r = glm::length(p);
      float core = std::exp(-r * r * 80.0f);
      float halo = std::exp(-std::pow((r - 0.55f) * 14.0f, 2.0f)) * 0.35f;
      float angle = std::atan2(p.y, p.x);
      float ray = std::pow(std::abs(std::cos(angle * float(rays) * 0.5f + phase)), 40.0f) *
                  std::max(0.0f, 1.0f - r) * 0.6f;
      float glow = glowAt(p) * 0.5f;
      float f = std::clamp(core + halo + ray + glow, 0.0f, 1.0f) * smooth01((1.0f - r) * 8.0f);
      put(img, x, y, f, f);
    }
}

}  // namespace

SpriteImage generateSpriteTexture(SpriteTextureKind kind, int size, uint32_t seed) {
  size = std::clamp(size, kMinSpriteTextureSize, kMaxSpriteTextureSize);
  Lcg rng{seed ^ 0x5F3759DFu};
  SpriteImage img;
  img.width = size;
  img.height = kind == SpriteTextureKind::Streak   ? std::max(2, size / 4)
               : kind == SpriteTextureKind::Flakes ? size / 2
                                                   : size;
  img.rgba.assign(size_t(img.width) * size_t(img.height) * 4, 0);
  const int w = img.width, h = img.height;
  switch (kind) {
    case SpriteTextureKind::Glow:
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          float g = glowAt(centred(x, y, w, h));
          put(img, x, y, g, g);
        }
      break;
    case SpriteTextureKind::Dot:
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          float r = glm::length(centred(x, y, w, h));
          float d = smooth01((0.8f - r) * float(size) / 4.0f);
          put(img, x, y, d, d);
        }
      break;
    case SpriteTextureKind::Spark: {
      float rotation = rng.range(0.0f, 0.2f);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          float s = sparkAt(centred(x, y, w, h), rotation);
          put(img, x, y, s, s);
        }
      break;
    }
    case SpriteTextureKind::Streak:
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          vec2 p = centred(x, y, w, h);
          float along = smooth01((1.0f - std::abs(p.x)) * 3.0f);
          float across = std::exp(-p.y * p.y * 6.0f) * smooth01((1.0f - std::abs(p.y)) * 4.0f);
          float s = along * across;
          put(img, x, y, s, s);
        }
      break;
    case SpriteTextureKind::Flakes:
      paintFlakes(img, rng);
      break;
    case SpriteTextureKind::Smoke:
      paintSmoke(img, rng);
      break;
    case SpriteTextureKind::Flare:
      paintFlare(img, rng);
      break;
    case SpriteTextureKind::Ring:
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          float r = glm::length(centred(x, y, w, h));
          float ring = std::exp(-std::pow((r - 0.75f) * 12.0f, 2.0f));
          put(img, x, y, ring, ring);
        }
      break;
    case SpriteTextureKind::Checker:
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          put(img, x, y, ((x * 8 / w) + (y * 8 / h)) % 2 ? 0.25f : 0.75f, 1.0f);
      break;
  }
  return img;
}

}  // namespace fx
