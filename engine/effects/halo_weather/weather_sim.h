// Weather simulation state and the per-frame update (reference halo notes §4.3, §4.4). One system
// per effect instance, holding the 512-particle pool shared by the types in order (the first type
// has "dibs"). Particles are SoA with a live count and swap-remove; each keeps its datum index
// (lowest free slot of the 512), which seeds its "added motion" and picks its rotation direction
// by parity. Positions are box-local: [0, box)^3 of the type's cube at the world origin.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/core/rng.h"
#include "engine/core/soa.h"
#include "engine/effects/halo_weather/weather_definition.h"

namespace fx::weather {

inline constexpr float kAddedMotionPerFrame = 0.001f;  // wu per rendered frame, no dt

// SoA arrays sized once to the pool's capacity (512, the game's budget; kStressParticleCap when
// DebugFlags::unlimitedBudget lifts it for stress runs). A steady-state frame allocates nothing.
struct WeatherParticles {
  uint32_t count = 0;
  uint32_t capacity = 0;
  std::vector<vec3> position;      // box-local wu
  std::vector<vec3> velocity;      // wu/s (point physics; excludes added motion)
  std::vector<vec3> acceleration;  // wu/s^2 (self-propulsion)
  std::vector<vec4> color;
  std::vector<float> radius;
  std::vector<float> spriteIndex;    // frame phase; floor() is the frame
  std::vector<float> rotation;       // radians
  std::vector<float> rotationRate;   // rad/s (unsigned; sign by datum parity)
  std::vector<float> animationRate;  // frames/s
  std::vector<float> age;            // s since spawn
  std::vector<uint32_t> serial;      // spawn order (newest = largest)
  std::vector<uint32_t> datum;       // index in the game's data array (512 slots in game)
  std::vector<uint16_t> sequence;
  std::vector<uint8_t> type;

  template <class P, class F>
  static void columns(
      P& p, F&& f) {  // engine/core/soa.h: every column and the value a new row starts with
    f(p.position, vec3(0.0f)), f(p.velocity, vec3(0.0f)), f(p.acceleration, vec3(0.0f));
    f(p.color, vec4(0.0f)), f(p.radius, 0.0f), f(p.spriteIndex, 0.0f), f(p.rotation, 0.0f);
    f(p.rotationRate, 0.0f), f(p.animationRate, 0.0f), f(p.age, 0.0f), f(p.serial, 0u),
        f(p.datum, 0u);
    f(p.sequence, uint16_t(0)), f(p.type, uint8_t(0));
  }
  // Sizes every array to `n` and drops all particles.
  void setCapacity(uint32_t n) {
    soa::assign(*this, n);
    capacity = n;
  }
};

// The game's datum allocator: a new particle takes the LOWEST free index. Freed indices wait in a
// min-heap below the high-water mark, so allocation is O(log n) even for a million particles.
struct DatumAllocator {
  std::vector<uint32_t> freed;  // min-heap of free indices < high
  uint32_t high = 0;            // indices >= high were never used since the last reset

  void reset(uint32_t capacity) {
    freed.clear();
    freed.reserve(capacity);
    high = 0;
  }
  uint32_t allocate();  // lowest free index
  void release(uint32_t datum);
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
  DatumAllocator datums;
  uint32_t nextSerial = 0;
  // Particles this system may hold this frame: the world's pool left by earlier weather effects
  // (UINT32_MAX = the whole capacity). Extras go newest first from the last type backwards.
  uint32_t budget = UINT32_MAX;
  uint64_t frames = 0;
  double time = 0.0;
  std::vector<uint64_t> chunkDraws;  // scratch of the random walk: draws before each chunk
};

void simInitialize(WeatherSim& s, const WeatherDefinition& def, uint32_t seed);
// New system: densities drawn per type; no particles yet (they spawn on the next update).
void simCreateSystem(WeatherSim& s);
// Deletes every particle (the weather is hidden).
void simDeleteSystem(WeatherSim& s);
// The pool's size: kMaxWeatherParticles in game, kStressParticleCap with the budget lifted.
// Changing it deletes the system (it is re-created, as when the weather is shown again).
void simSetUnlimited(WeatherSim& s, bool unlimited);
// One rendered frame of dt seconds with the camera at height cameraZ. Creates the system if none.
// Per-particle updates of large pools run on several threads (engine/core/parallel.h); the
// random walk's draws reach each particle in the game's order (each chunk starts from the
// generator skipped past the earlier chunks' draws), so results never depend on the thread count.
void simStep(WeatherSim& s, float dt, float cameraZ);

// A rendered frame with the simulation paused (the Standalone console): only the added motion,
// which has no dt, moves the particles (seed 001: "When you open the console in Standalone,
// which pauses the simulation, this added motion is apparent").
void simPausedFrame(WeatherSim& s);

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
