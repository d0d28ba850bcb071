// Strip batches (DrawList::strips): world-space triangles with their own UVs and premultiplied
// colour (Stride ribbons and trails).
#version 330 core

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec2 aUv;
layout(location = 2) in vec4 aColor;

uniform mat4 uViewProjection;

out vec2 vUv;
out vec4 vColor;

void main() {
  vUv = aUv;
  vColor = aColor;
  gl_Position = uViewProjection * vec4(aPosition, 1.0);
}
