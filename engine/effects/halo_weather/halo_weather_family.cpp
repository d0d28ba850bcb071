// The halo_weather family: registration, the instance (step / collect / stats / dump).
//
// Seed 001: "The game can simulate up to 512 weather particles." The world's weather effects
// share one pool (FamilyShared WeatherPool) in effect order: each step an effect may hold what
// the effects before it left, so the first effect's first type has dibs. An entry with
// `own_pool` keeps its own 512 (galleries that show several systems side by side).
#include "engine/effects/halo_weather/weather_draw.h"
#include "engine/effects/registry.h"

namespace fx {

namespace {

using namespace weather;

// What the world's weather effects have taken of the pool during one step.
struct WeatherPool {
  uint64_t step = UINT64_MAX;  // the step `used` counts for
  uint32_t used = 0;
};

class WeatherInstance final : public EffectInstance {
 public:
  WeatherInstance(const WeatherDefinition& def, const InstanceContext& ctx)
      : def_(def), placement_(ctx.placement) {
    sim_ = std::make_unique<WeatherSim>();
    simInitialize(*sim_, def_, ctx.seed);
    if (!def.ownPool) pool_ = std::static_pointer_cast<WeatherPool>(ctx.shared);
  }

  void step(const StepContext& ctx) override {
    // "The simulation resets when the weather is hidden then becomes visible again."
    if (ctx.flags && !ctx.flags->weather) {
      windUpdate(sim_->wind, def_.wind, def_.palette, sim_->windRng);
      simDeleteSystem(*sim_);
      return;
    }
    float cameraZ = ctx.view ? ctx.view->eye.z : 0.0f;
    simSetUnlimited(*sim_, ctx.flags && ctx.flags->unlimitedBudget);
    if (pool_) {
      if (pool_->step != ctx.step) *pool_ = WeatherPool{.step = ctx.step};
      const uint32_t capacity = sim_->particles.capacity;
      sim_->budget = capacity - std::min(capacity, pool_->used);
    }
    simStep(*sim_, ctx.dt, cameraZ);
    if (pool_) pool_->used += sim_->particles.count;
  }

  void pausedFrame(const StepContext& ctx) override {
    if (ctx.flags && !ctx.flags->weather) return;
    simPausedFrame(*sim_);
  }

  void collect(DrawList& draw, DebugDraw& debug, const View& view, const DebugFlags& flags,
               const SceneState& scene) const override {
    const std::array<float, 4>* functions = nullptr;
    if (!placement_.object.empty())
      if (const ObjectState* o = scene.find(placement_.object)) functions = &o->functions;
    WeatherDrawStats stats;
    collectWeather(*sim_, draw, debug, view, flags, functions, stats);
  }

  EffectStats stats() const override {
    EffectStats s;
    s.live = sim_->particles.count;
    // The HUD's "live/budget": what this effect may hold of its pool this frame.
    s.budget = std::min(sim_->particles.capacity, sim_->budget);
    s.budgetRule = pool_ ? "shared pool" : "own pool";
    s.bytesPerParticle = soa::rowBytes(sim_->particles);
    size_t n = std::min(def_.particleTypes.size(), size_t(kMaxParticleTypes));
    for (size_t t = 0; t < n; ++t) {
      const TypeState& ts = sim_->types[t];
      std::string k = "type" + std::to_string(t);
      s.values.push_back({k + "_count", double(ts.count)});
      s.values.push_back({k + "_target", double(ts.target)});
      s.values.push_back({k + "_density", double(ts.density)});
      if (ts.count < ts.target)
        s.messages.push_back(
            "type " + std::to_string(t) + " (" + def_.particleTypes[t].name + ") has " +
            std::to_string(ts.count) + " of " + std::to_string(ts.target) + " particles: " +
            (sim_->particles.capacity > uint32_t(kMaxWeatherParticles)
                 ? "fxview's stress cap of " + std::to_string(sim_->particles.capacity) +
                       " particles is reached"
                 : std::string("the 512 budget is used by earlier types") +
                       (pool_ ? " or earlier weather effects" : "")));
    }
    s.values.push_back({"wind_speed", double(sim_->wind.speed)});
    return s;
  }

  void dump(std::vector<ParticleRecord>& out) const override {
    const WeatherParticles& p = sim_->particles;
    for (uint32_t i = 0; i < p.count; ++i) {
      ParticleRecord r;
      r.position = p.position[i];  // box-local simulation space
      r.velocity = p.velocity[i];
      r.color = p.color[i];
      r.size = 2.0f * p.radius[i];
      r.rotation = p.rotation[i];
      r.age = p.age[i];
      out.push_back(r);
    }
  }

  // The copy's sim points at the same definition (the entry's, which outlives both).
  std::unique_ptr<EffectInstance> clone(const FamilyShared& shared) const override {
    std::unique_ptr<WeatherInstance> c(new WeatherInstance(def_, placement_));
    c->sim_ = std::make_unique<WeatherSim>(*sim_);
    if (pool_)
      c->pool_ = shared ? std::static_pointer_cast<WeatherPool>(shared)
                        : std::make_shared<WeatherPool>(*pool_);
    return c;
  }
  size_t stateBytes() const override {
    const WeatherSim& s = *sim_;
    return sizeof(*this) + sizeof(s) + soa::heapBytes(s.particles) + heapBytes(s.datums.freed) +
           heapBytes(s.chunkDraws);
  }

  const WeatherSim& sim() const { return *sim_; }

 private:
  WeatherInstance(const WeatherDefinition& def, const EffectPlacement& placement)
      : def_(def), placement_(placement) {}

  const WeatherDefinition& def_;
  EffectPlacement placement_;
  std::unique_ptr<WeatherSim> sim_;
  std::shared_ptr<WeatherPool> pool_;  // null: own_pool
};

}  // namespace

const EffectFamily& haloWeatherFamily() {
  static const EffectFamily kFamily{
      .kind = "halo_weather",
      .title = "Halo CE weather particle system",
      .seed = "001_3ad6be86febc851d.txt",
      .createDefinition = &defaultDefinition<WeatherDefinition>,
      .instantiate = &instantiateAs<WeatherDefinition, WeatherInstance>,
      .createShared = [] { return FamilyShared(std::make_shared<WeatherPool>()); },
      .copyShared =
          [](const FamilyShared& s) {
            return FamilyShared(
                std::make_shared<WeatherPool>(*std::static_pointer_cast<WeatherPool>(s)));
          },
      .tagClass = "weather_particle_system",
  };
  return kFamily;
}

}  // namespace fx
