#include "engine/formats/halo/model_animations.h"

#include <algorithm>
#include <cstring>

namespace fx::halo {

namespace {

uint16_t be16(const uint8_t* p) {
  return uint16_t(p[0] << 8 | p[1]);
}
uint32_t be32(const uint8_t* p) {
  return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
}
float beFloat(const uint8_t* p) {
  uint32_t u = be32(p);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
uint16_t le16(const uint8_t* p) {
  return uint16_t(p[0] | p[1] << 8);
}
float leFloat(const uint8_t* p) {
  uint32_t u = uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
void putBe32(std::vector<uint8_t>& out, uint32_t v) {
  out.insert(out.end(), {uint8_t(v >> 24), uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)});
}
void putBeFloat(std::vector<uint8_t>& out, float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  putBe32(out, u);
}

// A stored quaternion (i, j, k, w, any scale) as the true rotation: normalised, all-zero as
// identity, conjugated (the tag stores rotations inverted).
quat storedRotation(float i, float j, float k, float w) {
  float len2 = i * i + j * j + k * k + w * w;
  if (!(len2 > 0.0f) || !std::isfinite(len2)) return {1, 0, 0, 0};
  float inv = 1.0f / std::sqrt(len2);
  return {w * inv, -i * inv, -j * inv, -k * inv};
}

quat rotation16(const uint8_t* p) {
  return storedRotation(float(int16_t(be16(p))), float(int16_t(be16(p + 2))),
                        float(int16_t(be16(p + 4))), float(int16_t(be16(p + 6))));
}

// A 48-bit rotation: three little-endian u16 words w0 w1 w2 make the number w0<<32 | w1<<16 | w2,
// holding i, j, k, w as 12-bit signed fields from the top.
quat rotation48(const uint8_t* p) {
  uint64_t v = uint64_t(le16(p)) << 32 | uint64_t(le16(p + 2)) << 16 | le16(p + 4);
  auto field = [&](int shift) {
    int32_t c = int32_t((v >> shift) & 0xFFF);
    return float(c & 0x800 ? c - 0x1000 : c);
  };
  return storedRotation(field(36), field(24), field(12), field(0));
}

vec3 vec3Le(const uint8_t* p) {
  return {leFloat(p), leFloat(p + 4), leFloat(p + 8)};
}

quat nlerp(quat a, quat b, float t) {
  if (glm::dot(a, b) < 0.0f) b = -b;
  quat q{a.w + (b.w - a.w) * t, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t,
         a.z + (b.z - a.z) * t};
  float len = glm::length(q);
  return len > 0.0f ? q / len : quat{1, 0, 0, 0};
}

// One channel of one node in a compressed animation: the blob, its stream, the node's keyframe
// header (count, first), and how a value is read and blended.
struct Track {
  const uint8_t* blob;
  const CompressedStream& s;
  uint32_t count, first;
  uint32_t valueSize;

  int keyframe(uint32_t i) const { return le16(blob + s.keyframes + 2 * (first + i)); }
  const uint8_t* value(uint32_t i) const { return blob + s.values + valueSize * (first + i); }

  // Which stored values frame f blends, and how far: (a, b, t); a == b: no blend. -1 = default.
  struct Span {
    int64_t a, b;
    float t;
  };
  Span at(int f) const {
    if (count == 0 || f <= 0) return {-1, -1, 0.0f};
    if (f >= keyframe(count - 1)) return {count - 1, count - 1, 0.0f};
    int k0 = keyframe(0);
    if (f < k0) return {-1, 0, float(f) / float(k0)};
    uint32_t lo = 0, hi = count - 1;  // keyframe(lo) <= f < keyframe(hi)
    while (hi - lo > 1) {
      uint32_t mid = lo + (hi - lo) / 2;
      (keyframe(mid) <= f ? lo : hi) = mid;
    }
    int a = keyframe(lo), b = keyframe(hi);
    if (a == f || b <= a) return {lo, lo, 0.0f};
    return {lo, hi, float(f - a) / float(b - a)};
  }
};

// Index of `node` among the flagged nodes before it.
uint32_t rank(const NodeFlags& flags, int node) {
  uint32_t r = 0;
  for (int n = 0; n < node; ++n) r += flags.has(n) ? 1 : 0;
  return r;
}

Track track(const Animation& a, int channel, const NodeFlags& flags, int node, uint32_t size) {
  const uint8_t* blob = a.frameData.data() + a.compressedOffset;
  const CompressedStream& s = a.streams[size_t(channel)];
  if (!flags.has(node)) return {blob, s, 0, 0, size};
  uint32_t h = le16(blob + s.headers + 4 * rank(flags, node)) |
               uint32_t(le16(blob + s.headers + 4 * rank(flags, node) + 2)) << 16;
  return {blob, s, h & 0xFFF, h >> 12, size};
}

void decodeCompressedNode(const Animation& a, int n, int f, NodeTransform& out) {
  const uint8_t* blob = a.frameData.data() + a.compressedOffset;
  quat rotDefault = rotation48(blob + a.streams[0].defaults + 6 * uint32_t(n));
  vec3 posDefault = vec3Le(blob + a.streams[1].defaults + 12 * uint32_t(n));
  Track r = track(a, 0, a.rotated, n, 6);
  Track::Span sr = r.at(f);
  quat ra = sr.a < 0 ? rotDefault : rotation48(r.value(uint32_t(sr.a)));
  out.rotation = sr.a == sr.b ? ra : nlerp(ra, rotation48(r.value(uint32_t(sr.b))), sr.t);
  Track t = track(a, 1, a.translated, n, 12);
  Track::Span st = t.at(f);
  vec3 ta = st.a < 0 ? posDefault : vec3Le(t.value(uint32_t(st.a)));
  out.translation = st.a == st.b ? ta : glm::mix(ta, vec3Le(t.value(uint32_t(st.b))), st.t);
  if (!a.scaled.has(n)) return;
  float scaleDefault = leFloat(blob + a.streams[2].defaults + 4 * rank(a.scaled, n));
  Track s = track(a, 2, a.scaled, n, 4);
  Track::Span ss = s.at(f);
  float sa = ss.a < 0 ? scaleDefault : leFloat(s.value(uint32_t(ss.a)));
  out.scale = ss.a == ss.b ? sa : sa + (leFloat(s.value(uint32_t(ss.b))) - sa) * ss.t;
}

}  // namespace

const char* animationTypeName(AnimationType t) {
  switch (t) {
    case AnimationType::Base:
      return "base";
    case AnimationType::Overlay:
      return "overlay";
    case AnimationType::Replacement:
      return "replacement";
  }
  return "unknown";
}

int NodeFlags::count(int nodes) const {
  int c = 0;
  for (int n = 0; n < nodes; ++n) c += has(n) ? 1 : 0;
  return c;
}

std::vector<NodeTransform> Animation::defaults() const {
  std::vector<NodeTransform> out(nodeCount);
  const uint8_t* p = defaultData.data();
  for (int n = 0; n < nodeCount; ++n) {
    if (!rotated.has(n)) out[size_t(n)].rotation = rotation16(p), p += 8;
    if (!translated.has(n))
      out[size_t(n)].translation = {beFloat(p), beFloat(p + 4), beFloat(p + 8)}, p += 12;
    if (!scaled.has(n)) out[size_t(n)].scale = beFloat(p), p += 4;
  }
  return out;
}

std::vector<NodeTransform> Animation::frame(int f) const {
  std::vector<NodeTransform> out = defaults();
  f = std::clamp(f, 0, std::max(0, int(frameCount) - 1));
  if (compressed()) {
    for (int n = 0; n < nodeCount; ++n) decodeCompressedNode(*this, n, f, out[size_t(n)]);
    return out;
  }
  if (frameCount == 0) return out;
  const uint8_t* p = frameData.data() + size_t(f) * frameSize;
  for (int n = 0; n < nodeCount; ++n) {
    if (rotated.has(n)) out[size_t(n)].rotation = rotation16(p), p += 8;
    if (translated.has(n))
      out[size_t(n)].translation = {beFloat(p), beFloat(p + 4), beFloat(p + 8)}, p += 12;
    if (scaled.has(n)) out[size_t(n)].scale = beFloat(p), p += 4;
  }
  return out;
}

int ModelAnimations::find(std::string_view name) const {
  for (size_t i = 0; i < animations.size(); ++i)
    if (animations[i].name == name) return int(i);
  return -1;
}

std::vector<uint8_t> encodeFrame(const Animation& a, std::span<const NodeTransform> locals,
                                 bool defaults) {
  std::vector<uint8_t> out;
  for (int n = 0; n < a.nodeCount && size_t(n) < locals.size(); ++n) {
    const NodeTransform& t = locals[size_t(n)];
    if (a.rotated.has(n) != defaults) {
      quat q = glm::normalize(t.rotation);
      for (float c : {-q.x, -q.y, -q.z, q.w}) {  // stored inverted
        auto v = uint16_t(int16_t(std::lround(std::clamp(c, -1.0f, 1.0f) * 32767.0f)));
        out.insert(out.end(), {uint8_t(v >> 8), uint8_t(v)});
      }
    }
    if (a.translated.has(n) != defaults)
      for (int c = 0; c < 3; ++c) putBeFloat(out, t.translation[c]);
    if (a.scaled.has(n) != defaults) putBeFloat(out, t.scale);
  }
  return out;
}

std::string animationMismatch(const Animation& a, const GbxModel& model) {
  if (a.nodeCount != model.nodes.size())
    return "animation \"" + a.name + "\" has " + std::to_string(a.nodeCount) +
           " nodes, the model " + std::to_string(model.nodes.size());
  if (a.nodeChecksum != 0 && model.nodeChecksum != 0 && a.nodeChecksum != model.nodeChecksum)
    return "animation \"" + a.name + "\" node list checksum " + std::to_string(a.nodeChecksum) +
           " differs from the model's " + std::to_string(model.nodeChecksum);
  return {};
}

std::vector<NodeTransform> overlayPose(std::span<const NodeTransform> base,
                                       std::span<const NodeTransform> overlay) {
  std::vector<NodeTransform> out(base.begin(), base.end());
  for (size_t n = 0; n < out.size() && n < overlay.size(); ++n) {
    out[n].rotation = glm::normalize(overlay[n].rotation * base[n].rotation);
    out[n].translation = base[n].translation + overlay[n].translation;
    out[n].scale = overlay[n].scale;
  }
  return out;
}

std::vector<NodeTransform> defaultLocals(const GbxModel& model) {
  std::vector<NodeTransform> out(model.nodes.size());
  for (size_t n = 0; n < out.size(); ++n) {
    out[n].rotation = glm::normalize(model.nodes[n].rotation);
    out[n].translation = model.nodes[n].translation;
  }
  return out;
}

std::vector<Transform> poseNodes(const GbxModel& model, std::span<const NodeTransform> locals) {
  std::vector<NodeTransform> all = defaultLocals(model);
  for (size_t n = 0; n < all.size() && n < locals.size(); ++n) all[n] = locals[n];
  std::vector<Transform> pose(all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    Transform local{all[i].translation, all[i].rotation, all[i].scale};
    uint16_t parent = model.nodes[i].parent;
    pose[i] = parent < i ? compose(pose[parent], local) : local;
  }
  return pose;
}

}  // namespace fx::halo
