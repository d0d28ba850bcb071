// The end of an HDR frame: the floating-point picture (plus the blurred bloom when on) clamped
// to [0, 1] into the 8-bit framebuffer. Colours that never left [0, 1] come out as they went in.
#version 330 core

in vec2 vUv;
uniform sampler2D uHdr;
uniform sampler2D uBloom;
uniform float uBloomStrength;  // 0 = bloom off
out vec4 fragColor;

void main() {
  vec3 c = texelFetch(uHdr, ivec2(gl_FragCoord.xy), 0).rgb;
  if (uBloomStrength > 0.0) c += texture(uBloom, vUv).rgb * uBloomStrength;
  fragColor = vec4(clamp(c, 0.0, 1.0), 1.0);
}
