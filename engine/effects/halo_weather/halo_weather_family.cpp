// The halo_weather family: registration, the instance (step / collect / stats / dump).
//
// Seed 001: "The game can simulate up to 512 weather particles." The world's weather effects
// share one pool (FamilyShared WeatherPool) in effect order: each step an effect may hold what
// the effects before it left, so the first effect's first type has dibs. An entry with
// `own_pool` keeps its own 512 (galleries that show several systems side by side).
#include <cmath>

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

  // Emitter = particle type (named as the definition names it), id = spawn serial; where the
  // particle is drawn among the cube's copies around the camera and in which cube cell.
  void inspect(std::vector<ParticleInfo>& out, const View& view, bool attributes) const override {
    const WeatherParticles& p = sim_->particles;
    for (uint32_t i = 0; i < p.count; ++i) {
      const size_t ti = p.type[i];
      const ParticleType* t = ti < def_.particleTypes.size() ? &def_.particleTypes[ti] : nullptr;
      const float box = t ? t->boxWidth() : 0.0f;
      ParticleInfo r;
      r.emitter = uint32_t(ti);
      r.emitterName = t && !t->name.empty() ? t->name : "type " + std::to_string(ti);
      r.id = p.serial[i];
      vec3 world = p.position[i];
      glm::ivec3 cell(0);
      bool drawn = box > 0.0f && drawnCopy(view, box, p.position[i], world, cell);
      r.position = world;
      r.velocity = p.velocity[i];
      r.age = p.age[i];
      r.color = p.color[i];
      r.size = 2.0f * p.radius[i];
      r.rotation = p.rotation[i];
      if (attributes) describe(p, i, cell, drawn, r);
      out.push_back(std::move(r));
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
  static void describe(const WeatherParticles& p, uint32_t i, glm::ivec3 cell, bool drawn,
                       ParticleInfo& r) {
    auto v3 = [](vec3 v) { return std::vector<double>{v.x, v.y, v.z}; };
    r.add("particle_type", {double(p.type[i])});
    r.addText("particle_type_name", r.emitterName);
    r.add("cube_cell", {double(cell.x), double(cell.y), double(cell.z)});
    r.add("drawn", {drawn ? 1.0 : 0.0});
    r.add("box_position", v3(p.position[i]));
    r.add("acceleration", v3(p.acceleration[i]));
    r.add("radius", {double(p.radius[i])});
    r.add("sprite_frame", {std::floor(double(p.spriteIndex[i]))});
    r.add("animation_rate", {double(p.animationRate[i])});
    r.add("rotation_rate", {double(p.rotationRate[i])});
    r.add("sequence", {double(p.sequence[i])});
    r.add("datum", {double(p.datum[i])});
    r.add("serial", {double(p.serial[i])});
  }

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
