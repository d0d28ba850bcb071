// Placeholder registration for the stride_particles family until its implementation lands.
#include "engine/effects/registry.h"

namespace fx {

namespace {

class Definition final : public EffectDefinition {
 public:
  void reflect(FieldVisitor&) override {}
  std::unique_ptr<EffectDefinition> clone() const override { return std::make_unique<Definition>(*this); }
};

class Instance final : public EffectInstance {
 public:
  void step(const StepContext&) override {}
  void collect(DrawList&, DebugDraw&, const View&, const DebugFlags&, const SceneState&) const override {}
  EffectStats stats() const override { return {}; }
  void dump(std::vector<ParticleRecord>&) const override {}
};

}  // namespace

const EffectFamily& strideParticlesFamily() {
  static const EffectFamily kFamily{
      .kind = "stride_particles",
      .title = "Stride particle system",
      .seed = "003_6899eb957d54d89d.txt",
      .createDefinition = [] { return std::unique_ptr<EffectDefinition>(std::make_unique<Definition>()); },
      .instantiate = [](const EffectDefinition&, const InstanceContext&) {
        return std::unique_ptr<EffectInstance>(std::make_unique<Instance>());
      },
  };
  return kFamily;
}

}  // namespace fx
