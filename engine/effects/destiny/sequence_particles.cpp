#include "engine/effects/destiny/sequence_particles.h"

#include <algorithm>

namespace fx::destiny {

namespace {

constexpr size_t kMaxLiveSystems = 4096;  // per sequence instance: bad data cannot run away
constexpr size_t kMaxMessages = 16;

}  // namespace

ParticleNodes::ParticleNodes(const ParticleNodes& o, const SequencePlayer* player)
    : WorkHooks(),
      def_(o.def_),
      player_(player),
      seeds_(o.seeds_),
      events_(o.events_),
      starts_(o.starts_),
      scratch_(o.scratch_),
      retiredSpawned_(o.retiredSpawned_),
      messages_(o.messages_) {
  systems_.reserve(o.systems_.size());
  for (const LiveSystem& s : o.systems_) {
    LiveSystem c;
    c.work = s.work, c.row = s.row, c.instance = s.instance, c.start = s.start;
    c.emitFrom = s.emitFrom, c.emitUntil = s.emitUntil;
    if (s.system) {
      c.system = std::make_unique<SystemInstance>(*s.system);
      c.system->rebindCopy();
    }
    systems_.push_back(std::move(c));
  }
}

size_t ParticleNodes::stateBytes() const {
  size_t bytes = heapBytes(events_) + heapBytes(systems_) + heapBytes(starts_) +
                 heapBytes(scratch_) + heapBytes(messages_);
  for (const LiveSystem& s : systems_)
    if (s.system) bytes += s.system->stateBytes();
  for (const std::string& m : messages_) bytes += m.capacity();
  return bytes;
}

void ParticleNodes::init(const SequenceDefinition* def, const SequencePlayer* player,
                         uint32_t seed) {
  def_ = def;
  player_ = player;
  seeds_ = Lcg{seed};
  events_.clear();
  events_.reserve(64);
  systems_.clear();
  starts_.assign(def->workNodes.size(), 0);
  retiredSpawned_ = 0;
  messages_.clear();
}

void ParticleNodes::note(const std::string& m) {
  if (messages_.size() < kMaxMessages &&
      std::find(messages_.begin(), messages_.end(), m) == messages_.end())
    messages_.push_back(m);
}

void ParticleNodes::workStarted(int32_t workIndex, double secondsLeft) {
  if (def_->workNodes[size_t(workIndex)].type != kParticleNodeType)
    return;  // generic nodes keep timing only
  events_.push_back({workIndex, true, secondsLeft});
}

void ParticleNodes::workEnded(int32_t workIndex, double secondsLeft) {
  if (def_->workNodes[size_t(workIndex)].type != kParticleNodeType) return;
  events_.push_back({workIndex, false, secondsLeft});
}

void ParticleNodes::startNode(int32_t work, const FrameContext& frames, float emitFrom) {
  const WorkNode& node = def_->workNodes[size_t(work)];
  uint32_t start = ++starts_[size_t(work)];
  const NodeRuntime& rt = player_->node(player_->flowCount() + work);
  for (size_t r = 0; r < node.rows.size(); ++r) {
    const ParticleRow& row = node.rows[r];
    const ParticleSystemDefinition& sys = row.activeSystem();
    const EmitterDefinition& emitter = sys.activeEmitter();
    // Seed: "A system runs one instance per valid spawn frame."
    size_t instances = 1;  // a spawn slot at or above the byte count is a program slot
    if (emitter.spawnFrameSlot < int32_t(row.locations.size())) {
      locationFrames(*def_, row.locations[size_t(emitter.spawnFrameSlot)], frames, scratch_);
      instances = scratch_.size();
      if (instances == 0)
        note("node \"" + node.header.name + "\" row " + std::to_string(r) +
             ": the spawn location has no valid frame, so it emits nothing");
    }
    float duration = rt.timer && rt.duration > 0.0f ? rt.duration : sys.duration;
    for (size_t k = 0; k < instances; ++k) {
      if (systems_.size() >= kMaxLiveSystems) {
        note("more than " + std::to_string(kMaxLiveSystems) +
             " live system instances: further starts dropped");
        return;
      }
      LiveSystem ls;
      ls.work = work;
      ls.row = int32_t(r);
      ls.instance = int32_t(k);
      ls.start = start;
      ls.emitFrom = emitFrom;
      ls.system = std::make_unique<SystemInstance>(
          emitter, sys.activeMaterial(),
          SystemParams{
              .duration = duration, .gravityScale = sys.gravityScale, .seed = seeds_.next()});
      feedSlots(ls, frames);
      systems_.push_back(std::move(ls));
    }
  }
}

void ParticleNodes::feedSlots(LiveSystem& s, const FrameContext& frames) {
  const ParticleRow& row = def_->workNodes[size_t(s.work)].rows[size_t(s.row)];
  const EmitterDefinition& emitter = row.activeSystem().activeEmitter();
  // Seed: "A transform slot below the node row's byte count takes that row byte's frames. A slot at
  // or above it is a program slot: only the emitter program writes it."
  size_t fed = std::min(row.locations.size(),
                        size_t(std::clamp(emitter.transformSlotCount, 0, kMaxTransformSlots)));
  for (size_t slot = 0; slot < fed; ++slot) {
    locationFrames(*def_, row.locations[slot], frames, scratch_);
    if (scratch_.empty()) continue;  // no valid frame now: the slot keeps its last frame
    // Instance k takes frame k while there are enough frames, else the first one.
    size_t k = size_t(s.instance) < scratch_.size() ? size_t(s.instance) : 0;
    s.system->setSlot(int(slot), scratch_[k]);
  }
}

void ParticleNodes::step(const FrameContext& frames, const SystemStepInput& in) {
  if (player_->paused()) return;  // everything holds; queued events wait for the player
  for (const Event& e : events_) {
    float at = e.secondsLeft < 0.0 ? 0.0f : std::max(0.0f, in.dt - float(e.secondsLeft));
    if (e.start) {
      startNode(e.work, frames, at);
    } else {
      for (auto& s : systems_)
        if (s.work == e.work && s.system->emitting() && s.emitUntil < 0.0f)
          s.emitUntil = std::max(at, s.emitFrom);
    }
  }
  events_.clear();
  for (auto& s : systems_) {
    feedSlots(s, frames);
    SystemStepInput own = in;
    float until = s.emitUntil >= 0.0f ? s.emitUntil : in.dt;
    own.emitSeconds = std::max(0.0f, until - s.emitFrom);
    s.system->step(own);
    if (s.emitUntil >= 0.0f) s.system->setEmitting(false);
    s.emitFrom = 0.0f;
    s.emitUntil = -1.0f;
  }
  // Instances that stopped emitting and have no particles left go (order kept: deterministic).
  size_t out = 0;
  for (size_t i = 0; i < systems_.size(); ++i) {
    LiveSystem& s = systems_[i];
    if (!s.system->emitting() && s.system->liveCount() == 0) {
      retiredSpawned_ += s.system->spawnedTotal();
      continue;
    }
    if (out != i) systems_[out] = std::move(s);
    ++out;
  }
  systems_.resize(out);
}

void ParticleNodes::clear() {
  for (const auto& s : systems_) retiredSpawned_ += s.system->spawnedTotal();
  systems_.clear();
  events_.clear();
}

void ParticleNodes::collect(DrawList& draw) const {
  for (const auto& s : systems_) {
    const RasterMaterial& m =
        def_->workNodes[size_t(s.work)].rows[size_t(s.row)].activeSystem().activeMaterial();
    SpriteBatch batch;
    batch.texture = m.resolvedTexture.empty() ? kNoTexture : draw.texture(m.resolvedTexture);
    batch.blend = m.blend;
    batch.orientation = m.orientation;
    batch.sortBackToFront = m.blend == BlendMode::AlphaBlend;
    draw.beginBatch(batch);
    s.system->collectSprites(draw);
  }
}

void ParticleNodes::dump(std::vector<ParticleRecord>& out) const {
  for (const auto& s : systems_) s.system->dump(out);
}

std::string systemName(const LiveSystem& s) {
  return "node " + std::to_string(s.work) + " row " + std::to_string(s.row) + " instance " +
         std::to_string(s.instance) + " start " + std::to_string(s.start);
}

void ParticleNodes::inspect(std::vector<ParticleInfo>& out, bool attributes) const {
  for (size_t k = 0; k < systems_.size(); ++k) {
    const LiveSystem& s = systems_[k];
    const size_t first = out.size();
    s.system->inspect(out, attributes, uint32_t(k), systemName(s));
    if (!attributes) continue;
    for (size_t i = first; i < out.size(); ++i) {
      out[i].add("work_node", {double(s.work)});
      out[i].add("row", {double(s.row)});
      out[i].add("instance", {double(s.instance)});
    }
  }
}

size_t ParticleNodes::liveParticles() const {
  size_t n = 0;
  for (const auto& s : systems_) n += s.system->liveCount();
  return n;
}

size_t ParticleNodes::systemCount(int32_t workIndex) const {
  if (workIndex < 0) return systems_.size();
  return size_t(std::count_if(systems_.begin(), systems_.end(),
                              [&](const LiveSystem& s) { return s.work == workIndex; }));
}

uint64_t ParticleNodes::spawnedLive() const {
  uint64_t n = 0;
  for (const auto& s : systems_) n += s.system->spawnedTotal();
  return n;
}

}  // namespace fx::destiny
