// SystemInstance output: sprites for the raster material, the `simulate` dump, and the step
// debugger. fxview's drawing approximates the game's raster material (seed: "Its particle drawing
// is an approximation").
#include <algorithm>
#include <cstring>

#include "engine/effects/destiny/system_instance.h"

namespace fx::destiny {

void SystemInstance::collectSprites(DrawList& draw) const {
  const Transform sim = slotTransform(emitter_.simulationFrameSlot);
  const bool sizeBound = emitter_.channels[size_t(Ch::ParticleSize)].group != kGroupUnused;
  const bool dirBound = emitter_.channels[size_t(Ch::ParticleDirection)].group != kGroupUnused;
  const vec4 tint = material_.color.vec();
  draw.reserveSprites(count_);
  for (size_t i = 0; i < count_; ++i) {
    // A zero (or negative) particle_size draws nothing; DrawList's "actual resolution" sizes are a
    // Halo notion.
    const float size = (sizeBound ? read(Ch::ParticleSize, 0, i) : material_.size) * sim.scale;
    if (!(size > 0.0f)) continue;
    SpriteInstance& s = draw.push();
    s.position = sim.apply(simPosition(i));
    s.size = size;
    s.color = tint * vec4(read(Ch::ParticleColor, 0, i), read(Ch::ParticleColor, 1, i),
                          read(Ch::ParticleColor, 2, i), read(Ch::ParticleColor, 3, i));
    vec3 dir = dirBound ? read3(Ch::ParticleDirection, i) : simVelocity(i);
    s.direction = sim.rotation * dir;
    s.rotation = read(Ch::AngularPosition, 0, i);
    s.fade = read(Ch::ParticleFade, 0, i);
    float stretch = read(Ch::ParticleStretch, 0, i);
    s.aspect = read(Ch::ParticleAspect, 0, i) + stretch * glm::length(dir);
  }
}

void SystemInstance::dump(std::vector<ParticleRecord>& out) const {
  const Transform sim = slotTransform(emitter_.simulationFrameSlot);
  const bool sizeBound = emitter_.channels[size_t(Ch::ParticleSize)].group != kGroupUnused;
  for (size_t i = 0; i < count_; ++i) {
    ParticleRecord r;
    r.position = sim.apply(simPosition(i));
    r.velocity = sim.applyVector(simVelocity(i));
    r.color =
        material_.color.vec() * vec4(read(Ch::ParticleColor, 0, i), read(Ch::ParticleColor, 1, i),
                                     read(Ch::ParticleColor, 2, i), read(Ch::ParticleColor, 3, i));
    r.size = sizeBound ? read(Ch::ParticleSize, 0, i) : material_.size;
    r.rotation = read(Ch::AngularPosition, 0, i);
    r.age = age(i);
    out.push_back(r);
  }
}

namespace {

// A channel the particle's own streams (groups 0 and 1) hold: one of the program's registers.
bool inStreams(const ChannelRecord& r) {
  return r.group == 0 || r.group == 1;
}

}  // namespace

size_t SystemInstance::rowOf(uint64_t id) const {
  for (size_t i = 0; i < count_; ++i)
    if (ids_[i] == id) return i;
  return count_;
}

void SystemInstance::inspect(std::vector<ParticleInfo>& out, bool attributes, uint32_t emitter,
                             const std::string& name) const {
  std::vector<ParticleRecord> records;
  dump(records);
  for (size_t i = 0; i < count_; ++i) {
    const ParticleRecord& r = records[i];
    ParticleInfo p;
    p.emitter = emitter;
    p.emitterName = name;
    p.id = ids_[i];
    p.position = r.position;
    p.velocity = r.velocity;
    const float lifetime = read(Ch::ParticleLifetime, 0, i);
    p.age = r.age * lifetime;
    p.life = lifetime;
    p.color = r.color;
    p.size = r.size;
    p.rotation = r.rotation;
    if (attributes) {
      // The normalised age, also when the program keeps it outside its streams.
      if (!inStreams(emitter_.channels[size_t(Ch::ParticleAge)]))
        p.add("particle_age", {double(r.age)});
      for (size_t c = 0; c < kChannels.size(); ++c) {
        const ChannelRecord& rec = emitter_.channels[c];
        if (!inStreams(rec)) continue;
        std::vector<double> v;
        for (int k = 0; k < kChannels[c].floats; ++k) v.push_back(read(Ch(c), k, i));
        p.add(std::string(kChannels[c].name), std::move(v));
      }
      for (int g = 0; g < 2; ++g) {
        const size_t floats = streams_[size_t(g)].size() / std::max<size_t>(stride_, 1);
        for (size_t f = 0; f < floats; f += 4) {
          std::vector<double> v;
          for (size_t k = f; k < f + 4 && k < floats; ++k)
            v.push_back(streams_[size_t(g)][k * stride_ + i]);
          p.add("stream" + std::to_string(g) + "[" + std::to_string(f / 4) + "]", std::move(v));
        }
      }
    }
    out.push_back(std::move(p));
  }
}

std::vector<TraceStep> SystemInstance::trace(int stage, size_t particle) const {
  if (!program_ || stage < 0 || stage >= kStageCount) return {};
  // Copies: the particle's row (stride 1), the system groups, slots, named channels and the RNG.
  const bool hasParticle = stageHasParticle(stage) && particle < count_;
  std::array<std::vector<float>, 2> rows;
  for (int g = 0; g < 2; ++g) {
    size_t floats = streams_[size_t(g)].size() / stride_;
    rows[size_t(g)].assign(std::max<size_t>(floats, 1), 0.0f);
    if (hasParticle)
      for (size_t f = 0; f < floats; ++f)
        rows[size_t(g)][f] = streams_[size_t(g)][f * stride_ + particle];
  }
  auto groups = systemGroups_;
  auto slotPos = slotPosition_;
  auto slotRot = slotRotation_;
  auto named = namedChannels_;
  Lcg rng = rng_;
  VmState st = vm_;
  st.stream[0] = rows[0].data();
  st.stream[1] = rows[1].data();
  st.stride = 1;
  for (int g = 0; g < 3; ++g) st.systemGroup[g] = groups[size_t(g)].data();
  st.slotPosition = slotPos.data();
  st.slotRotation = slotRot.data();
  st.namedChannels = named.data();
  st.rng = &rng;
  return traceStage(*program_, stage, st, 0);
}

}  // namespace fx::destiny
