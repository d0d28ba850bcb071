// `fxview import X.model_animations`: the tag's nodes and every animation with its type, frame
// count, loop frame, rate, flags, node flags, default data and each stored frame decoded per node
// (true rotations [i, j, k, w], translations in world units, scales; compressed animations
// decoded from their blob). engine/formats/halo/model_animations.h reads it.
#pragma once

#include <string>

#include "engine/core/diagnostics.h"
#include "engine/core/json.h"

namespace fx::cli {

bool importModelAnimations(const std::string& input, Json& out, Diagnostics& diags);

}  // namespace fx::cli
