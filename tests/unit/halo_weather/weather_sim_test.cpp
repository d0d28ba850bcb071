#include <gtest/gtest.h>

#include <cmath>

#include "engine/core/parallel.h"
#include "engine/effects/halo_weather/weather_random.h"
#include "tests/unit/halo_weather/weather_test_util.h"

namespace fx::weather {
namespace {

using test::definitionWith;
using test::stillType;

uint32_t countOfType(const WeatherSim& s, uint8_t type) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < s.particles.count; ++i) n += s.particles.type[i] == type;
  return n;
}

// Seed table: "Fade out distance (wu) / Max achievable density: 0.5 4096, 1 512, 2 64, 4 8, 8 1".
TEST(HaloWeatherDensity, SeedTableOfMaxAchievableDensity) {
  EXPECT_FLOAT_EQ(maxAchievableDensity(0.5f), 4096.0f);
  EXPECT_FLOAT_EQ(maxAchievableDensity(1.0f), 512.0f);
  EXPECT_FLOAT_EQ(maxAchievableDensity(2.0f), 64.0f);
  EXPECT_FLOAT_EQ(maxAchievableDensity(4.0f), 8.0f);
  EXPECT_FLOAT_EQ(maxAchievableDensity(8.0f), 1.0f);
}

// "Setting the particle count higher than these values will not achieve a higher density."
TEST(HaloWeatherDensity, SimulationReachesTheTableAndNoMore) {
  const float boxes[] = {0.5f, 1.0f, 2.0f, 4.0f, 8.0f};
  const float table[] = {4096.0f, 512.0f, 64.0f, 8.0f, 1.0f};
  for (int k = 0; k < 5; ++k) {
    for (float factor : {1.0f, 4.0f}) {
      WeatherDefinition def = definitionWith({stillType(boxes[k], table[k] * factor)});
      WeatherSim s;
      simInitialize(s, def, 7);
      simStep(s, 1.0f / 30.0f, 0.0f);
      EXPECT_EQ(s.particles.count, 512u) << "box " << boxes[k] << " density x" << factor;
    }
    // Half the table's density: half the budget (count = density x box^3).
    WeatherDefinition half = definitionWith({stillType(boxes[k], table[k] * 0.5f)});
    WeatherSim s;
    simInitialize(s, half, 7);
    simStep(s, 1.0f / 30.0f, 0.0f);
    EXPECT_EQ(s.particles.count, 256u) << "box " << boxes[k];
  }
}

// "the first type gets first "dibs" on the particle budget. If it uses up all the budget then the
// following types' particles will not be present."
TEST(HaloWeatherDensity, FirstTypeHasDibs) {
  WeatherDefinition greedy = definitionWith({stillType(4.0f, 10.0f), stillType(2.0f, 8.0f)});
  WeatherSim s;
  simInitialize(s, greedy, 1);
  for (int f = 0; f < 5; ++f) simStep(s, 1.0f / 30.0f, 0.0f);
  EXPECT_EQ(countOfType(s, 0), 512u);
  EXPECT_EQ(countOfType(s, 1), 0u);
  EXPECT_EQ(s.types[1].target, 64u);

  // 6 x 64 = 384 for the first type leaves 128 of the second type's 216.
  WeatherDefinition shared = definitionWith({stillType(4.0f, 6.0f), stillType(3.0f, 8.0f)});
  simInitialize(s, shared, 1);
  simStep(s, 1.0f / 30.0f, 0.0f);
  EXPECT_EQ(countOfType(s, 0), 384u);
  EXPECT_EQ(countOfType(s, 1), 128u);
}

// "Because the particles wrap around at the edge of the cube, they will retain any velocity they
// had and continue to accelerate under gravity."
TEST(HaloWeatherPhysics, WrapKeepsVelocityAndGravityKeepsAccelerating) {
  ParticleType t = stillType(2.0f, 4.0f);
  t.physics.flags = 0;  // gravity on, no air friction
  t.physics.density = 1.0f;
  t.physics.airFriction = 0.0f;
  t.physics.computeCache();
  WeatherDefinition def = definitionWith({t});
  WeatherSim s;
  simInitialize(s, def, 3);
  float previous = 0.0f;
  int wraps = 0;
  for (int f = 0; f < 300; ++f) {
    float zBefore = s.particles.count ? s.particles.position[0].z : 0.0f;
    simStep(s, 1.0f / 30.0f, 0.0f);
    ASSERT_EQ(s.particles.count, 32u);
    float vz = s.particles.velocity[0].z;
    EXPECT_LT(vz, previous);  // faster every frame, wrap or not
    previous = vz;
    wraps += s.particles.position[0].z > zBefore + 0.5f;
    for (uint32_t i = 0; i < s.particles.count; ++i)
      for (int a = 0; a < 3; ++a) {
        ASSERT_GE(s.particles.position[i][a], 0.0f);
        ASSERT_LT(s.particles.position[i][a], 2.0f);
      }
  }
  EXPECT_GT(wraps, 5);
  // 10 s of free fall at 3.2087 wu/s^2 (air buoyancy ~ -1).
  EXPECT_NEAR(previous, -kGravityPerSecond2 * t.physics.airGravityScale * -10.0f, 0.05f);
}

// "Ensure that your point_physics have sufficient air friction": with friction the fall speed
// settles at g_eff / (k/dt) (reference §1.3 step 5).
TEST(HaloWeatherPhysics, AirFrictionGivesASteadyFallSpeed) {
  PointPhysics p;
  p.density = 1.0f;
  p.airFriction = 1.0f;
  p.computeCache();
  vec3 pos(0.0f), vel(0.0f);
  for (int f = 0; f < 3000; ++f)
    pointPhysicsUpdate(p, 0.08f, false, vec3(0.0f), 1.0f / 30.0f, pos, vel);
  EXPECT_NEAR(-vel.z, pointPhysicsTerminalSpeed(p, 0.08f),
              0.05f * pointPhysicsTerminalSpeed(p, 0.08f));
  // Drag relaxes toward the wind velocity.
  PointPhysics air;
  air.density = kAirDensity;  // floats: buoyancy 0
  air.airFriction = 0.01f;
  air.computeCache();
  EXPECT_NEAR(air.airGravityScale, 0.0f, 1e-6f);
  vel = vec3(0.0f);
  for (int f = 0; f < 600; ++f)
    pointPhysicsUpdate(air, 0.05f, false, vec3(1, 2, 0), 1.0f / 30.0f, pos, vel);
  EXPECT_NEAR(vel.x, 1.0f, 1e-3f);
  EXPECT_NEAR(vel.y, 2.0f, 1e-3f);
}

// "Changing acceleration eventually gets stuck at 0 if 0 is the minmum bound." ... "This happens
// sooner at higher FPS."
TEST(HaloWeatherAcceleration, StuckAtZeroWhenTheMinimumIsZero) {
  auto stuckAfterOneSecond = [](float lo, int fps) {
    ParticleType t = stillType(4.0f, 2.0f);
    t.accelerationMagnitude = {lo, 1.0f};
    t.accelerationChangeRate = 0.3f;
    t.accelerationTurningRate = 0.2f;
    WeatherDefinition def = definitionWith({t});
    WeatherSim s;
    simInitialize(s, def, 11);
    for (int f = 0; f < fps; ++f) simStep(s, 1.0f / float(fps), 0.0f);
    int stuck = 0;
    for (uint32_t i = 0; i < s.particles.count; ++i)
      stuck += glm::length(s.particles.acceleration[i]) == 0.0f;
    return std::pair<int, uint32_t>(stuck, s.particles.count);
  };
  auto [stuck30, n30] = stuckAfterOneSecond(0.0f, 30);
  auto [stuck144, n144] = stuckAfterOneSecond(0.0f, 144);
  auto [stuckMin, nMin] = stuckAfterOneSecond(0.1f, 144);
  EXPECT_EQ(n30, 128u);
  EXPECT_GT(stuck30, 0);
  EXPECT_GT(stuck144, stuck30);
  EXPECT_GT(stuck144, int(n144) * 3 / 4);
  EXPECT_EQ(stuckMin, 0) << nMin;

  // Once at 0 it never leaves 0, whatever the random draws.
  ParticleType t = stillType(4.0f, 1.0f);
  t.accelerationMagnitude = {0.0f, 1.0f};
  t.accelerationChangeRate = 1.0f;
  t.accelerationTurningRate = 0.5f;
  Lcg rng{5};
  vec3 a(0.0f);
  for (int f = 0; f < 1000; ++f) {
    accelerationStep(a, t, rng);
    ASSERT_EQ(a, vec3(0.0f));
  }
}

// The random walk runs over chunks on several threads; each chunk starts from the generator
// skipped past the earlier chunks' draws (two per particle, none once stuck at 0), so every
// particle must get exactly what one sequential loop in particle order gives it.
TEST(HaloWeatherAcceleration, RandomWalkOverChunksIsTheSequentialLoop) {
  ParticleType t = stillType(4.0f, float(3 * kParallelChunk + 77) / 64.0f);
  t.accelerationMagnitude = {0.0f, 1.0f};  // some particles get stuck: uneven draws per chunk
  t.accelerationChangeRate = 0.3f;
  t.accelerationTurningRate = 0.2f;
  WeatherDefinition def = definitionWith({t});
  WeatherSim s;
  simInitialize(s, def, 11);
  simSetUnlimited(s, true);
  const float dt = 1.0f / 144.0f;
  simStep(s, dt, 0.0f);  // spawns the population
  const uint32_t n = s.particles.count;
  ASSERT_GT(n, 3 * kParallelChunk);
  for (int f = 0; f < 30; ++f) {
    std::vector<vec3> want(s.particles.acceleration.begin(), s.particles.acceleration.begin() + n);
    Lcg rng = s.rng;
    for (uint32_t i = 0; i < n; ++i) accelerationStep(want[i], s.def->particleTypes[0], rng);
    simStep(s, dt, 0.0f);
    ASSERT_EQ(s.particles.count, n);
    ASSERT_EQ(s.rng.state, rng.state) << "frame " << f;
    for (uint32_t i = 0; i < n; ++i)
      ASSERT_EQ(s.particles.acceleration[i], want[i]) << "frame " << f << ", particle " << i;
  }
  uint32_t stuck = 0;
  for (uint32_t i = 0; i < n; ++i) stuck += s.particles.acceleration[i] == vec3(0.0f);
  EXPECT_GT(stuck, 0u);
  EXPECT_LT(stuck, n);
}

// "This rate is framerate-dependent so particles will turn faster at higher FPS."
TEST(HaloWeatherAcceleration, TurningRateIsFramerateDependent) {
  auto meanAlignment = [](int fps) {
    ParticleType t = stillType(4.0f, 4.0f);
    t.accelerationMagnitude = {1.0f, 1.0f};
    t.accelerationTurningRate = 0.2f;
    Lcg rng{99};
    double sum = 0.0;
    for (int k = 0; k < 200; ++k) {
      vec3 start = randomDirection(rng);
      vec3 a = start;
      for (int f = 0; f < fps / 2; ++f) accelerationStep(a, t, rng);  // half a second
      sum += glm::dot(glm::normalize(a), start);
    }
    return sum / 200.0;
  };
  double at30 = meanAlignment(30), at144 = meanAlignment(144);
  EXPECT_GT(at30, at144 + 0.05);
  // With turning rate 0 the direction never changes.
  ParticleType straight = stillType(4.0f, 4.0f);
  straight.accelerationMagnitude = {1.0f, 1.0f};
  Lcg rng{1};
  vec3 a{0.6f, 0.8f, 0.0f};
  for (int f = 0; f < 100; ++f) accelerationStep(a, straight, rng);
  EXPECT_NEAR(a.x, 0.6f, 1e-5f);
  EXPECT_NEAR(a.y, 0.8f, 1e-5f);
}

// The table the added motion indexes (weather_random.h): 1026 unit vectors of a subdivided
// octahedron in the engine's creation order, the six vertices first, then the (+z, +x) edge.
TEST(HaloWeatherAddedMotion, GeosphereTableOrder) {
  const auto& t = geosphereTable();
  const vec3 vertices[6] = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(t[size_t(i)], vertices[i]) << i;
  EXPECT_NEAR(glm::dot(t[6], glm::normalize(vec3(1.0f / 16.0f, 0.0f, 15.0f / 16.0f))), 1.0f, 1e-6f);
  EXPECT_NEAR(glm::dot(t[20], glm::normalize(vec3(15.0f / 16.0f, 0.0f, 1.0f / 16.0f))), 1.0f,
              1e-6f);
  int distinct = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    EXPECT_NEAR(glm::length(t[i]), 1.0f, 1e-5f) << i;
    bool seen = false;
    for (size_t j = 0; j < i && !seen; ++j) seen = glm::length(t[i] - t[j]) < 1e-4f;
    distinct += !seen;
  }
  EXPECT_EQ(distinct, kGeosphereSize);
}

namespace {

struct DriftSummary {
  vec3 mean{0.0f};
  int negativeX = 0;
  std::array<int, 8> sectors{};  // azimuth in 45 degree sectors from -180
};

DriftSummary addedMotionOfFirst(uint32_t n) {
  DriftSummary s;
  for (uint32_t k = 0; k < n; ++k) {
    vec3 d = addedMotionDirection(k);
    s.mean += d / float(n);
    s.negativeX += d.x < -0.05f;
    float a = std::atan2(d.y, d.x);
    s.sectors[size_t(int((a + kPi) / (2.0f * kPi) * 8.0f) % 8)]++;
  }
  return s;
}

}  // namespace

// Seed 001: "The first 128 particles created have a general +x -y +z direction, similar to the bias
// in wind local variation."
TEST(HaloWeatherAddedMotion, First128DriftTowardPlusXMinusYPlusZ) {
  DriftSummary s = addedMotionOfFirst(128);
  EXPECT_GT(s.mean.x, 0.4f);
  EXPECT_LT(s.mean.y, -0.1f);
  EXPECT_GT(s.mean.z, 0.4f);
  EXPECT_LE(s.negativeX, 128 / 20);  // "general": at most a stray few
}

// Seed 001: "At 256 particles, some particles now move in the -x direction too."
TEST(HaloWeatherAddedMotion, At256SomeMoveTowardMinusX) {
  DriftSummary first = addedMotionOfFirst(128), s = addedMotionOfFirst(256);
  EXPECT_GE(s.negativeX - first.negativeX, 64);  // most of particles 128..255
  EXPECT_LT(s.mean.x, first.mean.x - 0.3f);
}

// Seed 001: "At the limit of 512, there is a good distribution of horizontal directions but the
// particles still move upwards on average."
TEST(HaloWeatherAddedMotion, At512HorizontalSpreadStillUpward) {
  DriftSummary first = addedMotionOfFirst(128), s = addedMotionOfFirst(512);
  int sectorsUsed = 0;
  for (int c : s.sectors) sectorsUsed += c >= 512 / 50;
  EXPECT_GE(sectorsUsed, 6);
  EXPECT_LT(glm::length(vec2(s.mean)), 0.7f * glm::length(vec2(first.mean)));
  EXPECT_GT(s.mean.z, 0.3f);
}

// "The game adds fixed motion to weather particles each rendered frame ... Added motion is not
// "true motion" for the purposes of particle orientation" and "The bias is noticeable at high
// framerates, but not at 30 FPS": 0.001 wu per frame, no dt, outside the velocity.
TEST(HaloWeatherAddedMotion, FixedPerFrameAndNotInVelocity) {
  WeatherDefinition def = definitionWith({stillType(4.0f, 1.0f)});
  WeatherSim s;
  simInitialize(s, def, 2);
  simStep(s, 0.0f, 0.0f);  // spawn with dt 0: only added motion moves them
  vec3 before = s.particles.position[0];
  uint16_t datum = s.particles.datum[0];
  for (int f = 0; f < 10; ++f) simStep(s, 1.0f / 1000.0f, 0.0f);
  vec3 moved = s.particles.position[0] - before;
  EXPECT_NEAR(glm::length(moved), 0.01f, 1e-4f);
  EXPECT_NEAR(glm::dot(glm::normalize(moved), addedMotionDirection(datum)), 1.0f, 1e-3f);
  EXPECT_EQ(s.particles.velocity[0], vec3(0.0f));
}

// Reference §4.4: "rotation += +-rotation_rate x dt, where the sign is + for even datum indices and
// - for odd" (the seed's "randomly be in either clockwise or counter-clockwise direction").
TEST(HaloWeatherSpawn, RotationDirectionByIndexParity) {
  ParticleType t = stillType(2.0f, 2.0f);
  t.rotationRate = {90.0f, 90.0f};
  WeatherDefinition def = definitionWith({t});
  WeatherSim s;
  simInitialize(s, def, 4);
  simStep(s, 0.0f, 0.0f);
  std::vector<float> start(s.particles.rotation.begin(),
                           s.particles.rotation.begin() + s.particles.count);
  simStep(s, 0.5f, 0.0f);
  for (uint32_t i = 0; i < s.particles.count; ++i) {
    float expected = (s.particles.datum[i] % 2 == 0 ? 1.0f : -1.0f) * 0.5f * kPi / 2.0f;
    EXPECT_NEAR(s.particles.rotation[i] - start[i], expected, 1e-4f);
  }
  EXPECT_EQ(start[0], 0.0f);  // no "random rotation" flag: spawned at 0
}

// "The colors are multiplied against the sprite texture, and the alpha controls opacity" with
// alpha drawn separately; spawn positions uniform in the cube; the sprite index inside its
// sequence.
TEST(HaloWeatherSpawn, SpawnRanges) {
  ParticleType t = stillType(3.0f, 10.0f);
  t.colorLowerBound = {1.0f, 0.0f, 0.0f, 0.2f};
  t.colorUpperBound = {1.0f, 0.0f, 0.0f, 0.9f};
  t.particleRadius = {0.1f, 0.2f};
  t.flags = kRandomRotation;
  t.sheet.sequences = {SpriteSequence{{Sprite{}, Sprite{}, Sprite{}}}, SpriteSequence{{Sprite{}}}};
  WeatherDefinition def = definitionWith({t});
  WeatherSim s;
  simInitialize(s, def, 8);
  simStep(s, 0.0f, 0.0f);
  ASSERT_EQ(s.particles.count, 270u);
  float minA = 1, maxA = 0;
  int seq1 = 0;
  bool rotated = false;
  for (uint32_t i = 0; i < s.particles.count; ++i) {
    minA = std::min(minA, s.particles.color[i].a);
    maxA = std::max(maxA, s.particles.color[i].a);
    EXPECT_GE(s.particles.radius[i], 0.1f);
    EXPECT_LE(s.particles.radius[i], 0.2f);
    seq1 += s.particles.sequence[i] == 1;
    EXPECT_LE(s.particles.spriteIndex[i], s.particles.sequence[i] == 0 ? 3.0f : 1.0f);
    rotated |= s.particles.rotation[i] > 0.0f;
  }
  EXPECT_GE(minA, 0.2f);
  EXPECT_LE(maxA, 0.9f);
  EXPECT_GT(maxA - minA, 0.5f);
  EXPECT_GT(seq1, 80);
  EXPECT_LT(seq1, 190);
  EXPECT_TRUE(rotated);
}

// Reference §4.4 step 1: "Height fade works on particle COUNT, using the camera's Z".
TEST(HaloWeatherDensity, HeightFadeScalesTheCountByCameraZ) {
  ParticleType t = stillType(2.0f, 32.0f);  // 256 at full height
  t.fadeInStartHeight = 0.0f;
  t.fadeInEndHeight = 10.0f;
  t.fadeOutStartHeight = 20.0f;
  t.fadeOutEndHeight = 30.0f;
  EXPECT_EQ(targetCount(t, 32.0f, -1.0f), 0u);
  EXPECT_EQ(targetCount(t, 32.0f, 5.0f), 128u);
  EXPECT_EQ(targetCount(t, 32.0f, 15.0f), 256u);
  EXPECT_EQ(targetCount(t, 32.0f, 27.5f), 64u);
  EXPECT_EQ(targetCount(t, 32.0f, 31.0f), 0u);
  WeatherDefinition def = definitionWith({t});
  WeatherSim s;
  simInitialize(s, def, 1);
  simStep(s, 1.0f / 30.0f, 15.0f);
  EXPECT_EQ(s.particles.count, 256u);
  simStep(s, 1.0f / 30.0f, 5.0f);  // extras deleted, newest first
  EXPECT_EQ(s.particles.count, 128u);
  for (uint32_t i = 0; i < s.particles.count; ++i) EXPECT_LT(s.particles.serial[i], 128u);
}

// halo_animation_and_level.md §3: a palette entry's "wind direction (i, j, k; zero means
// (1, 0, 0))"; an entry without a wind tag has none.
TEST(HaloWeatherWind, ZeroDirectionBlowsAlongX) {
  Wind w;
  w.velocity = {1.0f, 1.0f};
  WindPalette palette;
  palette.direction = {0, 0, 0};
  palette.magnitude = 2.0f;
  WindState s;
  Lcg rng{3};
  windInitialize(s, rng);
  windUpdate(s, w, palette, rng);
  EXPECT_NEAR(s.base.x, 2.0f, 1e-5f);
  EXPECT_NEAR(s.base.y, 0.0f, 1e-5f);
  EXPECT_NEAR(s.base.z, 0.0f, 1e-5f);
  palette.hasWind = false;
  windUpdate(s, w, palette, rng);
  EXPECT_EQ(s.base, vec3(0.0f));
}

// Reference §2.2: per-frame random walks of speed, yaw and pitch by +-0.01.
TEST(HaloWeatherWind, PerFrameRandomWalks) {
  Wind w;
  w.velocity = {1.0f, 3.0f};
  w.variationArea = {90.0f, 0.0f};
  WindPalette palette;
  palette.direction = {0, 1, 0};
  palette.magnitude = 2.0f;
  WindState s;
  Lcg rng{12};
  windInitialize(s, rng);
  float prevSpeedVar = s.speedVar;
  for (int f = 0; f < 500; ++f) {
    windUpdate(s, w, palette, rng);
    EXPECT_NEAR(std::abs(s.speedVar - prevSpeedVar), 0.01f, 0.0101f);
    prevSpeedVar = s.speedVar;
    ASSERT_GE(s.speedVar, 0.0f);
    ASSERT_LE(s.speedVar, 1.0f);
    EXPECT_NEAR(glm::length(s.base), 2.0f * (1.0f + 2.0f * s.speedVar), 1e-4f);
    // Yaw within +-45 degrees of +y.
    EXPECT_GE(s.base.y, std::cos(kPi / 4) * glm::length(s.base) - 1e-4f);
  }
  EXPECT_EQ(s.time, 500u);
  // Simple wind keeps the full base and adds the wiggle; otherwise the weight blends them; damped
  // wind scales by (1 - damping).
  w.localVariationWeight = 0.5f;
  w.damping = 0.25f;
  vec3 p{0.3f, 0.2f, 0.1f};
  vec3 var = windVariance(s, w, p);
  EXPECT_NEAR(glm::length(windCurrent(s, w, palette, kUsesSimpleWind, p) - (s.base + var)), 0.0f,
              1e-5f);
  EXPECT_NEAR(glm::length(windCurrent(s, w, palette, 0, p) - (s.base * 0.5f + var)), 0.0f, 1e-5f);
  EXPECT_NEAR(
      glm::length(windCurrent(s, w, palette, kUsesDampedWind, p) - (s.base * 0.5f + var) * 0.75f),
      0.0f, 1e-5f);
  palette.hasWind = false;
  EXPECT_EQ(windCurrent(s, w, palette, 0, p), vec3(0.0f));
}

}  // namespace
}  // namespace fx::weather
