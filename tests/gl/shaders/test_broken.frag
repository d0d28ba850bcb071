// Deliberately broken: the renderer must disable only this shader's quads and warn.
#version 330 core
out vec4 outColor;
void main() { outColor = undefined_symbol; }
