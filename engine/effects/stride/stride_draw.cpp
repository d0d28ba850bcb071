// Shape builders (billboard, oriented quad, quad) with their draw-time samplers and the flipbook
// UVs into the DrawList, ribbons, trails and hexagons as strip batches (stride_ribbon.h), in the
// sorter's order (stride_sort.h), and the modules' debug wireframes.
#include <algorithm>
#include <cmath>

#include "engine/effects/stride/stride_emitter.h"
#include "engine/effects/stride/stride_ribbon.h"
#include "engine/effects/stride/stride_shapes.h"
#include "engine/effects/stride/stride_sort.h"

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

TextureId materialTexture(const EmitterDef& def, DrawList& draw) {
  const std::string& tex =
      def.material.resolvedTexture.empty() ? def.material.texture : def.material.resolvedTexture;
  return tex.empty() ? kNoTexture : draw.texture(tex);
}

// The camera's back axis (right x up) in simulation space: Stride's depth sort vector.
vec3 depthAxis(const EmitterDef& def, const Transform& component, const View& view) {
  vec3 back = worldToStride(-view.forward);
  if (def.space == SimulationSpace::Local) back = glm::inverse(component.rotation) * back;
  return back;
}

// The draw order of the pool; null for pool order (sprites sorted by depth are sorted by the
// renderer, unless `always` asks for an order in every case).
const uint32_t* drawOrder(const EmitterDef& def, const EmitterRuntime& rt,
                          const Transform& component, const View& view, bool always) {
  Sorting policy = def.sorting;
  if (policy == Sorting::ByDepth && !always) policy = Sorting::None;
  if (policy == Sorting::ByOrder && !rt.pool.has(kFieldOrder)) policy = Sorting::None;
  if (policy == Sorting::None && !always) return nullptr;
  sortParticles(policy, rt.pool, depthAxis(def, component, view), rt.drawScratch.order,
                rt.drawScratch.sort);
  return rt.drawScratch.order.data();
}

// A material with colour operations draws through a colour program: its steps over the texture
// sample (the vertex colour being the particle's premultiplied colour), then x tint x intensity,
// then alpha x (1 - alpha_additive) (Stride scales only the alpha: 1 adds).
ColorProgram colorProgram(const Material& m, DrawList& draw) {
  ColorProgram program;
  if (m.colorOps.empty()) return program;
  if (!m.secondTexture.empty()) {
    program.texture2 =
        draw.texture(m.resolvedSecondTexture.empty() ? m.secondTexture : m.resolvedSecondTexture);
    // Channel 0 is the particle's UV; particles carry no other (Stride reads zeros).
    const vec2 scale = m.secondTextureChannel == 0 ? m.secondTextureScale : vec2(0.0f);
    program.texture2Transform =
        vec4(scale.x, scale.y, m.secondTextureOffset.x, m.secondTextureOffset.y);
  }
  for (const MaterialColorOp& op : m.colorOps) {
    ColorStep step;
    step.op = op.op;
    step.operand = op.operand == ColorOperandKind::ParticleColor   ? ColorOperand::VertexColor
                   : op.operand == ColorOperandKind::SecondTexture ? ColorOperand::Texture2
                   : op.operand == ColorOperandKind::Texture       ? ColorOperand::Sample
                   : op.operand == ColorOperandKind::Saved         ? ColorOperand::Saved
                                                                   : ColorOperand::Constant;
    step.action = op.action == ColorStepAction::Load   ? ColorAction::Load
                  : op.action == ColorStepAction::Push ? ColorAction::Push
                                                       : ColorAction::Apply;
    step.operandIsBack = op.operandIsLeft;
    step.constant = op.value.vec();
    if (!program.push(step)) break;
  }
  const float k = std::clamp(m.alphaAdditive, 0.0f, 1.0f);
  const ColorStep tint{
      .op = ColorOp::Multiply,
      .constant = vec4(m.tint.r, m.tint.g, m.tint.b, 1.0f) * vec4(vec3(m.intensity), 1.0f)};
  const ColorStep additive{.op = ColorOp::Multiply, .constant = vec4(1.0f, 1.0f, 1.0f, 1.0f - k)};
  program.count = std::min(program.count, kMaxColorSteps - 2);
  program.push(tint);
  program.push(additive);
  return program;
}

TextureWrap wrapOf(TextureAddress a) {
  switch (a) {
    case TextureAddress::Mirror:
      return TextureWrap::Mirror;
    case TextureAddress::Clamp:
      return TextureWrap::Clamp;
    case TextureAddress::Border:
      return TextureWrap::Border;
    case TextureAddress::MirrorOnce:
      return TextureWrap::MirrorOnce;
    case TextureAddress::Wrap:
      break;
  }
  return TextureWrap::Repeat;
}

// Where the texture is sampled: the particle's UV x texture_scale + texture_offset.
vec4 primaryTransform(const Material& m) {
  return vec4(m.textureScale.x, m.textureScale.y, m.textureOffset.x, m.textureOffset.y);
}

// The strip batch of a ribbon, trail or hexagon emitter: premultiplied colours, alpha 0 adds.
StripBatch stripBatch(const EmitterDef& def, DrawList& draw) {
  StripBatch batch;
  batch.texture = materialTexture(def, draw);
  batch.blend = BlendMode::AlphaMultiplyAdd;
  batch.depthOffset = def.material.zOffset;
  batch.softDistance = std::max(def.material.softEdgeDistance, 0.0f);
  batch.colorProgram = colorProgram(def.material, draw);
  batch.primaryTransform = primaryTransform(def.material);
  batch.wrapU = wrapOf(def.material.addressU);
  batch.wrapV = wrapOf(def.material.addressV);
  return batch;
}

// The k-th drawn particle's strip colour: particle colour x tint, alpha scaled by 1 - additive.
void stripColours(const EmitterDef& def, const ParticlePool& p, const uint32_t* order,
                  std::vector<vec4>& colours) {
  const float k = std::clamp(def.material.alphaAdditive, 0.0f, 1.0f);
  const vec3 tint =
      vec3(def.material.tint.r, def.material.tint.g, def.material.tint.b) * def.material.intensity;
  const bool program = !def.material.colorOps.empty();  // the program applies tint and k
  colours.resize(p.count);
  for (size_t n = 0; n < p.count; ++n) {
    vec4 c = p.has(kFieldColor) ? p.color[order[n]] : vec4(1.0f);  // premultiplied
    colours[n] =
        program ? c
                : vec4(vec3(c) * tint, k >= 1.0f ? 0.0f : std::clamp(c.a * (1.0f - k), 0.0f, 1.0f));
  }
}

// The UV builder over each particle's quads (Stride transforms a ribbon's coordinates per
// segment): `perParticle` vertices from `first` belong to each drawn particle in turn.
void applyUvBuilder(const EmitterDef& def, const ParticlePool& p, const uint32_t* order,
                    size_t first, size_t perParticle, std::vector<StripVertex>& vertices) {
  const UvBuilder& uv = def.material.uvBuilder;
  if (uv.type == UvBuilderKind::None) return;
  for (size_t n = 0; n < p.count && first + (n + 1) * perParticle <= vertices.size(); ++n) {
    const vec4 rect = flipbookUv(uv, std::clamp(1.0f - p.life[order[n]], 0.0f, 1.0f));
    for (size_t v = first + n * perParticle; v < first + (n + 1) * perParticle; ++v)
      vertices[v].uv = uvInRect(rect, vertices[v].uv);
  }
}

// Ribbons, trails and hexagons: one strip batch of the emitter's particles in draw order.
void drawStripShapes(const EmitterDef& def, const EmitterRuntime& rt, const Transform& component,
                     const View& view, DrawList& draw) {
  const ParticlePool& p = rt.pool;
  const uint32_t* order = drawOrder(def, rt, component, view, true);
  std::vector<vec4>& colours = rt.drawScratch.colours;
  stripColours(def, p, order, colours);
  RibbonCamera cam{view.right, view.up, view.viewProjection};
  draw.beginStrips(stripBatch(def, draw));
  if (def.shapeBuilder.type == ShapeBuilderKind::Hexagon) {
    buildHexagons(def, p, order, p.count, component, cam, colours.data(), draw.stripVertices);
  } else {
    const size_t first = draw.stripVertices.size();
    buildStrips(def, p, order, p.count, component, cam, colours.data(), rt.drawScratch.ribbon,
                draw.stripVertices);
    applyUvBuilder(def, p, order, first, size_t(quadsPerParticle(def.shapeBuilder)) * 4,
                   draw.stripVertices);
  }
  draw.endStrips();
}

// The sprite batch of a billboard, oriented quad or quad emitter.
SpriteBatch spriteBatch(const EmitterDef& def, DrawList& draw) {
  SpriteBatch batch;
  batch.texture = materialTexture(def, draw);
  batch.colorProgram = colorProgram(def.material, draw);
  const bool additive = def.material.alphaAdditive >= 1.0f && batch.colorProgram.count == 0;
  batch.blend = additive ? BlendMode::Add : BlendMode::AlphaMultiplyAdd;
  const ShapeBuilderKind shape = def.shapeBuilder.type;
  batch.orientation =
      shape == ShapeBuilderKind::OrientedQuad ? SpriteOrientation::ParallelToDirection
      : shape == ShapeBuilderKind::Quad       ? SpriteOrientation::PerpendicularToDirection
                                              : SpriteOrientation::ScreenFacing;
  batch.sortBackToFront = def.sorting == Sorting::ByDepth;
  // Stride samples with the material's address modes (Wrap unless the asset says otherwise):
  // scrolled and scaled UVs repeat, mirror or stop at the edge as they say.
  batch.wrapU = wrapOf(def.material.addressU);
  batch.wrapV = wrapOf(def.material.addressV);
  batch.depthOffset = def.material.zOffset;
  batch.softDistance = std::max(def.material.softEdgeDistance, 0.0f);
  batch.primaryTransform = primaryTransform(def.material);
  return batch;
}

}  // namespace

void drawEmitter(const EmitterDef& def, const EmitterRuntime& rt, const Transform& component,
                 DrawList& draw, const View& view) {
  const ParticlePool& p = rt.pool;
  if (p.count == 0) return;
  const ShapeBuilderKind shape = def.shapeBuilder.type;
  if (shape == ShapeBuilderKind::Ribbon || shape == ShapeBuilderKind::Trail ||
      shape == ShapeBuilderKind::Hexagon) {
    drawStripShapes(def, rt, component, view, draw);
    return;
  }
  bool local = def.space == SimulationSpace::Local;
  float spaceScale = local ? component.scale : 1.0f;
  quat spaceRot = local ? component.rotation : quat(1, 0, 0, 0);
  const SpriteBatch& batch = draw.beginBatch(spriteBatch(def, draw));
  const float k = std::clamp(def.material.alphaAdditive, 0.0f, 1.0f);
  const bool program = batch.colorProgram.count > 0;  // colour, tint and k in the program
  const bool additive = batch.blend == BlendMode::Add;
  draw.reserveSprites(p.count);
  vec3 tint =
      vec3(def.material.tint.r, def.material.tint.g, def.material.tint.b) * def.material.intensity;
  bool hasSize = p.has(kFieldSize), hasColor = p.has(kFieldColor), hasRot = p.has(kFieldRotation),
       hasDir = p.has(kFieldDirection), hasQuat = p.has(kFieldQuaternion);
  const ShapeSamplers samplers(def.shapeBuilder);
  const UvBuilder& uv = def.material.uvBuilder;
  // The quad's normal: the system's up (Stride +Y) in simulation space.
  const vec3 quadNormal = strideToWorld(spaceRot * vec3(0, 1, 0));
  const uint32_t* order = drawOrder(def, rt, component, view, false);
  for (size_t n = 0; n < p.count; ++n) {
    const size_t i = order ? order[n] : n;
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
    if (program) {
      s.color = c;
    } else if (additive) {
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
      if (hasQuat || samplers.quaternion) {
        // Stride writes sampled * own, but its Quaternion.Multiply(left, right) is the Hamilton
        // product right * left: the sampled rotation turns the quad first, then its own.
        quat own = hasQuat ? p.quaternion[i] : quat(1, 0, 0, 0);
        quat q = spaceRot * own * samplers.rotation3d(age);
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
    s.aspect *= std::abs(frameW) / std::max(std::abs(frameH), 1e-6f);
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
