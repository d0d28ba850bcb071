// Weather simulation state and the per-frame update (reference halo notes §4.3, §4.4). One system
// per effect instance, holding the 512-particle pool shared by the types in order (the first type
// has "dibs"). Particles are SoA with a live count and swap-remove; each keeps its datum index
// (lowest free slot of the 512), which seeds its "added motion" and picks its rotation direction
// by parity. Positions are box-local: [0, box)^3 of the type's cube at the world origin.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>

#include "engine/core/rng.h"
#include "engine/effects/halo_weather/weather_definition.h"

namespace fx::weather {

inline constexpr float kAddedMotionPerFrame = 0.001f;  // wu per rendered frame, no dt

struct WeatherParticles {
  uint32_t count = 0;
  std::array<vec3, kMaxWeatherParticles> position{};  // box-local wu
  std::array<vec3, kMaxWeatherParticles> velocity{};  // wu/s (point physics; excludes added motion)
  std::array<vec3, kMaxWeatherParticles> acceleration{};  // wu/s^2 (self-propulsion)
  std::array<vec4, kMaxWeatherParticles> color{};
  std::array<float, kMaxWeatherParticles> radius{};
  std::array<float, kMaxWeatherParticles> spriteIndex{};   // frame phase; floor() is the frame
  std::array<float, kMaxWeatherParticles> rotation{};      // radians
  std::array<float, kMaxWeatherParticles> rotationRate{};  // rad/s (unsigned; sign by datum parity)
  std::array<float, kMaxWeatherParticles> animationRate{};  // frames/s
  std::array<float, kMaxWeatherParticles> age{};            // s since spawn
  std::array<uint32_t, kMaxWeatherParticles> serial{};      // spawn order (newest = largest)
  std::array<uint16_t, kMaxWeatherParticles> datum{};       // index in the game's 512 data array
  std::array<uint16_t, kMaxWeatherParticles> sequence{};
  std::array<uint8_t, kMaxWeatherParticles> type{};
};

struct TypeState {
  float density = 0.0f;  // one draw per system in the particle count bounds
  uint32_t count = 0;    // live particles of this type
  uint32_t target = 0;   // density x box^3 x height fade
};

struct WeatherSim {
  const WeatherDefinition* def = nullptr;
  Lcg rng;      // the weather's local random seed
  Lcg windRng;  // the scenario's wind walks (not reset with the weather)
  WindState wind;
  bool systemExists = false;  // false while the weather is hidden (the system is deleted)
  std::array<TypeState, kMaxParticleTypes> types{};
  WeatherParticles particles;
  std::bitset<kMaxWeatherParticles> datumUsed;
  uint32_t nextSerial = 0;
  uint64_t frames = 0;
  double time = 0.0;
};

void simInitialize(WeatherSim& s, const WeatherDefinition& def, uint32_t seed);
// New system: densities drawn per type; no particles yet (they spawn on the next update).
void simCreateSystem(WeatherSim& s);
// Deletes every particle (the weather is hidden).
void simDeleteSystem(WeatherSim& s);
// One rendered frame of dt seconds with the camera at height cameraZ. Creates the system if none.
void simStep(WeatherSim& s, float dt, float cameraZ);

// Height fade of the COUNT from the camera's Z: in-ramp times (1 - out-ramp).
float heightFade(const ParticleType& t, float cameraZ);
// max(0, (int)(density x box^3 x heightFade)).
uint32_t targetCount(const ParticleType& t, float density, float cameraZ);
// One frame of the self-propulsion random walk (reference §4.4 physics step 1): magnitude walk
// clamped to the bounds, turning blend toward a random direction. Once |a| is 0 it stays 0.
void accelerationStep(vec3& a, const ParticleType& t, Lcg& rng);
// fmod into [0, box) on each axis.
vec3 wrapToBox(vec3 p, float box);

}  // namespace fx::weather
