// The overdraw view (renderer.h Renderer::setOverdraw): every rasterised fragment of a particle
// draw adds one layer, whatever its texture alpha; the renderer blends ONE, ONE into the float
// frame, which then holds the layer count in red, green and blue.
#version 330 core

out vec4 outColor;

void main() { outColor = vec4(1.0); }
