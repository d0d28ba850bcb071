// Strip batches (DrawList::strips): world-space triangles with their own UVs and premultiplied
// colour (Stride ribbons, trails and hexagons). The depth offset moves only the depth toward the
// camera (StripBatch::depthOffset).
#version 330 core

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec2 aUv;
layout(location = 2) in vec4 aColor;

uniform mat4 uView;
uniform mat4 uProjection;
uniform float uDepthOffset;

out vec2 vUv;
out vec4 vColor;
out float vViewDepth;  // distance in front of the camera after the depth offset (soft edges)

void main() {
  vUv = aUv;
  vColor = aColor;
  vec4 p = uView * vec4(aPosition, 1.0);
  gl_Position = uProjection * p;
  vViewDepth = -(p.z + uDepthOffset);
  if (uDepthOffset != 0.0) {
    vec4 q = uProjection * vec4(p.xy, p.z + uDepthOffset, 1.0);
    gl_Position.z = (q.w > 1e-6 ? q.z / q.w : -1.0) * gl_Position.w;
  }
}
