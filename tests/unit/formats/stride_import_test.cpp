// The Stride scene / prefab importer (engine/formats/stride) on Stride-format YAML written here,
// in the dialect of reference stride_yaml.md; each test quotes the section it checks.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/effects/stride/stride_definition_class.h"
#include "engine/formats/stride/stride_yaml.h"
#include "engine/import/stride/stride_import.h"
#include "engine/session/world.h"

namespace fx::stride_import {
namespace {

namespace fs = std::filesystem;

// A prefab with one particle entity `Sparks` (a child of `Root`) whose emitter holds the
// modules in `modules` (YAML at the emitter's indentation, 20 spaces).
std::string prefab(const std::string& emitterBody) {
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
                Name: Root
                Components:
                    0123456789abcdef0123456789abcdef: !TransformComponent
                        Id: bbbbbbbb-0000-0000-0000-000000000001
                        Position: {X: 1.0, Y: 2.0, Z: 3.0}
                        Rotation: {X: 0.0, Y: 0.707106769, Z: 0.0, W: 0.707106769}
                        Scale: {X: 2.0, Y: 2.0, Z: 2.0}
                        Children:
                            fedcba9876543210fedcba9876543210: ref!! bbbbbbbb-0000-0000-0000-000000000002
                    00000000000000000000000000000099: !MyGame.SpinScript,MyGame.Game
                        Id: cccccccc-0000-0000-0000-000000000001
        -   Entity:
                Id: aaaaaaaa-0000-0000-0000-000000000002
                Name: Sparks
                Components:
                    11112222333344445555666677778888: !TransformComponent
                        Id: bbbbbbbb-0000-0000-0000-000000000002
                        Position*: {X: 0.0, Y: 0.0, Z: 1.0}
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
                                e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0~Main:
)" + emitterBody;
}

const char* kSimpleEmitter = R"(                                    EmitterName: sparks
                                    ParticleLifetime: {X: 1.5, Y: 2.0}
                                    ShapeBuilder: !ShapeBuilderBillboard
                                        SamplerPosition: null
                                        SamplerSize: null
                                        SamplerRotation: null
                                    Material: !ParticleMaterialComputeColor
                                        ComputeColor: !ComputeBinaryColor
                                            Operator: Multiply
                                            LeftChild: !ComputeFloat4
                                                Value: {X: 4.0, Y: 2.0, Z: 1.0, W: 1.0}
                                            RightChild: !ComputeVertexStreamColor
                                                Stream: !ColorVertexStreamDefinition {}
                                        UVBuilder: null
                                        ForceTexCoords: false
                                    Spawners:
                                        51515151515151515151515151515151: !SpawnerPerSecond
                                            LoopCondition: Looping
                                            Delay: {X: 0.0, Y: 0.0}
                                            Duration: {X: 1.0, Y: 1.0}
                                            SpawnCount*: 50.0
                                    Initializers:
                                        a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1: !InitialSizeSeed
                                            InheritPosition: true
                                            Position: {X: 0.0, Y: 0.0, Z: 0.0}
                                            SeedOffset: 3
                                            RandomSize: {X: 0.05, Y: 0.02}
                                        a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2: !InitialVelocitySeed
                                            VelocityMin: {X: 0.0, Y: 3.0, Z: 0.0}
                                            VelocityMax: {X: 3.0, Y: 4.0, Z: 3.0}
                                    Updaters:
                                        b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1: !UpdaterGravity
                                            GravitationalAcceleration: {X: 0.0, Y: -9.80665, Z: 0.0}
)";

struct Imported {
  Diagnostics diags;
  std::optional<ImportResult> result;
};

Imported importYaml(const std::string& text, const std::string& file = "test.sdprefab") {
  Imported out;
  out.result = importText(text, fs::path("/nonexistent") / file, file, out.diags);
  return out;
}

const Json& firstEmitter(const ImportResult& r) {
  return r.preset["effects"][0]["definition"]["emitters"][0];
}

// Loads an import through the normal preset loader (the family's declarations validate it).
std::unique_ptr<Preset> load(const ImportResult& r, Diagnostics& diags) {
  return loadPresetFromJson(r.preset, "/nonexistent/test.sdprefab.json", diags, {});
}

const stride::StrideDefinition& strideDef(const Preset& p, size_t i = 0) {
  return static_cast<const stride::StrideDefinition&>(*p.effects.at(i).definition);
}

std::string warnings(const Diagnostics& d) {
  return d.formatAll();
}

TEST(StrideImport, DialectQuirksParse) {
  // §5.1 comma tags, §5.3 `*` override suffixes and `<id>~<Name>` keys, §5.5 flow mappings
  // and nulls, §1 collections keyed by 32-hex item ids.
  auto im = importYaml(prefab(kSimpleEmitter));
  ASSERT_TRUE(im.result) << im.diags.formatAll();
  EXPECT_FALSE(im.diags.hasErrors()) << im.diags.formatAll();
  const Json& e = firstEmitter(*im.result);
  EXPECT_EQ(e["name"], "sparks");
  EXPECT_EQ(e["spawners"][0]["type"], "per_second");
  EXPECT_FLOAT_EQ(e["spawners"][0]["particles_per_second"].get<float>(), 50.0f);  // SpawnCount*
  EXPECT_EQ(e["initializers"][0]["type"], "size");                                // file order
  EXPECT_EQ(e["initializers"][1]["type"], "velocity");
  EXPECT_EQ(e["initializers"][0]["seed_offset"], 3);
  EXPECT_EQ(e["updaters"][0]["type"], "gravity");
}

TEST(StrideImport, CommaTagsAreCutAtTheComma) {
  // §5.1: "rewrite (: !|- !|^!)Name,Assembly at end of line to a comma-free tag".
  std::string text = "a: !Ns.Type,Ns.Game\n    b: 1\nc:\n  - !X.Y,Z\n    d: 2\n";
  int line = 0;
  ASSERT_EQ(stride_yaml::prepareText(text, line), "");
  EXPECT_EQ(text, "a: !Ns.Type\n    b: 1\nc:\n  - !X.Y\n    d: 2\n");
  Diagnostics d;
  auto root = stride_yaml::parseText(text, "t.sdscene", d);
  ASSERT_TRUE(root) << d.formatAll();
  EXPECT_EQ(stride_yaml::tagOf((*root)["a"]), "Ns.Type");
}

TEST(StrideImport, KeysLoseOverrideSuffixAndItemName) {
  // §5.3: "Strip the suffix / split on ~".
  EXPECT_EQ(stride_yaml::normalizeKey("Position*"), "Position");
  EXPECT_EQ(stride_yaml::normalizeKey("0123abcd~ColorEdge"), "0123abcd");
  EXPECT_EQ(stride_yaml::normalizeKey("Name"), "Name");
}

TEST(StrideImport, ParentTransformsCompose) {
  // §1: entities nest through TransformComponent Children (ref!! to the child's transform
  // component); the effect sits at the entity's world transform, Stride (x, y, z) -> fxview
  // (x, -z, y) (stride_common.h).
  auto im = importYaml(prefab(kSimpleEmitter));
  ASSERT_TRUE(im.result);
  Diagnostics d;
  auto preset = load(*im.result, d);
  ASSERT_TRUE(preset) << d.formatAll();
  ASSERT_EQ(preset->effects.size(), 1u);
  EXPECT_EQ(preset->effects[0].placement.object, "Sparks");
  const SceneObject* o = preset->scene.findObject("Sparks");
  ASSERT_TRUE(o);
  // Parent: at (1, 2, 3), yaw +90 degrees about Y, scale 2. Child at local (0, 0, 1):
  // rotated to (1, 0, 0), scaled to (2, 0, 0), so Stride world (3, 2, 3) -> fxview (3, -3, 2).
  EXPECT_NEAR(o->transform.position.x, 3.0f, 1e-4f);
  EXPECT_NEAR(o->transform.position.y, -3.0f, 1e-4f);
  EXPECT_NEAR(o->transform.position.z, 2.0f, 1e-4f);
  EXPECT_NEAR(o->transform.scale, 2.0f, 1e-5f);
  Transform back = stride::worldToStride(o->transform);
  vec3 fwd = back.rotation * vec3(0, 0, 1);  // yaw +90: +Z turns to +X
  EXPECT_NEAR(fwd.x, 1.0f, 1e-4f);
}

TEST(StrideImport, OmittedKeysTakeStrideDefaults) {
  // §5.4: "Apply C# defaults for missing keys, e.g. UpdaterCollider Restitution 0.5, Friction
  // 0.1; UpdaterForceField ForceVortex 1, ForceRepulsive 1, EnergyConservation 0; FieldFalloff
  // 1 / 0.1 / 0 / 0.9; InitialSizeSeed RandomSize (0.5, 1); Position/Velocity/Direction seeds
  // Min (-1,1,-1) Max (1,1,1); ColorSeed white; ParticleSpawner Enabled true, LoopCondition
  // Looping; emitter Enabled true, ShapeBuilder Billboard."
  std::string body = R"(                                    ParticleLifetime: {X: 1.0, Y: 1.0}
                                    Spawners:
                                        51515151515151515151515151515151: !SpawnerPerSecond
                                            SpawnCount: 5.0
                                    Initializers:
                                        a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1: !InitialSizeSeed {}
                                        a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2: !InitialPositionSeed {}
                                        a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3: !InitialColorSeed {}
                                        a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4: !InitialDirectionSeed {}
                                        a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5: !Initial3DRotationSeed
                                            RotationQuaternionMax: {X: 0.0, Y: 0.707106769, Z: 0.0, W: 0.707106769}
                                    Updaters:
                                        b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1: !UpdaterCollider
                                            FieldShape: !FieldShapeSphere {}
                                        b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2: !UpdaterForceField
                                            FieldShape: !FieldShapeCylinder {HalfHeight: 2.0}
)";
  auto im = importYaml(prefab(body));
  ASSERT_TRUE(im.result) << im.diags.formatAll();
  Diagnostics d;
  auto preset = load(*im.result, d);
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  const stride::EmitterDef& e = strideDef(*preset).system.emitters.at(0);
  EXPECT_TRUE(e.enabled);
  EXPECT_EQ(e.shapeBuilder.type, stride::ShapeBuilderKind::Billboard);
  EXPECT_TRUE(e.spawners[0].enabled);
  EXPECT_EQ(e.spawners[0].loop, stride::LoopCondition::Looping);
  EXPECT_EQ(e.initializers[0].size.lo, 0.5f);
  EXPECT_EQ(e.initializers[0].size.hi, 1.0f);
  EXPECT_EQ(e.initializers[1].positionMin, vec3(-1, 1, -1));
  EXPECT_EQ(e.initializers[1].positionMax, vec3(1, 1, 1));
  EXPECT_EQ(e.initializers[2].colorMin, ColorRgba{});
  EXPECT_EQ(e.initializers[3].type, stride::InitializerKind::Direction);
  EXPECT_EQ(e.initializers[3].directionMin, vec3(-1, 1, -1));
  EXPECT_EQ(e.initializers[3].directionMax, vec3(1, 1, 1));
  EXPECT_EQ(e.initializers[4].type, stride::InitializerKind::Rotation3D);
  EXPECT_EQ(e.initializers[4].rotationMin, quat(1, 0, 0, 0));  // Stride: identity
  EXPECT_NEAR(e.initializers[4].rotationMax.y, 0.70710677f, 1e-6f);
  const stride::UpdaterModule& c = e.updaters[0];
  EXPECT_EQ(c.restitution, 0.5f);
  EXPECT_EQ(c.friction, 0.1f);
  const stride::UpdaterModule& f = e.updaters[1];
  EXPECT_EQ(f.forceVortex, 1.0f);
  EXPECT_EQ(f.forceRepulsive, 1.0f);
  EXPECT_EQ(f.energyConservation, 0.0f);
  EXPECT_EQ(f.falloff.strengthInside, 1.0f);
  EXPECT_EQ(f.falloff.falloffStart, 0.1f);
  EXPECT_EQ(f.falloff.strengthOutside, 0.0f);
  EXPECT_EQ(f.falloff.falloffEnd, 0.9f);
  EXPECT_EQ(f.shape.type, stride::ShapeKind::Cylinder);
  EXPECT_EQ(f.shape.halfHeight, 2.0f);
  EXPECT_EQ(f.shape.radius, 1.0f);
}

TEST(StrideImport, UnsupportedModulesAreKeptAndReportedWithTheirLine) {
  // Issue 16: "reported once each as a warning with the file and YAML line
  // (vfx-Fire.sdprefab:212: InitialPositionParent: not simulated, kept), never dropped".
  std::string body =
      std::string(kSimpleEmitter) +
      R"(                                        b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2: !UpdaterRibbonWobble
                                            Amount: 2.5
                                            Nested:
                                                Deep: 1
)";
  std::string text = prefab(body);
  auto im = importYaml(text, "vfx-Fire.sdprefab");
  ASSERT_TRUE(im.result);
  // The module's line in the file (1-based).
  int line =
      int(std::count(text.begin(), text.begin() + long(text.find("!UpdaterRibbonWobble")), '\n')) +
      1;
  ASSERT_GT(line, 0);
  std::string expected = "vfx-Fire.sdprefab:" + std::to_string(line) +
                         ": warning: UpdaterRibbonWobble: not simulated, kept";
  std::string all = warnings(im.diags);
  EXPECT_NE(all.find(expected), std::string::npos) << all;
  EXPECT_EQ(im.diags.warningCount(), 1u) << all;  // once, and nothing else to report

  // Kept verbatim in the definition, and still there after a load / save round trip.
  Diagnostics d;
  auto preset = load(*im.result, d);
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_TRUE(d.items.empty()) << d.formatAll();  // not_simulated is a declared field
  const auto& kept = strideDef(*preset).system.kept;
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].tag, "UpdaterRibbonWobble");
  EXPECT_EQ(kept[0].line, line);
  EXPECT_EQ(kept[0].where, "emitter sparks, Updaters");
  EXPECT_EQ(kept[0].yaml,
            "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2: !UpdaterRibbonWobble\n    Amount: 2.5\n    "
            "Nested:\n        Deep: 1\n");
  Json saved = presetToJson(*preset);
  EXPECT_EQ(saved["effects"][0]["definition"]["not_simulated"][0]["yaml"], kept[0].yaml);
}

TEST(StrideImport, CurvesKeepKeysInFileOrderAndBakeLikeStride) {
  // §4: "keys are sorted by Key ... the sampler bakes 32 samples at t = i/31"; secondary curves
  // (SamplerOptional) included; the shape builder samplers too.
  std::string body = R"(                                    ParticleLifetime: {X: 1.0, Y: 1.0}
                                    ShapeBuilder: !ShapeBuilderQuad
                                        SamplerPosition: null
                                        SamplerSize: !ComputeCurveSamplerFloat
                                            Curve: !ComputeAnimationCurveFloat
                                                KeyFrames:
                                                    k0000000000000000000000000000001:
                                                        Key: 0.0
                                                        Value: 0.0
                                                        TangentType: Linear
                                                    k0000000000000000000000000000002:
                                                        Key: 0.5
                                                        Value: 1.0
                                                        TangentType: Linear
                                                    k0000000000000000000000000000003:
                                                        Key: 1.0
                                                        Value: 0.0
                                                        TangentType: Linear
                                        SamplerRotation: null
                                    Updaters:
                                        b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1: !UpdaterColorOverTime
                                            SamplerMain: !ComputeCurveSamplerColor4
                                                Curve: !ComputeAnimationCurveColor4
                                                    KeyFrames:
                                                        k1:
                                                            Key: 1.0
                                                            Value: {R: 0.0, G: 0.0, B: 1.0, A: 0.0}
                                                            TangentType: Linear
                                                        k2:
                                                            Key: 0.0
                                                            Value: {R: 1.0, G: 0.0, B: 0.0, A: 1.0}
                                                            TangentType: Linear
                                            SamplerOptional: !ComputeCurveSamplerColor4
                                                Curve: !ComputeAnimationCurveColor4
                                                    KeyFrames:
                                                        k3:
                                                            Key: 0.0
                                                            Value: {R: 0.0, G: 1.0, B: 0.0, A: 1.0}
                                                            TangentType: Linear
                                            SeedOffset: 7
)";
  auto im = importYaml(prefab(body));
  ASSERT_TRUE(im.result) << im.diags.formatAll();
  EXPECT_TRUE(im.diags.items.empty()) << im.diags.formatAll();
  Diagnostics d;
  auto preset = load(*im.result, d);
  ASSERT_TRUE(preset) << d.formatAll();
  const stride::EmitterDef& e = strideDef(*preset).system.emitters.at(0);
  const stride::UpdaterModule& u = e.updaters.at(0);
  EXPECT_EQ(u.type, stride::UpdaterKind::ColorAnimation);
  EXPECT_TRUE(u.bakedCurve);
  EXPECT_EQ(u.seedOffset, 7);
  ASSERT_EQ(u.colorCurve.size(), 2u);
  EXPECT_EQ(u.colorCurve[0].key, 1.0f);  // file order kept; sampling sorts
  ASSERT_EQ(u.colorCurve2.size(), 1u);
  EXPECT_EQ(u.colorCurve2[0].value.g, 1.0f);
  EXPECT_EQ(e.shapeBuilder.type, stride::ShapeBuilderKind::Quad);
  ASSERT_EQ(e.shapeBuilder.samplerSize.size(), 3u);
  // Baked: at t = 0.5 the value lies between samples 15 and 16 (t = 15/31, 16/31), both
  // 1 - |t - 0.5| x 2 = 0.9677..., so the sharp key is cut as in Stride.
  stride::ShapeSamplers s(e.shapeBuilder);
  EXPECT_NEAR(s.sizeFactor(0.5f), 1.0f - 2.0f * (0.5f - 15.0f / 31.0f), 1e-5f);
  EXPECT_NEAR(s.sizeFactor(0.0f), 0.0f, 1e-6f);
  EXPECT_NEAR(s.sizeFactor(0.25f), 0.5f, 0.02f);
}

TEST(StrideImport, QuadQuaternionRotationSamplerIsSimulated) {
  // Stride's ShapeBuilderQuad.SamplerRotation is a ComputeCurveSamplerQuaternion; a keyframe
  // without Key is at 0.
  std::string body = R"(                                    ParticleLifetime: {X: 1.0, Y: 1.0}
                                    ShapeBuilder: !ShapeBuilderQuad
                                        SamplerPosition: null
                                        SamplerSize: null
                                        SamplerRotation: !ComputeCurveSamplerQuaternion
                                            Curve: !ComputeAnimationCurveQuaternion
                                                KeyFrames:
                                                    k0000000000000000000000000000001:
                                                        Value: {X: 0.0, Y: 0.0, Z: 0.0, W: 1.0}
                                                        TangentType: Linear
                                                    k0000000000000000000000000000002:
                                                        Key: 1.0
                                                        Value: {X: 1.0, Y: 0.0, Z: 0.0, W: 0.0}
                                                        TangentType: Linear
)";
  auto im = importYaml(prefab(body));
  ASSERT_TRUE(im.result) << im.diags.formatAll();
  EXPECT_TRUE(im.diags.items.empty()) << im.diags.formatAll();  // no "not simulated, kept"
  Diagnostics d;
  auto preset = load(*im.result, d);
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_TRUE(d.items.empty()) << d.formatAll();
  const stride::EmitterDef& e = strideDef(*preset).system.emitters.at(0);
  EXPECT_EQ(e.shapeBuilder.type, stride::ShapeBuilderKind::Quad);
  EXPECT_TRUE(e.shapeBuilder.samplerRotation.empty());
  const auto& keys = e.shapeBuilder.samplerQuaternion;
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[0].key, 0.0f);
  EXPECT_EQ(keys[0].value, quat(1, 0, 0, 0));  // glm: (w, x, y, z)
  EXPECT_EQ(keys[1].key, 1.0f);
  EXPECT_EQ(keys[1].value, quat(0, 1, 0, 0));
  EXPECT_TRUE(strideDef(*preset).system.kept.empty());
}

TEST(StrideImport, MaterialTintFlipbookAndAdditiveAlphaCarryOver) {
  // §1 Material: ComputeColor constant x vertex stream, UVBuilderFlipbook, AlphaAdditive.
  std::string body =
      std::string(R"(                                    ParticleLifetime: {X: 1.0, Y: 1.0}
                                    Material: !ParticleMaterialComputeColor
                                        AlphaAdditive: 0.8
                                        ComputeColor: !ComputeBinaryColor
                                            Operator: Multiply
                                            LeftChild: !ComputeFloat4
                                                Value: {X: 4.0, Y: 2.0, Z: 1.0, W: 1.0}
                                            RightChild: !ComputeTextureColor
                                                Texture: 12345678-0000-0000-0000-000000000000:Textures/fire8x8
                                        UVBuilder: !UVBuilderFlipbook
                                            XDivisions: 8
                                            YDivisions: 4
                                            StartingFrame: 2
                                            AnimationSpeed: 30
)");
  fs::path dir = fs::temp_directory_path() / "fxview_stride_material_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "Textures");
  std::ofstream(dir / "Textures/fire8x8.sdtex") << "!Texture\nSource: !file fire8x8.png\n";
  std::ofstream(dir / "Textures/fire8x8.png") << "a stand-in; the importer only checks it exists";
  Diagnostics di;
  auto im = importText(prefab(body), dir / "fire.sdprefab", "fire.sdprefab", di);
  ASSERT_TRUE(im);
  EXPECT_TRUE(di.items.empty()) << di.formatAll();
  Diagnostics d;
  auto preset = loadPresetFromJson(im->preset, dir / "fire.sdprefab.json", d, {});
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  const stride::Material& m = strideDef(*preset).system.emitters.at(0).material;
  EXPECT_FLOAT_EQ(m.alphaAdditive, 0.8f);
  EXPECT_FLOAT_EQ(m.intensity, 4.0f);
  EXPECT_FLOAT_EQ(m.tint.g, 0.5f);
  EXPECT_FLOAT_EQ(m.tint.b, 0.25f);
  EXPECT_EQ(m.texture, "Textures/fire8x8.png");
  EXPECT_EQ(m.uvBuilder.type, stride::UvBuilderKind::Flipbook);
  EXPECT_EQ(m.uvBuilder.xDivisions, 8);
  EXPECT_EQ(m.uvBuilder.yDivisions, 4);
  EXPECT_EQ(m.uvBuilder.startingFrame, 2);
  EXPECT_FLOAT_EQ(m.uvBuilder.animationSpeed, 30.0f);
  // No ComputeVertexStreamColor in the tree: the particle's colour never reaches the pixel
  // (ParticleComputeColorShader.Shading: ColorScale x the tree alone).
  EXPECT_FALSE(m.particleColor);
  fs::remove_all(dir);

  // Without the .sdtex: a warning naming the texture and its line, the soft dot, and the
  // flipbook kept but not applied (its frames would cut the dot into tiles).
  auto missing = importYaml(prefab(body));
  ASSERT_TRUE(missing.result);
  std::string all = missing.diags.formatAll();
  std::string text = prefab(body);
  int line = int(std::count(text.begin(), text.begin() + long(text.find("Texture:")), '\n')) + 1;
  EXPECT_NE(all.find("test.sdprefab:" + std::to_string(line) +
                     ": warning: Texture \"Textures/fire8x8\": texture asset "
                     "Textures/fire8x8.sdtex not found beside the asset or above it; drawn with "
                     "assets/sprites/dot.png"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("UVBuilderFlipbook (its texture is missing): not simulated, kept"),
            std::string::npos)
      << all;
  const Json& mj = firstEmitter(*missing.result)["material"];
  EXPECT_EQ(mj["texture"], "assets/sprites/dot.png");
  EXPECT_FALSE(mj.contains("uv_builder"));
}

TEST(StrideImport, ProjectColourSpaceVertexStreamAndComponentAlpha) {
  // The project's RenderingSettings.ColorSpace (GameSettings.sdgamesettings beside the asset or
  // above it) becomes the system's color_space; none says: Stride's default, linear. The
  // component Color's alpha (ParticleSystemRenderProcessor.Draw: emitter.Color) multiplies the
  // output (ParticleBase.sdsl: ColorScale x the tree): it is the tint's alpha.
  fs::path dir = fs::temp_directory_path() / "fxview_stride_color_space_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "Assets/Prefabs");
  std::string text = prefab(kSimpleEmitter);
  const std::string white = "Color: {R: 1.0, G: 1.0, B: 1.0, A: 1.0}";
  text.replace(text.find(white), white.size(), "Color: {R: 1.0, G: 0.5, B: 1.0, A: 0.25}");
  Diagnostics d1;
  auto linear = importText(text, dir / "Assets/Prefabs/fx.sdprefab", "fx.sdprefab", d1);
  ASSERT_TRUE(linear);
  const Json& def1 = linear->preset["effects"][0]["definition"];
  EXPECT_FALSE(def1.contains("color_space"));  // linear, the default
  const Json& m = def1["emitters"][0]["material"];
  EXPECT_FALSE(m.contains("particle_color"));  // the tree holds the vertex stream
  EXPECT_EQ(m["tint"]["a"], 0.25);
  EXPECT_EQ(m["tint"]["g"], 0.25);  // 0.5 x the tree's 2, over the intensity 4

  std::ofstream(dir / "Assets/GameSettings.sdgamesettings")
      << "!GameSettingsAsset\nDefaults:\n    - !Stride.Graphics.RenderingSettings,Stride.Graphics\n"
         "        DefaultBackBufferWidth: 1280\n        ColorSpace: Gamma\n";
  Diagnostics d2;
  auto gamma = importText(text, dir / "Assets/Prefabs/fx.sdprefab", "fx.sdprefab", d2);
  ASSERT_TRUE(gamma);
  EXPECT_EQ(gamma->preset["effects"][0]["definition"]["color_space"], "gamma");
  Diagnostics d3;
  auto preset = loadPresetFromJson(gamma->preset, dir / "Assets/Prefabs/fx.sdprefab.json", d3, {});
  ASSERT_TRUE(preset) << d3.formatAll();
  EXPECT_EQ(strideDef(*preset).system.colorSpace, stride::ColorSpace::Gamma);
  fs::remove_all(dir);

  // Face culling is not applied: said, with the line.
  std::string culled = prefab(kSimpleEmitter);
  culled.insert(culled.find("                                        UVBuilder: null"),
                "                                        FaceCulling: CullBack\n");
  auto c = importYaml(culled);
  ASSERT_TRUE(c.result);
  EXPECT_NE(warnings(c.diags).find("FaceCulling CullBack: not applied"), std::string::npos)
      << warnings(c.diags);
}

TEST(StrideImport, TextureResolvesThroughTheSdtexAsset) {
  // Issue 16: "resolve a material's texture through the referenced .sdtex asset to its source
  // image (PNG; other formats are a clear warning and the magenta checker)".
  fs::path dir = fs::temp_directory_path() / "fxview_stride_tex_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "Assets/Textures");
  fs::create_directories(dir / "Assets/Prefabs");
  fs::create_directories(dir / "Resources");
  std::ofstream(dir / "Assets/Textures/flame.sdtex")
      << "!Texture\nId: 1\nSerializedVersion: {Stride: 2.0.0.0}\nTags: []\n"
         "Source: !file ../../Resources/flame.png\n";
  std::ofstream(dir / "Resources/flame.png") << "not read by the importer";
  std::ofstream(dir / "Assets/Textures/smoke.sdtex")
      << "!Texture\nSource: !file ../../Resources/smoke.dds\n";
  auto material = [](const char* url) {
    return std::string(
               R"(                                    Material: !ParticleMaterialComputeColor
                                        ComputeColor: !ComputeTextureColor
                                            Texture: 99999999-0000-0000-0000-000000000000:)") +
           url + "\n";
  };
  Diagnostics d1;
  auto png = importText(prefab(material("Textures/flame")), dir / "Assets/Prefabs/fx.sdprefab",
                        "fx.sdprefab", d1);
  ASSERT_TRUE(png);
  EXPECT_TRUE(d1.items.empty()) << d1.formatAll();
  EXPECT_EQ(firstEmitter(*png)["material"]["texture"], "../../Resources/flame.png");
  EXPECT_TRUE(fs::equivalent(png->textureRoot, dir));
  // Saved beside the asset, the preset still reads the package's textures when reopened.
  std::ofstream(dir / "Assets/Prefabs/fx.sdprefab") << prefab(material("Textures/flame"));
  std::ofstream(dir / "Assets/Prefabs/fx.sdprefab.json") << png->preset.dump(2);
  Diagnostics reopened;
  ASSERT_TRUE(loadPreset(dir / "Assets/Prefabs/fx.sdprefab.json", reopened));
  EXPECT_EQ(reopened.formatAll().find("leaves the preset's folder"), std::string::npos)
      << reopened.formatAll();
  EXPECT_FALSE(reopened.hasErrors()) << reopened.formatAll();
  // The same from a relative asset path (as typed on the command line): the package root is
  // still the folder above Assets.
  fs::path cwd = fs::current_path();
  fs::current_path(dir / "Assets");
  Diagnostics d3;
  auto rel =
      importText(prefab(material("Textures/flame")), "Prefabs/fx.sdprefab", "fx.sdprefab", d3);
  fs::current_path(cwd);
  ASSERT_TRUE(rel);
  EXPECT_TRUE(d3.items.empty()) << d3.formatAll();
  EXPECT_EQ(firstEmitter(*rel)["material"]["texture"], "../../Resources/flame.png");
  EXPECT_TRUE(fs::equivalent(rel->textureRoot, dir));
  Diagnostics d2;
  auto dds = importText(prefab(material("Textures/smoke")), dir / "Assets/Prefabs/fx.sdprefab",
                        "fx.sdprefab", d2);
  ASSERT_TRUE(dds);
  EXPECT_NE(d2.formatAll().find("source ../../Resources/smoke.dds is not a PNG (fxview reads PNG "
                                "only); drawn as a magenta checker"),
            std::string::npos)
      << d2.formatAll();
  fs::remove_all(dir);
}

TEST(StrideImport, ModuleRotationBecomesTheFamilysEulerDegrees) {
  // §2: modules carry Rotation {X,Y,Z,W}; the family stores Euler degrees (stride_common.h).
  std::string body = R"(                                    Initializers:
                                        a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2: !InitialVelocitySeed
                                            Rotation: {X: 0.1830127, Y: 0.5, Z: 0.1830127, W: 0.8273502}
)";
  auto im = importYaml(prefab(body));
  ASSERT_TRUE(im.result);
  Diagnostics d;
  auto preset = load(*im.result, d);
  ASSERT_TRUE(preset) << d.formatAll();
  const auto& m = strideDef(*preset).system.emitters.at(0).initializers.at(0);
  quat q = stride::eulerDegToQuat(m.transform.rotationOffsetDeg);
  quat expected = glm::normalize(quat(0.8273502f, 0.1830127f, 0.5f, 0.1830127f));
  EXPECT_NEAR(std::fabs(glm::dot(q, expected)), 1.0f, 1e-5f);
}

TEST(StrideImport, WrongTypesAreErrorsWithTheLine) {
  std::string body = R"(                                    ParticleLifetime: {X: soon, Y: 2.0}
                                    Spawners:
                                        51515151515151515151515151515151: !SpawnerBurst
                                            SpawnCount: 2.5
)";
  std::string text = prefab(body);
  auto im = importYaml(text);
  ASSERT_TRUE(im.result);
  std::string all = im.diags.formatAll();
  int base =
      int(std::count(text.begin(), text.begin() + long(text.find("ParticleLifetime")), '\n')) + 1;
  EXPECT_NE(all.find("test.sdprefab:" + std::to_string(base) +
                     ": ParticleLifetime.X: expected a finite number, got \"soon\""),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("test.sdprefab:" + std::to_string(base + 3) +
                     ": SpawnCount: expected an integer, got 2.5"),
            std::string::npos)
      << all;
}

TEST(StrideImport, HostileYamlIsAnErrorNeverACrash) {
  // Bad input gets a clear error with the line: deep flow nesting (yaml-cpp recurses per
  // level), deep block nesting, aliases (exponential expansion), not a scene at all.
  {
    std::string deep = "!SceneAsset\nHierarchy: " + std::string(10000, '[') + "\n";
    auto im = importYaml(deep, "deep.sdscene");
    EXPECT_FALSE(im.result);
    EXPECT_EQ(im.diags.formatAll(), "deep.sdscene:2: nesting deeper than 64 levels\n");
  }
  {
    std::string deep = "!SceneAsset\n";
    for (int i = 0; i < 100; ++i)
      deep += std::string(size_t(i) * 2, ' ') + "k" + std::to_string(i) + ":\n";
    // k0 (line 2) is level 1, so k64 on line 66 is the 65th level.
    auto im = importYaml(deep, "blocks.sdscene");
    EXPECT_FALSE(im.result);
    EXPECT_NE(im.diags.formatAll().find("blocks.sdscene:66: nesting deeper than 64 levels"),
              std::string::npos)
        << im.diags.formatAll();
  }
  {
    std::string deep = "!SceneAsset\nHierarchy:\n  ";
    for (int i = 0; i < 200; ++i) deep += i % 2 ? "? " : "- ";
    auto im = importYaml(deep + "x\n", "dashes.sdscene");
    EXPECT_FALSE(im.result);
    EXPECT_EQ(im.diags.formatAll(), "dashes.sdscene:3: nesting deeper than 64 levels\n");
  }
  {
    auto im = importYaml("!SceneAsset\na: &x [1, 2]\nb: [*x, *x]\n", "alias.sdscene");
    EXPECT_FALSE(im.result);
    EXPECT_NE(im.diags.formatAll().find("alias.sdscene:2: YAML anchors and aliases"),
              std::string::npos);
  }
  {
    auto im = importYaml("!Texture\nSource: x.png\n", "t.sdscene");
    EXPECT_FALSE(im.result);
    EXPECT_EQ(im.diags.formatAll(),
              "t.sdscene:1: expected a Stride scene or prefab (!SceneAsset / !PrefabAsset), got "
              "!Texture\n");
  }
  {
    auto im = importYaml("!SceneAsset\nHierarchy: {Parts: [unclosed\n", "bad.sdscene");
    EXPECT_FALSE(im.result);
    EXPECT_NE(im.diags.formatAll().find("bad.sdscene:"), std::string::npos);
  }
}

TEST(StrideImport, HugeCountsAreBounded) {
  // 20 emitters: the family's limit is 16 (kMaxEmitters); the rest are an error, not imported.
  std::string body;
  for (int i = 0; i < 20; ++i) {
    char id[40];
    std::snprintf(id, sizeof id, "%032d", i);
    body += std::string(32, ' ') + id + ":\n" + std::string(36, ' ') +
            "ParticleLifetime: {X: 1.0, Y: 1.0}\n";
  }
  std::string text = prefab("");
  text.erase(text.rfind("e0e0"));  // drop the sample emitter key line's tail
  text += body;
  auto im = importYaml(text);
  ASSERT_TRUE(im.result) << im.diags.formatAll();
  EXPECT_EQ(firstEmitter(*im.result).is_object(), true);
  EXPECT_EQ(im.result->preset["effects"][0]["definition"]["emitters"].size(), stride::kMaxEmitters);
  EXPECT_NE(im.diags.formatAll().find("Emitters: more than 16 emitters"), std::string::npos)
      << im.diags.formatAll();
}

TEST(StrideImport, LoadPresetOpensAssetsAndSavesBesideThem) {
  // Issue 16: "render, simulate and check accept the files directly ... Saving an imported
  // effect writes fxview JSON beside it (never over the Stride asset)".
  fs::path dir = fs::temp_directory_path() / "fxview_stride_load_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path asset = dir / "sparks.sdprefab";
  std::string text = prefab(kSimpleEmitter);
  std::ofstream(asset) << text;
  Diagnostics d;
  auto preset = loadPreset(asset, d);
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  EXPECT_EQ(preset->path, dir / "sparks.sdprefab.json");
  World world(*preset);
  world.advanceTo(1.0);
  EXPECT_GT(world.stats(0).live, 0u);
  ASSERT_EQ(savePreset(*preset, preset->path), "");
  auto contents = [&asset] {  // read and closed (Windows removes no file held open)
    std::ifstream in(asset);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  EXPECT_EQ(contents(), text);
  // Asked to save over the asset itself, the loader refuses and names the JSON to use.
  EXPECT_EQ(savePreset(*preset, asset), "refusing to write a preset over the Stride asset " +
                                            asset.string() + "; save it as " +
                                            (dir / "sparks.sdprefab.json").string());
  EXPECT_EQ(contents(), text);
  Diagnostics d2;
  auto reloaded = loadPreset(dir / "sparks.sdprefab.json", d2);
  ASSERT_TRUE(reloaded) << d2.formatAll();
  EXPECT_FALSE(d2.hasErrors()) << d2.formatAll();
  fs::remove_all(dir);
}

TEST(StrideImport, RibbonsTrailsSpawnOrderAndSortingAreSimulated) {
  // Reference stride_runtime §3-§4 and stride_yaml §3: Ribbon {SmoothingPolicy, Segments,
  // TextureCoordinatePolicy, TexCoordsFactor, UVRotate}; Trail = Ribbon + EdgePolicy.
  const char* ribbon = R"(                                    EmitterName: beam
                                    SortingPolicy: ByOrder
                                    ShapeBuilder: !ShapeBuilderTrail
                                        SmoothingPolicy: Best
                                        Segments: 15
                                        EdgePolicy: Edge
                                        TextureCoordinatePolicy: DistanceBased
                                        TexCoordsFactor: 0.2
                                        UVRotate:
                                            FlipX: true
                                            FlipY: false
                                            UVClockwise: Degree270
                                    Initializers:
                                        a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1: !InitialSpawnOrder
                                            InheritPosition: true
                                        a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2: !InitialSpawnOrderGroup {}
)";
  auto im = importYaml(prefab(ribbon));
  ASSERT_TRUE(im.result) << im.diags.formatAll();
  EXPECT_TRUE(im.diags.items.empty()) << im.diags.formatAll();  // nothing kept
  const Json& e = firstEmitter(*im.result);
  EXPECT_EQ(e["sorting"], "by_order");
  EXPECT_EQ(e["initializers"][0]["type"], "spawn_order");
  EXPECT_EQ(e["initializers"][1]["type"], "spawn_order_group");
  Diagnostics diags;
  auto preset = load(*im.result, diags);
  ASSERT_TRUE(preset) << diags.formatAll();
  const stride::EmitterDef& def = strideDef(*preset).system.emitters.at(0);
  EXPECT_EQ(def.sorting, stride::Sorting::ByOrder);
  EXPECT_EQ(def.shapeBuilder.type, stride::ShapeBuilderKind::Trail);
  EXPECT_EQ(def.shapeBuilder.smoothing, stride::Smoothing::Best);
  EXPECT_EQ(def.shapeBuilder.segments, 15);
  EXPECT_EQ(def.shapeBuilder.edge, stride::EdgePolicy::Edge);
  EXPECT_EQ(def.shapeBuilder.texCoords, stride::TexCoordPolicy::DistanceBased);
  EXPECT_FLOAT_EQ(def.shapeBuilder.texCoordsFactor, 0.2f);
  EXPECT_TRUE(def.shapeBuilder.uvFlipX);
  EXPECT_FALSE(def.shapeBuilder.uvFlipY);
  EXPECT_EQ(def.shapeBuilder.uvClockwise, stride::UvClockwise::Degree270);
  EXPECT_TRUE(strideDef(*preset).system.kept.empty());
}

TEST(StrideImport, ChildParticlesAndResetSecondsAreSimulated) {
  // Reference stride_runtime §5 and §6: SpawnerFromParent {ParentName, ParentControlFlag,
  // ParticleSpawnTrigger, SpawnCount (clamped 0..250)}, the Initial*Parent modules
  // {ParentName, ParentSeedOffset, ParentControlFlag, ...}, ParticleSystemControl.ResetSeconds.
  const char* body = R"(                                    EmitterName: sparks
                                    Spawners:
                                        51515151515151515151515151515151: !SpawnerPerSecond
                                            SpawnCount: 5.0
                                e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1~Kids:
                                    EmitterName: kids
                                    Spawners:
                                        52525252525252525252525252525252: !SpawnerFromParent
                                            ParentName: sparks
                                            ParentControlFlag: Group02
                                            ParticleSpawnTrigger: !ParticleSpawnTriggerLifetime
                                                LifetimeLowerLimit: 0.7
                                                LifetimeUpperLimit: 0.2
                                            SpawnCount: {X: 3.0, Y: 400.0}
                                        53535353535353535353535353535353: !SpawnerFromParent
                                            ParentName: nobody
                                            ParticleSpawnTrigger: !ParticleSpawnTriggerDeath {}
                                        54545454545454545454545454545454: !SpawnerFromParent
                                            ParentName: sparks
                                            ParticleSpawnTrigger: null
                                    Initializers:
                                        a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1: !InitialPositionParent
                                            ParentName: sparks
                                            ParentSeedOffset: 7
                                            ParentControlFlag: None
                                            PositionMin: {X: 0.0, Y: 1.0, Z: 0.0}
                                            PositionMax: {X: 0.0, Y: 2.0, Z: 0.0}
                                        a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2: !InitialVelocityParent
                                            ParentName: sparks
                                            ParentVelocityFactor: 1.2
                                            VelocityMin: {X: -1.0, Y: 1.0, Z: -1.0}
                                            VelocityMax: {X: 1.0, Y: 1.0, Z: 1.0}
                                        a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3: !InitialColorParent
                                            ParentName: sparks
                                            ColorMin: {R: 0.5, G: 0.5, B: 0.5, A: 1.0}
                                        a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4: !InitialSizeParent
                                            ParentName: sparks
                                            RandomSize: {X: 1.0, Y: 1.0}
                                        a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5: !InitialOrderParent
                                            ParentName: sparks
                                            ParentControlFlag: Group01
)";
  std::string text = prefab(body);
  text.replace(text.find("ResetSeconds: 0.0"), 17, "ResetSeconds: 2.5");
  auto im = importYaml(text);
  ASSERT_TRUE(im.result) << im.diags.formatAll();
  // The one warning: the parent no emitter is called, with its line.
  int line =
      int(std::count(text.begin(), text.begin() + long(text.find("ParentName: nobody")), '\n')) + 1;
  std::string all = warnings(im.diags);
  EXPECT_EQ(im.diags.warningCount(), 1u) << all;
  EXPECT_NE(all.find("test.sdprefab:" + std::to_string(line) + ": warning: ParentName \"nobody\""),
            std::string::npos)
      << all;
  EXPECT_EQ(all.find("not simulated"), std::string::npos) << all;

  const Json& def = im.result->preset["effects"][0]["definition"];
  EXPECT_EQ(def["reset_seconds"], 2.5);
  const Json& kids = def["emitters"][1];
  EXPECT_EQ(kids["spawners"][0]["type"], "from_parent");
  EXPECT_EQ(kids["spawners"][0]["parent_emitter"], "sparks");
  EXPECT_EQ(kids["spawners"][0]["control_group"], "group_2");
  EXPECT_EQ(kids["spawners"][0]["trigger"], "lifetime");
  EXPECT_EQ(kids["spawners"][0]["spawn_count"], Json::parse("[3, 250]"));  // Stride's clamp
  EXPECT_EQ(kids["spawners"][1]["trigger"], "on_death");
  EXPECT_EQ(kids["spawners"][2]["trigger"], "none");
  EXPECT_EQ(kids["initializers"][0]["type"], "position_parent");
  EXPECT_EQ(kids["initializers"][0]["control_group"], "none");
  EXPECT_EQ(kids["initializers"][0]["parent_seed_offset"], 7);

  Diagnostics d;
  auto preset = load(*im.result, d);
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_EQ(d.errorCount(), 0u) << d.formatAll();
  const stride::SystemDef& sys = strideDef(*preset).system;
  EXPECT_FLOAT_EQ(sys.resetSeconds, 2.5f);
  EXPECT_TRUE(sys.kept.empty());
  const stride::SpawnerModule& s = sys.emitters.at(1).spawners.at(0);
  EXPECT_EQ(s.type, stride::SpawnerKind::FromParent);
  EXPECT_EQ(s.group, stride::ParentGroup::Group2);
  EXPECT_EQ(s.trigger, stride::SpawnTrigger::Lifetime);
  EXPECT_FLOAT_EQ(s.lifetimeLower, 0.7f);
  EXPECT_FLOAT_EQ(s.lifetimeUpper, 0.2f);
  const auto& inits = sys.emitters.at(1).initializers;
  ASSERT_EQ(inits.size(), 5u);
  EXPECT_EQ(inits[0].type, stride::InitializerKind::PositionParent);
  EXPECT_EQ(inits[0].parentGroup, stride::ParentGroup::None);
  EXPECT_EQ(inits[0].parentSeedOffset, 7);
  EXPECT_EQ(inits[0].positionMax, vec3(0, 2, 0));
  EXPECT_EQ(inits[1].type, stride::InitializerKind::VelocityParent);
  EXPECT_FLOAT_EQ(inits[1].parentVelocityFactor, 1.2f);
  EXPECT_EQ(inits[2].type, stride::InitializerKind::ColorParent);
  EXPECT_FLOAT_EQ(inits[2].colorMin.r, 0.5f);
  EXPECT_EQ(inits[2].colorMax, ColorRgba{});  // Stride's default: white
  EXPECT_EQ(inits[3].type, stride::InitializerKind::SizeParent);
  EXPECT_EQ(inits[4].type, stride::InitializerKind::OrderParent);
  EXPECT_EQ(inits[4].parentGroup, stride::ParentGroup::Group1);
  EXPECT_EQ(inits[4].parent, "sparks");

  // `simulate` stats: live particles per emitter, by name; the children are alive.
  World world(*preset);
  world.advanceTo(1.0);
  Json dump;
  world.dump(dump);
  const Json& live = dump["effects"][0]["stats"]["emitters_live"];
  ASSERT_TRUE(live.is_object()) << dump["effects"][0]["stats"].dump();
  EXPECT_GT(live["sparks"].get<int>(), 0);
  EXPECT_GT(live["kids"].get<int>(), 0);
  EXPECT_EQ(live["sparks"].get<size_t>() + live["kids"].get<size_t>(), world.stats(0).live);
}

// ResetSeconds defaults to 5 in Stride when the asset has no Control block.
TEST(StrideImport, ResetSecondsDefaultsToStrides) {
  std::string text = prefab(kSimpleEmitter);
  size_t at = text.find("                        Control:\n");
  size_t end = text.find("                        Color:");
  text.erase(at, end - at);
  auto im = importYaml(text);
  ASSERT_TRUE(im.result) << im.diags.formatAll();
  EXPECT_EQ(im.result->preset["effects"][0]["definition"]["reset_seconds"], 5.0);
  auto zero = importYaml(prefab(kSimpleEmitter));  // ResetSeconds: 0.0 = never
  EXPECT_FALSE(zero.result->preset["effects"][0]["definition"].contains("reset_seconds"));
}

TEST(StrideImport, ScrollHexagonZOffsetSoftEdgeAndColorOperatorsAreSimulated) {
  // Reference stride_runtime §6: UVBuilderScroll {StartFrame, EndFrame}, ShapeBuilderHexagon,
  // the material's ZOffset and SoftEdgeDistance, ComputeBinaryColor operators beyond Multiply.
  std::string body = R"(                                    EmitterName: looks
                                    ShapeBuilder: !ShapeBuilderHexagon
                                        SamplerPosition: null
                                        SamplerSize: null
                                        SamplerRotation: null
                                    Material: !ParticleMaterialComputeColor
                                        ZOffset: 0.25
                                        SoftEdgeDistance: 1.5
                                        ComputeColor: !ComputeBinaryColor
                                            Operator: Add
                                            LeftChild: !ComputeBinaryColor
                                                Operator: Overlay
                                                LeftChild: !ComputeTextureColor
                                                    Texture: 12345678-0000-0000-0000-000000000000:Textures/smoke
                                                RightChild: !ComputeVertexStreamColor
                                                    Stream: !ColorVertexStreamDefinition {}
                                            RightChild: !ComputeBinaryColor
                                                Operator: Screen
                                                LeftChild: !ComputeColor
                                                    Value: {R: 0.5, G: 0.25, B: 0.0, A: 1.0}
                                                RightChild: !ComputeFloat4
                                                    Value: {X: 0.5, Y: 0.5, Z: 0.5, W: 1.0}
                                        UVBuilder: !UVBuilderScroll
                                            StartFrame: {X: 0.0, Y: 0.0, Z: 1.0, W: 1.0}
                                            EndFrame: {X: 0.0, Y: 3.0, Z: 1.0, W: 4.0}
)";
  fs::path dir = fs::temp_directory_path() / "fxview_stride_looks_import_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "Textures");
  std::ofstream(dir / "Textures/smoke.sdtex") << "!Texture\nSource: !file smoke.png\n";
  std::ofstream(dir / "Textures/smoke.png") << "a stand-in; the importer only checks it exists";
  Diagnostics di;
  auto im = importText(prefab(body), dir / "looks.sdprefab", "looks.sdprefab", di);
  ASSERT_TRUE(im);
  EXPECT_TRUE(di.items.empty()) << di.formatAll();  // nothing kept, nothing warned
  Diagnostics d;
  auto preset = loadPresetFromJson(im->preset, dir / "looks.sdprefab.json", d, {});
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  fs::remove_all(dir);
  const stride::SystemDef& sys = strideDef(*preset).system;
  EXPECT_TRUE(sys.kept.empty());
  const stride::EmitterDef& e = sys.emitters.at(0);
  EXPECT_EQ(e.shapeBuilder.type, stride::ShapeBuilderKind::Hexagon);
  const stride::Material& m = e.material;
  EXPECT_FLOAT_EQ(m.zOffset, 0.25f);
  EXPECT_FLOAT_EQ(m.softEdgeDistance, 1.5f);
  EXPECT_EQ(m.texture, "Textures/smoke.png");
  EXPECT_EQ(m.uvBuilder.type, stride::UvBuilderKind::Scroll);
  EXPECT_EQ(m.uvBuilder.startFrame, vec4(0, 0, 1, 1));
  EXPECT_EQ(m.uvBuilder.endFrame, vec4(0, 3, 1, 4));
  // Add(Overlay(texture, particle colour), Screen(constants)): the texture starts the chain,
  // the overlay takes the particle colour, the add the folded constant.
  ASSERT_EQ(m.colorOps.size(), 2u);
  EXPECT_EQ(m.colorOps[0].op, ColorOp::Overlay);
  EXPECT_EQ(m.colorOps[0].operand, stride::ColorOperandKind::ParticleColor);
  EXPECT_FALSE(m.colorOps[0].operandIsLeft);
  EXPECT_EQ(m.colorOps[1].op, ColorOp::Add);
  EXPECT_EQ(m.colorOps[1].operand, stride::ColorOperandKind::Constant);
  vec4 screen = applyColorOp(ColorOp::Screen, vec4(0.5f, 0.25f, 0, 1), vec4(0.5f, 0.5f, 0.5f, 1));
  EXPECT_EQ(m.colorOps[1].value.vec(), screen);
  EXPECT_EQ(m.tint, ColorRgba{});  // the component colour (white)

  // A constant on the left of the spine is the left operand; a tree that is not one chain
  // (the particle colour inside a sum on the operand side) runs as a stack program.
  std::string left = R"(                                    Material: !ParticleMaterialComputeColor
                                        ComputeColor: !ComputeBinaryColor
                                            Operator: Subtract
                                            LeftChild: !ComputeFloat4
                                                Value: {X: 1.0, Y: 1.0, Z: 1.0, W: 1.0}
                                            RightChild: !ComputeVertexStreamColor
                                                Stream: !ColorVertexStreamDefinition {}
)";
  auto li = importYaml(prefab(left));
  ASSERT_TRUE(li.result);
  EXPECT_TRUE(li.diags.items.empty()) << li.diags.formatAll();
  const Json& ops = firstEmitter(*li.result)["material"]["color_ops"];
  ASSERT_EQ(ops.size(), 2u) << ops.dump();
  EXPECT_EQ(ops[0]["operand"], "particle_color");  // white x particle colour
  EXPECT_EQ(ops[1]["operator"], "subtract");
  EXPECT_EQ(ops[1]["operand_is_left"], true);
  std::string tangled =
      R"(                                    Material: !ParticleMaterialComputeColor
                                        ComputeColor: !ComputeBinaryColor
                                            Operator: Add
                                            LeftChild: !ComputeVertexStreamColor
                                                Stream: !ColorVertexStreamDefinition {}
                                            RightChild: !ComputeBinaryColor
                                                Operator: Add
                                                LeftChild: !ComputeVertexStreamColor
                                                    Stream: !ColorVertexStreamDefinition {}
                                                RightChild: !ComputeFloat
                                                    Value: 0.5
)";
  // A scroll over a missing texture is still simulated (it moves whole repeats of the fallback).
  auto missing = importYaml(prefab(body));
  ASSERT_TRUE(missing.result);
  EXPECT_EQ(firstEmitter(*missing.result)["material"]["uv_builder"]["type"], "scroll");
  EXPECT_EQ(missing.diags.formatAll().find("not simulated"), std::string::npos)
      << missing.diags.formatAll();
  auto ti = importYaml(prefab(tangled));
  ASSERT_TRUE(ti.result);
  EXPECT_EQ(ti.diags.formatAll().find("not simulated"), std::string::npos) << ti.diags.formatAll();
  // particle + (particle + 0.5): load the particle colour, add 0.5, then add the particle colour
  // as the left operand.
  const Json& tops = firstEmitter(*ti.result)["material"]["color_ops"];
  ASSERT_EQ(tops.size(), 3u) << tops.dump();
  EXPECT_EQ(tops[0]["action"], "load");
  EXPECT_EQ(tops[0]["operand"], "particle_color");
  EXPECT_EQ(tops[1]["operator"], "add");
  EXPECT_EQ(tops[1]["operand"], "constant");
  EXPECT_EQ(tops[2]["operator"], "add");
  EXPECT_EQ(tops[2]["operand"], "particle_color");
  EXPECT_EQ(tops[2]["operand_is_left"], true);
}

// Both sides of a node computed: Subtract(Multiply(texture, particle colour), Overlay(second
// texture, constant)) runs as a stack program: the left side, a push beginning the right side,
// then the operator with the colour set aside as its left operand.
TEST(StrideImport, AColourTreeThatIsNotAChainRunsAsAStackProgram) {
  std::string body = R"(                                    Material: !ParticleMaterialComputeColor
                                        ComputeColor: !ComputeBinaryColor
                                            Operator: Subtract
                                            LeftChild: !ComputeBinaryColor
                                                Operator: Multiply
                                                LeftChild: !ComputeTextureColor
                                                    Texture: 12345678-0000-0000-0000-000000000000:Textures/smoke
                                                RightChild: !ComputeVertexStreamColor
                                                    Stream: !ColorVertexStreamDefinition {}
                                            RightChild: !ComputeBinaryColor
                                                Operator: Overlay
                                                LeftChild: !ComputeTextureColor
                                                    Texture: 87654321-0000-0000-0000-000000000000:Textures/noise
                                                RightChild: !ComputeFloat4
                                                    Value: {X: 0.5, Y: 0.25, Z: 1.0, W: 1.0}
)";
  auto im = importYaml(prefab(body));
  ASSERT_TRUE(im.result);
  EXPECT_EQ(im.diags.formatAll().find("not simulated"), std::string::npos) << im.diags.formatAll();
  const Json& ops = firstEmitter(*im.result)["material"]["color_ops"];
  ASSERT_EQ(ops.size(), 4u) << ops.dump();
  EXPECT_EQ(ops[0]["operator"], "multiply");  // the texture sample x the particle colour
  EXPECT_EQ(ops[0]["operand"], "particle_color");
  EXPECT_EQ(ops[1]["action"], "push");  // set that aside, start from the second texture
  EXPECT_EQ(ops[1]["operand"], "second_texture");
  EXPECT_EQ(ops[2]["operator"], "overlay");
  EXPECT_EQ(ops[2]["operand"], "constant");
  EXPECT_EQ(ops[3]["operator"], "subtract");
  EXPECT_EQ(ops[3]["operand"], "saved");
  EXPECT_EQ(ops[3]["operand_is_left"], true);
  // The program as the renderer evaluates it gives Stride's value.
  Diagnostics d;
  auto preset = loadPresetFromJson(im.result->preset, "tree.sdprefab.json", d, {});
  ASSERT_TRUE(preset) << d.formatAll();
  const stride::Material& m = strideDef(*preset).system.emitters.at(0).material;
  ASSERT_EQ(m.colorOps.size(), 4u);
  EXPECT_EQ(m.colorOps[1].action, stride::ColorStepAction::Push);
  EXPECT_EQ(m.colorOps[3].operand, stride::ColorOperandKind::Saved);
}

// Two ComputeTextureColor nodes in one colour tree (the VFX pack's smoke: constant x (texture x
// (texture x particle colour))): the second is the material's second texture, multiplied in by
// its colour operations, with its own Scale, Offset and texture coordinate channel.
TEST(StrideImport, ASecondTextureIsASecondLayer) {
  std::string body = R"(                                    EmitterName: smoke
                                    Material: !ParticleMaterialComputeColor
                                        ComputeColor: !ComputeBinaryColor
                                            Operator: Multiply
                                            LeftChild: !ComputeFloat4
                                                Value: {X: 2.0, Y: 2.0, Z: 2.0, W: 1.0}
                                            RightChild: !ComputeBinaryColor
                                                Operator: Multiply
                                                LeftChild: !ComputeTextureColor
                                                    Texture: 12345678-0000-0000-0000-000000000000:Textures/smoke
                                                    AddressModeU: Mirror
                                                    AddressModeV: Clamp
                                                    Scale: {X: 1.0, Y: 1.0}
                                                    Offset: {X: 0.0, Y: 0.0}
                                                RightChild: !ComputeBinaryColor
                                                    Operator: Multiply
                                                    LeftChild: !ComputeTextureColor
                                                        Texture: 87654321-0000-0000-0000-000000000000:Textures/noise
                                                        TexcoordIndex: TextureCoordinate0
                                                        Scale: {X: 2.0, Y: 3.0}
                                                        Offset: {X: 0.25, Y: 0.5}
                                                    RightChild: !ComputeVertexStreamColor
                                                        Stream: !ColorVertexStreamDefinition {}
)";
  fs::path dir = fs::temp_directory_path() / "fxview_stride_second_texture_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "Textures");
  for (const char* name : {"smoke", "noise"}) {
    std::ofstream(dir / "Textures" / (std::string(name) + ".sdtex"))
        << "!Texture\nSource: !file " << name << ".png\n";
    std::ofstream(dir / "Textures" / (std::string(name) + ".png")) << "a stand-in";
  }
  Diagnostics di;
  auto im = importText(prefab(body), dir / "two.sdprefab", "two.sdprefab", di);
  ASSERT_TRUE(im);
  EXPECT_TRUE(di.items.empty()) << di.formatAll();  // nothing kept, nothing warned
  Diagnostics d;
  auto preset = loadPresetFromJson(im->preset, dir / "two.sdprefab.json", d, {});
  ASSERT_TRUE(preset) << d.formatAll();
  EXPECT_FALSE(d.hasErrors()) << d.formatAll();
  const stride::Material& m = strideDef(*preset).system.emitters.at(0).material;
  EXPECT_EQ(m.texture, "Textures/smoke.png");
  EXPECT_EQ(m.secondTexture, "Textures/noise.png");
  EXPECT_EQ(m.secondTextureScale, vec2(2.0f, 3.0f));
  EXPECT_EQ(m.secondTextureOffset, vec2(0.25f, 0.5f));
  EXPECT_EQ(m.secondTextureChannel, 0);
  // The first map's address modes (Stride's AddressModeU / V).
  EXPECT_EQ(m.addressU, stride::TextureAddress::Mirror);
  EXPECT_EQ(m.addressV, stride::TextureAddress::Clamp);
  // texture x second texture x particle colour; the constant is the tint x intensity.
  ASSERT_EQ(m.colorOps.size(), 2u);
  EXPECT_EQ(m.colorOps[0].op, ColorOp::Multiply);
  EXPECT_EQ(m.colorOps[0].operand, stride::ColorOperandKind::SecondTexture);
  EXPECT_EQ(m.colorOps[1].operand, stride::ColorOperandKind::ParticleColor);
  EXPECT_FLOAT_EQ(m.intensity, 2.0f);

  // With an operator: Add(Multiply(texture, texture), particle colour) is a chain whose first
  // step reads the second texture; a channel past 0 is kept as a number; the first map keeps
  // its own Scale and Offset.
  std::string added = R"(                                    Material: !ParticleMaterialComputeColor
                                        ComputeColor: !ComputeBinaryColor
                                            Operator: Add
                                            LeftChild: !ComputeBinaryColor
                                                Operator: Multiply
                                                LeftChild: !ComputeTextureColor
                                                    Texture: 12345678-0000-0000-0000-000000000000:Textures/smoke
                                                    Scale: {X: -1.0, Y: -1.0}
                                                    Offset: {X: 0.5, Y: 0.0}
                                                    AddressModeV: MirrorOnce
                                                RightChild: !ComputeTextureColor
                                                    Texture: 87654321-0000-0000-0000-000000000000:Textures/noise
                                                    TexcoordIndex: TextureCoordinate1
                                            RightChild: !ComputeVertexStreamColor
                                                Stream: !ColorVertexStreamDefinition {}
)";
  Diagnostics da;
  auto ai = importText(prefab(added), dir / "add.sdprefab", "add.sdprefab", da);
  fs::remove_all(dir);
  ASSERT_TRUE(ai);
  EXPECT_EQ(da.formatAll().find("not simulated"), std::string::npos) << da.formatAll();
  const Json& mat = ai->preset["effects"][0]["definition"]["emitters"][0]["material"];
  ASSERT_EQ(mat["color_ops"].size(), 2u) << mat.dump();
  EXPECT_EQ(mat["color_ops"][0]["operator"], "multiply");
  EXPECT_EQ(mat["color_ops"][0]["operand"], "second_texture");
  EXPECT_EQ(mat["color_ops"][1]["operator"], "add");
  EXPECT_EQ(mat["color_ops"][1]["operand"], "particle_color");
  EXPECT_EQ(mat["second_texture"], "Textures/noise.png");
  EXPECT_EQ(mat["second_texture_channel"], 1);
  EXPECT_EQ(mat["texture_scale"], Json::array({-1.0, -1.0}));  // the first map's own
  EXPECT_EQ(mat["texture_offset"], Json::array({0.5, 0.0}));
  EXPECT_FALSE(mat.contains("second_texture_scale"));
  EXPECT_EQ(mat["address_u"], "wrap");  // Stride's default
  EXPECT_EQ(mat["address_v"], "mirror_once");

  // A third texture is still kept.
  std::string three = body;
  size_t at = three.find(
      "                                                    RightChild: !ComputeVertexStreamColor");
  ASSERT_NE(at, std::string::npos);
  three.replace(
      at, std::string::npos,
      R"(                                                    RightChild: !ComputeBinaryColor
                                                        Operator: Multiply
                                                        LeftChild: !ComputeTextureColor
                                                            Texture: 11111111-0000-0000-0000-000000000000:Textures/third
                                                        RightChild: !ComputeVertexStreamColor
                                                            Stream: !ColorVertexStreamDefinition {}
)");
  auto ti = importYaml(prefab(three));
  ASSERT_TRUE(ti.result);
  EXPECT_NE(ti.diags.formatAll().find("ComputeTextureColor (a third texture): not simulated"),
            std::string::npos)
      << ti.diags.formatAll();
}

}  // namespace
}  // namespace fx::stride_import
