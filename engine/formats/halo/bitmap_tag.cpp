#include "engine/formats/halo/bitmap_tag.h"

namespace fx::halo {

namespace {

BitmapSprite spriteFrom(const TagStruct& s) {
  BitmapSprite out;
  out.bitmap = s.getUint16(0x00);
  out.left = s.getFloat(0x08);
  out.right = s.getFloat(0x0C);
  out.top = s.getFloat(0x10);
  out.bottom = s.getFloat(0x14);
  out.registration = s.getVec2(0x18);
  return out;
}

BitmapPage pageFrom(const TagStruct& d) {
  BitmapPage p;
  p.width = d.getUint16(0x04);
  p.height = d.getUint16(0x06);
  p.depth = d.getUint16(0x08);
  p.type = d.getInt16(0x0A);
  p.format = d.getInt16(0x0C);
  p.flags = d.getUint16(0x0E);
  p.registrationX = d.getInt16(0x10);
  p.registrationY = d.getInt16(0x12);
  p.mipmaps = d.getUint16(0x14);
  p.pixelOffset = d.getUint32(0x18);
  return p;
}

}  // namespace

Bitmap bitmapFromTag(TagFile& tag) {
  Bitmap b;
  TagStruct root = tag.root();
  b.type = root.getInt16(0x00);
  b.encodingFormat = root.getInt16(0x02);
  for (uint32_t i = 0; i < root.blockCount("bitmap_group_sequence"); ++i) {
    TagStruct s = root.element("bitmap_group_sequence", i);
    BitmapSequence seq;
    seq.name = s.getString(0x00);
    seq.firstBitmap = s.getUint16(0x20);
    seq.bitmapCount = s.getUint16(0x22);
    for (uint32_t k = 0; k < s.blockCount("sprites"); ++k)
      seq.sprites.push_back(spriteFrom(s.element("sprites", k)));
    b.sequences.push_back(std::move(seq));
  }
  for (uint32_t i = 0; i < root.blockCount("bitmap_data"); ++i)
    b.pages.push_back(pageFrom(root.element("bitmap_data", i)));
  b.pixels = root.data("processed_pixel_data");
  return b;
}

std::optional<Bitmap> loadBitmap(const std::filesystem::path& path, const std::string& displayName,
                                 Diagnostics& diags) {
  auto tag = loadTag(path, displayName, diags);
  if (!tag) return std::nullopt;
  if (tag->cls->id != TagClass::Bitmap) {
    diags.error(displayName, "",
                "expected a bitmap tag, found a " + std::string(tag->cls->name) + " tag");
    return std::nullopt;
  }
  return bitmapFromTag(*tag);
}

}  // namespace fx::halo
