// The one Halo CE (HEK) tag reader and writer. A tag file is a 64-byte header, the root struct and
// the out-of-line data it pulls in, depth first (reference/halo_tag_format.md §2-§4); the layouts
// come from tag_layouts.h. The parsed form keeps every byte: each struct's fixed bytes (padding,
// unknown and cache-only fields included), reference paths, block elements and data blobs, so
// writing an unedited tag reproduces the file exactly, checksum included.
//
// Reading is one bounded forward pass over untrusted bytes: block counts are capped by the layout's
// maximum and by the bytes left, sizes by the bytes left, so a hostile file costs at most a small
// multiple of its own size. Every error names the file, the field path and the byte offset:
//   storm.weather_particle_system: particle_types[1].physics: reference path runs past the end of
//   the file (offset 0x5A3)
// Fields inside a struct are big-endian; TagStruct's typed accessors take the documented offsets.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/color.h"
#include "engine/core/diagnostics.h"
#include "engine/core/fields.h"
#include "engine/core/math.h"
#include "engine/formats/halo/tag_layouts.h"

namespace fx::halo {

// Largest tag file read (bitmaps with big cube maps are the largest real tags).
inline constexpr size_t kMaxTagFileBytes = 128u << 20;

struct TagNode;

// One out-of-line field of a struct: what follows the struct for it, per its kind.
struct TagSlot {
  std::string path;               // Reference: the path bytes, no NUL (backslash separated)
  std::vector<uint8_t> bytes;     // Data: the blob. Block: the elements' fixed bytes, back to back
  uint32_t count = 0;             // Block: element count
  std::vector<TagNode> children;  // Block: each element's own out-of-line data (none for leaves)
  size_t fileOffset = 0;          // where the bytes began in the file read (0 in a built tag)
};

// A struct's out-of-line data: one slot per OutField of its layout, in layout order.
struct TagNode {
  std::vector<TagSlot> slots;
};

// A view of one struct (the root or a block element): its layout, fixed bytes and slots. Views
// are cheap to copy and stay valid until the block that holds them is resized.
class TagStruct {
 public:
  TagStruct() = default;
  TagStruct(const StructLayout* layout, uint8_t* bytes, TagNode* node)
      : layout_(layout), bytes_(bytes), node_(node) {}

  const StructLayout& layout() const { return *layout_; }
  std::span<uint8_t> bytes() const { return {bytes_, layout_->size}; }

  // Big-endian scalars at a byte offset of the struct (offset + size must fit the struct).
  uint8_t getUint8(uint32_t off) const;
  int16_t getInt16(uint32_t off) const;
  uint16_t getUint16(uint32_t off) const;
  int32_t getInt32(uint32_t off) const;
  uint32_t getUint32(uint32_t off) const;
  float getFloat(uint32_t off) const;
  void setUint8(uint32_t off, uint8_t v) const;
  void setInt16(uint32_t off, int16_t v) const;
  void setUint16(uint32_t off, uint16_t v) const;
  void setInt32(uint32_t off, int32_t v) const;
  void setUint32(uint32_t off, uint32_t v) const;
  void setFloat(uint32_t off, float v) const;

  // Enums are int16 (§1); flags uint16 or uint32 (width in bytes: 2 or 4).
  int32_t getEnum(uint32_t off) const { return getInt16(off); }
  void setEnum(uint32_t off, int32_t v) const { setInt16(off, int16_t(v)); }
  uint32_t getFlags(uint32_t off, int width) const;
  void setFlags(uint32_t off, int width, uint32_t v) const;

  // TagString: 32 raw bytes, NUL terminated (a full 32 bytes without NUL reads as 32 chars).
  // Writing keeps at most 31 characters and zero-fills the rest.
  std::string getString(uint32_t off) const;
  void setString(uint32_t off, std::string_view s) const;

  FloatBounds getBounds(uint32_t off) const;  // from, to
  void setBounds(uint32_t off, FloatBounds b) const;
  ColorRgba getColorArgb(uint32_t off) const;  // stored a, r, g, b (§1)
  void setColorArgb(uint32_t off, ColorRgba c) const;
  ColorRgba getColorRgb(uint32_t off) const;  // r, g, b; a = 1
  void setColorRgb(uint32_t off, ColorRgba c) const;
  vec2 getVec2(uint32_t off) const;
  void setVec2(uint32_t off, vec2 v) const;
  vec3 getVec3(uint32_t off) const;
  void setVec3(uint32_t off, vec3 v) const;
  quat getQuat(uint32_t off) const;  // stored i, j, k, w
  void setQuat(uint32_t off, quat q) const;

  // Out-of-line fields by layout name ("texture", "particle_types", "processed_pixel_data").
  // Naming a field the layout lacks, or of another kind, is a programmer error (asserted).
  uint32_t referenceClass(std::string_view field) const;  // 0 / 0xFFFFFFFF = none
  const std::string& referencePath(std::string_view field) const;
  // Sets the path; the class FourCC becomes `cls` (0 = the field's first allowed class, which is
  // also what Invader writes for an empty reference).
  void setReference(std::string_view field, std::string_view path, uint32_t cls = 0) const;

  uint32_t blockCount(std::string_view field) const;
  TagStruct element(std::string_view field, uint32_t index) const;  // index < blockCount
  // Grows (zero-filled elements) or shrinks the block; views into it become invalid.
  void resizeBlock(std::string_view field, uint32_t count) const;

  std::vector<uint8_t>& data(std::string_view field) const;

  TagSlot& slot(std::string_view field, OutKind kind) const;

 private:
  const StructLayout* layout_ = nullptr;
  uint8_t* bytes_ = nullptr;
  TagNode* node_ = nullptr;
};

// How the header checksum (0x28) is kept on write.
enum class ChecksumMode : uint8_t {
  Invader,   // NOT of zlib crc32 over the body (what Invader writes; fxview's own tags)
  Verbatim,  // the file's value did not follow that convention: keep it as it was
};

struct TagFile {
  const TagClassInfo* cls = nullptr;
  std::array<uint8_t, kHeaderSize> header{};  // kept verbatim except the checksum
  ChecksumMode checksum = ChecksumMode::Invader;
  std::vector<uint8_t> rootBytes;
  TagNode rootNode;

  TagStruct root() { return {cls->root, rootBytes.data(), &rootNode}; }
};

// A fresh tag of a class: zero root struct, header as Invader writes it (tag id 0, name zero,
// class, header size 0x40, version, 0x00FF, "blam").
TagFile makeTag(TagClass cls);

// Parses `bytes`. Errors (one, the reading stops there) go to `diags` under `displayName`.
// `expected` (optional) also requires that class.
std::optional<TagFile> parseTag(std::span<const uint8_t> bytes, const std::string& displayName,
                                Diagnostics& diags, const TagClassInfo* expected = nullptr);
// Reads the file (at most kMaxTagFileBytes) and parses it; the class is checked against the
// extension when the extension names one.
std::optional<TagFile> loadTag(const std::filesystem::path& path, const std::string& displayName,
                               Diagnostics& diags);

// The file bytes: header, root, out-of-line data in file order. Counts, sizes and path lengths
// are written from the slots, the checksum per `tag.checksum`.
std::vector<uint8_t> serializeTag(const TagFile& tag);
// serializeTag, then written atomically (temp file, rename). "" or an error message.
std::string saveTag(const std::filesystem::path& path, const TagFile& tag);

// ~crc32(body) as Invader writes it at header offset 0x28.
uint32_t tagChecksum(std::span<const uint8_t> body);

}  // namespace fx::halo
