// The stride_particles simulation against Stride.Particles' code (issue 37 item 10): warm-up
// steps, the lifetime Stride keeps, new particles' old position and the position initializer's
// interpolation, each on a definition written here and stepped through the family's instance.
#include "tests/unit/stride/stride_test_util.h"

namespace fx::stride {
namespace {

const ParticlePool& pool(const StrideInstance& inst) {
  return inst.emitters()[0].pool;
}

// ParticleSystem.Update: on its first update the system warms up by calling every emitter's
// Update with min(remaining, 1/30 s) until WarmupTime is used up, then steps by dt. A per-frame
// spawner adds one particle per emitter update, so the count tells the number of updates.
TEST(StrideEngineCode, WarmUpStepsAreAThirtiethOfASecond) {
  auto def = test::definitionFromJson(R"({"warm_up_time": 0.1, "emitters": [{
      "particle_lifetime": [100, 100],
      "spawners": [{"type": "per_frame", "particles_per_frame": 1}]}]})");
  StrideInstance inst(*def, {.seed = 1});
  inst.stepWith(1.0f / 120.0f, Transform{}, nullptr);
  const ParticlePool& p = pool(inst);
  EXPECT_EQ(p.count, 3u + 1u);  // 1/30 + 1/30 + 1/30 (float: a last sliver is not left) + dt
  // The oldest particle aged through the later two warm-up steps and the frame.
  EXPECT_NEAR((1.0f - p.life[0]) * 100.0f, 2.0f / 30.0f + 1.0f / 120.0f, 1e-5f);

  auto part = test::definitionFromJson(R"({"warm_up_time": 0.05, "emitters": [{
      "particle_lifetime": [100, 100],
      "spawners": [{"type": "per_frame", "particles_per_frame": 1}]}]})");
  StrideInstance inst2(*part, {.seed = 1});
  inst2.stepWith(1.0f / 120.0f, Transform{}, nullptr);
  const ParticlePool& q = pool(inst2);
  EXPECT_EQ(q.count, 2u + 1u);  // 1/30, the remainder 1/60, then dt
  EXPECT_NEAR((1.0f - q.life[0]) * 100.0f, 1.0f / 60.0f + 1.0f / 120.0f, 1e-5f);
  inst2.stepWith(1.0f / 120.0f, Transform{}, nullptr);
  EXPECT_EQ(q.count, 4u);  // only once
}

// ParticleEmitter.ParticleLifetime's setter keeps (1, 1) for a maximum below the minimum; the
// definition does the same, and `check` warns naming the field.
TEST(StrideEngineCode, AReversedLifetimeIsOneSecond) {
  auto def = test::definitionFromJson(R"({"emitters": [{"particle_lifetime": [3, 2],
      "spawners": [{"type": "burst", "particle_count": 4, "loop": "one_shot"}]}]})");
  StrideInstance inst(*def, {.seed = 1});
  inst.stepWith(1.0f / 60.0f, Transform{}, nullptr);
  ASSERT_EQ(pool(inst).count, 4u);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(pool(inst).lifetime[i], 1.0f);
  Diagnostics d;
  Scene scene;
  def->lint(nullptr, scene, EffectPlacement{}, d, "p.json", "/effects/0/definition");
  EXPECT_NE(d.formatAll().find("/effects/0/definition/emitters/0/particle_lifetime"),
            std::string::npos)
      << d.formatAll();
  EXPECT_NE(d.formatAll().find("Stride rejects it and keeps (1, 1)"), std::string::npos)
      << d.formatAll();
}

// InitialDefaultFields.Initialize puts a new particle's Position and OldPosition at the emitter's
// world position; InitialPositionSeed (and InitialPositionParent) set both to the position they
// choose, InitialPositionArc only the Position. Direction from speed needs the old position.
TEST(StrideEngineCode, NewParticlesOldPositionIsTheEmittersUnlessThePositionInitializerSetsIt) {
  const std::string head = R"({"emitters": [{"particle_lifetime": [100, 100],
      "spawners": [{"type": "burst", "particle_count": 1, "loop": "one_shot"}],
      "updaters": [{"type": "direction_from_speed"}], "initializers": [)";
  Transform at;
  at.position = vec3(1, 2, 3);
  auto arc = test::definitionFromJson(head + R"({"type": "position_arc",
      "fallback_target": [0, 0, -4], "position_min": [0, 0, 0], "position_max": [0, 0, 0],
      "ordered": false}]}]})");
  StrideInstance a(*arc, {.seed = 1});
  a.stepWith(1.0f / 60.0f, at, nullptr);
  ASSERT_EQ(pool(a).count, 1u);
  EXPECT_EQ(pool(a).oldPosition[0], at.position);
  EXPECT_NE(pool(a).position[0], at.position);

  auto seed = test::definitionFromJson(head + R"({"type": "position",
      "position_min": [0, 5, 0], "position_max": [0, 5, 0]}]}]})");
  StrideInstance s(*seed, {.seed = 1});
  s.stepWith(1.0f / 60.0f, at, nullptr);
  ASSERT_EQ(pool(s).count, 1u);
  EXPECT_EQ(pool(s).position[0], vec3(1, 7, 3));
  EXPECT_EQ(pool(s).oldPosition[0], vec3(1, 7, 3));
}

// InitialPositionSeed.Initialize with Interpolate: positionDistance = the position at its last
// call - the position now (zero on the first call); particle k of the n spawned gets
// positionDistance x k x stepF, stepF = 1 / (n - 1) when n - 1 > 1, else 1. So the first is at
// the new position and the last at the old one; the calls happen only when particles spawn.
TEST(StrideEngineCode, InterpolatedPositionsRunFromTheNewToTheOldPosition) {
  for (int n : {4, 2}) {
    auto def = test::definitionFromJson(
        R"({"emitters": [{"particle_lifetime": [100, 100],
        "spawners": [{"type": "per_frame", "particles_per_frame": )" +
        std::to_string(n) + R"(}], "initializers": [{"type": "position", "interpolate": true,
        "position_min": [0, 0, 0], "position_max": [0, 0, 0]}]}]})");
    StrideInstance inst(*def, {.seed = 1});
    Transform t;
    inst.stepWith(1.0f / 60.0f, t, nullptr);
    const ParticlePool& p = pool(inst);
    ASSERT_EQ(p.count, size_t(n));
    for (int k = 0; k < n; ++k) EXPECT_EQ(p.position[size_t(k)], vec3(0.0f));  // first call
    t.position = vec3(3, 0, 0);
    inst.stepWith(1.0f / 60.0f, t, nullptr);
    ASSERT_EQ(p.count, size_t(2 * n));
    const float stepF = n > 2 ? 1.0f / float(n - 1) : 1.0f;
    for (int k = 0; k < n; ++k) {
      vec3 want(3.0f - 3.0f * float(k) * stepF, 0, 0);
      EXPECT_NEAR(p.position[size_t(n + k)].x, want.x, 1e-6f) << n << " " << k;
    }
    EXPECT_NEAR(p.position[size_t(2 * n - 1)].x, 0.0f, 1e-6f);  // the last at the old position
  }
}

// UpdaterCollider.Update without a FieldShape: isInside stays false and the surface point
// (0, 0, 0) with normal +Y, so a solid collider never collides and a hollow one puts every
// particle at the origin, its velocity reflected off -Y.
TEST(StrideEngineCode, AColliderWithoutAShape) {
  for (bool hollow : {false, true}) {
    UpdaterModule m =
        test::updater("collider",
                      std::string(R"("shape": {"type": "none"}, "restitution": 0.5, "friction": 0,
        "is_hollow": )") + (hollow ? "true" : "false"));
    ParticlePool p = test::onePool(vec3(2, 3, 4), vec3(1, 2, 0));
    updateCollider(m, test::identityWorld(), p);
    if (!hollow) {
      EXPECT_EQ(p.position[0], vec3(2, 3, 4));
      EXPECT_EQ(p.collision[0], 0);
      continue;
    }
    EXPECT_EQ(p.position[0], vec3(0.0f));
    EXPECT_EQ(p.collision[0], 1);
    EXPECT_EQ(p.velocity[0], vec3(1, -1, 0));  // the Y part along -normal, times -restitution
  }
}

}  // namespace
}  // namespace fx::stride
