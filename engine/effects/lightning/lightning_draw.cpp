#include "engine/effects/lightning/lightning_draw.h"

#include <cmath>

namespace fx::lightning {

namespace {

vec3 safeNormalize(vec3 v, vec3 fallback) {
  float len = glm::length(v);
  return len > 1e-6f ? v / len : fallback;
}

}  // namespace

void quadCorners(const Look& look, const Aim& aim, const View& view, vec3 out[4]) {
  float half = 0.5f * look.width;
  if (look.placement == Placement::Billboard) {
    // Camera-facing square; UV (0,0) is the texture's top-left.
    vec3 r = view.right * half, u = view.up * half;
    out[0] = aim.source - r + u;
    out[1] = aim.source + r + u;
    out[2] = aim.source + r - u;
    out[3] = aim.source - r - u;
    return;
  }
  // Segment: u runs from the source toward the target over `length`; the quad turns about that
  // axis to face the camera (v = 0 on the side toward the screen's up).
  vec3 axis = aim.hasTarget ? safeNormalize(aim.target - aim.source, aim.forward) : aim.forward;
  axis = safeNormalize(axis, vec3(1, 0, 0));
  vec3 end = aim.source + axis * look.length;
  vec3 toEye = view.eye - (aim.source + end) * 0.5f;
  vec3 side = glm::cross(axis, toEye);
  if (glm::length(side) < 1e-6f) side = glm::cross(axis, view.up);
  side = safeNormalize(side, view.up);
  if (glm::dot(side, view.up) < 0.0f) side = -side;
  out[0] = aim.source + side * half;
  out[1] = end + side * half;
  out[2] = end - side * half;
  out[3] = aim.source - side * half;
}

void collectQuad(const Definition& def, State state, const ShaderParams& params, const Aim& aim,
                 const View& view, const DebugFlags& flags, DrawList& draw, DebugDraw& debug) {
  const Look& look = def.look(state);
  ShaderQuad q;
  q.shader = "lightning";
  q.blend = BlendMode::AlphaBlend;  // color = vec4(GLOW_COLOUR + bolt, glow): alpha is the glow
  quadCorners(look, aim, view, q.corners);
  appendUniforms(params, q.uniforms);
  if (params.mode == ShaderMode::Iteration4) {
    const std::string& path = look.resolvedTexture.empty() ? look.texture : look.resolvedTexture;
    q.textures.push_back({kSamplerName, draw.texture(path)});
  }
  draw.shaderQuads.push_back(std::move(q));

  if (flags.paths) {
    const ShaderQuad& placed = draw.shaderQuads.back();
    debug.polyline(placed.corners, 4, vec4(0.4f, 0.8f, 1.0f, 0.6f), true);
    if (aim.hasTarget) {
      debug.line(aim.source, aim.target, vec4(1.0f, 1.0f, 0.3f, 0.8f));
      debug.point(aim.target, vec4(1.0f, 1.0f, 0.3f, 1.0f), 6.0f);
    }
    debug.label(aim.source, stateName(state), vec4(0.7f, 0.9f, 1.0f, 1.0f));
  }
}

}  // namespace fx::lightning
