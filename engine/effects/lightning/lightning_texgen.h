// CPU generators of the lightning data textures the seed describes (`fxview texgen lightning`):
//   bolt          a long bolt across the texture (u = along its length) with a few forward
//                 branches; B is a gradient along the length, B = u, so revealing up to t shows
//                 the bolt up to that fraction of the quad (variable bolt length);
//   charged       the has-charge ring of small bolts around the centre, each with its own B value
//                 (a moving threshold window shows different bolts over time);
//   unsuccessful  the same ring from the same seed, larger and more intense (thicker bolts,
//                 stronger and wider glow): "similar in shape ... but larger and more intense";
//   reaching      bolts reaching in from the edge toward the centre, B rising inward.
// R is 0 or 255 (bolt), G a glow falloff around the bolts (255 on them, "glow strength 1 in the
// bolt locations"), B the threshold of the bolt a texel belongs to (0 where G is 0).
// Deterministic for a seed: only the fxview LCG and float arithmetic.
//
// Beside each PNG the texgen command writes `<png>.lightning.json`, a side-car with the histogram
// of B over bolt texels, so the simulation can report how much of the bolt the threshold reveals
// without decoding images.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/diagnostics.h"
#include "engine/core/json.h"
#include "engine/effects/lightning/lightning_shader.h"

namespace fx::lightning {

enum class TextureKind : int32_t { Bolt, Charged, Unsuccessful, Reaching };
std::optional<TextureKind> parseTextureKind(std::string_view name);
const char* textureKindName(TextureKind kind);
inline constexpr const char* kTextureKindNames = "bolt, charged, unsuccessful, reaching";

inline constexpr int kMinTextureSide = 8;
inline constexpr int kMaxTextureSide = 4096;

struct TexgenOptions {
  TextureKind kind = TextureKind::Bolt;
  uint32_t seed = 1;
  int width = 0;  // 0 = the kind's default (bolt 512 x 64, the others 256 x 256)
  int height = 0;
};

// Fills width/height when 0. Sizes outside [kMinTextureSide, kMaxTextureSide] are an error ("").
std::string resolveSize(TexgenOptions& options);
DataImage generateTexture(TexgenOptions options);

// Bolt texels (R >= 128) counted by their B value.
struct ThresholdHistogram {
  std::array<uint32_t, 256> counts{};
  uint64_t total = 0;
};
ThresholdHistogram thresholdHistogram(const DataImage& image);

// Share of bolt texels the shader keeps at threshold time t (the seed's discard test on B/255).
// 0 when the histogram is empty.
double revealedShare(const ThresholdHistogram& h, float t, vec2 thresholdOffset);

// The side-car `<png>.lightning.json` (version, generator options, histogram).
Json sideCarJson(const TexgenOptions& options, const ThresholdHistogram& h);
std::string sideCarPath(const std::string& texturePath);
// Reads the side-car of `texturePath`. Missing file: nullopt without diagnostics. Malformed: errors
// at `file`/`pointer` (the definition field that named the texture) and nullopt.
std::optional<ThresholdHistogram> loadSideCar(const std::string& texturePath,
                                              const std::string& file, const std::string& pointer,
                                              Diagnostics& diags);

}  // namespace fx::lightning
