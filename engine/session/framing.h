// Where a scene's particles are, for framing the camera on what its effects look like rather
// than on where their emitters sit: the viewer frames a tag or a Stride asset opened on its own
// this way, so a prefab 0.2 units across fills the picture instead of being a dot in it.
#pragma once

#include "engine/core/math.h"

namespace fx {

struct Preset;

// The box around everything the preset's effects draw (sprites, shader quads, strips) at
// `seconds`, from a copy simulated to then (the preset and its running world are untouched).
// False when they draw nothing finite.
bool simulatedBounds(const Preset& preset, double seconds, vec3& lo, vec3& hi);

}  // namespace fx
