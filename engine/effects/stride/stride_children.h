// Child particles (reference stride_runtime §5): emitters that follow a parent emitter of the
// same system by its name. The child's from_parent spawner counts children per parent particle
// (spawner_from_parent.cpp) and its *_parent initializers read the parents' fields
// (initializer_parent.cpp). A parent gets the fields its children need (a children-flags field
// per control group in use, a child counter for order_parent, old positions for the distance
// trigger) and, with a control group, keeps dying particles one frame more so an on-death
// trigger sees them (Stride's DelayParticleDeath).
//
// Emitters update in list order (Stride's ParticleSystem.Update), so a child listed after its
// parent sees the parent's particles of this frame, one listed before it those of the last frame.
#pragma once

#include <span>
#include <string_view>

#include "engine/effects/stride/stride_definition.h"

namespace fx::stride {

std::span<const EnumOption> parentGroupOptions();

// The first emitter with this name (Stride's GetEmitterByName), or -1.
int findEmitter(const SystemDef& sys, std::string_view name);

// What the emitter at `index` must hold for the emitters that follow it.
struct ParentLinks {
  uint32_t fields = 0;      // pool fields its children read or write
  bool delayDeath = false;  // a child spawner with a control group follows it
};
ParentLinks parentLinks(const SystemDef& sys, size_t index);

// Whether any module of any emitter names a parent (the emitters then step in list order).
bool hasChildren(const SystemDef& sys);

}  // namespace fx::stride
