// Bloom, pass 1: the part of each HDR channel above uThreshold, at half resolution (the bilinear
// fetch at the half-res texel centre averages 2x2 full-res pixels), after the exposure. A soft
// knee uKnee > 0 eases it in: (x - t + k)^2 / 4k between t - k and t + k, then x - t.
#version 330 core

in vec2 vUv;
uniform sampler2D uHdr;
uniform float uThreshold;
uniform float uKnee;      // soft knee width (threshold x soft knee); 0 = hard
uniform float uExposure;  // the frame's multiplier (BloomSettings::exposure)
out vec4 fragColor;

void main() {
  vec3 c = texture(uHdr, vUv).rgb * uExposure;
  vec3 hard = max(c - vec3(uThreshold), vec3(0.0));
  if (uKnee > 0.0) {
    vec3 q = clamp(c - vec3(uThreshold - uKnee), vec3(0.0), vec3(2.0 * uKnee));
    hard = max(hard, q * q / (4.0 * uKnee));
  }
  fragColor = vec4(hard, 1.0);
}
