// Strip colour: texture x vertex colour, rgb and alpha (premultiplied: with the alpha multiply
// add blend an alpha of 0 adds, an alpha of 1 covers).
#version 330 core

in vec2 vUv;
in vec4 vColor;

uniform sampler2D uPrimary;
// Largest colour a draw may write (see sprite.frag).
uniform float uOutputMax;
out vec4 outColor;

void main() {
  vec4 t = texture(uPrimary, vUv);
  outColor = vec4(clamp(t.rgb * vColor.rgb, vec3(0.0), vec3(uOutputMax)), t.a * vColor.a);
}
