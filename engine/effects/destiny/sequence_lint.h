// Documented failure modes and pitfalls of a sequence (warnings unless the sequence cannot run):
// unreachable nodes, parent fields that disagree with the child lists, undecoded location kinds,
// source flags that differ from the seed's table, attachment points the object lacks (a spawn
// location whose point is missing emits nothing), gates that can never open, an importance
// threshold above the object's importance (the player starts paused).
#pragma once

#include <string>

#include "engine/effects/destiny/sequence_definition.h"
#include "engine/effects/effect.h"

namespace fx::destiny {

void lintSequence(const SequenceDefinition& def, const SequenceGraph& graph,
                  const SequenceEntry& entry, const SceneObject* attachedTo, const Scene& scene,
                  const EffectPlacement& where, Diagnostics& out, const std::string& file,
                  const std::string& pointer);

}  // namespace fx::destiny
