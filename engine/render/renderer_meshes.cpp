// Opaque scene meshes (models the effects sit on): GPU copies made once per mesh data and dropped
// with it, drawn lit before the effects with depth writes on.
#include <iterator>
#include <vector>

#include "engine/render/renderer_internal.h"

namespace fx::render {

Renderer::Impl::GpuMesh& Renderer::Impl::gpuMesh(const std::shared_ptr<const MeshData>& mesh) {
  GpuMesh& g = meshCache[mesh.get()];
  if (g.vao && g.source.lock() == mesh) return g;
  g = GpuMesh{};
  g.source = mesh;
  // Interleaved position + normal; a normal missing for a position reads as +Z.
  std::vector<float> verts;
  verts.reserve(mesh->positions.size() * 6);
  for (size_t i = 0; i < mesh->positions.size(); ++i) {
    vec3 p = mesh->positions[i];
    vec3 n = i < mesh->normals.size() ? mesh->normals[i] : vec3(0, 0, 1);
    verts.insert(verts.end(), {p.x, p.y, p.z, n.x, n.y, n.z});
  }
  std::vector<uint32_t> indices;
  indices.reserve(mesh->indices.size());
  for (size_t i = 0; i + 2 < mesh->indices.size(); i += 3) {
    uint32_t a = mesh->indices[i], b = mesh->indices[i + 1], c = mesh->indices[i + 2];
    if (a < mesh->positions.size() && b < mesh->positions.size() && c < mesh->positions.size())
      indices.insert(indices.end(), {a, b, c});
  }
  g.vao = createVertexArray();
  g.vbo = createBuffer();
  g.ibo = createBuffer();
  glBindVertexArray(g.vao.get());
  glBindBuffer(GL_ARRAY_BUFFER, g.vbo.get());
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(verts.size() * sizeof(float)), verts.data(),
               GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float),
                        reinterpret_cast<void*>(3 * sizeof(float)));
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, g.ibo.get());
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(indices.size() * sizeof(uint32_t)),
               indices.data(), GL_STATIC_DRAW);
  glBindVertexArray(0);
  g.count = GLsizei(indices.size());
  return g;
}

void Renderer::Impl::pruneMeshes() {
  for (auto it = meshCache.begin(); it != meshCache.end();)
    it = it->second.source.expired() ? meshCache.erase(it) : std::next(it);
}

void Renderer::Impl::drawMeshes(const DrawList& list, const View& view) {
  pruneMeshes();
  if (list.meshes.empty()) return;
  GLuint p = meshProgram.get();
  if (!p) return warnOnce(meshProgram.error());
  glUseProgram(p);
  uniformMat4(p, "uViewProjection", view.viewProjection);
  // Towards the light: from above, over the camera's left shoulder.
  vec3 light = glm::normalize(-view.forward + view.up * 1.2f - view.right * 0.6f);
  glUniform3f(glGetUniformLocation(p, "uLightDir"), light.x, light.y, light.z);
  glUniform3f(glGetUniformLocation(p, "uEye"), view.eye.x, view.eye.y, view.eye.z);
  glDisable(GL_BLEND);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDepthMask(GL_TRUE);
  glDisable(GL_CULL_FACE);
  // Opaque: alpha 1 in a transparent capture; depth alone in the overdraw view.
  if (overdraw)
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  else
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, transparent ? GL_TRUE : GL_FALSE);
  for (const MeshInstance& m : list.meshes) {
    if (!m.mesh || m.mesh->indices.empty()) continue;
    GpuMesh& g = gpuMesh(m.mesh);
    if (g.count == 0) continue;
    depthWritten = true;
    uniformMat4(p, "uModel", m.model);
    glUniform4f(glGetUniformLocation(p, "uColor"), m.color.r, m.color.g, m.color.b, m.color.a);
    glBindVertexArray(g.vao.get());
    glDrawElements(GL_TRIANGLES, g.count, GL_UNSIGNED_INT, nullptr);
    stats.drawCalls++;
  }
  glBindVertexArray(0);
}

}  // namespace fx::render
