// World::seek: exact snapshots of the simulation state along the timeline. While the world steps
// on a history that a run from time 0 would give (after a reset, a seek, or a restored snapshot,
// with the inputs unchanged since), it keeps a copy of every instance and of the families'
// shared state every `spacing_` steps. A seek restores the nearest copy at or before its target
// and steps the rest, which is bit-identical to stepping from 0 because the copies are whole
// (EffectInstance::clone) and the scene is evaluated from the time alone.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "engine/session/world.h"

namespace fx {

namespace {

// Snapshots the budget must hold at least for a state to be copied at all.
constexpr size_t kMinSnapshots = 8;

// FNV-1a over every reflected value: a change to any definition, entry key or scene field
// changes it.
class HashVisitor final : public FieldVisitor {
 public:
  uint64_t hash = 1469598103934665603ull;

  void bytes(const void* p, size_t n) {
    const auto* c = static_cast<const unsigned char*>(p);
    for (size_t i = 0; i < n; ++i) hash = (hash ^ c[i]) * 1099511628211ull;
  }
  template <class T>
  void value(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes(&v, sizeof v);
  }
  void key(const FieldMeta& m) { bytes(m.key.data(), m.key.size()); }

  void visit(const FieldMeta& m, bool& v, bool) override { key(m), value(v); }
  void visit(const FieldMeta& m, int32_t& v, int32_t) override { key(m), value(v); }
  void visit(const FieldMeta& m, float& v, float) override { key(m), value(v); }
  void visit(const FieldMeta& m, std::string& v, std::string_view) override {
    key(m), value(v.size()), bytes(v.data(), v.size());
  }
  void visit(const FieldMeta& m, FloatBounds& v, FloatBounds) override { key(m), value(v); }
  void visit(const FieldMeta& m, IntBounds& v, IntBounds) override { key(m), value(v); }
  void visit(const FieldMeta& m, ColorRgba& v, ColorRgba) override { key(m), value(v); }
  void visit(const FieldMeta& m, vec2& v, vec2) override { key(m), value(v); }
  void visit(const FieldMeta& m, vec3& v, vec3) override { key(m), value(v); }
  void visit(const FieldMeta& m, vec4& v, vec4) override { key(m), value(v); }
  void visit(const FieldMeta& m, quat& v, quat) override { key(m), value(v); }
  void visitEnum(const FieldMeta& m, int32_t& v, std::span<const EnumOption>, int32_t) override {
    key(m), value(v);
  }
  void visitFlags(const FieldMeta& m, uint32_t& v, std::span<const FlagOption>, uint32_t) override {
    key(m), value(v);
  }
  void visitObject(const FieldMeta& m, const std::function<void(FieldVisitor&)>& body) override {
    key(m);
    body(*this);
  }
  void visitArray(const FieldMeta& m, ArrayAccess& a) override {
    key(m);
    const size_t n = a.size();
    value(n);
    for (size_t i = 0; i < n; ++i) a.element(i, *this);
  }
};

bool sameView(const View& a, const View& b) {
  static_assert(std::is_trivially_copyable_v<View>);
  return std::memcmp(&a, &b, sizeof(View)) == 0;
}

bool sameSimulation(const SimulationSettings& a, const SimulationSettings& b) {
  return a.mode == b.mode && std::memcmp(&a.rate, &b.rate, sizeof a.rate) == 0;
}

}  // namespace

SeekInputs World::currentInputs(bool withFingerprint) {
  SeekInputs in;
  in.seed = seed_;
  in.simulation = preset_.scene.simulation;
  in.unlimitedBudget = flags.unlimitedBudget;
  in.enabled.reserve(runtimes_.size());
  for (const EffectRuntime& r : runtimes_) {
    in.enabled.push_back(r.entry->enabled ? 1 : 0);
    if (r.entry->enabled && r.instance->stepReadsView()) in.viewMatters = true;
  }
  if (in.viewMatters) in.view = view_;
  if (!withFingerprint) return in;
  HashVisitor h;
  preset_.scene.reflect(h);
  for (EffectEntry& e : preset_.effects) {
    h.bytes(e.kind.data(), e.kind.size());
    h.bytes(e.placement.id.data(), e.placement.id.size());
    const EffectDefinition* def = e.definition.get();
    h.value(def);  // a definition swapped for another
    if (!e.definition) continue;
    e.definition->reflect(h);
    e.definition->reflectEntry(h);
  }
  in.fingerprint = h.hash;
  return in;
}

bool World::sameStepInputs(const SeekInputs& a) const {
  if (a.seed != seed_ || !sameSimulation(a.simulation, preset_.scene.simulation) ||
      a.unlimitedBudget != flags.unlimitedBudget || a.enabled.size() != runtimes_.size())
    return false;
  bool viewMatters = false;
  for (size_t i = 0; i < runtimes_.size(); ++i) {
    const EffectRuntime& r = runtimes_[i];
    if (a.enabled[i] != (r.entry->enabled ? 1 : 0)) return false;
    if (r.entry->enabled && r.instance->stepReadsView()) viewMatters = true;
  }
  if (viewMatters != a.viewMatters) return false;
  return !viewMatters || sameView(a.view, view_);
}

void World::dropSnapshots() {
  snapshots_.clear();
  spacing_ = 0;
  historyClean_ = false;
  uncopyable_ = false;
}

void World::setSnapshotBudget(const SnapshotBudget& b) {
  // The history so far stays usable if it still is: only the spacing starts over.
  const bool clean = historyClean_ && sameStepInputs(snapshotInputs_);
  snapshotBudget_ = b;
  dropSnapshots();
  startHistory();
  historyClean_ = clean;
}

// After reset or restart with the snapshots dropped: the inputs now are what they hold under.
void World::startHistory() {
  snapshotInputs_ = currentInputs(true);
  const double rate = double(preset_.scene.simulation.rate);
  const double every = std::max(snapshotBudget_.intervalSeconds, 0.0) * rate;
  spacing_ = std::max<uint64_t>(1, uint64_t(std::llround(std::min(every, 1e12))));
  historyClean_ = true;
}

void World::afterStep() {
  if (!historyClean_) return;
  if (!sameStepInputs(snapshotInputs_)) {
    historyClean_ = false;  // this step ran under other inputs than a replay would
    return;
  }
  if (uncopyable_ || spacing_ == 0 || clock_.steps % spacing_ != 0) return;
  auto at = std::lower_bound(snapshots_.begin(), snapshots_.end(), clock_.steps,
                             [](const WorldSnapshot& s, uint64_t n) { return s.steps < n; });
  if (at != snapshots_.end() && at->steps == clock_.steps) return;
  // A field edited in place (the inspector's live drags) changes what a replay gives.
  if (currentInputs(true).fingerprint != snapshotInputs_.fingerprint) {
    dropSnapshots();
    return;
  }
  // A state so big that a few copies would fill the budget (stress runs of a million particles)
  // is not copied: each copy would cost what many steps do, for a seek that saves little.
  size_t live = 0;
  for (const EffectRuntime& r : runtimes_) live += r.instance->stateBytes();
  if (live > snapshotBudget_.maxBytes / kMinSnapshots) return;
  takeSnapshot();
}

void World::takeSnapshot() {
  WorldSnapshot snap;
  snap.steps = clock_.steps;
  for (const auto& [family, shared] : shared_) {
    if (!family->copyShared) {
      uncopyable_ = true;
      return;
    }
    snap.shared.push_back({family, family->copyShared(shared)});
  }
  for (const EffectRuntime& r : runtimes_) {
    FamilyShared shared;
    for (const auto& [family, s] : snap.shared)
      if (family == r.entry->family) shared = s;
    auto copy = r.instance->clone(shared);
    if (!copy) {
      uncopyable_ = true;
      return;
    }
    snap.bytes += copy->stateBytes();
    snap.instances.push_back(std::move(copy));
  }
  snap.bytes += sizeof(WorldSnapshot) + snap.shared.size() * sizeof(snap.shared[0]) +
                snap.instances.size() * sizeof(snap.instances[0]);
  auto at = std::lower_bound(snapshots_.begin(), snapshots_.end(), snap.steps,
                             [](const WorldSnapshot& s, uint64_t n) { return s.steps < n; });
  snapshots_.insert(at, std::move(snap));
  thinSnapshots();
}

// Over the budget: every other snapshot goes (the spacing doubles) until they fit. One that
// alone passes the budget is not kept.
void World::thinSnapshots() {
  auto total = [this] {
    size_t bytes = 0;
    for (const WorldSnapshot& s : snapshots_) bytes += s.bytes;
    return bytes;
  };
  while (!snapshots_.empty() && total() > snapshotBudget_.maxBytes) {
    if (snapshots_.size() == 1) {
      snapshots_.clear();
      uncopyable_ = true;  // too big to keep any: seeks re-simulate (until the next reset)
      return;
    }
    spacing_ *= 2;
    std::erase_if(snapshots_, [this](const WorldSnapshot& s) { return s.steps % spacing_ != 0; });
  }
}

void World::restoreSnapshot(const WorldSnapshot& snap) {
  std::vector<std::pair<const EffectFamily*, FamilyShared>> shared;
  for (const auto& [family, s] : snap.shared) shared.push_back({family, family->copyShared(s)});
  std::vector<std::unique_ptr<EffectInstance>> instances;
  for (size_t i = 0; i < snap.instances.size(); ++i) {
    FamilyShared s;
    for (const auto& [family, fs] : shared)
      if (family == runtimes_[i].entry->family) s = fs;
    instances.push_back(snap.instances[i]->clone(s));
  }
  for (size_t i = 0; i < instances.size(); ++i) runtimes_[i].instance = std::move(instances[i]);
  shared_ = std::move(shared);
  clock_.settings = preset_.scene.simulation;
  clock_.steps = snap.steps;
  // In place: instances keep pointers into the evaluated scene's objects and markers.
  evaluateScene(preset_.scene, clock_.time(), sceneState_);
}

void World::seek(double seconds) {
  if (!(seconds >= 0.0)) seconds = 0.0;
  SeekInputs now = currentInputs(true);
  const bool same = spacing_ != 0 && sameStepInputs(snapshotInputs_) &&
                    now.fingerprint == snapshotInputs_.fingerprint;
  if (!same) dropSnapshots();
  FixedStepClock from0;
  from0.settings = preset_.scene.simulation;
  const uint64_t target = from0.stepsUntil(seconds);
  const WorldSnapshot* best = nullptr;
  for (const WorldSnapshot& s : snapshots_)
    if (s.steps <= target) best = &s;
  const bool fromNow = historyClean_ && clock_.steps <= target &&
                       clock_.settings.rate == from0.settings.rate &&
                       (!best || clock_.steps >= best->steps);
  if (fromNow) {
    // Already on the way: step on from here.
  } else if (best) {
    restoreSnapshot(*best);
    historyClean_ = true;
  } else {
    restart();
    if (spacing_ == 0) startHistory();
    historyClean_ = true;
  }
  const uint64_t start = clock_.steps;
  advanceTo(seconds);
  lastSeekSteps_ = clock_.steps - start;
}

SnapshotInfo World::snapshotInfo() const {
  SnapshotInfo info;
  info.count = snapshots_.size();
  info.spacingSteps = spacing_;
  info.lastSeekSteps = lastSeekSteps_;
  for (const WorldSnapshot& s : snapshots_) {
    info.bytes += s.bytes;
    info.steps.push_back(s.steps);
  }
  return info;
}

}  // namespace fx
