// The Halo CE glow tag (`glw!`, 340 bytes) as an fxview definition: every field of the seed's
// structure table, in tag order (seeds/000_af07cf414400334c.txt; layout in reference halo notes
// §3.1), plus `engine_options`, which is fxview's own and not part of the tag: it switches
// between what the seed observed in game (the defaults) and what the decompiled code does.
//
// Units: world units (wu), seconds, radians. Colours are linear RGB; the tag's alpha has no effect.
// Data flow: JSON -> reflect (glow_fields.cpp) -> finalize (texture path, sprite 0 of sequence 0)
// -> instantiate (glow_sim.cpp) -> collect (glow_draw.cpp); lint in glow_lint.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "engine/core/sprite_sheet.h"
#include "engine/effects/effect.h"

namespace fx::glow {

// Game limits (reference halo notes §3.2, DX glow.c constants).
inline constexpr int kMaxGlows = 8;           // MAXIMUM_GLOWS: glows alive at once
inline constexpr size_t kMaxParticles = 512;  // MAXIMUM_GLOW_PARTICLES, shared by all glows
inline constexpr int kMaxMarkers = 5;         // MAXIMUM_GLOW_MARKERS per path
inline constexpr float kTickRate = 30.0f;     // Halo's game tick; glows count ticks
// fxview's own cap per glow when DebugFlags::unlimitedBudget lifts the game's limit.
inline constexpr size_t kUnlimitedParticlesPerGlow = kStressParticleCap;

enum class Boundary : int32_t { Bounce = 0, Wrap = 1 };
enum class NormalDistribution : int32_t { Random = 0, Uniform = 1 };
enum class TrailingDistribution : int32_t { Vertical = 0, NormalUp = 1, Random = 2 };
// Function attachments as the tag stores them (before the build step's shift by one):
// 0 none, 1..4 = object function A..D out.
enum class Attachment : int32_t { None = 0, AOut = 1, BOut = 2, COut = 3, DOut = 4 };

// glow flags (bitfield32 at 0x28).
inline constexpr uint32_t kModifyColorInRange = 0x1;
inline constexpr uint32_t kMoveBackwards = 0x2;
inline constexpr uint32_t kMoveBothDirections = 0x4;
inline constexpr uint32_t kTrailingFade = 0x8;
inline constexpr uint32_t kTrailingShrink = 0x10;
inline constexpr uint32_t kTrailingSlow = 0x20;

// fxview options, NOT tag fields. Defaults reproduce what the seed reports from the game.
struct EngineOptions {
  // "modify particle color in range": the seed observes c = (c0 + v d (c1 - c0)) % 1 in game;
  // the decompiled code has no wrap (false: the renderer then saturates values above 1).
  bool colorInRangeWrap = true;
  // Trailing velocity is divided by this. The seed measured "roughly 1/40th" in game (default
  // 40); the decompiled code divides by 30.
  float trailingVelocityDivisor = 40.0f;
  // The decompiled 2- and 3-marker helper points take z from the y component (notes §3.4
  // caveat); unverified in the retail game, so off by default.
  bool helperPointZFromY = false;
};

struct GlowDefinition final : EffectDefinition {
  // --- tag fields, in tag order -------------------------------------------------------------
  std::string attachmentMarker;   // up to 5 markers share it; "" or no match = root node
  int32_t numberOfParticles = 0;  // normal particles (uint16)
  Boundary boundaryEffect = Boundary::Bounce;
  NormalDistribution normalDistribution = NormalDistribution::Random;
  TrailingDistribution trailingDistribution = TrailingDistribution::Vertical;
  uint32_t flags = 0;
  Attachment attachment0 = Attachment::None;  // unused in game
  float particleRotationalVelocity = 0.0f;    // unused
  float particleRotVelMulLow = 0.0f;          // unused
  float particleRotVelMulHigh = 0.0f;         // unused
  Attachment attachment1 = Attachment::None;  // effect rotational velocity source
  float effectRotationalVelocity = 0.0f;      // rad/s (acts per wu of path: divided by vT)
  float effectRotVelMulLow = 1.0f;
  float effectRotVelMulHigh = 1.0f;
  Attachment attachment2 = Attachment::None;  // translational velocity source
  float effectTranslationalVelocity = 0.0f;   // wu/s along the path
  float effectTransVelMulLow = 1.0f;
  float effectTransVelMulHigh = 1.0f;
  Attachment attachment3 = Attachment::None;  // distance source
  float minDistance = 0.0f;                   // wu, radial from the path
  float maxDistance = 0.0f;
  float distanceMulLow = 0.0f;
  float distanceMulHigh = 1.0f;
  Attachment attachment4 = Attachment::None;         // size source (broken: actual resolution)
  FloatBounds particleSize{0.0f, 0.0f};              // wu, full sprite width
  FloatBounds sizeAttachmentMultiplier{0.0f, 0.0f};  // unused
  Attachment attachment5 = Attachment::None;         // colour source
  ColorRgba colorBound0{1, 1, 1, 1};
  ColorRgba colorBound1{1, 1, 1, 1};
  ColorRgba scaleColor0{1, 1, 1, 1};    // unused
  ColorRgba scaleColor1{1, 1, 1, 1};    // unused
  float colorRateOfChange = 0.0f;       // bound differences added per wu of path
  float fadingPercentageOfGlow = 0.0f;  // 0..1
  float particleGenerationFreq = 0.0f;  // Hz, trailing particles
  float trailingLifetime = 0.0f;        // s
  float trailingVelocity = 0.0f;        // "wu/s" as labelled (see EngineOptions)
  float trailingMinT = 0.0f;            // 0..1 of the path
  float trailingMaxT = 1.0f;
  std::string texture;  // authored path of the sprite texture
  // --- fxview only ----------------------------------------------------------------------------
  EngineOptions engine;

  // --- computed in finalize -------------------------------------------------------------------
  std::string texturePath;  // resolved ("" when not given or not allowed)
  Sprite sprite;            // sequence 0, sprite 0 of the texture

  void reflect(FieldVisitor& v) override;
  // reflect's field groups, in the order reflect calls them (glow_fields.cpp).
  void reflectPath(FieldVisitor& v);
  void reflectRotation(FieldVisitor& v);
  void reflectTranslation(FieldVisitor& v);
  void reflectDistance(FieldVisitor& v);
  void reflectSize(FieldVisitor& v);
  void reflectColor(FieldVisitor& v);
  void reflectTrailing(FieldVisitor& v);
  void finalize(const LoadContext& ctx) override;
  void lint(const SceneObject* attachedTo, const Scene& scene, const EffectPlacement& where,
            Diagnostics& out, const std::string& file, const std::string& pointer) const override;
  std::unique_ptr<EffectDefinition> clone() const override {
    return std::make_unique<GlowDefinition>(*this);
  }

  bool has(uint32_t flag) const { return (flags & flag) != 0; }
};

// "modify particle color in range" for one channel: c = (c0 + v d (c1 - c0)) % 1 (seed). With
// `wrap`, values already in [0, 1] are kept (a bound of exactly 1 stays white; the game's wrap
// is most likely its float-to-byte conversion, which keeps 1.0).
float colorInRange(float c0, float c1, float rateOfChange, float distance, bool wrap);

// Trailing particles per second the game really spawns for a generation frequency (notes §3.6:
// at most one per 30 Hz tick; the accumulator subtracts whole ticks). 0 when freq <= 0.01.
float effectiveTrailingRate(float frequencyHz);

// Object function value an attachment reads (0 when none or the object has none).
float attachmentValue(Attachment a, const ObjectState* object);

}  // namespace fx::glow
