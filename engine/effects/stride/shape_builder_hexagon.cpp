// The hexagon shape builder (stride_ribbon.h buildHexagons): two quads per particle in the
// emitter's strip batch, so the renderer draws them as any other quads.
#include <algorithm>
#include <cmath>

#include "engine/effects/stride/stride_emitter.h"
#include "engine/effects/stride/stride_modules.h"
#include "engine/effects/stride/stride_ribbon.h"

namespace fx::stride {

namespace {

constexpr float kSqrt3Half = 0.86602540378f;

// The eight corners (two quads) around `centre` with half axes x and y (y already x sqrt3/2).
void pushHexagon(vec3 centre, vec3 x, vec3 y, vec4 rect, vec4 colour, StripVertex* out) {
  const vec3 hx = x * 0.5f;
  const float top = 0.5f - kSqrt3Half * 0.5f;
  const vec3 corners[8] = {centre - hx + y, centre + hx + y, centre + x,      centre - x,
                           centre - x,      centre + x,      centre + hx - y, centre - hx - y};
  const vec2 uvs[8] = {{0.25f, top}, {0.75f, top}, {1.0f, 0.5f},  {0.0f, 0.5f},
                       {0.0f, 0.5f}, {1.0f, 0.5f}, {0.75f, 1.0f}, {0.25f, 1.0f}};
  for (int k = 0; k < 8; ++k) out[k] = StripVertex(corners[k], uvInRect(rect, uvs[k]), colour);
}

}  // namespace

void buildHexagons(const EmitterDef& def, const ParticlePool& p, const uint32_t* drawOrder,
                   size_t n, const Transform& component, const RibbonCamera& cam,
                   const vec4* colours, std::vector<StripVertex>& vertices) {
  const bool local = def.space == SimulationSpace::Local;
  const float spaceScale = local ? component.scale : 1.0f;
  const ShapeSamplers samplers(def.shapeBuilder);
  const bool hasSize = p.has(kFieldSize), hasRot = p.has(kFieldRotation);
  const bool hasAngle = hasRot || samplers.rotation;
  const size_t first = vertices.size();
  vertices.resize(first + n * 8);
  StripVertex* out = vertices.data() + first;
  for (size_t k = 0; k < n; ++k, out += 8) {
    const uint32_t i = drawOrder ? drawOrder[k] : uint32_t(k);
    const float age = std::clamp(1.0f - p.life[i], 0.0f, 1.0f);
    const float size = (hasSize ? p.size[i] : 1.0f) * samplers.sizeFactor(age) * spaceScale;
    vec3 centre =
        strideToWorld(toStrideWorld(def, component, p.position[i] + samplers.offset(age)));
    vec3 x = cam.right * (size * 0.5f), y = cam.up * (size * 0.5f);
    if (hasAngle) {  // positive turns clockwise on screen
      const float a = (hasRot ? p.rotation[i] : 1.0f) + samplers.rotationDeg(age) * kDegToRad;
      const float c = std::cos(a), s = std::sin(a);
      const vec3 turnedX = x * c - y * s;
      y = y * c + x * s;
      x = turnedX;
    }
    pushHexagon(centre, x, y * kSqrt3Half, flipbookUv(def.material.uvBuilder, age), colours[k],
                out);
  }
}

}  // namespace fx::stride
