// The particle inspector's engine half: every live particle of a World with its attributes
// (EffectInstance::inspect, family-neutral), picking the particle under a pixel of a view (nearest
// on screen, repeated picks at one pixel cycling through the overlapping ones by depth), the
// particle as one JSON line (console `pick`), an emitter's particles as CSV, the first non-finite
// value (the viewer's "Pause on NaN/Inf"), and the Destiny step tracer of a selected particle.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/json.h"
#include "engine/effects/destiny/emitter_vm.h"
#include "engine/session/world.h"

namespace fx {

// One particle across frames: its effect (index in World::effects()), emitter name and id.
struct ParticleKey {
  size_t effect = 0;
  std::string emitter;
  uint64_t id = 0;
  bool operator==(const ParticleKey&) const = default;
};

struct InspectedParticle {
  size_t effect = 0;     // index in World::effects()
  std::string effectId;  // the preset's effect id
  std::string kind;      // the family
  ParticleInfo info;
  ParticleKey key() const { return {effect, info.emitterName, info.id}; }
};

inline constexpr size_t kAllEffects = SIZE_MAX;

// Every live particle of the effects that draw (enabled, soloed when any is), in effect order, or
// of effect `effect` alone.
std::vector<InspectedParticle> listParticles(const World& world, const View& view, bool attributes,
                                             size_t effect = kAllEffects);
std::optional<InspectedParticle> findParticle(const World& world, const View& view,
                                              const ParticleKey& key);

// Where a particle shows in the picture area of `view`: pixels from its top-left corner (as
// `screenshot` writes the picture), view depth, and the projected half size in pixels.
struct ScreenSpot {
  vec2 pixel{0.0f};
  float depth = 0.0f;
  float radiusPx = 0.0f;
  bool inFront = false;  // in front of the camera (behind: no pixel)
};
ScreenSpot projectParticle(const View& view, const ParticleInfo& p);

// A pick reaches a particle within its projected half size or this many pixels, whichever is more.
inline constexpr float kPickRadiusPx = 6.0f;

// What repeated picks at one pixel cycle through.
struct PickCycle {
  vec2 pixel{-1e9f};
  std::vector<ParticleKey> candidates;  // front to back
  size_t next = 0;
};

// The particle under `pixel` (picture-area pixels, origin top left): the nearest on screen on a
// first pick; a pick at the same pixel (within 2 px) whose candidates are unchanged takes the
// next one behind it (front to back, wrapping). nullopt when none is within reach.
std::optional<InspectedParticle> pickParticle(const World& world, const View& view, vec2 pixel,
                                              PickCycle& cycle);

// {"effect", "effect_index", "kind", "emitter", "emitter_index", "id", "position", "velocity",
//  "age", "life", "color", "size", "rotation", "family": {the family's attributes}}
Json particleJson(const InspectedParticle& p);

// One header row, then one row per particle: the common columns, then every family attribute
// that any of them has (a vector as NAME[0], NAME[1], ...), blank where a particle lacks it.
std::string particlesCsv(const std::vector<InspectedParticle>& particles);

// The first particle holding a value that is not finite (NaN or infinite), and which value.
struct NonFinite {
  InspectedParticle particle;
  std::string field;
};
std::optional<NonFinite> firstNonFinite(const std::vector<InspectedParticle>& particles);

// The Destiny emitter program's step tracer for a Destiny particle: the stack after each
// instruction of `stage` run on a copy of its state. Empty for other families, a program-less
// emitter or a particle that is gone.
std::vector<destiny::TraceStep> traceDestinyParticle(const World& world, const ParticleKey& key,
                                                     int stage);

}  // namespace fx
