#include "app/cli/import_halo_assets.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "engine/core/paths.h"
#include "engine/formats/halo/bitmap_pixels.h"
#include "engine/formats/halo/bitmap_tag.h"
#include "engine/formats/halo/gbxmodel_tag.h"
#include "engine/render/renderer.h"

namespace fx::cli {

namespace {

Json vec(vec3 v) {
  return Json::array({v.x, v.y, v.z});
}
Json ijkw(quat q) {
  return Json::array({q.x, q.y, q.z, q.w});
}

Json regionsJson(const halo::GbxModel& m) {
  Json regions = Json::array();
  for (const auto& r : m.regions) {
    Json perms = Json::array();
    for (const auto& p : r.permutations) {
      Json markers = Json::array();
      for (const auto& mk : p.markers)
        markers.push_back({{"name", mk.name},
                           {"node", mk.node},
                           {"translation", vec(mk.translation)},
                           {"rotation", ijkw(mk.rotation)},
                           {"rotation_stored", ijkw(glm::conjugate(mk.rotation))}});
      Json lods = Json::array();
      for (uint16_t g : p.geometry) lods.push_back(g == halo::kNoIndex ? Json(nullptr) : Json(g));
      perms.push_back({{"name", p.name}, {"geometry", lods}, {"markers", markers}});
    }
    regions.push_back({{"name", r.name}, {"permutations", perms}});
  }
  return regions;
}

// A sprite's rectangle in whole texels of a w x h page: [x, y, width, height].
std::array<int, 4> spriteRect(const halo::BitmapSprite& s, int w, int h) {
  int x0 = std::clamp(int(std::lround(s.left * float(w))), 0, w);
  int x1 = std::clamp(int(std::lround(s.right * float(w))), 0, w);
  int y0 = std::clamp(int(std::lround(s.top * float(h))), 0, h);
  int y1 = std::clamp(int(std::lround(s.bottom * float(h))), 0, h);
  return {std::min(x0, x1), std::min(y0, y1), std::abs(x1 - x0), std::abs(y1 - y0)};
}

bool writeBitmapPng(const halo::Bitmap& b, const BitmapPngRequest& png, const std::string& input,
                    Diagnostics& diags) {
  size_t page = 0;
  const halo::BitmapSprite* sprite = nullptr;
  if (png.sequence || png.sprite) {
    int s = png.sequence.value_or(0), k = png.sprite.value_or(0);
    if (s < 0 || size_t(s) >= b.sequences.size() || k < 0 ||
        size_t(k) >= b.sequences[size_t(s)].sprites.size()) {
      diags.error(input, "",
                  "no sprite " + std::to_string(k) + " in sequence " + std::to_string(s) +
                      " (the bitmap has " + std::to_string(b.sequences.size()) + " sequences)");
      return false;
    }
    sprite = &b.sequences[size_t(s)].sprites[size_t(k)];
    page = sprite->bitmap;
  }
  halo::DecodedPage decoded;
  std::string error;
  if (!halo::decodePage(b, page, false, decoded, error)) {
    diags.error(input, "", error);
    return false;
  }
  Image& img = decoded.levels[0];
  std::vector<uint8_t> rgba = img.rgba;
  int w = img.width, h = img.height;
  if (sprite) {
    auto [x, y, sw, sh] = spriteRect(*sprite, img.width, img.height);
    if (sw == 0 || sh == 0) {
      diags.error(input, "", "the sprite's rectangle is empty");
      return false;
    }
    rgba.assign(size_t(sw) * size_t(sh) * 4, 0);
    for (int row = 0; row < sh; ++row)
      std::copy_n(&img.rgba[(size_t(y + row) * size_t(img.width) + size_t(x)) * 4], size_t(sw) * 4,
                  &rgba[size_t(row) * size_t(sw) * 4]);
    w = sw, h = sh;
  }
  if (!render::writePng(toPath(png.output), w, h, rgba, error)) {
    diags.error(png.output, "", error);
    return false;
  }
  return true;
}

}  // namespace

bool importGbxModel(const std::string& input, Json& out, Diagnostics& diags) {
  auto model = halo::loadGbxModel(toPath(input), input, diags);
  if (!model) return false;
  Json markers = Json::array();
  for (const halo::PlacedMarker& m : halo::placeMarkers(*model, "__base"))
    markers.push_back({{"name", m.name},
                       {"position", vec(m.model.position)},
                       {"rotation", ijkw(m.model.rotation)}});
  Json nodes = Json::array();
  for (const auto& n : model->nodes) {
    Json node = {
        {"name", n.name}, {"translation", vec(n.translation)}, {"rotation", ijkw(n.rotation)}};
    node["parent"] = n.parent == halo::kNoIndex ? Json(nullptr) : Json(n.parent);
    nodes.push_back(node);
  }
  halo::ModelMesh mesh = halo::buildMesh(*model, "__base");
  std::string stem = toUtf8(toPath(input).stem());
  out = {{"object",
          {{"name", stem}, {"model", input}, {"permutation", "__base"}, {"markers", markers}}},
         {"nodes", nodes},
         {"regions", regionsJson(*model)},
         {"mesh", {{"vertices", mesh.positions.size()}, {"triangles", mesh.indices.size() / 3}}}};
  return true;
}

bool importBitmap(const std::string& input, const BitmapPngRequest& png, Json& out,
                  Diagnostics& diags) {
  auto bitmap = halo::loadBitmap(toPath(input), input, diags);
  if (!bitmap) return false;
  static constexpr const char* kTypes[] = {"2d_textures", "3d_textures", "cube_maps", "sprites",
                                           "interface_bitmaps"};
  static constexpr const char* kEncodings[] = {"dxt1",   "dxt3",       "dxt5", "16-bit",
                                               "32-bit", "monochrome", "bc7"};
  Json pages = Json::array();
  for (const auto& p : bitmap->pages)
    pages.push_back({{"width", p.width},
                     {"height", p.height},
                     {"format", std::string(halo::pixelFormatName(p.format))},
                     {"mipmaps", p.mipmaps},
                     {"pixel_data_offset", p.pixelOffset}});
  Json sequences = Json::array();
  for (const auto& s : bitmap->sequences) {
    Json sprites = Json::array();
    for (const auto& sp : s.sprites) {
      Json j = {{"bitmap", sp.bitmap},
                {"left", sp.left},
                {"right", sp.right},
                {"top", sp.top},
                {"bottom", sp.bottom},
                {"registration", Json::array({sp.registration.x, sp.registration.y})}};
      if (sp.bitmap < bitmap->pages.size()) {
        auto r = spriteRect(sp, bitmap->pages[sp.bitmap].width, bitmap->pages[sp.bitmap].height);
        j["texels"] = Json::array({r[0], r[1], r[2], r[3]});
      }
      sprites.push_back(j);
    }
    sequences.push_back({{"name", s.name},
                         {"first_bitmap", s.firstBitmap},
                         {"bitmap_count", s.bitmapCount},
                         {"sprites", sprites}});
  }
  auto name = [](const auto& table, int v) {
    return v >= 0 && size_t(v) < std::size(table) ? Json(table[size_t(v)]) : Json(v);
  };
  out = {{"type", name(kTypes, bitmap->type)},
         {"encoding_format", name(kEncodings, bitmap->encodingFormat)},
         {"pages", pages},
         {"sequences", sequences}};
  // Every page is checked, so a broken one is an error here too.
  for (size_t i = 0; i < bitmap->pages.size(); ++i) {
    halo::DecodedPage decoded;
    std::string error;
    if (!halo::decodePage(*bitmap, i, true, decoded, error)) diags.error(input, "", error);
  }
  if (diags.hasErrors()) return false;
  if (!png.output.empty()) return writeBitmapPng(*bitmap, png, input, diags);
  return true;
}

}  // namespace fx::cli
