#include "engine/formats/halo/tag_file.h"

#include <zlib.h>

#include <bit>
#include <cassert>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "engine/core/json.h"
#include "engine/core/paths.h"

namespace fx::halo {

namespace {

uint32_t loadBe32(const uint8_t* p) {
  return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}
uint16_t loadBe16(const uint8_t* p) {
  return uint16_t(p[0] << 8 | p[1]);
}
void storeBe32(uint8_t* p, uint32_t v) {
  p[0] = uint8_t(v >> 24);
  p[1] = uint8_t(v >> 16);
  p[2] = uint8_t(v >> 8);
  p[3] = uint8_t(v);
}
void storeBe16(uint8_t* p, uint16_t v) {
  p[0] = uint8_t(v >> 8);
  p[1] = uint8_t(v);
}

std::string hex(size_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%zX", v);
  return buf;
}

// A FourCC as text for messages: 'glw!', or hex when it is not printable.
std::string fourCCText(uint32_t v) {
  std::string s = "'";
  for (int shift = 24; shift >= 0; shift -= 8) {
    char c = char(v >> shift);
    if (c < 0x20 || c > 0x7E) return hex(v);
    s += c;
  }
  return s + "'";
}

bool hasOutFields(const StructLayout* l) {
  return l && !l->fields.empty();
}

// The single forward pass of §4. Stops at the first error (nothing after it can be located).
class Reader {
 public:
  Reader(std::span<const uint8_t> in, const std::string& file, Diagnostics& diags)
      : in_(in), file_(file), diags_(diags) {}

  size_t pos = 0;

  size_t left() const { return in_.size() - pos; }
  const uint8_t* at(size_t p) const { return in_.data() + p; }

  bool fail(const std::string& path, const std::string& message, size_t offset) {
    diags_.error(file_, path, message + " (offset " + hex(offset) + ")");
    return false;
  }

  // Reads the out-of-line data of a struct whose fixed bytes (`fixed`) start at file offset
  // `structAt`.
  bool readTrailing(const StructLayout& layout, const uint8_t* fixed, size_t structAt,
                    TagNode& node, const std::string& path) {
    node.slots.resize(layout.fields.size());
    for (size_t f = 0; f < layout.fields.size(); ++f) {
      const OutField& field = layout.fields[f];
      std::string fieldPath =
          path.empty() ? std::string(field.name) : path + "." + std::string(field.name);
      const uint8_t* header = fixed + field.offset;
      size_t headerAt = structAt + field.offset;
      bool ok = field.kind == OutKind::Reference ? readReference(header, node.slots[f], fieldPath)
                : field.kind == OutKind::Block
                    ? readBlock(field, header, headerAt, node.slots[f], fieldPath)
                    : readData(header, node.slots[f], fieldPath);
      if (!ok) return false;
    }
    return true;
  }

 private:
  bool readReference(const uint8_t* header, TagSlot& slot, const std::string& path) {
    uint32_t length = loadBe32(header + 8);
    if (length == 0) return true;
    if (size_t(length) >= left())
      return fail(
          path,
          "reference path of " + std::to_string(length) + " bytes runs past the end of the file",
          pos);
    const uint8_t* p = at(pos);
    if (const void* nul = std::memchr(p, 0, length))
      return fail(path, "reference path has an embedded NUL",
                  pos + size_t(static_cast<const uint8_t*>(nul) - p));
    if (p[length] != 0)
      return fail(path, "reference path is missing its NUL terminator", pos + length);
    slot.path.assign(reinterpret_cast<const char*>(p), length);
    pos += size_t(length) + 1;
    return true;
  }

  bool readBlock(const OutField& field, const uint8_t* header, size_t headerAt, TagSlot& slot,
                 const std::string& path) {
    uint32_t count = loadBe32(header);
    if (count == 0) return true;
    if (count > field.maxCount)
      return fail(path,
                  "block has " + std::to_string(count) + " elements, more than its maximum of " +
                      std::to_string(field.maxCount),
                  headerAt);
    const StructLayout& el = *field.element;
    uint64_t bytes = uint64_t(count) * el.size;
    if (bytes > left())
      return fail(path,
                  "block of " + std::to_string(count) + " " + std::string(el.name) + " (" +
                      std::to_string(bytes) + " bytes) runs past the end of the file",
                  pos);
    size_t elementsAt = pos;
    slot.count = count;
    slot.fileOffset = pos;
    slot.bytes.assign(at(pos), at(pos) + bytes);
    pos += size_t(bytes);
    if (!hasOutFields(&el)) return true;
    slot.children.resize(count);
    for (uint32_t i = 0; i < count; ++i) {
      if (!readTrailing(el, slot.bytes.data() + size_t(i) * el.size,
                        elementsAt + size_t(i) * el.size, slot.children[i],
                        path + "[" + std::to_string(i) + "]"))
        return false;
    }
    return true;
  }

  bool readData(const uint8_t* header, TagSlot& slot, const std::string& path) {
    uint32_t size = loadBe32(header);
    if (size > left())
      return fail(path, "data of " + std::to_string(size) + " bytes runs past the end of the file",
                  pos);
    slot.bytes.assign(at(pos), at(pos) + size);
    slot.fileOffset = pos;
    pos += size;
    return true;
  }

  std::span<const uint8_t> in_;
  const std::string& file_;
  Diagnostics& diags_;
};

// Fixed bytes of one struct with its out-of-line headers patched from the slots.
void appendFixed(const StructLayout& layout, const uint8_t* src, const TagNode* node,
                 std::vector<uint8_t>& out) {
  size_t at = out.size();
  out.insert(out.end(), src, src + layout.size);
  if (!node) return;
  for (size_t f = 0; f < layout.fields.size(); ++f) {
    const OutField& field = layout.fields[f];
    const TagSlot& slot = node->slots[f];
    uint8_t* h = out.data() + at + field.offset;
    switch (field.kind) {
      case OutKind::Reference:
        storeBe32(h + 8, uint32_t(slot.path.size()));
        break;
      case OutKind::Block:
        storeBe32(h, slot.count);
        break;
      case OutKind::Data:
        storeBe32(h, uint32_t(slot.bytes.size()));
        break;
    }
  }
}

void appendTrailing(const StructLayout& layout, const TagNode& node, std::vector<uint8_t>& out) {
  for (size_t f = 0; f < layout.fields.size(); ++f) {
    const OutField& field = layout.fields[f];
    const TagSlot& slot = node.slots[f];
    if (field.kind == OutKind::Reference) {
      if (slot.path.empty()) continue;
      out.insert(out.end(), slot.path.begin(), slot.path.end());
      out.push_back(0);
    } else if (field.kind == OutKind::Data) {
      out.insert(out.end(), slot.bytes.begin(), slot.bytes.end());
    } else {
      const StructLayout& el = *field.element;
      bool nested = hasOutFields(&el);
      for (uint32_t i = 0; i < slot.count; ++i)
        appendFixed(el, slot.bytes.data() + size_t(i) * el.size,
                    nested ? &slot.children[i] : nullptr, out);
      if (nested)
        for (uint32_t i = 0; i < slot.count; ++i) appendTrailing(el, slot.children[i], out);
    }
  }
}

// A fresh struct's references are empty with the field's first class and tag id 0xFFFFFFFF, as
// Invader writes null references.
void initReferences(const StructLayout& layout, uint8_t* fixed) {
  for (const auto& f : layout.fields) {
    if (f.kind != OutKind::Reference) continue;
    storeBe32(fixed + f.offset, f.refClass);
    storeBe32(fixed + f.offset + 12, 0xFFFFFFFFu);
  }
}

std::string knownClassNames() {
  std::string s;
  for (const auto& c : tagClasses()) s += (s.empty() ? "" : ", ") + std::string(c.name);
  return s;
}

}  // namespace

// --- TagStruct -----------------------------------------------------------------------------------

uint8_t TagStruct::getUint8(uint32_t off) const {
  assert(off + 1 <= layout_->size);
  return bytes_[off];
}
int16_t TagStruct::getInt16(uint32_t off) const {
  return int16_t(getUint16(off));
}
uint16_t TagStruct::getUint16(uint32_t off) const {
  assert(off + 2 <= layout_->size);
  return loadBe16(bytes_ + off);
}
int32_t TagStruct::getInt32(uint32_t off) const {
  return int32_t(getUint32(off));
}
uint32_t TagStruct::getUint32(uint32_t off) const {
  assert(off + 4 <= layout_->size);
  return loadBe32(bytes_ + off);
}
float TagStruct::getFloat(uint32_t off) const {
  return std::bit_cast<float>(getUint32(off));
}

void TagStruct::setUint8(uint32_t off, uint8_t v) const {
  assert(off + 1 <= layout_->size);
  bytes_[off] = v;
}
void TagStruct::setInt16(uint32_t off, int16_t v) const {
  setUint16(off, uint16_t(v));
}
void TagStruct::setUint16(uint32_t off, uint16_t v) const {
  assert(off + 2 <= layout_->size);
  storeBe16(bytes_ + off, v);
}
void TagStruct::setInt32(uint32_t off, int32_t v) const {
  setUint32(off, uint32_t(v));
}
void TagStruct::setUint32(uint32_t off, uint32_t v) const {
  assert(off + 4 <= layout_->size);
  storeBe32(bytes_ + off, v);
}
void TagStruct::setFloat(uint32_t off, float v) const {
  setUint32(off, std::bit_cast<uint32_t>(v));
}

uint32_t TagStruct::getFlags(uint32_t off, int width) const {
  return width == 2 ? getUint16(off) : getUint32(off);
}
void TagStruct::setFlags(uint32_t off, int width, uint32_t v) const {
  if (width == 2)
    setUint16(off, uint16_t(v));
  else
    setUint32(off, v);
}

std::string TagStruct::getString(uint32_t off) const {
  assert(off + 32 <= layout_->size);
  const char* p = reinterpret_cast<const char*>(bytes_ + off);
  return std::string(p, strnlen(p, 32));
}
void TagStruct::setString(uint32_t off, std::string_view s) const {
  assert(off + 32 <= layout_->size);
  std::memset(bytes_ + off, 0, 32);
  std::memcpy(bytes_ + off, s.data(), std::min<size_t>(s.size(), 31));
}

FloatBounds TagStruct::getBounds(uint32_t off) const {
  return {getFloat(off), getFloat(off + 4)};
}
void TagStruct::setBounds(uint32_t off, FloatBounds b) const {
  setFloat(off, b.lo);
  setFloat(off + 4, b.hi);
}
ColorRgba TagStruct::getColorArgb(uint32_t off) const {
  return {getFloat(off + 4), getFloat(off + 8), getFloat(off + 12), getFloat(off)};
}
void TagStruct::setColorArgb(uint32_t off, ColorRgba c) const {
  setFloat(off, c.a);
  setFloat(off + 4, c.r);
  setFloat(off + 8, c.g);
  setFloat(off + 12, c.b);
}
ColorRgba TagStruct::getColorRgb(uint32_t off) const {
  return {getFloat(off), getFloat(off + 4), getFloat(off + 8), 1.0f};
}
void TagStruct::setColorRgb(uint32_t off, ColorRgba c) const {
  setFloat(off, c.r);
  setFloat(off + 4, c.g);
  setFloat(off + 8, c.b);
}
vec2 TagStruct::getVec2(uint32_t off) const {
  return {getFloat(off), getFloat(off + 4)};
}
void TagStruct::setVec2(uint32_t off, vec2 v) const {
  setFloat(off, v.x);
  setFloat(off + 4, v.y);
}
vec3 TagStruct::getVec3(uint32_t off) const {
  return {getFloat(off), getFloat(off + 4), getFloat(off + 8)};
}
void TagStruct::setVec3(uint32_t off, vec3 v) const {
  setFloat(off, v.x);
  setFloat(off + 4, v.y);
  setFloat(off + 8, v.z);
}
quat TagStruct::getQuat(uint32_t off) const {
  return quatFromIjkw(getFloat(off), getFloat(off + 4), getFloat(off + 8), getFloat(off + 12));
}
void TagStruct::setQuat(uint32_t off, quat q) const {
  setFloat(off, q.x);
  setFloat(off + 4, q.y);
  setFloat(off + 8, q.z);
  setFloat(off + 12, q.w);
}

TagSlot& TagStruct::slot(std::string_view field, OutKind kind) const {
  int i = layout_->find(field);
  assert(i >= 0 && layout_->fields[size_t(i)].kind == kind);
  (void)kind;
  return node_->slots[size_t(i)];
}

uint32_t TagStruct::referenceClass(std::string_view field) const {
  return getUint32(layout_->fields[size_t(layout_->find(field))].offset);
}
const std::string& TagStruct::referencePath(std::string_view field) const {
  return slot(field, OutKind::Reference).path;
}
void TagStruct::setReference(std::string_view field, std::string_view path, uint32_t cls) const {
  TagSlot& s = slot(field, OutKind::Reference);
  const OutField& f = layout_->fields[size_t(layout_->find(field))];
  s.path = std::string(path);
  setUint32(f.offset, cls ? cls : f.refClass);
  setUint32(f.offset + 8, uint32_t(s.path.size()));
}

uint32_t TagStruct::blockCount(std::string_view field) const {
  return slot(field, OutKind::Block).count;
}
TagStruct TagStruct::element(std::string_view field, uint32_t index) const {
  const OutField& f = layout_->fields[size_t(layout_->find(field))];
  TagSlot& s = slot(field, OutKind::Block);
  assert(index < s.count);
  TagNode* child = hasOutFields(f.element) ? &s.children[index] : nullptr;
  return {f.element, s.bytes.data() + size_t(index) * f.element->size, child};
}
void TagStruct::resizeBlock(std::string_view field, uint32_t count) const {
  const OutField& f = layout_->fields[size_t(layout_->find(field))];
  TagSlot& s = slot(field, OutKind::Block);
  s.bytes.resize(size_t(count) * f.element->size, 0);
  if (hasOutFields(f.element)) {
    s.children.resize(count);
    for (auto& c : s.children) c.slots.resize(f.element->fields.size());
    for (uint32_t i = s.count; i < count; ++i)
      initReferences(*f.element, s.bytes.data() + size_t(i) * f.element->size);
  }
  s.count = count;
  setUint32(f.offset, count);
}

std::vector<uint8_t>& TagStruct::data(std::string_view field) const {
  return slot(field, OutKind::Data).bytes;
}

// --- whole files ---------------------------------------------------------------------------------

uint32_t tagChecksum(std::span<const uint8_t> body) {
  uLong crc = crc32(0L, Z_NULL, 0);
  // zlib takes uInt lengths; feed large bodies in pieces.
  size_t done = 0;
  while (done < body.size()) {
    uInt n = uInt(std::min<size_t>(body.size() - done, 1u << 30));
    crc = crc32(crc, body.data() + done, n);
    done += n;
  }
  return ~uint32_t(crc);
}

TagFile makeTag(TagClass c) {
  TagFile tag;
  tag.cls = &tagClassInfo(c);
  storeBe32(tag.header.data() + 0x24, tag.cls->fourcc);
  storeBe32(tag.header.data() + 0x2C, kHeaderSize);
  storeBe16(tag.header.data() + 0x38, tag.cls->version);
  storeBe16(tag.header.data() + 0x3A, 0x00FF);
  storeBe32(tag.header.data() + 0x3C, kBlamSignature);
  tag.rootBytes.assign(tag.cls->root->size, 0);
  tag.rootNode.slots.resize(tag.cls->root->fields.size());
  initReferences(*tag.cls->root, tag.rootBytes.data());
  return tag;
}

std::optional<TagFile> parseTag(std::span<const uint8_t> bytes, const std::string& displayName,
                                Diagnostics& diags, const TagClassInfo* expected) {
  Reader r(bytes, displayName, diags);
  if (bytes.size() < kHeaderSize) {
    r.fail(
        "header",
        "file is " + std::to_string(bytes.size()) + " bytes, shorter than the 64-byte tag header",
        bytes.size());
    return std::nullopt;
  }
  const uint8_t* h = bytes.data();
  if (loadBe32(h + 0x3C) != kBlamSignature) {
    r.fail("header",
           "not a Halo tag: signature is " + fourCCText(loadBe32(h + 0x3C)) + ", expected 'blam'",
           0x3C);
    return std::nullopt;
  }
  uint32_t fourcc = loadBe32(h + 0x24);
  const TagClassInfo* cls = findTagClassByFourCC(fourcc);
  if (!cls) {
    r.fail(
        "header",
        "tag class " + fourCCText(fourcc) + " is not one fxview reads (" + knownClassNames() + ")",
        0x24);
    return std::nullopt;
  }
  if (expected && cls != expected) {
    r.fail("header",
           "tag class " + fourCCText(fourcc) + " (" + std::string(cls->name) +
               ") does not match the expected " + std::string(expected->name) + " (" +
               fourCCText(expected->fourcc) + ")",
           0x24);
    return std::nullopt;
  }
  if (uint32_t hs = loadBe32(h + 0x2C); hs != kHeaderSize) {
    r.fail("header", "header size is " + hex(hs) + ", expected 0x40", 0x2C);
    return std::nullopt;
  }
  if (uint16_t v = loadBe16(h + 0x38); v != cls->version) {
    r.fail("header",
           std::string(cls->name) + " tag version is " + std::to_string(v) + ", expected " +
               std::to_string(cls->version),
           0x38);
    return std::nullopt;
  }

  TagFile tag;
  tag.cls = cls;
  std::memcpy(tag.header.data(), h, kHeaderSize);
  r.pos = kHeaderSize;
  const StructLayout& root = *cls->root;
  if (r.left() < root.size) {
    r.fail(std::string(cls->name),
           "root struct " + std::string(root.name) + " needs " + std::to_string(root.size) +
               " bytes, the file has " + std::to_string(r.left()) + " after the header",
           kHeaderSize);
    return std::nullopt;
  }
  tag.rootBytes.assign(r.at(r.pos), r.at(r.pos) + root.size);
  r.pos += root.size;
  if (!r.readTrailing(root, tag.rootBytes.data(), kHeaderSize, tag.rootNode, ""))
    return std::nullopt;
  if (r.left() != 0) {
    r.fail(std::string(cls->name),
           std::to_string(r.left()) + " bytes left over after the tag's last field", r.pos);
    return std::nullopt;
  }
  tag.checksum = loadBe32(h + 0x28) == tagChecksum(bytes.subspan(kHeaderSize))
                     ? ChecksumMode::Invader
                     : ChecksumMode::Verbatim;
  return tag;
}

std::optional<TagFile> loadTag(const std::filesystem::path& path, const std::string& displayName,
                               Diagnostics& diags) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    diags.error(displayName, "", "cannot open tag file (missing or not a regular file)");
    return std::nullopt;
  }
  auto size = std::filesystem::file_size(path, ec);
  if (ec || size > kMaxTagFileBytes) {
    diags.error(displayName, "",
                ec ? "cannot read tag file size"
                   : "tag file is " + std::to_string(size) + " bytes, more than the " +
                         std::to_string(kMaxTagFileBytes >> 20) + " MiB allowed");
    return std::nullopt;
  }
  std::vector<uint8_t> bytes(size);
  std::ifstream in(path, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(size))) {
    diags.error(displayName, "", "cannot read tag file");
    return std::nullopt;
  }
  const TagClassInfo* expected = findTagClassByExtension(toUtf8(path.extension()));
  return parseTag(bytes, displayName, diags, expected);
}

std::vector<uint8_t> serializeTag(const TagFile& tag) {
  std::vector<uint8_t> out(tag.header.begin(), tag.header.end());
  const StructLayout& root = *tag.cls->root;
  appendFixed(root, tag.rootBytes.data(), &tag.rootNode, out);
  appendTrailing(root, tag.rootNode, out);
  if (tag.checksum == ChecksumMode::Invader)
    storeBe32(out.data() + 0x28, tagChecksum(std::span<const uint8_t>(out).subspan(kHeaderSize)));
  return out;
}

std::string saveTag(const std::filesystem::path& path, const TagFile& tag) {
  auto bytes = serializeTag(tag);
  return writeFileAtomic(path, std::string(bytes.begin(), bytes.end()));
}

}  // namespace fx::halo
