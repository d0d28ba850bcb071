// Lens flares (seed "Lens flares", class 0x80806F68): 12-byte rows of a material, a parameter
// block and a flag. The game's flare vertex shader builds a screen-space quad at a fixed clip
// depth of 0.99; fxview pushes each row as a SpriteBatch with screenSpaceFlare set (size in
// pixels), placed at the first frame of the row's location (or the object frame).
#pragma once

#include "engine/core/draw_list.h"
#include "engine/effects/destiny/location_frames.h"

namespace fx::destiny {

// Appends one flare sprite per row whose texture resolved. `frames` is scratch.
void collectFlares(const SequenceDefinition& def, const FrameContext& ctx, DrawList& draw,
                   std::vector<Transform>& frames);

}  // namespace fx::destiny
