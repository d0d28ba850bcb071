// Updater "collider" (seed 003 "Collider", reference stride notes §2.3; a post-updater): particles
// bounce off a solid shape or stay inside a hollow one. Restitution scales only the normal
// ("vertical") speed, friction only the speed along the surface; kill marks the particle dead.
#include <cmath>
#include <cstdint>
#include <cstring>

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

// The box, the bench's and the shipped fountain's floor, in blocks transposed to x / y / z
// arrays: the query and the bounce become one branch-free loop over four particles at a time
// (every value computed, then selected). Each value comes from the same float operations as
// in surfaceHit<Box> and collideRange (glm's quaternion rotation
// v + ((q.xyz x v) w + q.xyz x (q.xyz x v)) 2, glm::clamp as min(max(x, lo), hi) with
// min = y < x ? y : x and max = x < y ? y : x, dot as (x + y) + z, the first of the six faces at
// the least distance), so it gives the same bits.
constexpr size_t kBoxBlock = 256;

// Four particles per lane group (GCC/Clang vector extensions: every operation is the IEEE
// single-precision operation of the scalar code, lane by lane).
using V = float __attribute__((vector_size(16)));
using VI = int32_t __attribute__((vector_size(16)));
inline V splat(float f) {
  return V{f, f, f, f};
}
inline V vabs(V x) {
  return (V)((VI)x & 0x7fffffff);  // std::abs: the sign bit cleared
}
inline V load4(const float* f) {
  V v;
  std::memcpy(&v, f, sizeof(v));
  return v;
}
inline void store4(float* f, V v) {
  std::memcpy(f, &v, sizeof(v));
}

struct Rotation {
  V w, x, y, z;
  explicit Rotation(quat q) : w(splat(q.w)), x(splat(q.x)), y(splat(q.y)), z(splat(q.z)) {}
};

// glm's quat * vec3: v + ((q.xyz x v) w + q.xyz x (q.xyz x v)) 2.
inline void rotate(const Rotation& q, V vx, V vy, V vz, V& ox, V& oy, V& oz) {
  V ux = q.y * vz - vy * q.z, uy = q.z * vx - vz * q.x, uz = q.x * vy - vx * q.y;
  V uux = q.y * uz - uy * q.z, uuy = q.z * ux - uz * q.x, uuz = q.x * uy - ux * q.y;
  ox = vx + ((ux * q.w) + uux) * 2.0f;
  oy = vy + ((uy * q.w) + uuy) * 2.0f;
  oz = vz + ((uz * q.w) + uuz) * 2.0f;
}

// glm::clamp: min(max(x, lo), hi) with max = x < y ? y : x and min = y < x ? y : x.
inline V glmClamp(V x, V lo, V hi) {
  V a = x < lo ? lo : x;
  return hi < a ? hi : a;
}

void collideBoxes(const UpdaterModule& m, const PlacedShape& c, ParticlePool& p, size_t begin,
                  size_t last) {
  const bool hasVelocity = p.has(kFieldVelocity), hasFlags = p.has(kFieldCollision);
  const bool hollow = m.isHollow, kill = m.killParticles;
  const float keepSurface = 1.0f - m.friction, restitution = m.restitution;
  const Rotation q(c.rotation), iq(c.inverse);
  const V atx = splat(c.position.x), aty = splat(c.position.y), atz = splat(c.position.z);
  const V hx = splat(c.half.x), hy = splat(c.half.y), hz = splat(c.half.z);
  const V nhx = -hx, nhy = -hy, nhz = -hz;
  const V zero = splat(0.0f), one = splat(1.0f), minusOne = splat(-1.0f);
  const V bounceUp = splat(restitution), bounceDown = splat(-restitution);
  alignas(16) float px[kBoxBlock], py[kBoxBlock], pz[kBoxBlock];
  alignas(16) float vx[kBoxBlock], vy[kBoxBlock], vz[kBoxBlock];
  alignas(16) int32_t hitMask[kBoxBlock];
  vec3* position = p.position.data();
  vec3* velocity = hasVelocity ? p.velocity.data() : nullptr;
  for (size_t b = begin; b < last; b += kBoxBlock) {
    const size_t n = std::min(kBoxBlock, last - b), padded = (n + 3) & ~size_t(3);
    for (size_t k = 0; k < n; ++k) {
      vec3 v = position[b + k];
      px[k] = v.x, py[k] = v.y, pz[k] = v.z;
      v = velocity ? velocity[b + k] : vec3(0.0f);
      vx[k] = v.x, vy[k] = v.y, vz[k] = v.z;
    }
    for (size_t k = n; k < padded; ++k) px[k] = py[k] = pz[k] = vx[k] = vy[k] = vz[k] = 0.0f;
    for (size_t k = 0; k < padded; k += 4) {
      V lx, ly, lz;
      rotate(iq, load4(px + k) - atx, load4(py + k) - aty, load4(pz + k) - atz, lx, ly, lz);
      VI outside = (vabs(lx) > hx) | (vabs(ly) > hy) | (vabs(lz) > hz);
      // The nearest face: +x, -x, +y, -y, +z, -z, the first of equals; x when no distance is
      // below infinity (NaN or infinite positions), as in surfaceHit<Box>.
      V best = splat(INFINITY), sign = one, ax = one, ay = zero, az = zero;
      auto face = [&](V dist, V sg, V fx, V fy, V fz) {
        VI closer = dist < best;
        best = closer ? dist : best;
        sign = closer ? sg : sign;
        ax = closer ? fx : ax, ay = closer ? fy : ay, az = closer ? fz : az;
      };
      face(vabs(lx - one * hx), one, one, zero, zero);
      face(vabs(lx - minusOne * hx), minusOne, one, zero, zero);
      face(vabs(ly - one * hy), one, zero, one, zero);
      face(vabs(ly - minusOne * hy), minusOne, zero, one, zero);
      face(vabs(lz - one * hz), one, zero, zero, one);
      face(vabs(lz - minusOne * hz), minusOne, zero, zero, one);
      VI onX = ax != zero, onY = ay != zero, onZ = az != zero;
      V sx = outside ? glmClamp(lx, nhx, hx) : (onX ? sign * hx : lx);
      V sy = outside ? glmClamp(ly, nhy, hy) : (onY ? sign * hy : ly);
      V sz = outside ? glmClamp(lz, nhz, hz) : (onZ ? sign * hz : lz);
      V wx, wy, wz, nx, ny, nz;
      rotate(q, sx, sy, sz, wx, wy, wz);
      rotate(q, onX ? sign : zero, onY ? sign : zero, onZ ? sign : zero, nx, ny, nz);
      if (hollow) nx = -nx, ny = -ny, nz = -nz;
      VI collides = hollow ? outside : ~outside;  // hollow != inside
      store4(reinterpret_cast<float*>(hitMask + k), (V)collides);
      V ox = load4(vx + k), oy = load4(vy + k), oz = load4(vz + k);
      V vn = (ox * nx + oy * ny) + oz * nz;
      V bounce = vn > zero ? bounceUp : bounceDown;
      V npx = nx * vn, npy = ny * vn, npz = nz * vn;
      V bx = (ox - npx) * keepSurface + npx * bounce;
      V by = (oy - npy) * keepSurface + npy * bounce;
      V bz = (oz - npz) * keepSurface + npz * bounce;
      store4(px + k, collides ? atx + wx : load4(px + k));
      store4(py + k, collides ? aty + wy : load4(py + k));
      store4(pz + k, collides ? atz + wz : load4(pz + k));
      store4(vx + k, collides ? bx : ox);
      store4(vy + k, collides ? by : oy);
      store4(vz + k, collides ? bz : oz);
    }
    for (size_t k = 0; k < n; ++k) {
      size_t i = b + k;
      if (hasFlags) p.collision[i] = uint8_t(hitMask[k] != 0);
      if (!hitMask[k]) continue;
      position[i] = vec3(px[k], py[k], pz[k]);
      if (velocity) velocity[i] = vec3(vx[k], vy[k], vz[k]);
      if (kill) p.life[i] = kKilledLife;
    }
  }
}

}  // namespace

void updateCollider(const UpdaterModule& m, const ModuleWorld& w, ParticlePool& p, size_t begin,
                    size_t end) {
  size_t last = std::min(end, p.count);
  if (begin >= last) return;
  PlacedShape c(m.shape, w);
  if (m.shape.type == ShapeKind::Box) return collideBoxes(m, c, p, begin, last);
  forEachShapeKind(m.shape.type,
                   [&](auto kind) { collideRange<decltype(kind)::value>(m, c, p, begin, last); });
}

}  // namespace fx::stride
