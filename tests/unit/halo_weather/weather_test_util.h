// Helpers for the halo_weather tests: a particle type at its declared defaults, a definition.
#pragma once

#include "engine/core/fields.h"
#include "engine/effects/halo_weather/weather_sim.h"

namespace fx::weather::test {

inline ParticleType defaultType() {
  ParticleType t;
  DefaultsVisitor d;
  t.reflect(d);
  t.physics.computeCache();
  return t;
}

// A type with no gravity and no drag: particles keep what they are given.
inline ParticleType stillType(float box, float density) {
  ParticleType t = defaultType();
  t.fadeOutEndDistance = box;
  t.particleCount = {density, density};
  t.physics.flags = kNoGravity;
  t.physics.computeCache();
  return t;
}

inline WeatherDefinition definitionWith(std::vector<ParticleType> types) {
  WeatherDefinition d;
  d.particleTypes = std::move(types);
  d.palette.hasWind = false;
  return d;
}

}  // namespace fx::weather::test
