// Halo CE gbxmodel as plain data, and what a viewer derives from it (reference
// halo_tag_format.md §5.2, §8): nodes in their default pose, regions -> permutations -> markers,
// and the triangles of one permutation at its highest level of detail.
//
// Data comes from a .gbxmodel tag (readGbxModel, in gbxmodel_tag.cpp) or is built by tests.
// Quaternions here are the TRUE rotations: the tag stores node and marker rotations inverted
// (i, j, k negated, §8) and the reader conjugates them. Positions are world units in the
// model's frame (Z up, +X forward), before the scene object's own transform.
//
// Vertices are stored in model space in the default pose (as in the JMS files they are compiled
// from; the map compiler derives each node's inverse default pose into the cache-only node
// fields), so the default-pose mesh needs no skinning: buildMesh uses positions as stored.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/math.h"

namespace fx::halo {

inline constexpr uint16_t kNoIndex = 0xFFFF;

struct ModelNode {
  std::string name;
  uint16_t parent = kNoIndex;  // parent order: a node's parent comes before it; 0xFFFF = root
  vec3 translation{0.0f};      // default pose, relative to the parent
  quat rotation{1, 0, 0, 0};   // default pose, true rotation (stored conjugated)
};

struct ModelMarker {
  std::string name;
  uint16_t node = 0;
  vec3 translation{0.0f};     // in the node's frame
  quat rotation{1, 0, 0, 0};  // true rotation (stored conjugated)
};

// Levels of detail in tag order: super low, low, medium, high, super high.
inline constexpr int kDetailLevels = 5;

struct ModelPermutation {
  std::string name;
  std::array<uint16_t, kDetailLevels> geometry{kNoIndex, kNoIndex, kNoIndex, kNoIndex, kNoIndex};
  std::vector<ModelMarker> markers;
};

struct ModelRegion {
  std::string name;
  std::vector<ModelPermutation> permutations;
};

struct ModelVertex {
  vec3 position{0.0f};  // model space, default pose
  vec3 normal{0, 0, 1};
  vec2 uv{0.0f};
  uint16_t node = 0;  // the node the vertex rides (uncompressed vertices' node 0; else 0)
};

struct ModelPart {
  std::vector<ModelVertex> vertices;  // uncompressed, or decoded from the compressed block
  std::vector<uint16_t> strip;        // a triangle strip; 0xFFFF ends it (trailing padding)
};

struct ModelGeometry {
  std::vector<ModelPart> parts;
};

struct GbxModel {
  uint32_t nodeChecksum = 0;  // node list checksum (0 = none); animations must match it
  std::vector<ModelNode> nodes;
  std::vector<ModelRegion> regions;
  std::vector<ModelGeometry> geometries;
};

// Node frames in model space, in node order (parents first; a parent index that does not
// precede its node is treated as the root, so a hostile order cannot loop).
std::vector<Transform> defaultPose(const GbxModel& model);

// Which permutation each region shows: the one named `permutation`, else the region's first.
// -1 for a region without permutations.
std::vector<int> choosePermutations(const GbxModel& model, std::string_view permutation);

// A marker placed in model space.
struct PlacedMarker {
  std::string name;
  Transform model;  // +X forward, +Z up
  int region = 0, permutation = 0;
};
// Every marker of the chosen permutations, region by region in declaration order (the order the
// glow's marker search sees). A marker on a node that does not exist is placed relative to the
// model origin.
std::vector<PlacedMarker> placeMarkers(const GbxModel& model, std::string_view permutation);
// The same for a posed model (node frames in model space, as poseNodes gives): each marker rides
// its node.
std::vector<PlacedMarker> placeMarkers(const GbxModel& model, std::string_view permutation,
                                       const std::vector<Transform>& pose);

// Triangles in model space, smooth normals as stored.
struct ModelMesh {
  std::vector<vec3> positions;
  std::vector<vec3> normals;
  std::vector<uint32_t> indices;  // triangle list
  std::vector<uint16_t> nodes;    // per position: the node it rides
  vec3 lo{0.0f}, hi{0.0f};        // bounds of the positions (both 0 when empty)
  bool empty() const { return indices.empty(); }
};
// The chosen permutations at their highest level of detail present (super high first).
// Strip indices past the part's vertices and degenerate triangles are skipped.
ModelMesh buildMesh(const GbxModel& model, std::string_view permutation);

// Triangle list of a strip: winding alternates; a 0xFFFF index ends the strip.
void stripToTriangles(const std::vector<uint16_t>& strip, size_t vertexCount,
                      std::vector<uint32_t>& out, uint32_t base);

}  // namespace fx::halo
