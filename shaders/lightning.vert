#version 330 core
// Balloonium lightning quad: four world-space corners with UVs (0,0) (1,0) (1,1) (0,1) (the
// renderer's shader-quad inputs, engine/render/renderer.h); the fragment shader does the work.
// CPU reference: engine/effects/lightning/lightning_shader.h.

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec2 aUv;

uniform mat4 uViewProjection;

out vec2 v_uv;

void main() {
  v_uv = aUv;
  gl_Position = uViewProjection * vec4(aPosition, 1.0);
}
