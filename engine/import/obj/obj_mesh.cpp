#include "engine/import/obj/obj_mesh.h"

#include <tiny_obj_loader.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/core/paths.h"

namespace fx::obj_import {

namespace fs = std::filesystem;

bool isObjPath(const fs::path& path) {
  std::string ext = toUtf8(path.extension());
  for (auto& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".obj";
}

namespace {

// The count of numbers at the start of `rest` (whitespace separated, up to `max`); false at a
// token that is no number.
bool countNumbers(const std::string& rest, int& count) {
  std::istringstream in(rest);
  std::string token;
  count = 0;
  while (in >> token) {
    if (token[0] == '#') break;
    char* end = nullptr;
    double v = std::strtod(token.c_str(), &end);
    if (end == token.c_str() || *end != '\0' || !std::isfinite(v)) return false;
    ++count;
  }
  return true;
}

// What is wrong with one face line (its corners after "f"), or "".
std::string checkFace(const std::string& rest, long vertices) {
  std::istringstream in(rest);
  std::string token;
  int corners = 0;
  while (in >> token) {
    if (token[0] == '#') break;
    char* end = nullptr;
    long index = std::strtol(token.c_str(), &end, 10);
    if (end == token.c_str() || (*end != '\0' && *end != '/'))
      return "face corner \"" + token + "\" is no vertex index";
    long resolved = index < 0 ? vertices + index + 1 : index;
    if (index == 0 || resolved < 1 || resolved > vertices)
      return "face index " + std::to_string(index) + " names no vertex (" +
             std::to_string(vertices) + " so far)";
    ++corners;
  }
  if (corners < 3)
    return "a face needs at least 3 corners, this one has " + std::to_string(corners);
  return {};
}

// "" or "FILE:LINE: what" for the first malformed `v` or `f` line of `text`.
std::string checkLines(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  std::string line;
  long lineNo = 0, vertices = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos) continue;
    std::string keyword = line.substr(start, line.find_first_of(" \t", start) - start);
    std::string rest = line.substr(std::min(line.size(), start + keyword.size()));
    if (!rest.empty() && rest.back() == '\r') rest.pop_back();
    std::string why;
    if (keyword == "v") {
      int n = 0;
      if (!countNumbers(rest, n) || n < 3 || n > 7)
        why = "a vertex needs 3 numbers (x y z [w] or x y z r g b)";
      ++vertices;
    } else if (keyword == "f") {
      why = checkFace(rest, vertices);
    }
    if (!why.empty()) return name + ":" + std::to_string(lineNo) + ": " + why;
  }
  return {};
}

vec3 toWorld(const float* p) {
  return vec3(p[0], -p[2], p[1]);
}

}  // namespace

std::optional<stride_import::SceneMesh> loadObjMesh(const fs::path& path, std::string& error) {
  const std::string name = toUtf8(path);
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = name + ": cannot be opened";
    return std::nullopt;
  }
  std::stringstream text;
  text << file.rdbuf();
  if (error = checkLines(text.str(), name); !error.empty()) return std::nullopt;
  tinyobj::attrib_t attrib;
  std::vector<tinyobj::shape_t> shapes;
  std::vector<tinyobj::material_t> materials;
  std::string warn, err;
  text.clear();
  text.seekg(0);
  // No material reader: .mtl files are not read.
  if (!tinyobj::LoadObj(&attrib, &shapes, &materials, &warn, &err, &text, nullptr, true)) {
    error = name + ": " + (err.empty() ? std::string("not a Wavefront OBJ file") : err);
    while (!error.empty() && (error.back() == '\n' || error.back() == ' ')) error.pop_back();
    return std::nullopt;
  }
  auto mesh = std::make_shared<MeshData>();
  for (const tinyobj::shape_t& s : shapes)
    for (size_t f = 0; f + 2 < s.mesh.indices.size(); f += 3) {
      vec3 p[3], n[3];
      bool hasNormals = true;
      for (int c = 0; c < 3; ++c) {
        const tinyobj::index_t& ix = s.mesh.indices[f + size_t(c)];
        p[c] = toWorld(&attrib.vertices[size_t(ix.vertex_index) * 3]);
        hasNormals = hasNormals && ix.normal_index >= 0 &&
                     size_t(ix.normal_index) * 3 + 2 < attrib.normals.size();
        if (hasNormals) n[c] = toWorld(&attrib.normals[size_t(ix.normal_index) * 3]);
      }
      vec3 face = glm::cross(p[1] - p[0], p[2] - p[0]);
      float len = glm::length(face);
      face = len > 0.0f ? face / len : vec3(0, 0, 1);
      for (int c = 0; c < 3; ++c) {
        mesh->indices.push_back(uint32_t(mesh->positions.size()));
        mesh->positions.push_back(p[c]);
        float nl = hasNormals ? glm::length(n[c]) : 0.0f;
        mesh->normals.push_back(nl > 0.0f ? n[c] / nl : face);
      }
    }
  if (mesh->positions.empty()) {
    error = name + ": no faces";
    return std::nullopt;
  }
  stride_import::SceneMesh out;
  out.lo = out.hi = mesh->positions[0];
  for (const vec3& q : mesh->positions) out.lo = glm::min(out.lo, q), out.hi = glm::max(out.hi, q);
  out.mesh = std::move(mesh);
  return out;
}

}  // namespace fx::obj_import
