// Scene model meshes: a plain lit surface so the artist sees the model behind its effects. One
// directional light from over the camera's shoulder (uLightDir, world space, towards the light)
// plus ambient; both faces are lit (stock models are not always closed).
#version 330 core

in vec3 vNormal;
in vec3 vWorld;

uniform vec4 uColor;
uniform vec3 uLightDir;
uniform vec3 uEye;

out vec4 outColor;

void main() {
  vec3 n = normalize(vNormal);
  if (dot(n, uEye - vWorld) < 0.0) n = -n;
  float diffuse = max(dot(n, normalize(uLightDir)), 0.0);
  vec3 rgb = uColor.rgb * (0.28 + 0.72 * diffuse);
  outColor = vec4(rgb, 1.0);
}
