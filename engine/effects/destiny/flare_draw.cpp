#include "engine/effects/destiny/flare_draw.h"

namespace fx::destiny {

void collectFlares(const SequenceDefinition& def, const FrameContext& ctx, DrawList& draw,
                   std::vector<Transform>& frames) {
  for (const LensFlare& f : def.lensFlares) {
    if (f.resolvedTexture.empty() || f.size <= 0.0f) continue;
    vec3 position = objectFrame(ctx).position;
    if (f.location >= 0) {
      locationFrames(def, f.location, ctx, frames);
      if (frames.empty()) continue;  // a location with no valid frame places nothing
      position = frames[0].position;
    }
    SpriteBatch batch;
    batch.texture = draw.texture(f.resolvedTexture);
    batch.blend = BlendMode::Add;
    batch.orientation = SpriteOrientation::ScreenFacing;
    batch.screenSpaceFlare = true;  // "a screen-space quad at a fixed clip depth of 0.99"
    draw.beginBatch(batch);
    SpriteInstance& s = draw.push();
    s.position = position;
    s.size = f.size;  // pixels for flare batches
    s.color = vec4(f.color.r, f.color.g, f.color.b, f.color.a);
  }
}

}  // namespace fx::destiny
