#include <gtest/gtest.h>

#include <cmath>

#include "engine/core/color.h"
#include "engine/effects/halo_weather/weather_draw.h"
#include "tests/unit/halo_weather/weather_test_util.h"

namespace fx::weather {
namespace {

using test::definitionWith;
using test::stillType;

// "along long hue path: ... if blue and green are bounds then purple, red, orange, and yellow will
// be present." (reference §5.4)
TEST(HaloWeatherColor, HsvLongHuePathGoesThroughRed) {
  vec3 blue{0, 0, 1}, green{0, 1, 0};
  vec3 shortMid = interpolateColor(blue, green, 0.5f, true, false);
  vec3 longMid = interpolateColor(blue, green, 0.5f, true, true);
  EXPECT_NEAR(rgbToHsv(shortMid).x, 0.5f, 1e-3f);  // cyan
  EXPECT_NEAR(longMid.r, 1.0f, 1e-3f);             // red
  EXPECT_NEAR(longMid.g, 0.0f, 1e-3f);
  EXPECT_NEAR(longMid.b, 0.0f, 1e-3f);
  // Purple, then red, orange and yellow along the long path.
  vec3 quarter = interpolateColor(blue, green, 0.25f, true, true);
  EXPECT_GT(quarter.r, 0.5f);
  EXPECT_GT(quarter.b, 0.5f);
  vec3 threeQuarters = interpolateColor(blue, green, 0.75f, true, true);
  EXPECT_GT(threeQuarters.r, 0.5f);
  EXPECT_GT(threeQuarters.g, 0.5f);
  // RGB mode: the muddy mix.
  EXPECT_EQ(interpolateColor(blue, green, 0.5f, false, true), vec3(0.0f, 0.5f, 0.5f));
}

View testView() {
  return makeView({0, 0, 1}, {5, 0, 1}, 60.0f, {640, 360});
}

// Reference §5.2 build_sprite_compute_basis.
TEST(HaloWeatherOrientation, Bases) {
  View v = testView();
  SpriteBasis s = spriteBasis(SpriteOrientation::ScreenFacing, {0, 0, -1}, {3, 0, 0}, v);
  EXPECT_EQ(s.axis1, v.right);
  EXPECT_EQ(s.axis2, v.up);
  // Parallel: x along the direction, y across it and across the view ray (turns to the camera).
  vec3 dir{0.2f, 0.1f, -1.0f}, to{3, 0.5f, -0.2f};
  SpriteBasis p = spriteBasis(SpriteOrientation::ParallelToDirection, dir, to, v);
  EXPECT_NEAR(glm::length(p.axis1 - glm::normalize(dir)), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::dot(p.axis2, dir), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::dot(p.axis2, to), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::length(p.axis2), 1.0f, 1e-5f);
  // Perpendicular: the quad's plane has the direction as normal.
  SpriteBasis q = spriteBasis(SpriteOrientation::PerpendicularToDirection, dir, to, v);
  EXPECT_NEAR(glm::dot(q.axis1, dir), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::dot(q.axis2, dir), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::dot(q.axis1, q.axis2), 0.0f, 1e-5f);
  EXPECT_NEAR(std::abs(glm::dot(glm::cross(q.axis1, q.axis2), glm::normalize(dir))), 1.0f, 1e-5f);
  // Straight down (within 6 degrees of up): world forward is the reference, no NaN.
  SpriteBasis d = spriteBasis(SpriteOrientation::PerpendicularToDirection, {0, 0, -1}, to, v);
  EXPECT_NEAR(glm::length(d.axis1), 1.0f, 1e-5f);
  EXPECT_NEAR(d.axis1.z, 0.0f, 1e-5f);
  EXPECT_NEAR(d.axis2.z, 0.0f, 1e-5f);
}

// Reference §5.5 CPU side: "vertex alpha = fade x 255 when the blend function != alpha blend and
// the shader lacks nonlinear tint. Otherwise vertex alpha = tint.alpha x fade." and the neutral
// targets.
TEST(HaloWeatherBlend, FadeMathPerBlendMode) {
  for (int b = 0; b < kBlendModeCount; ++b) {
    BlendMode m = BlendMode(b);
    float f = vertexFade(m, false, 0.25f, 0.8f);
    if (m == BlendMode::AlphaBlend)
      EXPECT_FLOAT_EQ(f, 0.2f);
    else
      EXPECT_FLOAT_EQ(f, 0.8f) << blendModeName(m);  // the tint alpha is discarded
    EXPECT_FLOAT_EQ(vertexFade(m, true, 0.25f, 0.8f), 0.2f) << blendModeName(m);
  }
  EXPECT_EQ(fadeNeutral(BlendMode::Multiply), vec3(1.0f));
  EXPECT_EQ(fadeNeutral(BlendMode::ComponentMin), vec3(1.0f));
  EXPECT_EQ(fadeNeutral(BlendMode::DoubleMultiply), vec3(0.5f));
  EXPECT_EQ(fadeNeutral(BlendMode::Add), vec3(0.0f));
  EXPECT_EQ(fadeNeutral(BlendMode::Subtract), vec3(0.0f));
  EXPECT_EQ(fadeNeutral(BlendMode::ComponentMax), vec3(0.0f));
}

// Reference §4.5: "Distance fade uses view depth ... Draw only if in_start < d < far".
TEST(HaloWeatherDraw, DistanceFadeUsesViewDepth) {
  ParticleType t = stillType(4.0f, 1.0f);
  t.fadeInStartDistance = 0.5f;
  t.fadeInEndDistance = 1.0f;
  t.fadeOutStartDistance = 3.0f;
  EXPECT_LT(distanceFade(t, 0.4f), 0.0f);
  EXPECT_FLOAT_EQ(distanceFade(t, 0.75f), 0.5f);
  EXPECT_FLOAT_EQ(distanceFade(t, 2.0f), 1.0f);
  EXPECT_FLOAT_EQ(distanceFade(t, 3.5f), 0.5f);
  EXPECT_LT(distanceFade(t, 4.0f), 0.0f);
}

WeatherSim runSim(const WeatherDefinition& def, int frames) {
  WeatherSim s;
  simInitialize(s, def, 21);
  for (int f = 0; f < frames; ++f) simStep(s, 1.0f / 30.0f, 1.0f);
  return s;
}

// "Each weather particle type get simulated in a cube ... Particles wrap around when they reach the
// edge, making the simulation tileable. All other weather particles in the level are simply a trick
// of rendering." Each particle is drawn at most once, at a copy in front of the camera.
TEST(HaloWeatherDraw, TiledAroundTheCameraEachParticleAtMostOnce) {
  ParticleType t = stillType(2.0f, 40.0f);
  t.fadeInStartDistance = 0.0f;
  t.fadeInEndDistance = 0.0f;
  t.fadeOutStartDistance = 2.0f;
  WeatherDefinition def = definitionWith({t});
  WeatherSim s = runSim(def, 2);
  for (vec3 eye : {vec3(0, 0, 1), vec3(37.3f, -12.9f, 5.5f)}) {
    View v = makeView(eye, eye + vec3(1, 0.2f, -0.1f), 70.0f, {640, 360});
    DrawList draw;
    DebugDraw debug;
    WeatherDrawStats stats;
    collectWeather(s, draw, debug, v, DebugFlags{}, nullptr, stats);
    ASSERT_EQ(draw.batches.size(), 1u);
    EXPECT_LE(draw.sprites.size(), s.particles.count);
    EXPECT_GT(draw.sprites.size(), s.particles.count / 8);
    for (const SpriteInstance& si : draw.sprites) {
      float d = v.depthOf(si.position);
      EXPECT_GT(d, 0.0f);
      EXPECT_LT(d, 2.0f);
      // The drawn copy is the box-local position shifted by whole cubes.
      vec3 local = wrapToBox(si.position, 2.0f);
      bool match = false;
      for (uint32_t i = 0; i < s.particles.count && !match; ++i)
        match = glm::length(local - s.particles.position[i]) < 1e-3f;
      EXPECT_TRUE(match);
    }
  }
}

// "Areas under overhangs and roofs which should not have weather can be masked with weather
// polyhedra".
TEST(HaloWeatherDraw, PolyhedraMaskParticles) {
  ParticleType t = stillType(4.0f, 8.0f);
  WeatherDefinition def = definitionWith({t});
  WeatherSim s = runSim(def, 1);
  View v = testView();
  DrawList all;
  DebugDraw debug;
  WeatherDrawStats stats;
  collectWeather(s, all, debug, v, DebugFlags{}, nullptr, stats);
  Polyhedron roof;
  roof.boxMin = {-100, -100, 1.0f};
  roof.boxMax = {100, 100, 100};
  def.polyhedra.push_back(roof);
  Polyhedron planes;  // y > 0.5 as a plane set: -y <= -0.5
  planes.planes = {vec4(0, -1, 0, -0.5f)};
  def.polyhedra.push_back(planes);
  DrawList masked;
  collectWeather(s, masked, debug, v, DebugFlags{}, nullptr, stats);
  EXPECT_LT(masked.sprites.size(), all.sprites.size());
  EXPECT_GT(masked.sprites.size(), 0u);
  for (const SpriteInstance& si : masked.sprites) {
    EXPECT_LT(si.position.z, 1.0f);
    EXPECT_LE(si.position.y, 0.5f);
  }
}

// Reference §4.5: "A polyhedron counts as nearby when its bounding sphere is within box_width of
// the camera": a BSP's polyhedron (planes with a bounding sphere) far from the camera masks
// nothing; brought near, it masks the particles inside its planes.
TEST(HaloWeatherDraw, PolyhedraWithABoundingSphereMaskOnlyWhenNear) {
  ParticleType t = stillType(4.0f, 8.0f);
  WeatherDefinition def = definitionWith({t});
  WeatherSim s = runSim(def, 1);
  View v = testView();
  DebugDraw debug;
  WeatherDrawStats stats;
  DrawList all;
  collectWeather(s, all, debug, v, DebugFlags{}, nullptr, stats);
  Polyhedron slab;  // 0 <= z <= 1.2 (n.p <= d for both planes)
  slab.planes = {vec4(0, 0, 1, 1.2f), vec4(0, 0, -1, 0.0f)};
  slab.sphereCenter = {100, 0, 0};
  slab.sphereRadius = 3.0f;
  def.polyhedra.push_back(slab);
  DrawList far;
  collectWeather(s, far, debug, v, DebugFlags{}, nullptr, stats);
  EXPECT_EQ(far.sprites.size(), all.sprites.size());
  def.polyhedra[0].sphereCenter = {2, 0, 0};
  DrawList near;
  collectWeather(s, near, debug, v, DebugFlags{}, nullptr, stats);
  EXPECT_LT(near.sprites.size(), all.sprites.size());
  for (const SpriteInstance& si : near.sprites)
    EXPECT_TRUE(si.position.z > 1.2f || si.position.z < 0.0f) << si.position.z;
}

// "(debug_point_physics) ... For weather_particle_system, markers are only shown in their
// simulation cube and while the weather global not disabled." and debug_sprites' outlines and HUD
// counts.
TEST(HaloWeatherDraw, DebugOverlays) {
  ParticleType t = stillType(2.0f, 10.0f);
  WeatherDefinition def = definitionWith({t});
  WeatherSim s = runSim(def, 1);
  View v = testView();
  DebugFlags flags;
  flags.debugPointPhysics = true;
  DrawList draw;
  DebugDraw debug;
  WeatherDrawStats stats;
  collectWeather(s, draw, debug, v, flags, nullptr, stats);
  EXPECT_EQ(debug.points.size(), s.particles.count);
  for (const DebugPoint& p : debug.points) {
    EXPECT_EQ(p.color, vec4(0.1f, 1.0f, 0.1f, 1.0f));  // green: no "collides with structures"
    for (int a = 0; a < 3; ++a) EXPECT_TRUE(p.position[a] >= 0.0f && p.position[a] < 2.0f);
  }
  EXPECT_EQ(debug.lines.size(), 24u);  // the cube outline: 12 edges
  flags.weather = false;
  DebugDraw hidden;
  DrawList none;
  collectWeather(s, none, hidden, v, flags, nullptr, stats);
  EXPECT_TRUE(hidden.points.empty());
  EXPECT_TRUE(none.sprites.empty());

  DebugFlags sprites;
  sprites.debugSprites = true;
  DebugDraw outlines;
  DrawList d2;
  WeatherDrawStats st2;
  collectWeather(s, d2, outlines, v, sprites, nullptr, st2);
  EXPECT_EQ(outlines.lines.size(), d2.sprites.size() * 10);  // 5 edges: two triangles
  ASSERT_EQ(outlines.hud.size(), 1u);
  EXPECT_NE(outlines.hud[0].find("coverage"), std::string::npos);
  EXPECT_NE(outlines.hud[0].find("big sprites"), std::string::npos);
  EXPECT_GT(st2.coverage, 0.0);

  DebugFlags noPsystems;
  noPsystems.renderPsystems = false;
  DrawList d3;
  collectWeather(s, d3, outlines, v, noPsystems, nullptr, st2);
  EXPECT_TRUE(d3.sprites.empty());
}

// The batch carries the type's blend, orientation, fade mode, filtering, nonlinear tint and the
// secondary map animated by periodic functions (reference §4.6).
TEST(HaloWeatherDraw, BatchStateAndSecondaryMap) {
  ParticleType t = stillType(2.0f, 10.0f);
  t.framebufferBlendFunction = BlendMode::Add;
  t.renderMode = SpriteOrientation::ParallelToDirection;
  t.framebufferFadeMode = FadeMode::FadeWhenPerpendicular;
  t.mapFlags = kUnfiltered;
  t.shaderFlags = kNonlinearTint;
  t.spritePath = "a.png";
  t.secondaryPath = "b.png";
  t.anchor = MapAnchor::WithScreenSpace;
  t.uAnimation = {FunctionOut::None, PeriodicFunction::Slide, 2.0f, 0.0f, 1.0f};
  t.colorLowerBound.a = t.colorUpperBound.a = 0.5f;
  WeatherDefinition def = definitionWith({t});
  WeatherSim s = runSim(def, 15);  // 0.5 s
  View v = testView();
  DrawList draw;
  DebugDraw debug;
  WeatherDrawStats stats;
  collectWeather(s, draw, debug, v, DebugFlags{}, nullptr, stats);
  ASSERT_EQ(draw.batches.size(), 1u);
  const SpriteBatch& b = draw.batches[0];
  EXPECT_EQ(b.blend, BlendMode::Add);
  EXPECT_EQ(b.orientation, SpriteOrientation::ParallelToDirection);
  EXPECT_EQ(b.fadeMode, FadeMode::FadeWhenPerpendicular);
  EXPECT_FALSE(b.filtered);
  EXPECT_TRUE(b.secondaryFiltered);  // map flags are the primary's only
  EXPECT_TRUE(b.nonlinearTint);
  EXPECT_EQ(b.secondaryAnchor, SecondaryAnchor::WithScreenSpace);
  EXPECT_NE(b.secondaryTexture, kNoTexture);
  // slide at t/period = 0.25: the table's sawtooth at 25.6 x 0.25 samples.
  EXPECT_NEAR(b.secondaryTransform.x, periodicEvaluate(PeriodicFunction::Slide, 0.25f), 1e-4f);
  EXPECT_GT(b.secondaryTransform.x, 0.0f);
  // Nonlinear tint keeps the tint alpha even in additive mode.
  for (const SpriteInstance& si : draw.sprites) EXPECT_LE(si.fade, 0.5f + 1e-6f);
  // A zero velocity is replaced by world up for directional modes (no particle moves here).
  for (const SpriteInstance& si : draw.sprites) EXPECT_EQ(si.direction, vec3(0, 0, 1));
}

// Seed 001, secondary map "flags 1: Flag controlling if the texture is filtered" (unfiltered
// 0x1), apart from the primary's "map flags".
TEST(HaloWeatherDraw, SecondaryMapFilteringFollowsFlags1) {
  ParticleType t = stillType(2.0f, 10.0f);
  t.spritePath = "a.png";
  t.secondaryPath = "b.png";
  t.flags1 = kUnfiltered;
  WeatherDefinition def = definitionWith({t});
  WeatherSim s = runSim(def, 15);
  DrawList draw;
  DebugDraw debug;
  WeatherDrawStats stats;
  collectWeather(s, draw, debug, testView(), DebugFlags{}, nullptr, stats);
  ASSERT_EQ(draw.batches.size(), 1u);
  EXPECT_TRUE(draw.batches[0].filtered);
  EXPECT_FALSE(draw.batches[0].secondaryFiltered);
}

}  // namespace
}  // namespace fx::weather
