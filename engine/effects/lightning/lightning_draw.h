// Collect for the lightning family: one ShaderQuad ("lightning" -> shaders/lightning.vert/.frag,
// alpha blended) with the data texture bound to the shader's sampler and every uniform of the
// CPU reference, plus debug overlays (the aim segment and quad outline under the `paths` flag).
#pragma once

#include "engine/effects/lightning/lightning_sim.h"

namespace fx::lightning {

void collectQuad(const Definition& def, State state, const ShaderParams& params, const Aim& aim,
                 const View& view, const DebugFlags& flags, DrawList& draw, DebugDraw& debug);

}  // namespace fx::lightning
