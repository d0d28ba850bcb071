// Ribbon and trail shape builders (engine/effects/stride/stride_ribbon.cpp; reference
// stride_runtime §4): strips, segment counts, widths, smoothing and UVs. The camera looks along
// fxview +Y, so particles along Stride X (= fxview X) make a band whose width is vertical.
#include "engine/effects/stride/stride_emitter.h"
#include "tests/unit/stride/stride_test_util.h"

namespace fx::stride {
namespace {

View frontCamera() {
  return makeView(vec3(0, -10, 0), vec3(0), 45.0f, vec2(1280, 720));
}

EmitterDef ribbonDef(const std::string& shapeBuilder, const std::string& extra = "") {
  auto def = test::definitionFromJson(R"({"emitters": [{"material": {"alpha_additive": 1},)" +
                                      extra + R"("shape_builder": )" + shapeBuilder + "}]}");
  return def->system.emitters.at(0);
}

// Particles at Stride (x, 0, 0) for the given xs, with sizes and (optional) orders.
EmitterRuntime line(const std::vector<float>& xs, const std::vector<float>& sizes,
                    const std::vector<uint32_t>& orders = {}) {
  EmitterRuntime rt;
  rt.pool.layout(kFieldSize | (orders.empty() ? 0u : kFieldOrder), xs.size());
  for (size_t k = 0; k < xs.size(); ++k) {
    size_t i = rt.pool.add();
    rt.pool.position[i] = vec3(xs[k], 0, 0);
    rt.pool.size[i] = sizes[k];
    if (!orders.empty()) rt.pool.order[i] = orders[k];
  }
  return rt;
}

DrawList drawn(const EmitterDef& def, const EmitterRuntime& rt) {
  DrawList draw;
  drawEmitter(def, rt, Transform{}, draw, frontCamera());
  return draw;
}

void expectNear(vec3 a, vec3 b, const char* what) {
  EXPECT_NEAR(a.x, b.x, 1e-4f) << what;
  EXPECT_NEAR(a.y, b.y, 1e-4f) << what;
  EXPECT_NEAR(a.z, b.z, 1e-4f) << what;
}

vec3 corner(const DrawList& d, size_t quad, int k) {
  return d.stripVertices.at(quad * 4 + size_t(k)).position;
}

TEST(StrideRibbon, OneQuadPerParticleWithoutSmoothingInOneBatch) {
  DrawList d = drawn(ribbonDef(R"({"type": "ribbon"})"), line({0, 1, 2}, {1, 1, 1}));
  EXPECT_TRUE(d.sprites.empty());
  ASSERT_EQ(d.strips.size(), 1u);
  EXPECT_EQ(d.stripVertices.size(), 12u);
  EXPECT_EQ(d.strips[0].firstVertex, 0u);
  EXPECT_EQ(d.strips[0].vertexCount, 12u);
}

TEST(StrideRibbon, SmoothingMakesSegmentsQuadsPerParticle) {
  for (const char* s : {"fast", "best"}) {
    DrawList d = drawn(
        ribbonDef(std::string(R"({"type": "ribbon", "segments": 4, "smoothing": ")") + s + "\"}"),
        line({0, 1, 2}, {1, 1, 1}));
    EXPECT_EQ(d.stripVertices.size(), 3u * 4u * 4u) << s;
    EXPECT_EQ(d.strips.at(0).vertexCount, 3u * 4u * 4u) << s;
  }
  // Stride with 0 segments and smoothing draws nothing.
  DrawList none = drawn(ribbonDef(R"({"type": "ribbon", "segments": 0, "smoothing": "fast"})"),
                        line({0, 1, 2}, {1, 1, 1}));
  EXPECT_TRUE(none.stripVertices.empty());
}

TEST(StrideRibbon, WidthIsHalfTheSizeEachSideTurnedInTheCameraPlane) {
  DrawList d = drawn(ribbonDef(R"({"type": "ribbon"})"), line({0, 1, 2}, {0.5f, 1, 1.5f}));
  // Quad 0 joins particle 0 to itself; quad i joins particle i-1 to particle i.
  expectNear(corner(d, 0, 0), corner(d, 0, 3), "first quad has no length");
  expectNear(corner(d, 1, 0), vec3(0, 0, -0.25f), "quad 1 top left");
  expectNear(corner(d, 1, 1), vec3(0, 0, 0.25f), "quad 1 top right");
  expectNear(corner(d, 1, 2), vec3(1, 0, 0.5f), "quad 1 bottom right");
  expectNear(corner(d, 1, 3), vec3(1, 0, -0.5f), "quad 1 bottom left");
  expectNear(corner(d, 2, 2), vec3(2, 0, 0.75f), "quad 2 bottom right");
  // Continuous: each quad starts where the last ended.
  expectNear(corner(d, 2, 1), corner(d, 1, 2), "shared edge");
  expectNear(corner(d, 2, 0), corner(d, 1, 3), "shared edge");
}

TEST(StrideRibbon, StripsSplitWhereTheOrderGroupChanges) {
  // Orders 0 1 2 | 65536 65537: two strips; the second starts with a zero-length quad at its own
  // first particle, never a quad across the gap.
  DrawList d = drawn(ribbonDef(R"({"type": "ribbon"})"),
                     line({0, 1, 2, 5, 6}, {1, 1, 1, 1, 1}, {0, 1, 2, 65536, 65537}));
  ASSERT_EQ(d.stripVertices.size(), 20u);
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(corner(d, 3, k).x, 5.0f, 1e-5f) << k;
  EXPECT_NEAR(corner(d, 4, 2).x, 6.0f, 1e-5f);
  EXPECT_NEAR(corner(d, 4, 0).x, 5.0f, 1e-5f);
}

TEST(StrideRibbon, ALoneParticleStripIsDegenerateQuadsAtTheOrigin) {
  DrawList d = drawn(ribbonDef(R"({"type": "ribbon", "smoothing": "fast", "segments": 3})"),
                     line({4, 7, 8}, {1, 1, 1}, {0, 65536, 65537}));
  ASSERT_EQ(d.stripVertices.size(), 3u * 3u * 4u);
  for (size_t v = 0; v < 12; ++v) EXPECT_EQ(d.stripVertices[v].position, vec3(0.0f)) << v;
}

TEST(StrideRibbon, ByOrderDrawsTheNewestParticleFirst) {
  EmitterDef def = ribbonDef(R"({"type": "ribbon"})", R"("sorting": "by_order",)");
  DrawList d = drawn(def, line({0, 1, 2}, {1, 1, 1}, {0, 1, 2}));
  EXPECT_NEAR(corner(d, 0, 0).x, 2.0f, 1e-5f);  // order 2 first
  EXPECT_NEAR(corner(d, 2, 2).x, 0.0f, 1e-5f);  // order 0 last
}

TEST(StrideRibbon, FastSmoothingFollowsCatmullRom) {
  DrawList d = drawn(ribbonDef(R"({"type": "ribbon", "smoothing": "fast", "segments": 4})"),
                     line({0, 1, 2, 3}, {1, 2, 3, 4}));
  // Evenly spaced points on a line: the curve is the line itself between the first particles,
  // and sizes are interpolated linearly.
  for (size_t slot = 0; slot <= 8; ++slot) {
    vec3 mid = (corner(d, slot, 2) + corner(d, slot, 3)) * 0.5f;
    EXPECT_NEAR(mid.x, float(slot) / 4.0f, 1e-4f) << slot;
    float width = glm::length(corner(d, slot, 2) - corner(d, slot, 3));
    EXPECT_NEAR(width, 1.0f + float(slot) / 4.0f, 1e-4f) << slot;
  }
  // Past the last particle the size falls to 0.
  EXPECT_NEAR(glm::length(corner(d, 14, 2) - corner(d, 14, 3)), 2.0f, 1e-4f);
}

TEST(StrideRibbon, BestSmoothingOnAStraightLineCollapsesTheLastSegment) {
  // Collinear points have no circle: Stride's circumcenter is then the third point, which maps
  // every slot of the last segment back onto the particle before it.
  DrawList d = drawn(ribbonDef(R"({"type": "ribbon", "smoothing": "best", "segments": 4})"),
                     line({0, 1, 2, 3}, {1, 1, 1, 1}));
  const float want[16] = {0, 0.25f, 0.5f, 0.75f, 1, 1.25f, 1.5f, 1.75f, 2, 2, 2, 2, 3, 3, 3, 3};
  for (size_t slot = 0; slot < 16; ++slot) {
    vec3 mid = (corner(d, slot, 2) + corner(d, slot, 3)) * 0.5f;
    EXPECT_NEAR(mid.x, want[slot], 1e-4f) << slot;
  }
}

TEST(StrideRibbon, BestSmoothingBendsThroughACircle) {
  // Points on the unit circle (Stride XY plane = fxview XZ, facing the camera): the slots
  // between the middle particles stay on the circle.
  std::vector<float> xs;
  EmitterRuntime rt;
  rt.pool.layout(kFieldSize, 5);
  for (int k = 0; k < 5; ++k) {
    size_t i = rt.pool.add();
    float a = 0.4f * float(k);
    rt.pool.position[i] = vec3(std::cos(a), std::sin(a), 0);
    rt.pool.size[i] = 0.01f;
  }
  DrawList d = drawn(ribbonDef(R"({"type": "ribbon", "smoothing": "best", "segments": 4})"), rt);
  for (size_t slot = 4; slot <= 12; ++slot) {
    vec3 mid = (corner(d, slot, 2) + corner(d, slot, 3)) * 0.5f;
    EXPECT_NEAR(glm::length(mid), 1.0f, 1e-3f) << slot;
  }
}

TEST(StrideRibbon, TextureCoordinatePolicies) {
  auto vs = [](const DrawList& d, size_t quad) {
    return vec2(d.stripVertices[quad * 4].uv.y, d.stripVertices[quad * 4 + 2].uv.y);
  };
  EmitterRuntime rt = line({0, 1, 2}, {1, 1, 1});
  DrawList asIs = drawn(ribbonDef(R"({"type": "ribbon", "tex_coords_factor": 3})"), rt);
  for (size_t q = 0; q < 3; ++q) EXPECT_EQ(vs(asIs, q), vec2(0, 1)) << q;
  EXPECT_EQ(asIs.stripVertices[1].uv, vec2(1, 0));  // U across: 0 on the left, 1 on the right
  EXPECT_EQ(asIs.stripVertices[3].uv, vec2(0, 1));
  DrawList stretched = drawn(
      ribbonDef(
          R"({"type": "ribbon", "texture_coordinates": "stretched", "tex_coords_factor": 2})"),
      rt);
  EXPECT_NEAR(vs(stretched, 0).y, 2.0f / 3.0f, 1e-6f);
  EXPECT_NEAR(vs(stretched, 1).x, 2.0f / 3.0f, 1e-6f);
  EXPECT_NEAR(vs(stretched, 1).y, 4.0f / 3.0f, 1e-6f);
  EXPECT_NEAR(vs(stretched, 2).y, 2.0f, 1e-6f);
  DrawList distance = drawn(ribbonDef(R"({"type": "ribbon", "texture_coordinates": "distance_based",
      "tex_coords_factor": 0.5})"),
                            line({0, 1, 3}, {1, 1, 1}));
  EXPECT_NEAR(vs(distance, 0).y, 0.0f, 1e-6f);
  EXPECT_NEAR(vs(distance, 1).y, 0.5f, 1e-6f);
  EXPECT_NEAR(vs(distance, 2).x, 0.5f, 1e-6f);
  EXPECT_NEAR(vs(distance, 2).y, 1.5f, 1e-6f);
}

TEST(StrideRibbon, UvRotateFlipsThenTurnsClockwise) {
  ShapeBuilder b;
  const vec2 uv(0.25f, 0.1f);
  EXPECT_EQ(rotateUv(b, uv), uv);
  b.uvFlipX = true;
  EXPECT_EQ(rotateUv(b, uv), vec2(0.75f, 0.1f));
  b.uvClockwise = UvClockwise::Degree90;  // flip x undone by the turn's own flip, then swapped
  EXPECT_EQ(rotateUv(b, uv), vec2(0.1f, 0.25f));
  b.uvFlipX = false;
  EXPECT_EQ(rotateUv(b, uv), vec2(0.1f, 0.75f));
  b.uvClockwise = UvClockwise::Degree180;
  EXPECT_EQ(rotateUv(b, uv), vec2(0.75f, 0.9f));
  b.uvClockwise = UvClockwise::Degree270;
  EXPECT_EQ(rotateUv(b, uv), vec2(0.9f, 0.25f));
  b.uvFlipY = true;
  EXPECT_EQ(rotateUv(b, uv), vec2(0.1f, 0.25f));
}

TEST(StrideTrail, WidthIsTheDirectionTimesSizeCenteredOrFromTheEdge) {
  EmitterRuntime rt = line({0, 1}, {1, 1});
  // No direction field: Stride +Y x size (fxview +Z).
  DrawList center = drawn(ribbonDef(R"({"type": "trail", "edge_policy": "center"})"), rt);
  expectNear(corner(center, 1, 0), vec3(0, 0, -1), "center top left");
  expectNear(corner(center, 1, 1), vec3(0, 0, 1), "center top right");
  expectNear(corner(center, 1, 2), vec3(1, 0, 1), "center bottom right");
  expectNear(corner(center, 1, 3), vec3(1, 0, -1), "center bottom left");
  DrawList edge = drawn(ribbonDef(R"({"type": "trail", "edge_policy": "edge"})"), rt);
  expectNear(corner(edge, 1, 0), vec3(0, 0, 0), "edge top left");
  expectNear(corner(edge, 1, 1), vec3(0, 0, 1), "edge top right");
  expectNear(corner(edge, 1, 2), vec3(1, 0, 1), "edge bottom right");
  expectNear(corner(edge, 1, 3), vec3(1, 0, 0), "edge bottom left");
  // With a direction field: direction x size (Stride Z = fxview -Y), whatever the camera.
  EmitterRuntime dir;
  dir.pool.layout(kFieldSize | kFieldDirection, 2);
  for (int k = 0; k < 2; ++k) {
    size_t i = dir.pool.add();
    dir.pool.position[i] = vec3(float(k), 0, 0);
    dir.pool.size[i] = 0.5f;
    dir.pool.direction[i] = vec3(0, 0, 2);
  }
  DrawList d = drawn(ribbonDef(R"({"type": "trail", "edge_policy": "center"})"), dir);
  expectNear(corner(d, 1, 2), vec3(1, -1, 0), "direction x size");
}

TEST(StrideRibbon, VerticesTakeTheirSegmentsColour) {
  // ParticleMaterialSimple.PatchVertexBuffer: each particle's packed colour (Color4.ToRgba) goes
  // to its vertex segment; the ribbonizer's SetVerticesPerSegment(6Q, 4Q, 2Q) makes particle 0's
  // run the first 12 vertices with Q = 2 (quads 0, 1 and half of quad 2). The material applies
  // the tint and 1 - alpha_additive in the batch's colour program.
  EmitterRuntime rt;
  rt.pool.layout(kFieldSize | kFieldColor, 2);
  for (int k = 0; k < 2; ++k) {
    size_t i = rt.pool.add();
    rt.pool.position[i] = vec3(float(k), 0, 0);
    rt.pool.color[i] = vec4(0.6f * float(k), 0.2f, 0.0f, 0.6f);  // premultiplied
  }
  const vec4 first = vec4(0, 51, 0, 153) / 255.0f, second = vec4(153, 51, 0, 153) / 255.0f;
  DrawList add = drawn(ribbonDef(R"({"type": "ribbon", "segments": 2, "smoothing": "fast"})"), rt);
  ASSERT_EQ(add.stripVertices.size(), 16u);
  for (size_t v = 0; v < 16; ++v)
    EXPECT_EQ(add.stripVertices[v].color, v < 12 ? first : second) << v;
  const ColorProgram& p = add.strips[0].colorProgram;
  ASSERT_EQ(p.count, 3);
  EXPECT_EQ(p.steps[0].operand, ColorOperand::VertexColor);
  EXPECT_EQ(p.steps[2].constant, vec4(1, 1, 1, 0));  // additive: alpha x 0
  auto def = test::definitionFromJson(R"({"emitters": [{"material": {"alpha_additive": 0},
      "shape_builder": {"type": "ribbon"}}]})");
  DrawList blend = drawn(def->system.emitters[0], rt);
  EXPECT_EQ(blend.stripVertices[5].color, first);
  EXPECT_EQ(blend.stripVertices[6].color, second);
  EXPECT_EQ(blend.strips[0].colorProgram.steps[2].constant, vec4(1));
  EXPECT_EQ(blend.strips[0].blend, BlendMode::AlphaMultiplyAdd);
}

}  // namespace
}  // namespace fx::stride
