// Child particles (reference stride_runtime §5): from_parent with each trigger, the parent's
// one-frame death delay, spawn-count clamps and carry, control groups against random parents,
// the parent initializers; the preview's reset_seconds restart and the per-emitter figures.
#include <cmath>

#include "engine/effects/stride/stride_children.h"
#include "engine/effects/stride/stride_order.h"
#include "engine/scene/scene.h"
#include "tests/unit/stride/stride_test_util.h"

namespace fx::stride {
namespace {

constexpr float kDt = 1.0f / 60.0f;

const ParticlePool& pool(const StrideInstance& inst, size_t e) {
  return inst.emitters()[e].pool;
}

void run(StrideInstance& inst, int frames) {
  for (int i = 0; i < frames; ++i) inst.stepWith(kDt, Transform{}, nullptr);
}

// A system of a parent emitter `Main` and a child emitter `Kids` listed after it.
std::string system(const std::string& parent, const std::string& child) {
  return R"({"emitters": [{"name": "Main", )" + parent + R"(}, {"name": "Kids", )" + child + "}]}";
}

// The child emitter: a from_parent spawner with `spawner` fields, then `initializers`.
std::string child(const std::string& spawner, const std::string& initializers = "[]") {
  return R"("particle_lifetime": [100, 100], "max_particles_override": 10000,
    "spawners": [{"type": "from_parent", "parent_emitter": "Main", )" +
         spawner + R"(}], "initializers": )" + initializers;
}

// One parent particle at `at` moving at `velocity`, living `life` seconds.
std::string oneParent(const std::string& at, const std::string& velocity, float life,
                      const std::string& updaters = "[]") {
  return R"("particle_lifetime": [)" + std::to_string(life) + ", " + std::to_string(life) +
         R"(], "spawners": [{"type": "burst", "particle_count": 1, "loop": "one_shot"}],
    "initializers": [{"type": "position", "position_min": )" +
         at + R"(, "position_max": )" + at + R"(},
      {"type": "velocity", "velocity_min": )" +
         velocity + R"(, "velocity_max": )" + velocity + R"(}],
    "updaters": )" +
         updaters;
}

// Stride's SpawnerFromParent + ParticleSpawnTriggerDeath + DelayParticleDeath: the parent keeps
// its dying particle one more frame at life 1e-6, and the child (updated after it) spawns then,
// where the parent died.
TEST(StrideChildren, OnDeathSpawnsTheFrameTheParentDiesWhichItKeepsOneFrameMore) {
  auto def = test::definitionFromJson(system(
      oneParent("[0, 0, 0]", "[6, 0, 0]", 0.1f),
      child(
          R"("trigger": "on_death", "spawn_count": [3, 3])",
          R"([{"type": "position_parent", "parent_emitter": "Main", "position_min": [0, 0, 0], "position_max": [0, 0, 0]}])")));
  StrideInstance inst(*def, {.seed = 1});
  int diedAt = -1;
  for (int frame = 1; frame <= 12 && diedAt < 0; ++frame) {
    run(inst, 1);
    const ParticlePool& parent = pool(inst, 0);
    ASSERT_EQ(parent.count, 1u) << "frame " << frame;
    if (parent.life[0] <= 1e-6f) {
      diedAt = frame;
      EXPECT_FLOAT_EQ(parent.life[0], 1e-6f);  // Stride parks it at ZeroTolerance
      ASSERT_EQ(pool(inst, 1).count, 3u);
      for (size_t i = 0; i < 3; ++i) EXPECT_EQ(pool(inst, 1).position[i], parent.position[0]);
    } else {
      EXPECT_EQ(pool(inst, 1).count, 0u) << "frame " << frame;
    }
  }
  ASSERT_GT(diedAt, 0);
  run(inst, 1);  // removed one frame late; no second trigger
  EXPECT_EQ(pool(inst, 0).count, 0u);
  EXPECT_EQ(pool(inst, 1).count, 3u);

  // Without a child the same parent leaves the frame its life runs out.
  auto alone = test::definitionFromJson(R"({"emitters": [{"name": "Main", )" +
                                        oneParent("[0, 0, 0]", "[6, 0, 0]", 0.1f) + "}]}");
  StrideInstance solo(*alone, {.seed = 1});
  run(solo, diedAt);
  EXPECT_EQ(pool(solo, 0).count, 0u);
}

// ParticleSpawnTriggerCollision reads the parent's collision flag, which its collider sets.
TEST(StrideChildren, OnHitFollowsTheParentsCollisionFlag) {
  const char* floor = R"([{"type": "gravity"}, {"type": "collider", "shape": {"type": "box",
      "half_size": [5, 1, 5]}, "position_inheritance": false, "position_offset": [0, -1, 0],
      "restitution": 0.8}])";
  auto def =
      test::definitionFromJson(system(oneParent("[0, 0.5, 0]", "[0, 0, 0]", 100.0f, floor),
                                      child(R"("trigger": "on_hit", "spawn_count": [1, 1])")));
  StrideInstance inst(*def, {.seed = 1});
  size_t hits = 0;
  for (int frame = 0; frame < 120; ++frame) {
    size_t before = pool(inst, 1).count;
    run(inst, 1);
    uint8_t hit = pool(inst, 0).collision[0];
    hits += hit;
    EXPECT_EQ(pool(inst, 1).count - before, size_t(hit)) << "frame " << frame;
  }
  EXPECT_GT(hits, 0u);
}

// ParticleSpawnTriggerBirth: age <= 1e-6, the frame the parent is spawned.
TEST(StrideChildren, OnBirthSpawnsForEachNewParent) {
  auto def = test::definitionFromJson(system(
      R"("particle_lifetime": [2, 2], "spawners": [{"type": "per_second", "particles_per_second": 45}])",
      child(R"("trigger": "on_birth", "spawn_count": [2, 2])")));
  StrideInstance inst(*def, {.seed = 1});
  for (int frame = 0; frame < 30; ++frame) {
    uint64_t parents = inst.emitters().empty() ? 0 : inst.emitters()[0].spawned;
    size_t kids = inst.emitters().empty() ? 0 : pool(inst, 1).count;
    run(inst, 1);
    EXPECT_EQ(pool(inst, 1).count - kids, 2 * (inst.emitters()[0].spawned - parents));
  }
  EXPECT_GT(pool(inst, 1).count, 0u);
}

// Parents at chosen ages and positions, straight into a pool (the spawner alone).
ParticlePool parents(std::initializer_list<float> lives, uint32_t extra = 0) {
  ParticlePool p;
  p.layout(kFieldOldPosition | childrenField(0) | extra, 16);
  for (float life : lives) {
    size_t i = p.add();
    p.life[i] = life;
    p.seed[i] = uint32_t(i * 7 + 3);
  }
  return p;
}

SpawnerModule fromParent(const std::string& fields) {
  SpawnerModule s;
  DefaultsVisitor d;
  s.reflect(d);
  Diagnostics diags;
  readFields(
      Json::parse(R"({"type": "from_parent", )" + fields + "}"),
      [&](FieldVisitor& v) { s.reflect(v); }, {.file = "test.json"}, diags);
  EXPECT_TRUE(diags.items.empty()) << diags.formatAll();
  return s;
}

SpawnerRuntime active() {
  SpawnerRuntime rt;
  rt.phase = SpawnerPhase::Active;
  return rt;
}

// ParticleSpawnTriggerLifetime: (age >= lower) ^ (age <= upper) ^ (lower <= upper).
TEST(StrideChildren, LifetimeTriggerRangeAndItsReversedWrap) {
  ParticlePool p = parents({0.9f, 0.5f, 0.1f});  // ages 0.1, 0.5, 0.9
  auto inRange = fromParent(
      R"("trigger": "lifetime", "lifetime_lower_limit": 0.3, "lifetime_upper_limit": 0.7, "spawn_count": [1, 1])");
  EXPECT_EQ(spawnFromParent(inRange, active(), {nullptr, &p}), 1);
  EXPECT_EQ(p.children[0][1].toEmit, 1u);
  EXPECT_EQ(p.children[0][0].toEmit, 0u);
  auto wrapped = fromParent(
      R"("trigger": "lifetime", "lifetime_lower_limit": 0.7, "lifetime_upper_limit": 0.3, "spawn_count": [1, 1])");
  EXPECT_EQ(spawnFromParent(wrapped, active(), {nullptr, &p}), 2);
  EXPECT_EQ(p.children[0][0].toEmit, 1u);
  EXPECT_EQ(p.children[0][1].toEmit, 0u);
  EXPECT_EQ(p.children[0][2].toEmit, 1u);
}

// ParticleSpawnTriggerDistance: the count times the distance moved this frame; the fraction is
// carried per parent; a parent records at most 255 children a frame (the sum is not cut).
TEST(StrideChildren, DistanceMultipliesTheCountCarriesTheFractionAndRecordsAtMost255) {
  ParticlePool p = parents({0.5f});
  p.position[0] = vec3(2, 0, 0);  // moved 2 m this frame
  EXPECT_EQ(spawnFromParent(fromParent(R"("trigger": "distance", "spawn_count": [1.5, 1.5])"),
                            active(), {nullptr, &p}),
            3);
  p.position[0] = vec3(1, 0, 0);
  p.children[0][0] = {};
  auto slow = fromParent(R"("trigger": "distance", "spawn_count": [0.5, 0.5])");
  std::vector<int> counts;
  for (int f = 0; f < 5; ++f) counts.push_back(spawnFromParent(slow, active(), {nullptr, &p}));
  EXPECT_EQ(counts, (std::vector<int>{0, 1, 0, 1, 0}));  // 0.5, 1.0, 0.5, 1.0, 0.5
  p.position[0] = vec3(4, 0, 0);
  EXPECT_EQ(spawnFromParent(fromParent(R"("trigger": "distance", "spawn_count": [250, 250])"),
                            active(), {nullptr, &p}),
            1000);
  EXPECT_EQ(p.children[0][0].toEmit, 255u);
  // Not while the spawner is not active, and never without the group's field or a trigger.
  EXPECT_EQ(spawnFromParent(slow, SpawnerRuntime{}, {nullptr, &p}), 0);
  EXPECT_EQ(spawnFromParent(fromParent(R"("trigger": "distance", "control_group": "group_1")"),
                            active(), {nullptr, &p}),
            0);
  EXPECT_EQ(spawnFromParent(fromParent(R"("spawn_count": [5, 5])"), active(), {nullptr, &p}), 0);
}

// SpawnCount: each parent draws min + (max - min) x its seed's float at offset 0; the range is
// 0..250 (JSON beyond it is an error naming the pointer).
TEST(StrideChildren, SpawnCountIsPerParentRandomAndBounded) {
  ParticlePool p = parents({0.5f, 0.5f, 0.5f});
  for (size_t i = 0; i < 3; ++i) p.position[i] = vec3(1, 0, 0);
  auto s = fromParent(R"("trigger": "distance", "spawn_count": [10, 20])");
  spawnFromParent(s, active(), {nullptr, &p});
  for (size_t i = 0; i < 3; ++i) {
    float f = 10.0f + 10.0f * RandomSeed{p.seed[i]}.getFloat(0);
    EXPECT_EQ(p.children[0][i].toEmit, uint32_t(std::floor(f)));
    EXPECT_FLOAT_EQ(p.children[0][i].carry, f - std::floor(f));
  }
  Diagnostics d;
  test::definitionFromJson(
      system(R"("spawners": [])", child(R"("trigger": "on_death", "spawn_count": [1, 300])")), &d);
  EXPECT_NE(d.formatAll().find("/emitters/1/spawners/0/spawn_count"), std::string::npos)
      << d.formatAll();
}

// Three parents born on frame 1, each with its own random position, size and colour.
std::string threeParents(const std::string& extraInit = "") {
  std::string s = R"("particle_lifetime": [100, 100], "spawners": [{"type": "burst",
      "particle_count": 3, "loop": "one_shot"}], "initializers": [{"type": "position",
      "position_min": [0, 0, 0], "position_max": [30, 0, 0]}, {"type": "velocity",
      "velocity_min": [0, 3, 0], "velocity_max": [0, 3, 0]}, {"type": "size", "random_size": [1, 4]},
      {"type": "color", "color_min": {"r": 1, "g": 0, "b": 0, "a": 0.5},
       "color_max": {"r": 0, "g": 0, "b": 1, "a": 1}})";
  return s + extraInit + "]";
}

// With the spawner's control group, children are given to the parents in pool order, each
// exactly its recorded count; without it (none, or a group no spawner records) each child takes a
// random parent: index = count x its seed's float at 1112 + parent_seed_offset.
TEST(StrideChildren, ControlGroupGivesEachParentItsChildrenElseRandomParents) {
  auto make = [](const std::string& group) {
    return test::definitionFromJson(system(
        threeParents(),
        child(
            R"("trigger": "on_birth", "spawn_count": [2, 2])",
            R"([{"type": "position_parent", "parent_emitter": "Main", "position_min": [0, 0, 0], "position_max": [0, 0, 0],
                   "parent_seed_offset": 5, "control_group": ")" +
                group + R"("}])")));
  };
  auto grouped = make("group_0");
  StrideInstance a(*grouped, {.seed = 1});
  run(a, 1);
  const ParticlePool& par = pool(a, 0);
  ASSERT_EQ(par.count, 3u);
  ASSERT_EQ(pool(a, 1).count, 6u);
  for (size_t k = 0; k < 6; ++k) EXPECT_EQ(pool(a, 1).position[k], par.position[k / 2]) << k;

  for (const char* group : {"none", "group_2"}) {
    auto random = make(group);
    StrideInstance b(*random, {.seed = 1});
    run(b, 1);
    const ParticlePool& kids = pool(b, 1);
    ASSERT_EQ(kids.count, 6u);
    for (size_t k = 0; k < 6; ++k) {
      size_t index = size_t(3.0f * RandomSeed{kids.seed[k]}.getFloat(offset::k1A + 5));
      EXPECT_EQ(kids.position[k], pool(b, 0).position[index]) << group << " " << k;
    }
  }
}

// InitialPositionParent: the children of one parent this frame lie from its position towards its
// old position, child k at k / n of the way.
TEST(StrideChildren, PositionParentSpreadsBetweenOldAndNewPosition) {
  // The parent keeps old positions for its direction updater (Stride interpolates only then).
  auto def = test::definitionFromJson(system(
      oneParent("[0, 0, 0]", "[60, 0, 0]", 100.0f, R"([{"type": "direction_from_speed"}])"),
      child(
          R"("trigger": "lifetime", "spawn_count": [4, 4])",
          R"([{"type": "position_parent", "parent_emitter": "Main", "position_min": [0, 1, 0], "position_max": [0, 1, 0]}])")));
  StrideInstance inst(*def, {.seed = 1});
  run(inst, 2);  // frame 2: the parent moved from x = 0 to x = 1
  const ParticlePool& kids = pool(inst, 1);
  ASSERT_EQ(kids.count, 8u);
  for (size_t k = 0; k < 4; ++k) {
    EXPECT_NEAR(kids.position[4 + k].x, 1.0f - 0.25f * float(k), 1e-5f) << k;
    EXPECT_FLOAT_EQ(kids.position[4 + k].y, 1.0f);  // the box, around the parent
  }
}

// InitialVelocityParent, InitialColorParent, InitialSizeParent: the module's own random value
// with the parent's velocity x factor added, or times its colour (then premultiplied) or size.
TEST(StrideChildren, VelocityColorAndSizeFromTheParent) {
  auto def = test::definitionFromJson(
      system(threeParents(), child(R"("trigger": "on_birth", "spawn_count": [1, 1])", R"([
        {"type": "velocity_parent", "parent_emitter": "Main", "parent_velocity_factor": 0.25, "velocity_min": [1, 0, 0],
         "velocity_max": [1, 0, 0]},
        {"type": "color_parent", "parent_emitter": "Main", "color_min": {"r": 0.5, "g": 1, "b": 1, "a": 0.5},
         "color_max": {"r": 0.5, "g": 1, "b": 1, "a": 0.5}},
        {"type": "size_parent", "parent_emitter": "Main", "random_size": [0.5, 0.5]}])")));
  StrideInstance inst(*def, {.seed = 1});
  run(inst, 1);
  const ParticlePool& par = pool(inst, 0);
  const ParticlePool& kids = pool(inst, 1);
  ASSERT_EQ(kids.count, 3u);
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(kids.velocity[k], vec3(1, 0.75f, 0));
    vec4 c = vec4(0.5f, 1, 1, 0.5f) * par.color[k];
    EXPECT_EQ(kids.color[k], vec4(vec3(c) * c.a, c.a));
    EXPECT_FLOAT_EQ(kids.size[k], 0.5f * par.size[k]);
  }
}

// InitialOrderParent: (parent Order << 16) | the parent's child counter, which each child
// advances; a parent without Order leaves the initializer's own counter.
TEST(StrideChildren, OrderParentBitLayout) {
  auto def = test::definitionFromJson(
      system(threeParents(R"(, {"type": "spawn_order"})"),
             child(R"("trigger": "lifetime", "spawn_count": [2, 2])",
                   R"([{"type": "order_parent", "parent_emitter": "Main"}])")));
  StrideInstance inst(*def, {.seed = 1});
  run(inst, 2);
  const ParticlePool& par = pool(inst, 0);
  const ParticlePool& kids = pool(inst, 1);
  ASSERT_TRUE(par.has(kFieldChildOrder));
  ASSERT_EQ(kids.count, 12u);
  for (size_t f = 0; f < 2; ++f)
    for (size_t k = 0; k < 6; ++k) {
      uint32_t parentOrder = par.order[k / 2];
      uint32_t counter = uint32_t(f * 2 + k % 2);
      EXPECT_EQ(kids.order[f * 6 + k], (parentOrder << 16) | counter) << f << " " << k;
    }
  EXPECT_EQ(par.childOrder[0], 4u);
  EXPECT_EQ(order::group(kids.order[7]), par.order[0]);

  auto plain = test::definitionFromJson(
      system(threeParents(), child(R"("trigger": "on_birth", "spawn_count": [2, 2])",
                                   R"([{"type": "order_parent", "parent_emitter": "Main"}])")));
  StrideInstance noOrder(*plain, {.seed = 1});
  run(noOrder, 1);
  for (size_t k = 0; k < 6; ++k) EXPECT_EQ(pool(noOrder, 1).order[k], uint32_t(k));
}

// A child listed before its parent reads the parent's particles of the last frame (Stride
// updates emitters in list order): its on_birth children come one frame after the parents.
TEST(StrideChildren, ListOrderDecidesWhichFrameOfTheParentAChildSees) {
  auto before = test::definitionFromJson(
      R"({"emitters": [{"name": "Kids", )" +
      child(R"("trigger": "on_birth", "spawn_count": [1, 1])") +
      R"(}, {"name": "Main", "particle_lifetime": [2, 2], "spawners": [{"type": "per_second",
        "particles_per_second": 45}]}]})");
  StrideInstance inst(*before, {.seed = 1});
  uint64_t parentsBefore = 0;
  for (int frame = 0; frame < 30; ++frame) {
    run(inst, 1);
    EXPECT_EQ(pool(inst, 0).count, parentsBefore) << frame;  // last frame's newborns
    parentsBefore = inst.emitters()[1].spawned;
  }
  EXPECT_GT(parentsBefore, 0u);
}

// An emitter may follow itself (VisualTestChildren's "On Hit Spawning Self"): it reads its own
// particles between spawning and the post-updaters, as Stride does.
TEST(StrideChildren, AnEmitterMayBeItsOwnParent) {
  auto def = test::definitionFromJson(R"({"emitters": [{"name": "Main", "particle_lifetime": [1, 2],
    "max_particles_override": 1000,
    "spawners": [{"type": "per_second", "particles_per_second": 2},
      {"type": "from_parent", "parent_emitter": "Main", "trigger": "on_hit", "spawn_count": [1, 2]}],
    "initializers": [{"type": "velocity", "velocity_min": [2, 3, 0], "velocity_max": [1, 4, 0]},
      {"type": "position_parent", "parent_emitter": "Main", "position_min": [0, 0.2, 0],
       "position_max": [0, 0.2, 0]}],
    "updaters": [{"type": "gravity"}, {"type": "collider", "shape": {"type": "box",
      "half_size": [5, 1, 5]}, "position_inheritance": false, "position_offset": [0, -1, -4]}]}]})");
  StrideInstance inst(*def, {.seed = 1});
  run(inst, 180);
  EXPECT_GT(inst.emitters()[0].spawned, 6u);  // more than the per-second spawner's
}

// A parent name no emitter has: the lint names the JSON pointer.
TEST(StrideChildren, AMissingParentIsReportedWithItsPointer) {
  Diagnostics d;
  auto def = test::definitionFromJson(
      R"({"emitters": [{"name": "Kids", "spawners": [{"type": "from_parent", "parent_emitter": "Nobody",
          "trigger": "on_death"}], "initializers": [{"type": "size_parent", "parent_emitter": "Gone"}]}]})");
  def->lint(nullptr, Scene{}, EffectPlacement{}, d, "fx.json", "/effects/0/definition");
  std::string all = d.formatAll();
  EXPECT_NE(all.find("/effects/0/definition/emitters/0/spawners/0/parent_emitter"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("no emitter named \"Nobody\""), std::string::npos) << all;
  EXPECT_NE(all.find("/effects/0/definition/emitters/0/initializers/0/parent_emitter"),
            std::string::npos)
      << all;
  // It still steps: no parent, no children.
  StrideInstance inst(*def, {.seed = 1});
  run(inst, 10);
  EXPECT_EQ(pool(inst, 0).count, 0u);
}

// reset_seconds: the system starts over every period, so a frame after k periods shows what the
// frame k periods earlier showed.
TEST(StrideChildren, ResetSecondsRestartsThePreview) {
  auto def = test::definitionFromJson(R"({"reset_seconds": 0.5, "emitters": [{"name": "Puff",
    "particle_lifetime": [2, 2], "spawners": [{"type": "burst", "particle_count": 20, "loop": "one_shot"}],
    "initializers": [{"type": "velocity"}]}]})");
  StrideInstance a(*def, {.seed = 3}), b(*def, {.seed = 3});
  run(a, 7);
  run(b, 30 + 7);
  ASSERT_EQ(pool(a, 0).count, 20u);
  ASSERT_EQ(pool(b, 0).count, 20u);
  for (size_t i = 0; i < 20; ++i) EXPECT_EQ(pool(a, 0).position[i], pool(b, 0).position[i]);
  run(b, 30);  // and again a period later
  for (size_t i = 0; i < 20; ++i) EXPECT_EQ(pool(a, 0).position[i], pool(b, 0).position[i]);
  // 0 never restarts: the one-shot burst is spent.
  auto never = test::definitionFromJson(R"({"emitters": [{"particle_lifetime": [0.2, 0.2],
    "spawners": [{"type": "burst", "particle_count": 20, "loop": "one_shot"}]}]})");
  StrideInstance c(*never, {.seed = 3});
  run(c, 37);
  EXPECT_EQ(pool(c, 0).count, 0u);
}

// Stride's editor gizmo hands the control the frame time x the component's Speed
// (ParticleSystemGizmo.Update: Control.Update(deltaTime * speed, ...)): ResetSeconds is counted in
// simulation time, so at speed 2 a 1 s period restarts after half a second of frames.
TEST(StrideChildren, ResetSecondsCountsSimulationTimeAtTheComponentSpeed) {
  auto def = test::definitionFromJson(R"({"reset_seconds": 1, "speed_scale": 2, "emitters": [{
    "particle_lifetime": [5, 5], "spawners": [{"type": "burst", "particle_count": 20,
    "loop": "one_shot"}], "initializers": [{"type": "velocity"}]}]})");
  StrideInstance a(*def, {.seed = 3}), b(*def, {.seed = 3});
  run(a, 4);
  run(b, 30 + 4);  // 30 frames of 1/60 s: 0.5 s of frames, 1 s simulated, one restart
  ASSERT_EQ(pool(a, 0).count, 20u);
  ASSERT_EQ(pool(b, 0).count, 20u);
  for (size_t i = 0; i < 20; ++i) EXPECT_EQ(pool(a, 0).position[i], pool(b, 0).position[i]);
  // 37 frames are one period plus 7: not what 4 frames show (wall time would not restart yet).
  StrideInstance c(*def, {.seed = 3});
  run(c, 37);
  EXPECT_NE(pool(a, 0).position[0], pool(c, 0).position[0]);
}

// stats: live particles per emitter by name.
TEST(StrideChildren, StatsCarryLiveParticlesPerEmitter) {
  auto def = test::definitionFromJson(
      system(threeParents(), child(R"("trigger": "on_birth", "spawn_count": [2, 2])")));
  StrideInstance inst(*def, {.seed = 1});
  run(inst, 1);
  EffectStats s = inst.stats();
  ASSERT_EQ(s.emittersLive.size(), 2u);
  EXPECT_EQ(s.emittersLive[0], (std::pair<std::string, size_t>{"Main", 3}));
  EXPECT_EQ(s.emittersLive[1], (std::pair<std::string, size_t>{"Kids", 6}));
  EXPECT_EQ(s.live, 9u);
}

}  // namespace
}  // namespace fx::stride
