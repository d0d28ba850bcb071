// Reading and checking a model_animations tag (model_animations.h): the nodes and animations
// blocks at Invader's offsets, then every size and offset an animation's decoding will use.
#include <cstdio>

#include "engine/formats/halo/model_animations.h"

namespace fx::halo {

namespace {

uint32_t le32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

std::string hex(size_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%zX", v);
  return buf;
}

// Errors about one animation's data blob, at a byte offset of the file.
struct Checker {
  const std::string& file;
  Diagnostics& diags;
  std::string path;  // "animations[3]"

  bool fail(std::string_view field, const std::string& message, size_t fileOffset) const {
    diags.error(file, path + "." + std::string(field),
                message + " (offset " + hex(fileOffset) + ")");
    return false;
  }
};

Animation animationFrom(const TagStruct& e) {
  Animation a;
  a.name = e.getString(0x00);
  a.type = AnimationType(e.getInt16(0x20));
  a.frameCount = e.getUint16(0x22);
  a.frameSize = e.getUint16(0x24);
  a.frameInfoType = e.getInt16(0x26);
  a.nodeChecksum = e.getUint32(0x28);
  a.nodeCount = e.getUint16(0x2C);
  a.loopFrame = e.getInt16(0x2E);
  a.nextAnimation = e.getInt16(0x38);
  a.flags = e.getUint16(0x3A);
  a.translated.words = {e.getUint32(0x5C), e.getUint32(0x60)};
  a.rotated.words = {e.getUint32(0x6C), e.getUint32(0x70)};
  a.scaled.words = {e.getUint32(0x7C), e.getUint32(0x80)};
  a.compressedOffset = e.getUint32(0x88);
  a.defaultData = e.data("default_data");
  a.frameData = e.data("frame_data");
  return a;
}

// Only the first nodeCount bits of a flag word mean anything.
void maskFlags(Animation& a) {
  for (NodeFlags* f : {&a.rotated, &a.translated, &a.scaled})
    for (int n = a.nodeCount; n < 64; ++n) f->words[size_t(n / 32)] &= ~(1u << (n % 32));
}

bool checkSizes(const Animation& a, const Checker& c, size_t headerAt, size_t defaultAt,
                size_t frameAt) {
  if (a.nodeCount > kMaxAnimationNodes)
    return c.fail("node_count", std::to_string(a.nodeCount) + " nodes, more than 64",
                  headerAt + 0x2C);
  const int n = a.nodeCount;
  size_t size = 8 * size_t(a.rotated.count(n)) + 12 * size_t(a.translated.count(n)) +
                4 * size_t(a.scaled.count(n));
  if (a.frameSize != size)
    return c.fail("frame_size",
                  "frame size " + std::to_string(a.frameSize) + " does not match the node flags (" +
                      std::to_string(size) + " bytes)",
                  headerAt + 0x24);
  size_t defaults = size_t(n) * 24 - size;
  if (a.defaultData.size() < defaults)
    return c.fail("default_data",
                  std::to_string(a.defaultData.size()) + " bytes, the node flags need " +
                      std::to_string(defaults),
                  defaultAt);
  if (a.compressed()) return true;
  uint64_t frames = uint64_t(a.frameCount) * a.frameSize;
  if (a.frameData.size() < frames)
    return c.fail("frame_data",
                  std::to_string(a.frameData.size()) + " bytes, " + std::to_string(a.frameCount) +
                      " frames of " + std::to_string(a.frameSize) + " need " +
                      std::to_string(frames),
                  frameAt);
  return true;
}

// The blob's 11 offsets in stream order; each stream lies between its offset and the next.
bool checkStreams(Animation& a, const Checker& c, size_t blobAt) {
  const uint8_t* blob = a.frameData.data() + a.compressedOffset;
  const uint32_t size = uint32_t(a.frameData.size() - a.compressedOffset);
  if (size < 44)
    return c.fail(
        "frame_data",
        "compressed data of " + std::to_string(size) + " bytes, less than its 44-byte header",
        blobAt);
  uint32_t at[13];
  at[0] = 44;
  for (int i = 0; i < 11; ++i) at[i + 1] = le32(blob + 4 * i);
  at[12] = size;
  for (int i = 1; i < 13; ++i)
    if (at[i] < at[i - 1] || at[i] > size)
      return c.fail("frame_data",
                    "compressed stream offset " + std::to_string(i - 1) + " (" + hex(at[i]) +
                        ") is out of order or past the end of the compressed data",
                    blobAt + 4 * size_t(i - 1));
  for (int s = 0; s < 3; ++s)
    a.streams[size_t(s)] = {at[4 * s], at[4 * s + 1], at[4 * s + 2], at[4 * s + 3], at[4 * s + 4]};
  return true;
}

// One channel: headers for every flagged node, default data, and every header's keyframes.
bool checkChannel(const Animation& a, int ch, const Checker& c, size_t blobAt) {
  static constexpr const char* kNames[] = {"rotation", "translation", "scale"};
  static constexpr uint32_t kValue[] = {6, 12, 4};
  const CompressedStream& s = a.streams[size_t(ch)];
  const NodeFlags& flags = ch == 0 ? a.rotated : ch == 1 ? a.translated : a.scaled;
  const std::string name = kNames[ch];
  const uint32_t flagged = uint32_t(flags.count(a.nodeCount));
  if (s.keyframes - s.headers < 4 * flagged)
    return c.fail("frame_data",
                  "compressed " + name +
                      " stream has fewer keyframe headers than animated nodes (" +
                      std::to_string(flagged) + ")",
                  blobAt + s.headers);
  uint32_t defaults = kValue[ch] * (ch == 2 ? flagged : a.nodeCount);
  if (s.values - s.defaults < defaults)
    return c.fail("frame_data",
                  "compressed " + name + " default data is shorter than " +
                      std::to_string(defaults) + " bytes",
                  blobAt + s.defaults);
  const uint8_t* blob = a.frameData.data() + a.compressedOffset;
  const uint32_t keyframes = (s.defaults - s.keyframes) / 2;
  const uint32_t values = (s.end - s.values) / kValue[ch];
  for (uint32_t i = 0; i < flagged; ++i) {
    uint32_t h = le32(blob + s.headers + 4 * i);
    uint64_t end = uint64_t(h >> 12) + (h & 0xFFF);
    if (end > keyframes || end > values)
      return c.fail("frame_data",
                    "compressed " + name + " keyframe header " + std::to_string(i) + " (" +
                        std::to_string(h & 0xFFF) + " keyframes from " + std::to_string(h >> 12) +
                        ") runs past the stored keyframes",
                    blobAt + s.headers + 4 * i);
  }
  return true;
}

bool checkCompressed(Animation& a, const Checker& c, size_t frameAt) {
  if (a.compressedOffset > a.frameData.size())
    return c.fail("frame_data",
                  "offset to compressed data " + hex(a.compressedOffset) + " is past the end of " +
                      std::to_string(a.frameData.size()) + " bytes of frame data",
                  frameAt);
  size_t blobAt = frameAt + a.compressedOffset;
  if (!checkStreams(a, c, blobAt)) return false;
  for (int ch = 0; ch < 3; ++ch)
    if (!checkChannel(a, ch, c, blobAt)) return false;
  return true;
}

}  // namespace

std::optional<ModelAnimations> readModelAnimations(TagFile& tag, const std::string& file,
                                                   Diagnostics& diags) {
  if (tag.cls->id != TagClass::ModelAnimations) {
    diags.error(file, "",
                "expected a model_animations tag, found a " + std::string(tag.cls->name) + " tag");
    return std::nullopt;
  }
  ModelAnimations out;
  TagStruct root = tag.root();
  for (uint32_t i = 0; i < root.blockCount("nodes"); ++i) {
    TagStruct n = root.element("nodes", i);
    int16_t parent = n.getInt16(0x24);  // a root may store 0 (itself) or -1
    out.nodes.push_back(
        {n.getString(0x00), parent >= 0 && uint32_t(parent) < i ? parent : int16_t(-1)});
  }
  TagSlot& slot = root.slot("animations", OutKind::Block);
  for (uint32_t i = 0; i < root.blockCount("animations"); ++i) {
    TagStruct e = root.element("animations", i);
    Animation a = animationFrom(e);
    maskFlags(a);
    Checker c{file, diags, "animations[" + std::to_string(i) + "]"};
    const TagNode& node = slot.children[i];
    size_t headerAt = slot.fileOffset + size_t(i) * layouts::kAnimation.size;
    size_t defaultAt = node.slots[1].fileOffset, frameAt = node.slots[2].fileOffset;
    if (!checkSizes(a, c, headerAt, defaultAt, frameAt)) return std::nullopt;
    if (a.compressed() && !checkCompressed(a, c, frameAt)) return std::nullopt;
    out.animations.push_back(std::move(a));
  }
  return out;
}

std::optional<ModelAnimations> loadModelAnimations(const std::filesystem::path& path,
                                                   const std::string& displayName,
                                                   Diagnostics& diags) {
  auto tag = loadTag(path, displayName, diags);
  if (!tag) return std::nullopt;
  return readModelAnimations(*tag, displayName, diags);
}

TagFile modelAnimationsToTag(const ModelAnimations& in) {
  TagFile tag = makeTag(TagClass::ModelAnimations);
  TagStruct root = tag.root();
  root.resizeBlock("nodes", uint32_t(in.nodes.size()));
  for (uint32_t i = 0; i < in.nodes.size(); ++i) {
    TagStruct n = root.element("nodes", i);
    n.setString(0x00, in.nodes[i].name);
    n.setInt16(0x20, -1);
    n.setInt16(0x22, -1);
    n.setInt16(0x24, in.nodes[i].parent);
  }
  root.resizeBlock("animations", uint32_t(in.animations.size()));
  for (uint32_t i = 0; i < in.animations.size(); ++i) {
    const Animation& a = in.animations[i];
    TagStruct e = root.element("animations", i);
    e.setString(0x00, a.name);
    e.setInt16(0x20, int16_t(a.type));
    e.setUint16(0x22, a.frameCount);
    e.setUint16(0x24, a.frameSize);
    e.setInt16(0x26, a.frameInfoType);
    e.setUint32(0x28, a.nodeChecksum);
    e.setUint16(0x2C, a.nodeCount);
    e.setInt16(0x2E, a.loopFrame);
    e.setFloat(0x30, 1.0f);
    e.setInt16(0x34, -1), e.setInt16(0x36, -1);
    e.setInt16(0x38, a.nextAnimation);
    e.setUint16(0x3A, a.flags);
    e.setInt16(0x3C, -1), e.setInt16(0x3E, -1);
    e.setUint32(0x5C, a.translated.words[0]), e.setUint32(0x60, a.translated.words[1]);
    e.setUint32(0x6C, a.rotated.words[0]), e.setUint32(0x70, a.rotated.words[1]);
    e.setUint32(0x7C, a.scaled.words[0]), e.setUint32(0x80, a.scaled.words[1]);
    e.setUint32(0x88, a.compressedOffset);
    e.data("default_data") = a.defaultData;
    e.data("frame_data") = a.frameData;
  }
  return tag;
}

}  // namespace fx::halo
