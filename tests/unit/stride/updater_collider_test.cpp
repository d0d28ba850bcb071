// Collider (seed 003 "Collider"; reference stride notes §2.3).
#include "tests/unit/stride/stride_test_util.h"

#include <cstring>
#include <random>

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {
namespace {

void expectVec(vec3 a, vec3 b, float eps = 1e-5f) {
  EXPECT_NEAR(a.x, b.x, eps);
  EXPECT_NEAR(a.y, b.y, eps);
  EXPECT_NEAR(a.z, b.z, eps);
}

// A floor: a box whose top face is y = 0.
UpdaterModule floorCollider(const std::string& extra = "") {
  return test::updater("collider", R"("shape": {"type": "box", "half_size": [10, 1, 10]})" +
                                       (extra.empty() ? std::string() : ", " + extra));
}
ModuleWorld floorWorld() {
  ModuleWorld w;
  w.position = vec3(0, -1, 0);
  return w;
}

// Seed: "In this updater we use restitution as a vertical only speed. It doesn't affect the speed
// along the surface." and friction: "It only affects the speed along the surface, and doesn't
// change the height at which the particle will bounce."
TEST(StrideCollider, RestitutionIsVerticalOnlyAndFrictionHorizontalOnly) {
  UpdaterModule m = floorCollider(R"("restitution": 0.5, "friction": 0.1)");
  ParticlePool p = test::onePool(vec3(1, -0.05f, 2), vec3(3, -4, 1));
  updateCollider(m, floorWorld(), p);
  expectVec(p.position[0], vec3(1, 0, 2));           // snapped to the surface
  expectVec(p.velocity[0], vec3(2.7f, 2.0f, 0.9f));  // up: 4 x 0.5; along: x 0.9
  EXPECT_EQ(p.collision[0], 1);

  // Restitution alone leaves the surface speed; friction alone leaves the bounce height.
  m = floorCollider(R"("restitution": 0.25, "friction": 0)");
  p = test::onePool(vec3(0, -0.01f, 0), vec3(3, -4, 0));
  updateCollider(m, floorWorld(), p);
  expectVec(p.velocity[0], vec3(3, 1, 0));
  m = floorCollider(R"("restitution": 1, "friction": 1)");
  p = test::onePool(vec3(0, -0.01f, 0), vec3(3, -4, 0));
  updateCollider(m, floorWorld(), p);
  expectVec(p.velocity[0], vec3(0, 4, 0));
}

// Seed: "If unchecked, the shape is solid and the particles will bounce off it, staying outside."
TEST(StrideCollider, SolidShapesLeaveOutsideParticlesAlone) {
  UpdaterModule m = floorCollider();
  ParticlePool p = test::onePool(vec3(0, 0.5f, 0), vec3(0, -1, 0));
  updateCollider(m, floorWorld(), p);
  expectVec(p.position[0], vec3(0, 0.5f, 0));
  expectVec(p.velocity[0], vec3(0, -1, 0));
  EXPECT_EQ(p.collision[0], 0);
}

// Seed: "If checked, the shape is hollow, like a container, and the particles will be restricted
// to the inside volume only." Every shape keeps a swarm inside through many frames.
TEST(StrideCollider, HollowShapesConfineParticles) {
  for (const char* shapeJson :
       {R"({"type": "sphere", "radius": 2})", R"({"type": "box", "half_size": [2, 1, 3]})",
        R"({"type": "cylinder", "radius": 2, "half_height": 1})",
        R"({"type": "torus", "big_radius": 2, "small_radius": 0.4})"}) {
    SCOPED_TRACE(shapeJson);
    UpdaterModule m = test::updater(
        "collider", std::string(R"("is_hollow": true, "restitution": 1, "shape": )") + shapeJson);
    ParticlePool p;
    p.layout(kFieldVelocity | kFieldCollision, 64);
    for (int i = 0; i < 64; ++i) {
      size_t k = p.add();
      float a = float(i) * 0.7f;
      p.position[k] = m.shape.type == ShapeKind::Torus ? vec3(2, 0, 0) : vec3(0.0f);
      p.velocity[k] = vec3(std::cos(a) * 3.0f, std::sin(a * 1.3f) * 2.0f, std::sin(a) * 3.0f);
    }
    const float dt = 1.0f / 60.0f;
    for (int frame = 0; frame < 600; ++frame) {
      for (size_t k = 0; k < p.count; ++k) p.position[k] += p.velocity[k] * dt;
      updateCollider(m, ModuleWorld{}, p);
      for (size_t k = 0; k < p.count; ++k) {
        SurfaceHit hit = closestSurface(m.shape, ModuleWorld{}, p.position[k]);
        bool onSurface = glm::length(hit.surface - p.position[k]) < 1e-4f;
        ASSERT_TRUE(hit.inside || onSurface) << "frame " << frame << " particle " << k;
      }
    }
  }
}

// Seed: "If checked, the particles will be killed immediately when they first collide with the
// shape." The engine marks the particle's life 1e-6 and removes it at the start of the next frame.
TEST(StrideCollider, KillParticlesOnFirstCollision) {
  auto def = test::definitionFromJson(R"({"emitters": [{"particle_lifetime": [10, 10],
    "spawners": [{"type": "burst", "particle_count": 1, "loop": "one_shot"}],
    "initializers": [{"type": "position", "position_min": [0, 1, 0], "position_max": [0, 1, 0]},
                     {"type": "velocity", "velocity_min": [0, -6.3, 0], "velocity_max": [0, -6.3, 0]}],
    "updaters": [{"type": "collider", "kill_particles": true, "shape": {"type": "box", "half_size": [5, 1, 5]},
                  "position_offset": [0, -1, 0]}]}]})");
  StrideInstance inst(*def, InstanceContext{.seed = 7});
  const float dt = 1.0f / 60.0f;
  int frame = 0;
  bool collided = false;
  for (; frame < 60 && !collided; ++frame) {
    inst.stepWith(dt, Transform{}, nullptr);
    const ParticlePool& p = inst.emitters()[0].pool;
    ASSERT_EQ(p.count, 1u);
    collided = p.collision[0] != 0;
    if (collided) {
      EXPECT_FLOAT_EQ(p.life[0], 1e-6f);
      EXPECT_NEAR(p.position[0].y, 0.0f, 1e-6f);
    }
  }
  ASSERT_TRUE(collided);
  EXPECT_EQ(frame, 11);  // spawned on frame 1 at y = 1; 10 moves of 0.105 m cross y = 0
  inst.stepWith(dt, Transform{}, nullptr);
  EXPECT_EQ(inst.emitters()[0].pool.count, 0u);
}

// Reference stride notes §2.3: "vn = n.v ... a particle already leaving keeps its direction,
// scaled" — only incoming normal speed is reflected.
TEST(StrideCollider, LeavingParticlesAreNotTurnedBack) {
  UpdaterModule m = floorCollider(R"("restitution": 0.5, "friction": 0)");
  ParticlePool p = test::onePool(vec3(0, -0.01f, 0), vec3(0, 2, 0));
  updateCollider(m, floorWorld(), p);
  expectVec(p.velocity[0], vec3(0, 1, 0));
}

// Each shape's closest point and outward normal.
TEST(StrideCollider, SurfacePointsPerShape) {
  ShapeParams s;
  DefaultsVisitor d;
  s.reflect(d);
  s.type = ShapeKind::Sphere;
  s.radius = 2.0f;
  SurfaceHit h = closestSurface(s, ModuleWorld{}, vec3(0, 3, 0));
  EXPECT_FALSE(h.inside);
  expectVec(h.surface, vec3(0, 2, 0));
  expectVec(h.normal, vec3(0, 1, 0));

  s.type = ShapeKind::Cylinder;
  s.radius = 1.0f;
  s.halfHeight = 2.0f;
  h = closestSurface(s, ModuleWorld{}, vec3(0.9f, 0.5f, 0));
  EXPECT_TRUE(h.inside);
  expectVec(h.surface, vec3(1, 0.5f, 0));
  expectVec(h.normal, vec3(1, 0, 0));
  h = closestSurface(s, ModuleWorld{}, vec3(0.1f, 1.95f, 0));
  expectVec(h.surface, vec3(0.1f, 2, 0));
  expectVec(h.normal, vec3(0, 1, 0));

  s.type = ShapeKind::Torus;
  s.bigRadius = 2.0f;
  s.smallRadius = 0.25f;  // tube 0.5 m
  h = closestSurface(s, ModuleWorld{}, vec3(0, 1, 2));
  EXPECT_FALSE(h.inside);
  expectVec(h.surface, vec3(0, 0.5f, 2));
  expectVec(h.normal, vec3(0, 1, 0));
}

// The collider runs over the pool's arrays (the box in a vectorised block loop); each particle
// must get the bits of the single-point query closestSurface and the seed's bounce, for every
// shape, solid and hollow, inside, outside, on the faces and at non-finite positions.
TEST(StrideCollider, ArrayLoopGivesTheBitsOfTheSinglePointQuery) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> coord(-3.0f, 3.0f);
  const char* shapes[] = {R"({"type": "box", "half_size": [1.5, 0.5, 1.2]})",
                          R"({"type": "sphere", "radius": 1.3})",
                          R"({"type": "cylinder", "radius": 1.2, "half_height": 0.8})",
                          R"({"type": "torus", "big_radius": 1.5, "small_radius": 0.4})"};
  ModuleWorld w;
  w.position = vec3(0.2f, -0.4f, 0.1f);
  w.rotation = glm::normalize(quat(0.9f, 0.2f, -0.3f, 0.1f));
  w.scale = vec3(1.1f, 0.9f, 1.3f);
  for (const char* shape : shapes)
    for (bool hollow : {false, true}) {
      UpdaterModule m = test::updater(
          "collider", std::string(R"("shape": )") + shape + R"(, "restitution": 0.45, )" +
                          R"("friction": 0.25, "kill_particles": true, "is_hollow": )" +
                          (hollow ? "true" : "false"));
      const size_t n = 1000;
      ParticlePool p;
      p.layout(kFieldVelocity | kFieldCollision, n);
      for (size_t k = 0; k < n; ++k) {
        size_t i = p.add();
        p.position[i] = vec3(coord(rng), coord(rng), coord(rng));
        p.velocity[i] = vec3(coord(rng), coord(rng), coord(rng));
        p.life[i] = 0.5f;
      }
      // Exactly on faces and axes, and non-finite.
      p.position[0] = w.position;
      p.position[1] = vec3(NAN, 0.0f, 0.0f);
      p.position[2] = vec3(INFINITY, 1.0f, -INFINITY);
      p.position[3] = w.position + w.rotation * vec3(0.0f, 0.5f * w.scale.y, 0.0f);
      ParticlePool expected = p;
      for (size_t i = 0; i < n; ++i) {
        SurfaceHit hit = closestSurface(m.shape, w, expected.position[i]);
        expected.collision[i] = 0;
        if (hollow == hit.inside) continue;
        vec3 nrm = hollow ? -hit.normal : hit.normal;
        expected.position[i] = hit.surface;
        vec3 v = expected.velocity[i];
        float vn = glm::dot(v, nrm);
        vec3 normalPart = nrm * vn;
        expected.velocity[i] = (v - normalPart) * (1.0f - m.friction) +
                               normalPart * (vn > 0.0f ? m.restitution : -m.restitution);
        expected.collision[i] = 1;
        expected.life[i] = 1e-6f;
      }
      updateCollider(m, w, p);
      auto same = [](vec3 a, vec3 b) { return std::memcmp(&a, &b, sizeof(vec3)) == 0; };
      for (size_t i = 0; i < n; ++i) {
        SCOPED_TRACE(testing::Message()
                     << shape << (hollow ? " hollow" : " solid") << ", particle " << i);
        ASSERT_TRUE(same(p.position[i], expected.position[i]));
        ASSERT_TRUE(same(p.velocity[i], expected.velocity[i]));
        ASSERT_EQ(p.collision[i], expected.collision[i]);
        ASSERT_EQ(p.life[i], expected.life[i]);
      }
    }
}

}  // namespace
}  // namespace fx::stride
