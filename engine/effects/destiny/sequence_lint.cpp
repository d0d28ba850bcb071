#include "engine/effects/destiny/sequence_lint.h"

#include "engine/core/rng.h"

namespace fx::destiny {

namespace {

bool undecoded(SourceKind k) {
  int32_t v = int32_t(k);
  return v == 5 || v == 9 || v >= 16;
}

bool pointKind(SourceKind k) {
  int32_t v = int32_t(k);
  return (v >= 2 && v <= 4) || (v >= 6 && v <= 8);
}

std::string nodePointer(const std::string& base, const SequenceGraph& g, int32_t id) {
  return id < g.flowCount ? base + "/flow_nodes/" + std::to_string(id)
                          : base + "/work_nodes/" + std::to_string(id - g.flowCount);
}

// The tree: a root, every node reachable, parent fields that agree with the child lists, and
// ranges in order.
void lintTree(const SequenceDefinition& def, const SequenceGraph& graph, Diagnostics& out,
              const std::string& file, const std::string& pointer) {
  const int32_t total = int32_t(graph.children.size());
  if (graph.root < 0)
    out.warning(file, pointer + "/root", "the root is none: the sequence plays nothing");
  // Reachability and the stored parent fields.
  std::vector<bool> reached(size_t(total), false);
  if (graph.root >= 0) {
    std::vector<int32_t> stack{graph.root};
    while (!stack.empty()) {
      int32_t id = stack.back();
      stack.pop_back();
      if (reached[size_t(id)]) continue;
      reached[size_t(id)] = true;
      for (int32_t c : graph.children[size_t(id)]) stack.push_back(c);
    }
  }
  for (int32_t id = 0; id < total; ++id) {
    std::string np = nodePointer(pointer, graph, id);
    if (graph.root >= 0 && !reached[size_t(id)])
      out.warning(file, np, "node is not reachable from the root: it never plays");
    const NodeHeader& h = id < graph.flowCount ? def.flowNodes[size_t(id)].header
                                               : def.workNodes[size_t(id - graph.flowCount)].header;
    int32_t p = graph.parent[size_t(id)];
    bool stored = h.parent.kind != NodeKind::None;
    if (p >= 0 && (!stored || h.parent.kind != NodeKind::Flow || h.parent.index != p))
      out.warning(file, np + "/parent",
                  "parent field disagrees with the child lists: flow node " + std::to_string(p) +
                      " lists this node");
    if (id == graph.root && stored)
      out.warning(file, np + "/parent", "the root's parent kind should be none (0xFF)");
    if (h.startDelay.lo > h.startDelay.hi)
      out.warning(file, np + "/start_delay", "shortest is above longest");
    if (h.duration.lo > h.duration.hi)
      out.warning(file, np + "/duration", "shortest is above longest");
  }
}

void lintCondition(const SequenceDefinition& def, Diagnostics& out, const std::string& file,
                   const Condition& c, const std::string& cp) {
  if (c.kind == ConditionKind::ChannelRange) {
    if (c.channel < 0 || size_t(c.channel) >= def.channels.size())
      out.warning(file, cp + "/channel",
                  "channel index " + std::to_string(c.channel) + " is not in the sequence's " +
                      std::to_string(def.channels.size()) + " channels: it reads 0");
    if (!(c.min < c.max)) out.warning(file, cp, "[min, max) is empty: the condition is never true");
  } else if (c.kind == ConditionKind::Bitset && (c.channel < 0 || c.channel >= 32)) {
    out.warning(file, cp + "/channel", "bit index outside 0..31: never set");
  } else if (c.kind == ConditionKind::ComponentFilter && c.component.empty()) {
    out.warning(file, cp + "/component", "no component named: the filter never passes");
  }
}

void lintFlowNodes(const SequenceDefinition& def, Diagnostics& out, const std::string& file,
                   const std::string& pointer) {
  for (size_t f = 0; f < def.flowNodes.size(); ++f) {
    const FlowNode& n = def.flowNodes[f];
    std::string np = pointer + "/flow_nodes/" + std::to_string(f);
    lintCondition(def, out, file, n.startCondition, np + "/start_condition");
    lintCondition(def, out, file, n.endCondition, np + "/end_condition");
    if (n.startCondition.kind == ConditionKind::Never)
      out.warning(file, np + "/start_condition", "kind never: the node is always skipped");
    if (n.type == FlowType::ChannelGate) {
      if (n.gateChannel < 0 || size_t(n.gateChannel) >= def.channels.size())
        out.warning(file, np + "/gate_channel",
                    "channel index " + std::to_string(n.gateChannel) +
                        " is not in the sequence's channels: it reads 0");
      if (!(n.gateRange.lo < n.gateRange.hi))
        out.warning(file, np + "/gate_range", "[min, max) is empty: the gate never opens");
    }
    if (n.type == FlowType::Random) {
      bool any = false;
      for (const auto& c : n.children) any = any || c.weight > 0.0f;
      if (!n.children.empty() && !any)
        out.warning(file, np + "/children", "every weight is 0: fxview picks a child uniformly");
    }
  }
  lintCondition(def, out, file, def.endCondition, pointer + "/end_condition");
  lintCondition(def, out, file, def.endCondition, pointer + "/end_condition");
}

// Particle nodes' rows against their emitters' transform slots.
void lintWorkNodes(const SequenceDefinition& def, Diagnostics& out, const std::string& file,
                   const std::string& pointer) {
  for (size_t w = 0; w < def.workNodes.size(); ++w) {
    const WorkNode& n = def.workNodes[w];
    std::string np = pointer + "/work_nodes/" + std::to_string(w);
    if (n.type != kParticleNodeType && (!n.rows.empty() || !n.expressions.empty()))
      out.warning(file, np + "/rows",
                  "only particle nodes (type 4) use rows and expressions: ignored");
    if (n.type == kParticleNodeType && n.rows.empty())
      out.warning(file, np + "/rows", "particle node without rows");
    for (size_t r = 0; r < n.rows.size() && n.type == kParticleNodeType; ++r) {
      const ParticleRow& row = n.rows[r];
      const EmitterDefinition& e = row.activeSystem().activeEmitter();
      std::string rp = np + "/rows/" + std::to_string(r);
      if (e.spawnFrameSlot >= int32_t(row.locations.size()))
        out.warning(file, rp + "/locations",
                    "the emitter's spawn frame slot " + std::to_string(e.spawnFrameSlot) +
                        " is a program slot (at or above the row's byte count): only the program "
                        "places it");
      if (int32_t(row.locations.size()) > e.transformSlotCount)
        out.warning(file, rp + "/locations",
                    "more row bytes than the emitter's transform slots: the extra are unused");
    }
  }
}

// Location sources: decoded kinds, the seed's flags, and the objects and points they name.
void lintSources(const SequenceDefinition& def, const SequenceEntry& entry,
                 const SceneObject* attachedTo, const SceneObject* linked,
                 const SceneObject* firstPerson, Diagnostics& out, const std::string& file,
                 const std::string& pointer) {
  for (size_t s = 0; s < def.sources.size(); ++s) {
    const LocationSource& src = def.sources[s];
    std::string sp = pointer + "/location_sources/" + std::to_string(s);
    if (undecoded(src.kind))
      out.warning(
          file, sp + "/kind",
          std::string("kind ") + sourceKindName(src.kind) + " is not decoded: it gives no frame");
    int32_t documented = documentedSourceFlags(src.kind);
    if (src.flags >= 0 && documented >= 0 && (src.flags & 0x7F) != documented &&
        !(src.kind == SourceKind::Camera && (src.flags & 0x7F) == 0x3C))
      out.warning(file, sp + "/flags",
                  "the seed's table gives kind " + std::string(sourceKindName(src.kind)) +
                      " the flags " + hashText(uint32_t(documented)).substr(8) + " (hex)");
    int32_t kind = int32_t(src.kind);
    if ((kind >= 6 && kind <= 8) && !linked)
      out.warning(file, sp + "/kind",
                  "a linked-object kind without the entry's linked_object: no frame");
    if ((kind == 14 || kind == 15) && entry.targetObject.empty())
      out.warning(file, sp + "/kind", "a target kind without the entry's target_object: no frame");
    if (pointKind(src.kind) && nameHash(src.name) != kEmptyNameHash) {
      const SceneObject* owner = (kind >= 6) ? linked : attachedTo;
      if ((kind == 3 || kind == 7) && firstPerson) owner = firstPerson;
      if (!owner) continue;
      uint32_t h = nameHash(src.name);
      size_t enabled = 0, rows = 0;
      for (const Marker& m : owner->markers)
        if (fnv1(m.name) == h) {
          ++rows;
          enabled += m.enabled ? 1 : 0;
        }
      if (enabled == 0)
        out.warning(
            file, sp + "/name",
            "\"" + owner->name + "\" has no " + (rows ? "enabled " : "") + "attachment point \"" +
                src.name +
                "\": no valid frame (a spawn location whose point is missing emits nothing)");
    }
  }
}

}  // namespace

void lintSequence(const SequenceDefinition& def, const SequenceGraph& graph,
                  const SequenceEntry& entry, const SceneObject* attachedTo, const Scene& scene,
                  const EffectPlacement& where, Diagnostics& out, const std::string& file,
                  const std::string& pointer) {
  std::string entryPointer = pointer;
  if (entryPointer.size() >= 11 &&
      entryPointer.compare(entryPointer.size() - 11, 11, "/definition") == 0)
    entryPointer.resize(entryPointer.size() - 11);

  lintTree(def, graph, out, file, pointer);
  lintFlowNodes(def, out, file, pointer);
  lintWorkNodes(def, out, file, pointer);

  // Locations and sources.
  const SceneObject* linked =
      entry.linkedObject.empty() ? nullptr : scene.findObject(entry.linkedObject);
  const SceneObject* firstPerson =
      entry.firstPersonObject.empty() ? nullptr : scene.findObject(entry.firstPersonObject);
  if (!entry.linkedObject.empty() && !linked)
    out.warning(file, entryPointer + "/linked_object",
                "no object named \"" + entry.linkedObject + "\"");
  if (!entry.targetObject.empty() && !scene.findObject(entry.targetObject))
    out.warning(file, entryPointer + "/target_object",
                "no object named \"" + entry.targetObject + "\"");
  if (!entry.firstPersonObject.empty() && !firstPerson)
    out.warning(file, entryPointer + "/first_person_object",
                "no object named \"" + entry.firstPersonObject + "\"");
  lintSources(def, entry, attachedTo, linked, firstPerson, out, file, pointer);
  for (size_t l = 0; l < def.locations.size(); ++l) {
    const Location& loc = def.locations[l];
    if (loc.flags < 0 || loc.sourceCount <= 0) continue;
    if (loc.firstSource >= 0 && size_t(loc.firstSource) < def.sources.size()) {
      uint32_t sf = def.sources[size_t(loc.firstSource)].effectiveFlags() & 0x7F;
      if (uint32_t(loc.flags & 0x7F) != sf)
        out.warning(file, pointer + "/locations/" + std::to_string(l) + "/flags",
                    "the location's own flag byte should hold its sources' value");
    }
  }

  if (!where.marker.empty())
    out.warning(file, entryPointer + "/marker",
                "a destiny_sequence places its systems through the location table; the entry "
                "marker is ignored");
  if (attachedTo && attachedTo->importance < float(def.importanceThreshold))
    out.warning(file, pointer + "/importance_threshold",
                "the object's importance is below the threshold: the player is paused");
  for (size_t f = 0; f < def.lensFlares.size(); ++f)
    if (def.lensFlares[f].texture.empty())
      out.warning(file, pointer + "/lens_flares/" + std::to_string(f) + "/texture",
                  "no texture: the flare draws nothing");
}

}  // namespace fx::destiny
