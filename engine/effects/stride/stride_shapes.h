// Bounding shapes shared by the force field and the collider (seed 003 "Bounding shapes",
// reference stride notes §2.2 and §2.3): relative distance and force axes for the field, closest
// surface point and normal for the collider, and wireframes for debug draw. Everything is in
// Stride space; a shape sits at a module's world placement (position, rotation, vector scale).
#pragma once

#include <functional>

#include "engine/core/debug_draw.h"
#include "engine/effects/stride/stride_definition.h"

namespace fx::stride {

// Force directions at a particle.
struct FieldAxes {
  vec3 along{0, 1, 0};   // directed force
  vec3 around{1, 0, 0};  // vortex force (right-hand rule around `along`)
  vec3 away{0, 0, 1};    // repulsive force
};

struct FieldShapeOptions {
  bool repulsionZeroesWorldY = false;  // cylinder: Stride code's away vector
};

// Relative distance d (0 = centre, 1 = the shape's boundary, > 1 outside) and the axes.
//  sphere:   |local| / radius; away = from the centre; along = local +Y
//  box:      the longest of |local_i| / half_i (seed: "the longest of the three distances")
//  cylinder: radial distance from local Y / radius, height ignored inside; 1 beyond the caps;
//            away = from the local Y axis (horizontal)
//  torus:    distance from the inner circle / small radius (1 when farther); along = the circle's
//            tangent; away = from the circle; around = along x away
float fieldDistance(const ShapeParams& s, const ModuleWorld& w, vec3 p, FieldAxes& axes,
                    const FieldShapeOptions& opt = {});

// The seed's falloff: strength inside up to `start`, linear to strength outside at `end`.
float falloff(const FalloffParams& f, float d);

// Collider query: whether p is inside, the closest surface point and the outward normal.
struct SurfaceHit {
  bool inside = false;
  vec3 surface{0.0f};
  vec3 normal{0, 1, 0};
};
SurfaceHit closestSurface(const ShapeParams& s, const ModuleWorld& w, vec3 p);

// Wireframe of the shape; `toWorld` maps Stride-space points to fxview world.
void drawShape(DebugDraw& dd, const ShapeParams& s, const ModuleWorld& w,
               const std::function<vec3(vec3)>& toWorld, vec4 color);
// A box given by its centre, rotation and half extents (initializer bounds).
void drawBox(DebugDraw& dd, vec3 centre, quat rotation, vec3 half,
             const std::function<vec3(vec3)>& toWorld, vec4 color);

}  // namespace fx::stride
