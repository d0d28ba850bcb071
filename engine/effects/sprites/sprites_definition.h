// The `sprites` family: static sprites placed by hand, grouped in batches that carry every
// renderer state a SpriteBatch has (texture, blend, orientation, fade mode, sampling, ...). It
// simulates nothing; it exists to lay out reference pictures such as presets/test_pattern.json
// (every blend function over grey and textured backgrounds, every orientation) and to show a
// single texture quickly. Positions are relative to the effect's placement (object / marker).
#pragma once

#include <string>
#include <vector>

#include "engine/effects/effect.h"

namespace fx::sprites {

struct StaticSprite {
  vec3 position{0.0f};            // wu, in the placement's frame
  float size = 1.0f;              // wu across the sprite's UV width; <= 0 = actual resolution
  ColorRgba color;                // tint rgb; alpha is the tint alpha (alpha-blend batches)
  vec3 direction{0, 0, 1};        // placement frame; for the direction orientations
  float rotationDeg = 0.0f;       // in-plane spin
  float fade = 1.0f;              // 0..1, per the batch blend function's fade-to-neutral rule
  vec4 uv{0, 1, 0, 1};            // left, right, top, bottom (normalized page UVs)
  vec2 registration{0.5f, 0.5f};  // origin offset from left/top in normalized UVs
  float aspect = 1.0f;            // quad height / width for the same UV span
  void reflect(FieldVisitor& v);
};

struct SpriteGroup {
  std::string texture;  // PNG; "" = plain white
  BlendMode blend = BlendMode::AlphaBlend;
  SpriteOrientation orientation = SpriteOrientation::ScreenFacing;
  FadeMode fadeMode = FadeMode::None;
  bool filtered = true;
  bool ignoreTextureAlpha = false;
  bool nonlinearTint = false;
  bool depthTest = true;
  bool sortBackToFront = false;
  bool screenSpaceFlare = false;
  std::vector<StaticSprite> sprites;
  std::string texturePath;  // resolved at finalize
  void reflect(FieldVisitor& v);
};

class SpritesDefinition final : public EffectDefinition {
 public:
  std::vector<SpriteGroup> batches;

  void reflect(FieldVisitor& v) override;
  void finalize(const LoadContext& ctx) override;
  std::unique_ptr<EffectDefinition> clone() const override {
    return std::make_unique<SpritesDefinition>(*this);
  }
};

// The family's draw: one SpriteBatch per group, sprites placed through `placement`.
void collectSprites(const SpritesDefinition& def, const Transform& placement, DrawList& draw);

}  // namespace fx::sprites
