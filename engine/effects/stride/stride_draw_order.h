// The order Stride draws particle systems in. Every enabled emitter of every system is a render
// object of the transparent stage (ParticleSystemRenderProcessor.Draw): its bounding box is the
// system's GetAABB() (the bounding shape placed by the component, else an empty box at the
// system's position) and its state sort key DrawPriority << 16. The stage sorts back to front
// (SortModeDistance with reverseDistance): the distance of the box centre along the camera's
// forward axis, as a 32-bit float key inverted, of which only the top 16 bits enter the 64-bit key
// above the state key; ties keep the render objects' order (systems in scene order, then their
// emitters in list order). A system whose box has some extent is culled when the box leaves the
// view.
#pragma once

#include <cstdint>

#include "engine/core/view.h"
#include "engine/effects/stride/stride_definition.h"

namespace fx::stride {

// SortModeDistance.ComputeDistance: a float's bits as an unsigned key that sorts as the float.
uint32_t distanceKey(float distance);
// Camera-forward distance of `centre` (Stride space) from the camera: dot(F, centre) -
// dot(eye, F), Stride's DistancePlanePoint for the plane (F, dot(eye, F)).
float viewDistance(const View& view, vec3 centre);
// VisibilityGroup's frustum culling: a box (Stride space) with some extent that lies wholly
// outside one plane of the view's frustum is not drawn; a box without extent (no bounding shape)
// never is culled.
bool culled(const View& view, vec3 lo, vec3 hi);
// The transparent stage's 64-bit key (ascending = drawn first) of an emitter at `distance`.
uint64_t backToFrontKey(float distance, uint8_t drawPriority);

}  // namespace fx::stride
