// Sprite quads, one instance per SpriteInstance (engine/core/draw_list.h), corners from
// gl_VertexID as a 4-vertex triangle strip. The basis is built in view space (reference halo
// notes §5.2); corner offsets follow §5.3: x = u - (left + reg.x), y = (reg.y + top) - v, in
// normalized UV units, scaled so the sprite's UV width spans `size` world units (size <= 0: one
// texel per screen pixel). Framebuffer fade modes (§5.6) are evaluated once at the sprite origin.
#version 330 core

layout(location = 0) in vec4 iPositionSize;       // world position, size (wu; px for flares)
layout(location = 1) in vec4 iColor;              // tint rgb, tint alpha
layout(location = 2) in vec4 iDirectionRotation;  // world direction, rotation (radians)
layout(location = 3) in vec4 iUv;                 // left, right, top, bottom
layout(location = 4) in vec4 iRegFadeAspect;      // registration x, y, fade, aspect

uniform mat4 uView;
uniform mat4 uProjection;
uniform vec2 uViewport;    // pixels
uniform vec2 uTexSize;     // primary texture pixels (actual-resolution sprites)
// Per-batch switches. The renderer compiles one variant per combination it meets with these as
// constants (FX_SPECIALIZED), so a driver that runs every branch under a mask (llvmpipe) only
// runs the one a batch takes; without FX_SPECIALIZED they are uniforms.
#ifdef FX_SPECIALIZED
#define uOrientation FX_ORIENTATION
#define uFadeMode FX_FADE_MODE
#define uScreenFlare FX_SCREEN_FLARE
#else
uniform int uOrientation;  // 0 screen facing, 1 parallel to direction, 2 perpendicular to direction
uniform int uFadeMode;     // 0 none, 1 fade when perpendicular, 2 fade when parallel
uniform bool uScreenFlare; // size in pixels, clip depth 0.99
#endif

// View-space units the depth moves toward the camera (SpriteBatch::depthOffset): only the
// depth changes, as Stride's particle ZOffset does.
uniform float uDepthOffset;

out vec2 vUv;
out vec4 vColor;
out float vFade;
out float vViewDepth;  // distance in front of the camera after the depth offset (soft edges)

// (u index, v index) per strip vertex: bottom-left, bottom-right, top-left, top-right.
const vec2 kCorner[4] = vec2[4](vec2(0.0, 1.0), vec2(1.0, 1.0), vec2(0.0, 0.0), vec2(1.0, 0.0));

vec3 anyPerpendicular(vec3 d) {
  vec3 other = abs(d.x) < 0.9 ? vec3(1.0, 0.0, 0.0) : vec3(0.0, 1.0, 0.0);
  return normalize(cross(d, other));
}

void main() {
  vec2 k = kCorner[gl_VertexID];
  float u = mix(iUv.x, iUv.y, k.x);
  float v = mix(iUv.z, iUv.w, k.y);
  vUv = vec2(u, v);
  vColor = iColor;

  vec2 local = vec2(u - (iUv.x + iRegFadeAspect.x), ((iRegFadeAspect.y + iUv.z) - v) * iRegFadeAspect.w);
  float c = cos(iDirectionRotation.w), s = sin(iDirectionRotation.w);
  local = vec2(c * local.x - s * local.y, s * local.x + c * local.y);

  vec3 origin = (uView * vec4(iPositionSize.xyz, 1.0)).xyz;
  float uvWidth = max(abs(iUv.y - iUv.x), 1e-6);
  float size = iPositionSize.w;
  float fade = iRegFadeAspect.z;

  if (uScreenFlare) {
    vec4 clip = uProjection * vec4(origin, 1.0);
    float pixels = size > 0.0 ? size / uvWidth : uTexSize.x;
    vec2 ndc = clip.xy / max(clip.w, 1e-6) + local * pixels * 2.0 / uViewport;
    gl_Position = clip.w > 0.0 ? vec4(ndc, 0.99, 1.0) : vec4(0.0, 0.0, 2.0, 1.0);
    vFade = fade;
    vViewDepth = 0.0;
    return;
  }

  float scale;
  if (size > 0.0) {
    scale = size / uvWidth;
  } else {
    // World units per pixel at this view depth, times the page width in texels.
    float depth = max(-origin.z, 1e-4);
    scale = uTexSize.x * 2.0 * depth / (uProjection[1][1] * uViewport.y);
  }

  vec3 a1 = vec3(1.0, 0.0, 0.0), a2 = vec3(0.0, 1.0, 0.0);
  if (uOrientation != 0) {
    vec3 dir = mat3(uView) * iDirectionRotation.xyz;
    vec3 worldUp = mat3(uView) * vec3(0.0, 0.0, 1.0);
    if (dot(dir, dir) < 1e-12) dir = worldUp;
    dir = normalize(dir);
    if (uOrientation == 1) {
      // x = direction; y turns about it to face the camera (right-handed view space).
      a1 = dir;
      vec3 y = cross(dir, origin);
      a2 = dot(y, y) > 1e-12 ? normalize(y) : anyPerpendicular(dir);
    } else {
      // The quad lies in the plane whose normal is the direction; world forward (+X) when the
      // direction is within ~6 degrees of up.
      vec3 x = dot(dir, worldUp) * dot(dir, worldUp) > 0.99 ? mat3(uView) * vec3(1.0, 0.0, 0.0)
                                                            : cross(worldUp, dir);
      x = x - dir * dot(x, dir);
      a1 = dot(x, x) > 1e-12 ? normalize(x) : anyPerpendicular(dir);
      a2 = cross(dir, a1);
    }
    if (uFadeMode != 0) {
      vec3 n = normalize(cross(a1, a2));
      float len = length(origin);
      float cosTheta = len > 1e-6 ? abs(dot(n, origin)) / len : 1.0;
      fade *= uFadeMode == 1 ? cosTheta : 1.0 - cosTheta;
    }
  }
  vFade = fade;
  vec3 p = origin + (local.x * a1 + local.y * a2) * scale;
  gl_Position = uProjection * vec4(p, 1.0);
  vViewDepth = -(p.z + uDepthOffset);
  if (uDepthOffset != 0.0) {
    vec4 q = uProjection * vec4(p.xy, p.z + uDepthOffset, 1.0);
    gl_Position.z = (q.w > 1e-6 ? q.z / q.w : -1.0) * gl_Position.w;
  }
}
