// Ribbon and trail shape builders (reference stride_runtime §4, Stride's ShapeBuilderRibbon and
// ShapeBuilderTrail): the particles, in the sorter's order, joined into strips of quads, a new
// strip wherever the Order's group (upper 16 bits) changes.
//   - Every particle owns Q quads (Q = 1 without smoothing, else `segments`); a strip of c
//     particles is L = c x Q slots: the particles at slots 0, Q, 2Q, ...; smoothing fills the
//     slots between (fast: Catmull-Rom, the first point extrapolated as 2 p0 - p1 and the last
//     repeated; best: circles through each three neighbouring points, blended linearly); sizes
//     (ribbon) or widths (trail) are interpolated linearly toward 0 past the last particle. A
//     strip of one particle is Q degenerate quads at the origin; segments 0 with smoothing draws
//     nothing.
//   - Quad i joins slot i-1 to slot i (quad 0 joins slot 0 to itself). Ribbon half width at a
//     slot: the average of the screen directions to its neighbours, turned 90 degrees in the
//     camera plane, x size / 2. Trail: the particle's direction x size (Stride +Y x size without
//     a direction field); edge policy center spans +-width, edge spans point .. point + width.
//   - V: as_is 0 .. 1 on each quad; stretched (i + 1) / L x factor; distance_based the summed
//     slot distances x factor. U 0 .. 1 across, then the UV rotate (flips, clockwise quarter
//     turns). Particle rotation is ignored.
//   - Colours (and a scrolling UV builder's rectangle) go per vertex segment, as Stride writes
//     them (ParticleBufferState.SetAttributePerSegment after the ribbonizer's
//     SetVerticesPerSegment(6Q, 4Q, 2Q)): the first drawn particle's run is the first 6Q vertices,
//     each later one's the next 4Q, the last one's what remains (segmentOf), so colours blend from
//     particle to particle along the strip.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/draw_list.h"
#include "engine/core/view.h"
#include "engine/effects/stride/stride_definition.h"
#include "engine/effects/stride/stride_pool.h"

namespace fx::stride {

// The camera a strip is built for (fxview world space).
struct RibbonCamera {
  vec3 right{1, 0, 0}, up{0, 0, 1};
  mat4 viewProjection{1.0f};
};

// What building an emitter's strips keeps between frames.
struct RibbonScratch {
  std::vector<uint32_t> stripBegin;  // into the draw order, one past the end last
  std::vector<vec3> position;        // per slot, world
  std::vector<vec3> width;           // per slot: trail width vector (world), ribbon (size, 0, 0)
};

// Quads per particle: 1 without smoothing, else the segment count (0 draws nothing).
int quadsPerParticle(const ShapeBuilder& b);

// The drawn particle (of n) whose colour vertex v of an emitter's strip vertices takes, with q
// quads per particle: 0 for the first 6q vertices, then one particle per 4q.
inline size_t segmentOf(size_t v, size_t q, size_t n) {
  const size_t k = v < 2 * q ? 0 : (v - 2 * q) / (4 * q);
  return k < n ? k : n - 1;
}

// UV of a ribbon corner after the builder's UV rotate (Stride's UVRotate.GetCoords).
vec2 rotateUv(const ShapeBuilder& b, vec2 uv);

// Appends the strips of particles drawOrder[0..n) of `p` as quads, 4 vertices each (n x Q
// quads), the vertices given colours[k] for the k-th drawn particle. Positions are
// in simulation space; `component` places them when the emitter is local. Strips are built in
// parallel (each strip writes its own range).
void buildStrips(const EmitterDef& def, const ParticlePool& p, const uint32_t* drawOrder, size_t n,
                 const Transform& component, const RibbonCamera& cam, const vec4* colours,
                 RibbonScratch& scratch, std::vector<StripVertex>& vertices);

// Oriented quads and quads (shape_builder_quads.cpp), each particle of drawOrder[0..n) as one quad
// in Stride's vertex order: centre - X + Y (UV 0,0), + X + Y (1,0), + X - Y (1,1), - X - Y (0,1),
// mapped into the UV builder's rectangle, colour colours[k].
//   - Oriented quad (ShapeBuilderOrientedQuad): Y = the direction (Stride +Y without one) x
//     length factor x (size when scale_length) / 2, so V runs along it with the texture's top at
//     the head; X = the direction's screen axis turned a quarter to the right, x size / 2. The
//     rotation is ignored.
//   - Quad (ShapeBuilderQuad): X = +X and Y = +Z of Stride space x size / 2, turned by the sampled
//     rotation then the particle's own quaternion, then the system's when local: V = 0 at +Z.
void buildQuads(const EmitterDef& def, const ParticlePool& p, const uint32_t* drawOrder, size_t n,
                const Transform& component, const RibbonCamera& cam, const vec4* colours,
                std::vector<StripVertex>& vertices);

// Hexagons (shape_builder_hexagon.cpp, Stride's ShapeBuilderHexagon): each particle of
// drawOrder[0..n) as two camera-facing quads, 8 vertices, colour colours[k]. Half size s along
// the camera's right (X) and up x sqrt(3)/2 (Y), both turned clockwise by the rotation (the
// particle's plus the rotation sampler; 1 rad stands in for a missing rotation field when only
// the sampler is present, as Stride reads it): upper quad (centre - X/2 + Y, + X/2 + Y, + X,
// - X) with UVs (0.25, 0.067) (0.75, 0.067) (1, 0.5) (0, 0.5); lower quad (- X, + X, + X/2 - Y,
// - X/2 - Y) with (0, 0.5) (1, 0.5) (0.75, 1) (0.25, 1), mapped into the UV builder's rectangle.
void buildHexagons(const EmitterDef& def, const ParticlePool& p, const uint32_t* drawOrder,
                   size_t n, const Transform& component, const RibbonCamera& cam,
                   const vec4* colours, std::vector<StripVertex>& vertices);

}  // namespace fx::stride
