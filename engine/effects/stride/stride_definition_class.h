// The EffectDefinition / EffectInstance of the stride_particles family (registered in
// stride_family.cpp). Exposed for the unit tests, which drive instances directly.
#pragma once

#include <memory>

#include "engine/effects/effect.h"
#include "engine/effects/stride/stride_emitter.h"

namespace fx::stride {

class StrideDefinition final : public EffectDefinition {
 public:
  SystemDef system;

  StrideDefinition();
  void reflect(FieldVisitor& v) override { system.reflect(v); }
  void finalize(const LoadContext& ctx) override;
  void lint(const SceneObject* attachedTo, const Scene& scene, const EffectPlacement& where,
            Diagnostics& out, const std::string& file, const std::string& pointer) const override;
  std::unique_ptr<EffectDefinition> clone() const override {
    return std::make_unique<StrideDefinition>(*this);
  }
};

// The instance reads its definition live (inspector edits apply on the next step; module-list
// edits re-lay the pools out), so the definition must outlive it.
class StrideInstance final : public EffectInstance {
 public:
  StrideInstance(const StrideDefinition& def, const InstanceContext& ctx);
  void step(const StepContext& ctx) override;
  void collect(DrawList& draw, DebugDraw& debug, const View& view, const DebugFlags& flags,
               const SceneState& scene) const override;
  // Each enabled emitter is a part keyed as Stride's transparent stage sorts it
  // (stride_draw_order.h), so emitters of all systems interleave back to front.
  bool drawParts(const View& view, const DebugFlags& flags,
                 std::vector<DrawPart>& out) const override;
  void collectPart(uint32_t index, DrawList& draw, const View& view, const DebugFlags& flags,
                   const SceneState& scene) const override;
  void collectOverlay(DebugDraw& debug, const View& view, const DebugFlags& flags,
                      const SceneState& scene) const override;
  EffectStats stats() const override;
  void dump(std::vector<ParticleRecord>& out) const override;
  // Emitter = the system's emitter (by name), id = its spawn counter; the spawn order (and its
  // group) where the emitter keeps one, the parent particle and emitter of a child.
  void inspect(std::vector<ParticleInfo>& out, const View& view, bool attributes) const override;

  // A copy reads the same definition (the entry's, which outlives both).
  std::unique_ptr<EffectInstance> clone(const FamilyShared&) const override {
    return std::make_unique<StrideInstance>(*this);
  }
  size_t stateBytes() const override;
  bool stepReadsView() const override { return false; }

  // Steps with an explicit component transform in Stride space (tests, warm-up).
  void stepWith(float dt, const Transform& component, const SceneState* scene);
  const std::vector<EmitterRuntime>& emitters() const { return emitters_; }
  const Transform& component() const { return component_; }

 private:
  const StrideDefinition& def_;
  InstanceContext ctx_;
  std::vector<EmitterRuntime> emitters_;
  Transform component_;  // Stride space, at the last step
  bool warmed_ = false;
  bool unlimited_ = false;     // DebugFlags::unlimitedBudget of the last step
  double sinceRestart_ = 0.0;  // s stepped since the last restart (reset_seconds)
  // Starts the system over when this step would pass reset_seconds (Stride's editor preview).
  void restartIfDue(float dt);
  // The enabled emitters as keyed parts; `cull`: none when the bounding shape leaves the view.
  void listParts(const View& view, bool cull, std::vector<DrawPart>& out) const;
};

// The effect's placement (object / marker) in fxview world space; identity when not found.
Transform placementWorld(const SceneState& scene, const EffectPlacement& where);

}  // namespace fx::stride
