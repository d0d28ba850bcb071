// Stride assets imported and simulated as Stride.Particles' code runs them (issue 37 items 5, 8
// and 10): small prefabs written here go through the importer, the preset loader, `check`'s lint
// and the family's instance, and the simulated values are compared with what the quoted Stride
// source computes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "engine/effects/stride/stride_definition_class.h"
#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_writeback.h"
#include "engine/session/world.h"

namespace fx::stride_import {
namespace {

namespace fs = std::filesystem;

// A prefab with one particle system at the origin whose one emitter has the keys in `body`
// (YAML at the emitter's indentation, 36 spaces).
std::string prefab(const std::string& body) {
  return R"(!PrefabAsset
Id: 11111111-1111-1111-1111-111111111111
SerializedVersion: {Stride: 3.1.0.1}
Tags: []
Hierarchy:
    RootParts:
        - ref!! aaaaaaaa-0000-0000-0000-000000000001
    Parts:
        -   Entity:
                Id: aaaaaaaa-0000-0000-0000-000000000001
                Name: Probe
                Components:
                    11112222333344445555666677778888: !TransformComponent
                        Id: bbbbbbbb-0000-0000-0000-000000000001
                        Position: {X: 0.0, Y: 0.0, Z: 0.0}
                        Rotation: {X: 0.0, Y: 0.0, Z: 0.0, W: 1.0}
                        Scale: {X: 1.0, Y: 1.0, Z: 1.0}
                        Children: {}
                    9999aaaabbbbccccddddeeeeffff0000: !ParticleSystemComponent
                        Id: dddddddd-0000-0000-0000-000000000001
                        Control:
                            ResetSeconds: 0.0
                            Control: Play
                        Color: {R: 1.0, G: 1.0, B: 1.0, A: 1.0}
                        Speed: 1.0
                        ParticleSystem:
                            Settings: {}
                            BoundingShape: null
                            Emitters:
                                e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0:
                                    EmitterName: probe
)" + body;
}

// Four particles at rest at the origin, living 10 s (a burst, once).
const char* kFourAtRest =
    R"(                                    ParticleLifetime: {X: 10.0, Y: 10.0}
                                    Spawners:
                                        51515151515151515151515151515151: !SpawnerBurst
                                            LoopCondition: OneShot
                                            Delay: {X: 0.0, Y: 0.0}
                                            Duration: {X: 1.0, Y: 1.0}
                                            SpawnCount: 4
                                    Initializers: {}
)";

struct Loaded {
  Diagnostics diags;
  std::unique_ptr<Preset> preset;
  const stride::StrideDefinition* def = nullptr;
};

Loaded load(const std::string& text) {
  Loaded out;
  auto imported =
      importText(text, fs::path("/nonexistent/probe.sdprefab"), "probe.sdprefab", out.diags);
  EXPECT_TRUE(imported) << out.diags.formatAll();
  EXPECT_FALSE(out.diags.hasErrors()) << out.diags.formatAll();
  if (!imported) return out;
  out.preset =
      loadPresetFromJson(imported->preset, "/nonexistent/probe.sdprefab.json", out.diags, {});
  EXPECT_TRUE(out.preset) << out.diags.formatAll();
  if (out.preset)
    out.def = &static_cast<const stride::StrideDefinition&>(*out.preset->effects.at(0).definition);
  return out;
}

std::string lintOf(const Preset& p) {
  Diagnostics d;
  lintPreset(p, d);
  return d.formatAll();
}

constexpr float kDt = 1.0f / 60.0f;

const stride::ParticlePool& run(stride::StrideInstance& inst, int frames) {
  for (int i = 0; i < frames; ++i) inst.stepWith(kDt, Transform{}, nullptr);
  return inst.emitters()[0].pool;
}

// --- Item 5: an animation updater whose main curve has no keys -----------------------------------

// ComputeAnimationCurve.SampleRaw returns `new T()` when there are no keys, which
// ComputeCurveSampler bakes into all 32 samples; UpdaterColorOverTime.UpdateDoubleSampler then
// sets Color4.Lerp(main, optional, seed.GetFloat(Offset1A + SeedOffset)), premultiplied.
TEST(StrideEngineCode, AnEmptyMainColourCurveBlendsFromTransparentToTheSecond) {
  std::string body = std::string(kFourAtRest) + R"(                                    Updaters:
                                        c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0: !UpdaterColorOverTime
                                            SamplerMain: !ComputeCurveSamplerColor4
                                                Curve: !ComputeAnimationCurveColor4
                                                    KeyFrames: {}
                                            SamplerOptional: !ComputeCurveSamplerColor4
                                                Curve: !ComputeAnimationCurveColor4
                                                    KeyFrames:
                                                        0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a:
                                                            Key: 0.0
                                                            Value: {R: 1.0, G: 0.5, B: 0.25, A: 0.8}
                                                            TangentType: Linear
                                            SeedOffset: 0
)";
  Loaded l = load(prefab(body));
  ASSERT_TRUE(l.def);
  const stride::UpdaterModule& u = l.def->system.emitters[0].updaters[0];
  EXPECT_TRUE(u.colorCurve.empty());
  EXPECT_EQ(u.colorCurve2.size(), 1u);
  std::string lint = lintOf(*l.preset);
  EXPECT_EQ(lint.find("no effect"), std::string::npos) << lint;
  EXPECT_EQ(lint.find("/curve"), std::string::npos) << lint;

  stride::StrideInstance inst(*l.def, {.seed = 3});
  const stride::ParticlePool& p = run(inst, 2);
  ASSERT_EQ(p.count, 4u);
  float lo = 1.0f, hi = 0.0f;
  for (size_t i = 0; i < p.count; ++i) {
    float r = stride::RandomSeed{p.seed[i]}.getFloat(stride::offset::k1A);
    float a = 0.8f * r;
    EXPECT_NEAR(p.color[i].a, a, 1e-6f);
    EXPECT_NEAR(p.color[i].r, 1.0f * r * a, 1e-6f);
    EXPECT_NEAR(p.color[i].g, 0.5f * r * a, 1e-6f);
    EXPECT_NEAR(p.color[i].b, 0.25f * r * a, 1e-6f);
    lo = std::min(lo, p.color[i].a), hi = std::max(hi, p.color[i].a);
  }
  EXPECT_LT(lo, hi);  // each particle its own share
}

// UpdaterColorOverTime.UpdateDoubleSampler runs whenever SamplerOptional is not null, so an
// optional curve without keys blends towards 0; fxview does not, and the import says so.
TEST(StrideEngineCode, AnEmptySecondCurveIsAWarning) {
  std::string body = std::string(kFourAtRest) + R"(                                    Updaters:
                                        c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0: !UpdaterColorOverTime
                                            SamplerMain: !ComputeCurveSamplerColor4
                                                Curve: !ComputeAnimationCurveColor4
                                                    KeyFrames:
                                                        0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a:
                                                            Key: 0.0
                                                            Value: {R: 1.0, G: 1.0, B: 1.0, A: 1.0}
                                            SamplerOptional: !ComputeCurveSamplerColor4
                                                Curve: !ComputeAnimationCurveColor4
                                                    KeyFrames: {}
)";
  std::string text = prefab(body);
  std::string before = text.substr(0, text.find("SamplerOptional:"));
  std::string line = std::to_string(std::count(before.begin(), before.end(), '\n') + 1);
  Loaded l = load(text);
  ASSERT_TRUE(l.def);
  EXPECT_NE(l.diags.formatAll().find("probe.sdprefab:" + line +
                                     ": warning: UpdaterColorOverTime SamplerOptional has no keys"),
            std::string::npos)
      << l.diags.formatAll();
}

// UpdaterSizeOverTime / UpdaterRotationOverTime.UpdateSingleSampler: SamplerMain.Evaluate of a
// curve without keys is 0, so the size becomes 0 and the angle 0; `check` says so (no "no
// effect"), naming the curve.
TEST(StrideEngineCode, EmptySizeAndRotationCurvesSetZero) {
  std::string body = std::string(kFourAtRest) + R"(                                    Updaters:
                                        c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1: !UpdaterSizeOverTime
                                            SamplerMain: !ComputeCurveSamplerFloat
                                                Curve: !ComputeAnimationCurveFloat
                                                    KeyFrames: {}
                                            SamplerOptional: null
                                            SeedOffset: 0
                                        c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2: !UpdaterRotationOverTime
                                            SamplerMain: !ComputeCurveSamplerFloat
                                                Curve: !ComputeAnimationCurveFloat
                                                    KeyFrames: {}
                                            SamplerOptional: null
                                            SeedOffset: 0
)";
  std::string sizeInit = R"(                                    Initializers:
                                        a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1: !InitialSizeSeed
                                            RandomSize: {X: 0.5, Y: 0.5}
                                        a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2: !InitialRotationSeed
                                            AngularRotation: {X: 30.0, Y: 30.0}
)";
  size_t at = body.find("                                    Initializers: {}\n");
  body.replace(at, std::string("                                    Initializers: {}\n").size(),
               sizeInit);
  Loaded l = load(prefab(body));
  ASSERT_TRUE(l.def);
  std::string lint = lintOf(*l.preset);
  EXPECT_EQ(lint.find("no effect"), std::string::npos) << lint;
  EXPECT_NE(lint.find("/updaters/0/curve: warning: no keys in either curve: the size is 0"),
            std::string::npos)
      << lint;
  EXPECT_NE(
      lint.find("/updaters/1/curve: warning: no keys in either curve: the rotation is set to 0"),
      std::string::npos)
      << lint;
  stride::StrideInstance inst(*l.def, {.seed = 3});
  const stride::ParticlePool& p = run(inst, 1);
  ASSERT_EQ(p.count, 4u);
  for (size_t i = 0; i < p.count; ++i) {
    EXPECT_EQ(p.size[i], 0.0f);
    EXPECT_EQ(p.rotation[i], 0.0f);
  }
}

// --- Item 8: a force field without a shape -------------------------------------------------------

const char* kShapelessField = R"(                                    Updaters:
                                        f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0: !UpdaterForceField
                                            FieldShape: null
                                            FieldFalloff:
                                                StrengthInside: 1.0
                                                FalloffStart: 0.1
                                                StrengthOutside: 0.0
                                                FalloffEnd: 0.9
                                            EnergyConservation: 0.25
                                            ForceDirected: 2.0
                                            ForceVortex: 3.0
                                            ForceRepulsive: 5.0
                                            ForceFixed: {X: 0.0, Y: 0.0, Z: 0.0}
)";

// UpdaterForceField.Update with FieldShape null: the axes stay along (0, 1, 0), around
// (1, 0, 0), away (0, 0, 1) and the magnitude 1 (no falloff), times dt; EnergyConservation of
// the force goes to the velocity, and the rest (plus the conserved part x dt / 2) straight to the
// position. The particles sit at the origin, where any shape's falloff would differ.
TEST(StrideEngineCode, AForceFieldWithoutAShapePushesEverywhere) {
  Loaded l = load(prefab(std::string(kFourAtRest) + kShapelessField));
  ASSERT_TRUE(l.def);
  EXPECT_EQ(l.diags.formatAll().find("not simulated"), std::string::npos) << l.diags.formatAll();
  EXPECT_EQ(lintOf(*l.preset).find("updaters"), std::string::npos) << lintOf(*l.preset);

  stride::StrideInstance inst(*l.def, {.seed = 3});
  const stride::ParticlePool& p = run(inst, 1);  // spawned at rest, not yet moved
  ASSERT_EQ(p.count, 4u);
  ASSERT_EQ(p.position[0], vec3(0.0f));
  run(inst, 1);
  const vec3 force = vec3(3.0f, 2.0f, 5.0f) * kDt;  // around X, along Y, away Z
  const vec3 velocity = force * 0.25f;
  for (size_t i = 0; i < p.count; ++i) {
    EXPECT_NEAR(glm::length(p.velocity[i] - velocity), 0.0f, 1e-7f);
    EXPECT_NEAR(glm::length(p.position[i] - (velocity * (kDt * 0.5f) + force * 0.75f)), 0.0f,
                1e-7f);
  }
}

// The write-back: an unedited asset comes back byte for byte, an edit keeps `FieldShape: null`,
// and a new shapeless field is written as Stride writes one.
TEST(StrideEngineCode, AShapelessForceFieldIsWrittenBack) {
  std::string text = prefab(std::string(kFourAtRest) + kShapelessField);
  Diagnostics d;
  auto imported = importText(text, "/nonexistent/probe.sdprefab", "probe.sdprefab", d);
  ASSERT_TRUE(imported) << d.formatAll();
  Json preset = imported->preset;
  Json& e = preset["effects"][0]["definition"]["emitters"][0];
  EXPECT_EQ(e["updaters"][0]["shape"], Json({{"type", "none"}}));
  auto same = writeBack(text, "/nonexistent/probe.sdprefab", "probe.sdprefab", preset, "p.json", d);
  ASSERT_TRUE(same) << d.formatAll();
  EXPECT_EQ(*same, text);

  e["updaters"][0]["directed_force"] = 4.0;
  e["updaters"].push_back(e["updaters"][0]);
  auto out = writeBack(text, "/nonexistent/probe.sdprefab", "probe.sdprefab", preset, "p.json", d);
  ASSERT_TRUE(out) << d.formatAll();
  EXPECT_NE(out->find("ForceDirected: 4.0"), std::string::npos) << *out;
  size_t first = out->find("FieldShape: null");
  ASSERT_NE(first, std::string::npos) << *out;
  EXPECT_NE(out->find("FieldShape: null", first + 1), std::string::npos) << *out;
  auto back = importText(*out, "/nonexistent/probe.sdprefab", "probe.sdprefab", d);
  ASSERT_TRUE(back) << d.formatAll();
  const Json& b = back->preset["effects"][0]["definition"]["emitters"][0]["updaters"];
  ASSERT_EQ(b.size(), 2u);
  for (const Json& u : b) {
    EXPECT_EQ(u["shape"]["type"], "none");
    EXPECT_FLOAT_EQ(u["directed_force"].get<float>(), 4.0f);
  }
}

// --- Item 10 (d): a lifetime Stride's setter rejects -------------------------------------------

// ParticleEmitter.ParticleLifetime's setter returns without a change when X <= 0 or Y < X, so
// the emitter keeps its default (1, 1): the import warns naming the key and keeps (1, 1).
TEST(StrideEngineCode, AReversedOrNonPositiveLifetimeStaysOneSecond) {
  for (const char* lifetime : {"{X: 3.0, Y: 2.0}", "{X: 0.0, Y: 2.0}", "{X: -1.0, Y: 2.0}"}) {
    std::string body = kFourAtRest;
    body.replace(body.find("{X: 10.0, Y: 10.0}"), 18, lifetime);
    Loaded l = load(prefab(body));
    ASSERT_TRUE(l.def);
    std::string w = l.diags.formatAll();
    EXPECT_NE(w.find("ParticleLifetime: a minimum of 0 or less, or a maximum below the minimum, "
                     "is rejected by Stride, which keeps (1, 1)"),
              std::string::npos)
        << w;
    EXPECT_EQ(l.def->system.emitters[0].lifetime, (FloatBounds{1.0f, 1.0f})) << lifetime;
    stride::StrideInstance inst(*l.def, {.seed = 3});
    const stride::ParticlePool& p = run(inst, 1);
    ASSERT_EQ(p.count, 4u);
    EXPECT_EQ(p.lifetime[0], 1.0f);
  }
  Loaded ok = load(prefab(kFourAtRest));  // a valid one is kept, without a warning
  ASSERT_TRUE(ok.def);
  EXPECT_EQ(ok.def->system.emitters[0].lifetime, (FloatBounds{10.0f, 10.0f}));
  EXPECT_EQ(ok.diags.formatAll().find("ParticleLifetime"), std::string::npos);
}

}  // namespace
}  // namespace fx::stride_import
