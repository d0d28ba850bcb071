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

}  // namespace
}  // namespace fx
