#include "engine/core/sprite_sheet.h"

#include <filesystem>

#include "engine/core/json.h"
#include "engine/core/paths.h"

namespace fx {

const Sprite& SpriteSheet::sprite(size_t sequence, size_t frame) const {
  const SpriteSequence& s = sequences[sequence % sequences.size()];
  return s.sprites[frame % s.sprites.size()];
}

size_t SpriteSheet::frameCount(size_t sequence) const {
  return sequences.empty() ? 0 : sequences[sequence % sequences.size()].sprites.size();
}

SpriteSheet SpriteSheet::single() {
  SpriteSheet s;
  s.sequences.push_back({{Sprite{}}});
  return s;
}

SpriteSheet loadSpriteSheet(const std::string& texturePath, const std::string& file,
                            const std::string& pointer, Diagnostics& diags) {
  std::string sidecar = texturePath + ".sprites.json";
  std::error_code ec;
  if (texturePath.empty() || !std::filesystem::exists(toPath(sidecar), ec))
    return SpriteSheet::single();
  Diagnostics local;
  auto j = loadJsonFile(toPath(sidecar), sidecar, local);
  auto bad = [&](const std::string& msg) {
    diags.error(file, pointer, sidecar + ": " + msg);
    return SpriteSheet::single();
  };
  if (!j) return bad(local.items.empty() ? "unreadable" : local.items[0].message);
  if (!j->is_object() || !j->contains("sequences") || !(*j)["sequences"].is_array() ||
      (*j)["sequences"].empty())
    return bad("expected {\"sequences\": [...]} with at least one sequence");
  SpriteSheet sheet;
  int rows = j->value("rows", 1), columns = j->value("columns", 1);
  if (rows < 1 || columns < 1 || rows > 4096 || columns > 4096)
    return bad("rows and columns must be 1..4096");
  for (const auto& sj : (*j)["sequences"]) {
    SpriteSequence seq;
    if (sj.contains("sprites") && sj["sprites"].is_array()) {
      for (const auto& p : sj["sprites"]) {
        if (!p.is_object()) return bad("sprite must be an object");
        Sprite s;
        s.left = p.value("left", 0.0f);
        s.right = p.value("right", 1.0f);
        s.top = p.value("top", 0.0f);
        s.bottom = p.value("bottom", 1.0f);
        if (p.contains("registration") && p["registration"].is_array() &&
            p["registration"].size() == 2)
          s.registration = {p["registration"][0].get<float>(), p["registration"][1].get<float>()};
        else
          s.registration = {(s.right - s.left) * 0.5f, (s.bottom - s.top) * 0.5f};
        seq.sprites.push_back(s);
      }
    } else {
      int frames = sj.value("frames", 1), row = sj.value("row", int(sheet.sequences.size()));
      if (frames < 1 || frames > columns || row < 0 || row >= rows)
        return bad("grid sequence out of range");
      for (int f = 0; f < frames; ++f) {
        Sprite s;
        s.left = float(f) / float(columns);
        s.right = float(f + 1) / float(columns);
        s.top = float(row) / float(rows);
        s.bottom = float(row + 1) / float(rows);
        s.registration = {0.5f / float(columns), 0.5f / float(rows)};
        seq.sprites.push_back(s);
      }
    }
    if (seq.sprites.empty()) return bad("a sequence has no sprites");
    sheet.sequences.push_back(std::move(seq));
  }
  return sheet;
}

}  // namespace fx
