// Particle locations (seed "Particle locations", "Attachment points", "Frames and instances"):
// turns a location of the sequence's location table into world frames at one moment of the scene.
// A location joins the frames of its sources up to its count. A point source gives one frame per
// enabled attachment point (scene marker) of its name; a lookup that finds no row gives no valid
// frame. Attachment points belong to the scene object, never to the sequence.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/view.h"
#include "engine/effects/destiny/sequence_definition.h"
#include "engine/scene/scene.h"

namespace fx::destiny {

// The objects a location can reach, evaluated at one moment. Null objects give no frames, except
// that a null `object` stands for a placement at the world origin (object frame = identity).
struct FrameContext {
  const SceneState* scene = nullptr;
  const ObjectState* object = nullptr;  // the placed entity
  const ObjectState* linked = nullptr;  // kinds 6-8
  const ObjectState* target = nullptr;  // kinds 14, 15
  const ObjectState* firstPerson =
      nullptr;                 // kinds 3, 7 (null = the object / linked object itself)
  const View* view = nullptr;  // kind 13 (the camera)
};

// The object frame (identity when unplaced).
Transform objectFrame(const FrameContext& ctx);

// Seed: "A point source gives one frame per row of its name, and skips a row whose enable bit is
// clear." The one frame builder for points: the world frames of `owner`'s enabled markers whose
// name hashes to `hash`, in the object's order (at most `max`); returns how many it appended.
// The sequence's locations and the standalone destiny_system family both use it.
size_t pointFrames(const ObjectState& owner, uint32_t hash, std::vector<Transform>& out,
                   size_t max = SIZE_MAX);

// Appends the frames of one source (at most `max`); returns how many it appended.
size_t sourceFrames(const LocationSource& src, const FrameContext& ctx, std::vector<Transform>& out,
                    size_t max);

// The frames of location `index` (cleared first). Empty = no valid frame (also for a bad index).
void locationFrames(const SequenceDefinition& def, int32_t index, const FrameContext& ctx,
                    std::vector<Transform>& out);

// Seed: "Source flag 0x80 rebuilds a frame upright while keeping its position."
Transform uprightFrame(const Transform& t);

}  // namespace fx::destiny
