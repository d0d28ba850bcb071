// Particle system instances (seed "Spawn and update", "Frames and instances"): spawn shapes and
// directions checked geometrically, emission with a carried fraction, the caps, stage order, the
// native integrator against its closed form, frames, and determinism.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>

#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/system_instance.h"

namespace fx::destiny {
namespace {

// Channel constants (group 6) layout used by every test emitter.
struct Knobs {
  float rate = 0, lifetime = 100, speed = 0, initialCount = 0;
  float radius = 1, length = 1, angle = 0, shapeScale = 1;
  float maxCount = 0, gravity = 0, airFriction = 0, inherit = 0;
  vec3 grid{1, 1, 1};
  float rotationRate = 0, rotationalAccel = 0, rotationalFriction = 0, emissionDistance = 0;
  vec3 accel0{0, 0, 0};
  float accel0Strength = 0;
};

const char* kCopyInitial = ".stage 3\nload 2 0 xyzw\nstore 1 0 xyz\nload 2 1 xyzw\nstore 1 1 xyz\n";

EmitterDefinition makeEmitter(const Knobs& k, SpawnShape shape, SpawnDirection dir,
                              const std::string& program = kCopyInitial,
                              bool bindDistance = false) {
  EmitterDefinition e;
  DefaultsVisitor dv;
  e.reflect(dv);
  e.program = program;
  e.spawnShape = shape;
  e.spawnDirection = dir;
  e.transformSlotCount = 2;
  e.stream0Vec4s = 1;
  e.stream1Vec4s = 4;
  e.channelConstants = {
      vec4(k.rate, k.lifetime, k.speed, k.initialCount),
      vec4(k.radius, k.length, k.angle, k.shapeScale),
      vec4(k.maxCount, k.gravity, k.airFriction, k.inherit),
      vec4(k.grid, 0),
      vec4(k.rotationRate, k.rotationalAccel, k.rotationalFriction, k.emissionDistance),
      vec4(k.accel0, k.accel0Strength)};
  auto bind = [&](Ch c, int g, int slot) { e.channels[size_t(c)] = {g, slot}; };
  bind(Ch::ParticlePosition, 1, 0);
  bind(Ch::ParticleVelocity, 1, 4);
  bind(Ch::ParticleAge, 1, 8);
  bind(Ch::ParticleEmitTime, 1, 9);
  bind(Ch::ParticleSpawnId, 1, 10);
  bind(Ch::ParticleRandom, 1, 11);
  bind(Ch::AngularVelocity, 1, 12);
  bind(Ch::AngularPosition, 1, 13);
  bind(Ch::InitialParticlePosition, 2, 0);
  bind(Ch::InitialParticleVelocity, 2, 4);
  bind(Ch::ParticleSystemAge, 5, 0);
  bind(Ch::EmissionRate, 6, 0);
  bind(Ch::ParticleLifetime, 6, 1);
  bind(Ch::InitialSpeed, 6, 2);
  bind(Ch::InitialParticleCount, 6, 3);
  bind(Ch::EmitterRadius, 6, 4);
  bind(Ch::EmitterLength, 6, 5);
  bind(Ch::EmitterAngle, 6, 6);
  bind(Ch::EmitterShapeScale, 6, 7);
  bind(Ch::ParticleMaxCount, 6, 8);
  bind(Ch::GravityStrength, 6, 9);
  bind(Ch::AirFriction, 6, 10);
  bind(Ch::InheritParentVelocity, 6, 11);
  bind(Ch::EmitterGridCount, 6, 12);
  bind(Ch::InitialRotationRate, 6, 16);
  bind(Ch::RotationalAcceleration, 6, 17);
  bind(Ch::RotationalFriction, 6, 18);
  if (bindDistance) bind(Ch::EmissionDistance, 6, 19);
  bind(Ch::Acceleration0Direction, 6, 20);
  bind(Ch::Acceleration0Strength, 6, 23);
  Diagnostics d;
  e.finalize("t.json", "/emitter", d);
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  return e;
}

RasterMaterial material() {
  return {};
}

SystemStepInput frame(uint64_t i, float dt = 1.0f / 30.0f) {
  return {.dt = dt, .time = double(i + 1) * dt, .frame = i};
}

// One system frame with `count` initial particles, speed `speed`.
SystemInstance burst(Knobs k, SpawnShape shape, SpawnDirection dir, uint32_t seed = 1) {
  SystemInstance s(makeEmitter(k, shape, dir), material(), {.seed = seed});
  s.step(frame(0));
  return s;
}

TEST(DestinySpawnShapes, RingInTheYzPlaneAtEmitterRadius) {
  // Seed: "1 a ring of radius emitter_radius in the YZ plane".
  Knobs k{.initialCount = 200, .radius = 2.5f};
  auto s = burst(k, SpawnShape::Ring, SpawnDirection::Cone);
  ASSERT_EQ(s.liveCount(), 200u);
  float minAngle = 10, maxAngle = -10;
  for (size_t i = 0; i < s.liveCount(); ++i) {
    vec3 p = s.simPosition(i);
    EXPECT_EQ(p.x, 0.0f);
    EXPECT_NEAR(std::hypot(p.y, p.z), 2.5f, 1e-5f);
    float a = std::atan2(p.z, p.y);
    minAngle = std::min(minAngle, a), maxAngle = std::max(maxAngle, a);
  }
  EXPECT_LT(minAngle, -2.8f);  // all the way round
  EXPECT_GT(maxAngle, 2.8f);
}

TEST(DestinySpawnShapes, ShapeScaleScalesThePoint) {
  // Seed: "point, scaled by emitter_shape_scale".
  Knobs k{.initialCount = 20, .radius = 1, .shapeScale = 2};
  auto s = burst(k, SpawnShape::Ring, SpawnDirection::Cone);
  for (size_t i = 0; i < s.liveCount(); ++i)
    EXPECT_NEAR(glm::length(s.simPosition(i)), 2.0f, 1e-5f);
}

TEST(DestinySpawnShapes, SphereSurface) {
  Knobs k{.initialCount = 300, .radius = 3};
  auto s = burst(k, SpawnShape::SphereSurface, SpawnDirection::Cone);
  vec3 lo(10), hi(-10);
  for (size_t i = 0; i < s.liveCount(); ++i) {
    vec3 p = s.simPosition(i);
    EXPECT_NEAR(glm::length(p), 3.0f, 1e-4f);
    lo = glm::min(lo, p), hi = glm::max(hi, p);
  }
  for (int c = 0; c < 3; ++c) {
    EXPECT_LT(lo[c], -2.5f);
    EXPECT_GT(hi[c], 2.5f);
  }
}

TEST(DestinySpawnShapes, SegmentAlongY) {
  // Seed: "3 a segment along Y of length emitter_length" (fxview centres it).
  Knobs k{.initialCount = 200, .length = 4};
  auto s = burst(k, SpawnShape::Segment, SpawnDirection::Cone);
  float lo = 10, hi = -10;
  for (size_t i = 0; i < s.liveCount(); ++i) {
    vec3 p = s.simPosition(i);
    EXPECT_EQ(p.x, 0.0f);
    EXPECT_EQ(p.z, 0.0f);
    EXPECT_LE(std::fabs(p.y), 2.0f);
    lo = std::min(lo, p.y), hi = std::max(hi, p.y);
  }
  EXPECT_LT(lo, -1.9f);
  EXPECT_GT(hi, 1.9f);
}

TEST(DestinySpawnShapes, CubeOfEdgeLength) {
  Knobs k{.initialCount = 400, .length = 2};
  auto s = burst(k, SpawnShape::Cube, SpawnDirection::Cone);
  vec3 lo(10), hi(-10);
  for (size_t i = 0; i < s.liveCount(); ++i) {
    vec3 p = s.simPosition(i);
    for (int c = 0; c < 3; ++c) EXPECT_LE(std::fabs(p[c]), 1.0f);
    lo = glm::min(lo, p), hi = glm::max(hi, p);
  }
  for (int c = 0; c < 3; ++c) {
    EXPECT_LT(lo[c], -0.9f);
    EXPECT_GT(hi[c], 0.9f);
  }
}

TEST(DestinySpawnShapes, GridCellsInOrderAndAtRandom) {
  // Seed: "5 grid cells, emitter_grid_count per axis"; flag 0x2000 "picks grid cells at random".
  Knobs k{.initialCount = 12, .length = 6, .grid = {2, 3, 1}};
  auto s = burst(k, SpawnShape::Grid, SpawnDirection::Cone);
  ASSERT_EQ(s.liveCount(), 12u);
  const float xs[2] = {-1.5f, 1.5f}, ys[3] = {-2.0f, 0.0f, 2.0f};
  for (size_t i = 0; i < 12; ++i) {
    size_t cell = i % 6;
    EXPECT_NEAR(s.simPosition(i).x, xs[cell % 2], 1e-5f) << i;
    EXPECT_NEAR(s.simPosition(i).y, ys[(cell / 2) % 3], 1e-5f) << i;
    EXPECT_NEAR(s.simPosition(i).z, 0.0f, 1e-6f);
  }
  EmitterDefinition e = makeEmitter(Knobs{.initialCount = 60, .length = 6, .grid = {2, 3, 1}},
                                    SpawnShape::Grid, SpawnDirection::Cone);
  e.flags = kFlagRandomGridCells;
  SystemInstance r(e, material(), {.seed = 5});
  r.step(frame(0));
  std::set<std::pair<int, int>> cells;
  bool inOrder = true;
  for (size_t i = 0; i < r.liveCount(); ++i) {
    vec3 p = r.simPosition(i);
    int ix = int(std::lround((p.x / 6.0f + 0.5f) * 2.0f - 0.5f)),
        iy = int(std::lround((p.y / 6.0f + 0.5f) * 3.0f - 0.5f));
    EXPECT_NEAR(p.x, xs[ix], 1e-5f);
    EXPECT_NEAR(p.y, ys[iy], 1e-5f);
    cells.insert({ix, iy});
    inOrder = inOrder && (ix + 2 * iy) == int(i % 6);
  }
  EXPECT_EQ(cells.size(), 6u);
  EXPECT_FALSE(inOrder);
}

TEST(DestinySpawnDirections, ConeHalfAngleAboutPlusX) {
  // Seed: "0 random in a cone of half-angle emitter_angle degrees about +X", "scaled by
  // initial_speed".
  Knobs k{.speed = 5, .initialCount = 500, .angle = 30};
  auto s = burst(k, SpawnShape::Point, SpawnDirection::Cone);
  float widest = 0;
  for (size_t i = 0; i < s.liveCount(); ++i) {
    vec3 v = s.simVelocity(i);
    EXPECT_NEAR(glm::length(v), 5.0f, 1e-4f);
    float deg = std::acos(std::clamp(v.x / glm::length(v), -1.0f, 1.0f)) / kDegToRad;
    EXPECT_LE(deg, 30.01f);
    widest = std::max(widest, deg);
  }
  EXPECT_GT(widest, 28.0f);
}

TEST(DestinySpawnDirections, TiltedTowardThePoint) {
  // Seed: "1 tilted emitter_angle degrees from +X toward the spawn point".
  Knobs k{.speed = 1, .initialCount = 50, .radius = 2, .angle = 40};
  auto s = burst(k, SpawnShape::Ring, SpawnDirection::TiltedTowardPoint);
  for (size_t i = 0; i < s.liveCount(); ++i) {
    vec3 v = s.simVelocity(i), p = s.simPosition(i);
    EXPECT_NEAR(std::acos(v.x) / kDegToRad, 40.0f, 1e-3f);
    vec2 perp(v.y, v.z), toPoint(p.y, p.z);
    EXPECT_NEAR(glm::dot(glm::normalize(perp), glm::normalize(toPoint)), 1.0f, 1e-5f);
  }
}

TEST(DestinySpawnDirections, SphereAndFromOrigin) {
  Knobs k{.speed = 2, .initialCount = 300};
  auto s = burst(k, SpawnShape::Point, SpawnDirection::Sphere);
  float minX = 1;
  for (size_t i = 0; i < s.liveCount(); ++i) {
    EXPECT_NEAR(glm::length(s.simVelocity(i)), 2.0f, 1e-4f);
    minX = std::min(minX, s.simVelocity(i).x / 2.0f);
  }
  EXPECT_LT(minX, -0.9f);
  // Seed: "3, 4 from the origin toward the spawn point".
  for (SpawnDirection d : {SpawnDirection::FromOrigin, SpawnDirection::FromOrigin4}) {
    auto f =
        burst(Knobs{.speed = 3, .initialCount = 50, .radius = 4}, SpawnShape::SphereSurface, d);
    for (size_t i = 0; i < f.liveCount(); ++i) {
      vec3 want = glm::normalize(f.simPosition(i)) * 3.0f;
      for (int c = 0; c < 3; ++c) EXPECT_NEAR(f.simVelocity(i)[c], want[c], 1e-4f);
    }
  }
}

TEST(DestinyEmission, CarriedFractionOverManyFrames) {
  // Seed: "Each frame adds emission_rate times the frame time to a carried fraction and spawns the
  // whole part." 7.5/s at dt 1/32 is 0.234375 per frame (exact in binary).
  SystemInstance s(makeEmitter(Knobs{.rate = 7.5f}, SpawnShape::Point, SpawnDirection::Cone),
                   material(), {.seed = 3});
  for (uint64_t n = 1; n <= 320; ++n) {
    s.step(frame(n - 1, 1.0f / 32.0f));
    ASSERT_EQ(s.spawnedTotal(), uint64_t(std::floor(double(n) * 0.234375))) << "frame " << n;
  }
  EXPECT_EQ(s.liveCount(), 75u);
}

TEST(DestinyEmission, InitialCountSpawnsOnce) {
  SystemInstance s(makeEmitter(Knobs{.initialCount = 7}, SpawnShape::Point, SpawnDirection::Cone),
                   material(), {.seed = 3});
  for (uint64_t n = 0; n < 10; ++n) s.step(frame(n));
  EXPECT_EQ(s.spawnedTotal(), 7u);
}

TEST(DestinyEmission, MaxCountCapsTheLiveTotal) {
  // Seed: "particle_max_count caps the live total; zero means no cap."
  SystemInstance capped(makeEmitter(Knobs{.rate = 600, .lifetime = 1, .maxCount = 10},
                                    SpawnShape::Point, SpawnDirection::Cone),
                        material(), {.seed = 3});
  for (uint64_t n = 0; n < 60; ++n) {
    capped.step(frame(n));
    ASSERT_LE(capped.liveCount(), 10u);
  }
  EXPECT_EQ(capped.liveCount(), 10u);
  SystemInstance open(
      makeEmitter(Knobs{.rate = 600, .lifetime = 100}, SpawnShape::Point, SpawnDirection::Cone),
      material(), {.seed = 3});
  for (uint64_t n = 0; n < 6; ++n) open.step(frame(n));
  EXPECT_EQ(open.liveCount(), 120u);
}

TEST(DestinyEmission, HardCapStopsRunawayCounts) {
  SystemInstance s(
      makeEmitter(Knobs{.initialCount = 3e6f}, SpawnShape::Point, SpawnDirection::Cone, ""),
      material(), {.seed = 3});
  s.step(frame(0));
  EXPECT_EQ(s.liveCount(), kHardParticleCap);
  ASSERT_EQ(s.messages().size(), 1u);
  EXPECT_EQ(
      s.messages()[0],
      "particle count reached fxview's hard cap of 1048576 per system; further spawns are dropped");
}

TEST(DestinyStages, OrderOfTheSeedTable) {
  // Seed: "7, then 0 once, when the system is created; 1 once per system frame, before emission;
  // 6, then 2 before each spawn; 3 for each new particle; 4 for each CPU particle, each frame;
  // 5 for distance emission."
  std::string program;
  for (int st = 0; st < 8; ++st) program += ".stage " + std::to_string(st) + "\npush_zero\n";
  SystemInstance s(
      makeEmitter(Knobs{.initialCount = 2}, SpawnShape::Point, SpawnDirection::Cone, program, true),
      material(), {.seed = 1});
  std::vector<int> log;
  s.stageLog = &log;
  s.step(frame(0));
  EXPECT_EQ(log, (std::vector<int>{7, 0, 1, 4, 5, 6, 2, 3, 6, 2, 3}));
  log.clear();
  s.step(frame(1));
  EXPECT_EQ(log, (std::vector<int>{1, 4, 5}));
}

TEST(DestinyIntegrator, GravityAndVelocityMatchTheClosedForm) {
  // Seed: gravity pulls along world -Z; "The position moves by the new velocity times the frame
  // time": v_n = v0 - g n dt, p_n = p0 + v0 n dt - g dt^2 n (n + 1) / 2.
  const float g = 2.0f, dt = 1.0f / 30.0f;
  SystemInstance s(makeEmitter(Knobs{.speed = 3, .initialCount = 1, .gravity = g},
                               SpawnShape::Point, SpawnDirection::Cone),
                   material(), {.gravityScale = 1.0f, .seed = 9});
  s.step(frame(0, dt));  // spawns at the origin with v0 = (3, 0, 0)
  for (int n = 1; n <= 30; ++n) {
    s.step(frame(uint64_t(n), dt));
    vec3 p = s.simPosition(0), v = s.simVelocity(0);
    EXPECT_NEAR(v.z, -g * float(n) * dt, 1e-5f);
    EXPECT_NEAR(p.z, -g * dt * dt * float(n * (n + 1)) / 2.0f, 1e-5f);
    EXPECT_NEAR(p.x, 3.0f * float(n) * dt, 1e-4f);
  }
}

TEST(DestinyIntegrator, AirFrictionRotationAndAcceleration) {
  // Seed: "air_friction times the frame time, clamped to 0 to 1, removes that share of the
  // velocity"; "angular_velocity gains rotational_acceleration ... angular_position gains the
  // velocity times 2 pi times the frame time".
  const float dt = 0.1f, f = 2.0f, rate = 0.5f, accel = 1.0f;
  Knobs k{.speed = 4,
          .initialCount = 1,
          .airFriction = f,
          .rotationRate = rate,
          .rotationalAccel = accel};
  SystemInstance s(makeEmitter(k, SpawnShape::Point, SpawnDirection::Cone), material(),
                   {.seed = 9});
  s.step(frame(0, dt));
  double v = 4, x = 0, w = rate, ang = 0;
  for (int n = 1; n <= 10; ++n) {
    s.step(frame(uint64_t(n), dt));
    v *= 1.0 - f * dt;
    x += v * dt;
    w += accel * dt;
    ang += w * 2.0 * 3.14159265358979323846 * dt;
    EXPECT_NEAR(s.simVelocity(0).x, v, 1e-5);
    EXPECT_NEAR(s.simPosition(0).x, x, 1e-5);
    EXPECT_NEAR(s.channel(Ch::AngularVelocity, 0, 0), w, 1e-5);
    EXPECT_NEAR(s.channel(Ch::AngularPosition, 0, 0), ang, 1e-4);
  }
  // Friction share clamps at 1: the velocity stops, it never reverses.
  Knobs hard{.speed = 4, .initialCount = 1, .airFriction = 100};
  SystemInstance h(makeEmitter(hard, SpawnShape::Point, SpawnDirection::Cone), material(),
                   {.seed = 9});
  h.step(frame(0, dt));
  h.step(frame(1, dt));
  EXPECT_EQ(h.simVelocity(0).x, 0.0f);
}

TEST(DestinyIntegrator, EmitterFrameAcceleration) {
  // Seed: "A direction is in world space unless the emitter marks it as emitter-frame."
  Knobs k{.initialCount = 1, .accel0 = {1, 0, 0}, .accel0Strength = 2};
  for (bool emitterFrame : {false, true}) {
    EmitterDefinition e = makeEmitter(k, SpawnShape::Point, SpawnDirection::Cone);
    e.acceleration0EmitterFrame = emitterFrame;
    SystemInstance s(e, material(), {.seed = 1});
    Transform spawn;
    spawn.rotation = glm::angleAxis(kPi / 2, vec3(0, 0, 1));  // emitter +X is world +Y
    s.setSlot(0, spawn);
    s.step(frame(0, 0.5f));
    s.step(frame(1, 0.5f));
    vec3 v = s.worldVelocity(0);
    EXPECT_NEAR(v.x, emitterFrame ? 0.0f : 1.0f, 1e-5f);
    EXPECT_NEAR(v.y, emitterFrame ? 1.0f : 0.0f, 1e-5f);
  }
}

TEST(DestinyFrames, GravityIsWorldDownThroughTheInverseSimulationFrame) {
  // Seed: "World directions and gravity are turned into it by the inverse of that slot."
  EmitterDefinition e =
      makeEmitter(Knobs{.initialCount = 1, .gravity = 1}, SpawnShape::Point, SpawnDirection::Cone);
  e.simulationFrameSlot = 1;
  SystemInstance s(e, material(), {.seed = 1});
  Transform sim;
  sim.rotation = glm::angleAxis(kPi / 2, vec3(1, 0, 0));
  s.setSlot(1, sim);
  s.step(frame(0, 0.5f));
  s.step(frame(1, 0.5f));
  vec3 v = s.worldVelocity(0);
  EXPECT_NEAR(v.x, 0.0f, 1e-6f);
  EXPECT_NEAR(v.y, 0.0f, 1e-6f);
  EXPECT_NEAR(v.z, -0.5f, 1e-6f);
  EXPECT_NEAR(s.simVelocity(0).y, -0.5f, 1e-6f);  // world -Z is sim -Y after a quarter turn about X
}

// Seed: "World directions and gravity are turned into it by the inverse of that slot" and "A
// transform is ... a position with uniform scale in W": the inverse includes the scale. A slot
// scaled by 2 sees world gravity at half length in its own units, so the world velocity (sim
// velocity through the slot) is the same as unscaled.
TEST(DestinyFrames, InverseSimulationFrameIncludesUniformScale) {
  EmitterDefinition e =
      makeEmitter(Knobs{.initialCount = 1, .gravity = 1}, SpawnShape::Point, SpawnDirection::Cone);
  e.simulationFrameSlot = 1;
  SystemInstance s(e, material(), {.seed = 1});
  Transform sim;
  sim.scale = 2.0f;
  s.setSlot(1, sim);
  s.step(frame(0, 0.5f));
  s.step(frame(1, 0.5f));
  EXPECT_NEAR(s.simVelocity(0).z, -0.25f, 1e-6f);
  EXPECT_NEAR(s.worldVelocity(0).z, -0.5f, 1e-6f);
}

// Random draws the seed does not describe ("the writer of particle_random" is an open question)
// happen only for bound channels: unbinding particle_random and particle_system_random leaves
// every other value of the system's generator where it was.
TEST(DestinyChannels, UnboundRandomChannelsDrawNothing) {
  Knobs k{.rate = 30, .speed = 1, .angle = 40};
  auto positions = [&](bool bindRandoms) {
    EmitterDefinition e = makeEmitter(k, SpawnShape::Point, SpawnDirection::Cone);
    e.channels[size_t(Ch::ParticleRandom)] = {kGroupUnused, 0};
    e.channels[size_t(Ch::ParticleSystemRandom)] = {kGroupUnused, 0};
    if (bindRandoms) {
      e.channels[size_t(Ch::ParticleRandom)] = {1, 11};
      e.channels[size_t(Ch::ParticleSystemRandom)] = {5, 1};
    }
    SystemInstance s(e, material(), {.seed = 3});
    for (uint64_t n = 0; n < 3; ++n) s.step(frame(n));
    std::vector<vec3> out;
    for (size_t i = 0; i < s.liveCount(); ++i) out.push_back(s.simVelocity(i));
    return out;
  };
  // The velocities are the cone draws. Unbound: they start at the generator's first value.
  std::vector<vec3> unbound = positions(false), bound = positions(true);
  ASSERT_EQ(unbound.size(), 3u);
  Lcg r{3};
  float cosT = 1.0f - r.unit() * (1.0f - std::cos(40.0f * kDegToRad));
  EXPECT_NEAR(unbound[0].x, cosT, 1e-6f);
  EXPECT_NE(bound[0].x, unbound[0].x);
}

// Seed: "Each update advances the particle's age ... and runs stage 4." A particle spawned this
// frame is drawn this frame, so it gets stage 4 at age 0 first: a one-frame flash shows its size
// and colour in its only frame.
TEST(DestinyStages, NewParticlesRunStage4BeforeTheyAreDrawn) {
  std::string program = std::string(kCopyInitial) +
                        ".const 0.3 0 0 0\n.stage 4\npush_const 0\nstore 1 3 x_to_z\nend\n";
  EmitterDefinition e =
      makeEmitter(Knobs{.initialCount = 4}, SpawnShape::Point, SpawnDirection::Cone, program);
  e.channels[size_t(Ch::ParticleSize)] = {1, 14};
  SystemInstance s(e, material(), {.seed = 1});
  s.step(frame(0));
  ASSERT_EQ(s.liveCount(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(s.age(i), 0.0f);
    EXPECT_NEAR(s.channel(Ch::ParticleSize, 0, i), 0.3f, 1e-6f) << i;
  }
}

TEST(DestinyFrames, OwnFrameCarriesParticlesWorldSpaceLeavesThem) {
  // Seed: "a system that spawns and simulates in one moving location keeps its particles with it.
  // One that simulates in world_space leaves them where they spawned."
  for (bool worldSpace : {false, true}) {
    EmitterDefinition e =
        makeEmitter(Knobs{.initialCount = 1}, SpawnShape::Point, SpawnDirection::Cone);
    e.spawnFrameSlot = 0;
    e.simulationFrameSlot = 1;
    SystemInstance s(e, material(), {.seed = 1});
    Transform at;
    at.position = vec3(2, 0, 0);
    s.setSlot(0, at);
    s.setSlot(1, worldSpace ? Transform{} : at);
    s.step(frame(0));
    EXPECT_NEAR(s.worldPosition(0).x, 2.0f, 1e-6f);
    at.position = vec3(12, 0, 0);
    s.setSlot(0, at);
    s.setSlot(1, worldSpace ? Transform{} : at);
    s.step(frame(1));
    EXPECT_NEAR(s.worldPosition(0).x, worldSpace ? 2.0f : 12.0f, 1e-5f);
  }
}

TEST(DestinyFrames, InterpolatedSpawnFrameSpreadsSpawns) {
  // Seed: "0x200 and 0x400 interpolate the spawn frame".
  EmitterDefinition e = makeEmitter(Knobs{.rate = 300}, SpawnShape::Point, SpawnDirection::Cone);
  e.flags = kFlagInterpolateSpawnA;
  SystemInstance s(e, material(), {.seed = 1});
  s.step(frame(0));  // 10 spawns at x = 0
  Transform at;
  at.position = vec3(10, 0, 0);
  s.setSlot(0, at);
  s.step(frame(1));
  ASSERT_EQ(s.liveCount(), 20u);
  for (size_t i = 10; i < 20; ++i) EXPECT_NEAR(s.worldPosition(i).x, float(i - 9), 1e-5f);
}

TEST(DestinyFrames, InheritParentVelocity) {
  // Seed: "Add the parent's velocity through inherit_parent_velocity."
  EmitterDefinition e =
      makeEmitter(Knobs{.rate = 30, .inherit = 0.5f}, SpawnShape::Point, SpawnDirection::Cone);
  SystemInstance s(e, material(), {.seed = 1});
  s.step(frame(0));
  Transform at;
  at.position = vec3(0, 1, 0);  // 1 wu in 1/30 s: 30 wu/s
  s.setSlot(0, at);
  s.step(frame(1));
  ASSERT_EQ(s.liveCount(), 2u);
  EXPECT_NEAR(s.worldVelocity(1).y, 15.0f, 1e-3f);
}

TEST(DestinyDeterminism, SameSeedSameBitsOtherSeedDiffers) {
  Knobs k{.rate = 90, .lifetime = 0.5f, .speed = 2, .radius = 1, .angle = 25, .gravity = 1};
  std::string program =
      std::string(kCopyInitial) + ".stage 4\nrandom\nload 1 1 xyzw\nmul\nstore 0 0 xyzw\n";
  auto run = [&](uint32_t seed) {
    SystemInstance s(makeEmitter(k, SpawnShape::SphereSurface, SpawnDirection::Cone, program),
                     material(), {.seed = seed});
    for (uint64_t n = 0; n < 45; ++n) s.step(frame(n));
    std::vector<float> out;
    for (size_t i = 0; i < s.liveCount(); ++i)
      for (int c = 0; c < 3; ++c) out.push_back(s.simPosition(i)[c]);
    return out;
  };
  auto a = run(7), b = run(7), c = run(8);
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(0, std::memcmp(a.data(), b.data(), a.size() * sizeof(float)));
  EXPECT_NE(a, c);
}

TEST(DestinyVm, BatchedAndOneAtATimeAgree) {
  // Batched execution over blocks of kLanes gives what one particle at a time gives (no random
  // ops), including a partial last block.
  std::string text =
      ".const 0.5 2 -1 0.25\n.stage 4\nload 1 0 xyzw\npush_const 0\nmul\nsin\nload 1 1 zwzw\nadd\n"
      "push_const 0\npush_const 0\nlerp\nload 1 1 xyzw\ndot\nstore 1 2 xyzw\nload 1 0 xxxx\nstore "
      "5 0 xyzw\n";
  AssembledProgram a;
  std::vector<std::string> errors;
  ASSERT_TRUE(assemble(text, a, errors));
  CompiledProgram p;
  Diagnostics d;
  ProgramLimits lim{.constants = 1, .stream0Vec4s = 1, .stream1Vec4s = 4, .transformSlots = 1};
  ASSERT_TRUE(compileProgram(a.bytes, a.stageLengths, a.constants, lim, p, d, "t", "/p", "/s"));
  const size_t n = 300, stride = 512;
  auto fill = [&](std::vector<float>& v) {
    v.assign(16 * stride, 0.0f);
    for (size_t f = 0; f < 8; ++f)
      for (size_t i = 0; i < n; ++i) v[f * stride + i] = float(i) * 0.01f + float(f);
  };
  std::vector<float> s1a, s1b, s0(4 * stride, 0.0f);
  fill(s1a);
  fill(s1b);
  std::array<float, 64> g2{}, g4{}, g5a{}, g5b{};
  std::array<vec4, 7> pos{}, rot{};
  Lcg rng{1};
  auto state = [&](std::vector<float>& s1, std::array<float, 64>& g5) {
    VmState st;
    st.stream[0] = s0.data();
    st.stream[1] = s1.data();
    st.stride = stride;
    st.systemGroup[0] = g2.data(), st.systemGroup[1] = g4.data(), st.systemGroup[2] = g5.data();
    st.slotPosition = pos.data(), st.slotRotation = rot.data(), st.rng = &rng;
    return st;
  };
  VmState sa = state(s1a, g5a), sb = state(s1b, g5b);
  std::vector<float> stack(stackFloats(kLanes));
  runStageBatched(p, 4, sa, 0, n, stack.data());
  runStageScalar(p, 4, sb, 0, n);
  for (size_t i = 0; i < n; ++i)
    for (size_t f = 8; f < 12; ++f) ASSERT_EQ(s1a[f * stride + i], s1b[f * stride + i]) << i;
  // A store to a system group keeps the last particle's value.
  EXPECT_EQ(g5a[0], s1a[299]);
  EXPECT_EQ(g5b[0], g5a[0]);
}

TEST(DestinyDebugger, TraceRunsOneParticleOnCopies) {
  std::string program = std::string(kCopyInitial) +
                        ".stage 4\nload 1 0 xyzw\npush_zero\nadd\nrandom\nstore 1 2 x_to_w\n";
  SystemInstance s(makeEmitter(Knobs{.speed = 1, .initialCount = 3}, SpawnShape::Point,
                               SpawnDirection::Cone, program),
                   material(), {.seed = 4});
  s.step(frame(0));
  vec3 before = s.simPosition(1);
  auto steps = s.trace(4, 1);
  ASSERT_EQ(steps.size(), 5u);
  EXPECT_EQ(steps[0].text, "load 1 0 xyzw");
  EXPECT_EQ(steps[0].stack.size(), 1u);
  EXPECT_EQ(steps[0].stack[0].x, before.x);
  EXPECT_EQ(steps[2].stack.size(), 1u);
  EXPECT_EQ(steps[3].stack.size(), 2u);
  EXPECT_EQ(steps[4].stack.size(), 1u);
  EXPECT_EQ(steps[4].offset, steps[3].offset + 1);
  // Nothing of the live system changed.
  EXPECT_EQ(s.simPosition(1), before);
  EXPECT_EQ(s.trace(4, 1)[3].stack[1], steps[3].stack[1]);
}

TEST(DestinyChannels, ObjectChannelsByIndexAndHash) {
  // Seed: "0x46, 0x47 push an object channel, or a hash-named one; zero when unbound".
  std::string program =
      std::string(kCopyInitial) +
      ".stage 4\npush_channel 1\nstore 0 0 x_to_x\npush_channel_named \"alive\"\nstore 0 0 x_to_y\n"
      "push_channel_named \"missing\"\nstore 0 0 x_to_z\n";
  EmitterDefinition e =
      makeEmitter(Knobs{.initialCount = 1}, SpawnShape::Point, SpawnDirection::Cone, program);
  e.channels[size_t(Ch::ParticleColor)] = {0, 0};
  SystemInstance s(e, material(), {.seed = 1});
  std::vector<Channel> channels = {{"power", 0.25f}, {"alive", 0.75f}};
  SystemStepInput in = frame(0);
  in.channels = &channels;
  s.step(in);
  in = frame(1);
  in.channels = &channels;
  s.step(in);
  EXPECT_EQ(s.channel(Ch::ParticleColor, 0, 0), 0.75f);  // index 1 is "alive"
  EXPECT_EQ(s.channel(Ch::ParticleColor, 1, 0), 0.75f);
  EXPECT_EQ(s.channel(Ch::ParticleColor, 2, 0), 0.0f);
}

}  // namespace
}  // namespace fx::destiny
