// The `destiny_sequence` family (seed 002, "What places an effect" through "Frames and instances",
// and "Lens flares"): a sequence of flow and work nodes placed on a scene object. The player
// (sequence_player.h) runs the tree; particle nodes create destiny_system instances on the frames
// of the location table (sequence_particles.h, location_frames.h); lens flares are drawn as
// screen-space quads (flare_draw.h). The GUI reaches the live tree through sequence_view.h.
//
// Entry keys (beside "definition"): `autoplay` (false = the per-spawn override that turns the
// starts_on_spawn flag off), `actions` (a timed script of play / restart / stop / effect_spawn /
// set_channel / set_importance), `linked_object`, `target_object`, `first_person_object`.
#include <algorithm>
#include <cmath>

#include "engine/effects/destiny/flare_draw.h"
#include "engine/effects/destiny/sequence_lint.h"
#include "engine/effects/destiny/sequence_particles.h"
#include "engine/effects/destiny/sequence_view.h"
#include "engine/effects/registry.h"

namespace fx {

namespace {

using namespace destiny;

class Definition final : public EffectDefinition {
 public:
  SequenceDefinition seq;
  SequenceEntry entry;
  SequenceGraph graph;

  void reflect(FieldVisitor& v) override { seq.reflect(v); }
  void reflectEntry(FieldVisitor& v) override { entry.reflect(v); }
  void finalize(const LoadContext& lc) override { finalizeSequence(seq, graph, lc); }
  void lint(const SceneObject* attachedTo, const Scene& scene, const EffectPlacement& where,
            Diagnostics& out, const std::string& file, const std::string& pointer) const override {
    lintSequence(seq, graph, entry, attachedTo, scene, where, out, file, pointer);
  }
  std::unique_ptr<EffectDefinition> clone() const override {
    return std::make_unique<Definition>(*this);
  }
};

class Instance final : public EffectInstance, public SequenceInstanceApi {
 public:
  Instance(const Definition& def, const InstanceContext& ctx)
      : def_(def), placement_(ctx.placement) {
    Lcg seeds{ctx.seed};
    uint32_t playerSeed = seeds.next();
    uint32_t systemSeed = seeds.next();
    player_.init(&def.seq, &def.graph, playerSeed, &particles_);
    particles_.init(&def.seq, &player_, systemSeed);
    if (ctx.scene) object_ = ctx.scene->findObject(placement_.object);
    readObject();
    actions_.reserve(def.entry.actions.size());
    for (const auto& a : def.entry.actions) actions_.push_back(&a);
    std::stable_sort(
        actions_.begin(), actions_.end(),
        [](const SequenceAction* a, const SequenceAction* b) { return a->time < b->time; });
    // Seed: "spawn: flag bit 0, unless a per-spawn override turns autoplay off". The root starts
    // at the first step, when the scene's frames are known.
    autoplayPending_ = (def.seq.flags & kSeqStartsOnSpawn) && def.entry.autoplay;
    syncChannels();
  }

  // --- EffectInstance ---
  void step(const StepContext& ctx) override {
    frames_ = frameContext(ctx.scene, ctx.view);
    double stepStart = ctx.time - double(ctx.dt);
    while (nextAction_ < actions_.size() && double(actions_[nextAction_]->time) <= stepStart + 1e-6)
      apply(*actions_[nextAction_++]);
    if (autoplayPending_) {
      autoplayPending_ = false;
      player_.play();
    }
    object_ = frames_.object ? frames_.object->def : nullptr;  // the scene may have been edited
    readObject();
    player_.step(ctx.dt);
    if (player_.objectDestroyed()) {
      particles_.clear();
      return;
    }
    particles_.step(frames_, {.dt = ctx.dt,
                              .time = ctx.time,
                              .frame = ctx.step,
                              .view = ctx.view,
                              .channels = &channels_});
  }

  void collect(DrawList& draw, DebugDraw& debug, const View& view, const DebugFlags& flags,
               const SceneState& scene) const override {
    if (player_.objectDestroyed()) return;
    FrameContext fc = frameContext(&scene, &view);
    if (flags.renderPsystems) particles_.collect(draw);
    collectFlares(def_.seq, fc, draw, scratch_);
    if (flags.renderModelMarkers) {
      // Every location's frames, labelled "location i.k".
      for (size_t l = 0; l < def_.seq.locations.size(); ++l) {
        locationFrames(def_.seq, int32_t(l), fc, scratch_);
        for (size_t k = 0; k < scratch_.size(); ++k) {
          debug.axes(scratch_[k], 0.1f);
          debug.label(scratch_[k].position,
                      "location " + std::to_string(l) + "." + std::to_string(k));
        }
      }
    }
  }

  EffectStats stats() const override {
    EffectStats st;
    st.live = particles_.liveParticles();
    if (!particles_.systems().empty())
      st.bytesPerParticle = particles_.systems().front().system->bytesPerParticle();
    auto add = [&](const char* k, double v) { st.values.push_back({k, v}); };
    add("playing", player_.playing() ? 1 : 0);
    add("paused", player_.paused() ? 1 : 0);
    add("root_ended", player_.rootEnded() ? 1 : 0);
    add("root_starts", player_.rootStarts());
    add("object_destroyed", player_.objectDestroyed() ? 1 : 0);
    add("destroy_at_end", player_.destroyAtEnd() ? 1 : 0);
    add("detach_from_networking", (def_.seq.flags & kSeqDetachFromNetworking) ? 1 : 0);
    add("importance", player_.importance);
    add("system_instances", double(particles_.systemCount(-1)));
    add("spawned", double(particles_.spawnedTotal()));
    size_t running = 0;
    for (size_t id = 0; id < player_.nodeCount(); ++id)
      running += player_.node(int32_t(id)).state == NodeState::Running;
    add("nodes_running", double(running));
    for (size_t w = 0; w < def_.seq.workNodes.size(); ++w) {
      if (def_.seq.workNodes[w].expressions.empty()) continue;
      auto values = expressionValues(int32_t(w));
      for (size_t e = 0; e < def_.seq.workNodes[w].expressions.size() && e < 3; ++e) {
        if (!def_.seq.workNodes[w].expressions[e].compiled) continue;
        std::string key = "node" + std::to_string(w) + ".expr" + std::to_string(e);
        st.values.push_back({key + ".x", values[e].x});
        st.values.push_back({key + ".y", values[e].y});
        st.values.push_back({key + ".z", values[e].z});
        st.values.push_back({key + ".w", values[e].w});
      }
    }
    st.messages = particles_.messages();
    for (const auto& s : particles_.systems())
      for (const auto& m : s.system->messages())
        if (std::find(st.messages.begin(), st.messages.end(), m) == st.messages.end())
          st.messages.push_back(m);
    return st;
  }

  void dump(std::vector<ParticleRecord>& out) const override { particles_.dump(out); }
  void inspect(std::vector<ParticleInfo>& out, const View&, bool attributes) const override {
    particles_.inspect(out, attributes);
  }

  // A copy reads the same definition (the entry's, which outlives both); its player drives its
  // own particle nodes.
  std::unique_ptr<EffectInstance> clone(const FamilyShared&) const override {
    return std::unique_ptr<EffectInstance>(new Instance(*this));
  }
  size_t stateBytes() const override {
    size_t bytes = sizeof(*this) + particles_.stateBytes() + heapBytes(channels_) +
                   heapBytes(overrides_) + heapBytes(actions_) + heapBytes(scratch_);
    return bytes;
  }

  // --- SequenceInstanceApi ---
  const SequenceDefinition& definition() const override { return def_.seq; }
  const SequenceGraph& graph() const override { return def_.graph; }
  const SequencePlayer& player() const override { return player_; }
  float channelValue(int32_t index) const override {
    return index >= 0 && size_t(index) < player_.channels.size() ? player_.channels[size_t(index)]
                                                                 : 0.0f;
  }
  size_t systemCount(int32_t workIndex) const override { return particles_.systemCount(workIndex); }
  const std::vector<LiveSystem>& systems() const override { return particles_.systems(); }

  std::array<vec4, 3> expressionValues(int32_t workIndex) const override {
    std::array<vec4, 3> out{vec4(0), vec4(0), vec4(0)};
    if (workIndex < 0 || size_t(workIndex) >= def_.seq.workNodes.size()) return out;
    const auto& exprs = def_.seq.workNodes[size_t(workIndex)].expressions;
    for (size_t e = 0; e < exprs.size() && e < 3; ++e)
      if (exprs[e].compiled) out[e] = runExpression(*exprs[e].compiled);
    return out;
  }

  void play() override { player_.play(); }
  void restart() override { player_.restart(); }
  void stop() override { player_.stop(); }
  void effectSpawn(std::span<const SpawnChannel> channels) override {
    autoplayPending_ = false;  // "autoplay off"
    for (size_t i = 0; i < channels.size() && i < kMaxSpawnChannels; ++i)
      setChannel(channels[i].name, channels[i].value);
    syncChannels();
    player_.effectSpawn();
  }
  void setChannel(std::string_view name, float value) override {
    auto it = std::find_if(overrides_.begin(), overrides_.end(),
                           [&](const Channel& c) { return c.name == name; });
    if (it != overrides_.end())
      it->value = value;
    else
      overrides_.push_back({std::string(name), value});
    readObject();
  }
  void setImportance(float value) override {
    importanceOverride_ = true;
    player_.importance = value;
  }

 private:
  Instance(const Instance& o)
      : EffectInstance(),
        SequenceInstanceApi(),
        def_(o.def_),
        placement_(o.placement_),
        player_(o.player_),
        particles_(o.particles_, &player_),
        object_(o.object_),
        channels_(o.channels_),
        overrides_(o.overrides_),
        importanceOverride_(o.importanceOverride_),
        actions_(o.actions_),
        nextAction_(o.nextAction_),
        autoplayPending_(o.autoplayPending_),
        frames_(o.frames_),
        scratch_(o.scratch_) {
    player_.setHooks(&particles_);
  }

  void apply(const SequenceAction& a) {
    switch (a.action) {
      case ActionKind::Play:
        play();
        break;
      case ActionKind::Restart:
        restart();
        break;
      case ActionKind::Stop:
        stop();
        break;
      case ActionKind::EffectSpawn:
        effectSpawn(a.channels);
        break;
      case ActionKind::SetChannel:
        setChannel(a.channel, a.value);
        break;
      case ActionKind::SetImportance:
        setImportance(a.value);
        break;
    }
  }

  // The object's channels (scene values, then values set by actions and the GUI), importance,
  // bitset and components, read every step so scene edits show at once.
  void readObject() {
    channels_.clear();
    if (object_) {
      channels_.insert(channels_.end(), object_->channels.begin(), object_->channels.end());
      if (!importanceOverride_) player_.importance = object_->importance;
      player_.bitset = object_->bitset;
      if (player_.components != object_->components) player_.components = object_->components;
    }
    for (const auto& o : overrides_) {
      auto it = std::find_if(channels_.begin(), channels_.end(),
                             [&](const Channel& c) { return c.name == o.name; });
      if (it != channels_.end())
        it->value = o.value;
      else
        channels_.push_back(o);
    }
    syncChannels();
  }

  // The player reads sequence channel i as the object channel of that name (unset reads 0).
  void syncChannels() {
    for (size_t i = 0; i < def_.seq.channels.size(); ++i) {
      uint32_t h = nameHash(def_.seq.channels[i].name);
      float v = 0.0f;
      for (const auto& c : channels_)
        if (fnv1(c.name) == h) v = c.value;
      player_.channels[i] = v;
    }
  }

  FrameContext frameContext(const SceneState* scene, const View* view) const {
    FrameContext fc;
    fc.scene = scene;
    fc.view = view;
    if (!scene) return fc;
    fc.object = placement_.object.empty() ? nullptr : scene->find(placement_.object);
    if (!def_.entry.linkedObject.empty()) fc.linked = scene->find(def_.entry.linkedObject);
    if (!def_.entry.targetObject.empty()) fc.target = scene->find(def_.entry.targetObject);
    if (!def_.entry.firstPersonObject.empty())
      fc.firstPerson = scene->find(def_.entry.firstPersonObject);
    return fc;
  }

  vec4 runExpression(const CompiledProgram& p) const {
    int stage = 0;
    while (stage < kStageCount - 1 && p.stageEmpty(stage)) ++stage;
    std::array<vec4, kMaxTransformSlots> slotPos{}, slotRot{};
    for (auto& r : slotRot) r = vec4(0, 0, 0, 1);
    std::vector<float> named(p.hashes.size(), 0.0f);
    for (size_t h = 0; h < p.hashes.size(); ++h)
      for (const auto& c : channels_)
        if (fnv1(c.name) == p.hashes[h]) named[h] = c.value;
    VmState st;
    st.slotPosition = slotPos.data();
    st.slotRotation = slotRot.data();
    st.namedChannels = named.data();
    for (size_t k = 0; k < channels_.size() && k < size_t(kMaxObjectChannels); ++k)
      st.channels[k] = channels_[k].value;
    double t = frames_.scene ? frames_.scene->time : 0.0;
    st.externFloats[0] = float(std::fmod(t, kExternTimeWrap));
    st.externFloats[2] = float(t);
    st.externFloats[5] = 1.0f / 30.0f;
    st.externFloats[6] = 1.0f / 60.0f;
    Lcg rng{0x5EEDu};
    st.rng = &rng;
    auto trace = traceStage(p, stage, st, 0);
    if (trace.empty() || trace.back().stack.empty()) return vec4(0.0f);
    return trace.back().stack.back();
  }

  const Definition& def_;
  EffectPlacement placement_;
  SequencePlayer player_;
  ParticleNodes particles_;
  const SceneObject* object_ = nullptr;
  std::vector<Channel> channels_;   // the object's channels as this sequence sees them
  std::vector<Channel> overrides_;  // set by actions and the GUI
  bool importanceOverride_ = false;
  std::vector<const SequenceAction*> actions_;
  size_t nextAction_ = 0;
  bool autoplayPending_ = false;
  FrameContext frames_;
  mutable std::vector<Transform> scratch_;
};

}  // namespace

namespace destiny {

SequenceInstanceApi* sequenceApi(EffectInstance& instance) {
  return dynamic_cast<Instance*>(&instance);
}
const SequenceInstanceApi* sequenceApi(const EffectInstance& instance) {
  return dynamic_cast<const Instance*>(&instance);
}

}  // namespace destiny

const EffectFamily& destinySequenceFamily() {
  static const EffectFamily kFamily{
      .kind = "destiny_sequence",
      .title = "Destiny sequence",
      .seed = "002_e6bdd13e60a686c3.txt",
      .createDefinition = &defaultDefinition<Definition>,
      .instantiate = &instantiateAs<Definition, Instance>,
  };
  return kFamily;
}

}  // namespace fx
