// Shape builders (billboard, oriented quad, quad) with their draw-time samplers and the flipbook
// UVs into the DrawList, ribbons, trails and hexagons as strip batches (stride_ribbon.h), in the
// sorter's order (stride_sort.h), and the modules' debug wireframes.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "engine/effects/stride/stride_emitter.h"
#include "engine/effects/stride/stride_ribbon.h"
#include "engine/effects/stride/stride_shapes.h"
#include "engine/effects/stride/stride_sort.h"

namespace fx::stride {

namespace {

// sRGB-encoded to linear (Stride's MathUtil.SRgbToLinear, the curve continued above 1).
float srgbToLinear(float c) {
  return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}
vec3 srgbToLinear(vec3 c) {
  return {srgbToLinear(c.x), srgbToLinear(c.y), srgbToLinear(c.z)};
}

// A ComputeColor constant as the shader sees it: ToColorSpace converts it to linear light in a
// Linear project (ComputeColor.GenerateShaderSource); alpha is not a colour.
vec4 toColorSpace(vec4 c, bool linear) {
  return linear ? vec4(srgbToLinear(vec3(c)), c.a) : c;
}

// The particle's colour as its vertex carries it: Color4.ToRgba packs each channel as
// (uint)(c x 255) & 255 (ParticleMaterialSimple.PatchVertexBuffer), so 1.2 wraps to 0.2 and a
// value between two steps truncates. Not converted to linear light (UNorm, not sRGB).
float packChannel(float c) {
  if (!std::isfinite(c)) return 0.0f;
  const double v = std::clamp(double(c) * 255.0, -4.0e18, 4.0e18);
  return float(int64_t(v) & 255) / 255.0f;
}
vec4 packColor(vec4 c) {
  return {packChannel(c.r), packChannel(c.g), packChannel(c.b), packChannel(c.a)};
}

// How an emitter's material colours a particle (Stride's ParticleBase.PSMain: ColorScale x the
// emissive tree, then alpha x (1 - alpha_additive)); the tint is the component colour x the
// tree's constants, x intensity, in the batch's colour space.
struct MaterialLook {
  vec3 tint{1.0f};
  float tintAlpha = 1.0f;
  float keep = 1.0f;  // 1 - alpha_additive: the alpha kept (0 adds)
  bool particleColor = true;
  bool linear = false;
};

MaterialLook materialLook(const Material& m, ColorSpace space) {
  MaterialLook look;
  look.linear = space == ColorSpace::Linear;
  look.tint = vec3(m.tint.r, m.tint.g, m.tint.b) * m.intensity;
  if (look.linear) look.tint = srgbToLinear(look.tint);
  look.tintAlpha = std::max(m.tint.a, 0.0f);
  look.keep = 1.0f - std::clamp(m.alphaAdditive, 0.0f, 1.0f);
  look.particleColor = m.particleColor || !m.colorOps.empty();
  return look;
}

// The vertex colour of particle i: its packed colour, or white where the material's tree has no
// vertex stream.
vec4 vertexColour(const MaterialLook& look, const ParticlePool& p, uint32_t i) {
  if (!look.particleColor || !p.has(kFieldColor)) return vec4(1.0f);
  return packColor(p.color[i]);
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

// Every Stride batch draws through a colour program, as Stride's shader computes its emissive
// tree: the material's colour operations over the texture sample, or without them the texture x
// the vertex colour (ComputeVertexStreamColor) when the tree has it; then x the tint (rgb and
// alpha) and alpha x (1 - alpha_additive). With the premultiplied blend an alpha of 0 adds.
ColorProgram colorProgram(const Material& m, const MaterialLook& look, DrawList& draw) {
  ColorProgram program;
  if (m.colorOps.empty() && look.particleColor)
    program.push({.op = ColorOp::Multiply, .operand = ColorOperand::VertexColor});
  if (!m.secondTexture.empty() && !m.colorOps.empty()) {
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
    step.constant = toColorSpace(op.value.vec(), look.linear);
    if (!program.push(step)) break;
  }
  const ColorStep tint{.op = ColorOp::Multiply, .constant = vec4(look.tint, look.tintAlpha)};
  const ColorStep additive{.op = ColorOp::Multiply, .constant = vec4(1.0f, 1.0f, 1.0f, look.keep)};
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
StripBatch stripBatch(const EmitterDef& def, const MaterialLook& look, DrawList& draw) {
  StripBatch batch;
  batch.linearLight = look.linear;
  batch.texture = materialTexture(def, draw);
  batch.blend = BlendMode::AlphaMultiplyAdd;
  batch.depthOffset = def.material.zOffset;
  batch.softDistance = std::max(def.material.softEdgeDistance, 0.0f);
  batch.colorProgram = colorProgram(def.material, look, draw);
  batch.primaryTransform = primaryTransform(def.material);
  batch.wrapU = wrapOf(def.material.addressU);
  batch.wrapV = wrapOf(def.material.addressV);
  return batch;
}

// The k-th drawn particle's vertex colour.
void stripColours(const MaterialLook& look, const ParticlePool& p, const uint32_t* order,
                  std::vector<vec4>& colours) {
  colours.resize(p.count);
  for (size_t n = 0; n < p.count; ++n) colours[n] = vertexColour(look, p, order[n]);
}

// The UV builder over a ribbon's or trail's quads, `perParticle` vertices from `first` for each
// drawn particle. A flipbook transforms each particle's vertices (UVBuilderFlipbook: per
// particle); a scroll transforms each vertex segment (UVBuilderScroll:
// TransformAttributePerSegment), the particle's vertex run (segmentOf), so it runs on along it.
void applyUvBuilder(const EmitterDef& def, const ParticlePool& p, const uint32_t* order,
                    size_t first, size_t perParticle, std::vector<StripVertex>& vertices) {
  const UvBuilder& uv = def.material.uvBuilder;
  if (uv.type == UvBuilderKind::None || p.count == 0 || perParticle == 0) return;
  const size_t q = perParticle / 4,
               total = std::min(vertices.size() - first, p.count * perParticle);
  const bool perSegment = uv.type == UvBuilderKind::Scroll;
  size_t at = SIZE_MAX;  // the particle `rect` belongs to: one rectangle per run of vertices
  vec4 rect(0.0f);
  for (size_t v = 0; v < total; ++v) {
    const size_t n = perSegment ? segmentOf(v, q, p.count) : v / perParticle;
    if (n != at) rect = flipbookUv(uv, std::clamp(1.0f - p.life[order[at = n]], 0.0f, 1.0f));
    vertices[first + v].uv = uvInRect(rect, vertices[first + v].uv);
  }
}

// Ribbons, trails, hexagons, oriented quads and quads: one strip batch of the emitter's
// particles in draw order.
void drawStripShapes(const EmitterDef& def, const EmitterRuntime& rt, const Transform& component,
                     const View& view, const MaterialLook& look, DrawList& draw) {
  const ParticlePool& p = rt.pool;
  const uint32_t* order = drawOrder(def, rt, component, view, true);
  std::vector<vec4>& colours = rt.drawScratch.colours;
  draw.beginStrips(stripBatch(def, look, draw));
  stripColours(look, p, order, colours);
  RibbonCamera cam{view.right, view.up, view.viewProjection};
  const ShapeBuilderKind shape = def.shapeBuilder.type;
  if (shape == ShapeBuilderKind::Hexagon) {
    buildHexagons(def, p, order, p.count, component, cam, colours.data(), draw.stripVertices);
  } else if (shape == ShapeBuilderKind::OrientedQuad || shape == ShapeBuilderKind::Quad) {
    buildQuads(def, p, order, p.count, component, cam, colours.data(), draw.stripVertices);
  } else {
    const size_t first = draw.stripVertices.size();
    buildStrips(def, p, order, p.count, component, cam, colours.data(), rt.drawScratch.ribbon,
                draw.stripVertices);
    applyUvBuilder(def, p, order, first, size_t(quadsPerParticle(def.shapeBuilder)) * 4,
                   draw.stripVertices);
  }
  draw.endStrips();
}

// The sprite batch of a billboard emitter.
SpriteBatch spriteBatch(const EmitterDef& def, const MaterialLook& look, DrawList& draw) {
  SpriteBatch batch;
  batch.texture = materialTexture(def, draw);
  batch.colorProgram = colorProgram(def.material, look, draw);
  batch.blend = BlendMode::AlphaMultiplyAdd;
  batch.orientation = SpriteOrientation::ScreenFacing;
  batch.sortBackToFront = def.sorting == Sorting::ByDepth;
  // Stride samples with the material's address modes (Wrap unless the asset says otherwise):
  // scrolled and scaled UVs repeat, mirror or stop at the edge as they say.
  batch.wrapU = wrapOf(def.material.addressU);
  batch.wrapV = wrapOf(def.material.addressV);
  batch.depthOffset = def.material.zOffset;
  batch.softDistance = std::max(def.material.softEdgeDistance, 0.0f);
  batch.primaryTransform = primaryTransform(def.material);
  batch.linearLight = look.linear;
  return batch;
}

// One billboard (ShapeBuilderBillboard.BuildVertexBuffer): camera-facing, size x size, turned by
// the rotation field plus the sampler, "positive value means clockwise" (the renderer turns
// counter-clockwise, so the angle is negated). False: nothing to draw.
bool billboard(const EmitterDef& def, const ParticlePool& p, uint32_t i, const Transform& component,
               const ShapeSamplers& samplers, vec4 colour, SpriteInstance& s) {
  const bool local = def.space == SimulationSpace::Local;
  const float age = std::clamp(1.0f - p.life[i], 0.0f, 1.0f);
  const float size = (p.has(kFieldSize) ? p.size[i] : 1.0f) * samplers.sizeFactor(age) *
                     (local ? component.scale : 1.0f);
  if (!(size > 0.0f)) return false;
  s.position = strideToWorld(toStrideWorld(def, component, p.position[i] + samplers.offset(age)));
  s.uv = flipbookUv(def.material.uvBuilder, age);
  // The renderer measures the origin from the frame's left / top in page UVs and spans the quad's
  // height as frame height x aspect: centre it, and keep the quad square.
  const float frameW = s.uv.y - s.uv.x, frameH = s.uv.w - s.uv.z;
  s.registration = vec2(frameW, frameH) * 0.5f;
  s.color = colour;
  s.rotation =
      -((p.has(kFieldRotation) ? p.rotation[i] : 0.0f) + samplers.rotationDeg(age) * kDegToRad);
  s.size = size;
  s.aspect = std::abs(frameW) / std::max(std::abs(frameH), 1e-6f);
  return true;
}

}  // namespace

void drawEmitter(const EmitterDef& def, const EmitterRuntime& rt, const Transform& component,
                 DrawList& draw, const View& view, ColorSpace space) {
  const ParticlePool& p = rt.pool;
  if (p.count == 0) return;
  const MaterialLook look = materialLook(def.material, space);
  if (def.shapeBuilder.type != ShapeBuilderKind::Billboard) {
    drawStripShapes(def, rt, component, view, look, draw);
    return;
  }
  draw.beginBatch(spriteBatch(def, look, draw));
  draw.reserveSprites(p.count);
  const ShapeSamplers samplers(def.shapeBuilder);
  const uint32_t* order = drawOrder(def, rt, component, view, false);
  for (size_t n = 0; n < p.count; ++n) {
    const uint32_t i = order ? order[n] : uint32_t(n);
    SpriteInstance s;
    if (billboard(def, p, i, component, samplers, vertexColour(look, p, i), s)) draw.push(s);
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
