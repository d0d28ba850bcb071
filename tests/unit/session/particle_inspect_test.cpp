// The particle inspector's engine half (engine/session/particle_inspect.h): every family lists its
// live particles with a stable id and its own attributes, a pick at a particle's projected pixel
// selects it and repeated picks cycle through overlapping ones by depth, the CSV has a row per
// live particle, and the first non-finite value is found (the viewer's "Pause on NaN/Inf").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "engine/session/particle_inspect.h"

namespace particle_inspect_test {

using namespace fx;
namespace fs = std::filesystem;

const fs::path kPresets = fs::path(FXVIEW_TEST_DATA).parent_path() / "presets";
const vec2 kViewport{640, 360};

Json load(const fs::path& p) {
  Diagnostics d;
  auto j = loadJsonFile(p, p.filename().string(), d);
  EXPECT_TRUE(j.has_value()) << d.formatAll();
  return j ? *j : Json::object();
}

struct Running {
  std::unique_ptr<Preset> preset;
  std::unique_ptr<World> world;
  View view;
};

Running run(const Json& presetJson, const fs::path& as, int steps) {
  Running r;
  Diagnostics d;
  r.preset = loadPresetFromJson(presetJson, as, d, {.allowAnyPath = true});
  EXPECT_TRUE(r.preset && !d.hasErrors()) << d.formatAll();
  if (!r.preset) return r;
  r.world = std::make_unique<World>(*r.preset);
  r.view = presetView(r.preset->scene, kViewport);
  r.world->setView(r.view);
  for (int k = 0; k < steps; ++k) r.world->stepOnce();
  return r;
}

Running runShipped(const char* name, int steps) {
  return run(load(kPresets / name), kPresets / name, steps);
}

// Three Stride particles that stay where they spawn: "near" at the origin, "far" 2 units behind it
// on the camera's line of sight, "side" 1 unit to the right. The camera looks along +Y.
Json threeParticles() {
  auto emitter = [](const char* name, vec3 world) {
    const vec3 s{world.x, world.z, -world.y};  // Stride space is Y-up
    const Json at = Json::array({s.x, s.y, s.z});
    return Json{{"name", name},
                {"particle_lifetime", Json::array({100.0, 100.0})},
                {"material", {{"texture", "../assets/sprites/dot.png"}}},
                {"spawners", Json::array({{{"type", "burst"}, {"particle_count", 1}}})},
                {"initializers",
                 Json::array({{{"type", "position"}, {"position_min", at}, {"position_max", at}},
                              {{"type", "size"}, {"random_size", Json::array({0.1, 0.1})}}})}};
  };
  return Json{
      {"version", 1},
      {"seed", 1},
      {"simulation", {{"mode", "tick"}, {"rate", 30}}},
      {"camera",
       {{"position", Json::array({0, -8, 0})},
        {"target", Json::array({0, 0, 0})},
        {"fov_deg", 60}}},
      {"effects",
       Json::array(
           {{{"id", "dots"},
             {"kind", "stride_particles"},
             {"definition",
              {{"emitters", Json::array({emitter("near", {0, 0, 0}), emitter("far", {0, 2, 0}),
                                         emitter("side", {1, 0, 0})})}}}}})}};
}

const InspectedParticle* byEmitter(const std::vector<InspectedParticle>& all, const char* name) {
  for (const auto& p : all)
    if (p.info.emitterName == name) return &p;
  return nullptr;
}

TEST(ParticleInspect, PickAtAParticlesProjectedPixelSelectsIt) {
  Running r = run(threeParticles(), kPresets / "pick.json", 3);
  ASSERT_TRUE(r.world);
  auto all = listParticles(*r.world, r.view, false);
  ASSERT_EQ(all.size(), 3u);
  const InspectedParticle* side = byEmitter(all, "side");
  ASSERT_TRUE(side);
  EXPECT_NEAR(side->info.position.x, 1.0f, 1e-5f);
  const ScreenSpot spot = projectParticle(r.view, side->info);
  ASSERT_TRUE(spot.inFront);
  // The picture's centre is the origin; "side" lies right of it at the centre row.
  EXPECT_GT(spot.pixel.x, kViewport.x * 0.5f + 20.0f);
  EXPECT_NEAR(spot.pixel.y, kViewport.y * 0.5f, 0.5f);
  PickCycle cycle;
  auto picked = pickParticle(*r.world, r.view, spot.pixel + vec2(2.0f, -1.0f), cycle);
  ASSERT_TRUE(picked);
  EXPECT_EQ(picked->info.emitterName, "side");
  EXPECT_EQ(picked->info.id, side->info.id);
  // Nothing within reach: no pick.
  PickCycle none;
  EXPECT_FALSE(pickParticle(*r.world, r.view, vec2(20.0f, 20.0f), none));
}

TEST(ParticleInspect, RepeatedPicksCycleThroughOverlapsFrontToBack) {
  Running r = run(threeParticles(), kPresets / "pick.json", 3);
  ASSERT_TRUE(r.world);
  const vec2 centre = kViewport * 0.5f;
  PickCycle cycle;
  std::vector<std::string> order;
  for (int k = 0; k < 3; ++k) {
    auto p = pickParticle(*r.world, r.view, centre, cycle);
    ASSERT_TRUE(p);
    order.push_back(p->info.emitterName);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"near", "far", "near"}));
  // A pick elsewhere starts over at the nearest on screen.
  PickCycle fresh;
  auto p = pickParticle(*r.world, r.view, centre + vec2(1.0f, 0.0f), fresh);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->info.emitterName, "near");
}

// The family fields each family reports, in the JSON line `pick` prints.
void expectFamilyFields(const char* preset, int steps, std::vector<std::string> keys) {
  SCOPED_TRACE(preset);
  Running r = runShipped(preset, steps);
  ASSERT_TRUE(r.world);
  auto all = listParticles(*r.world, r.view, true);
  ASSERT_FALSE(all.empty());
  std::set<std::string> seen;
  for (const auto& p : all) {
    Json j = particleJson(p);
    for (const char* k : {"effect", "emitter", "id", "position", "velocity", "age", "life", "color",
                          "size", "rotation", "family"})
      EXPECT_TRUE(j.contains(k)) << k;
    for (auto it = j["family"].begin(); it != j["family"].end(); ++it) seen.insert(it.key());
    // Each attribute once (the panel lists them all; JSON keeps one of a repeated name).
    EXPECT_EQ(j["family"].size(), p.info.attributes.size());
    // One line of JSON.
    EXPECT_EQ(j.dump().find('\n'), std::string::npos);
  }
  for (const auto& k : keys) EXPECT_TRUE(seen.count(k)) << "no family field " << k;
}

TEST(ParticleInspect, EachFamilyReportsItsOwnAttributes) {
  expectFamilyFields("glow_energy_sword.json", 40,
                     {"glow_particle", "path_t", "path_parameter", "radial_distance", "direction",
                      "spawn_path_t", "lifetime_ticks"});
  expectFamilyFields("weather_rain.json", 20,
                     {"particle_type", "particle_type_name", "cube_cell", "box_position"});
  expectFamilyFields("destiny_fountain.json", 20,
                     {"particle_age", "particle_position", "particle_velocity", "stream1[0]"});
  expectFamilyFields("destiny_seq_twin_muzzle.json", 20, {"work_node", "row", "particle_age"});
  expectFamilyFields("stride_fountain.json", 30, {"spawn_id", "life_remaining", "random_seed"});
}

// A child's parent: "near" emits 30 a second, "child" one child on each one's birth, placed at it.
TEST(ParticleInspect, StrideChildrenNameTheirParentParticle) {
  Json j = threeParticles();
  Json& emitters = j["effects"][0]["definition"]["emitters"];
  emitters[0]["spawners"] = Json::array({{{"type", "per_second"}, {"particles_per_second", 30}}});
  emitters[0]["initializers"].push_back({{"type", "spawn_order"}});
  Json child = emitters[2];
  child["name"] = "child";
  child["spawners"] = Json::array({{{"type", "from_parent"},
                                    {"parent_emitter", "near"},
                                    {"spawn_count", Json::array({1, 1})},
                                    {"trigger", "on_birth"}}});
  child["initializers"] = Json::array(
      {{{"type", "position_parent"}, {"parent_emitter", "near"}}, {{"type", "spawn_order"}}});
  emitters.push_back(child);
  Running r = run(j, kPresets / "pick.json", 20);
  ASSERT_TRUE(r.world);
  auto all = listParticles(*r.world, r.view, true);
  std::set<uint64_t> parents;
  for (const auto& p : all)
    if (p.info.emitterName == "near") parents.insert(p.info.id);
  size_t children = 0;
  for (const auto& p : all) {
    if (p.info.emitterName != "child") continue;
    Json f = particleJson(p)["family"];
    ASSERT_TRUE(f.contains("parent_particle")) << f.dump();
    EXPECT_EQ(f["parent_emitter"], "near");
    EXPECT_TRUE(f.contains("spawn_order"));
    EXPECT_TRUE(parents.count(f["parent_particle"].get<uint64_t>()));
    ++children;
  }
  EXPECT_GT(children, 0u);
}

// Ids follow particles across frames while the pools swap-remove the dead: a particle found again
// by its id one step later is one step older.
void expectIdsFollow(const char* preset, int steps) {
  SCOPED_TRACE(preset);
  Running r = runShipped(preset, steps);
  ASSERT_TRUE(r.world);
  auto before = listParticles(*r.world, r.view, false);
  std::map<std::tuple<size_t, std::string, uint64_t>, float> age;
  for (const auto& p : before) {
    bool fresh =
        age.emplace(std::make_tuple(p.effect, p.info.emitterName, p.info.id), p.info.age).second;
    EXPECT_TRUE(fresh) << "two live particles share id " << p.info.id;
  }
  for (int k = 0; k < 5; ++k) r.world->stepOnce();
  size_t followed = 0;
  for (const auto& p : listParticles(*r.world, r.view, false)) {
    auto it = age.find({p.effect, p.info.emitterName, p.info.id});
    if (it == age.end()) continue;
    EXPECT_GT(p.info.age, it->second) << p.info.emitterName << " " << p.info.id;
    ++followed;
  }
  EXPECT_GT(followed, 0u);
}

TEST(ParticleInspect, IdsFollowParticlesAcrossFrames) {
  expectIdsFollow("stride_fountain.json", 120);
  expectIdsFollow("weather_snow.json", 30);
  expectIdsFollow("destiny_fountain.json", 60);
  expectIdsFollow("glow_energy_sword.json", 60);
}

TEST(ParticleInspect, FindFollowsOneParticleUntilItDies) {
  Running r = runShipped("stride_fountain.json", 30);
  ASSERT_TRUE(r.world);
  auto all = listParticles(*r.world, r.view, false);
  ASSERT_FALSE(all.empty());
  const ParticleKey key = all.front().key();
  auto found = findParticle(*r.world, r.view, key);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->info.id, key.id);
  for (int k = 0; k < 200 && found; ++k) {
    r.world->stepOnce();
    found = findParticle(*r.world, r.view, key);
  }
  EXPECT_FALSE(found) << "a fountain drop lives 3 s at most";
}

TEST(ParticleInspect, CsvHasOneRowPerLiveParticle) {
  Running r = runShipped("stride_fountain.json", 30);
  ASSERT_TRUE(r.world);
  auto all = listParticles(*r.world, r.view, true);
  const std::string csv = particlesCsv(all);
  EXPECT_EQ(size_t(std::count(csv.begin(), csv.end(), '\n')), all.size() + 1);
  EXPECT_EQ(r.world->stats(0).live, all.size());
  EXPECT_EQ(csv.rfind("effect,kind,emitter,emitter_index,id,x,y,z", 0), 0u);
  EXPECT_NE(csv.find(",spawn_id"), std::string::npos);
}

// A Destiny program that divides by zero from the first second on: the particle positions
// become infinite there, and the detector names the first such particle and value.
Json infiniteFromOneSecond() {
  Json j = load(kPresets / "destiny_fountain.json");
  Json e = load(kPresets / "destiny/fountain.emitter.json");
  e["program"] =
      ".stage 3\n load 2 0 xyzw\n store 1 0 xyz\n load 2 1 xyzw\n store 1 1 xyz\n end\n"
      ".stage 4\n random\n push_extern_float 0\n floor\n is_zero\n div\n store 1 0 xyz\n end\n";
  e.erase("stage_lengths");
  Json& def = j["effects"][0]["definition"];
  def.erase("emitter_file");
  def["emitter"] = e;
  return j;
}

TEST(ParticleInspect, FirstNonFiniteValueIsFound) {
  Running r = run(infiniteFromOneSecond(), kPresets / "nan.json", 0);
  ASSERT_TRUE(r.world);
  int steps = 0;
  std::optional<NonFinite> bad;
  for (; steps < 90 && !bad; ++steps) {
    r.world->stepOnce();
    bad = firstNonFinite(listParticles(*r.world, r.view, true));
  }
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->field, "position");
  EXPECT_GE(r.world->time(), 1.0);
  EXPECT_LT(r.world->time(), 1.2);
  // The detector over plain records: the first non-finite value, in the family attributes too.
  InspectedParticle a, b;
  a.info.id = 1;
  b.info.id = 2;
  b.info.add("stream0[1]", {1.0, std::nan(""), 0.0, 0.0});
  EXPECT_EQ(firstNonFinite({a, b})->field, "stream0[1]");
  a.info.velocity.y = std::numeric_limits<float>::infinity();
  EXPECT_EQ(firstNonFinite({a, b})->field, "velocity");
  EXPECT_EQ(firstNonFinite({a, b})->particle.info.id, 1u);
  EXPECT_FALSE(firstNonFinite({InspectedParticle{}}));
}

TEST(ParticleInspect, DestinyStepTracerRunsTheSelectedParticle) {
  Running r = runShipped("destiny_fountain.json", 20);
  ASSERT_TRUE(r.world);
  auto all = listParticles(*r.world, r.view, false);
  ASSERT_FALSE(all.empty());
  auto steps = traceDestinyParticle(*r.world, all.back().key(), 4);
  ASSERT_FALSE(steps.empty());
  EXPECT_FALSE(steps.front().text.empty());
  ParticleKey gone = all.back().key();
  gone.id += 100000;
  EXPECT_TRUE(traceDestinyParticle(*r.world, gone, 4).empty());
}

}  // namespace particle_inspect_test
