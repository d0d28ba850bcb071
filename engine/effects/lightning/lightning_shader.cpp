#include "engine/effects/lightning/lightning_shader.h"

#include <algorithm>
#include <cmath>

namespace fx::lightning {

namespace {

// GLSL built-ins with their specified formulas.
float glslMix(float x, float y, float a) {
  return x * (1.0f - a) + y * a;
}
float glslMod(float x, float y) {
  return x - y * std::floor(x / y);
}

void push(std::vector<ShaderUniform>& out, const char* name, vec4 v, int components) {
  out.push_back(ShaderUniform{name, v, components});
}

}  // namespace

void appendUniforms(const ShaderParams& p, std::vector<ShaderUniform>& out) {
  // `mode` is a float: ShaderUniform values are floats and the renderer sets them with glUniform*f.
  push(out, "mode", vec4(float(int32_t(p.mode)), 0, 0, 0), 1);
  push(out, "time", vec4(p.time, 0, 0, 0), 1);
  push(out, "start_time", vec4(p.startTime, 0, 0, 0), 1);
  push(out, "threshold_initial_t", vec4(p.thresholdInitialT, 0, 0, 0), 1);
  push(out, "threshold_speed", vec4(p.thresholdSpeed, 0, 0, 0), 1);
  push(out, "threshold_offset", vec4(p.thresholdOffset, 0, 0), 2);
  push(out, "glow_colour", vec4(p.glowColour, 0), 3);
  push(out, "distortion_strength", vec4(p.distortionStrength, 0, 0, 0), 1);
  push(out, "noise_scale", vec4(p.noiseScale, 0, 0), 2);
  push(out, "noise_offset", vec4(p.noiseOffset, 0, 0), 2);
  push(out, "distortion_speed", vec4(p.distortionSpeed, 0, 0, 0), 1);
  push(out, "bolt_half_width", vec4(p.boltHalfWidth, 0, 0, 0), 1);
  push(out, "glow_width", vec4(p.glowWidth, 0, 0, 0), 1);
  push(out, "glow_distortion", vec4(p.glowDistortion, 0, 0, 0), 1);
  push(out, "circle_radius", vec4(p.circleRadius, 0, 0, 0), 1);
}

float latticeHash(uint32_t x, uint32_t y) {
  // uvec2 q = 1103515245U * ((x >> 1U) ^ x.yx); uint n = 1103515245U * (q.x ^ (q.y >> 3U));
  uint32_t qx = 1103515245u * ((x >> 1u) ^ y);
  uint32_t qy = 1103515245u * ((y >> 1u) ^ x);
  uint32_t n = 1103515245u * (qx ^ (qy >> 3u));
  return float(n >> 8u) * (1.0f / 16777215.0f);
}

float valueNoise(vec2 p) {
  vec2 i(std::floor(p.x), std::floor(p.y));
  vec2 f = p - i;
  vec2 u = f * f * (vec2(3.0f) - 2.0f * f);
  // uvec2(ivec2(i)): negative cells wrap the same way in GLSL and C++.
  uint32_t cx = uint32_t(int32_t(i.x));
  uint32_t cy = uint32_t(int32_t(i.y));
  float a = latticeHash(cx, cy);
  float b = latticeHash(cx + 1u, cy);
  float c = latticeHash(cx, cy + 1u);
  float d = latticeHash(cx + 1u, cy + 1u);
  return 2.0f * glslMix(glslMix(a, b, u.x), glslMix(c, d, u.x), u.y) - 1.0f;
}

namespace {
vec2 noiseCoord(const ShaderParams& p, vec2 uv) {
  return uv * p.noiseScale + p.noiseOffset + vec2(p.time * p.distortionSpeed);
}
}  // namespace

vec2 distortBothDiagonals(const ShaderParams& p, vec2 uv) {
  vec2 q = noiseCoord(p, uv);
  float n1 = valueNoise(q);
  float n2 = valueNoise(q + vec2(37.0f, 17.0f));
  return uv + p.distortionStrength * (n1 * vec2(1.0f, 1.0f) + n2 * vec2(1.0f, -1.0f));
}

vec2 distortOneDiagonal(const ShaderParams& p, vec2 uv, float strength) {
  return uv + strength * valueNoise(noiseCoord(p, uv)) * vec2(1.0f, 1.0f);
}

float thresholdT(const ShaderParams& p) {
  return glslMod(p.thresholdInitialT + (p.time - p.startTime) * p.thresholdSpeed, 1.0f);
}

bool thresholdKeeps(float threshold, float t, vec2 offset) {
  return !(threshold < t - offset.x || threshold > t + offset.y);
}

vec3 sampleBilinear(const DataImage& image, vec2 uv) {
  if (image.width <= 0 || image.height <= 0) return vec3(0.0f);
  float x = uv.x * float(image.width) - 0.5f;
  float y = uv.y * float(image.height) - 0.5f;
  float fx = std::floor(x), fy = std::floor(y);
  float ax = x - fx, ay = y - fy;
  auto clampX = [&](int v) { return std::clamp(v, 0, image.width - 1); };
  auto clampY = [&](int v) { return std::clamp(v, 0, image.height - 1); };
  int x0 = clampX(int(fx)), x1 = clampX(int(fx) + 1);
  int y0 = clampY(int(fy)), y1 = clampY(int(fy) + 1);
  vec3 out;
  for (int c = 0; c < 3; ++c) {
    float t00 = image.texel(x0, y0)[c] / 255.0f, t10 = image.texel(x1, y0)[c] / 255.0f;
    float t01 = image.texel(x0, y1)[c] / 255.0f, t11 = image.texel(x1, y1)[c] / 255.0f;
    out[c] = glslMix(glslMix(t00, t10, ax), glslMix(t01, t11, ax), ay);
  }
  return out;
}

namespace {

Fragment iteration1(const ShaderParams& p, vec2 uv) {
  vec2 uvBolt = distortOneDiagonal(p, uv, p.distortionStrength);
  vec2 uvGlow = distortOneDiagonal(p, uv, p.distortionStrength * p.glowDistortion);
  float yb = std::abs(uvBolt.y - 0.5f);
  float yg = std::abs(uvGlow.y - 0.5f);
  float bolt = yb < p.boltHalfWidth ? 1.0f : 0.0f;
  float glow = std::exp(-0.5f * (yg * yg) / (p.glowWidth * p.glowWidth));
  return {false, vec4(p.glowColour + bolt, std::max(glow, bolt))};
}

Fragment iteration2(const ShaderParams& p, vec2 uv) {
  vec2 d = distortOneDiagonal(p, uv, p.distortionStrength);
  float y = std::abs(d.y - 0.5f);
  if (y > p.glowWidth) return {true, vec4(0.0f)};
  float bolt = y < p.boltHalfWidth ? 1.0f : 0.0f;
  float glow = 1.0f - y / p.glowWidth;  // 1 - 10y at the seed's glow_width 0.1
  return {false, vec4(p.glowColour + bolt, std::max(glow, bolt))};
}

Fragment iteration3(const ShaderParams& p, vec2 uv) {
  vec2 d = distortOneDiagonal(p, uv, p.distortionStrength) - vec2(0.5f);
  float r = std::sqrt(d.x * d.x + d.y * d.y);
  if (std::abs(r - p.circleRadius) > p.boltHalfWidth) return {true, vec4(0.0f)};
  return {false, vec4(p.glowColour + 1.0f, 1.0f)};
}

Fragment iteration4(const ShaderParams& p, const DataImage* image, vec2 uv) {
  if (!image || image->width <= 0 || image->height <= 0) return {true, vec4(0.0f)};
  vec2 d = distortBothDiagonals(p, uv);
  vec2 halfTexel = vec2(0.5f) / vec2(float(image->width), float(image->height));
  d = glm::clamp(d, halfTexel, vec2(1.0f) - halfTexel);
  vec3 s = sampleBilinear(*image, d);
  float bolt = s.r, glow = s.g, threshold = s.b;
  float t = thresholdT(p);
  if (!thresholdKeeps(threshold, t, p.thresholdOffset)) return {true, vec4(0.0f)};
  return {false, vec4(p.glowColour + bolt, glow)};
}

}  // namespace

Fragment shadeFragment(const ShaderParams& p, const DataImage* image, vec2 uv) {
  switch (p.mode) {
    case ShaderMode::Iteration1:
      return iteration1(p, uv);
    case ShaderMode::Iteration2:
      return iteration2(p, uv);
    case ShaderMode::Iteration3:
      return iteration3(p, uv);
    case ShaderMode::Iteration4:
      break;
  }
  return iteration4(p, image, uv);
}

vec3 blendOver(const Fragment& f, vec3 background) {
  if (f.discarded) return background;
  vec3 c = glm::clamp(vec3(f.color), vec3(0.0f), vec3(1.0f));
  float a = std::clamp(f.color.a, 0.0f, 1.0f);
  return c * a + background * (1.0f - a);
}

}  // namespace fx::lightning
