// Force field: falloff, bounding-shape distances and force axes (seed 003 "Force Field",
// "Falloff", "Bounding shapes"; reference stride notes §2.2).
#include "tests/unit/stride/stride_test_util.h"

namespace fx::stride {
namespace {

ShapeParams shape(ShapeKind k) {
  ShapeParams s;
  DefaultsVisitor d;
  s.reflect(d);
  s.type = k;
  return s;
}

float distanceAt(const ShapeParams& s, vec3 p, FieldAxes* axesOut = nullptr) {
  FieldAxes axes;
  float d = fieldDistance(s, ModuleWorld{}, p, axes);
  if (axesOut) *axesOut = axes;
  return d;
}

void expectVec(vec3 a, vec3 b, float eps = 1e-5f) {
  EXPECT_NEAR(a.x, b.x, eps);
  EXPECT_NEAR(a.y, b.y, eps);
  EXPECT_NEAR(a.z, b.z, eps);
}

// Seed: "if the bounding shape is a sphere with a radius 10m, particles within 1m from its center
// (0.1 x 10m) will be moved with full strength. After the 1m distance the strength linearly
// decreases until it reaches zero at 9m distance (0.9 x 10m). After that point, the forces don't
// affect the particle."
TEST(StrideForceField, FalloffExampleSphereOfRadius10) {
  ShapeParams s = shape(ShapeKind::Sphere);
  s.radius = 10.0f;
  FalloffParams f;  // defaults: inside 1, start 0.1, outside 0, end 0.9
  auto strengthAt = [&](float metres) { return falloff(f, distanceAt(s, vec3(metres, 0, 0))); };
  EXPECT_FLOAT_EQ(strengthAt(0.0f), 1.0f);
  EXPECT_FLOAT_EQ(strengthAt(0.5f), 1.0f);
  EXPECT_FLOAT_EQ(strengthAt(1.0f), 1.0f);
  EXPECT_NEAR(strengthAt(3.0f), 0.75f, 1e-5f);  // (0.3 - 0.1) / 0.8 of the way down
  EXPECT_NEAR(strengthAt(5.0f), 0.5f, 1e-5f);
  EXPECT_NEAR(strengthAt(8.9f), 0.0125f, 1e-4f);
  EXPECT_FLOAT_EQ(strengthAt(9.0f), 0.0f);
  EXPECT_FLOAT_EQ(strengthAt(9.5f), 0.0f);
  EXPECT_FLOAT_EQ(strengthAt(20.0f), 0.0f);
}

// Reference stride notes §2.2: the engine's code divides by end / start (9 with the defaults), so
// the strength only drops to about 0.91 before jumping to 0 at d = 0.9. Kept as an option.
TEST(StrideForceField, FalloffEngineDivisorOption) {
  FalloffParams f;
  f.divideByEndOverStart = true;
  EXPECT_NEAR(falloff(f, 0.5f), 1.0f - 0.4f / 9.0f, 1e-6f);
  EXPECT_NEAR(falloff(f, 0.8999f), 1.0f - 0.7999f / 9.0f, 1e-5f);
  EXPECT_FLOAT_EQ(falloff(f, 0.9f), 0.0f);
}

// Seed: "Values in the center can still be 0, making the force only work outside the bounding
// shape."
TEST(StrideForceField, FalloffCanActOnlyOutside) {
  FalloffParams f{
      .strengthInside = 0.0f, .falloffStart = 1.0f, .strengthOutside = 1.0f, .falloffEnd = 1.0f};
  EXPECT_FLOAT_EQ(falloff(f, 0.5f), 0.0f);
  EXPECT_FLOAT_EQ(falloff(f, 1.5f), 1.0f);
}

// Seed (Sphere): "The distance is relative to the radius, with 1.0 being the sphere's surface."
// "If the sphere is scaled to an ellipsoid, this distance is also scaled."
TEST(StrideForceField, SphereDistanceIsRelativeAndScaled) {
  ShapeParams s = shape(ShapeKind::Sphere);
  s.radius = 2.0f;
  EXPECT_FLOAT_EQ(distanceAt(s, vec3(0, 2, 0)), 1.0f);
  ModuleWorld w;
  w.scale = vec3(2, 1, 1);
  FieldAxes axes;
  EXPECT_FLOAT_EQ(fieldDistance(s, w, vec3(4, 0, 0), axes), 1.0f);  // the ellipsoid's surface on X
  EXPECT_FLOAT_EQ(fieldDistance(s, w, vec3(0, 2, 0), axes), 1.0f);
}

// Seed (Box): "the falloff distance is the longest of the three distances on the X, Y and Z axes.
// The distance is relative to the box's sizes, with 1.0 being the box's surface."
TEST(StrideForceField, BoxDistanceIsTheLongestAxisRatio) {
  ShapeParams s = shape(ShapeKind::Box);
  s.halfSize = vec3(1, 2, 4);
  EXPECT_FLOAT_EQ(distanceAt(s, vec3(0.5f, 1.5f, 1.0f)), 0.75f);  // max(0.5, 0.75, 0.25)
  EXPECT_FLOAT_EQ(distanceAt(s, vec3(0.2f, -0.2f, -4.0f)), 1.0f);
  EXPECT_FLOAT_EQ(distanceAt(s, vec3(3.0f, 0, 0)), 3.0f);
}

// Seed (Cylinder): "Particle's height (position on the Y axis) is ignored unless the particle is
// outside the cylinder, in which case the distance is always 1."
TEST(StrideForceField, CylinderIgnoresHeightInside) {
  ShapeParams s = shape(ShapeKind::Cylinder);
  s.radius = 2.0f;
  s.halfHeight = 5.0f;
  EXPECT_FLOAT_EQ(distanceAt(s, vec3(1, 0, 0)), 0.5f);
  EXPECT_FLOAT_EQ(distanceAt(s, vec3(1, 4.9f, 0)), 0.5f);
  EXPECT_FLOAT_EQ(distanceAt(s, vec3(0, -4.9f, 1)), 0.5f);
  EXPECT_FLOAT_EQ(distanceAt(s, vec3(1, 6.0f, 0)), 1.0f);   // beyond the cap
  EXPECT_FLOAT_EQ(distanceAt(s, vec3(0, -7.0f, 0)), 1.0f);  // on the axis, beyond the cap
}

// Seed (Torus): "The falloff distance is based on the radial distance of the particle from the
// torus's inner circle (axis of revolution ...), choosing a point on the circle closest to the
// particle."
TEST(StrideForceField, TorusDistanceFromItsInnerCircle) {
  ShapeParams s = shape(ShapeKind::Torus);
  s.bigRadius = 2.0f;
  s.smallRadius = 0.5f;  // tube radius 1 m
  EXPECT_NEAR(distanceAt(s, vec3(2, 0, 0)), 0.0f, 1e-6f);
  EXPECT_NEAR(distanceAt(s, vec3(0, 0, -2)), 0.0f, 1e-6f);
  EXPECT_NEAR(distanceAt(s, vec3(2.5f, 0, 0)), 0.5f, 1e-6f);
  EXPECT_NEAR(distanceAt(s, vec3(1.5f, 0, 0)), 0.5f, 1e-6f);  // toward the hole
  EXPECT_NEAR(distanceAt(s, vec3(0, 0.5f, 2.0f)), 0.5f, 1e-6f);
  EXPECT_NEAR(distanceAt(s, vec3(std::sqrt(2.0f), 0.6f, std::sqrt(2.0f))), 0.6f, 1e-5f);
  EXPECT_FLOAT_EQ(distanceAt(s, vec3(0, 0, 0)), 1.0f);  // the centre of the hole is 2 m away
  EXPECT_FLOAT_EQ(distanceAt(s, vec3(4, 0, 0)), 1.0f);
}

// Seed: "The vortex force vector goes around the sphere's [box's, cylinder's] Y axis at the
// particle's position (using the right-hand rule for rotation)." A positive rotation about +Y
// moves a point on +X toward -Z.
TEST(StrideForceField, VortexFollowsTheRightHandRuleAroundY) {
  for (ShapeKind k : {ShapeKind::Sphere, ShapeKind::Box, ShapeKind::Cylinder}) {
    SCOPED_TRACE(int(k));
    ShapeParams s = shape(k);
    s.radius = 5.0f;
    s.halfSize = vec3(5.0f);
    s.halfHeight = 5.0f;
    FieldAxes axes;
    distanceAt(s, vec3(1, 0, 0), &axes);
    expectVec(axes.along, vec3(0, 1, 0));
    expectVec(axes.around, vec3(0, 0, -1));
    distanceAt(s, vec3(0, 0, 1), &axes);
    expectVec(axes.around, vec3(1, 0, 0));
    // The axis turns with the shape: rotated 90 degrees about X, local Y is world +Z.
    ModuleWorld w;
    w.rotation = glm::angleAxis(0.5f * kPi, vec3(1, 0, 0));
    fieldDistance(s, w, vec3(1, 0, 0), axes);
    expectVec(axes.along, vec3(0, 0, 1));
    expectVec(axes.around, vec3(0, 1, 0));  // +Z x +X = +Y
  }
}

// Seed (Torus): "The directed force vector is tangent to the axis of revolution at the point
// closest to the particle. The repulsive force vector points out from the axis to the particle.
// The vortex force vector goes around the directed force vector using the particle's position
// relative to the axis (using the right-hand rule for rotation)."
TEST(StrideForceField, TorusAxesFollowTheRing) {
  ShapeParams s = shape(ShapeKind::Torus);
  s.bigRadius = 2.0f;
  s.smallRadius = 0.5f;
  FieldAxes axes;
  distanceAt(s, vec3(2.5f, 0, 0), &axes);
  expectVec(axes.along, vec3(0, 0, -1));   // tangent, circulating by the right-hand rule about +Y
  expectVec(axes.away, vec3(1, 0, 0));     // out of the ring, toward the particle
  expectVec(axes.around, vec3(0, -1, 0));  // (-Z) x (+X): around the tangent
  distanceAt(s, vec3(0, 0.3f, 2.0f), &axes);
  expectVec(axes.along, vec3(1, 0, 0));
  expectVec(axes.away, vec3(0, 1, 0));
}

// Seed: "The repulsive force vector is pointing out from the center to the particle" (sphere,
// box); cylinder: "pointing out from the cylinder's local Y axis to the particle. As such the
// repulsive force is always horizontal."
TEST(StrideForceField, RepulsionFromCentreOrAxis) {
  vec3 p(1, 2, 2);
  FieldAxes axes;
  distanceAt(shape(ShapeKind::Sphere), p, &axes);
  expectVec(axes.away, glm::normalize(p));
  distanceAt(shape(ShapeKind::Box), p, &axes);
  expectVec(axes.away, glm::normalize(p));
  ShapeParams cyl = shape(ShapeKind::Cylinder);
  cyl.halfHeight = 10.0f;
  cyl.radius = 10.0f;
  distanceAt(cyl, vec3(3, 7, 4), &axes);
  expectVec(axes.away, vec3(0.6f, 0.0f, 0.8f));
  // A rotated cylinder repels from its own axis (the seed), not with world Y zeroed (the
  // engine's code, an option).
  ModuleWorld w;
  w.rotation = glm::angleAxis(0.5f * kPi, vec3(0, 0, 1));  // local Y is world -X
  fieldDistance(cyl, w, vec3(5, 0, 3), axes);
  expectVec(axes.away, vec3(0, 0, 1));
  fieldDistance(cyl, w, vec3(5, 0, 3), axes, {.repulsionZeroesWorldY = true});
  expectVec(axes.away, glm::normalize(vec3(5, 0, 3)));
}

// Seed: "Energy which is conserved is stored as particle velocity ... Energy which is not
// conserved directly applies to the particle's position and is lost when the force vanishes."
TEST(StrideForceField, EnergyConservationSplitsVelocityAndPosition) {
  const float dt = 0.1f;
  UpdaterModule lost = test::updater("force_field", R"("shape": {"type": "sphere", "radius": 100},
      "falloff": {"strength_inside": 1, "strength_outside": 1}, "vortex_force": 0, "repulsive_force": 0,
      "fixed_force": [2, 0, 0], "energy_conservation": 0)");
  ParticlePool p = test::onePool(vec3(0.0f), vec3(0.0f));
  updateForceField(lost, ModuleWorld{}, p, dt);
  expectVec(p.velocity[0], vec3(0.0f));
  expectVec(p.position[0], vec3(0.2f, 0, 0));  // F = 2 x dt, applied as a displacement

  UpdaterModule kept = lost;
  kept.energyConservation = 1.0f;
  p = test::onePool(vec3(0.0f), vec3(0.0f));
  updateForceField(kept, ModuleWorld{}, p, dt);
  expectVec(p.velocity[0], vec3(0.2f, 0, 0));   // acceleration 2 for dt
  expectVec(p.position[0], vec3(0.01f, 0, 0));  // F dt / 2

  UpdaterModule half = lost;
  half.energyConservation = 0.5f;
  p = test::onePool(vec3(0.0f), vec3(0.0f));
  updateForceField(half, ModuleWorld{}, p, dt);
  expectVec(p.velocity[0], vec3(0.1f, 0, 0));
  expectVec(p.position[0], vec3(0.1f + 0.005f, 0, 0));
}

// Seed: "Directed Force: Vector force which moves the particle along the field's central axis";
// the magnitude follows the falloff, and the fixed force does not rotate with the shape.
TEST(StrideForceField, DirectedAndFixedForces) {
  UpdaterModule m = test::updater("force_field",
                                  R"("shape": {"type": "cylinder", "radius": 10, "half_height": 10},
      "directed_force": 3, "vortex_force": 0, "repulsive_force": 0, "fixed_force": [0, 0, 1])");
  ModuleWorld w;
  w.rotation = glm::angleAxis(0.5f * kPi, vec3(1, 0, 0));  // local Y -> world +Z
  ParticlePool p = test::onePool(vec3(0.5f, 0, 0), vec3(0.0f));
  updateForceField(m, w, p, 1.0f);
  // d = 0.05 -> full strength: directed 3 along world +Z plus fixed (0, 0, 1), not rotated.
  expectVec(p.position[0], vec3(0.5f, 0, 4));
}

}  // namespace
}  // namespace fx::stride
