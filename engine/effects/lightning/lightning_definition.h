// The Balloonium lightning definition (seed 004): a lightning attack with four states, each drawn
// as one quad through shaders/lightning.frag over an RGB data texture (R bolt, G glow, B
// threshold). Which texture, where the quad goes and how the threshold moves are per-state
// "looks"; a state field picks the current state (live in the GUI), a timed list of state changes
// scripts it from presets. The effect entry carries the target (an object or a point), which the
// successful attack's bolt reaches "and no further": its threshold_initial_t follows the distance.
//
// All fields are reflected (lightning_fields.cpp): JSON, inspector and schema come from there. The
// instance reads the definition every step, so edits show live without a restart.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/effects/effect.h"
#include "engine/effects/lightning/lightning_shader.h"
#include "engine/effects/lightning/lightning_texgen.h"

namespace fx::lightning {

// "reached charge, has charge, using the ability unsuccessfully, and using the ability
// successfully"
enum class State : int32_t { ReachingCharge, HasCharge, UnsuccessfulAttack, SuccessfulAttack };
inline constexpr int kStateCount = 4;
const char* stateName(State s);  // JSON name: "reaching_charge", ...

// Where a state's quad goes.
enum class Placement : int32_t {
  Billboard,  // camera-facing square centred on the source (the charge effects around the
              // character)
  Segment,    // from the source toward the target, turned about that axis to face the camera
};

// How the target of the attack is chosen (effect-entry key "target").
enum class TargetMode : int32_t {
  Auto,    // target_object when one is named, otherwise no target (never the world origin)
  Object,  // target_object (at target_marker when named)
  Point,   // target_point, world units
  None,    // no target: the bolt runs its full length along the source's forward (+X)
};

// One state's look: texture, quad and thresholding.
struct Look {
  std::string texture;  // the RGB data texture
  Placement placement = Placement::Billboard;
  float width = 1.5f;         // wu: billboard side, or the segment quad's width across the bolt
  float length = 6.0f;        // wu: segment quad length (the longest reach); billboards ignore it
  bool followTarget = false;  // segment: threshold_initial_t from the target distance
  float thresholdInitialT = 0.0f;
  float thresholdSpeed = 0.0f;  // 1/s
  vec2 thresholdOffset{0.1f, 0.1f};
  ColorRgba glowColour{0.45f, 0.75f, 1.0f, 1.0f};
  float distortionStrength = 0.01f;  // UV units
  vec2 noiseScale{8.0f, 8.0f};       // lattice cells across the quad (u, v)
  float distortionSpeed = 0.0f;      // lattice units / s

  // Cache (finalize): the resolved texture path and its side-car histogram, if there is one.
  std::string resolvedTexture;
  std::optional<ThresholdHistogram> histogram;

  void reflect(FieldVisitor& v, const Look& defaults);
  // reflect's field groups, in the order reflect calls them (lightning_fields.cpp).
  void reflectShape(FieldVisitor& v, const Look& defaults);
  void reflectThreshold(FieldVisitor& v, const Look& defaults);
};

struct StateChange {
  float time = 0.0f;  // s since the effect started
  State state = State::HasCharge;
  void reflect(FieldVisitor& v);
};

class Definition final : public EffectDefinition {
 public:
  ShaderMode mode = ShaderMode::Iteration4;
  State state = State::HasCharge;         // the state at time 0, and the live GUI switch
  std::vector<StateChange> stateChanges;  // applied when the clock passes their time
  bool randomOffset = true;  // per-instance random noise offset ("each instance looks unique")
  vec2 noiseOffset{0.0f};    // added to the random offset (lattice units)
  Look looks[kStateCount];
  // Iterations 1-3 (UV units across the quad).
  float boltHalfWidth = 0.02f;
  float glowWidth = 0.1f;
  float glowDistortion = 0.5f;
  float circleRadius = 0.35f;

  // Effect-entry keys.
  TargetMode target = TargetMode::Auto;
  std::string targetObject;
  std::string targetMarker;
  vec3 targetPoint{0.0f};

  const Look& look(State s) const { return looks[int(s)]; }

  void reflect(FieldVisitor& v) override;
  void reflectEntry(FieldVisitor& v) override;
  void finalize(const LoadContext& ctx) override;
  void lint(const SceneObject* attachedTo, const Scene& scene, const EffectPlacement& where,
            Diagnostics& out, const std::string& file, const std::string& pointer) const override;
  std::unique_ptr<EffectDefinition> clone() const override {
    return std::make_unique<Definition>(*this);
  }
};

// The four looks' defaults (also used by reflect).
Look defaultLook(State s);

std::unique_ptr<EffectInstance> instantiate(const EffectDefinition& def,
                                            const InstanceContext& ctx);

}  // namespace fx::lightning
