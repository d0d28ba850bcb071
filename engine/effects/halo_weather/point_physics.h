// Halo CE point_physics (reference halo notes §1): the physical properties of a simulated point
// (weather particles here). Authored in tag units (density g/mL, air/water friction as Guerilla
// shows them); `computeCache` derives the runtime scales the build step precomputes; `update`
// is the engine's point_physics_update with the weather caller's flags (ignore position, force
// no collisions): gravity with buoyancy, then linear drag toward the wind/current velocity.
#pragma once

#include <cstdint>

#include "engine/core/fields.h"

namespace fx::weather {

enum PointPhysicsFlag : uint32_t {
  kFlamethrowerParticleCollision = 1u << 0,
  kCollidesWithStructures = 1u << 1,
  kCollidesWithWaterSurface = 1u << 2,
  kUsesSimpleWind = 1u << 3,
  kUsesDampedWind = 1u << 4,
  kNoGravity = 1u << 5,
};

// Engine constants (reference §1.3).
inline constexpr float kGlobalGravity = 0.0035651792f;                // wu / tick^2
inline constexpr float kGravityPerSecond2 = kGlobalGravity * 900.0f;  // 3.2087 wu/s^2 (9.78 m/s^2)
inline constexpr float kAirDensity = 0.0011f;                         // g/mL
inline constexpr float kWaterDensity = 1.0f;                          // g/mL
inline constexpr float kMassPerDensity = 118613.34f;  // kg of a 1 wu sphere per 1 g/mL
inline constexpr float kFrictionScale = 10000.0f;     // tag friction -> runtime

struct PointPhysics {
  uint32_t flags = 0;
  float massScale = 0.0f;          // cache-only: density * 118613.34
  float waterGravityScale = 0.0f;  // cache-only: (1 - rho) / (1 + rho)
  float airGravityScale = 0.0f;    // cache-only: (0.0011 - rho) / (0.0011 + rho)
  float density = 1.0f;            // g/mL; 0.0011 = air (the particle floats)
  float airFriction = 0.0f;        // tag value; x10000 at runtime
  float waterFriction = 0.0f;      // tag value; x10000 at runtime
  float surfaceFriction = 0.0f;    // collisions only (weather never collides)
  float elasticity = 0.0f;         // collisions only

  void reflect(FieldVisitor& v);
  // The build step's precomputation (reference §1.2).
  void computeCache();
};

// The medium a point is simulated in.
struct PointPhysicsMedium {
  float mass = 0.0f;      // kg, including the displaced medium ("added mass")
  float friction = 0.0f;  // runtime friction * r^2
  float buoyancy = 0.0f;  // gravity scale (0 with "no gravity")
};
PointPhysicsMedium pointPhysicsMedium(const PointPhysics& p, float radius, bool underwater);

// One update without collision: v.z += g * buoy * dt; v += (current - v) * clamp(dt * friction /
// mass, 0, 1); position += v * dt. Nothing happens when dt == 0.
void pointPhysicsUpdate(const PointPhysics& p, float radius, bool underwater, vec3 current,
                        float dt, vec3& position, vec3& velocity);

// Steady speed under gravity with no wind (|g_eff| / (k/dt)); infinity without air friction.
float pointPhysicsTerminalSpeed(const PointPhysics& p, float radius);

}  // namespace fx::weather
