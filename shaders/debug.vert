// Debug lines and points (DebugDraw): world position, colour, point size in pixels.
#version 330 core

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec4 aColor;
layout(location = 2) in float aSize;

uniform mat4 uViewProjection;

out vec4 vColor;

void main() {
  vColor = aColor;
  gl_PointSize = aSize;
  gl_Position = uViewProjection * vec4(aPosition, 1.0);
}
