// Registration and drawing of the `sprites` family: static sprites, no simulation.
#include "engine/effects/registry.h"
#include "engine/effects/sprites/sprites_definition.h"

namespace fx::sprites {

void collectSprites(const SpritesDefinition& def, const Transform& placement, DrawList& draw) {
  for (const SpriteGroup& g : def.batches) {
    SpriteBatch state;
    state.texture = g.texturePath.empty() ? kNoTexture : draw.texture(g.texturePath);
    state.blend = g.blend;
    state.orientation = g.orientation;
    state.fadeMode = g.fadeMode;
    state.filtered = g.filtered;
    state.ignoreTextureAlpha = g.ignoreTextureAlpha;
    state.nonlinearTint = g.nonlinearTint;
    state.depthTest = g.depthTest;
    state.sortBackToFront = g.sortBackToFront;
    state.screenSpaceFlare = g.screenSpaceFlare;
    draw.beginBatch(state);
    for (const StaticSprite& s : g.sprites) {
      SpriteInstance& out = draw.push();
      out.position = placement.apply(s.position);
      out.size = s.size > 0.0f && !g.screenSpaceFlare ? s.size * placement.scale : s.size;
      out.color = s.color.vec();
      out.direction = placement.applyVector(s.direction);
      out.rotation = s.rotationDeg * kDegToRad;
      out.uv = s.uv;
      out.registration = s.registration;
      out.fade = s.fade;
      out.aspect = s.aspect;
    }
  }
}

namespace {

class SpritesInstance final : public EffectInstance {
 public:
  SpritesInstance(const SpritesDefinition& def, const InstanceContext& ctx)
      : def_(def), placement_(ctx.placement) {}

  void step(const StepContext&) override {}

  void collect(DrawList& draw, DebugDraw&, const View&, const DebugFlags&,
               const SceneState& scene) const override {
    collectSprites(def_, placementTransform(scene), draw);
  }

  EffectStats stats() const override {
    EffectStats s;
    for (const SpriteGroup& g : def_.batches) s.live += g.sprites.size();
    return s;
  }

  void dump(std::vector<ParticleRecord>& out) const override {
    for (const SpriteGroup& g : def_.batches)
      for (const StaticSprite& s : g.sprites)
        out.push_back({.position = s.position,
                       .color = s.color.vec(),
                       .size = s.size,
                       .rotation = s.rotationDeg * kDegToRad});
  }

  std::unique_ptr<EffectInstance> clone(const FamilyShared&) const override {
    return std::make_unique<SpritesInstance>(*this);
  }
  // Static: the copy is the definition (no simulation state).
  size_t stateBytes() const override { return sizeof(*this); }
  bool stepReadsView() const override { return false; }

 private:
  Transform placementTransform(const SceneState& scene) const {
    if (placement_.object.empty()) return {};
    const ObjectState* obj = scene.find(placement_.object);
    if (!obj) return {};
    if (placement_.marker.empty()) return obj->world;
    auto markers = obj->markersNamed(placement_.marker, 1);
    return markers.empty() ? obj->world : markers[0]->world;
  }

  SpritesDefinition def_;  // a copy: edits re-instantiate
  EffectPlacement placement_;
};

}  // namespace

}  // namespace fx::sprites

namespace fx {

const EffectFamily& spritesFamily() {
  static const EffectFamily kFamily{
      .kind = "sprites",
      .title = "Static sprites",
      .seed = "",
      .createDefinition = &defaultDefinition<sprites::SpritesDefinition>,
      .instantiate = &instantiateAs<sprites::SpritesDefinition, sprites::SpritesInstance>,
  };
  return kFamily;
}

}  // namespace fx
