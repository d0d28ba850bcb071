// Updater "force_field" (seed 003 "Force Field", reference stride notes §2.2): a bounding shape,
// a falloff over the relative distance, and directed / vortex / repulsive / fixed forces split
// between velocity (conserved energy) and position (lost energy).
#include <algorithm>

#include "engine/effects/stride/stride_modules.h"
#include "engine/effects/stride/stride_shape_kernels.h"

namespace fx::stride {

void reflectForceField(UpdaterModule& m, FieldVisitor& v) {
  v.visitObject(
      {.key = "shape", .help = "The bounding shape which can be sphere, cylinder, box or a torus."},
      [&](FieldVisitor& sv) { m.shape.reflect(sv); });
  v.visitObject({.key = "falloff",
                 .help = "The falloff is a simple linear function which dictates the intensity of "
                         "the force applied on "
                         "particles. It is based on the particle's distance from its center. Both "
                         "values are relative to the "
                         "bounding shape's sizes and values in-between are interpolated between "
                         "the two magnitudes."},
                [&](FieldVisitor& fv) {
                  FalloffParams& f = m.falloff;
                  fv.visit({.key = "strength_inside",
                            .help = "How much of the magnitude should apply when the particle is "
                                    "within falloff start distance "
                                    "from the center."},
                           f.strengthInside, 1.0f);
                  fv.visit({.key = "falloff_start",
                            .help = "Relative distance (0 = centre, 1 = the shape's boundary) "
                                    "below which Strength Inside "
                                    "applies.",
                            .min = 0},
                           f.falloffStart, 0.1f);
                  fv.visit({.key = "strength_outside",
                            .help = "How much of the magnitude should apply when the particle is "
                                    "more than falloff end away "
                                    "from the center."},
                           f.strengthOutside, 0.0f);
                  fv.visit({.key = "falloff_end",
                            .help = "Relative distance beyond which Strength Outside applies; in "
                                    "between the coefficient "
                                    "changes linearly.",
                            .min = 0},
                           f.falloffEnd, 0.9f);
                  fv.visit({.key = "divisor_end_over_start",
                            .help = "Stride's code divides (d - start) by end / start instead of "
                                    "end - start, so with the "
                                    "defaults the strength only drops to about 0.91 before jumping "
                                    "to the outside strength at "
                                    "the end. Off: the documented linear falloff."},
                           f.divideByEndOverStart, false);
                });
  v.visit({.key = "energy_conservation",
           .help = "What part of the force energy should be conserved by the particles. Energy "
                   "which is conserved is "
                   "stored as particle velocity and results in gradually increasing speed. Energy "
                   "which is not "
                   "conserved directly applies to the particle's position and is lost when the "
                   "force vanishes.",
           .min = 0,
           .max = 1},
          m.energyConservation, 0.0f);
  v.visit({.key = "directed_force",
           .help = "Vector force which moves the particle along the field's central axis (normally "
                   "upwards)."},
          m.forceDirected, 0.0f);
  v.visit({.key = "vortex_force",
           .help = "The force which moves the particle around the field's central axis using the "
                   "right-hand rule for "
                   "rotation."},
          m.forceVortex, 1.0f);
  v.visit({.key = "repulsive_force",
           .help = "The force which moves the particle away from the field's center or towards it, "
                   "if negative."},
          m.forceRepulsive, 1.0f);
  v.visit(
      {.key = "fixed_force",
       .help =
           "The force which moves the particle along a fixed non-rotating and non-scaling axis."},
      m.forceFixed, vec3(0.0f));
  v.visit({.key = "repulsion_zeroes_world_y",
           .help = "Cylinder only. Stride's code points the repulsive force from the centre with "
                   "the world Y component "
                   "removed, which differs from the local axis when the cylinder is rotated. Off: "
                   "from the local Y "
                   "axis, as documented."},
          m.repulsionZeroesWorldY, false);
}

namespace {

// One shape kind's loop over particles [begin, last) (see collideRange in updater_collider.cpp).
template <ShapeKind K>
void pushRange(const UpdaterModule& m, const PlacedShape& c, float parentScale, float dt,
               ParticlePool& p, size_t begin, size_t last) {
  const bool zeroY = m.repulsionZeroesWorldY;
  const float e = std::clamp(m.energyConservation, 0.0f, 1.0f);
  const FalloffParams f = m.falloff;
  const vec3 fixed = m.forceFixed;
  const float directed = m.forceDirected, vortex = m.forceVortex, repulsive = m.forceRepulsive;
  vec3* position = p.position.data();
  vec3* velocity = p.velocity.data();
  for (size_t i = begin; i < last; ++i) {
    FieldAxes axes;
    float d = fieldDistanceOf<K>(c, position[i], axes, zeroY);
    // Without a shape Stride skips the falloff: the magnitude is 1 (UpdaterForceField.Update).
    float strength = K == ShapeKind::None ? 1.0f : falloffOf(f, d);
    float magnitude = strength * dt * parentScale;
    vec3 force =
        (fixed + axes.along * directed + axes.around * vortex + axes.away * repulsive) * magnitude;
    velocity[i] += force * e;
    position[i] += force * e * (dt * 0.5f) + force * (1.0f - e);
  }
}

}  // namespace

void updateForceField(const UpdaterModule& m, const ModuleWorld& w, ParticlePool& p, float dt,
                      size_t begin, size_t end) {
  if (!p.has(kFieldVelocity)) return;
  size_t last = std::min(end, p.count);
  if (begin >= last) return;
  PlacedShape c(m.shape, w);
  forEachShapeKind(m.shape.type, [&](auto kind) {
    pushRange<decltype(kind)::value>(m, c, w.parentScale, dt, p, begin, last);
  });
}

uint32_t updaterFields(UpdaterKind k) {
  switch (k) {
    case UpdaterKind::ForceField:
      return kFieldVelocity;
    case UpdaterKind::Collider:
      return kFieldVelocity | kFieldCollision;
    case UpdaterKind::Gravity:
      return kFieldVelocity;
    case UpdaterKind::DirectionFromSpeed:
      return kFieldOldPosition | kFieldDirection;
    case UpdaterKind::ColorAnimation:
      return kFieldColor;
    case UpdaterKind::RotationAnimation:
      return kFieldRotation;
    case UpdaterKind::SizeAnimation:
      return kFieldSize;
  }
  return 0;
}

}  // namespace fx::stride
