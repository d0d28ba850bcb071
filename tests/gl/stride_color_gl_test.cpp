// How Stride particles reach the pixel, through the family's draw and the real renderer: the
// colour space (linear light through an sRGB back buffer), the particle colour only through a
// vertex stream node, the component colour's alpha, clockwise billboards and the packed vertex
// colour (engine/effects/stride/stride_draw.cpp, engine/render hdr_target.cpp, post_space.frag).
#include <filesystem>

#include "engine/core/paths.h"
#include "engine/effects/stride/stride_emitter.h"
#include "tests/gl/gl_fixture.h"
#include "tests/unit/stride/stride_test_util.h"

namespace fx::stride {
namespace {

using gltest::pixel;
using gltest::Rgba;

constexpr int kSize = 64;

struct Scene : gltest::SquareScene {
  Scene() : SquareScene(kSize) {}
};

EmitterDef emitter(const std::string& body) {
  auto def = test::definitionFromJson(R"({"emitters": [{)" + body + "}]}");
  return def->system.emitters.at(0);
}

// One particle of `size` at the origin with `colour`, turned `rotation` radians.
EmitterRuntime particle(vec4 colour, float size = 2.0f, float rotation = 0.0f) {
  EmitterRuntime rt;
  rt.pool.layout(kFieldSize | kFieldColor | kFieldRotation, 4);
  size_t i = rt.pool.add();
  rt.pool.position[i] = vec3(0.0f);
  rt.pool.life[i] = 1.0f;
  rt.pool.lifetime[i] = 1.0f;
  rt.pool.size[i] = size;
  rt.pool.color[i] = colour;
  rt.pool.rotation[i] = rotation;
  return rt;
}

// A PNG written for the test (RGBA rows, top first); its name as the material's texture.
std::string png(const std::string& name, int w, int h, const std::vector<uint8_t>& rgba) {
  std::filesystem::path path = std::filesystem::temp_directory_path() / name;
  std::string error;
  EXPECT_TRUE(render::writePng(path, w, h, rgba, error)) << error;
  return toGenericUtf8(path);  // forward slashes: it goes into JSON text
}

TEST(GlStrideColor, LinearLightShowsAVertexColourAsStrideDoes) {
  // A Linear project (RenderingSettings.ColorSpace): vertex colours are UNorm bytes taken as
  // linear (ParticleMaterialSimple.PatchVertexBuffer: Color4.ToRgba, no ToColorSpace) and the
  // back buffer encodes sRGB on write: an opaque 0.4 shows as 170; in gamma it shows as 102.
  Scene s;
  const EmitterDef def = emitter(R"("material": {"texture": ""})");
  const EmitterRuntime rt = particle(vec4(0.4f, 0.4f, 0.4f, 1.0f));
  DrawList linear, gamma;
  drawEmitter(def, rt, Transform{}, linear, s.view, ColorSpace::Linear);
  drawEmitter(def, rt, Transform{}, gamma, s.view, ColorSpace::Gamma);
  EXPECT_NEAR(s.at(s.render(linear), vec3(0)).r, 170, 2);
  EXPECT_NEAR(s.at(s.render(gamma), vec3(0)).r, 102, 2);
}

TEST(GlStrideColor, LinearLightBlendsInLinearLightOverWhatIsThere) {
  // Translucent overlaps blend in linear light: a premultiplied black at alpha 0.5 over a gamma
  // 0.5 grey (a batch drawn in gamma space before it, as Halo's are) halves the linear value
  // 0.214 and encodes it again (0.364, 93); blended in gamma it gives 64. Sampled textures are
  // sRGB: an opaque 102 texel decodes to 0.133 and shows as 102 again.
  Scene s;
  DrawList list;
  SpriteBatch grey;
  grey.blend = BlendMode::Add;
  list.beginBatch(grey);
  SpriteInstance& g = list.push();
  g.size = 4.0f;
  g.color = vec4(0.5f, 0.5f, 0.5f, 1.0f);
  DrawList gammaList = list;
  const EmitterDef def = emitter(R"("material": {"texture": ""})");
  const EmitterRuntime rt = particle(vec4(0.0f, 0.0f, 0.0f, 0.5f));
  drawEmitter(def, rt, Transform{}, list, s.view, ColorSpace::Linear);
  drawEmitter(def, rt, Transform{}, gammaList, s.view, ColorSpace::Gamma);
  EXPECT_NEAR(s.at(s.render(list), vec3(0)).r, 93, 2);
  EXPECT_NEAR(s.at(s.render(gammaList), vec3(0)).r, 64, 2);
  // Outside the particle the grey is untouched by the round trip through linear light.
  EXPECT_NEAR(s.at(s.render(list), vec3(1.5f, 0, 0)).r, 128, 1);

  const std::string tex = png("fxview_gl_stride_grey.png", 1, 1, {102, 102, 102, 255});
  const EmitterDef textured = emitter(R"("material": {"texture": ")" + tex + R"("})");
  DrawList t;
  drawEmitter(textured, particle(vec4(1.0f)), Transform{}, t, s.view, ColorSpace::Linear);
  EXPECT_NEAR(s.at(s.render(t), vec3(0)).r, 102, 2);
}

TEST(GlStrideColor, ParticleColourReachesThePixelOnlyThroughAVertexStream) {
  // ParticleComputeColorShader.Shading: ColorScale x the emissive tree; the particle's colour
  // is in it only through ComputeVertexStreamColor (ParticleColorStream.sdsl). Without one, a red
  // particle on a white texture draws white.
  Scene s;
  const EmitterRuntime rt = particle(vec4(1.0f, 0.0f, 0.0f, 1.0f));
  DrawList with, without;
  drawEmitter(emitter(R"("material": {"texture": ""})"), rt, Transform{}, with, s.view);
  drawEmitter(emitter(R"("material": {"texture": "", "particle_color": false})"), rt, Transform{},
              without, s.view);
  const Rgba a = s.at(s.render(with), vec3(0)), b = s.at(s.render(without), vec3(0));
  EXPECT_GT(a.r, 250);
  EXPECT_LT(a.g, 5);
  EXPECT_GT(b.g, 250);
  EXPECT_GT(b.b, 250);
}

TEST(GlStrideColor, ComponentAlphaFadesTheParticlesRgbStays) {
  // ParticleBase.PSMain: colorTarget = ColorScale x tree, then alpha x (1 - alpha_additive); the
  // component colour's alpha (in the tint) scales alpha, not rgb, so with the premultiplied
  // blend the particle turns additive: 0.2 + red 1 x (1 - 0.5) = 0.7 where opaque it covers.
  Scene s;
  auto draw = [&](float alpha) {
    DrawList list;
    SpriteBatch red;
    red.blend = BlendMode::Add;
    list.beginBatch(red);
    SpriteInstance& r = list.push();
    r.size = 4.0f;
    r.color = vec4(1.0f, 0.0f, 0.0f, 1.0f);
    const EmitterDef def = emitter(R"("material": {"texture": "",
        "tint": {"r": 1, "g": 1, "b": 1, "a": )" +
                                   std::to_string(alpha) + "}}");
    drawEmitter(def, particle(vec4(0.2f, 0.2f, 0.2f, 1.0f)), Transform{}, list, s.view,
                ColorSpace::Gamma);
    return s.at(s.render(list), vec3(0));
  };
  const Rgba opaque = draw(1.0f), faded = draw(0.5f);
  EXPECT_NEAR(opaque.r, 51, 2);
  EXPECT_NEAR(faded.r, 178, 2);
  EXPECT_NEAR(faded.g, 51, 2);
}

TEST(GlStrideColor, BillboardsTurnClockwise) {
  // ShapeBuilderBillboard.BuildVertexBuffer: "Particle rotation. Positive value means clockwise
  // rotation." A texture white on top and black below, turned a quarter: white on the right.
  Scene s;
  const std::string tex = png("fxview_gl_stride_top.png", 1, 2, {255, 255, 255, 255, 0, 0, 0, 255});
  const EmitterDef def = emitter(R"("material": {"texture": ")" + tex + R"("})");
  DrawList list;
  drawEmitter(def, particle(vec4(1.0f), 2.0f, kPi / 2), Transform{}, list, s.view,
              ColorSpace::Gamma);
  const auto px = s.render(list);
  EXPECT_GT(s.at(px, vec3(0.6f, 0, 0)).r, 200);
  EXPECT_LT(s.at(px, vec3(-0.6f, 0, 0)).r, 50);
}

TEST(GlStrideColor, VertexColoursAboveOneWrapAsStridePacksThem) {
  // Color4.ToRgba: (uint)(c x 255) & 255 per channel, so 1.2 packs as 50 (0.196) and 0.5 as 127.
  const EmitterDef def = emitter(R"("material": {"texture": ""})");
  DrawList list;
  drawEmitter(def, particle(vec4(1.2f, 0.5f, 2.0f, 1.0f)), Transform{}, list);
  ASSERT_EQ(list.sprites.size(), 1u);
  EXPECT_NEAR(list.sprites[0].color.r, 50.0f / 255.0f, 1e-6f);
  EXPECT_NEAR(list.sprites[0].color.g, 127.0f / 255.0f, 1e-6f);
  EXPECT_NEAR(list.sprites[0].color.b, 254.0f / 255.0f, 1e-6f);  // 510 & 255
}

}  // namespace
}  // namespace fx::stride
