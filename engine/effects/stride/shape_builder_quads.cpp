// The oriented quad and quad shape builders (stride_ribbon.h buildQuads): one quad per particle
// in the emitter's strip batch, built as Stride builds its vertices, so V and the quad's axes are
// Stride's whatever the renderer's sprite conventions.
#include <algorithm>
#include <cmath>

#include "engine/effects/stride/stride_emitter.h"
#include "engine/effects/stride/stride_modules.h"
#include "engine/effects/stride/stride_ribbon.h"

namespace fx::stride {

namespace {

// Stride's Vector3.Normalize: unchanged below its zero tolerance.
vec3 normalizeOrKeep(vec3 v) {
  const float l = glm::length(v);
  return l > 1e-6f ? v / l : v;
}

// The half axes (Stride space) of particle i's oriented quad (ShapeBuilderOrientedQuad).
void orientedAxes(const EmitterDef& def, const ParticlePool& p, uint32_t i, float size,
                  const quat& spaceRot, float spaceScale, vec3 viewX, vec3 viewY, vec3& x,
                  vec3& y) {
  vec3 offset = p.has(kFieldDirection) ? p.direction[i] : vec3(0.0f, 1.0f, 0.0f);
  offset = spaceRot * offset * spaceScale;
  const vec3 viewZ = normalizeOrKeep(glm::cross(viewX, viewY));
  const vec3 axis = normalizeOrKeep(offset - viewZ * glm::dot(offset, viewZ));
  x = normalizeOrKeep(viewX * glm::dot(axis, viewY) - viewY * glm::dot(axis, viewX)) *
      (size * 0.5f);
  const ShapeBuilder& b = def.shapeBuilder;
  y = offset * (b.lengthFactor * (b.scaleLength ? size : 1.0f) * 0.5f);
}

// The half axes (Stride space) of particle i's quad (ShapeBuilderQuad): Stride writes
// sampled * own, and its Quaternion.Multiply(left, right) is the Hamilton product right * left,
// so the sampled rotation turns the quad first, then its own.
void quadAxes(const ParticlePool& p, uint32_t i, float size, float age, const ShapeSamplers& s,
              const quat& spaceRot, vec3& x, vec3& y) {
  quat q = spaceRot;
  if (p.has(kFieldQuaternion) || s.quaternion)
    q = spaceRot * (p.has(kFieldQuaternion) ? p.quaternion[i] : quat(1, 0, 0, 0)) *
        s.rotation3d(age);
  x = q * vec3(size * 0.5f, 0.0f, 0.0f);
  y = q * vec3(0.0f, 0.0f, size * 0.5f);
}

}  // namespace

void buildQuads(const EmitterDef& def, const ParticlePool& p, const uint32_t* drawOrder, size_t n,
                const Transform& component, const RibbonCamera& cam, const vec4* colours,
                std::vector<StripVertex>& vertices) {
  const bool local = def.space == SimulationSpace::Local;
  const float spaceScale = local ? component.scale : 1.0f;
  const quat spaceRot = local ? component.rotation : quat(1, 0, 0, 0);
  const bool oriented = def.shapeBuilder.type == ShapeBuilderKind::OrientedQuad;
  const ShapeSamplers samplers(def.shapeBuilder);
  const vec3 viewX = worldToStride(cam.right), viewY = worldToStride(cam.up);
  const size_t first = vertices.size();
  vertices.resize(first + n * 4);
  StripVertex* out = vertices.data() + first;
  const vec2 uv[4] = {{0.0f, 0.0f}, {1.0f, 0.0f}, {1.0f, 1.0f}, {0.0f, 1.0f}};
  for (size_t k = 0; k < n; ++k, out += 4) {
    const uint32_t i = drawOrder ? drawOrder[k] : uint32_t(k);
    const float age = std::clamp(1.0f - p.life[i], 0.0f, 1.0f);
    const float size =
        (p.has(kFieldSize) ? p.size[i] : 1.0f) * samplers.sizeFactor(age) * spaceScale;
    const vec3 centre = toStrideWorld(def, component, p.position[i] + samplers.offset(age));
    vec3 x, y;
    if (oriented)
      orientedAxes(def, p, i, size, spaceRot, spaceScale, viewX, viewY, x, y);
    else
      quadAxes(p, i, size, age, samplers, spaceRot, x, y);
    const vec3 corners[4] = {centre - x + y, centre + x + y, centre + x - y, centre - x - y};
    const vec4 rect = flipbookUv(def.material.uvBuilder, age);
    for (int c = 0; c < 4; ++c)
      out[c] = StripVertex(strideToWorld(corners[c]), uvInRect(rect, uv[c]), colours[k]);
  }
}

}  // namespace fx::stride
