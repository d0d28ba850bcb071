// `fxview import` for the Halo assets effects draw on: a .gbxmodel as a scene object (its markers
// in object space, plus its nodes and regions -> permutations -> markers as stored), a .bitmap as
// its pages and sequences of sprites, and `--png OUT.png [--sequence S --sprite K]` for a bitmap's
// decoded pixels (page 0 whole, or one sprite's rectangle of its page). The import table in
// import.cpp dispatches here by extension.
#pragma once

#include <optional>
#include <string>

#include "engine/core/diagnostics.h"
#include "engine/core/json.h"

namespace fx::cli {

bool importGbxModel(const std::string& input, Json& out, Diagnostics& diags);

struct BitmapPngRequest {
  std::string output;           // "" = no PNG
  std::optional<int> sequence;  // with sprite: one sprite's rectangle
  std::optional<int> sprite;
};
bool importBitmap(const std::string& input, const BitmapPngRequest& png, Json& out,
                  Diagnostics& diags);

}  // namespace fx::cli
