#include "engine/session/world_split.h"

#include <cmath>
#include <sstream>

#include "engine/session/world_edit.h"

namespace fx {

std::unique_ptr<Preset> clonePreset(const Preset& preset) {
  auto out = std::make_unique<Preset>();
  out->path = preset.path;
  out->displayName = preset.displayName;
  out->json = preset.json;
  out->tagsDir = preset.tagsDir;
  out->scene = preset.scene;
  out->documents = preset.documents;
  out->openedFile = preset.openedFile;
  out->level = preset.level;
  out->effects.reserve(preset.effects.size());
  for (const EffectEntry& e : preset.effects) {
    EffectEntry c;
    c.placement = e.placement;
    c.kind = e.kind;
    c.enabled = e.enabled;
    c.solo = e.solo;
    c.family = e.family;
    c.definition = e.definition ? e.definition->clone() : nullptr;
    c.definitionRef = e.definitionRef;
    c.definitionFile = e.definitionFile;
    c.definitionId = e.definitionId;
    c.definitionDisplay = e.definitionDisplay;
    c.definitionPointer = e.definitionPointer;
    c.definitionJson = e.definitionJson;
    c.entryPointer = e.entryPointer;
    c.definitionTag = e.definitionTag ? std::make_shared<halo::TagFile>(*e.definitionTag) : nullptr;
    out->effects.push_back(std::move(c));
  }
  return out;
}

void closeSplit(SplitView& split) {
  split.spec.enabled = false;
  split.world.reset();
  split.preset.reset();
  split.stale = false;
}

std::string rebuildSplit(SplitView& split, const Preset& left, const World& leftWorld,
                         bool allowAnyPath) {
  split.stale = false;
  split.world.reset();
  split.preset.reset();
  if (!split.spec.enabled) return {};
  auto preset = clonePreset(left);
  SimulationSettings& sim = preset->scene.simulation;
  sim = left.scene.simulation;
  if (split.spec.mode) sim.mode = *split.spec.mode;
  if (split.spec.rate) sim.rate = *split.spec.rate;
  auto world = std::make_unique<World>(*preset);
  world->flags = leftWorld.flags;
  world->setView(leftWorld.view());
  world->reset(leftWorld.seed());
  if (!split.spec.field.empty()) {
    FieldEdit edit;
    std::string err =
        setField(*preset, *world, split.spec.field, split.spec.value, edit, allowAnyPath);
    if (!err.empty()) {
      split.spec.enabled = false;
      return "split: " + err;
    }
    world->reset(leftWorld.seed());
  }
  world->advanceTo(leftWorld.time());
  split.preset = std::move(preset);
  split.world = std::move(world);
  return {};
}

void followSplit(SplitView& split, const Preset& left, const World& leftWorld, bool allowAnyPath) {
  if (!split.spec.enabled) return;
  if (split.stale || !split.world) {
    if (!rebuildSplit(split, left, leftWorld, allowAnyPath).empty()) return;
  }
  World& w = *split.world;
  w.flags = leftWorld.flags;
  w.setView(leftWorld.view());
  // Toggles are viewing state, not simulation: mirror them by id.
  for (size_t i = 0; i < left.effects.size() && i < split.preset->effects.size(); ++i) {
    split.preset->effects[i].enabled = left.effects[i].enabled;
    split.preset->effects[i].solo = left.effects[i].solo;
  }
  double t = leftWorld.time();
  if (w.seed() != leftWorld.seed()) {
    w.reset(leftWorld.seed());
    w.advanceTo(t);
  } else if (t + 0.5 / double(w.simulation().rate) < w.time()) {
    seekWorld(w, t);  // the left went back (restart, loop, scrub)
  } else {
    w.advanceTo(t);
  }
}

std::string simulationLabel(const SimulationSettings& sim) {
  std::ostringstream s;
  s << (sim.mode == SimulationMode::Tick ? "tick " : "frame ") << sim.rate << " Hz";
  return s.str();
}

std::string splitLabel(const SplitView& split) {
  if (!split.preset) return "split off";
  std::string out = simulationLabel(split.preset->scene.simulation);
  if (!split.spec.field.empty()) out += ", " + split.spec.field + " = " + split.spec.value;
  return out;
}

}  // namespace fx
