// The picture's backdrop behind everything (Renderer::drawBackdrop): a vertical gradient from
// uBottom (bottom row) to uTop (top row), or an image stretched over the view, composited over
// uBottom by its alpha. Drawn with post.vert's full-screen triangle into the view's rectangle.
#version 330 core

in vec2 vUv;  // 0..1 over the view, bottom-left origin
uniform int uMode;  // 1 gradient, 2 image
uniform vec4 uTop;
uniform vec4 uBottom;
uniform sampler2D uImage;
out vec4 fragColor;

void main() {
  if (uMode == 2) {
    vec4 t = texture(uImage, vec2(vUv.x, 1.0 - vUv.y));  // image rows run top to bottom
    fragColor = vec4(mix(uBottom.rgb, t.rgb, t.a), 1.0);
  } else {
    fragColor = vec4(mix(uBottom.rgb, uTop.rgb, clamp(vUv.y, 0.0, 1.0)), 1.0);
  }
}
