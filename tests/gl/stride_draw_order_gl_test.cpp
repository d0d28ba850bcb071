// Two Stride particle systems overlapping on screen, drawn through the world and the real
// renderer: the nearer one covers the farther one whatever their order in the file, as Stride's
// transparent stage sorts them back to front (Stride.Rendering/Rendering/SortModeDistance.cs,
// GenerateSortKey with reverseDistance; Stride.Particles/Rendering/
// ParticleSystemRenderProcessor.cs, Draw: each emitter's box is its system's GetAABB()).
#include "engine/import/stride/stride_import.h"
#include "engine/session/world.h"
#include "tests/gl/gl_fixture.h"
#include "tests/unit/stride/stride_prefab_util.h"

namespace fx {
namespace {

constexpr int kSize = 64;

// An opaque square of `colour` (0..1 rgb) at the system, 3 m wide.
std::string colourSeed(const char* rgb) {
  std::string in(40, ' ');
  return "\n" + in + "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1: !InitialColorSeed\n" + in +
         "    ColorMin: {" + rgb + ", A: 1.0}\n" + in + "    ColorMax: {" + rgb + ", A: 1.0}\n" +
         in + "a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2: !InitialSizeSeed\n" + in +
         "    RandomSize: {X: 3.0, Y: 3.0}";
}

gltest::Rgba centrePixel(const std::vector<stride::test::SystemSpec>& systems) {
  Diagnostics d;
  auto imported = stride_import::importText(stride::test::prefab(systems),
                                            "/nonexistent/order.sdprefab", "order.sdprefab", d);
  EXPECT_TRUE(imported && !d.hasErrors()) << d.formatAll();
  if (!imported) return {};
  auto preset = loadPresetFromJson(imported->preset, "/nonexistent/order.sdprefab.json", d, {});
  EXPECT_TRUE(preset && !d.hasErrors()) << d.formatAll();
  if (!preset) return {};
  World world(*preset);
  // Stride's camera at (0, 0, 10) looking down -Z, in fxview's Z-up world.
  View view = makeView(vec3(0, -10, 0), vec3(0.0f), 60.0f, vec2(kSize, kSize));
  world.setView(view);
  world.advanceTo(0.5);
  DrawList list;
  DebugDraw debug;
  world.collect(list, debug);
  EXPECT_NE(gltest::context(), nullptr);
  render::Renderer renderer;
  std::string error;
  EXPECT_TRUE(renderer.init({}, error)) << error;
  render::OffscreenTarget target(kSize, kSize);
  target.bind();
  renderer.beginFrame(kSize, kSize, ColorRgba{0, 0, 0, 1});
  renderer.draw(list, view);
  renderer.endFrame();
  return gltest::pixel(target.readPixels(), kSize, kSize / 2, kSize / 2);
}

TEST(StrideDrawOrderGl, TheNearerSystemCoversTheFartherOneListedAfterIt) {
  std::vector<stride::test::SystemSpec> systems = {
      {"NearRed", vec3(0, 0, 2), "null", {{0, 1}}, colourSeed("R: 1.0, G: 0.0, B: 0.0")},
      {"FarBlue", vec3(0, 0, -2), "null", {{0, 2}}, colourSeed("R: 0.0, G: 0.0, B: 1.0")}};
  gltest::Rgba c = centrePixel(systems);
  EXPECT_GT(c.r, 200) << int(c.r) << " " << int(c.g) << " " << int(c.b);
  EXPECT_LT(c.b, 50) << int(c.r) << " " << int(c.g) << " " << int(c.b);
  // Moved behind the blue one, the red system is covered by it.
  systems[0].position = vec3(0, 0, -4);
  c = centrePixel(systems);
  EXPECT_GT(c.b, 200) << int(c.r) << " " << int(c.g) << " " << int(c.b);
  EXPECT_LT(c.r, 50) << int(c.r) << " " << int(c.g) << " " << int(c.b);
}

}  // namespace
}  // namespace fx
