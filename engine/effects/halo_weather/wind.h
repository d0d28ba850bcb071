// Halo CE wind (reference halo notes §2). The wind tag holds velocity bounds, a variation area and
// the local variation ("wiggle"); direction and magnitude come from the weather palette entry
// (the effect entry's wind_direction / wind_magnitude). The game updates wind once per rendered
// frame, so its random walks and wiggle are framerate dependent.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/fields.h"
#include "engine/core/rng.h"
#include "engine/effects/halo_weather/point_physics.h"

namespace fx::weather {

struct Wind {
  FloatBounds velocity{0.0f, 0.0f};  // wu/s: base speed range walked by speed_var in [0, 1]
  vec2 variationArea{0.0f, 0.0f};    // yaw, pitch in degrees: the direction wanders +-half of it
  float localVariationWeight = 0.0f;
  float localVariationRate = 0.0f;
  float damping = 0.0f;  // "uses damped wind" scales the wind by (1 - damping)

  void reflect(FieldVisitor& v);
};

// The palette entry's part: direction and magnitude (on the effect entry).
struct WindPalette {
  vec3 direction{1.0f, 0.0f, 0.0f};
  float magnitude = 1.0f;
  bool hasWind = true;  // false: the palette entry has no wind tag -> zero wind
};

inline constexpr int kWindVarianceSamples = 64;  // per axis table (8 control points x 8)

// Per-map wind state: the three random walks, the frame counter and the variance tables.
struct WindState {
  uint32_t time = 0;      // frames since the map (instance) started
  float speedVar = 0.0f;  // [0, 1]
  float yawVar = 0.0f;    // [-1, 1]
  float pitchVar = 0.0f;  // [-1, 1]
  float speed = 0.0f;     // wu/s this frame
  vec3 base{0.0f};        // base wind this frame
  std::array<std::array<vec3, kWindVarianceSamples>, 3> variance{};
};

// Builds the variance tables: 8 random unit control points per axis, 7 samples between each
// pair from a uniform cubic (Catmull-Rom) spline through 4 neighbours, wrapping modulo 8.
void windInitialize(WindState& s, Lcg& rng);
// One rendered frame: time += 1, three +-0.01 coin-flip walks, base wind.
void windUpdate(WindState& s, const Wind& w, const WindPalette& palette, Lcg& rng);
// Local variation at box-local position p: sum over axes of table[a][key_a] * weight * speed / 3.
vec3 windVariance(const WindState& s, const Wind& w, vec3 p);
// The current point physics relaxes toward (reference §2.4).
vec3 windCurrent(const WindState& s, const Wind& w, const WindPalette& palette,
                 uint32_t physicsFlags, vec3 p);

}  // namespace fx::weather
