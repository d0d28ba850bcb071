// Bloom, pass 2: one direction of a separable 9-tap Gaussian (sigma about 2 texels).
#version 330 core

in vec2 vUv;
uniform sampler2D uSource;
uniform vec2 uStep;  // one texel along the blur direction, in UV
out vec4 fragColor;

void main() {
  const float w[5] = float[](0.2270270, 0.1945946, 0.1216216, 0.0540541, 0.0162162);
  vec3 sum = texture(uSource, vUv).rgb * w[0];
  for (int i = 1; i < 5; ++i) {
    sum += texture(uSource, vUv + uStep * float(i)).rgb * w[i];
    sum += texture(uSource, vUv - uStep * float(i)).rgb * w[i];
  }
  fragColor = vec4(sum, 1.0);
}
