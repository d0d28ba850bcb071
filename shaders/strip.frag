// Strip colour: texture x vertex colour (or the batch's colour program), rgb and alpha (premultiplied: with the alpha multiply
// add blend an alpha of 0 adds, an alpha of 1 covers), times the soft-edge fade.
#version 330 core

in vec2 vUv;
in vec4 vColor;
in float vViewDepth;

uniform sampler2D uPrimary;
uniform vec4 uPrimaryTransform;  // the primary map's UV = vUv x xy + zw
// Largest colour a draw may write (see sprite.frag).
uniform float uOutputMax;
// Soft particles, as in sprite.frag.
uniform float uSoftInvDistance;
uniform sampler2D uSceneDepth;
uniform vec3 uDepthParams;
uniform vec2 uViewport;
uniform vec2 uViewportOrigin;
uniform bool uSrgbTextures;  // linear light: the maps hold sRGB colours (draw_list.h)
out vec4 outColor;

#include "color_ops.glsl"

float softFade() {
  vec2 at = (gl_FragCoord.xy - uViewportOrigin) / uViewport;
  float ndc = texture(uSceneDepth, at).r * 2.0 - 1.0;
  float scene = uDepthParams.z > 0.5 ? uDepthParams.y / (ndc + uDepthParams.x)
                                     : (uDepthParams.y - ndc) / uDepthParams.x;
  return smoothstep(0.0, 1.0, (scene - vViewDepth) * uSoftInvDistance);
}

void main() {
  vec4 t = mapSample(uPrimary, vUv * uPrimaryTransform.xy + uPrimaryTransform.zw);
  vec4 c = uColorStepCount > 0 ? runColorProgram(t, vColor, vUv) : t * vColor;
  float f = uSoftInvDistance > 0.0 ? softFade() : 1.0;
  outColor = vec4(clamp(c.rgb * f, vec3(0.0), vec3(uOutputMax)), c.a * f);
}
