// Weather rendering into the DrawList (reference halo notes §4.5, §5): the simulation cube tiled
// 3x3x3 around the camera with each particle drawn at most once, view-depth distance fade, weather
// polyhedra, orientation, the CPU side of the fade rule per blend function, the secondary map
// animation, and the debug_point_physics / debug_sprites overlays.
#pragma once

#include "engine/core/debug_draw.h"
#include "engine/core/draw_list.h"
#include "engine/core/view.h"
#include "engine/effects/effect.h"
#include "engine/effects/halo_weather/weather_sim.h"

namespace fx::weather {

// The quad's two in-plane axes in world space (reference §5.2). `toSprite` = position - eye.
struct SpriteBasis {
  vec3 axis1{1, 0, 0};  // sprite texture "right"
  vec3 axis2{0, 0, 1};  // sprite texture "up"
};
SpriteBasis spriteBasis(SpriteOrientation mode, vec3 direction, vec3 toSprite, const View& view);

// Vertex alpha build_sprite writes (reference §5.5, CPU side): the fade alone when the blend
// function is not alpha blend and the shader lacks nonlinear tint (the tint alpha is discarded),
// otherwise tint alpha x fade.
float vertexFade(BlendMode blend, bool nonlinearTint, float tintAlpha, float fade);
// The colour a fully faded sprite leaves in each blend mode: white for multiply/min, 50% grey for
// double multiply, black for add/subtract/max; alpha blend and alpha multiply add fade by alpha.
vec3 fadeNeutral(BlendMode blend);

// View-depth distance fade; < 0 when the particle is not drawn (outside in_start < d < far).
float distanceFade(const ParticleType& t, float depth);

// The secondary map's u offset, v offset, rotation (radians) and scale at `time` seconds, with the
// rotation centre folded into the offset (reference §4.6 texture matrix).
vec4 secondaryMapTransform(const ParticleType& t, double time,
                           const std::array<float, 4>* functions);

// Where collectWeather draws a box-local `position` of a cube `box` wu wide: the copy in the
// 3x3x3 cells around the eye that is in front of it and inside the view (true), else the copy in
// the eye's own cell (false: not drawn). `cell` is that copy's cube cell (world / box, floored).
bool drawnCopy(const View& view, float box, vec3 position, vec3& world, glm::ivec3& cell);

struct WeatherDrawStats {
  size_t sprites = 0;
  size_t bigSprites = 0;         // covering more than half the screen
  size_t bigSpritesDropped = 0;  // beyond 10 per batch
  double coverage = 0.0;         // summed screen area / viewport area
};

void collectWeather(const WeatherSim& s, DrawList& draw, DebugDraw& debug, const View& view,
                    const DebugFlags& flags, const std::array<float, 4>* functions,
                    WeatherDrawStats& stats);

}  // namespace fx::weather
