// Scrolling UVs, hexagons, z offset, soft edges and colour operations of the stride_particles
// family (engine/effects/stride: uv_flipbook.cpp, shape_builder_hexagon.cpp, stride_draw.cpp,
// material_color_ops.cpp), checked on the DrawList they produce.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/effects/stride/stride_emitter.h"
#include "engine/effects/stride/stride_modules.h"
#include "engine/effects/stride/stride_ribbon.h"
#include "tests/unit/stride/stride_test_util.h"

namespace fx::stride {
namespace {

EmitterRuntime oneParticle(float life, float size, float rotationRad, vec4 color = vec4(1.0f)) {
  EmitterRuntime rt;
  rt.pool.layout(kFieldSize | kFieldRotation | kFieldColor, 4);
  size_t i = rt.pool.add();
  rt.pool.position[i] = vec3(0.0f);
  rt.pool.life[i] = life;
  rt.pool.lifetime[i] = 1.0f;
  rt.pool.size[i] = size;
  rt.pool.rotation[i] = rotationRad;
  rt.pool.color[i] = color;
  return rt;
}

EmitterDef emitter(const std::string& body) {
  auto def = test::definitionFromJson(R"({"emitters": [{)" + body + "}]}");
  return def->system.emitters.at(0);
}

// A camera looking along +Y: right +X, up +Z (fxview world).
View frontView() {
  View v;
  v.forward = vec3(0, 1, 0);
  v.right = vec3(1, 0, 0);
  v.up = vec3(0, 0, 1);
  return v;
}

void expectVec(vec3 got, vec3 want, int k) {
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(got[i], want[i], 1e-5f) << "vertex " << k;
}

TEST(StrideLooks, ScrollMovesTheUvRectangleOverTheLife) {
  // Reference stride_runtime §6: StartFrame (0, 0, 1, 1) to EndFrame (0, 1, 1, 2) by default;
  // the rectangle is (x min, y min, x max, y max), lerped by the normalized age.
  EmitterDef def = emitter(R"("material": {"uv_builder": {"type": "scroll"}})");
  UvBuilder uv = def.material.uvBuilder;
  EXPECT_EQ(uv.type, UvBuilderKind::Scroll);
  EXPECT_EQ(uv.startFrame, vec4(0, 0, 1, 1));
  EXPECT_EQ(uv.endFrame, vec4(0, 1, 1, 2));
  EXPECT_EQ(flipbookUv(uv, 0.0f), vec4(0, 1, 0, 1));  // left, right, top, bottom
  EXPECT_EQ(flipbookUv(uv, 0.5f), vec4(0, 1, 0.5f, 1.5f));
  EXPECT_EQ(flipbookUv(uv, 1.0f), vec4(0, 1, 1, 2));
  uv.startFrame = vec4(0, 0, 1, 1);
  uv.endFrame = vec4(0, 0, 5, 5);  // a zoom out (VisualTestMaterials' Purple (2))
  EXPECT_EQ(flipbookUv(uv, 0.25f), vec4(0, 2, 0, 2));

  // Sprites take the rectangle and sample with repeat (Stride's default Wrap).
  EmitterRuntime rt = oneParticle(0.5f, 1.0f, 0.0f);
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw, frontView());
  ASSERT_EQ(draw.sprites.size(), 1u);
  EXPECT_EQ(draw.batches[0].wrapU, TextureWrap::Repeat);
  EXPECT_EQ(draw.batches[0].wrapV, TextureWrap::Repeat);
  EXPECT_EQ(draw.sprites[0].uv, vec4(0, 1, 0.5f, 1.5f));
  EXPECT_EQ(draw.sprites[0].registration, vec2(0.5f, 0.5f));
  EXPECT_FLOAT_EQ(draw.sprites[0].aspect, 1.0f);
}

TEST(StrideLooks, HexagonIsTwoCameraFacingQuadsWithStridesUvs) {
  // ShapeBuilderHexagon: half size along the camera right (X) and up x sqrt(3)/2 (Y); upper
  // quad (-X/2 + Y, X/2 + Y, X, -X), lower quad (-X, X, X/2 - Y, -X/2 - Y).
  EmitterDef def = emitter(R"("shape_builder": {"type": "hexagon"},
      "material": {"z_offset": 0.5, "soft_edge_distance": 2})");
  EmitterRuntime rt = oneParticle(1.0f, 2.0f, 0.0f);
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw, frontView());
  EXPECT_TRUE(draw.sprites.empty());
  ASSERT_EQ(draw.strips.size(), 1u);
  ASSERT_EQ(draw.stripVertices.size(), 8u);
  EXPECT_FLOAT_EQ(draw.strips[0].depthOffset, 0.5f);
  EXPECT_FLOAT_EQ(draw.strips[0].softDistance, 2.0f);
  const float h = 0.8660254f, top = 0.5f - h * 0.5f;
  const vec3 pos[8] = {{-0.5f, 0, h}, {0.5f, 0, h}, {1, 0, 0},     {-1, 0, 0},
                       {-1, 0, 0},    {1, 0, 0},    {0.5f, 0, -h}, {-0.5f, 0, -h}};
  const vec2 uv[8] = {{0.25f, top}, {0.75f, top}, {1, 0.5f},  {0, 0.5f},
                      {0, 0.5f},    {1, 0.5f},    {0.75f, 1}, {0.25f, 1}};
  for (int k = 0; k < 8; ++k) {
    expectVec(draw.stripVertices[k].position, pos[k], k);
    EXPECT_NEAR(draw.stripVertices[k].uv.x, uv[k].x, 1e-5f) << k;
    EXPECT_NEAR(draw.stripVertices[k].uv.y, uv[k].y, 1e-5f) << k;
  }
  // A quarter turn is clockwise on screen: the right corner goes to the bottom.
  EmitterRuntime turned = oneParticle(1.0f, 2.0f, kPi / 2);
  DrawList d2;
  drawEmitter(def, turned, Transform{}, d2, frontView());
  ASSERT_EQ(d2.stripVertices.size(), 8u);
  expectVec(d2.stripVertices[2].position, vec3(0, 0, -1), 2);
  expectVec(d2.stripVertices[3].position, vec3(0, 0, 1), 3);
}

TEST(StrideLooks, HexagonUvsFollowTheUvBuilder) {
  EmitterDef def = emitter(R"("shape_builder": {"type": "hexagon"},
      "material": {"uv_builder": {"type": "flipbook", "x_divisions": 2, "y_divisions": 2,
                                  "starting_frame": 3, "animation_speed": 0}})");
  EmitterRuntime rt = oneParticle(1.0f, 2.0f, 0.0f);
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw, frontView());
  ASSERT_EQ(draw.stripVertices.size(), 8u);
  // Frame 3 of 2 x 2 is the bottom-right quarter: u 0.5..1, v 0.5..1.
  EXPECT_NEAR(draw.stripVertices[2].uv.x, 1.0f, 1e-6f);
  EXPECT_NEAR(draw.stripVertices[2].uv.y, 0.75f, 1e-6f);
  EXPECT_NEAR(draw.stripVertices[3].uv.x, 0.5f, 1e-6f);
  EXPECT_NEAR(draw.stripVertices[7].uv.y, 1.0f, 1e-6f);
}

TEST(StrideLooks, RibbonScrollAndColoursGoPerVertexSegment) {
  // Stride's ribbonizer sets SetVerticesPerSegment(6Q, 4Q, 2Q) (ShapeBuilderRibbon.Ribbonize);
  // ParticleMaterialSimple.PatchVertexBuffer writes colours with SetAttributePerSegment and
  // UVBuilderScroll.BuildUVCoordinates transforms with TransformAttributePerSegment: the first
  // particle's run is 6 vertices, the second's the last 2. Quad 1 joins particle 0's end (its
  // first two vertices) to particle 1's (its last two), so colour and scroll run on along it.
  EmitterDef def = emitter(R"("shape_builder": {"type": "ribbon"},
      "material": {"uv_builder": {"type": "scroll", "start_frame": [0, 0, 1, 1],
                                  "end_frame": [0, 10, 1, 11]}})");
  EmitterRuntime rt;
  rt.pool.layout(kFieldSize | kFieldColor, 4);
  for (int k = 0; k < 2; ++k) {
    size_t i = rt.pool.add();
    rt.pool.position[i] = vec3(float(k), 0, 0);
    rt.pool.life[i] = k == 0 ? 1.0f : 0.5f;  // ages 0 and 0.5
    rt.pool.lifetime[i] = 1.0f;
    rt.pool.size[i] = 1.0f;
    rt.pool.color[i] = k == 0 ? vec4(1, 0, 0, 1) : vec4(0, 0, 1, 1);
  }
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw, frontView());
  ASSERT_EQ(draw.stripVertices.size(), 8u);
  for (int v = 0; v < 8; ++v) {
    const bool first = v < 6;
    const StripVertex& x = draw.stripVertices[size_t(v)];
    EXPECT_EQ(x.color, first ? vec4(1, 0, 0, 1) : vec4(0, 0, 1, 1)) << v;
    EXPECT_GE(x.uv.y, first ? 0.0f : 5.0f) << v;  // age 0: v 0..1; age 0.5: v 5..6
    EXPECT_LE(x.uv.y, first ? 1.0f : 6.0f) << v;
  }
  // Smoothed (3 quads a particle): runs of 18 and 6 vertices.
  EXPECT_EQ(segmentOf(17, 3, 2), 0u);
  EXPECT_EQ(segmentOf(18, 3, 2), 1u);
  EXPECT_EQ(segmentOf(23, 3, 2), 1u);
  EXPECT_EQ(segmentOf(30, 3, 4), 2u);  // 18 + 12: the third particle's run
  // A flipbook still goes per particle (UVBuilderFlipbook: TransformAttributePerParticle).
  def.material.uvBuilder.type = UvBuilderKind::Flipbook;
  def.material.uvBuilder.xDivisions = def.material.uvBuilder.yDivisions = 2;
  def.material.uvBuilder.animationSpeed = 4.0f;
  draw.clear();
  drawEmitter(def, rt, Transform{}, draw, frontView());
  ASSERT_EQ(draw.stripVertices.size(), 8u);
  for (int v = 4; v < 6; ++v) EXPECT_GE(draw.stripVertices[size_t(v)].uv.y, 0.5f) << v;
}

// Stride samples a material's texture with its AddressModeU / V: Wrap unless the asset says
// otherwise; sprites and strips both carry them to the batch.
TEST(StrideLooks, AddressModesGoToTheBatches) {
  EmitterDef def = emitter(R"("material": {"address_u": "mirror", "address_v": "border"})");
  EmitterRuntime rt = oneParticle(1.0f, 1.0f, 0.0f);
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw, frontView());
  ASSERT_EQ(draw.batches.size(), 1u);
  EXPECT_EQ(draw.batches[0].wrapU, TextureWrap::Mirror);
  EXPECT_EQ(draw.batches[0].wrapV, TextureWrap::Border);
  EmitterDef plain = emitter("");
  DrawList wrapped;
  drawEmitter(plain, rt, Transform{}, wrapped, frontView());
  ASSERT_EQ(wrapped.batches.size(), 1u);
  EXPECT_EQ(wrapped.batches[0].wrapU, TextureWrap::Repeat);
  EXPECT_EQ(wrapped.batches[0].wrapV, TextureWrap::Repeat);
  Diagnostics d;
  test::definitionFromJson(R"({"emitters": [{"material": {"address_u": "tile"}}]})", &d);
  EXPECT_TRUE(d.hasErrors()) << d.formatAll();
}

TEST(StrideLooks, ZOffsetAndSoftEdgeGoToTheSpriteBatch) {
  EmitterDef def = emitter(R"("material": {"z_offset": 0.3, "soft_edge_distance": 1.5})");
  EmitterRuntime rt = oneParticle(1.0f, 1.0f, 0.0f);
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw, frontView());
  ASSERT_EQ(draw.batches.size(), 1u);
  EXPECT_FLOAT_EQ(draw.batches[0].depthOffset, 0.3f);
  EXPECT_FLOAT_EQ(draw.batches[0].softDistance, 1.5f);
  // Texture x vertex colour x tint, then alpha x (1 - alpha_additive): Stride's emissive tree.
  EXPECT_EQ(draw.batches[0].colorProgram.count, 3);
  EXPECT_EQ(draw.batches[0].colorProgram.steps[0].operand, ColorOperand::VertexColor);
  Diagnostics d;
  test::definitionFromJson(R"({"emitters": [{"material": {"soft_edge_distance": -1}}]})", &d);
  EXPECT_TRUE(d.hasErrors());  // a negative distance is refused
}

TEST(StrideLooks, ColorOperationsBecomeTheBatchProgram) {
  // The steps, then x tint x intensity, then alpha x (1 - alpha_additive); the sprite's colour
  // is the particle's own (premultiplied) as Color4.ToRgba packs it ((uint)(c x 255) & 255:
  // 0.3 -> 76/255), the operand of particle-colour steps. Constants are ComputeColors:
  // ToColorSpace makes them linear in a Linear project, kept as they are in a Gamma one.
  EmitterDef def = emitter(R"("material": {"alpha_additive": 0.25, "intensity": 2,
      "tint": {"r": 1, "g": 0.5, "b": 0.25, "a": 1},
      "color_ops": [{"operator": "overlay", "operand": "particle_color"},
                    {"operator": "subtract", "operand": "constant", "operand_is_left": true,
                     "value": {"r": 1, "g": 1, "b": 1, "a": 1}}]})");
  ASSERT_EQ(def.material.colorOps.size(), 2u);
  const vec4 colour(0.2f, 0.3f, 0.4f, 0.5f);
  const vec4 packed = vec4(51, 76, 102, 127) / 255.0f;
  EmitterRuntime rt = oneParticle(1.0f, 1.0f, 0.0f, colour);
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw, frontView(), ColorSpace::Gamma);
  ASSERT_EQ(draw.sprites.size(), 1u);
  EXPECT_EQ(draw.sprites[0].color, packed);
  EXPECT_FLOAT_EQ(draw.sprites[0].fade, 1.0f);
  EXPECT_EQ(draw.batches[0].blend, BlendMode::AlphaMultiplyAdd);
  const ColorProgram& p = draw.batches[0].colorProgram;
  ASSERT_EQ(p.count, 4);
  EXPECT_EQ(p.steps[0].op, ColorOp::Overlay);
  EXPECT_EQ(p.steps[0].operand, ColorOperand::VertexColor);
  EXPECT_FALSE(p.steps[0].operandIsBack);
  EXPECT_EQ(p.steps[1].op, ColorOp::Subtract);
  EXPECT_TRUE(p.steps[1].operandIsBack);
  EXPECT_EQ(p.steps[1].constant, vec4(1.0f));
  EXPECT_EQ(p.steps[2].op, ColorOp::Multiply);
  EXPECT_EQ(p.steps[2].constant, vec4(2.0f, 1.0f, 0.5f, 1.0f));
  EXPECT_EQ(p.steps[3].constant, vec4(1.0f, 1.0f, 1.0f, 0.75f));
  // Linear: sRGB -> linear (MathUtil.SRgbToLinear, the curve continued above 1), alpha kept.
  DrawList lin;
  drawEmitter(def, rt, Transform{}, lin, frontView(), ColorSpace::Linear);
  const vec4 k = lin.batches[0].colorProgram.steps[2].constant;
  EXPECT_NEAR(k.r, std::pow(2.055f / 1.055f, 2.4f), 1e-4f);
  EXPECT_NEAR(k.g, 1.0f, 1e-6f);
  EXPECT_NEAR(k.b, std::pow(0.555f / 1.055f, 2.4f), 1e-5f);
  EXPECT_EQ(k.a, 1.0f);
  // Strips carry the same program and the raw colour.
  EmitterDef hex = def;
  hex.shapeBuilder.type = ShapeBuilderKind::Hexagon;
  DrawList d2;
  drawEmitter(hex, rt, Transform{}, d2, frontView());
  ASSERT_EQ(d2.strips.size(), 1u);
  EXPECT_EQ(d2.strips[0].colorProgram.count, 4);
  EXPECT_EQ(d2.stripVertices[0].color, packed);
  // An unknown operator is an error naming the field.
  Diagnostics d;
  test::definitionFromJson(
      R"({"emitters": [{"material": {"color_ops": [{"operator": "blend"}]}}]})", &d);
  EXPECT_TRUE(d.hasErrors());
  EXPECT_NE(d.formatAll().find("color_ops/0/operator"), std::string::npos) << d.formatAll();
}

// A second texture and the stack steps reach the batch as plain data: the program's second map
// and its UV transform, the texture's own scale and offset as the batch's primary transform
// (repeating), the actions and operands in the renderer's terms; an unbalanced stack is linted.
TEST(StrideLooks, SecondTextureAndStackStepsBecomeTheBatchProgram) {
  EmitterDef def = emitter(R"("material": {"texture_scale": [-1, 2], "texture_offset": [0.5, 0],
      "second_texture": "assets/sprites/dot.png", "second_texture_scale": [2, 3],
      "second_texture_offset": [0.25, 0.5],
      "color_ops": [{"operator": "multiply", "operand": "particle_color"},
                    {"operand": "second_texture", "action": "push"},
                    {"operator": "add", "operand": "texture"},
                    {"operator": "subtract", "operand": "saved", "operand_is_left": true}]})");
  EmitterRuntime rt = oneParticle(1.0f, 1.0f, 0.0f);
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw, frontView());
  ASSERT_EQ(draw.batches.size(), 1u);
  const SpriteBatch& b = draw.batches[0];
  EXPECT_EQ(b.primaryTransform, vec4(-1, 2, 0.5f, 0));
  EXPECT_EQ(b.wrapU, TextureWrap::Repeat);
  const ColorProgram& p = b.colorProgram;
  ASSERT_EQ(p.count, 6);  // four steps, tint, additive
  ASSERT_NE(p.texture2, kNoTexture);
  EXPECT_EQ(draw.textures.at(size_t(p.texture2)).path, "assets/sprites/dot.png");
  EXPECT_EQ(p.texture2Transform, vec4(2, 3, 0.25f, 0.5f));
  EXPECT_EQ(p.steps[1].action, ColorAction::Push);
  EXPECT_EQ(p.steps[1].operand, ColorOperand::Texture2);
  EXPECT_EQ(p.steps[2].operand, ColorOperand::Sample);
  EXPECT_EQ(p.steps[3].operand, ColorOperand::Saved);
  EXPECT_TRUE(p.steps[3].operandIsBack);
  // A channel other than 0 reads UV (0, 0): Stride's particles carry channel 0 only.
  def.material.secondTextureChannel = 1;
  DrawList d1;
  drawEmitter(def, rt, Transform{}, d1, frontView());
  EXPECT_EQ(d1.batches[0].colorProgram.texture2Transform, vec4(0, 0, 0.25f, 0.5f));
  // A step taking back what no push set aside is linted with its pointer.
  auto bad = test::definitionFromJson(R"({"emitters": [{"material": {"color_ops": [
      {"operator": "add", "operand": "saved"}]}}]})");
  Diagnostics d;
  bad->lint(nullptr, Scene{}, EffectPlacement{}, d, "fx.json", "/effects/0/definition");
  EXPECT_NE(d.formatAll().find("/effects/0/definition/emitters/0/material/color_ops/0/operand"),
            std::string::npos)
      << d.formatAll();
}

}  // namespace
}  // namespace fx::stride
