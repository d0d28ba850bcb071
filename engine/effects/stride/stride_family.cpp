// Registration of the stride_particles family and its instance: placement, warm-up, speed scale,
// per-emitter stepping, drawing (each emitter a part sorted as Stride sorts it), stats and dumps.
#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>

#include "engine/core/parallel.h"
#include "engine/effects/registry.h"
#include "engine/effects/stride/stride_children.h"
#include "engine/effects/stride/stride_definition_class.h"
#include "engine/effects/stride/stride_draw_order.h"
#include "engine/effects/stride/stride_order.h"

namespace fx {

namespace stride {

StrideDefinition::StrideDefinition() {
  DefaultsVisitor d;
  system.reflect(d);
}

void StrideDefinition::finalize(const LoadContext& ctx) {
  for (size_t i = 0; i < system.emitters.size(); ++i) {
    Material& m = system.emitters[i].material;
    std::string ptr = ctx.pointer + "/emitters/" + std::to_string(i) + "/material/texture";
    m.resolvedTexture = ctx.resolveTexture(m.texture, ptr);
    if (!m.secondTexture.empty())
      m.resolvedSecondTexture =
          ctx.resolveTexture(m.secondTexture, ctx.pointer + "/emitters/" + std::to_string(i) +
                                                  "/material/second_texture");
  }
}

Transform placementWorld(const SceneState& scene, const EffectPlacement& where) {
  if (where.object.empty()) return {};
  const ObjectState* o = scene.find(where.object);
  if (!o) return {};
  if (!where.marker.empty())
    for (const auto& m : o->markers)
      if (m.def && m.def->name == where.marker) return m.world;
  return o->world;
}

namespace {

auto objectFinder(const SceneState* scene) {
  return [scene](std::string_view name, vec3& out) {
    if (!scene) return false;
    const ObjectState* o = scene->find(name);
    if (!o) return false;
    out = worldToStride(o->world.position);
    return true;
  };
}

constexpr int kMaxWarmUpSteps = 20000;
constexpr float kWarmUpStep = 1.0f / 30.0f;  // ParticleSystem.Update's warm-up time step

}  // namespace

StrideInstance::StrideInstance(const StrideDefinition& def, const InstanceContext& ctx)
    : def_(def), ctx_(ctx) {
  emitters_.resize(def.system.emitters.size());
}

void StrideInstance::restartIfDue(float dt) {
  const float period = def_.system.resetSeconds;
  if (period <= 0.0f) return;
  // A frame that would pass the period starts the system over (a tolerance for the summed steps).
  if (sinceRestart_ > 0.0 && sinceRestart_ + 0.5 * double(dt) >= double(period)) {
    emitters_.clear();
    warmed_ = false;
    sinceRestart_ = 0.0;
  }
  sinceRestart_ += double(dt);
}

void StrideInstance::stepWith(float dt, const Transform& component, const SceneState* scene) {
  component_ = component;
  const SystemDef& sys = def_.system;
  size_t n = std::min(sys.emitters.size(), kMaxEmitters);
  // Stride's editor counts ResetSeconds in simulation time: its gizmo hands the control the
  // frame time x the component's Speed, as the simulation gets (ParticleSystemGizmo.Update).
  const float simDt = dt * std::max(sys.speedScale, 0.0f);
  restartIfDue(simDt);
  if (emitters_.size() != n) emitters_.resize(n);
  EmitterStep es;
  es.dt = simDt;
  es.component = component;
  es.instanceSeed = ctx_.seed;
  es.particleCap = unlimited_ ? kStressParticleCap : kMaxParticlesPerEmitter;
  es.findObject = objectFinder(scene);
  // Emitters without children are independent (each has its own pool and seed generator), so
  // with several of them and more than a chunk of particles in all they step concurrently; each
  // emitter's own passes split into chunks as well. Small populations stay on the calling
  // thread. Children read their parents, so a system with children steps in list order.
  const bool children = hasChildren(sys);
  std::array<ParentLinks, kMaxEmitters> links{};
  if (children) {
    for (size_t i = 0; i < n; ++i) links[i] = parentLinks(sys, i);
    es.findParent = [this, &sys](const std::string& name) {
      int j = findEmitter(sys, name);
      if (j < 0 || size_t(j) >= emitters_.size()) return ParentView{};
      return ParentView{&sys.emitters[size_t(j)], &emitters_[size_t(j)].pool};
    };
  }
  size_t live = 0;
  for (size_t i = 0; i < n; ++i) live += emitters_[i].pool.count;
  const bool concurrent = n > 1 && live > kParallelChunk && !children;
  auto stepOne = [&](size_t i) {
    if (!sys.emitters[i].enabled) return;
    EmitterStep one = es;
    one.emitterIndex = uint32_t(i);
    one.linkedFields = links[i].fields;
    one.delayDeath = links[i].delayDeath;
    stepEmitter(sys.emitters[i], emitters_[i], one);
  };
  auto stepAll = [&](float stepDt) {
    es.dt = stepDt;
    if (concurrent) {
      parallelTasks(n, stepOne);
    } else {
      for (size_t i = 0; i < n; ++i) stepOne(i);
    }
  };
  if (!warmed_) {
    warmed_ = true;
    // ParticleSystem.Update: the first update warms the system up in steps of 1/30 s (the last
    // one the remainder) before its own step.
    float remaining = simDt > 0.0f ? sys.warmUpTime : 0.0f;
    for (int k = 0; remaining > 0.0f && k < kMaxWarmUpSteps; ++k) {
      float w = std::min(remaining, kWarmUpStep);
      stepAll(w);
      remaining -= w;
    }
  }
  stepAll(simDt);
}

namespace {

size_t emitterBytes(const EmitterRuntime& rt) {
  const DrawScratch& d = rt.drawScratch;
  const RemovalScratch& r = rt.removal;
  size_t bytes = sizeof(rt) + soa::heapBytes(rt.pool) + heapBytes(rt.spawners) +
                 heapBytes(rt.dead) + heapBytes(rt.deadPerChunk) + heapBytes(r.holes) +
                 heapBytes(r.sources) + heapBytes(r.holeRank) + heapBytes(r.sourceRank) +
                 heapBytes(r.from) + heapBytes(rt.initContexts) + heapBytes(rt.orderCounters) +
                 heapBytes(rt.lastBatchAt) + heapBytes(rt.hadBatch) + heapBytes(d.order) +
                 heapBytes(d.sort.keys) + heapBytes(d.sort.keysTmp) + heapBytes(d.sort.indexTmp) +
                 heapBytes(d.ribbon.stripBegin) + heapBytes(d.ribbon.position) +
                 heapBytes(d.ribbon.width) + heapBytes(d.colours);
  return bytes;
}

}  // namespace

size_t StrideInstance::stateBytes() const {
  size_t bytes = sizeof(*this) + heapBytes(emitters_);
  for (const EmitterRuntime& rt : emitters_) bytes += emitterBytes(rt) - sizeof(rt);
  return bytes;
}

void StrideInstance::step(const StepContext& ctx) {
  Transform component =
      ctx.scene ? worldToStride(placementWorld(*ctx.scene, ctx_.placement)) : Transform{};
  unlimited_ = ctx.flags && ctx.flags->unlimitedBudget;
  stepWith(ctx.dt, component, ctx.scene);
}

bool StrideInstance::drawParts(const View& view, const DebugFlags& flags,
                               std::vector<DrawPart>& out) const {
  if (flags.renderPsystems) listParts(view, true, out);
  return true;
}

void StrideInstance::listParts(const View& view, bool cull, std::vector<DrawPart>& out) const {
  const SystemDef& sys = def_.system;
  // ParticleSystemRenderProcessor.Draw: every enabled emitter's box is the system's GetAABB();
  // BoundingBoxExt's centre is what SortModeDistance measures.
  vec3 lo, hi;
  systemAabb(sys.bounds, component_, lo, hi);
  if (cull && culled(view, lo, hi)) return;
  const float distance = viewDistance(view, (lo + hi) * 0.5f);
  size_t n = std::min(emitters_.size(), sys.emitters.size());
  for (size_t i = 0; i < n; ++i) {
    const EmitterDef& e = sys.emitters[i];
    if (!e.enabled) continue;
    out.push_back(
        {backToFrontKey(distance, uint8_t(std::clamp(e.drawPriority, 0, 255))), uint32_t(i)});
  }
}

void StrideInstance::collectPart(uint32_t index, DrawList& draw, const View& view,
                                 const DebugFlags&, const SceneState&) const {
  const SystemDef& sys = def_.system;
  if (index < emitters_.size() && index < sys.emitters.size())
    drawEmitter(sys.emitters[index], emitters_[index], component_, draw, view, sys.colorSpace);
}

void StrideInstance::collectOverlay(DebugDraw& debug, const View&, const DebugFlags& flags,
                                    const SceneState& scene) const {
  const SystemDef& sys = def_.system;
  size_t n = std::min(emitters_.size(), sys.emitters.size());
  auto finder = objectFinder(&scene);
  for (size_t i = 0; i < n; ++i)
    if (sys.emitters[i].enabled)
      drawEmitterDebug(sys.emitters[i], component_, flags.moduleShapes, debug, finder);
  if (sys.bounds.type == BoundsKind::None || !(flags.moduleShapes || sys.bounds.debugDraw)) return;
  // The box Stride sorts (and culls) the system by; Stride space to world keeps it axis-aligned.
  vec3 lo, hi;
  systemAabb(sys.bounds, component_, lo, hi);
  vec3 a = strideToWorld(lo), b = strideToWorld(hi);
  debug.aabb(glm::min(a, b), glm::max(a, b), vec4(1.0f, 0.9f, 0.3f, 1.0f));
}

// The system alone, in the order the world draws its parts, never culled (framing a selection).
void StrideInstance::collect(DrawList& draw, DebugDraw& debug, const View& view,
                             const DebugFlags& flags, const SceneState& scene) const {
  std::vector<DrawPart> parts;
  if (flags.renderPsystems) listParts(view, false, parts);
  std::stable_sort(parts.begin(), parts.end(),
                   [](const DrawPart& a, const DrawPart& b) { return a.key < b.key; });
  for (const DrawPart& p : parts) collectPart(p.index, draw, view, flags, scene);
  collectOverlay(debug, view, flags, scene);
}

EffectStats StrideInstance::stats() const {
  EffectStats s;
  uint64_t dropped = 0;
  for (size_t i = 0; i < emitters_.size(); ++i) {
    s.live += emitters_[i].pool.count;
    s.budget += emitters_[i].pool.capacity;
    dropped += emitters_[i].dropped;
  }
  s.bytesPerParticle = emitters_.empty() ? 0 : emitters_[0].pool.bytesPerParticle();
  s.values.push_back({"emitters", double(emitters_.size())});
  s.values.push_back({"dropped spawns", double(dropped)});
  // Live particles per emitter, by name (a repeated name gets " (2)", ...).
  const SystemDef& sys = def_.system;
  for (size_t i = 0; i < emitters_.size() && i < sys.emitters.size(); ++i) {
    std::string name =
        sys.emitters[i].name.empty() ? "emitter " + std::to_string(i + 1) : sys.emitters[i].name;
    std::string unique = name;
    for (int k = 2; std::any_of(s.emittersLive.begin(), s.emittersLive.end(),
                                [&](const auto& e) { return e.first == unique; });
         ++k)
      unique = name + " (" + std::to_string(k) + ")";
    s.emittersLive.push_back({unique, emitters_[i].pool.count});
    s.emittersBudget.push_back(emitters_[i].pool.capacity);
  }
  return s;
}

namespace {

// The parent emitter a child's parent initializer (or from_parent spawner) names, "" for none.
std::string parentEmitter(const EmitterDef& def) {
  for (const auto& m : def.initializers)
    if (m.enabled && isParentInitializer(m.type) && !m.parent.empty()) return m.parent;
  for (const auto& s : def.spawners)
    if (s.enabled && s.type == SpawnerKind::FromParent && !s.parent.empty()) return s.parent;
  return "";
}

void describeStride(const EmitterDef& def, const ParticlePool& p, size_t i, ParticleInfo& r) {
  auto v3 = [](vec3 v) { return std::vector<double>{v.x, v.y, v.z}; };
  r.add("spawn_id", {double(p.id[i])});
  if (p.has(kFieldOrder)) {
    r.add("spawn_order", {double(p.order[i])});
    r.add("spawn_order_group", {double(order::group(p.order[i]))});
  }
  const std::string parent = parentEmitter(def);
  if (!parent.empty()) r.addText("parent_emitter", parent);
  if (p.has(kFieldParent) && p.parent[i] != kNoParent)
    r.add("parent_particle", {double(p.parent[i])});
  r.add("life_remaining", {double(p.life[i])});
  r.add("random_seed", {double(p.seed[i])});
  r.addText("simulation_space", def.space == SimulationSpace::Local ? "local" : "world");
  r.add("stride_position", v3(p.position[i]));
  if (p.has(kFieldOldPosition)) r.add("old_position", v3(p.oldPosition[i]));
  if (p.has(kFieldDirection)) r.add("direction", v3(p.direction[i]));
  if (p.has(kFieldQuaternion)) {
    const quat q = p.quaternion[i];
    r.add("quaternion", {q.x, q.y, q.z, q.w});
  }
  if (p.has(kFieldCollision)) r.add("collided", {double(p.collision[i] & 1u)});
  if (p.has(kFieldChildOrder)) r.add("child_counter", {double(p.childOrder[i])});
}

}  // namespace

void StrideInstance::inspect(std::vector<ParticleInfo>& out, const View&, bool attributes) const {
  const SystemDef& sys = def_.system;
  for (size_t e = 0; e < emitters_.size() && e < sys.emitters.size(); ++e) {
    const EmitterDef& def = sys.emitters[e];
    const ParticlePool& p = emitters_[e].pool;
    const bool local = def.space == SimulationSpace::Local;
    for (size_t i = 0; i < p.count; ++i) {
      ParticleInfo r;
      r.emitter = uint32_t(e);
      r.emitterName = def.name.empty() ? "emitter " + std::to_string(e) : def.name;
      r.id = p.id[i];
      r.position = strideToWorld(toStrideWorld(def, component_, p.position[i]));
      if (p.has(kFieldVelocity))
        r.velocity = strideToWorld(local ? component_.applyVector(p.velocity[i]) : p.velocity[i]);
      r.color = p.has(kFieldColor) ? p.color[i] : vec4(1.0f);
      r.size = (p.has(kFieldSize) ? p.size[i] : 1.0f) * (local ? component_.scale : 1.0f);
      r.rotation = p.has(kFieldRotation) ? p.rotation[i] : 0.0f;
      r.age = (1.0f - p.life[i]) * p.lifetime[i];
      r.life = p.lifetime[i];
      if (attributes) describeStride(def, p, i, r);
      out.push_back(std::move(r));
    }
  }
}

void StrideInstance::dump(std::vector<ParticleRecord>& out) const {
  const SystemDef& sys = def_.system;
  for (size_t e = 0; e < emitters_.size() && e < sys.emitters.size(); ++e) {
    const EmitterDef& def = sys.emitters[e];
    const ParticlePool& p = emitters_[e].pool;
    bool local = def.space == SimulationSpace::Local;
    for (size_t i = 0; i < p.count; ++i) {
      ParticleRecord r;
      r.position = toStrideWorld(def, component_, p.position[i]);
      if (p.has(kFieldVelocity))
        r.velocity = local ? component_.applyVector(p.velocity[i]) : p.velocity[i];
      r.color = p.has(kFieldColor) ? p.color[i] : vec4(1.0f);
      r.size = (p.has(kFieldSize) ? p.size[i] : 1.0f) * (local ? component_.scale : 1.0f);
      r.rotation = p.has(kFieldRotation) ? p.rotation[i] : 0.0f;
      r.age = (1.0f - p.life[i]) * p.lifetime[i];
      out.push_back(r);
    }
  }
}

}  // namespace stride

const EffectFamily& strideParticlesFamily() {
  static const EffectFamily kFamily{
      .kind = "stride_particles",
      .title = "Stride particle system",
      .seed = "003_6899eb957d54d89d.txt",
      .createDefinition = &defaultDefinition<stride::StrideDefinition>,
      .instantiate = &instantiateAs<stride::StrideDefinition, stride::StrideInstance>,
  };
  return kFamily;
}

}  // namespace fx
