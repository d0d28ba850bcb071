// The lightning instance's pure pieces, exposed for tests: where the source and target are, what
// threshold_initial_t a look gets from the target distance, and the shader parameters of a state
// at a time. The instance (lightning_sim.cpp) steps the state machine and the clock; collect
// (lightning_draw.cpp) turns these into one ShaderQuad.
#pragma once

#include <string>

#include "engine/effects/lightning/lightning_definition.h"

namespace fx::lightning {

// t is capped just below 1: mod(1, 1) would wrap to 0 and hide the whole bolt.
inline constexpr float kMaxInitialT = 1.0f - 1.0f / 512.0f;

// Source and target of one instance at a moment.
struct Aim {
  vec3 source{0.0f};
  vec3 forward{1, 0, 0};  // the source's +X (the bolt's direction without a target)
  vec3 target{0.0f};
  bool hasTarget = false;
  bool targetMissing = false;  // a target object is named but not in the scene
  float distance = 0.0f;       // wu, source to target (0 without one)
};

Aim evaluateAim(const Definition& def, const EffectPlacement& where, const SceneState& scene);

// Seed: "Variable-length lightning bolts, so they extend only to the enemy and no further." For a
// successful attack that follows its target: "" when the enemy is within the bolt's reach (the
// segment length), else why the bolt cannot end at it (no target, target missing, out of reach).
std::string reachProblem(const Definition& def, State state, const Aim& aim);

// threshold_initial_t of `look`: authored, or for a follow_target segment "based on the enemy
// distance" so the bolt's front (t + threshold_offset.y) lands on the target:
// distance / length - threshold_offset.y, in [0, kMaxInitialT]. No target: the full length.
float initialT(const Look& look, const Aim& aim);

// The fragment shader's parameters for `state` at effect time `time`.
ShaderParams shaderParams(const Definition& def, State state, double time, double stateStart,
                          float initialT, vec2 noiseOffset);

// Share of the look's bolt texels the threshold reveals at t; -1 when its texture has no side-car.
double revealedShare(const Look& look, float t);

// World corners in UV order (0,0) (1,0) (1,1) (0,1) of the look's quad.
void quadCorners(const Look& look, const Aim& aim, const View& view, vec3 out[4]);

}  // namespace fx::lightning
