// Scene model meshes (DrawList::meshes): object-space position and normal, placed by uModel.
#version 330 core

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;

uniform mat4 uViewProjection;
uniform mat4 uModel;

out vec3 vNormal;
out vec3 vWorld;

void main() {
  vec4 world = uModel * vec4(aPosition, 1.0);
  vWorld = world.xyz;
  // Rigid placement with uniform scale: the upper 3x3 carries normals.
  vNormal = mat3(uModel) * aNormal;
  gl_Position = uViewProjection * world;
}
