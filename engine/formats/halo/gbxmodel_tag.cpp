#include "engine/formats/halo/gbxmodel_tag.h"

namespace fx::halo {

namespace {

// "Model quaternions are stored inverted" (§8): the true rotation is the conjugate.
quat trueRotation(const TagStruct& s, uint32_t off) {
  return glm::conjugate(s.getQuat(off));
}

ModelNode nodeFrom(const TagStruct& n) {
  ModelNode out;
  out.name = n.getString(0x00);
  out.parent = n.getUint16(0x24);
  out.translation = n.getVec3(0x28);
  out.rotation = trueRotation(n, 0x34);
  return out;
}

ModelMarker markerFrom(const TagStruct& m) {
  ModelMarker out;
  out.name = m.getString(0x00);
  out.node = m.getUint16(0x20);
  out.rotation = trueRotation(m, 0x24);
  out.translation = m.getVec3(0x34);
  return out;
}

ModelPermutation permutationFrom(const TagStruct& p) {
  ModelPermutation out;
  out.name = p.getString(0x00);
  for (int level = 0; level < kDetailLevels; ++level)
    out.geometry[size_t(level)] = p.getUint16(0x40 + 2 * uint32_t(level));
  for (uint32_t i = 0; i < p.blockCount("markers"); ++i)
    out.markers.push_back(markerFrom(p.element("markers", i)));
  return out;
}

// Signed fixed-point field of `bits` bits at `shift`, as a fraction of its largest value.
float signedField(uint32_t word, int shift, int bits) {
  int32_t v = int32_t((word >> shift) & ((1u << bits) - 1u));
  if (v & (1 << (bits - 1))) v -= 1 << bits;
  return float(v) / float((1 << (bits - 1)) - 1);
}

ModelPart partFrom(const TagStruct& p) {
  ModelPart out;
  uint32_t uncompressed = p.blockCount("uncompressed_vertices");
  if (uncompressed > 0) {
    for (uint32_t i = 0; i < uncompressed; ++i) {
      TagStruct v = p.element("uncompressed_vertices", i);
      int16_t node = v.getInt16(0x38);
      out.vertices.push_back(
          {v.getVec3(0x00), v.getVec3(0x0C), v.getVec2(0x30), uint16_t(node < 0 ? 0 : node)});
    }
  } else {
    for (uint32_t i = 0; i < p.blockCount("compressed_vertices"); ++i) {
      TagStruct v = p.element("compressed_vertices", i);
      vec2 uv{float(v.getInt16(0x18)) / 32767.0f, float(v.getInt16(0x1A)) / 32767.0f};
      out.vertices.push_back({v.getVec3(0x00), unpackCompressedNormal(v.getUint32(0x0C)), uv});
    }
  }
  for (uint32_t i = 0; i < p.blockCount("triangles"); ++i) {
    TagStruct t = p.element("triangles", i);
    out.strip.insert(out.strip.end(), {t.getUint16(0), t.getUint16(2), t.getUint16(4)});
  }
  return out;
}

void writePart(const TagStruct& p, const ModelPart& part) {
  p.resizeBlock("uncompressed_vertices", uint32_t(part.vertices.size()));
  for (uint32_t i = 0; i < part.vertices.size(); ++i) {
    TagStruct v = p.element("uncompressed_vertices", i);
    const ModelVertex& mv = part.vertices[i];
    v.setVec3(0x00, mv.position);
    v.setVec3(0x0C, mv.normal);
    v.setVec2(0x30, mv.uv);
    v.setUint16(0x38, mv.node);   // node 0
    v.setUint16(0x3A, kNoIndex);  // no node 1
    v.setFloat(0x3C, 1.0f);       // node 0 weight
  }
  std::vector<uint16_t> strip = part.strip;
  while (strip.size() % 3) strip.push_back(kNoIndex);
  p.resizeBlock("triangles", uint32_t(strip.size() / 3));
  for (uint32_t i = 0; i < strip.size() / 3; ++i) {
    TagStruct t = p.element("triangles", i);
    t.setUint16(0, strip[i * 3]), t.setUint16(2, strip[i * 3 + 1]),
        t.setUint16(4, strip[i * 3 + 2]);
  }
}

}  // namespace

TagFile gbxModelToTag(const GbxModel& model) {
  TagFile tag = makeTag(TagClass::Gbxmodel);
  TagStruct root = tag.root();
  root.setFloat(0x30, 1.0f);
  root.setFloat(0x34, 1.0f);
  root.setUint32(0x04, model.nodeChecksum);
  root.resizeBlock("nodes", uint32_t(model.nodes.size()));
  for (uint32_t i = 0; i < model.nodes.size(); ++i) {
    TagStruct n = root.element("nodes", i);
    const ModelNode& mn = model.nodes[i];
    n.setString(0x00, mn.name);
    n.setUint16(0x20, kNoIndex);  // next sibling
    n.setUint16(0x22, kNoIndex);  // first child
    n.setUint16(0x24, mn.parent);
    n.setVec3(0x28, mn.translation);
    n.setQuat(0x34, glm::conjugate(mn.rotation));
    n.setFloat(0x44, glm::length(mn.translation));
  }
  // Sibling and child links as a tag editor writes them: the first child, then each next sibling.
  for (uint32_t i = 0; i < model.nodes.size(); ++i) {
    uint16_t parent = model.nodes[i].parent;
    if (parent >= i) continue;
    TagStruct p = root.element("nodes", parent);
    if (p.getUint16(0x22) == kNoIndex) {
      p.setUint16(0x22, uint16_t(i));
      continue;
    }
    uint16_t s = p.getUint16(0x22);
    while (root.element("nodes", s).getUint16(0x20) != kNoIndex)
      s = root.element("nodes", s).getUint16(0x20);
    root.element("nodes", s).setUint16(0x20, uint16_t(i));
  }
  root.resizeBlock("regions", uint32_t(model.regions.size()));
  for (uint32_t r = 0; r < model.regions.size(); ++r) {
    TagStruct region = root.element("regions", r);
    region.setString(0x00, model.regions[r].name);
    const auto& perms = model.regions[r].permutations;
    region.resizeBlock("permutations", uint32_t(perms.size()));
    for (uint32_t k = 0; k < perms.size(); ++k) {
      TagStruct p = region.element("permutations", k);
      p.setString(0x00, perms[k].name);
      for (int level = 0; level < kDetailLevels; ++level)
        p.setUint16(0x40 + 2 * uint32_t(level), perms[k].geometry[size_t(level)]);
      p.resizeBlock("markers", uint32_t(perms[k].markers.size()));
      for (uint32_t m = 0; m < perms[k].markers.size(); ++m) {
        TagStruct mk = p.element("markers", m);
        const ModelMarker& mm = perms[k].markers[m];
        mk.setString(0x00, mm.name);
        mk.setUint16(0x20, mm.node);
        mk.setQuat(0x24, glm::conjugate(mm.rotation));
        mk.setVec3(0x34, mm.translation);
      }
    }
  }
  root.resizeBlock("geometries", uint32_t(model.geometries.size()));
  for (uint32_t g = 0; g < model.geometries.size(); ++g) {
    TagStruct geometry = root.element("geometries", g);
    const auto& parts = model.geometries[g].parts;
    geometry.resizeBlock("parts", uint32_t(parts.size()));
    for (uint32_t k = 0; k < parts.size(); ++k) writePart(geometry.element("parts", k), parts[k]);
  }
  return tag;
}

vec3 unpackCompressedNormal(uint32_t packed) {
  return {signedField(packed, 0, 11), signedField(packed, 11, 11), signedField(packed, 22, 10)};
}

GbxModel gbxModelFromTag(TagFile& tag) {
  GbxModel m;
  TagStruct root = tag.root();
  m.nodeChecksum = root.getUint32(0x04);
  for (uint32_t i = 0; i < root.blockCount("nodes"); ++i)
    m.nodes.push_back(nodeFrom(root.element("nodes", i)));
  for (uint32_t i = 0; i < root.blockCount("regions"); ++i) {
    TagStruct r = root.element("regions", i);
    ModelRegion region;
    region.name = r.getString(0x00);
    for (uint32_t k = 0; k < r.blockCount("permutations"); ++k)
      region.permutations.push_back(permutationFrom(r.element("permutations", k)));
    m.regions.push_back(std::move(region));
  }
  for (uint32_t i = 0; i < root.blockCount("geometries"); ++i) {
    TagStruct g = root.element("geometries", i);
    ModelGeometry geometry;
    for (uint32_t k = 0; k < g.blockCount("parts"); ++k)
      geometry.parts.push_back(partFrom(g.element("parts", k)));
    m.geometries.push_back(std::move(geometry));
  }
  return m;
}

std::optional<GbxModel> loadGbxModel(const std::filesystem::path& path,
                                     const std::string& displayName, Diagnostics& diags) {
  auto tag = loadTag(path, displayName, diags);
  if (!tag) return std::nullopt;
  if (tag->cls->id != TagClass::Gbxmodel) {
    diags.error(displayName, "",
                "expected a gbxmodel tag, found a " + std::string(tag->cls->name) + " tag");
    return std::nullopt;
  }
  return gbxModelFromTag(*tag);
}

}  // namespace fx::halo
