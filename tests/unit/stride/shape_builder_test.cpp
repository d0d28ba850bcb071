// Shape builders, their draw-time samplers, flipbook UVs and the direction initializer
// (engine/effects/stride: stride_draw.cpp, shape_builder_samplers.cpp, uv_flipbook.cpp,
// initializer_direction.cpp).
#include <gtest/gtest.h>

#include <cmath>

#include "engine/effects/stride/stride_emitter.h"
#include "tests/unit/stride/stride_test_util.h"

namespace fx::stride {
namespace {

EmitterRuntime runtimeWith(vec3 position, float life, float size, float rotationRad) {
  EmitterRuntime rt;
  rt.pool.layout(kFieldSize | kFieldRotation | kFieldColor, 4);
  size_t i = rt.pool.add();
  rt.pool.position[i] = position;
  rt.pool.life[i] = life;
  rt.pool.lifetime[i] = 1.0f;
  rt.pool.size[i] = size;
  rt.pool.rotation[i] = rotationRad;
  rt.pool.color[i] = vec4(1.0f);
  return rt;
}

EmitterDef billboard(const std::string& shapeBuilderJson) {
  auto def = test::definitionFromJson(R"({"emitters": [{"material": {"alpha_additive": 1},
      "shape_builder": )" + shapeBuilderJson +
                                      "}]}");
  return def->system.emitters.at(0);
}

// Quad k of the strip batch (oriented quads and quads draw as one strip quad per particle, in
// Stride's vertex order: centre - X + Y, + X + Y, + X - Y, - X - Y): the normal Y x X (the quad's
// up, Stride +Y for X = +X, Y = +Z) and its X.
vec3 quadNormal(const DrawList& d, size_t k) {
  const StripVertex* v = d.stripVertices.data() + k * 4;
  return glm::normalize(glm::cross(v[0].position - v[3].position, v[1].position - v[0].position));
}
vec3 quadX(const DrawList& d, size_t k) {
  const StripVertex* v = d.stripVertices.data() + k * 4;
  return glm::normalize(v[1].position - v[0].position);
}

TEST(StrideShapeBuilder, SamplersApplyAtDrawTimeAndAreNeverStored) {
  // Seed 003: "If you need additive kind of animation check if the Shape Builder supports it
  // ... Additive animations are not preserved in particle fields and do not persist, but can be
  // applied in addition to any fields the particles already have."
  EmitterDef def = billboard(R"({"type": "billboard",
      "sampler_size": [{"key": 0, "value": 2}, {"key": 1, "value": 2}],
      "sampler_rotation": [{"key": 0, "value": 90}, {"key": 1, "value": 90}],
      "sampler_position": [{"key": 0, "value": [0, 1, 0]}, {"key": 1, "value": [0, 1, 0]}]})");
  EmitterRuntime rt = runtimeWith(vec3(1, 0, 0), 0.5f, 0.25f, 0.1f);
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw);
  ASSERT_EQ(draw.sprites.size(), 1u);
  const SpriteInstance& s = draw.sprites[0];
  EXPECT_FLOAT_EQ(s.size, 0.5f);  // 0.25 x 2
  // + 90 degrees; clockwise (ShapeBuilderBillboard: "Positive value means clockwise
  // rotation"), the renderer's angle turning counter-clockwise.
  EXPECT_NEAR(s.rotation, -(0.1f + kPi / 2), 1e-5f);
  EXPECT_NEAR(s.position.z, 1.0f, 1e-6f);  // Stride +Y 1 -> fxview +Z
  EXPECT_NEAR(s.position.x, 1.0f, 1e-6f);
  // The particle's own fields are untouched.
  EXPECT_EQ(rt.pool.size[0], 0.25f);
  EXPECT_EQ(rt.pool.rotation[0], 0.1f);
  EXPECT_EQ(rt.pool.position[0], vec3(1, 0, 0));
}

TEST(StrideShapeBuilder, SamplersSampleTheNormalizedAgeBaked) {
  // Reference stride_yaml.md §4: "the sampler bakes 32 samples at t = i/31"; the age is
  // 1 - remaining life.
  EmitterDef def = billboard(R"({"type": "billboard",
      "sampler_size": [{"key": 0, "value": 0}, {"key": 0.5, "value": 1}, {"key": 1, "value": 0}]})");
  EmitterRuntime rt = runtimeWith(vec3(0), 0.5f, 1.0f, 0.0f);  // age 0.5
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw);
  ASSERT_EQ(draw.sprites.size(), 1u);
  EXPECT_NEAR(draw.sprites[0].size, 1.0f - 2.0f * (0.5f - 15.0f / 31.0f), 1e-5f);  // not 1
}

TEST(StrideShapeBuilder, QuadFacesTheSystemsUp) {
  // Stride's ShapeBuilderQuad.BuildVertexBuffer: unitX = +X, unitY = +Z, the first vertex
  // centre - X + Y with UV (0, 0): an up-facing quad (the Y-up normal, fxview +Z in world), V = 0
  // towards Stride +Z (fxview -Y). The float rotation is not read (the quad has none).
  EmitterDef def = billboard(R"({"type": "quad"})");
  EmitterRuntime rt = runtimeWith(vec3(0), 1.0f, 2.0f, 1.0f);
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw);
  EXPECT_TRUE(draw.sprites.empty());
  ASSERT_EQ(draw.strips.size(), 1u);
  ASSERT_EQ(draw.stripVertices.size(), 4u);
  EXPECT_NEAR(quadNormal(draw, 0).z, 1.0f, 1e-6f);
  EXPECT_NEAR(quadX(draw, 0).x, 1.0f, 1e-6f);
  const vec3 want[4] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
  const vec2 uv[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  for (int k = 0; k < 4; ++k) {
    EXPECT_NEAR(glm::length(draw.stripVertices[k].position - want[k]), 0.0f, 1e-5f) << k;
    EXPECT_EQ(draw.stripVertices[k].uv, uv[k]) << k;
  }
}

TEST(StrideShapeBuilder, OrientedQuadRunsVAlongTheDirectionTopAtTheHead) {
  // Stride's ShapeBuilderOrientedQuad.BuildVertexBuffer: unitY = the direction x length factor x
  // size / 2 (not projected), unitX = the direction's screen axis turned to the right x size / 2;
  // the first vertex centre - X + Y has UV (0, 0): the texture's top at the head. The particle's
  // rotation is not read.
  auto d = test::definitionFromJson(R"({"emitters": [{
      "shape_builder": {"type": "oriented_quad", "length_factor": 3}}]})");
  EmitterRuntime rt;
  rt.pool.layout(kFieldSize | kFieldRotation | kFieldDirection, 4);
  size_t i = rt.pool.add();
  rt.pool.position[i] = vec3(0.0f);
  rt.pool.life[i] = 1.0f;
  rt.pool.lifetime[i] = 1.0f;
  rt.pool.size[i] = 0.5f;
  rt.pool.rotation[i] = 1.0f;
  rt.pool.direction[i] = vec3(0, 1, 0);  // Stride up: fxview +Z, up on a camera along +Y
  View v;
  v.forward = vec3(0, 1, 0), v.right = vec3(1, 0, 0), v.up = vec3(0, 0, 1);
  DrawList draw;
  drawEmitter(d->system.emitters[0], rt, Transform{}, draw, v);
  ASSERT_EQ(draw.stripVertices.size(), 4u);
  // Half width 0.25 across, half length 1 x 3 x 0.5 / 2 = 0.75 along.
  const vec3 want[4] = {
      {-0.25f, 0, 0.75f}, {0.25f, 0, 0.75f}, {0.25f, 0, -0.75f}, {-0.25f, 0, -0.75f}};
  for (int k = 0; k < 4; ++k)
    EXPECT_NEAR(glm::length(draw.stripVertices[k].position - want[k]), 0.0f, 1e-5f) << k;
  EXPECT_EQ(draw.stripVertices[0].uv, vec2(0, 0));
  EXPECT_EQ(draw.stripVertices[2].uv, vec2(1, 1));
  // Seen from the side, the direction across the screen: still V along it, the head at V = 0.
  rt.pool.direction[i] = vec3(1, 0, 0);
  draw.clear();
  drawEmitter(d->system.emitters[0], rt, Transform{}, draw, v);
  ASSERT_EQ(draw.stripVertices.size(), 4u);
  EXPECT_NEAR(draw.stripVertices[0].position.x, 0.75f, 1e-5f);
  EXPECT_NEAR(draw.stripVertices[3].position.x, -0.75f, 1e-5f);
}

TEST(StrideShapeBuilder, QuadSpinsWithASimulationSpaceRotation) {
  // Local simulation space: the quad's up turns with the component (here 90 degrees about
  // Stride's X, so up (0, 1, 0) becomes (0, 0, 1) Stride = (0, -1, 0) fxview).
  auto d = test::definitionFromJson(
      R"({"emitters": [{"simulation_space": "local", "shape_builder": {"type": "quad"}}]})");
  EmitterRuntime rt = runtimeWith(vec3(0), 1.0f, 1.0f, 0.0f);
  Transform c;
  c.rotation = glm::angleAxis(kPi / 2, vec3(1, 0, 0));
  DrawList draw;
  drawEmitter(d->system.emitters[0], rt, c, draw);
  ASSERT_EQ(draw.stripVertices.size(), 4u);
  EXPECT_NEAR(quadNormal(draw, 0).y, -1.0f, 1e-5f);
}

TEST(StrideFlipbook, FramesRunLeftToRightTopToBottomOverTheLifetime) {
  // Stride's UVBuilderFlipbook (reference stride_yaml.md §3: XDivisions, YDivisions,
  // StartingFrame, AnimationSpeed): frame = starting frame + floor(age x speed).
  UvBuilder uv;
  uv.type = UvBuilderKind::Flipbook;
  uv.xDivisions = 8;
  uv.yDivisions = 8;
  uv.animationSpeed = 64;
  EXPECT_EQ(flipbookUv(uv, 0.0f), vec4(0, 0.125f, 0, 0.125f));
  EXPECT_EQ(flipbookUv(uv, 0.5f), vec4(0, 0.125f, 0.5f, 0.625f));               // frame 32: row 4
  EXPECT_EQ(flipbookUv(uv, 9.5f / 64.0f), vec4(0.125f, 0.25f, 0.125f, 0.25f));  // frame 9
  EXPECT_EQ(flipbookUv(uv, 63.5f / 64.0f), vec4(0.875f, 1.0f, 0.875f, 1.0f));   // the last
  uv.startingFrame = 2;
  EXPECT_EQ(flipbookUv(uv, 0.0f), vec4(0.25f, 0.375f, 0, 0.125f));
  uv.type = UvBuilderKind::None;
  EXPECT_EQ(flipbookUv(uv, 0.5f), vec4(0, 1, 0, 1));
}

// UVBuilderFlipbook.BuildUVCoordinates: spriteId = StartingFrame + (int)(age x AnimationSpeed)
// with no limit; its row (spriteId / XDivisions) runs on past the bottom of the texture, which
// repeats, so frames past the last start over from the first. The StartingFrame setter keeps it
// at most XDivisions x YDivisions.
TEST(StrideFlipbook, FramesPastTheLastWrapToTheFirst) {
  UvBuilder uv;
  uv.type = UvBuilderKind::Flipbook;
  uv.xDivisions = 2;
  uv.yDivisions = 2;
  uv.animationSpeed = 8;  // each of the 4 frames twice over the lifetime
  EXPECT_EQ(flipbookUv(uv, 3.5f / 8.0f), vec4(0.5f, 1.0f, 0.5f, 1.0f));  // frame 3
  EXPECT_EQ(flipbookUv(uv, 4.5f / 8.0f), vec4(0, 0.5f, 0, 0.5f));        // frame 4 = frame 0
  EXPECT_EQ(flipbookUv(uv, 6.5f / 8.0f), vec4(0, 0.5f, 0.5f, 1.0f));     // frame 6 = frame 2
  uv.animationSpeed = 0;
  uv.startingFrame = 9;  // kept at 4 (the frame count): frame 4 = frame 0
  EXPECT_EQ(flipbookUv(uv, 0.5f), vec4(0, 0.5f, 0, 0.5f));
  uv.startingFrame = 3;
  uv.animationSpeed = 1;
  EXPECT_EQ(flipbookUv(uv, 0.9f), vec4(0.5f, 1.0f, 0.5f, 1.0f));
}

TEST(StrideFlipbook, DrawnSpritesCarryTheFrame) {
  auto d = test::definitionFromJson(R"({"emitters": [{"material": {"uv_builder":
      {"type": "flipbook", "x_divisions": 4, "y_divisions": 2, "animation_speed": 8}}}]})");
  EmitterRuntime rt = runtimeWith(vec3(0), 0.5f, 1.0f, 0.0f);  // age 0.5: frame 4, row 1
  DrawList draw;
  drawEmitter(d->system.emitters[0], rt, Transform{}, draw);
  ASSERT_EQ(draw.sprites.size(), 1u);
  EXPECT_EQ(draw.sprites[0].uv, vec4(0, 0.25f, 0.5f, 1.0f));
  // Centred on the particle (the renderer measures the origin from the frame's left / top) and
  // square, though the frame is 0.25 x 0.5 of the page.
  EXPECT_EQ(draw.sprites[0].registration, vec2(0.125f, 0.25f));
  EXPECT_FLOAT_EQ(draw.sprites[0].aspect, 0.5f);
}

TEST(StrideInitDirection, RandomDirectionInTheBoxRotatedByTheModule) {
  // Reference stride_yaml.md §3 InitialDirectionSeed: DirectionMin, DirectionMax; §5.4 default
  // Min (-1, 1, -1) Max (1, 1, 1).
  InitializerModule m;
  DefaultsVisitor dv;
  m.type = InitializerKind::Direction;
  m.reflect(dv);
  EXPECT_EQ(m.directionMin, vec3(-1, 1, -1));
  EXPECT_EQ(m.directionMax, vec3(1, 1, 1));
  m.directionMin = vec3(0, 2, 0);
  m.directionMax = vec3(0, 4, 0);
  ParticlePool p;
  p.layout(initializerFields(InitializerKind::Direction), 64);
  for (int i = 0; i < 64; ++i) p.seed[p.add()] = uint32_t(i * 7 + 1);
  InitContext c;
  c.world.rotation = glm::angleAxis(kPi / 2, vec3(0, 0, 1));  // +Y turns to -X
  initDirection(m, c, p, 0, p.count);
  for (size_t i = 0; i < p.count; ++i) {
    EXPECT_GE(-p.direction[i].x, 2.0f - 1e-5f);
    EXPECT_LE(-p.direction[i].x, 4.0f + 1e-5f);
    EXPECT_NEAR(p.direction[i].y, 0.0f, 1e-5f);
  }
}

}  // namespace
}  // namespace fx::stride

namespace fx::stride {
namespace {

TEST(StrideInitRotation3D, SlerpsBetweenTheTwoAfterTheModuleRotation) {
  // Reference stride_yaml.md §3 Initial3DRotationSeed: RotationQuaternionMin / Max {X,Y,Z,W}.
  InitializerModule m;
  m.type = InitializerKind::Rotation3D;
  m.rotationMin = quat(1, 0, 0, 0);
  m.rotationMax = glm::angleAxis(kPi / 2, vec3(0, 1, 0));
  ParticlePool p;
  p.layout(initializerFields(InitializerKind::Rotation3D), 32);
  for (int i = 0; i < 32; ++i) p.seed[p.add()] = uint32_t(i * 13 + 5);
  InitContext c;
  initRotation3D(m, c, p, 0, p.count);
  for (size_t i = 0; i < p.count; ++i) {
    float r = RandomSeed{p.seed[i]}.getFloat(offset::k1A);
    quat expected = glm::angleAxis(r * kPi / 2, vec3(0, 1, 0));
    EXPECT_NEAR(std::fabs(glm::dot(p.quaternion[i], expected)), 1.0f, 1e-5f);
  }
}

TEST(StrideShapeBuilder, QuadTurnsByTheParticlesRotation) {
  // Stride's ShapeBuilderQuad: "each particle as an up-facing quad, further rotated by the
  // particle's rotation in 3d space". A quarter turn about Stride's Y keeps the quad flat but
  // spins it a quarter turn in its plane; a quarter turn about X stands it up facing -Y (fxview).
  auto d = test::definitionFromJson(R"({"emitters": [{"shape_builder": {"type": "quad"},
      "initializers": [{"type": "rotation_3d"}]}]})");
  EmitterRuntime rt;
  rt.pool.layout(kFieldQuaternion, 4);
  size_t a = rt.pool.add(), b = rt.pool.add();
  rt.pool.quaternion[a] = glm::angleAxis(kPi / 2, vec3(0, 1, 0));
  rt.pool.quaternion[b] = glm::angleAxis(kPi / 2, vec3(1, 0, 0));
  DrawList draw;
  drawEmitter(d->system.emitters[0], rt, Transform{}, draw);
  ASSERT_EQ(draw.stripVertices.size(), 8u);
  EXPECT_NEAR(quadNormal(draw, 0).z, 1.0f, 1e-5f);
  EXPECT_NEAR(quadX(draw, 0).y, 1.0f, 1e-5f);  // X about Y: Stride -Z, fxview +Y
  EXPECT_NEAR(quadNormal(draw, 1).y, -1.0f, 1e-5f);
  EXPECT_NEAR(quadX(draw, 1).x, 1.0f, 1e-5f);
  EXPECT_EQ(rt.pool.quaternion[a], glm::angleAxis(kPi / 2, vec3(0, 1, 0)));  // not stored
}

TEST(StrideShapeBuilder, QuadQuaternionSamplerSlerpsBetweenKeysAndTurnsTheQuad) {
  // Stride's ShapeBuilderQuad.SamplerRotation: a quaternion curve over the normalized age,
  // spherical linear between keys, baked to 32 samples; the quad turns by it after the
  // particle's own rotation. Keys: identity at 0, a half turn about Stride's X at 1 (key 1 first:
  // file order does not matter).
  const float s = std::sqrt(0.5f);
  EmitterDef def = billboard(R"({"type": "quad", "sampler_quaternion": [
      {"key": 1, "value": [1, 0, 0, 0]}, {"key": 0, "value": [0, 0, 0, 1]}]})");
  ShapeSamplers samplers(def.shapeBuilder);
  ASSERT_TRUE(samplers.quaternion);
  // Between the keys at age 0.5: a quarter turn about X (slerp, unit length; a plain lerp would
  // give the same axis, so check the angle at 0.25 too: slerp gives 45 degrees exactly).
  quat half = samplers.rotation3d(0.5f);
  EXPECT_NEAR(std::abs(half.x), s, 1e-4f);
  EXPECT_NEAR(std::abs(half.w), s, 1e-4f);
  EXPECT_NEAR(glm::length(half), 1.0f, 1e-5f);
  quat quarter = samplers.rotation3d(0.25f);
  EXPECT_NEAR(glm::angle(quarter), kPi / 4, 1e-3f);
  EXPECT_NEAR(glm::angle(sampleCurve(def.shapeBuilder.samplerQuaternion, 0.25f)), kPi / 4, 1e-5f);
  // Drawn at age 0.5 (life 0.5): the quarter turn about X stands the quad up facing -Y (fxview).
  EmitterRuntime rt = runtimeWith(vec3(0), 0.5f, 1.0f, 0.0f);
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw);
  ASSERT_EQ(draw.stripVertices.size(), 4u);
  EXPECT_NEAR(std::abs(quadNormal(draw, 0).y), 1.0f, 1e-4f);
  EXPECT_NEAR(quadNormal(draw, 0).z, 0.0f, 1e-4f);
  // Not a quad: the sampler is unused.
  EmitterDef bb = billboard(R"({"type": "billboard", "sampler_quaternion": [
      {"key": 0, "value": [1, 0, 0, 0]}]})");
  EXPECT_FALSE(ShapeSamplers(bb.shapeBuilder).quaternion);
}

}  // namespace
}  // namespace fx::stride
