// Test shader for ShaderQuad: uniform colour times a sampler, plus u in red when uGradient = 1.
#version 330 core
in vec2 vUv;
uniform vec3 uColor;
uniform float uGradient;
uniform sampler2D uTexture;
out vec4 outColor;
void main() {
  vec3 c = uColor * texture(uTexture, vUv).rgb;
  c.r = mix(c.r, vUv.x, uGradient);
  outColor = vec4(c, 1.0);
}
