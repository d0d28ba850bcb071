// Field declarations of the `sprites` family (one declaration drives JSON, schema, inspector).
#include <array>

#include "engine/core/diagnostics.h"
#include "engine/effects/sprites/sprites_definition.h"

namespace fx::sprites {

namespace {

constexpr std::array<EnumOption, 8> kBlendOptions{{
    {"alpha_blend", 0, "s*a + d*(1-a); fade scales alpha"},
    {"multiply", 1, "s*d; fades toward white"},
    {"double_multiply", 2, "2*s*d; fades toward 50% grey"},
    {"add", 3, "s + d; fades toward black"},
    {"subtract", 4, "d - s; fades toward black"},
    {"component_min", 5, "min(s, d); fades toward white"},
    {"component_max", 6, "max(s, d); fades toward black"},
    {"alpha_multiply_add", 7, "s + d*(1-a), premultiplied; rgb and alpha scale with fade"},
}};

constexpr std::array<EnumOption, 3> kOrientationOptions{{
    {"screen_facing", 0, "the quad uses the view's x/y axes"},
    {"parallel_to_direction", 1, "x = direction, y turns about it to face the camera"},
    {"perpendicular_to_direction", 2, "the quad lies in the plane whose normal is the direction"},
}};

constexpr std::array<EnumOption, 3> kFadeModeOptions{{
    {"none", 0},
    {"fade_when_perpendicular", 1, "fade *= |cos| between the quad normal and the view ray"},
    {"fade_when_parallel", 2, "fade *= 1 - |cos|"},
}};

}  // namespace

void StaticSprite::reflect(FieldVisitor& v) {
  v.visit({.key = "position", .unit = "wu", .help = "Sprite origin in the placement's frame."},
          position, vec3(0.0f));
  v.visit({.key = "size",
           .unit = "wu",
           .help = "World units across the sprite's UV width; 0 or less draws at actual resolution "
                   "(one texel per screen pixel); pixels for screen_space_flare batches.",
           .min = -1.0,
           .max = 100000.0},
          size, 1.0f);
  v.visit({.key = "color", .help = "Tint; alpha is the tint alpha (used by alpha_blend batches)."},
          color, ColorRgba{});
  v.visit(
      {.key = "direction",
       .help =
           "Direction for parallel / perpendicular orientations (placement frame, any length)."},
      direction, vec3(0, 0, 1));
  v.visit({.key = "rotation",
           .unit = "deg",
           .help = "Spins the corners in the quad plane.",
           .min = -36000.0,
           .max = 36000.0},
          rotationDeg, 0.0f);
  v.visit({.key = "fade",
           .help = "0..1, applied with the blend function's fade-to-neutral rule.",
           .min = 0.0,
           .max = 1.0},
          fade, 1.0f);
  v.visit({.key = "uv",
           .help = "Sprite rectangle on the page: [left, right, top, bottom], normalized."},
          uv, vec4(0, 1, 0, 1));
  v.visit(
      {.key = "registration", .help = "Sprite origin, offset from its left/top in normalized UVs."},
      registration, vec2(0.5f, 0.5f));
  v.visit({.key = "aspect",
           .help = "Quad height / width for the same UV span (page height / width).",
           .min = 0.001,
           .max = 1000.0},
          aspect, 1.0f);
}

void SpriteGroup::reflect(FieldVisitor& v) {
  v.visit({.key = "texture",
           .help = "PNG for every sprite of the batch; empty draws plain white.",
           .hint = FieldHint::TexturePath},
          texture, "");
  visitEnum(v, {.key = "blend", .help = "Framebuffer blend function (Halo's eight, tag order)."},
            blend, std::span<const EnumOption>(kBlendOptions), BlendMode::AlphaBlend);
  visitEnum(v, {.key = "orientation", .help = "How the quad is oriented."}, orientation,
            std::span<const EnumOption>(kOrientationOptions), SpriteOrientation::ScreenFacing);
  visitEnum(v,
            {.key = "fade_mode",
             .help = "Framebuffer fade mode; only for non-screen-facing orientations."},
            fadeMode, std::span<const EnumOption>(kFadeModeOptions), FadeMode::None);
  v.visit({.key = "filtered", .help = "Bilinear sampling; false samples the nearest texel."},
          filtered, true);
  v.visit({.key = "ignore_texture_alpha", .help = "Treat the texture's alpha as 1."},
          ignoreTextureAlpha, false);
  v.visit({.key = "nonlinear_tint", .help = "rgb = tint*tex + (1-tint)*tex^4 instead of tint*tex."},
          nonlinearTint, false);
  v.visit({.key = "depth_test", .help = "Test against scene depth (effects never write depth)."},
          depthTest, true);
  v.visit({.key = "sort_back_to_front", .help = "Draw the batch's sprites farthest first."},
          sortBackToFront, false);
  v.visit({.key = "screen_space_flare",
           .help = "Sizes are pixels and the sprites sit at clip depth 0.99 (lens flares)."},
          screenSpaceFlare, false);
  visitArray(v, {.key = "sprites", .help = "The batch's sprites.", .maxCount = 100000}, sprites,
             [](StaticSprite& s, FieldVisitor& ev) { s.reflect(ev); });
}

void SpritesDefinition::reflect(FieldVisitor& v) {
  visitArray(v, {.key = "batches", .help = "Sprite batches, drawn in order.", .maxCount = 1024},
             batches, [](SpriteGroup& g, FieldVisitor& ev) { g.reflect(ev); });
}

void SpritesDefinition::finalize(const LoadContext& ctx) {
  for (size_t i = 0; i < batches.size(); ++i) {
    SpriteGroup& g = batches[i];
    g.texturePath.clear();
    if (g.texture.empty()) continue;
    g.texturePath = ctx.resolveTexture(
        g.texture, pointerJoin(pointerJoin(pointerJoin(ctx.pointer, "batches"), i), "texture"));
  }
}

}  // namespace fx::sprites
