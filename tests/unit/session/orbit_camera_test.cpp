// The viewer's orbit camera (engine/scene/orbit_camera.h): "Orbit camera (left-drag orbit,
// right/middle-drag pan, wheel zoom, F to frame the scene), initialised from the preset camera
// (Z-up)".
#include <gtest/gtest.h>

#include "engine/scene/orbit_camera.h"

namespace fx {
namespace {

void expectNear(vec3 a, vec3 b, float tol = 1e-4f) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

TEST(OrbitCamera, StartsExactlyAtThePresetCamera) {
  vec3 eye(3, -4, 2), target(0, 0, 0.5f);
  OrbitCamera c = orbitFromLookAt(eye, target, 60.0f);
  expectNear(orbitEye(c), eye);
  View a = orbitView(c, {1280, 800});
  View b = makeView(eye, target, 60.0f, {1280, 800});
  expectNear(a.forward, b.forward);
  expectNear(a.up, b.up);
  EXPECT_GT(a.up.z, 0.0f);  // Z-up
}

TEST(OrbitCamera, RotateKeepsTheTargetAndDistance) {
  OrbitCamera c = orbitFromLookAt({5, 0, 0}, {0, 0, 0}, 60.0f);
  orbitRotate(c, 100.0f, 1000.0f);
  EXPECT_NEAR(glm::length(orbitEye(c) - c.target), 5.0f, 1e-4f);
  EXPECT_LE(c.pitchDeg, 89.0f);  // never flips over the pole
}

TEST(OrbitCamera, PanMovesTheTargetInTheViewPlane) {
  OrbitCamera c = orbitFromLookAt({0, -10, 0}, {0, 0, 0}, 60.0f);
  View before = orbitView(c, {800, 800});
  orbitPan(c, 100.0f, 0.0f, 800.0f);
  EXPECT_NEAR(glm::dot(c.target, before.forward), 0.0f, 1e-4f);
  EXPECT_LT(glm::dot(c.target, before.right), 0.0f);  // drag right: the scene follows the cursor
}

TEST(OrbitCamera, ZoomAndFrame) {
  OrbitCamera c;
  c.distance = 10.0f;
  orbitZoom(c, 1.0f);
  EXPECT_NEAR(c.distance, 8.5f, 1e-4f);
  orbitFrame(c, {-1, -1, -1}, {1, 1, 3});
  expectNear(c.target, {0, 0, 1});
  // The box's bounding sphere fits the vertical field of view.
  float radius = glm::length(vec3(2, 2, 4)) * 0.5f;
  EXPECT_GE(c.distance * std::sin(30.0f * kDegToRad), radius);
}

// Issue 38 item 5: "perspective or orthographic; front, back, side, top views".
vec3 project(const View& v, vec3 p) {
  vec4 clip = v.viewProjection * vec4(p, 1.0f);
  return vec3(clip) / clip.w;
}

TEST(OrbitCamera, OrthographicKeepsSizesAtEveryDepth) {
  OrbitCamera c = orbitFromLookAt({0, -10, 0}, {0, 0, 0}, 60.0f);
  c.orthographic = true;
  View v = orbitView(c, {1600, 800});
  EXPECT_EQ(v.projection[2][3], 0.0f);  // no perspective divide
  // As high as the perspective picture at the target: 10 * tan(30 deg) above the middle.
  const float half = 10.0f * std::tan(30.0f * kDegToRad);
  EXPECT_NEAR(project(v, {0, 0, half}).y, 1.0f, 1e-4f);
  EXPECT_NEAR(project(v, {0, 5, half}).y, 1.0f, 1e-4f);         // farther: the same height
  EXPECT_NEAR(project(v, {0, -5, half}).y, 1.0f, 1e-4f);        // nearer: the same
  EXPECT_NEAR(project(v, {2.0f * half, 3, 0}).x, 1.0f, 1e-4f);  // 2:1 picture
  EXPECT_NEAR(v.worldPerPixel(1.0f), 2.0f * half / 800.0f, 1e-6f);
  EXPECT_NEAR(v.worldPerPixel(100.0f), 2.0f * half / 800.0f, 1e-6f);
  // Perspective: farther is smaller.
  c.orthographic = false;
  View p = orbitView(c, {1600, 800});
  EXPECT_NEAR(project(p, {0, 0, half}).y, 1.0f, 1e-4f);
  EXPECT_LT(project(p, {0, 5, half}).y, 0.9f);
  EXPECT_NEAR(p.worldPerPixel(20.0f), 2.0f * p.worldPerPixel(10.0f), 1e-6f);
}

TEST(OrbitCamera, StandardViewsLookAlongTheWorldAxes) {
  struct Expect {
    const char* name;
    vec3 forward, right, up;
  };
  const Expect kViews[] = {{"front", {0, 1, 0}, {1, 0, 0}, {0, 0, 1}},
                           {"back", {0, -1, 0}, {-1, 0, 0}, {0, 0, 1}},
                           {"left", {1, 0, 0}, {0, -1, 0}, {0, 0, 1}},
                           {"right", {-1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
                           {"top", {0, 0, -1}, {1, 0, 0}, {0, 1, 0}}};
  for (const Expect& e : kViews) {
    OrbitCamera c = orbitFromLookAt({3, -4, 2}, {1, 2, 3}, 60.0f);
    const float distance = c.distance;
    ASSERT_TRUE(orbitStandardView(c, e.name)) << e.name;
    View v = orbitView(c, {800, 600});
    expectNear(v.forward, e.forward);
    expectNear(v.right, e.right);
    expectNear(v.up, e.up);
    expectNear(c.target, {1, 2, 3});
    EXPECT_NEAR(glm::length(orbitEye(c) - c.target), distance, 1e-3f) << e.name;
  }
  OrbitCamera c;
  EXPECT_FALSE(orbitStandardView(c, "diagonal"));
  // A top view in orthographic: world X to the right, Y up the picture.
  ASSERT_TRUE(orbitStandardView(c, "top"));
  c.orthographic = true;
  View v = orbitView(c, {800, 800});
  EXPECT_GT(project(v, c.target + vec3(1, 0, 0)).x, 0.0f);
  EXPECT_GT(project(v, c.target + vec3(0, 1, 0)).y, 0.0f);
  EXPECT_NEAR(project(v, c.target + vec3(0, 0, 1)).x, 0.0f, 1e-4f);
}

}  // namespace
}  // namespace fx
