#include "engine/effects/lightning/lightning_texgen.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <vector>

#include "engine/core/paths.h"
#include "engine/core/rng.h"

namespace fx::lightning {

namespace {

// One straight piece of a bolt with its threshold at both ends.
struct Stroke {
  vec2 a, b;               // texel units (texel centres at i + 0.5)
  float halfWidth = 1.0f;  // bolt half thickness, texels
  float thresholdA = 0.0f, thresholdB = 0.0f;
  float glowRadius = 8.0f;     // texels beyond the bolt edge where G reaches 0
  float glowIntensity = 0.7f;  // G just outside the bolt
};

struct Canvas {
  int width, height;
  std::vector<float> glow;       // best G so far
  std::vector<float> threshold;  // B of the stroke that gave it
  std::vector<uint8_t> bolt;
};

void rasterize(Canvas& c, const Stroke& s) {
  float reach = s.halfWidth + s.glowRadius + 1.0f;
  int x0 = std::max(0, int(std::floor(std::min(s.a.x, s.b.x) - reach)));
  int x1 = std::min(c.width - 1, int(std::ceil(std::max(s.a.x, s.b.x) + reach)));
  int y0 = std::max(0, int(std::floor(std::min(s.a.y, s.b.y) - reach)));
  int y1 = std::min(c.height - 1, int(std::ceil(std::max(s.a.y, s.b.y) + reach)));
  vec2 ab = s.b - s.a;
  float len2 = glm::dot(ab, ab);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      vec2 p(float(x) + 0.5f, float(y) + 0.5f);
      float t = len2 > 0.0f ? std::clamp(glm::dot(p - s.a, ab) / len2, 0.0f, 1.0f) : 0.0f;
      float d = glm::length(p - (s.a + t * ab));
      size_t i = size_t(y) * size_t(c.width) + size_t(x);
      float g = 0.0f;
      if (d <= s.halfWidth) {
        g = 1.0f;
        c.bolt[i] = 1;
      } else if (d < s.halfWidth + s.glowRadius) {
        float f = 1.0f - (d - s.halfWidth) / s.glowRadius;
        g = s.glowIntensity * f * f;
      }
      if (g > c.glow[i]) {
        c.glow[i] = g;
        c.threshold[i] = s.thresholdA + (s.thresholdB - s.thresholdA) * t;
      }
    }
  }
}

// Strokes along a polyline; the threshold runs from tA at the first point to tB at the last,
// proportional to the point index.
void strokePolyline(std::vector<Stroke>& out, const std::vector<vec2>& pts, Stroke style, float tA,
                    float tB) {
  if (pts.size() < 2) return;
  float n = float(pts.size() - 1);
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    Stroke s = style;
    s.a = pts[i];
    s.b = pts[i + 1];
    s.thresholdA = tA + (tB - tA) * (float(i) / n);
    s.thresholdB = tA + (tB - tA) * (float(i + 1) / n);
    out.push_back(s);
  }
}

// Midpoint displacement perpendicular to each piece: `levels` subdivisions, the first with
// amplitude `roughness` * |b - a|, each next one 0.55 of the previous.
std::vector<vec2> jagged(Lcg& rng, const std::vector<vec2>& start, int levels, float roughness) {
  std::vector<vec2> pts = start;
  float amp = roughness * glm::length(start.back() - start.front());
  for (int l = 0; l < levels; ++l) {
    std::vector<vec2> next;
    next.reserve(pts.size() * 2);
    for (size_t i = 0; i + 1 < pts.size(); ++i) {
      vec2 p = pts[i], q = pts[i + 1];
      vec2 d = q - p;
      float len = glm::length(d);
      vec2 perp = len > 0.0f ? vec2(-d.y, d.x) / len : vec2(0.0f);
      next.push_back(p);
      next.push_back((p + q) * 0.5f + perp * (amp * rng.signedUnit()));
    }
    next.push_back(pts.back());
    pts = std::move(next);
    amp *= 0.55f;
  }
  return pts;
}

vec2 polar(vec2 centre, float radius, float angle) {
  return centre + radius * vec2(std::cos(angle), std::sin(angle));
}

// The long bolt: the main path is displaced across the texture only (x keeps increasing); a few
// thinner branches fork forward from it. B = u for every texel (set after rasterizing).
void boltStrokes(Lcg& rng, int w, int h, std::vector<Stroke>& out) {
  float scale = float(h) / 64.0f;
  Stroke main{.halfWidth = std::max(0.75f, 1.6f * scale),
              .glowRadius = 11.0f * scale,
              .glowIntensity = 0.75f};
  float margin = main.halfWidth + main.glowRadius * 0.6f + 1.0f;
  float lo = margin, hi = float(h) - margin;
  float mid = float(h) * 0.5f;
  // Vertical-only midpoint displacement over 2^7 pieces.
  std::vector<vec2> pts = {{1.0f, mid}, {float(w) - 1.0f, mid}};
  float amp = 0.3f * float(h);
  for (int l = 0; l < 7; ++l) {
    std::vector<vec2> next;
    for (size_t i = 0; i + 1 < pts.size(); ++i) {
      next.push_back(pts[i]);
      vec2 m = (pts[i] + pts[i + 1]) * 0.5f;
      m.y = std::clamp(m.y + amp * rng.signedUnit(), lo, hi);
      next.push_back(m);
    }
    next.push_back(pts.back());
    pts = std::move(next);
    amp *= 0.62f;  // rougher than a smooth curve: lightning zigzags at every scale
  }
  strokePolyline(out, pts, main, 0.0f, 0.0f);

  // Branches: forward-leaning forks off the main path.
  int branches = 3 + rng.rangeInt(0, 3);
  for (int b = 0; b < branches; ++b) {
    size_t at = size_t(rng.rangeInt(int(pts.size() / 10), int(pts.size() * 8 / 10)));
    vec2 start = pts[at];
    float side = start.y < mid ? -1.0f : 1.0f;  // fork away from the centre line
    if (rng.unit() < 0.3f) side = -side;
    float angle = side * (0.35f + 0.45f * rng.unit());
    float length = float(w) * (0.06f + 0.1f * rng.unit());
    vec2 end = start + length * vec2(std::cos(angle), std::sin(angle));
    end.y = std::clamp(end.y, lo * 0.6f, float(h) - lo * 0.6f);
    Stroke branch = main;
    branch.halfWidth = std::max(0.6f, main.halfWidth * 0.6f);
    branch.glowRadius = main.glowRadius * 0.6f;
    branch.glowIntensity = 0.55f;
    strokePolyline(out, jagged(rng, {start, end}, 4, 0.18f), branch, 0.0f, 0.0f);
  }
}

// The ring of small bolts. `grow` = 0 for has-charge, 1 for the unsuccessful attack: the same
// random draws (same seed, same shape), scaled up and made more intense.
void ringStrokes(Lcg& rng, int w, int h, float grow, std::vector<Stroke>& out) {
  float side = float(std::min(w, h));
  float scale = side / 256.0f;
  vec2 centre(float(w) * 0.5f, float(h) * 0.5f);
  float radius = side * (0.28f + 0.08f * grow);
  Stroke style{.halfWidth = std::max(0.6f, (1.2f + 0.9f * grow) * scale),
               .glowRadius = (9.0f + 7.0f * grow) * scale,
               .glowIntensity = 0.65f + 0.3f * grow};
  constexpr int kBolts = 9;
  // Each bolt its own threshold: evenly spread values in a shuffled order.
  std::array<int, kBolts> order;
  for (int i = 0; i < kBolts; ++i) order[size_t(i)] = i;
  for (int i = kBolts - 1; i > 0; --i)
    std::swap(order[size_t(i)], order[size_t(rng.rangeInt(0, i + 1))]);
  for (int i = 0; i < kBolts; ++i) {
    float threshold = (float(order[size_t(i)]) + 0.5f) / float(kBolts);
    float a0 = kTwoPi * (float(i) + 0.35f * rng.signedUnit()) / float(kBolts);
    float span = (0.35f + 0.25f * rng.unit()) * (1.0f + 0.4f * grow);
    constexpr int kPoints = 5;
    std::vector<vec2> arc;
    for (int k = 0; k <= kPoints; ++k) {
      float jitter = side * 0.045f * rng.signedUnit() * (1.0f + 0.5f * grow);
      arc.push_back(polar(centre, radius + jitter, a0 + span * float(k) / float(kPoints)));
    }
    std::vector<vec2> pts = jagged(rng, arc, 2, 0.05f);
    strokePolyline(out, pts, style, threshold, threshold);
    // A short spike off the arc, outward or inward.
    vec2 from = pts[size_t(rng.rangeInt(1, int(pts.size()) - 1))];
    vec2 dir = glm::normalize(from - centre) * (rng.unit() < 0.5f ? 1.0f : -1.0f);
    float length = side * (0.06f + 0.05f * rng.unit()) * (1.0f + 0.5f * grow);
    vec2 to = from + dir * length + vec2(-dir.y, dir.x) * (length * 0.4f * rng.signedUnit());
    Stroke spike = style;
    spike.halfWidth = std::max(0.6f, style.halfWidth * 0.7f);
    strokePolyline(out, jagged(rng, {from, to}, 2, 0.2f), spike, threshold, threshold);
  }
}

// Bolts reaching in from the edge toward the centre; B rises inward so a moving threshold
// window crawls along them toward the character.
void reachingStrokes(Lcg& rng, int w, int h, std::vector<Stroke>& out) {
  float side = float(std::min(w, h));
  float scale = side / 256.0f;
  vec2 centre(float(w) * 0.5f, float(h) * 0.5f);
  Stroke style{
      .halfWidth = std::max(0.6f, 1.1f * scale), .glowRadius = 8.0f * scale, .glowIntensity = 0.6f};
  constexpr int kBolts = 7;
  for (int i = 0; i < kBolts; ++i) {
    float angle = kTwoPi * (float(i) + 0.3f * rng.signedUnit()) / float(kBolts);
    float twist = 0.5f * rng.signedUnit();
    float outer = side * (0.42f + 0.04f * rng.unit());
    float inner = side * (0.09f + 0.04f * rng.unit());
    float phase = 0.2f * rng.unit();
    std::vector<vec2> pts =
        jagged(rng, {polar(centre, outer, angle), polar(centre, inner, angle + twist)}, 5, 0.14f);
    strokePolyline(out, pts, style, phase, std::min(1.0f, phase + 0.8f));
  }
}

}  // namespace

std::optional<TextureKind> parseTextureKind(std::string_view name) {
  if (name == "bolt") return TextureKind::Bolt;
  if (name == "charged") return TextureKind::Charged;
  if (name == "unsuccessful") return TextureKind::Unsuccessful;
  if (name == "reaching") return TextureKind::Reaching;
  return std::nullopt;
}

const char* textureKindName(TextureKind kind) {
  switch (kind) {
    case TextureKind::Bolt:
      return "bolt";
    case TextureKind::Charged:
      return "charged";
    case TextureKind::Unsuccessful:
      return "unsuccessful";
    case TextureKind::Reaching:
      return "reaching";
  }
  return "bolt";
}

std::string resolveSize(TexgenOptions& o) {
  if (o.width == 0 && o.height == 0) {
    o.width = o.kind == TextureKind::Bolt ? 512 : 256;
    o.height = o.kind == TextureKind::Bolt ? 64 : 256;
  }
  if (o.width < kMinTextureSide || o.height < kMinTextureSide || o.width > kMaxTextureSide ||
      o.height > kMaxTextureSide)
    return "expected a size from " + std::to_string(kMinTextureSide) + " to " +
           std::to_string(kMaxTextureSide) + " texels per side, got " + std::to_string(o.width) +
           "x" + std::to_string(o.height);
  return {};
}

DataImage generateTexture(TexgenOptions o) {
  DataImage img;
  if (!resolveSize(o).empty()) return img;
  img.width = o.width;
  img.height = o.height;
  size_t n = size_t(o.width) * size_t(o.height);
  Canvas c{o.width, o.height, std::vector<float>(n, 0.0f), std::vector<float>(n, 0.0f),
           std::vector<uint8_t>(n, 0)};
  // Each kind draws from its own stream, so the same seed gives unrelated bolts per kind, except
  // charged / unsuccessful, which share one on purpose (the same shape).
  uint32_t stream =
      o.kind == TextureKind::Unsuccessful ? uint32_t(TextureKind::Charged) : uint32_t(o.kind);
  Lcg rng{instanceSeed(o.seed, textureKindName(TextureKind(stream)))};
  std::vector<Stroke> strokes;
  switch (o.kind) {
    case TextureKind::Bolt:
      boltStrokes(rng, o.width, o.height, strokes);
      break;
    case TextureKind::Charged:
      ringStrokes(rng, o.width, o.height, 0.0f, strokes);
      break;
    case TextureKind::Unsuccessful:
      ringStrokes(rng, o.width, o.height, 1.0f, strokes);
      break;
    case TextureKind::Reaching:
      reachingStrokes(rng, o.width, o.height, strokes);
      break;
  }
  for (const Stroke& s : strokes) rasterize(c, s);

  img.rgb.assign(n * 3, 0);
  for (int y = 0; y < o.height; ++y) {
    for (int x = 0; x < o.width; ++x) {
      size_t i = size_t(y) * size_t(o.width) + size_t(x);
      uint8_t* t = img.texel(x, y);
      float g = c.glow[i];
      float b = c.threshold[i];
      // The long bolt's threshold is its position along the length: B = u of the texel centre.
      if (o.kind == TextureKind::Bolt) b = (float(x) + 0.5f) / float(o.width);
      t[0] = c.bolt[i] ? 255 : 0;
      t[1] = uint8_t(std::lround(std::clamp(g, 0.0f, 1.0f) * 255.0f));
      t[2] = g > 0.0f || c.bolt[i] ? uint8_t(std::lround(std::clamp(b, 0.0f, 1.0f) * 255.0f)) : 0;
    }
  }
  return img;
}

ThresholdHistogram thresholdHistogram(const DataImage& image) {
  ThresholdHistogram h;
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x) {
      const uint8_t* t = image.texel(x, y);
      if (t[0] < 128) continue;
      h.counts[t[2]]++;
      h.total++;
    }
  return h;
}

double revealedShare(const ThresholdHistogram& h, float t, vec2 offset) {
  if (h.total == 0) return 0.0;
  uint64_t kept = 0;
  for (int b = 0; b < 256; ++b)
    if (thresholdKeeps(float(b) / 255.0f, t, offset)) kept += h.counts[size_t(b)];
  return double(kept) / double(h.total);
}

Json sideCarJson(const TexgenOptions& o, const ThresholdHistogram& h) {
  Json j;
  j["version"] = 1;
  j["generator"] = "fxview texgen lightning";
  j["kind"] = textureKindName(o.kind);
  j["seed"] = o.seed;
  j["size"] = {o.width, o.height};
  j["bolt_texels"] = h.total;
  j["bolt_threshold_histogram"] = h.counts;
  return j;
}

std::string sideCarPath(const std::string& texturePath) {
  return texturePath + ".lightning.json";
}

std::optional<ThresholdHistogram> loadSideCar(const std::string& texturePath,
                                              const std::string& file, const std::string& pointer,
                                              Diagnostics& diags) {
  std::string path = sideCarPath(texturePath);
  std::error_code ec;
  if (texturePath.empty() || !std::filesystem::exists(toPath(path), ec)) return std::nullopt;
  Diagnostics local;
  auto json = loadJsonFile(toPath(path), path, local);
  auto fail = [&](const std::string& why) {
    diags.error(file, pointer, "side-car " + path + ": " + why);
    return std::nullopt;
  };
  if (!json) return fail(local.items.empty() ? "unreadable" : local.items.front().message);
  auto it = json->find("bolt_threshold_histogram");
  if (it == json->end() || !it->is_array() || it->size() != 256)
    return fail("expected \"bolt_threshold_histogram\" as an array of 256 counts");
  ThresholdHistogram h;
  for (size_t i = 0; i < 256; ++i) {
    const Json& v = (*it)[i];
    if (!v.is_number_unsigned() || v.get<uint64_t>() > UINT32_MAX)
      return fail("expected a count at bolt_threshold_histogram/" + std::to_string(i) + ", got " +
                  describeJson(v));
    h.counts[i] = v.get<uint32_t>();
    h.total += h.counts[i];
  }
  return h;
}

}  // namespace fx::lightning
