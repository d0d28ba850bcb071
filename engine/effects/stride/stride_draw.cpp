// Shape builders (billboard, oriented quad, quad) with their draw-time samplers and the flipbook
// UVs into the DrawList, and the modules' debug wireframes.
#include <algorithm>
#include <cmath>

#include "engine/effects/stride/stride_emitter.h"
#include "engine/effects/stride/stride_shapes.h"

namespace fx::stride {

namespace {

// Stride colours are premultiplied (rgb x a). alpha_additive k keeps rgb and scales alpha by
// (1 - k), which in premultiplied blending turns "over" into "add". fxview's sprites carry the
// same falloff in rgb and alpha (premultiplied-ready), so:
//   k < 1: the premultiplied blend (src + dst (1 - src.a)); fade f = a (1 - k) scales rgb and
//          alpha, so the tint is rgb / f and the output is (rgb x tex.rgb, a (1 - k) tex.a);
//   k = 1: additive, tint = premultiplied rgb.
// The in-plane angle that turns the renderer's first axis of a quad lying across `normal`
// (world; sprite.vert: cross(up, normal), or +X when the normal is within ~6 degrees of up) onto
// `xAxis`, the quad's own +X after its 3D rotation.
float quadSpin(vec3 normal, vec3 xAxis) {
  const vec3 up(0, 0, 1);
  vec3 n = glm::normalize(normal);
  vec3 a1 = glm::dot(n, up) * glm::dot(n, up) > 0.99f ? vec3(1, 0, 0) : glm::cross(up, n);
  a1 -= n * glm::dot(a1, n);
  if (!(glm::dot(a1, a1) > 1e-12f)) return 0.0f;
  a1 = glm::normalize(a1);
  vec3 a2 = glm::cross(n, a1);
  return std::atan2(glm::dot(xAxis, a2), glm::dot(xAxis, a1));
}

}  // namespace

void drawEmitter(const EmitterDef& def, const EmitterRuntime& rt, const Transform& component,
                 DrawList& draw) {
  const ParticlePool& p = rt.pool;
  if (p.count == 0) return;
  bool local = def.space == SimulationSpace::Local;
  float spaceScale = local ? component.scale : 1.0f;
  quat spaceRot = local ? component.rotation : quat(1, 0, 0, 0);
  SpriteBatch batch;
  const std::string& tex =
      def.material.resolvedTexture.empty() ? def.material.texture : def.material.resolvedTexture;
  batch.texture = tex.empty() ? kNoTexture : draw.texture(tex);
  float k = std::clamp(def.material.alphaAdditive, 0.0f, 1.0f);
  bool additive = k >= 1.0f;
  batch.blend = additive ? BlendMode::Add : BlendMode::AlphaMultiplyAdd;
  const ShapeBuilderKind shape = def.shapeBuilder.type;
  batch.orientation =
      shape == ShapeBuilderKind::OrientedQuad ? SpriteOrientation::ParallelToDirection
      : shape == ShapeBuilderKind::Quad       ? SpriteOrientation::PerpendicularToDirection
                                              : SpriteOrientation::ScreenFacing;
  batch.sortBackToFront = def.sorting == Sorting::ByDepth;
  draw.beginBatch(batch);
  draw.reserveSprites(p.count);
  vec3 tint =
      vec3(def.material.tint.r, def.material.tint.g, def.material.tint.b) * def.material.intensity;
  bool hasSize = p.has(kFieldSize), hasColor = p.has(kFieldColor), hasRot = p.has(kFieldRotation),
       hasDir = p.has(kFieldDirection), hasQuat = p.has(kFieldQuaternion);
  const ShapeSamplers samplers(def.shapeBuilder);
  const UvBuilder& uv = def.material.uvBuilder;
  // The quad's normal: the system's up (Stride +Y) in simulation space.
  const vec3 quadNormal = strideToWorld(spaceRot * vec3(0, 1, 0));
  for (size_t i = 0; i < p.count; ++i) {
    float age = std::clamp(1.0f - p.life[i], 0.0f, 1.0f);
    float size = (hasSize ? p.size[i] : 1.0f) * samplers.sizeFactor(age) * spaceScale;
    vec4 c = hasColor ? p.color[i] : vec4(1.0f);  // premultiplied
    SpriteInstance s;
    s.position = strideToWorld(toStrideWorld(def, component, p.position[i] + samplers.offset(age)));
    s.uv = flipbookUv(uv, age);
    // The renderer measures the origin from the frame's left / top in page UVs and spans the
    // quad's height as frame height x aspect: centre it, and keep the quad's own proportions.
    const float frameW = s.uv.y - s.uv.x, frameH = s.uv.w - s.uv.z;
    s.registration = vec2(frameW, frameH) * 0.5f;
    vec3 rgb = vec3(c) * tint;
    if (additive) {
      s.color = vec4(rgb, 1.0f);
    } else {
      float f = std::clamp(c.a * (1.0f - k), 0.0f, 1.0f);
      if (f <= 1e-6f) continue;  // nothing to draw
      s.color = vec4(rgb / f, 1.0f);
      s.fade = f;
    }
    s.rotation = (hasRot ? p.rotation[i] : 0.0f) + samplers.rotationDeg(age) * kDegToRad;
    if (shape == ShapeBuilderKind::Quad) {
      s.direction = quadNormal;
      if (hasQuat) {
        quat q = spaceRot * p.quaternion[i];
        s.direction = strideToWorld(q * vec3(0, 1, 0));
        s.rotation += quadSpin(s.direction, strideToWorld(q * vec3(1, 0, 0)));
      }
    }
    if (shape == ShapeBuilderKind::OrientedQuad) {
      vec3 dir = hasDir ? p.direction[i] : vec3(0, 1, 0);
      dir = spaceRot * dir * spaceScale;
      float length = glm::length(dir) * def.shapeBuilder.lengthFactor *
                     (def.shapeBuilder.scaleLength ? size : 1.0f);
      if (!(length > 1e-6f) || !(size > 0.0f)) continue;  // a zero-length quad covers nothing
      s.direction = strideToWorld(dir);
      s.size = length;
      s.aspect = size / length;
    } else {
      if (!(size > 0.0f)) continue;
      s.size = size;
    }
    s.aspect *= frameW / frameH;
    draw.push(s);
  }
}

void drawEmitterDebug(const EmitterDef& def, const Transform& component, bool allShapes,
                      DebugDraw& debug,
                      const std::function<bool(std::string_view, vec3&)>& findObject) {
  bool local = def.space == SimulationSpace::Local;
  Transform parent = local ? Transform{} : component;
  auto toWorld = [&](vec3 p) { return strideToWorld(local ? component.apply(p) : p); };
  const vec4 kField(0.3f, 0.8f, 1.0f, 1.0f), kCollider(1.0f, 0.6f, 0.2f, 1.0f),
      kInit(0.4f, 1.0f, 0.4f, 1.0f);
  for (const auto& m : def.updaters) {
    if (!m.enabled || !updaterHasShape(m.type) || !(allShapes || m.debugDraw)) continue;
    ModuleWorld w = moduleWorld(m.transform, parent);
    drawShape(debug, m.shape, w, toWorld, m.type == UpdaterKind::Collider ? kCollider : kField);
  }
  for (const auto& m : def.initializers) {
    if (!m.enabled || !(allShapes || m.debugDraw)) continue;
    ModuleWorld w = moduleWorld(m.transform, parent);
    if (m.type == InitializerKind::Position || m.type == InitializerKind::Velocity) {
      vec3 lo = m.type == InitializerKind::Position ? m.positionMin : m.velocityMin;
      vec3 hi = m.type == InitializerKind::Position ? m.positionMax : m.velocityMax;
      vec3 centre = w.position + w.rotation * ((lo + hi) * 0.5f * w.scale);
      drawBox(debug, centre, w.rotation, (hi - lo) * 0.5f * w.scale, toWorld, kInit);
    } else if (m.type == InitializerKind::PositionArc) {
      vec3 target = m.fallbackTarget;
      vec3 found;
      if (!m.target.empty() && findObject && findObject(m.target, found))
        target = (local ? inverse(component).apply(found) : found) - w.position;
      vec3 arc = w.rotation * vec3(0, m.arcHeight, 0);
      vec3 prev = toWorld(w.position);
      for (int k = 1; k <= 24; ++k) {
        float t = float(k) / 24.0f;
        vec3 cur = toWorld(w.position + target * t + arc * std::sin(t * kPi));
        debug.line(prev, cur, kInit);
        prev = cur;
      }
    }
  }
}

}  // namespace fx::stride
