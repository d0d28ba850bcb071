// Bloom, pass 1: the part of each HDR pixel above uThreshold, at half resolution (the bilinear
// fetch at the half-res texel centre averages 2x2 full-res pixels).
#version 330 core

in vec2 vUv;
uniform sampler2D uHdr;
uniform float uThreshold;
out vec4 fragColor;

void main() {
  vec3 c = texture(uHdr, vUv).rgb;
  fragColor = vec4(max(c - vec3(uThreshold), vec3(0.0)), 1.0);
}
