// The end of an HDR frame: the floating-point picture x the exposure (plus the blurred bloom when
// on) clamped to [0, 1] into the 8-bit framebuffer. Colours that never left [0, 1] come out as
// they went in at exposure 1. Alpha is 1, or the frame's coverage in a transparent capture.
#version 330 core

in vec2 vUv;
uniform sampler2D uHdr;
uniform sampler2D uBloom;
uniform float uBloomStrength;  // 0 = bloom off
uniform float uExposure;       // BloomSettings::exposure
uniform bool uKeepAlpha;       // a transparent capture (Renderer::setTransparent)
out vec4 fragColor;

void main() {
  vec4 frame = texelFetch(uHdr, ivec2(gl_FragCoord.xy), 0);
  vec3 c = frame.rgb * uExposure;
  if (uBloomStrength > 0.0) c += texture(uBloom, vUv).rgb * uBloomStrength;
  fragColor = vec4(clamp(c, 0.0, 1.0), uKeepAlpha ? clamp(frame.a, 0.0, 1.0) : 1.0);
}
