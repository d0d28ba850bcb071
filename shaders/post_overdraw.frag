// The overdraw view's end of frame: the layer count the frame holds (renderer.h
// Renderer::setOverdraw) mapped to the fixed colour ramp kOverdrawRamp (renderer.h, README
// "Overdraw view"): one colour per count 0..10, then 11-15, 16-31, 32-63 and 64 and more.
#version 330 core

uniform sampler2D uHdr;
out vec4 fragColor;

const int kFirst[15] = int[](0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 32, 64);
const vec3 kColor[15] = vec3[](
    vec3(0, 0, 0), vec3(0, 0, 170), vec3(0, 85, 255), vec3(0, 170, 255), vec3(0, 255, 255),
    vec3(0, 255, 127), vec3(0, 200, 0), vec3(127, 255, 0), vec3(255, 255, 0), vec3(255, 191, 0),
    vec3(255, 127, 0), vec3(255, 0, 0), vec3(255, 0, 170), vec3(170, 85, 255),
    vec3(255, 255, 255));

void main() {
  int layers = int(texelFetch(uHdr, ivec2(gl_FragCoord.xy), 0).r + 0.5);
  int band = 0;
  for (int i = 1; i < 15; ++i)
    if (layers >= kFirst[i]) band = i;
  fragColor = vec4(kColor[band] / 255.0, 1.0);
}
