// The CPU reference of shaders/lightning.frag: the same value noise, the same UV distortion, the
// same thresholding and the same colour, written line for line after the GLSL so tests can compare
// a GL render with it and the simulation can report what the shader reveals. Keep the two in step:
// a change to one is a change to the other.
//
// Iteration 4 (the seed's final shader) samples an RGB data texture: R = bolt (0 or 1), G = glow
// strength (0..1), B = threshold (a time value 0..1 per texel). Iterations 1-3 are the seed's
// earlier designs, kept as modes for comparison; they draw from UV space alone.
//
// The noise is Inigo Quilez's value noise (smooth Hermite interpolation of lattice values, no
// trigonometric functions, as the seed chose) over his integer lattice hash, so the lattice values
// are bit-identical on the CPU and on any GPU: only the interpolation carries rounding.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/draw_list.h"
#include "engine/core/math.h"

namespace fx::lightning {

// The seed's four shader iterations. JSON: "iteration_1" .. "iteration_4".
enum class ShaderMode : int32_t {
  Iteration1 = 1,  // distorted rectangle (y check), bell-curve glow distorted to a lesser extent
  Iteration2 = 2,  // second rectangle for the glow, linear fall-off 1 - 10y, same distortion
  Iteration3 = 3,  // the rectangle replaced by a circle (radius check), no glow
  Iteration4 = 4,  // the RGB data texture with thresholding (the shader in use in the game)
};

// An RGB8 data texture as the generator makes it and the shader samples it. Row 0 is the top
// row of the PNG, which is texture v = 0.
struct DataImage {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgb;  // width * height * 3

  const uint8_t* texel(int x, int y) const {
    return &rgb[(size_t(y) * size_t(width) + size_t(x)) * 3];
  }
  uint8_t* texel(int x, int y) { return &rgb[(size_t(y) * size_t(width) + size_t(x)) * 3]; }
};

// Every uniform the fragment shader reads (the names in lightningUniforms are the GLSL names).
struct ShaderParams {
  ShaderMode mode = ShaderMode::Iteration4;
  float time = 0.0f;                 // s, the effect clock ("time")
  float startTime = 0.0f;            // s, when the current state began ("start_time")
  float thresholdInitialT = 0.0f;    // 0..1 ("threshold_initial_t")
  float thresholdSpeed = 0.0f;       // 1/s ("threshold_speed")
  vec2 thresholdOffset{0.1f, 0.1f};  // shown below / above t ("threshold_offset")
  vec3 glowColour{0.45f, 0.75f, 1.0f};
  float distortionStrength = 0.01f;  // UV units per unit of noise, along each diagonal
  vec2 noiseScale{8.0f, 8.0f};       // noise lattice cells across the quad (u, v)
  vec2 noiseOffset{0.0f, 0.0f};      // per-instance random offset into the noise (lattice units)
  float distortionSpeed = 0.0f;      // lattice units / s the noise scrolls (0 = static shape)
  // Iterations 1-3 (UV space, v across the quad: y = v - 0.5).
  float boltHalfWidth = 0.02f;  // half height of the bolt rectangle / ring thickness
  float glowWidth = 0.1f;       // iteration 1: bell sigma; iteration 2: glow rectangle half height
  float glowDistortion = 0.5f;  // iteration 1: the glow's share of the bolt's distortion
  float circleRadius = 0.35f;   // iteration 3
};

// Uniform list for a ShaderQuad (names match shaders/lightning.frag).
void appendUniforms(const ShaderParams& p, std::vector<ShaderUniform>& out);

// The sampler name of the data texture in shaders/lightning.frag.
inline constexpr const char* kSamplerName = "colourTexture";

// iq's integer lattice hash, in [0, 1] (24 bits).
float latticeHash(uint32_t x, uint32_t y);
// Smooth value noise in [-1, 1].
float valueNoise(vec2 p);

// getDistortion(): the distorted sample position. Iteration 4 offsets along both diagonals with two
// noise samples; iterations 1-3 offset along the (1, 1) diagonal only (the seed's earlier bug).
vec2 distortBothDiagonals(const ShaderParams& p, vec2 uv);
vec2 distortOneDiagonal(const ShaderParams& p, vec2 uv, float strength);

// t = mod(threshold_initial_t + (time - start_time) * threshold_speed, 1.0)
float thresholdT(const ShaderParams& p);
// The seed's test, inverted: a texel is kept unless
// threshold < t - threshold_offset.x || threshold > t + threshold_offset.y.
bool thresholdKeeps(float threshold, float t, vec2 offset);

// GL_LINEAR sampling of the data texture at `uv` (texel centres at (i + 0.5) / size), channels
// 0..1.
vec3 sampleBilinear(const DataImage& image, vec2 uv);

struct Fragment {
  bool discarded = false;
  vec4 color{0.0f};  // as the shader writes it (rgb may exceed 1; the framebuffer clamps)
};

// The fragment shader at interpolated UV `uv`. `image` is needed for iteration 4 only.
Fragment shadeFragment(const ShaderParams& p, const DataImage* image, vec2 uv);

// What the framebuffer holds after alpha-blending the fragment over `background` (both clamped to
// 0..1 first, as an RGBA8 target does).
vec3 blendOver(const Fragment& f, vec3 background);

}  // namespace fx::lightning
