// Halo CE model_animations (class antr) as plain data, and posing a gbxmodel with it (reference
// halo_animation_and_level.md §1).
//
// Every animation keeps its channel flags, default data and frame bytes as stored; frames are
// decoded on demand (`AnimationFrames::frame`), so a tag costs about its own size however many
// frames it claims. The reader (readModelAnimations) checks every size and offset once, so
// decoding a checked animation never reads out of bounds:
//   - uncompressed: per stored frame, per node in order, the rotation (4 x int16 i, j, k, w), the
//     translation (3 floats) and the scale (1 float), each only where the node's flag bit is
//     set; channels whose bit is clear come from the default data (one frame of them).
//   - compressed (flag bit 0): a little-endian blob at `offset to compressed data` in the frame
//     data: 11 u32 stream offsets, then per channel keyframe headers (count: low 12 bits,
//     offset: high 20), u16 keyframe numbers, default data (every node's 48-bit rotation and
//     translation; scale for scaled nodes only) and keyframe values. Frame 0 is the default;
//     before the first keyframe the default blends into it, between keyframes rotation is
//     nlerped and translation and scale lerped, after the last keyframe it holds. The
//     uncompressed region before the blob is ignored (tags extracted from maps carry zeros).
// Rotations here are TRUE rotations: the tag stores them inverted (the conjugate), as gbxmodel
// nodes and markers.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/diagnostics.h"
#include "engine/core/math.h"
#include "engine/formats/halo/gbxmodel.h"
#include "engine/formats/halo/tag_file.h"

namespace fx::halo {

inline constexpr int kMaxAnimationNodes = 64;

// One node's local transform in one frame: world[n] = world[parent] x T x R x S.
struct NodeTransform {
  quat rotation{1, 0, 0, 0};  // true rotation
  vec3 translation{0.0f};     // world units, in the parent's frame
  float scale = 1.0f;
};

enum class AnimationType : int16_t { Base = 0, Overlay = 1, Replacement = 2 };
const char* animationTypeName(AnimationType t);

namespace animation_flags {
inline constexpr uint16_t kCompressed = 1u << 0;
inline constexpr uint16_t kWorldRelative = 1u << 1;
inline constexpr uint16_t kPal = 1u << 2;  // 25 frames per second
}  // namespace animation_flags

// Node flag words: bit n of word 0 is node n, word 1 holds nodes 32..63.
struct NodeFlags {
  std::array<uint32_t, 2> words{};
  bool has(int node) const {
    return node >= 0 && node < 64 && (words[size_t(node / 32)] >> (node % 32)) & 1u;
  }
  void set(int node) { words[size_t(node / 32)] |= 1u << (node % 32); }
  int count(int nodes) const;
};

// Where the compressed blob's streams lie (byte offsets into the blob), per channel:
// headers, keyframe numbers, default data, keyframe values, and the end of the values.
struct CompressedStream {
  uint32_t headers = 0, keyframes = 0, defaults = 0, values = 0, end = 0;
};

struct Animation {
  std::string name;
  AnimationType type = AnimationType::Base;
  uint16_t frameCount = 0;
  uint16_t frameSize = 0;
  int16_t frameInfoType = 0;  // none, dx dy, dx dy dyaw, dx dy dz dyaw
  uint32_t nodeChecksum = 0;
  uint16_t nodeCount = 0;
  int16_t loopFrame = 0;
  int16_t nextAnimation = -1;
  uint16_t flags = 0;
  NodeFlags rotated, translated, scaled;
  uint32_t compressedOffset = 0;
  std::vector<uint8_t> defaultData;           // big-endian, as stored
  std::vector<uint8_t> frameData;             // big-endian frames, then (compressed) the blob
  std::array<CompressedStream, 3> streams{};  // rotation, translation, scale (compressed only)

  bool compressed() const { return flags & animation_flags::kCompressed; }
  float framesPerSecond() const { return flags & animation_flags::kPal ? 25.0f : 30.0f; }
  // Frame `f` (clamped to 0..frameCount-1) of every node: the animation's own values, with
  // un-animated channels from the default data. An overlay's values are deltas over a base
  // (see overlayPose). A checked animation only (readModelAnimations).
  std::vector<NodeTransform> frame(int f) const;
  // The default data alone (un-animated channels; animated ones identity).
  std::vector<NodeTransform> defaults() const;
};

struct AnimationNode {
  std::string name;
  int16_t parent = -1;  // -1 = root (also for a stored parent that does not precede the node)
};

struct ModelAnimations {
  std::vector<AnimationNode> nodes;
  std::vector<Animation> animations;
  // Index of the animation named `name`, or -1.
  int find(std::string_view name) const;
};

// Reads the animations of a parsed model_animations tag, checking every animation's sizes and
// offsets. Errors name `file`, the field path ("animations[2].frame_data") and the byte offset in
// the file; the first one stops the reading.
std::optional<ModelAnimations> readModelAnimations(TagFile& tag, const std::string& file,
                                                   Diagnostics& diags);
std::optional<ModelAnimations> loadModelAnimations(const std::filesystem::path& path,
                                                   const std::string& displayName,
                                                   Diagnostics& diags);
// The other way, for tags fxview writes itself (tests): a model_animations tag holding
// `animations` as given (frame and default bytes verbatim, flags, counts); nodes as given.
TagFile modelAnimationsToTag(const ModelAnimations& animations);

// Stored bytes of one uncompressed frame / of the default data for `locals` (nodeCount entries),
// by the animation's flags: what a tag writer puts in frame_data and default_data.
std::vector<uint8_t> encodeFrame(const Animation& a, std::span<const NodeTransform> locals,
                                 bool defaults);

// "" when `a` fits `model` (node count, and the node list checksum when both are non-zero),
// else why not.
std::string animationMismatch(const Animation& a, const GbxModel& model);

// An overlay frame over a base pose: rotation overlay x base, translations added, scale replaced.
std::vector<NodeTransform> overlayPose(std::span<const NodeTransform> base,
                                       std::span<const NodeTransform> overlay);

// Node locals of the model's default pose.
std::vector<NodeTransform> defaultLocals(const GbxModel& model);

// Node frames in model space: world[n] = world[parent] x local[n] (nodes beyond `locals` keep
// the default pose; a parent that does not precede its node is treated as the root).
std::vector<Transform> poseNodes(const GbxModel& model, std::span<const NodeTransform> locals);

}  // namespace fx::halo
