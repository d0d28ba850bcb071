// A running glow: the path set up on its first update, normal particles along it and trailing
// particles emitted from it, in SoA arrays with swap-remove. Trailing particles update at Halo's
// 30 Hz tick whatever the World's step rate (ticks due by the step's end time), because the game
// counts ticks for them (seed: "values over 30 have no visual difference"). Normal particles move
// with those ticks in tick mode, and in frame mode once per frame by the frame's delta (reference
// §3.5, "dt is the frame delta in seconds"), so at 144 fps they glide rather than step at 30 Hz.
//
// All glows of one World share a GlowShared (EffectFamily::createShared): the game's 512 glow
// particles across at most 8 glows. glow_sim.cpp steps, glow_draw.cpp collects.
#pragma once

#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/core/soa.h"
#include "engine/effects/halo_glow/glow_definition.h"
#include "engine/effects/halo_glow/glow_path.h"

namespace fx::glow {

struct GlowShared {
  int glows = 0;         // glows that claimed a slot (the 9th and later do not run)
  size_t particles = 0;  // live glow particles of every glow (the 512 pool)
};

// Normal particles: distributed along the path, moving by arc length. SoA.
struct NormalParticles {
  std::vector<float> t;         // wu along the path
  std::vector<float> angle;     // initial radial angle, radians
  std::vector<float> distance;  // radial distance, wu
  std::vector<float> size;      // wu (<= 0: actual resolution)
  std::vector<vec3> color;      // rgb
  std::vector<float> fade;      // 0..1 edge fade
  std::vector<uint8_t> backwards;
  std::vector<vec3> position;  // world
  std::vector<vec3> velocity;  // world, from the last update's displacement
  size_t count = 0;

  template <class P, class F>
  static void columns(
      P& p, F&& f) {  // engine/core/soa.h: every column and the value a new row starts with
    f(p.t, 0.0f), f(p.angle, 0.0f), f(p.distance, 0.0f), f(p.size, 0.0f), f(p.color, vec3(0.0f));
    f(p.fade, 0.0f), f(p.backwards, uint8_t(0)), f(p.position, vec3(0.0f)),
        f(p.velocity, vec3(0.0f));
  }
};

// Trailing particles: emitted at a rate, live a number of ticks. SoA with swap-remove.
struct TrailingParticles {
  std::vector<vec3> position;
  std::vector<vec3> initialVelocity;  // wu/s
  std::vector<vec3> velocity;         // present velocity, wu/s
  std::vector<float> initialSize;     // wu
  std::vector<float> size;            // present size, wu (0: actual resolution)
  std::vector<vec3> color;
  std::vector<float> fade;
  std::vector<int32_t> ageTicks;
  std::vector<int32_t> lifetimeTicks;
  std::vector<float> spawnT;  // wu along the path where it was emitted
  std::vector<uint64_t> id;   // spawn counter (the inspector follows it)
  size_t count = 0;

  // A new game datum is zeroed: no size (actual resolution), no fade, no velocity until its first
  // update.
  template <class P, class F>
  static void columns(P& p, F&& f) {  // engine/core/soa.h
    f(p.position, vec3(0.0f)), f(p.initialVelocity, vec3(0.0f)), f(p.velocity, vec3(0.0f));
    f(p.initialSize, 0.0f), f(p.size, 0.0f), f(p.color, vec3(0.0f)), f(p.fade, 0.0f);
    f(p.ageTicks, int32_t(0)), f(p.lifetimeTicks, int32_t(0)), f(p.spawnT, 0.0f);
    f(p.id, uint64_t(0));
  }
};

class GlowInstance final : public EffectInstance {
 public:
  GlowInstance(const GlowDefinition& def, const InstanceContext& ctx);
  ~GlowInstance() override;

  void step(const StepContext& ctx) override;
  void collect(DrawList& draw, DebugDraw& debug, const View& view, const DebugFlags& flags,
               const SceneState& scene) const override;
  EffectStats stats() const override;
  void dump(std::vector<ParticleRecord>& out) const override;
  // Emitter 0 "normal" (id = its place along the path, which never changes), emitter 1
  // "trailing" (id = spawn counter); the path parameter, radial offset and direction, or where
  // on the path a trailing particle left and its ticks.
  void inspect(std::vector<ParticleInfo>& out, const View& view, bool attributes) const override;

  std::unique_ptr<EffectInstance> clone(const FamilyShared& shared) const override;
  size_t stateBytes() const override;
  bool stepReadsView() const override { return false; }

  // For tests and overlays.
  const PathSetup& path() const { return path_; }
  const MarkerSet& markers() const { return markers_; }
  const NormalParticles& normal() const { return normal_; }
  const TrailingParticles& trailing() const { return trailing_; }
  bool running() const { return running_; }
  uint64_t ticks() const { return ticks_; }
  uint64_t trailingSpawned() const { return trailingSpawned_; }

 private:
  // One 30 Hz game tick; `moveNormal` false in frame mode (normal particles move per frame).
  void tick(const SceneState* scene, bool unlimited, bool moveNormal);
  void initialize(bool unlimited);
  void updateNormal(const ObjectState* object, float dt);  // dt: s the particles move by
  void updateTrailing();
  void spawnTrailing(bool unlimited);
  bool claimParticle(bool unlimited);
  void releaseParticles(size_t n);
  void message(const std::string& text);
  void drawOverlays(DebugDraw& debug, const DebugFlags& flags) const;

  GlowDefinition def_;
  EffectPlacement placement_;
  std::shared_ptr<GlowShared> shared_;
  bool firstPerson_ = false;
  Lcg rng_;

  bool claimed_ = false;  // took a glow slot (or tried)
  bool running_ = true;   // false: the 9th glow, which the game never creates
  bool initialized_ = false;
  uint64_t ticks_ = 0;
  uint64_t currentStep_ = 0;         // the World step being run
  uint64_t setupStep_ = UINT64_MAX;  // the step whose update set the path up
  int trailingAccumulator_ = 0;      // the game's accumulated_trailing_particle_generation_ticks
  uint64_t trailingSpawned_ = 0;
  bool halted_ = false;  // a trailing spawn found the pool full (glow.c#547)
  bool hangReported_ = false;
  bool zeroVelocityReported_ = false;
  bool singularReported_ = false;
  bool tooManyReported_ = false;
  bool lifetimeReported_ = false;
  uint64_t initTick_ = 0;
  float rotationPerUnitT_ = 0.0f;

  MarkerSet markers_;
  PathSetup path_;
  NormalParticles normal_;
  TrailingParticles trailing_;
  std::vector<std::string> messages_;
};

}  // namespace fx::glow
