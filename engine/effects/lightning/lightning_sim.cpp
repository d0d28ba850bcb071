// The lightning instance: a clock, the four-state machine (GUI switch + timed script) and the
// target distance. It owns no particles; collect draws one shader quad (lightning_draw.cpp).
#include "engine/effects/lightning/lightning_sim.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/core/rng.h"
#include "engine/effects/lightning/lightning_draw.h"

namespace fx::lightning {

namespace {

Transform placementTransform(const SceneState& scene, std::string_view object,
                             std::string_view marker, bool& found) {
  found = true;
  if (object.empty()) return Transform{};
  const ObjectState* o = scene.find(object);
  if (!o) {
    found = false;
    return Transform{};
  }
  if (!marker.empty())
    for (const MarkerState& m : o->markers)
      if (m.def && m.def->name == marker) return m.world;
  return o->world;
}

}  // namespace

Aim evaluateAim(const Definition& def, const EffectPlacement& where, const SceneState& scene) {
  Aim aim;
  bool found = true;
  Transform src = placementTransform(scene, where.object, where.marker, found);
  aim.source = src.position;
  aim.forward = src.forward();
  TargetMode mode = def.target;
  if (mode == TargetMode::Auto)
    mode = def.targetObject.empty() ? TargetMode::None : TargetMode::Object;
  switch (mode) {
    case TargetMode::Object: {
      Transform t = placementTransform(scene, def.targetObject, def.targetMarker, found);
      if (def.targetObject.empty() || !found) {
        aim.targetMissing = true;
        break;
      }
      aim.target = t.position;
      aim.hasTarget = true;
      break;
    }
    case TargetMode::Point:
      aim.target = def.targetPoint;
      aim.hasTarget = true;
      break;
    case TargetMode::Auto:
    case TargetMode::None:
      break;
  }
  if (aim.hasTarget) aim.distance = glm::length(aim.target - aim.source);
  return aim;
}

float initialT(const Look& look, const Aim& aim) {
  if (look.placement != Placement::Segment || !look.followTarget) return look.thresholdInitialT;
  float reach = aim.hasTarget ? aim.distance / look.length : 1.0f;
  return std::clamp(reach - look.thresholdOffset.y, 0.0f, kMaxInitialT);
}

ShaderParams shaderParams(const Definition& def, State state, double time, double stateStart,
                          float initial, vec2 noiseOffset) {
  const Look& l = def.look(state);
  ShaderParams p;
  p.mode = def.mode;
  p.time = float(time);
  p.startTime = float(stateStart);
  p.thresholdInitialT = initial;
  p.thresholdSpeed = l.thresholdSpeed;
  p.thresholdOffset = l.thresholdOffset;
  p.glowColour = vec3(l.glowColour.r, l.glowColour.g, l.glowColour.b);
  p.distortionStrength = l.distortionStrength;
  p.noiseScale = l.noiseScale;
  p.noiseOffset = noiseOffset + def.noiseOffset;
  p.distortionSpeed = l.distortionSpeed;
  p.boltHalfWidth = def.boltHalfWidth;
  p.glowWidth = def.glowWidth;
  p.glowDistortion = def.glowDistortion;
  p.circleRadius = def.circleRadius;
  return p;
}

std::string reachProblem(const Definition& def, State state, const Aim& aim) {
  if (state != State::SuccessfulAttack) return {};
  const Look& l = def.look(state);
  if (l.placement != Placement::Segment || !l.followTarget) return {};
  if (!aim.hasTarget)
    return aim.targetMissing
               ? "successful attack: target object \"" + def.targetObject +
                     "\" is not in the scene, so the bolt has no enemy and runs its full reach"
               : "successful attack with no target: the bolt runs its full reach along the "
                 "source's +X (set target_object or target_point)";
  if (aim.distance > l.length) {
    char buf[160];
    std::snprintf(
        buf, sizeof buf,
        "successful attack: the enemy is %.3g wu away, beyond the bolt's reach of %.3g wu "
        "(successful_attack/length): the bolt stops short of it",
        double(aim.distance), double(l.length));
    return buf;
  }
  return {};
}

double revealedShare(const Look& look, float t) {
  if (!look.histogram) return -1.0;
  return revealedShare(*look.histogram, t, look.thresholdOffset);
}

namespace {

class Instance final : public EffectInstance {
 public:
  Instance(const Definition& def, const InstanceContext& ctx) : def_(&def), where_(ctx.placement) {
    if (def.randomOffset) {
      // Lattice offsets below 256 keep the noise coordinates small (full float precision).
      Lcg rng{ctx.seed};
      randomOffset_ = vec2(rng.unit(), rng.unit()) * 256.0f;
    }
    state_ = lastAuthored_ = def.state;
    applyScript(-1.0, 0.0);
    if (ctx.scene) {
      SceneState scene;
      evaluateScene(*ctx.scene, 0.0, scene);
      aim_ = evaluateAim(def, where_, scene);
    }
    initialT_ = initialT(def.look(state_), aim_);
  }

  void step(const StepContext& ctx) override {
    double prev = time_;
    time_ = ctx.time;
    // The GUI switch: a changed `state` field takes effect now.
    if (def_->state != lastAuthored_) {
      lastAuthored_ = def_->state;
      state_ = def_->state;
      stateStart_ = time_;
    }
    applyScript(prev, time_);
    if (ctx.scene) aim_ = evaluateAim(*def_, where_, *ctx.scene);
    initialT_ = initialT(def_->look(state_), aim_);
  }

  void collect(DrawList& draw, DebugDraw& debug, const View& view, const DebugFlags& flags,
               const SceneState& scene) const override {
    Aim aim = evaluateAim(*def_, where_, scene);
    ShaderParams p = params(initialT(def_->look(state_), aim));
    collectQuad(*def_, state_, p, aim, view, flags, draw, debug);
  }

  EffectStats stats() const override {
    EffectStats s;
    s.live = 1;
    ShaderParams p = params(initialT_);
    float t = thresholdT(p);
    s.values = {{"state", double(int(state_))},
                {"t", t},
                {"revealed_share", revealedShare(def_->look(state_), t)},
                {"threshold_initial_t", initialT_},
                {"target_distance", aim_.distance},
                {"time_in_state", time_ - stateStart_}};
    // The state is a value (above), not a message: messages are what the Errors tab lists as
    // warnings, and a bolt in a state is nothing to warn about.
    s.values.push_back({"reach", def_->look(state_).length});
    if (std::string r = reachProblem(*def_, state_, aim_); !r.empty()) s.messages.push_back(r);
    if (aim_.targetMissing)
      s.messages.push_back("target object \"" + def_->targetObject +
                           "\" is not in the scene: no target");
    if (!def_->look(state_).histogram && def_->mode == ShaderMode::Iteration4)
      s.messages.push_back("texture has no .lightning.json side-car: revealed share unknown (-1)");
    return s;
  }

  // One record: position = source, velocity = source to target, color = glow colour with
  // a = revealed share, size = quad width, rotation = t, age = seconds in the current state.
  void dump(std::vector<ParticleRecord>& out) const override {
    const Look& l = def_->look(state_);
    float t = thresholdT(params(initialT_));
    ParticleRecord r;
    r.position = aim_.source;
    r.velocity = aim_.hasTarget ? aim_.target - aim_.source : vec3(0.0f);
    r.color = vec4(l.glowColour.r, l.glowColour.g, l.glowColour.b, float(revealedShare(l, t)));
    r.size = l.width;
    r.rotation = t;
    r.age = float(time_ - stateStart_);
    out.push_back(r);
  }

  // A copy reads the same definition (the entry's, which outlives both).
  std::unique_ptr<EffectInstance> clone(const FamilyShared&) const override {
    return std::make_unique<Instance>(*this);
  }
  size_t stateBytes() const override { return sizeof(*this); }
  bool stepReadsView() const override { return false; }

 private:
  ShaderParams params(float initial) const {
    return shaderParams(*def_, state_, time_, stateStart_, initial, randomOffset_);
  }

  // Applies the latest scripted change with prev < time <= now (ties: the later entry).
  void applyScript(double prev, double now) {
    const StateChange* latest = nullptr;
    for (const StateChange& c : def_->stateChanges)
      if (c.time > prev && c.time <= now && (!latest || c.time >= latest->time)) latest = &c;
    if (!latest) return;
    state_ = latest->state;
    stateStart_ = latest->time;
  }

  const Definition* def_;
  EffectPlacement where_;
  vec2 randomOffset_{0.0f};
  State state_ = State::HasCharge;
  State lastAuthored_ = State::HasCharge;
  double stateStart_ = 0.0;
  double time_ = 0.0;
  Aim aim_;
  float initialT_ = 0.0f;
};

}  // namespace

std::unique_ptr<EffectInstance> instantiate(const EffectDefinition& def,
                                            const InstanceContext& ctx) {
  return std::make_unique<Instance>(static_cast<const Definition&>(def), ctx);
}

}  // namespace fx::lightning
