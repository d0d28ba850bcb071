// Updater "collider" (seed 003 "Collider", reference stride notes §2.3; a post-updater): particles
// bounce off a solid shape or stay inside a hollow one. Restitution scales only the normal
// ("vertical") speed, friction only the speed along the surface; kill marks the particle dead.
#include "engine/effects/stride/stride_modules.h"
#include "engine/effects/stride/stride_shape_kernels.h"

namespace fx::stride {

// Remaining life of a killed particle: not 0, so it is removed at the start of the next frame
// (where on-death spawners in the engine still see it).
inline constexpr float kKilledLife = 1e-6f;

void reflectCollider(UpdaterModule& m, FieldVisitor& v) {
  v.visitObject({.key = "shape",
                 .help = "The shape against which the particles will collide, which can be sphere, "
                         "cylinder, box or a torus."},
                [&](FieldVisitor& sv) { m.shape.reflect(sv); });
  v.visit({.key = "is_hollow",
           .help = "If unchecked, the shape is solid and the particles will bounce off it, staying "
                   "outside. If "
                   "checked, the shape is hollow, like a container, and the particles will be "
                   "restricted to the "
                   "inside volume only."},
          m.isHollow, false);
  v.visit({.key = "kill_particles",
           .help = "If checked, the particles will be killed immediately when they first collide "
                   "with the shape."},
          m.killParticles, false);
  v.visit({.key = "restitution",
           .help = "The coefficient of restitution is the speed the particle retains in comparison "
                   "to its speed "
                   "before the collision. In this updater we use restitution as a vertical only "
                   "speed. It doesn't "
                   "affect the speed along the surface.",
           .min = 0},
          m.restitution, 0.5f);
  v.visit({.key = "friction",
           .help = "The amount of horizontal speed the particle loses on collision with the shape. "
                   "It only affects "
                   "the speed along the surface, and doesn't change the height at which the "
                   "particle will bounce.",
           .min = 0,
           .max = 1},
          m.friction, 0.1f);
}

namespace {

// One shape kind's loop over particles [begin, last): the kernel is inlined, the shape's
// particle-independent terms were computed once.
template <ShapeKind K>
void collideRange(const UpdaterModule& m, const PlacedShape& c, ParticlePool& p, size_t begin,
                  size_t last) {
  const bool hasVelocity = p.has(kFieldVelocity), hasFlags = p.has(kFieldCollision);
  const bool hollow = m.isHollow, kill = m.killParticles;
  const float keepSurface = 1.0f - m.friction;
  vec3* position = p.position.data();
  vec3* velocity = hasVelocity ? p.velocity.data() : nullptr;
  uint8_t* flags = hasFlags ? p.collision.data() : nullptr;
  float* life = p.life.data();
  for (size_t i = begin; i < last; ++i) {
    SurfaceHit hit = surfaceHit<K>(c, position[i]);
    bool collides = hollow != hit.inside;
    if (flags) flags[i] = uint8_t(collides);
    if (!collides) continue;
    vec3 n = hollow ? -hit.normal : hit.normal;
    position[i] = hit.surface;
    if (velocity) {
      vec3 v = velocity[i];
      float vn = glm::dot(v, n);
      vec3 normalPart = n * vn;
      vec3 surfacePart = v - normalPart;
      velocity[i] =
          surfacePart * keepSurface + normalPart * (vn > 0.0f ? m.restitution : -m.restitution);
    }
    if (kill) life[i] = kKilledLife;
  }
}

}  // namespace

void updateCollider(const UpdaterModule& m, const ModuleWorld& w, ParticlePool& p, size_t begin,
                    size_t end) {
  size_t last = std::min(end, p.count);
  if (begin >= last) return;
  PlacedShape c(m.shape, w);
  forEachShapeKind(m.shape.type,
                   [&](auto kind) { collideRange<decltype(kind)::value>(m, c, p, begin, last); });
}

}  // namespace fx::stride
