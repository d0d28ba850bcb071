// The `destiny_system` family: a particle system (emitter + raster material, seed "Particle
// systems") placed directly in a scene at an object or marker, without a sequence. One
// SystemInstance (system_instance.h) runs per spawn frame: a marker name that repeats gives one
// frame per marker (seed "Frames and instances"), a missing marker gives none, so nothing emits.
//
// Entry key `slot_frames` feeds the emitter's transform slots, one string per row slot:
//   "placement"    the entry's object / marker frame (instance k takes frame k)
//   "world_space"  identity: the world (seed location kind 1)
//   "object"       the entry object's root frame
//   "marker:NAME"  marker NAME on the entry object (frame k while there are enough, else the first)
// Slots past the list are program slots: only the emitter program writes them. An empty list
// feeds "placement" to every slot.
//
// Marker frames come from pointFrames (location_frames.h), the same builder the sequence's point
// sources use: "skips a row whose enable bit is clear".
#include "engine/effects/destiny/destiny_system_family.h"
#include "engine/effects/destiny/location_frames.h"
#include "engine/effects/registry.h"

namespace fx {

namespace {

using namespace destiny;

class Definition final : public EffectDefinition {
 public:
  ParticleSystemDefinition system;
  std::vector<std::string> slotFrames;

  void reflect(FieldVisitor& v) override { system.reflect(v); }
  void reflectEntry(FieldVisitor& v) override {
    visitValueArray(v,
                    {.key = "slot_frames",
                     .help = "Frames for the emitter's row slots: placement, world_space, object "
                             "or marker:NAME; slots past "
                             "the list are program slots",
                     .restart = true,
                     .hint = FieldHint::Name,
                     .maxCount = kMaxTransformSlots},
                    slotFrames, std::string("placement"));
  }
  void finalize(const LoadContext& lc) override {
    system.finalize(lc);
    for (size_t i = 0; i < slotFrames.size(); ++i) {
      const std::string& s = slotFrames[i];
      if (s != "placement" && s != "world_space" && s != "object" && s.rfind("marker:", 0) != 0 &&
          lc.diags) {
        std::string p = lc.pointer;
        if (p.size() >= 11 && p.compare(p.size() - 11, 11, "/definition") == 0)
          p.resize(p.size() - 11);
        lc.diags->error(
            lc.file, p + "/slot_frames/" + std::to_string(i),
            "expected placement, world_space, object or marker:NAME, got \"" + s + "\"");
      }
    }
  }
  void lint(const SceneObject* attachedTo, const Scene&, const EffectPlacement& where,
            Diagnostics& out, const std::string& file, const std::string& pointer) const override {
    const EmitterDefinition& e = system.activeEmitter();
    auto bound = [&](Ch c) { return e.channels[size_t(c)].group != kGroupUnused; };
    if (!bound(Ch::ParticlePosition))
      out.warning(file, pointer + "/emitter/channels/particle_position",
                  "particle_position is unbound: fxview keeps positions in a native column the "
                  "program cannot read");
    if (!bound(Ch::ParticleLifetime))
      out.warning(file, pointer + "/emitter/channels/particle_lifetime",
                  "particle_lifetime is unbound: particles live 1 s");
    if (!bound(Ch::EmissionRate) && !bound(Ch::InitialParticleCount) &&
        !bound(Ch::EmissionDistance))
      out.warning(file, pointer + "/emitter/channels",
                  "no emission_rate, initial_particle_count or emission_distance: the system emits "
                  "nothing");
    if (e.compiled && e.compiled->stageEmpty(kStageParticleInit) && bound(Ch::ParticlePosition))
      out.warning(file, pointer + "/emitter/program",
                  "stage 3 is empty: spawn programs usually copy initial_particle_position into "
                  "particle_position");
    if (attachedTo && !where.marker.empty()) {
      bool found = false;
      for (const Marker& m : attachedTo->markers)
        found = found || (m.name == where.marker && m.enabled);
      if (!found)
        out.warning(file, pointer,
                    "no enabled marker \"" + where.marker + "\" on \"" + attachedTo->name +
                        "\": a spawn location whose point is missing emits nothing");
    }
  }
  std::unique_ptr<EffectDefinition> clone() const override {
    return std::make_unique<Definition>(*this);
  }
};

class Instance final : public EffectInstance {
 public:
  Instance(const Definition& def, const InstanceContext& ctx)
      : def_(def), placement_(ctx.placement) {
    const EmitterDefinition& e = def.system.activeEmitter();
    // One instance per valid spawn frame (markers are fixed by the scene, so count them once).
    size_t frames = 1;
    if (!placement_.marker.empty()) {
      frames = 0;
      const uint32_t h = nameHash(placement_.marker);
      if (const SceneObject* o = ctx.scene ? ctx.scene->findObject(placement_.object) : nullptr)
        for (const Marker& m : o->markers) frames += (fnv1(m.name) == h && m.enabled) ? 1 : 0;
    }
    Lcg seeds{ctx.seed};
    for (size_t k = 0; k < frames; ++k)
      systems_.emplace_back(e, def.system.activeMaterial(),
                            SystemParams{.duration = def.system.duration,
                                         .gravityScale = def.system.gravityScale,
                                         .seed = seeds.next()});
  }

  void step(const StepContext& ctx) override {
    const ObjectState* obj = ctx.scene ? ctx.scene->find(placement_.object) : nullptr;
    markers_.clear();
    if (obj && !placement_.marker.empty()) pointFrames(*obj, nameHash(placement_.marker), markers_);
    const EmitterDefinition& e = def_.system.activeEmitter();
    const size_t bound =
        def_.slotFrames.empty() ? size_t(e.transformSlotCount) : def_.slotFrames.size();
    for (size_t k = 0; k < systems_.size(); ++k) {
      for (size_t s = 0; s < bound; ++s) {
        const std::string& kind =
            def_.slotFrames.empty() ? std::string("placement") : def_.slotFrames[s];
        systems_[k].setSlot(int(s), frameFor(kind, obj, k));
      }
      systems_[k].step({.dt = ctx.dt,
                        .time = ctx.time,
                        .frame = ctx.step,
                        .view = ctx.view,
                        .channels = obj && obj->def ? &obj->def->channels : nullptr});
    }
  }

  void collect(DrawList& draw, DebugDraw&, const View&, const DebugFlags& flags,
               const SceneState&) const override {
    if (!flags.renderPsystems) return;
    const RasterMaterial& m = def_.system.activeMaterial();
    SpriteBatch batch;
    batch.texture = m.resolvedTexture.empty() ? kNoTexture : draw.texture(m.resolvedTexture);
    batch.blend = m.blend;
    batch.orientation = m.orientation;
    batch.sortBackToFront = m.blend == BlendMode::AlphaBlend;
    draw.beginBatch(batch);
    for (const auto& s : systems_) s.collectSprites(draw);
  }

  EffectStats stats() const override {
    EffectStats st;
    uint64_t spawned = 0;
    for (const auto& s : systems_) {
      st.live += s.liveCount();
      spawned += s.spawnedTotal();
      for (const auto& m : s.messages()) st.messages.push_back(m);
    }
    if (!systems_.empty()) st.bytesPerParticle = systems_.front().bytesPerParticle();
    st.values.push_back({"instances", double(systems_.size())});
    st.values.push_back({"spawned", double(spawned)});
    if (!systems_.empty()) st.values.push_back({"system_age", systems_[0].systemAge()});
    return st;
  }

  void dump(std::vector<ParticleRecord>& out) const override {
    for (const auto& s : systems_) s.dump(out);
  }

  // Emitter k = the system instance on spawn frame k.
  void inspect(std::vector<ParticleInfo>& out, const View&, bool attributes) const override {
    for (size_t k = 0; k < systems_.size(); ++k)
      systems_[k].inspect(out, attributes, uint32_t(k), "instance " + std::to_string(k));
  }

  // A copy reads the same definition (the entry's, which outlives both).
  std::unique_ptr<EffectInstance> clone(const FamilyShared&) const override {
    auto c = std::make_unique<Instance>(*this);
    for (SystemInstance& s : c->systems_) s.rebindCopy();
    return c;
  }
  size_t stateBytes() const override {
    size_t bytes = sizeof(*this) + heapBytes(markers_) + heapBytes(named_);
    for (const SystemInstance& s : systems_) bytes += s.stateBytes();
    return bytes;
  }

  std::vector<SystemInstance>& systems() { return systems_; }
  const std::vector<SystemInstance>& systems() const { return systems_; }

 private:
  // Instance k's frame for one slot kind (frame k while there are enough, else the first).
  Transform frameFor(const std::string& kind, const ObjectState* obj, size_t k) {
    if (kind == "world_space") return {};
    if (!obj) return {};
    if (kind == "object") return obj->world;
    if (kind == "placement") {
      if (placement_.marker.empty() || markers_.empty()) return obj->world;
      return markers_[std::min(k, markers_.size() - 1)];
    }
    // marker:NAME
    named_.clear();
    pointFrames(*obj, nameHash(std::string(kind.substr(7))), named_);
    if (named_.empty()) return obj->world;
    return named_[k < named_.size() ? k : 0];
  }

  const Definition& def_;
  EffectPlacement placement_;
  std::vector<SystemInstance> systems_;
  std::vector<Transform> markers_, named_;  // this step's enabled frames (scratch)
};

}  // namespace

std::span<destiny::SystemInstance> destinySystems(EffectInstance& instance) {
  auto* i = dynamic_cast<Instance*>(&instance);
  return i ? std::span<destiny::SystemInstance>(i->systems())
           : std::span<destiny::SystemInstance>();
}

std::span<const destiny::SystemInstance> destinySystems(const EffectInstance& instance) {
  auto* i = dynamic_cast<const Instance*>(&instance);
  return i ? std::span<const destiny::SystemInstance>(i->systems())
           : std::span<const destiny::SystemInstance>();
}

const EffectFamily& destinySystemFamily() {
  static const EffectFamily kFamily{
      .kind = "destiny_system",
      .title = "Destiny particle system",
      .seed = "002_e6bdd13e60a686c3.txt",
      .createDefinition = &defaultDefinition<Definition>,
      .instantiate = &instantiateAs<Definition, Instance>,
  };
  return kFamily;
}

}  // namespace fx
