// A scene object's model posed frame by frame (SceneObject::poses, engine/scene/scene.h): the
// gbxmodel's node hierarchy with local transforms from an animation's frames (overlays over the
// default pose), or the default pose alone; world = parent x local, markers riding their nodes,
// and the mesh split by node so it can be drawn skinned rigidly
// (reference halo_animation_and_level.md §1).
#pragma once

#include <memory>
#include <string>

#include "engine/core/diagnostics.h"
#include "engine/formats/halo/gbxmodel.h"
#include "engine/formats/halo/model_animations.h"
#include "engine/scene/scene.h"

namespace fx {

// Node and marker frames more than this (frames x (nodes + markers)) are refused.
inline constexpr size_t kMaxPoseTransforms = size_t(1) << 21;

// `animation` null: the default pose as one frame. `animationNames`: the picker's list.
std::shared_ptr<ModelPoses> makeModelPoses(const halo::GbxModel& model,
                                           const std::string& permutation,
                                           const halo::Animation* animation,
                                           std::vector<std::string> animationNames);

// The animation object `o` names in `tags` (its "name", else the first); why not in `error`.
const halo::Animation* chooseAnimation(const halo::ModelAnimations& tags, const SceneObject& o,
                                       const halo::GbxModel& model, std::string& error);

}  // namespace fx
