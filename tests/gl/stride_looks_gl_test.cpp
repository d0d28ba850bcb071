// Batch depth offset, soft edges against the mesh pass's depth, repeating UVs, colour programs
// (engine/render: renderer_depth.cpp, renderer_sprites.cpp, renderer_strips.cpp,
// shaders/color_ops.glsl) and the Stride hexagon built by the family, through the real renderer.
#include <filesystem>

#include "engine/core/color_ops.h"
#include "engine/effects/stride/stride_emitter.h"
#include "tests/gl/gl_fixture.h"
#include "tests/unit/stride/stride_test_util.h"

namespace fx {
namespace {

using gltest::pixel;
using gltest::Rgba;

constexpr int kSize = 96;

// A 4 x 4 wu square in the XZ plane at y = `y`, facing the camera at -Y.
std::shared_ptr<const MeshData> wall(float y) {
  auto m = std::make_shared<MeshData>();
  m->positions = {{-2, y, -2}, {2, y, -2}, {-2, y, 2}, {2, y, 2}};
  m->normals.assign(4, vec3(0, -1, 0));
  m->indices = {0, 1, 2, 2, 1, 3};
  return m;
}

// The wall, dark so that what draws over it stays below 1.
MeshInstance wallAt(float y) {
  return {wall(y), mat4(1.0f), vec4(0.1f, 0.1f, 0.1f, 1.0f)};
}

struct Scene : gltest::SquareScene {
  Scene() : SquareScene(kSize) {}
};

// One additive red sprite of size 1 at `p` in its own batch.
SpriteBatch& addSprite(DrawList& list, vec3 p, vec4 colour = vec4(1, 0, 0, 1)) {
  SpriteBatch b;
  b.blend = BlendMode::Add;
  SpriteBatch& batch = list.beginBatch(b);
  SpriteInstance& s = list.push();
  s.position = p;
  s.size = 1.0f;
  s.color = colour;
  return batch;
}

// One quad of a strip batch: 1 x 1 wu in the XZ plane at `p`, premultiplied green, adding.
void addStripQuad(DrawList& list, vec3 p, float depthOffset, float softDistance) {
  StripBatch b;
  b.depthOffset = depthOffset;
  b.softDistance = softDistance;
  list.beginStrips(b);
  for (vec3 c :
       {vec3(-0.5f, 0, -0.5f), vec3(0.5f, 0, -0.5f), vec3(0.5f, 0, 0.5f), vec3(-0.5f, 0, 0.5f)})
    list.stripVertices.emplace_back(p + c, vec2(0.5f), vec4(0, 1, 0, 0));
  list.endStrips();
}

TEST(GlStrideLooks, DepthOffsetDrawsOverGeometryUpToThatFarInFront) {
  // Stride's ZOffset: view z + offset for the depth only. A sprite 0.5 behind the wall hides;
  // with an offset of 1 it passes the test (drawn where it was, at its own size).
  Scene s;
  DrawList hidden, shown, alone;
  for (DrawList* l : {&hidden, &shown, &alone}) l->meshes.push_back(wallAt(0.0f));
  addSprite(hidden, vec3(0, 0.5f, 0));
  addSprite(shown, vec3(0, 0.5f, 0)).depthOffset = 1.0f;
  addStripQuad(shown, vec3(1.2f, 0.5f, 0), 1.0f, 0.0f);
  addStripQuad(hidden, vec3(1.2f, 0.5f, 0), 0.0f, 0.0f);
  auto a = s.render(hidden), b = s.render(shown), c = s.render(alone);
  Rgba wallPx = s.at(c, vec3(0)), wallRight = s.at(c, vec3(1.2f, 0, 0));
  EXPECT_EQ(s.at(a, vec3(0)).r, wallPx.r);
  EXPECT_EQ(s.at(a, vec3(1.2f, 0, 0)).g, wallRight.g);
  EXPECT_GT(s.at(b, vec3(0)).r, wallPx.r + 100);
  EXPECT_GT(s.at(b, vec3(1.2f, 0, 0)).g, wallRight.g + 100);
  // The picture does not move: the sprite's edge is where it was (0.5 wu at 10.5 wu away).
  EXPECT_EQ(s.at(b, vec3(0.7f, 0, 0)).r, s.at(c, vec3(0.7f, 0, 0)).r);
}

TEST(GlStrideLooks, SoftEdgesFadeNearTheSceneDepth) {
  // smoothstep(0, 1, (scene depth - own depth) / distance): 0.1 in front of the wall with a
  // soft distance of 2 is nearly gone, 1.9 in front nearly whole; without scene depth nothing
  // fades.
  Scene s;
  auto red = [&](float inFront, float soft, bool withWall) {
    DrawList list;
    if (withWall) list.meshes.push_back(wallAt(0.0f));
    addSprite(list, vec3(0, -inFront, 0), vec4(0.6f, 0, 0, 1)).softDistance = soft;
    DrawList bare;
    if (withWall) bare.meshes.push_back(wallAt(0.0f));
    return s.at(s.render(list), vec3(0)).r - s.at(s.render(bare), vec3(0)).r;
  };
  const int full = red(1.9f, 0.0f, true);
  EXPECT_NEAR(full, 153, 3);
  EXPECT_LT(red(0.1f, 2.0f, true), 5);
  EXPECT_GT(red(1.9f, 2.0f, true), full - 5);                 // smoothstep(0.95) = 0.99
  EXPECT_NEAR(red(1.0f, 2.0f, true), full / 2, 6);            // smoothstep(0.5) = 0.5
  EXPECT_EQ(red(0.1f, 2.0f, false), red(0.1f, 0.0f, false));  // no scene depth: hard
  // Strips fade the same way.
  DrawList near, bare;
  near.meshes.push_back(wallAt(0.0f));
  bare.meshes.push_back(wallAt(0.0f));
  addStripQuad(near, vec3(0, -0.1f, 0), 0.0f, 2.0f);
  EXPECT_LT(s.at(s.render(near), vec3(0)).g - s.at(s.render(bare), vec3(0)).g, 8);
}

TEST(GlStrideLooks, RepeatingUvsTileTheTexture) {
  // A 2 x 1 texture (white | black), UVs 0..2 across: repeat shows white again at 5/8 of the
  // width where clamping would stay black.
  std::filesystem::path png = std::filesystem::temp_directory_path() / "fxview_gl_halves.png";
  std::vector<uint8_t> halves = {255, 255, 255, 255, 0, 0, 0, 255};
  std::string error;
  ASSERT_TRUE(render::writePng(png, 2, 1, halves, error)) << error;
  Scene s;
  auto draw = [&](TextureWrap wrap) {
    DrawList list;
    SpriteBatch b;
    b.blend = BlendMode::Add;
    b.filtered = false;
    b.wrapU = b.wrapV = wrap;
    b.texture = list.texture(png.string());
    list.beginBatch(b);
    SpriteInstance& sp = list.push();
    sp.position = vec3(0);
    sp.size = 4.0f;
    sp.uv = vec4(0, 2, 0, 1);
    sp.registration = vec2(1.0f, 0.5f);
    sp.aspect = 2.0f;  // square on screen for a UV span of 2 x 1
    return s.render(list);
  };
  auto repeated = draw(TextureWrap::Repeat), clamped = draw(TextureWrap::Clamp);
  const vec3 at(-2.0f + 4.0f * 0.625f, 0, 0);  // u = 1.25
  EXPECT_GT(s.at(repeated, at).r, 200);
  EXPECT_LT(s.at(clamped, at).r, 50);
  EXPECT_GT(s.at(repeated, vec3(-2.0f + 4.0f * 0.125f, 0, 0)).r, 200);
  // Mirrored: u 1..2 reads the texture backwards (black, then white at u = 1.75); the border
  // is transparent black past u = 1.
  auto mirrored = draw(TextureWrap::Mirror), bordered = draw(TextureWrap::Border);
  const vec3 late(-2.0f + 4.0f * 0.875f, 0, 0);  // u = 1.75
  EXPECT_LT(s.at(mirrored, at).r, 50);
  EXPECT_GT(s.at(mirrored, late).r, 200);
  EXPECT_LT(s.at(repeated, late).r, 50);
  EXPECT_LT(s.at(bordered, late).r, 50);
  EXPECT_GT(s.at(bordered, vec3(-2.0f + 4.0f * 0.125f, 0, 0)).r, 200);
}

TEST(GlStrideLooks, ColorProgramsMatchTheOperatorFormulas) {
  // Sprites: white sample, overlay with the instance colour, then a constant screen; strips:
  // 1 - (sample x vertex colour). Each pixel is what applyColorOp computes.
  Scene s;
  const vec4 vc(0.1f, 0.2f, 0.4f, 1.0f), k(0.2f, 0.1f, 0.3f, 1.0f);
  DrawList list;
  SpriteBatch b;
  b.blend = BlendMode::AlphaMultiplyAdd;
  b.colorProgram.push({ColorOp::Overlay, ColorOperand::VertexColor, false, vec4(1.0f)});
  b.colorProgram.push({ColorOp::Screen, ColorOperand::Constant, false, k});
  list.beginBatch(b);
  SpriteInstance& sp = list.push();
  sp.position = vec3(-1.5f, 0, 0);
  sp.size = 1.0f;
  sp.color = vc;
  StripBatch sb;
  sb.colorProgram.push({ColorOp::Multiply, ColorOperand::VertexColor, false, vec4(1.0f)});
  sb.colorProgram.push({ColorOp::Subtract, ColorOperand::Constant, true, vec4(1.0f)});
  list.beginStrips(sb);
  for (vec3 c : {vec3(1, 0, -0.5f), vec3(2, 0, -0.5f), vec3(2, 0, 0.5f), vec3(1, 0, 0.5f)})
    list.stripVertices.emplace_back(c, vec2(0.5f), vc);
  list.endStrips();
  auto px = s.render(list);
  vec4 sprite = applyColorOp(ColorOp::Screen, applyColorOp(ColorOp::Overlay, vec4(1.0f), vc), k);
  vec4 strip = applyColorOp(ColorOp::Subtract, vec4(1.0f), vc);  // alpha 0: adds
  Rgba a = s.at(px, vec3(-1.5f, 0, 0)), c = s.at(px, vec3(1.5f, 0, 0));
  EXPECT_NEAR(a.r, sprite.r * 255.0f, 2.5f);
  EXPECT_NEAR(a.g, sprite.g * 255.0f, 2.5f);
  EXPECT_NEAR(a.b, sprite.b * 255.0f, 2.5f);
  EXPECT_NEAR(c.r, strip.r * 255.0f, 2.5f);
  EXPECT_NEAR(c.g, strip.g * 255.0f, 2.5f);
  EXPECT_NEAR(c.b, strip.b * 255.0f, 2.5f);
}

TEST(GlStrideLooks, ColorProgramsRunAsAStackMachine) {
  // Subtract(sample x vertex colour, Screen(k1, k2)) as a stack program: the left side, a push
  // starting the right side from k1, the screen with k2, then the subtract taking back the
  // colour set aside as its left operand. A load then restarts from the sample.
  Scene s;
  const vec4 vc(0.9f, 0.7f, 0.5f, 1.0f), k1(0.2f, 0.1f, 0.3f, 1.0f), k2(0.1f, 0.2f, 0.1f, 1.0f);
  auto draw = [&](bool reload) {
    DrawList list;
    SpriteBatch b;
    b.blend = BlendMode::AlphaMultiplyAdd;
    ColorProgram& p = b.colorProgram;
    p.push({ColorOp::Multiply, ColorOperand::VertexColor, false, vec4(1.0f)});
    p.push({ColorOp::Multiply, ColorOperand::Constant, false, k1, ColorAction::Push});
    p.push({ColorOp::Screen, ColorOperand::Constant, false, k2});
    p.push({ColorOp::Subtract, ColorOperand::Saved, true, vec4(1.0f)});
    if (reload)
      p.push({ColorOp::Multiply, ColorOperand::Sample, false, vec4(1.0f), ColorAction::Load});
    list.beginBatch(b);
    SpriteInstance& sp = list.push();
    sp.position = vec3(0);
    sp.size = 1.0f;
    sp.color = vc;
    return s.at(s.render(list), vec3(0));
  };
  vec4 want = applyColorOp(ColorOp::Subtract, vc, applyColorOp(ColorOp::Screen, k1, k2));
  Rgba got = draw(false);
  EXPECT_NEAR(got.r, want.r * 255.0f, 2.5f);
  EXPECT_NEAR(got.g, want.g * 255.0f, 2.5f);
  EXPECT_NEAR(got.b, want.b * 255.0f, 2.5f);
  Rgba white = draw(true);  // the untextured sample is white
  EXPECT_GT(white.r, 250);
  EXPECT_GT(white.b, 250);
}

TEST(GlStrideLooks, ColorProgramsReadASecondMapAtItsOwnUvTransform) {
  // A second map (white | black) multiplied in by a step: sampled at the fragment's UV x scale +
  // offset, repeating. With offset (0.5, 0) the halves swap; sprites and strips alike.
  std::filesystem::path png = std::filesystem::temp_directory_path() / "fxview_gl_second.png";
  std::vector<uint8_t> halves = {255, 255, 255, 255, 0, 0, 0, 255};
  std::string error;
  ASSERT_TRUE(render::writePng(png, 2, 1, halves, error)) << error;
  Scene s;
  auto draw = [&](vec2 offset, bool strip) {
    DrawList list;
    ColorProgram program;
    program.push({ColorOp::Multiply, ColorOperand::Texture2, false, vec4(1.0f)});
    program.push({ColorOp::Multiply, ColorOperand::VertexColor, false, vec4(1.0f)});
    program.texture2 = list.texture(png.string());
    program.texture2Transform = vec4(1.0f, 1.0f, offset.x, offset.y);
    if (strip) {
      StripBatch sb;
      sb.colorProgram = program;
      list.beginStrips(sb);
      const vec3 corners[4] = {vec3(-2, 0, 2), vec3(2, 0, 2), vec3(2, 0, -2), vec3(-2, 0, -2)};
      const vec2 uvs[4] = {vec2(0, 0), vec2(1, 0), vec2(1, 1), vec2(0, 1)};
      for (int c = 0; c < 4; ++c)
        list.stripVertices.emplace_back(corners[c], uvs[c], vec4(1, 0, 0, 0));  // adds red
      list.endStrips();
    } else {
      SpriteBatch b;
      b.blend = BlendMode::AlphaMultiplyAdd;
      b.colorProgram = program;
      list.beginBatch(b);
      SpriteInstance& sp = list.push();
      sp.position = vec3(0);
      sp.size = 4.0f;
      sp.color = vec4(1, 0, 0, 1);
    }
    auto px = s.render(list);
    return std::pair{s.at(px, vec3(-1, 0, 0)).r, s.at(px, vec3(1, 0, 0)).r};
  };
  for (bool strip : {false, true}) {
    auto [left, right] = draw(vec2(0.0f), strip);
    EXPECT_GT(left, 200) << "strip " << strip;
    EXPECT_LT(right, 50) << "strip " << strip;
    auto [sleft, sright] = draw(vec2(0.5f, 0.0f), strip);
    EXPECT_LT(sleft, 50) << "strip " << strip;
    EXPECT_GT(sright, 200) << "strip " << strip;
  }
  std::filesystem::remove(png);
}

TEST(GlStrideLooks, HexagonCoversAHexagon) {
  // The family's hexagon (two quads) for one particle of size 4: the middle and the left and
  // right corners are covered, the bounding square's corners are not.
  auto def = stride::test::definitionFromJson(R"({"emitters": [{"shape_builder":
      {"type": "hexagon"}, "material": {"texture": "", "alpha_additive": 1}}]})");
  stride::EmitterRuntime rt;
  rt.pool.layout(stride::kFieldSize | stride::kFieldColor, 4);
  size_t i = rt.pool.add();
  rt.pool.position[i] = vec3(0.0f);
  rt.pool.life[i] = 1.0f;
  rt.pool.lifetime[i] = 1.0f;
  rt.pool.size[i] = 4.0f;
  rt.pool.color[i] = vec4(1.0f);
  Scene s;
  DrawList list;
  stride::drawEmitter(def->system.emitters.at(0), rt, Transform{}, list, s.view);
  ASSERT_EQ(list.stripVertices.size(), 8u);
  auto px = s.render(list);
  EXPECT_GT(s.at(px, vec3(0)).r, 200);
  EXPECT_GT(s.at(px, vec3(-1.85f, 0, 0)).r, 200);
  EXPECT_GT(s.at(px, vec3(1.85f, 0, 0)).r, 200);
  EXPECT_GT(s.at(px, vec3(0, 0, 1.6f)).r, 200);   // below the top edge (sqrt(3) = 1.73)
  EXPECT_EQ(s.at(px, vec3(0, 0, 1.9f)).r, 0);     // above it
  EXPECT_EQ(s.at(px, vec3(1.8f, 0, 1.5f)).r, 0);  // outside the slanted edge
  EXPECT_EQ(s.at(px, vec3(-1.8f, 0, -1.5f)).r, 0);
}

TEST(GlStrideLooks, StripsAndSpritesDrawInListOrder) {
  // A strip batch begun before a sprite batch draws under it, one begun after over it (an
  // emitter's draw priority orders ribbons and sprites alike).
  Scene s;
  auto render = [&](bool stripFirst) {
    DrawList list;
    auto strip = [&] {
      StripBatch b;
      list.beginStrips(b);
      for (vec3 c : {vec3(-1, 0, -1), vec3(1, 0, -1), vec3(1, 0, 1), vec3(-1, 0, 1)})
        list.stripVertices.emplace_back(c, vec2(0.5f), vec4(0, 1, 0, 1));  // covers
      list.endStrips();
    };
    if (stripFirst) strip();
    SpriteBatch b;
    b.blend = BlendMode::AlphaMultiplyAdd;
    list.beginBatch(b);
    SpriteInstance& sp = list.push();
    sp.position = vec3(0);
    sp.size = 1.0f;
    sp.color = vec4(1, 0, 0, 1);
    if (!stripFirst) strip();
    EXPECT_EQ(list.strips[0].spriteBatchesBefore, stripFirst ? 0u : 1u);
    return s.at(s.render(list), vec3(0));
  };
  Rgba under = render(true), over = render(false);
  EXPECT_GT(under.r, 240);
  EXPECT_LT(under.g, 10);
  EXPECT_GT(over.g, 240);
  EXPECT_LT(over.r, 10);
}

}  // namespace
}  // namespace fx
