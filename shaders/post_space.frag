// Re-encodes the HDR frame between gamma (sRGB-encoded values, how every frame starts) and linear
// light, so batches drawn in linear light (draw_list.h SpriteBatch::linearLight) blend as an sRGB
// back buffer blends them. The sRGB transfer curve, continued above 1 and mirrored below 0 so the
// two directions undo each other on any colour the float frame holds.
#version 330 core

uniform sampler2D uFrame;
uniform bool uToLinear;
out vec4 fragColor;

vec3 decode(vec3 c) {
  return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), c));
}

vec3 encode(vec3 l) {
  return mix(l * 12.92, 1.055 * pow(l, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), l));
}

void main() {
  vec4 c = texelFetch(uFrame, ivec2(gl_FragCoord.xy), 0);
  vec3 a = abs(c.rgb);
  fragColor = vec4(sign(c.rgb) * (uToLinear ? decode(a) : encode(a)), c.a);
}
