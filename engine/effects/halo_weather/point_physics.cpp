#include "engine/effects/halo_weather/point_physics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fx::weather {

namespace {

constexpr FlagOption kFlags[] = {
    {"flamethrower_particle_collision", kFlamethrowerParticleCollision,
     "Collides with objects (flamethrower particles). Weather never collides."},
    {"collides_with_structures", kCollidesWithStructures,
     "Collides with the BSP. Does not apply to weather; debug_point_physics draws such points "
     "red."},
    {"collides_with_water_surface", kCollidesWithWaterSurface,
     "Collides with water surfaces. Not for weather."},
    {"uses_simple_wind", kUsesSimpleWind,
     "The full base wind is kept and the local variation is added on top (otherwise the local "
     "variation weight "
     "blends base wind and local variation)."},
    {"uses_damped_wind", kUsesDampedWind, "The wind is scaled by (1 - the wind tag's damping)."},
    {"no_gravity", kNoGravity, "Gravity and buoyancy do not act on the point."},
};

}  // namespace

void PointPhysics::reflect(FieldVisitor& v) {
  v.visitFlags({.key = "flags", .help = "Boolean settings of the point physics.", .tag = {0x00}},
               flags, kFlags, 0);
  v.visit({.key = "mass_scale",
           .help = "Computed at load: density x 118613.33 (kg of a 1 wu sphere).",
           .cacheOnly = true},
          massScale, 0.0f);
  v.visit({.key = "water_gravity_scale",
           .help = "Computed at load: 1 - 2 rho / (rho + 1).",
           .cacheOnly = true},
          waterGravityScale, 0.0f);
  v.visit({.key = "air_gravity_scale",
           .help = "Computed at load: 1 - 2 rho / (rho + 0.0011); -1 sinks, 0 floats, +1 rises.",
           .cacheOnly = true},
          airGravityScale, 0.0f);
  v.visit({.key = "density",
           .unit = "g/mL",
           .help = "Density of the point; 0.0011 is air (it floats), 1 is water. With the radius "
                   "it sets the mass.",
           .min = 0.0,
           .max = 1e6,
           .restart = false,
           .speed = 0.01f,
           .tag = {0x20}},
          density, 1.0f);
  v.visit(
      {.key = "air_friction",
       .help = "Drag toward the wind velocity in air (multiplied by 10000 at load). Too little "
               "lets falling "
               "particles speed up without bound, since the weather cube wraps and keeps velocity.",
       .min = 0.0,
       .max = 1e6,
       .speed = 0.001f,
       .tag = {0x24}},
      airFriction, 0.0f);
  v.visit({.key = "water_friction",
           .help = "Drag toward the current in water (multiplied by 10000 at load).",
           .min = 0.0,
           .max = 1e6,
           .speed = 0.001f,
           .tag = {0x28}},
          waterFriction, 0.0f);
  v.visit(
      {.key = "surface_friction",
       .help =
           "Tangential velocity kept on a bounce: v = (1 - f) v_t - e v_n. Weather never collides.",
       .min = 0.0,
       .max = 1.0,
       .tag = {0x2C}},
      surfaceFriction, 0.0f);
  v.visit({.key = "elasticity",
           .help = "Normal velocity kept on a bounce. Weather never collides.",
           .min = 0.0,
           .max = 1.0,
           .tag = {0x30}},
          elasticity, 0.0f);
}

void PointPhysics::computeCache() {
  massScale = density * kMassPerDensity;
  airGravityScale = 1.0f - 2.0f * density / (density + kAirDensity);
  waterGravityScale = 1.0f - 2.0f * density / (density + kWaterDensity);
}

PointPhysicsMedium pointPhysicsMedium(const PointPhysics& p, float r, bool underwater) {
  PointPhysicsMedium m;
  float massPerR3 = p.massScale + (underwater ? kWaterDensity : kAirDensity) * kMassPerDensity;
  m.buoyancy =
      (p.flags & kNoGravity) ? 0.0f : (underwater ? p.waterGravityScale : p.airGravityScale);
  m.friction = (underwater ? p.waterFriction : p.airFriction) * kFrictionScale * r * r;
  m.mass = massPerR3 * r * r * r;
  return m;
}

void pointPhysicsUpdate(const PointPhysics& p, float radius, bool underwater, vec3 current,
                        float dt, vec3& position, vec3& velocity) {
  if (dt == 0.0f) return;
  PointPhysicsMedium m = pointPhysicsMedium(p, radius, underwater);
  velocity.z += kGravityPerSecond2 * m.buoyancy * dt;
  float k = m.mass != 0.0f ? std::clamp(dt * m.friction / m.mass, 0.0f, 1.0f)
                           : (m.friction != 0.0f ? 1.0f : 0.0f);
  velocity += (current - velocity) * k;
  position += velocity * dt;
}

float pointPhysicsTerminalSpeed(const PointPhysics& p, float radius) {
  PointPhysicsMedium m = pointPhysicsMedium(p, radius, false);
  float g = std::abs(kGravityPerSecond2 * m.buoyancy);
  if (g == 0.0f) return 0.0f;
  if (m.friction <= 0.0f || m.mass <= 0.0f) return std::numeric_limits<float>::infinity();
  return g / (m.friction / m.mass);
}

}  // namespace fx::weather
