// The overdraw view's shader quads: the renderer's quad vertex contract (renderer.h: world-space
// corners) projected, whatever the quad's own shader does with its fragments.
#version 330 core

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec2 aUv;

uniform mat4 uViewProjection;

void main() { gl_Position = uViewProjection * vec4(aPosition, 1.0); }
