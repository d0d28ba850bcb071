// Module transforms (seed 003 "Position inheritance" ... "Scale offset"; reference stride notes
// §2.1, ParticleTransform): every inheritance toggle against a rotated, scaled and moved parent,
// and the collider and force field placed by it.
#include "tests/unit/stride/stride_test_util.h"

#include "engine/effects/stride/stride_modules.h"

namespace fx::stride {
namespace {

void expectVec(vec3 a, vec3 b, float eps = 1e-5f) {
  EXPECT_NEAR(a.x, b.x, eps);
  EXPECT_NEAR(a.y, b.y, eps);
  EXPECT_NEAR(a.z, b.z, eps);
}

Transform parentFrame() {
  Transform t;
  t.position = vec3(10, 0, 0);
  t.rotation = glm::angleAxis(0.5f * kPi, vec3(0, 1, 0));  // a quarter turn about Stride's up
  t.scale = 2.0f;
  return t;
}

// Seed: "Position offset: Additional translation of the module. If it inherits the parent's
// position, this is applied on top of the inherited one." Stride's ParticleTransform scales the
// offset by the parent's scale and turns it by the parent's rotation whenever those are
// inherited, and adds the parent's position only when position is inherited.
TEST(StrideModuleTransform, EveryInheritanceToggle) {
  const Transform parent = parentFrame();
  const vec3 offset(0, -1, 3);
  for (int bits = 0; bits < 8; ++bits) {
    ModuleTransform m;
    m.inheritPosition = bits & 1;
    m.inheritRotation = bits & 2;
    m.inheritScale = bits & 4;
    m.positionOffset = offset;
    ModuleWorld w = moduleWorld(m, parent);
    vec3 off = offset * (m.inheritScale ? 2.0f : 1.0f);
    if (m.inheritRotation) off = parent.rotation * off;
    expectVec(w.position, (m.inheritPosition ? parent.position : vec3(0.0f)) + off);
    expectVec(w.scale, vec3(m.inheritScale ? 2.0f : 1.0f));
    float turn = std::abs(glm::dot(w.rotation, parent.rotation));
    EXPECT_NEAR(turn, m.inheritRotation ? 1.0f : std::abs(parent.rotation.w), 1e-5f) << bits;
  }
}

// The same rule places a collider: position inheritance off, rotation and scale inherited. The
// floor's centre is the turned and scaled offset (6, -2, 0), its half height 2, so its top face
// is y = 0 (the raw offset would put it at y = 1).
TEST(StrideModuleTransform, ColliderOffsetIsScaledAndTurnedWithoutPosition) {
  UpdaterModule m = test::updater("collider", R"("shape": {"type": "box", "half_size": [10, 1, 10]},
      "position_inheritance": false, "position_offset": [0, -1, 3])");
  ModuleWorld w = moduleWorld(m.transform, parentFrame());
  expectVec(w.position, vec3(6, -2, 0));
  ParticlePool p = test::onePool(vec3(6, -0.05f, 0), vec3(0, -1, 0));
  updateCollider(m, w, p);
  expectVec(p.position[0], vec3(6, 0, 0));
  EXPECT_EQ(p.collision[0], 1);
}

// And a force field: a repulsive sphere pushes away from its centre, the turned and scaled
// offset, not from the raw offset.
TEST(StrideModuleTransform, ForceFieldCentreIsScaledAndTurnedWithoutPosition) {
  UpdaterModule m = test::updater("force_field", R"("shape": {"type": "sphere", "radius": 100},
      "falloff": {"strength_inside": 1, "strength_outside": 1}, "vortex_force": 0,
      "directed_force": 0, "repulsive_force": 1, "fixed_force": [0, 0, 0],
      "energy_conservation": 1, "position_inheritance": false, "position_offset": [0, -1, 3])");
  ModuleWorld w = moduleWorld(m.transform, parentFrame());
  ParticlePool p = test::onePool(vec3(6, -1.5f, 0), vec3(0.0f));
  updateForceField(m, w, p, 0.1f);
  ASSERT_GT(glm::length(p.velocity[0]), 0.0f);
  expectVec(glm::normalize(p.velocity[0]), vec3(0, 1, 0));
}

}  // namespace
}  // namespace fx::stride
