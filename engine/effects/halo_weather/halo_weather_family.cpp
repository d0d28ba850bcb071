// The halo_weather family: registration, the instance (step / collect / stats / dump).
#include "engine/effects/halo_weather/weather_draw.h"
#include "engine/effects/registry.h"

namespace fx {

namespace {

using namespace weather;

class WeatherInstance final : public EffectInstance {
 public:
  WeatherInstance(const WeatherDefinition& def, const InstanceContext& ctx)
      : def_(def), placement_(ctx.placement) {
    sim_ = std::make_unique<WeatherSim>();
    simInitialize(*sim_, def_, ctx.seed);
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
    simStep(*sim_, ctx.dt, cameraZ);
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
    s.budget = sim_->particles.capacity;
    s.bytesPerParticle = WeatherParticles::kBytesPerParticle;
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
                 : std::string("the 512 budget is used by earlier types")));
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

  const WeatherSim& sim() const { return *sim_; }

 private:
  const WeatherDefinition& def_;
  EffectPlacement placement_;
  std::unique_ptr<WeatherSim> sim_;
};

}  // namespace

const EffectFamily& haloWeatherFamily() {
  static const EffectFamily kFamily{
      .kind = "halo_weather",
      .title = "Halo CE weather particle system",
      .seed = "001_3ad6be86febc851d.txt",
      .createDefinition = &defaultDefinition<WeatherDefinition>,
      .instantiate = &instantiateAs<WeatherDefinition, WeatherInstance>,
      .tagClass = "weather_particle_system",
  };
  return kFamily;
}

}  // namespace fx
