#include "engine/effects/halo_weather/weather_draw.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fx::weather {

namespace {

constexpr int kBigSpritesPerBatch = 10;
constexpr vec4 kGreen{0.1f, 1.0f, 0.1f, 1.0f};
constexpr vec4 kRed{1.0f, 0.1f, 0.1f, 1.0f};
constexpr vec4 kWhite{1.0f, 1.0f, 1.0f, 1.0f};

vec3 safeNormalize(vec3 v, vec3 fallback) {
  float l = glm::length(v);
  return l > 1e-12f ? v / l : fallback;
}

float ramp(float x, float a, float b) {
  if (b <= a) return x >= a ? 1.0f : 0.0f;
  return std::clamp((x - a) / (b - a), 0.0f, 1.0f);
}

// The four side planes of the view frustum (inside: dot(n, p) + w >= 0).
std::array<vec4, 4> sidePlanes(const View& v) {
  const mat4& m = v.viewProjection;
  vec4 r0{m[0][0], m[1][0], m[2][0], m[3][0]};
  vec4 r1{m[0][1], m[1][1], m[2][1], m[3][1]};
  vec4 r3{m[0][3], m[1][3], m[2][3], m[3][3]};
  return {r3 + r0, r3 - r0, r3 + r1, r3 - r1};
}

bool insideSides(const std::array<vec4, 4>& planes, vec3 p) {
  for (const vec4& pl : planes)
    if (glm::dot(vec3(pl), p) + pl.w < 0.0f) return false;
  return true;
}

// Screen-space position in pixels (false behind the camera).
bool toScreen(const View& v, vec3 p, vec2& out) {
  vec4 c = v.viewProjection * vec4(p, 1.0f);
  if (c.w <= 1e-6f) return false;
  out = (vec2(c) / c.w * 0.5f + 0.5f) * v.viewportPx;
  return true;
}

}  // namespace

SpriteBasis spriteBasis(SpriteOrientation mode, vec3 direction, vec3 toSprite, const View& view) {
  SpriteBasis b;
  switch (mode) {
    case SpriteOrientation::ScreenFacing:
      b.axis1 = view.right;
      b.axis2 = view.up;
      break;
    case SpriteOrientation::ParallelToDirection: {
      b.axis1 = safeNormalize(direction, vec3(0, 0, 1));
      b.axis2 = safeNormalize(glm::cross(b.axis1, toSprite), view.up);
      break;
    }
    case SpriteOrientation::PerpendicularToDirection: {
      vec3 d = safeNormalize(direction, vec3(0, 0, 1));
      vec3 up{0, 0, 1};
      // Within ~6 degrees of up the cross product degenerates: use world forward.
      vec3 ref = glm::dot(d, up) * glm::dot(d, up) > 0.99f ? vec3(1, 0, 0) : up;
      b.axis1 = safeNormalize(glm::cross(ref, d), vec3(0, 1, 0));
      b.axis2 = glm::cross(d, b.axis1);  // axis 1 rotated 90 degrees about the direction
      break;
    }
  }
  return b;
}

float vertexFade(BlendMode blend, bool nonlinearTint, float tintAlpha, float fade) {
  if (blend != BlendMode::AlphaBlend && !nonlinearTint) return fade;
  return tintAlpha * fade;
}

vec3 fadeNeutral(BlendMode blend) {
  switch (blend) {
    case BlendMode::Multiply:
    case BlendMode::ComponentMin:
      return vec3(1.0f);
    case BlendMode::DoubleMultiply:
      return vec3(0.5f);
    default:
      return vec3(0.0f);
  }
}

float distanceFade(const ParticleType& t, float d) {
  float far = std::min(t.fadeOutEndDistance, t.boxWidth());
  if (!(t.fadeInStartDistance < d && d < far)) return -1.0f;
  return ramp(d, t.fadeInStartDistance, t.fadeInEndDistance) *
         (1.0f - ramp(d, t.fadeOutStartDistance, far));
}

vec4 secondaryMapTransform(const ParticleType& t, double time,
                           const std::array<float, 4>* functions) {
  auto axis = [&](const MapAnimation& a) {
    float period = a.period != 0.0f ? a.period : 1.0f;
    float input = 1.0f;
    if (a.source != FunctionOut::None && functions) input = (*functions)[size_t(int(a.source) - 1)];
    return periodicEvaluate(a.function, float((double(a.phase) + time) / double(period))) *
           a.scale * input;
  };
  float u = axis(t.uAnimation), v = axis(t.vAnimation);
  float rot = axis(t.rotationAnimation) * kDegToRad;
  // uv' = R uv + R (off - c) + c: the rotation about the centre folded into the offset.
  float c = std::cos(rot), s = std::sin(rot);
  vec2 d{u - t.rotationAnimationCenter.x, v - t.rotationAnimationCenter.y};
  vec2 off{c * d.x - s * d.y + t.rotationAnimationCenter.x,
           s * d.x + c * d.y + t.rotationAnimationCenter.y};
  return {off.x, off.y, rot, 1.0f};
}

namespace {

// Point physics markers, only in the simulation cube (box-local positions are world positions of
// the cube at the origin); red for "collides with structures".
void drawPointPhysics(const WeatherDefinition& def, const WeatherParticles& p, size_t typeCount,
                      DebugDraw& debug) {
  for (size_t ti = 0; ti < typeCount; ++ti) {
    const ParticleType& t = def.particleTypes[ti];
    vec4 c = (t.physics.flags & kCollidesWithStructures) ? kRed : kGreen;
    debug.aabb(vec3(0.0f), vec3(t.boxWidth()), c);
    for (uint32_t i = 0; i < p.count; ++i)
      if (p.type[i] == ti) debug.point(p.position[i], c, 3.0f);
  }
}

// Nearby weather polyhedra: bounding sphere within the largest cube of the camera, at most 8.
size_t nearbyPolyhedra(const WeatherDefinition& def, size_t typeCount, const View& view,
                       std::array<const Polyhedron*, kMaxPolyhedraUsed>& nearby) {
  float largestBox = 0.0f;
  for (size_t ti = 0; ti < typeCount; ++ti)
    largestBox = std::max(largestBox, def.particleTypes[ti].boxWidth());
  size_t nearbyCount = 0;
  for (const Polyhedron& poly : def.polyhedra) {
    if (nearbyCount >= nearby.size()) break;
    vec3 c;
    float r;
    poly.bounds(c, r);
    if (std::isinf(r) || glm::length(c - view.eye) - r < largestBox) nearby[nearbyCount++] = &poly;
  }
  return nearbyCount;
}

// A particle type's sprite batch: textures, blending, orientation and the secondary map.
SpriteBatch typeBatch(const ParticleType& t, DrawList& draw, double time,
                      const std::array<float, 4>* functions) {
  SpriteBatch state;
  state.texture = t.spritePath.empty() ? kNoTexture : draw.texture(t.spritePath);
  state.blend = t.framebufferBlendFunction;
  state.orientation = t.renderMode;
  state.fadeMode = t.framebufferFadeMode;
  state.filtered = !(t.mapFlags & kUnfiltered);
  state.nonlinearTint = (t.shaderFlags & kNonlinearTint) != 0;
  state.sortBackToFront = t.framebufferBlendFunction == BlendMode::AlphaBlend;
  if (!t.secondaryPath.empty()) {
    state.secondaryTexture = draw.texture(t.secondaryPath);
    // Seed: "flags 1 ... Flag controlling if the texture is filtered" for the secondary map,
    // apart from the primary's map flags.
    state.secondaryFiltered = !(t.flags1 & kUnfiltered);
    state.secondaryAnchor = t.anchor == MapAnchor::WithScreenSpace
                                ? SecondaryAnchor::WithScreenSpace
                                : SecondaryAnchor::WithPrimary;
    state.secondaryTransform = secondaryMapTransform(t, time, functions);
  }
  return state;
}

// The first of a particle's 27 copies around the camera's cell inside the clip volume (4 side
// planes + far plane at box); false when none is.
inline bool visibleCopy(const View& view, const std::array<vec4, 4>& planes, vec3 cell, float box,
                        vec3 position, vec3& world) {
  for (int z = -1; z <= 1; ++z)
    for (int y = -1; y <= 1; ++y)
      for (int x = -1; x <= 1; ++x) {
        vec3 w = cell + vec3(float(x), float(y), float(z)) * box + position;
        if (view.depthOf(w) < box && insideSides(planes, w)) {
          world = w;
          return true;
        }
      }
  return false;
}

// The fraction of the screen a sprite's corners cover (0 when one is behind the camera).
inline double screenCoverage(const View& view, const vec3 (&corners)[4], float viewportArea) {
  vec2 sc[4] = {};
  bool onScreen = true;
  for (int k = 0; k < 4; ++k) onScreen &= toScreen(view, corners[k], sc[k]);
  double area = 0.0;
  if (onScreen) {
    for (int k = 0; k < 4; ++k)
      area += double(sc[k].x) * sc[(k + 1) % 4].y - double(sc[(k + 1) % 4].x) * sc[k].y;
    area = std::abs(area) * 0.5 / viewportArea;
  }
  return area;
}

// A sprite's two triangles, outlined.
void outlineSprite(DebugDraw& debug, const vec3 (&corners)[4]) {
  debug.line(corners[0], corners[1], kWhite);
  debug.line(corners[1], corners[2], kWhite);
  debug.line(corners[2], corners[0], kWhite);
  debug.line(corners[2], corners[3], kWhite);
  debug.line(corners[3], corners[0], kWhite);
}

// The direction a directional sprite orientation uses (straight up when it is zero).
inline vec3 spriteDirection(const ParticleType& t, const WeatherParticles& p, uint32_t i) {
  vec3 dir = t.renderDirectionSource == DirectionSource::FromAcceleration ? p.acceleration[i]
                                                                          : p.velocity[i];
  if (t.renderMode != SpriteOrientation::ScreenFacing && glm::dot(dir, dir) == 0.0f)
    dir = vec3(0, 0, 1);
  return dir;
}

// A sprite's corners in the world, as the renderer builds them.
inline void spriteCorners(const Sprite& sprite, const SpriteBasis& basis, float rotation,
                          vec3 world, float scaleS, vec3 (&corners)[4]) {
  float c = std::cos(rotation), sn = std::sin(rotation);
  const float us[4] = {sprite.left, sprite.right, sprite.right, sprite.left};
  const float vs[4] = {sprite.top, sprite.top, sprite.bottom, sprite.bottom};
  for (int k = 0; k < 4; ++k) {
    float lx = us[k] - (sprite.left + sprite.registration.x);
    float ly = (sprite.registration.y + sprite.top) - vs[k];
    float rx = c * lx - sn * ly, ry = sn * lx + c * ly;
    corners[k] = world + (rx * basis.axis1 + ry * basis.axis2) * scaleS;
  }
}

// The sprite debug overlay's HUD line.
void statsLine(DebugDraw& debug, const WeatherDrawStats& stats) {
  char line[160];
  std::snprintf(line, sizeof line,
                "weather: %zu sprites, coverage %.2f screens, %zu big sprites (%zu dropped)",
                stats.sprites, stats.coverage, stats.bigSprites, stats.bigSpritesDropped);
  debug.hud.emplace_back(line);
}

}  // namespace

bool drawnCopy(const View& view, float box, vec3 position, vec3& world, glm::ivec3& cell) {
  const vec3 base = glm::floor(view.eye / box) * box;
  const bool drawn = visibleCopy(view, sidePlanes(view), base, box, position, world);
  if (!drawn) world = base + position;
  cell = glm::ivec3(glm::floor((world - position) / box + 0.5f));
  return drawn;
}

void collectWeather(const WeatherSim& s, DrawList& draw, DebugDraw& debug, const View& view,
                    const DebugFlags& flags, const std::array<float, 4>* functions,
                    WeatherDrawStats& stats) {
  if (!s.def || !flags.weather) return;
  const WeatherDefinition& def = *s.def;
  const WeatherParticles& p = s.particles;
  size_t typeCount = std::min(def.particleTypes.size(), size_t(kMaxParticleTypes));

  if (flags.debugPointPhysics) drawPointPhysics(def, p, typeCount, debug);
  if (!flags.renderPsystems) return;

  auto planes = sidePlanes(view);
  float viewportArea = std::max(1.0f, view.viewportPx.x * view.viewportPx.y);

  std::array<const Polyhedron*, kMaxPolyhedraUsed> nearby{};
  const size_t nearbyCount = nearbyPolyhedra(def, typeCount, view, nearby);

  for (size_t ti = 0; ti < typeCount; ++ti) {
    const ParticleType& t = def.particleTypes[ti];
    float box = t.boxWidth();
    if (!(box > 0.0f) || s.types[ti].count == 0) continue;
    const SpriteBatch state = typeBatch(t, draw, s.time, functions);
    draw.beginBatch(state);
    draw.reserveSprites(p.count);
    bool nonlinear = state.nonlinearTint;
    vec3 cell = glm::floor(view.eye / box) * box;
    int big = 0;
    for (uint32_t i = 0; i < p.count; ++i) {
      if (p.type[i] != ti) continue;
      vec3 world{0.0f};
      if (!visibleCopy(view, planes, cell, box, p.position[i], world)) continue;
      float fade = distanceFade(t, view.depthOf(world));
      if (fade < 0.0f) continue;
      bool masked = false;
      for (size_t k = 0; k < nearbyCount && !masked; ++k) masked = nearby[k]->contains(world);
      if (masked) continue;

      int frame = int(p.spriteIndex[i]);  // truncation, as (int)sprite_index
      if (frame < 0)
        continue;  // negative animation rates read before the sequence: the particle flickers
      const Sprite& sprite = t.sheet.sprite(p.sequence[i], size_t(frame));
      const vec3 dir = spriteDirection(t, p, i);
      // scale = 2r / largest sprite px; the page width scales both axes.
      float pageScale = t.spriteSize > 0.0f ? 2.0f * p.radius[i] * t.spriteSize * t.pagePx.x : 0.0f;
      float uvWidth = std::abs(sprite.right - sprite.left);
      float width = pageScale > 0.0f ? uvWidth * pageScale : 2.0f * p.radius[i];
      float scaleS = pageScale > 0.0f ? pageScale : (uvWidth > 0.0f ? width / uvWidth : width);

      // Screen coverage and the big-sprite limit, from the same corners the renderer builds.
      SpriteBasis basis = spriteBasis(t.renderMode, dir, world - view.eye, view);
      vec3 corners[4];
      spriteCorners(sprite, basis, p.rotation[i], world, scaleS, corners);
      const double area = screenCoverage(view, corners, viewportArea);
      if (area > 0.5) {
        stats.bigSprites++;
        if (++big > kBigSpritesPerBatch) {
          stats.bigSpritesDropped++;
          continue;
        }
      }
      stats.coverage += area;
      stats.sprites++;

      SpriteInstance& si = draw.push();
      si.position = world;
      si.size = width;
      si.color = vec4(vec3(p.color[i]), 1.0f);
      si.fade = vertexFade(t.framebufferBlendFunction, nonlinear, p.color[i].a, fade);
      si.direction = dir;
      si.rotation = p.rotation[i];
      si.uv = sprite.uv();
      si.registration = sprite.registration;
      si.aspect = 1.0f;

      if (flags.debugSprites) outlineSprite(debug, corners);
    }
  }
  if (flags.debugSprites) statsLine(debug, stats);
}

}  // namespace fx::weather
