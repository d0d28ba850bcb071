// Sprite colour and Halo's fade-to-neutral rule per blend function (reference halo notes §5.5).
// c = tex.rgb * tint.rgb (or the nonlinear tint); f = fade, or tint.a * fade for alpha-blend and
// nonlinear-tint batches, times the soft-edge fade. Each mode fades toward the value that leaves the framebuffer unchanged:
//   alpha blend: a = tex.a * f            multiply / min: rgb = c*f + (1-f)   (white)
//   double multiply: rgb = c*f + 0.5(1-f) add / subtract / max: rgb = c*f     (black)
//   alpha multiply add: rgb = c*f, a = tex.a * f (premultiplied)
#version 330 core

in vec2 vUv;
in vec4 vColor;
in float vFade;
in float vViewDepth;

uniform sampler2D uPrimary;
uniform vec4 uPrimaryTransform;  // the primary map's UV = vUv x xy + zw
uniform sampler2D uSecondary;
// Per-batch switches: constants in the renderer's specialized variants (see sprite.vert).
#ifdef FX_SPECIALIZED
#define uBlend FX_BLEND
#define uNonlinearTint FX_NONLINEAR_TINT
#define uIgnoreTextureAlpha FX_IGNORE_TEXTURE_ALPHA
#define uHasSecondary FX_HAS_SECONDARY
#define uSecondaryScreen FX_SECONDARY_SCREEN
#define SOFT_EDGES FX_SOFT
#define COLOR_PROGRAM FX_COLOR_PROGRAM
#define uSrgbTextures FX_SRGB_TEXTURES
#else
#define SOFT_EDGES (uSoftInvDistance > 0.0)
#define COLOR_PROGRAM (uColorStepCount > 0)
uniform int uBlend;  // BlendMode, tag order
uniform bool uNonlinearTint;
uniform bool uIgnoreTextureAlpha;
uniform bool uHasSecondary;
uniform bool uSecondaryScreen;       // anchored to the screen instead of the primary map
uniform bool uSrgbTextures;          // linear light: the maps hold sRGB colours (draw_list.h)
#endif
uniform vec4 uSecondaryTransform;    // u offset, v offset, rotation (radians), scale
uniform vec2 uViewport;
uniform vec2 uViewportOrigin;  // the viewport's corner in the framebuffer (split view)

#include "color_ops.glsl"

// Soft particles (SpriteBatch::softDistance): 1 / distance, or 0 for hard edges; the scene depth
// of the viewport; A = P[2][2], B = P[3][2] and 1 for a perspective projection.
uniform float uSoftInvDistance;
uniform sampler2D uSceneDepth;
uniform vec3 uDepthParams;

// smoothstep(0, 1, (scene distance - own distance) / soft distance).
float softFade() {
  vec2 at = (gl_FragCoord.xy - uViewportOrigin) / uViewport;
  float ndc = texture(uSceneDepth, at).r * 2.0 - 1.0;
  float scene = uDepthParams.z > 0.5 ? uDepthParams.y / (ndc + uDepthParams.x)
                                     : (uDepthParams.y - ndc) / uDepthParams.x;
  return smoothstep(0.0, 1.0, (scene - vViewDepth) * uSoftInvDistance);
}

// Largest colour a draw may write: 1 clamps as an 8-bit target would; above 1 keeps HDR colour
// (the renderer raises it while bloom is on).
uniform float uOutputMax;
out vec4 outColor;

void main() {
  vec4 t = mapSample(uPrimary, vUv * uPrimaryTransform.xy + uPrimaryTransform.zw);
  if (uIgnoreTextureAlpha) t.a = 1.0;
  if (uHasSecondary) {
    vec2 base = uSecondaryScreen ? vec2((gl_FragCoord.x - uViewportOrigin.x) / uViewport.x,
                                     1.0 - (gl_FragCoord.y - uViewportOrigin.y) / uViewport.y) : vUv;
    float c = cos(uSecondaryTransform.z), s = sin(uSecondaryTransform.z);
    vec2 q = base * uSecondaryTransform.w;
    q = vec2(c * q.x - s * q.y, s * q.x + c * q.y) + uSecondaryTransform.xy;
    t *= mapSample(uSecondary, q);
  }
  vec3 tint = vColor.rgb;
  bool program = COLOR_PROGRAM;
  if (program) {  // the program replaces texture x tint (draw_list.h ColorProgram)
    t = runColorProgram(t, vColor, vUv);
    tint = vec3(1.0);
  }
  vec3 t4 = t.rgb * t.rgb * t.rgb * t.rgb;
  vec3 col = uNonlinearTint ? tint * t.rgb + (1.0 - tint) * t4 : tint * t.rgb;
  float f = (uBlend == 0 || uNonlinearTint) && !program ? vColor.a * vFade : vFade;
  f = clamp(f, 0.0, 1.0);
  if (SOFT_EDGES) f *= softFade();
  if (uBlend == 0) {
    outColor = vec4(col, t.a * f);
  } else if (uBlend == 1 || uBlend == 5) {
    outColor = vec4(col * f + (1.0 - f), 1.0);
  } else if (uBlend == 2) {
    outColor = vec4(col * f + 0.5 * (1.0 - f), 1.0);
  } else if (uBlend == 7) {
    outColor = vec4(col * f, t.a * f);
  } else {
    outColor = vec4(col * f, 1.0);
  }
  outColor.rgb = clamp(outColor.rgb, vec3(0.0), vec3(uOutputMax));
}
