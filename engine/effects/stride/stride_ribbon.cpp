#include "engine/effects/stride/stride_ribbon.h"

#include <cmath>

#include "engine/core/parallel.h"
#include "engine/effects/stride/stride_common.h"
#include "engine/effects/stride/stride_emitter.h"
#include "engine/effects/stride/stride_modules.h"
#include "engine/effects/stride/stride_order.h"

namespace fx::stride {

namespace {

constexpr float kZeroTolerance = 1e-6f;  // MathUtil.ZeroTolerance

// Stride's Vector3.Normalize: a vector shorter than the tolerance stays as it is.
vec3 normalized(vec3 v) {
  float length = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
  if (!(std::fabs(length) < kZeroTolerance)) v *= 1.0f / length;
  return v;
}

float length(vec3 v) {
  return std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

vec3 lerp(vec3 a, vec3 b, float t) {
  return (1.0f - t) * a + t * b;
}

// The centre of the circle through a, b, c; c itself when they are (nearly) collinear.
vec3 circumcenter(vec3 a3, vec3 b3, vec3 c) {
  vec3 a = a3 - c, b = b3 - c;
  vec3 ab = glm::cross(a, b);
  float lenAB = glm::dot(ab, ab);
  if (lenAB < kZeroTolerance) return c;
  return c + glm::cross(glm::dot(a, a) * b - glm::dot(b, b) * a, ab) / (2.0f * lenAB);
}

vec3 catmullRom(vec3 v1, vec3 v2, vec3 v3, vec3 v4, float t) {
  float sq = t * t, cu = t * sq;
  return 0.5f * ((((2.0f * v2) + ((-v1 + v3) * t)) +
                  ((((2.0f * v1) - (5.0f * v2)) + (4.0f * v3)) - v4) * sq) +
                 ((((-v1 + (3.0f * v2)) - (3.0f * v3)) + v4) * cu));
}

// Fast smoothing over slots [0, L) of one strip (q quads per particle).
void expandCatmullRom(vec3* pos, vec3* w, size_t L, size_t q) {
  const float step = 1.0f / float(q);
  vec3 p0 = pos[0] * 2.0f - pos[q], p1 = pos[0], p2 = pos[q];
  vec3 w1 = w[0], w2 = w[q];
  for (size_t index = 0; index < L; index += q) {
    const bool has3 = index + q * 2 < L;
    vec3 p3 = has3 ? pos[index + q * 2] : p2;
    for (size_t j = 1; j < q; ++j) {
      float t = float(j) * step;
      pos[index + j] = catmullRom(p0, p1, p2, p3, t);
      w[index + j] = lerp(w1, w2, t);
    }
    p0 = p1, p1 = p2, p2 = p3;
    w1 = w2, w2 = has3 ? w[index + q * 2] : vec3(0.0f);
  }
}

// Best smoothing: each slot between two particles blends the circles through the particle
// before, the two ends and the particle after.
void expandCircular(vec3* pos, vec3* w, size_t L, size_t q) {
  if (q <= 1) return;
  const float step = 1.0f / float(q);
  vec3 p0 = pos[0] * 2.0f - pos[q], p1 = pos[0], p2 = pos[q];
  vec3 o1 = circumcenter(p0, p1, p2);
  float r1 = length(o1 - p1);
  vec3 w1 = w[0], w2 = w[q];
  for (size_t index = 0; index < L; index += q) {
    const bool has3 = index + q * 2 < L;
    vec3 p3 = has3 ? pos[index + q * 2] : p2;
    vec3 w3 = has3 ? w[index + q * 2] : vec3(0.0f);
    vec3 o2 = circumcenter(p1, p2, p3);
    float r2 = length(o2 - p2);
    if (!has3) o2 = o1, r2 = r1;
    for (size_t j = 1; j < q; ++j) {
      float t = float(j) * step;
      vec3 onLine = lerp(p1, p2, t);
      vec3 d1 = normalized(onLine - o1), d2 = normalized(onLine - o2);
      pos[index + j] = lerp(o1 + d1 * r1, o2 + d2 * r2, t);
      w[index + j] = lerp(w1, w2, t);
    }
    p1 = p2, p2 = p3;
    w1 = w2, w2 = w3;
    o1 = o2, r1 = r2;
  }
}

vec3 project(const mat4& viewProj, vec3 p) {
  vec4 c = viewProj * vec4(p, 1.0f);
  return vec3(c.x / c.w, c.y / c.w, 0.0f);
}

struct StripOut {
  StripVertex* v;       // the strip's first vertex
  size_t firstVertex;   // its index among the emitter's strip vertices
  const vec4* colours;  // every drawn particle's colour
  size_t n, q;          // drawn particles, quads per particle
};

void emitQuad(const StripOut& o, size_t i, const vec3 (&corner)[4], const vec2 (&uv)[4]) {
  StripVertex* v = o.v + i * 4;
  const size_t g = o.firstVertex + i * 4;
  for (size_t k = 0; k < 4; ++k)
    v[k] = StripVertex(corner[k], uv[k], o.colours[segmentOf(g + k, o.q, o.n)]);
}

// The quads of one strip of L > q slots (positions and widths already smoothed).
void emitStrip(const ShapeBuilder& b, bool trail, const RibbonCamera& cam, const vec3* pos,
               const vec3* w, size_t L, const StripOut& out) {
  const bool asIs = b.texCoords == TexCoordPolicy::AsIs;
  const bool stretched = b.texCoords == TexCoordPolicy::Stretched;
  const bool center = !trail || b.edge == EdgePolicy::Center;
  auto halfWidth = [&](vec3 axis, float size) {
    vec3 u = axis * (size * 0.5f);
    return u.y * cam.right - u.x * cam.up;
  };
  vec3 projNext = project(cam.viewProjection, pos[1]);
  vec3 axis0 = normalized(project(cam.viewProjection, pos[0]) - projNext);
  vec3 oldPoint = pos[0];
  vec3 oldUnitX = trail ? w[0] : halfWidth(axis0, w[0].x);
  float vOld = 0.0f;
  for (size_t i = 0; i < L; ++i) {
    const vec3 central = pos[i];
    vec3 unitX = w[i];
    if (!trail) {
      vec3 axis1;
      if (i + 1 < L) {
        vec3 projCur = i == 0 ? project(cam.viewProjection, pos[0]) : projNext;
        projNext = project(cam.viewProjection, pos[i + 1]);
        axis1 = projCur - projNext;
      } else {
        axis1 = project(cam.viewProjection, pos[L - 2]) - project(cam.viewProjection, pos[L - 1]);
      }
      axis1 = normalized(axis1);
      unitX = halfWidth(normalized(axis0 + axis1), w[i].x);
      axis0 = axis1;
    }
    vec3 corner[4];
    vec2 uv[4];
    corner[0] = center ? oldPoint - oldUnitX : oldPoint;
    corner[1] = corner[0] + (center ? oldUnitX * 2.0f : oldUnitX);
    const float vTop = asIs ? 0.0f : vOld;
    corner[2] = corner[1] + (central - oldPoint);
    corner[2] += unitX - oldUnitX;
    vOld = stretched ? float(i + 1) / float(L) * b.texCoordsFactor
                     : length(central - oldPoint) * b.texCoordsFactor + vOld;
    const float vBottom = asIs ? 1.0f : vOld;
    corner[3] = corner[2] - (center ? unitX * 2.0f : unitX);
    uv[0] = rotateUv(b, vec2(0.0f, vTop)), uv[1] = rotateUv(b, vec2(1.0f, vTop));
    uv[2] = rotateUv(b, vec2(1.0f, vBottom)), uv[3] = rotateUv(b, vec2(0.0f, vBottom));
    emitQuad(out, i, corner, uv);
    oldUnitX = unitX;
    oldPoint = central;
  }
}

// Slots of one particle: its position and width in world space (widths: the trail's vector,
// or the ribbon's size in x).
void gatherStrip(const EmitterDef& def, const ParticlePool& p, const uint32_t* drawOrder,
                 size_t count, const Transform& component, size_t q, vec3* pos, vec3* w) {
  const bool local = def.space == SimulationSpace::Local;
  const bool trail = def.shapeBuilder.type == ShapeBuilderKind::Trail;
  const bool hasSize = p.has(kFieldSize), hasDir = p.has(kFieldDirection);
  const float spaceScale = local ? component.scale : 1.0f;
  for (size_t k = 0; k < count; ++k) {
    const uint32_t i = drawOrder[k];
    float size = hasSize ? p.size[i] : 1.0f;
    pos[k * q] = strideToWorld(toStrideWorld(def, component, p.position[i]));
    if (trail) {
      vec3 d = hasDir ? p.direction[i] * size : vec3(0.0f, size, 0.0f);
      if (local) d = component.rotation * d * spaceScale;
      w[k * q] = strideToWorld(d);
    } else {
      w[k * q] = vec3(size * spaceScale, 0.0f, 0.0f);
    }
  }
}

void buildStrip(const EmitterDef& def, const ParticlePool& p, const uint32_t* drawOrder,
                size_t begin, size_t end, const Transform& component, const RibbonCamera& cam,
                RibbonScratch& s, const StripOut& out) {
  const ShapeBuilder& b = def.shapeBuilder;
  const size_t q = out.q, count = end - begin, L = count * q;
  vec3* pos = s.position.data() + begin * q;
  vec3* w = s.width.data() + begin * q;
  if (count <= 1) {  // Stride's dummy quads: every corner at the origin
    const vec3 zero[4] = {vec3(0.0f), vec3(0.0f), vec3(0.0f), vec3(0.0f)};
    const vec2 uv0[4] = {vec2(0.0f), vec2(0.0f), vec2(0.0f), vec2(0.0f)};
    for (size_t i = 0; i < L; ++i) emitQuad(out, i, zero, uv0);
    return;
  }
  gatherStrip(def, p, drawOrder + begin, count, component, q, pos, w);
  if (q > 1) {
    if (b.smoothing == Smoothing::Best)
      expandCircular(pos, w, L, q);
    else
      expandCatmullRom(pos, w, L, q);
  }
  emitStrip(b, def.shapeBuilder.type == ShapeBuilderKind::Trail, cam, pos, w, L, out);
}

constexpr EnumOption kSmoothings[] = {
    {"none", int32_t(Smoothing::None), "One quad per particle."},
    {"fast", int32_t(Smoothing::Fast), "Catmull-Rom through the particles, `segments` quads each."},
    {"best", int32_t(Smoothing::Best),
     "Circular arcs through each three neighbouring particles, `segments` quads each."},
};
constexpr EnumOption kTexCoords[] = {
    {"as_is", int32_t(TexCoordPolicy::AsIs), "The whole texture on every quad."},
    {"stretched", int32_t(TexCoordPolicy::Stretched),
     "The texture stretched once over the strip (x the factor)."},
    {"distance_based", int32_t(TexCoordPolicy::DistanceBased),
     "The texture repeats every 1 / factor metres along the strip."},
};
constexpr EnumOption kEdges[] = {
    {"center", int32_t(EdgePolicy::Center), "The particles are the trail's centre line."},
    {"edge", int32_t(EdgePolicy::Edge), "The particles are one edge of the trail."},
};
constexpr EnumOption kClockwise[] = {
    {"degree_0", int32_t(UvClockwise::Degree0), "No rotation."},
    {"degree_90", int32_t(UvClockwise::Degree90)},
    {"degree_180", int32_t(UvClockwise::Degree180)},
    {"degree_270", int32_t(UvClockwise::Degree270)},
};

}  // namespace

void reflectRibbon(ShapeBuilder& b, FieldVisitor& v) {
  visitEnum(v,
            {.key = "smoothing",
             .help = "Smoothing provides the option to additionally smooth the ribbon, enhancing "
                     "visual quality for sharp angles."},
            b.smoothing, std::span<const EnumOption>(kSmoothings), Smoothing::None);
  v.visit({.key = "segments",
           .help = "If the ribbon is smoothed, how many segments should be used between each two "
                   "particles (0 draws nothing).",
           .min = 0,
           .max = kMaxRibbonSegments},
          b.segments, 3);
  if (b.type == ShapeBuilderKind::Trail)
    visitEnum(v,
              {.key = "edge_policy",
               .help = "Should the axis of control point be treated as the trail's edge or the "
                       "trail's center."},
              b.edge, std::span<const EnumOption>(kEdges), EdgePolicy::Center);
  visitEnum(v,
            {.key = "texture_coordinates",
             .help = "Specifies how texture coordinates for the ribbons should be built."},
            b.texCoords, std::span<const EnumOption>(kTexCoords), TexCoordPolicy::AsIs);
  v.visit({.key = "tex_coords_factor",
           .help = "The factor (coefficient) for length to use when building texture coordinates."},
          b.texCoordsFactor, 1.0f);
  v.visit({.key = "uv_flip_x", .help = "Flip the texture coordinates horizontally."}, b.uvFlipX,
          false);
  v.visit({.key = "uv_flip_y", .help = "Flip the texture coordinates vertically."}, b.uvFlipY,
          false);
  visitEnum(v, {.key = "uv_clockwise", .help = "Rotate the texture coordinates clockwise."},
            b.uvClockwise, std::span<const EnumOption>(kClockwise), UvClockwise::Degree0);
}

int quadsPerParticle(const ShapeBuilder& b) {
  return b.smoothing == Smoothing::None ? 1 : std::max(b.segments, 0);
}

vec2 rotateUv(const ShapeBuilder& b, vec2 uv) {
  const UvClockwise r = b.uvClockwise;
  const bool flipX = b.uvFlipX != (r == UvClockwise::Degree180 || r == UvClockwise::Degree90);
  const bool flipY = b.uvFlipY != (r == UvClockwise::Degree180 || r == UvClockwise::Degree270);
  const bool swap = r == UvClockwise::Degree90 || r == UvClockwise::Degree270;
  float x = flipX ? 1.0f - uv.x : uv.x;
  float y = flipY ? 1.0f - uv.y : uv.y;
  return swap ? vec2(y, x) : vec2(x, y);
}

void buildStrips(const EmitterDef& def, const ParticlePool& p, const uint32_t* drawOrder, size_t n,
                 const Transform& component, const RibbonCamera& cam, const vec4* colours,
                 RibbonScratch& s, std::vector<StripVertex>& vertices) {
  const size_t q = size_t(quadsPerParticle(def.shapeBuilder));
  if (n == 0 || q == 0) return;
  // Strips: a new one wherever the group changes (the first starts at group 0's reading).
  s.stripBegin.clear();
  s.stripBegin.push_back(0);
  if (p.has(kFieldOrder)) {
    uint32_t oldGroup = 0;
    for (size_t k = 0; k < n; ++k) {
      uint32_t g = order::group(p.order[drawOrder[k]]);
      if (g != oldGroup && k > 0) s.stripBegin.push_back(uint32_t(k));
      oldGroup = g;
    }
  }
  s.stripBegin.push_back(uint32_t(n));
  if (s.position.size() < n * q) s.position.resize(n * q), s.width.resize(n * q);
  const size_t v0 = vertices.size();
  vertices.resize(v0 + n * q * 4);
  const size_t strips = s.stripBegin.size() - 1;
  parallelChunks(
      strips,
      [&](size_t, size_t from, size_t to) {
        for (size_t k = from; k < to; ++k) {
          const size_t begin = s.stripBegin[k], end = s.stripBegin[k + 1];
          StripOut out{vertices.data() + v0 + begin * q * 4, begin * q * 4, colours, n, q};
          buildStrip(def, p, drawOrder, begin, end, component, cam, s, out);
        }
      },
      16);
}

}  // namespace fx::stride
