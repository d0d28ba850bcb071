#include "engine/effects/halo_weather/weather_sim.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/core/color.h"
#include "engine/core/parallel.h"
#include "engine/effects/effect.h"
#include "engine/effects/halo_weather/point_physics.h"
#include "engine/effects/halo_weather/weather_random.h"
#include "engine/effects/halo_weather/wind.h"

namespace fx::weather {

namespace {

// Below this |a| accelerationStep leaves the acceleration at 0 and draws nothing.
constexpr float kStuckAcceleration = 1e-4f;

float ramp(float x, float a, float b) {
  if (b == a) return x >= a ? 1.0f : 0.0f;
  return std::clamp((x - a) / (b - a), 0.0f, 1.0f);
}

void removeAt(WeatherSim& s, uint32_t i) {
  WeatherParticles& p = s.particles;
  s.datums.release(p.datum[i]);
  s.types[p.type[i]].count--;
  uint32_t last = --p.count;
  if (i == last) return;
  soa::moveRow(p, last, i);
}

// "extras are deleted from the list head (newest first)".
void removeNewest(WeatherSim& s, uint8_t type) {
  const WeatherParticles& p = s.particles;
  uint32_t best = p.count;
  for (uint32_t i = 0; i < p.count; ++i)
    if (p.type[i] == type && (best == p.count || p.serial[i] > p.serial[best])) best = i;
  if (best < p.count) removeAt(s, best);
}

// weather_particle_system_new_particle. Returns false when the pool (512 in game) is exhausted.
bool spawn(WeatherSim& s, uint8_t type) {
  if (s.particles.count >= std::min(s.particles.capacity, s.budget)) return false;
  uint32_t datum = s.datums.allocate();
  const ParticleType& t = s.def->particleTypes[type];
  Lcg& r = s.rng;
  WeatherParticles& p = s.particles;
  uint32_t i = p.count++;
  float box = t.boxWidth();
  vec3 pos{r.range(0.0f, box), r.range(0.0f, box), r.range(0.0f, box)};
  p.position[i] = wrapToBox(pos, box);
  p.velocity[i] = vec3(0.0f);
  vec3 dir = randomDirection(r);
  p.acceleration[i] = dir * r.range(t.accelerationMagnitude.lo, t.accelerationMagnitude.hi);
  p.radius[i] = r.range(t.particleRadius.lo, t.particleRadius.hi);
  p.animationRate[i] = r.range(t.animationRate.lo, t.animationRate.hi);
  p.rotationRate[i] = r.range(t.rotationRate.lo, t.rotationRate.hi) * kDegToRad;
  p.rotation[i] = (t.flags & kRandomRotation) ? r.range(0.0f, kTwoPi) : 0.0f;
  int32_t sequences = int32_t(t.sheet.sequenceCount());
  p.sequence[i] = uint16_t(std::clamp(r.rangeInt(0, sequences), 0, sequences - 1));
  p.spriteIndex[i] = r.range(0.0f, float(t.sheet.frameCount(p.sequence[i])));
  vec3 rgb =
      interpolateColor(vec3(t.colorLowerBound.r, t.colorLowerBound.g, t.colorLowerBound.b),
                       vec3(t.colorUpperBound.r, t.colorUpperBound.g, t.colorUpperBound.b),
                       r.unit(), t.flags & kInterpolateColorsInHsv, t.flags & kAlongLongHuePath);
  float alpha = r.range(t.colorLowerBound.a, t.colorUpperBound.a);  // drawn separately
  p.color[i] = vec4(rgb, alpha);
  p.age[i] = 0.0f;
  p.serial[i] = s.nextSerial++;
  p.datum[i] = datum;
  p.type[i] = type;
  s.types[type].count++;
  return true;
}

// The generator `draws` steps after `rng`: the LCG's affine step composed by squaring, O(log n).
Lcg skipAhead(Lcg rng, uint64_t draws) {
  uint32_t mul = 1, add = 0;               // the steps taken so far
  uint32_t a = 1664525u, c = 1013904223u;  // 2^k steps
  for (; draws > 0; draws >>= 1) {
    if (draws & 1) {
      mul = a * mul;
      add = a * add + c;
    }
    c = a * c + c;
    a = a * a;
  }
  rng.state = mul * rng.state + add;
  return rng;
}

// The draws accelerationStep takes from the generator for acceleration `a`: none once it is 0.
uint64_t accelerationDraws(const vec3& a) {
  return glm::length(a) < kStuckAcceleration ? 0 : 2;
}

// What one type's frame needs of the system besides the particle arrays, taken once per update so
// the per-particle loop reads only the particles and these locals. Each value is the same
// expression the per-particle code evaluated (windCurrent, pointPhysicsUpdate), so results are
// bit-identical.
struct TypeFrame {
  float dt = 0.0f;
  float box = 0.0f;
  std::vector<float> frames;  // frames of each sequence of the sheet
  const SpriteSheet* sheet = nullptr;
  // Wind (windCurrent): current = base + variance(p) * varianceScale, then * damp.
  bool hasWind = false;
  vec3 base{0.0f};
  float axisOffset[3] = {};  // kAxisScale[a] * time * local_variation_rate
  float varianceScale = 0.0f;
  bool damped = false;
  float damp = 1.0f;
  const std::array<std::array<vec3, kWindVarianceSamples>, 3>* variance = nullptr;
  // Point physics (pointPhysicsMedium / pointPhysicsUpdate) of the type's radius-free part.
  float gravityStep = 0.0f;  // g * buoyancy * dt
  float friction = 0.0f;     // medium friction x 10000 (times r^2 per particle)
  float massPerR3 = 0.0f;    // times r^3 per particle
  const vec3* geosphere = nullptr;
};

TypeFrame typeFrame(const WeatherSim& s, const ParticleType& t, float dt) {
  TypeFrame f;
  f.dt = dt;
  f.box = t.boxWidth();
  f.sheet = &t.sheet;
  f.frames.resize(t.sheet.sequenceCount());
  for (size_t q = 0; q < f.frames.size(); ++q) f.frames[q] = float(t.sheet.frameCount(q));
  const Wind& w = s.def->wind;
  const WindPalette& palette = s.def->palette;
  const uint32_t flags = t.physics.flags;
  f.hasWind = palette.hasWind;
  float baseWeight = (flags & kUsesSimpleWind) ? 0.0f : w.localVariationWeight;
  f.base = s.wind.base * (1.0f - baseWeight);
  constexpr float kAxisScale[3] = {0.1f, 0.2f, 0.07f};  // windVariance's
  for (int a = 0; a < 3; ++a)
    f.axisOffset[a] = kAxisScale[a] * float(s.wind.time) * w.localVariationRate;
  f.varianceScale = w.localVariationWeight * s.wind.speed / 3.0f;
  f.damped = (flags & kUsesDampedWind) != 0;
  f.damp = 1.0f - w.damping;
  f.variance = &s.wind.variance;
  const bool underwater = s.def->underwater;
  PointPhysicsMedium unit = pointPhysicsMedium(t.physics, 1.0f, underwater);
  f.gravityStep = kGravityPerSecond2 * unit.buoyancy * dt;
  f.friction = (underwater ? t.physics.waterFriction : t.physics.airFriction) * kFrictionScale;
  f.massPerR3 = t.physics.massScale + (underwater ? kWaterDensity : kAirDensity) * kMassPerDensity;
  f.geosphere = geosphereTable().data();
  return f;
}

// windCurrent at box-local p.
vec3 current(const TypeFrame& f, vec3 p) {
  if (!f.hasWind) return vec3(0.0f);
  vec3 sum(0.0f);
  for (int a = 0; a < 3; ++a) {
    float key = std::abs((f.axisOffset[a] + p[a]) * 8.0f);
    // windVariance's rounding: (key + 2^23) - 2^23, masked to the 64 samples.
    constexpr float kMagic = 8388608.0f;
    float rounded = (std::min(key, kMagic) + kMagic) - kMagic;
    sum += (*f.variance)[size_t(a)][size_t(int64_t(rounded) & 63)];
  }
  vec3 c = f.base + sum * f.varianceScale;
  if (f.damped) c *= f.damp;
  return c;
}

// Everything else of a particle's frame; touches only particle i, so chunks run in parallel.
void moveParticle(const TypeFrame& f, WeatherParticles& p, uint32_t i) {
  const float dt = f.dt;
  const uint16_t q = p.sequence[i];
  float frames = q < f.frames.size() ? f.frames[q] : float(f.sheet->frameCount(q));
  if (frames > 0.0f) {
    float fi = p.spriteIndex[i] + p.animationRate[i] * dt;
    p.spriteIndex[i] = fi >= 0.0f && fi < frames ? fi : std::fmod(fi, frames);  // fmod is fi inside
  }
  const uint32_t datum = p.datum[i];
  // "the sign is + for even datum indices and - for odd".
  float sign = (datum & 1u) ? -1.0f : 1.0f;
  p.rotation[i] += sign * p.rotationRate[i] * dt;
  vec3 pos = p.position[i];
  // Point physics (pointPhysicsUpdate) with the palette's wind at the box-local position.
  if (dt != 0.0f) {
    vec3 v = p.velocity[i];
    const vec3 c = current(f, pos);
    const float r = p.radius[i];
    const float friction = f.friction * r * r;
    const float mass = f.massPerR3 * r * r * r;
    v.z += f.gravityStep;
    float k = mass != 0.0f ? std::clamp(dt * friction / mass, 0.0f, 1.0f)
                           : (friction != 0.0f ? 1.0f : 0.0f);
    v += (c - v) * k;
    pos += v * dt;
    p.velocity[i] = v;
  }
  // Added motion: 0.001 wu per frame along a direction seeded by the datum index
  // (addedMotionDirection).
  Lcg seeded{datum};
  pos += kAddedMotionPerFrame * f.geosphere[size_t(geosphereIndex(seeded.next()))];
  p.position[i] = wrapToBox(pos, f.box);
  p.age[i] += dt;
}

// One frame of every particle of type `ti`: per particle, self-propulsion then the rest, as the
// game's single loop does. The random walk (reference §4.4 physics step 1) draws from the
// weather's generator in particle order; each chunk counts its draws first, then starts from the
// generator skipped past every earlier chunk's, so each particle gets the numbers the sequential
// loop gives it, on any number of threads.
void updateType(WeatherSim& s, const ParticleType& t, uint8_t ti, float dt) {
  WeatherParticles& p = s.particles;
  const uint32_t n = p.count;
  const TypeFrame f = typeFrame(s, t, dt);
  if (t.accelerationMagnitude.lo == 0.0f && t.accelerationMagnitude.hi == 0.0f) {
    parallelChunks(n, [&](size_t, size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i)
        if (p.type[i] == ti) moveParticle(f, p, uint32_t(i));
    });
    return;
  }
  std::vector<uint64_t>& first = s.chunkDraws;  // draws before each chunk, then the total
  first.assign(chunkCount(n) + 1, 0);
  parallelChunks(n, [&](size_t c, size_t begin, size_t end) {
    uint64_t k = 0;
    for (size_t i = begin; i < end; ++i)
      if (p.type[i] == ti) k += accelerationDraws(p.acceleration[i]);
    first[c + 1] = k;
  });
  for (size_t c = 1; c < first.size(); ++c) first[c] += first[c - 1];
  const Lcg start = s.rng;
  parallelChunks(n, [&](size_t c, size_t begin, size_t end) {
    Lcg rng = skipAhead(start, first[c]);
    for (size_t i = begin; i < end; ++i) {
      if (p.type[i] != ti) continue;
      accelerationStep(p.acceleration[i], t, rng);
      p.velocity[i] += p.acceleration[i] * dt;
      moveParticle(f, p, uint32_t(i));
    }
  });
  s.rng = skipAhead(start, first.back());
}

}  // namespace

float heightFade(const ParticleType& t, float z) {
  return ramp(z, t.fadeInStartHeight, t.fadeInEndHeight) *
         (1.0f - ramp(z, t.fadeOutStartHeight, t.fadeOutEndHeight));
}

uint32_t targetCount(const ParticleType& t, float density, float cameraZ) {
  float box = t.boxWidth();
  if (!(box > 0.0f)) return 0;
  double n =
      double(density) * double(box) * double(box) * double(box) * double(heightFade(t, cameraZ));
  if (!(n > 0.0)) return 0;
  return uint32_t(std::min(n, 1e9));
}

void accelerationStep(vec3& a, const ParticleType& t, Lcg& rng) {
  float m = glm::length(a);
  // The engine's normalize leaves a zero vector alone; the update then has nothing to scale, so a
  // particle whose magnitude was clamped to a 0 minimum never accelerates again (the seed's
  // "Changing acceleration eventually gets stuck at 0 if 0 is the minimum bound").
  if (m < kStuckAcceleration) {
    a = vec3(0.0f);
    return;
  }
  a /= m;
  float cr = t.accelerationChangeRate;
  float m2 =
      std::clamp(m + rng.range(-cr, cr), t.accelerationMagnitude.lo, t.accelerationMagnitude.hi);
  float tr = t.accelerationTurningRate;
  vec3 dir = randomDirection(rng);
  a = (tr * dir + (1.0f - tr) * a) * m2;  // not re-normalized
}

vec3 wrapToBox(vec3 p, float box) {
  if (!(box > 0.0f)) return vec3(0.0f);
  for (int a = 0; a < 3; ++a) {
    // One frame moves a particle far less than a box, so the exact shortcuts (fmod(v, box) is v
    // inside the box and v - box, exactly, up to twice the box) skip the library call.
    float v = p[a];
    if (v >= 0.0f && v < box) continue;
    if (v >= box && v < 2.0f * box)
      v -= box;
    else
      v = std::fmod(v, box);
    if (v < 0.0f) v += box;
    if (v >= box || !std::isfinite(v)) v = 0.0f;
    p[a] = v;
  }
  return p;
}

uint32_t DatumAllocator::allocate() {
  if (freed.empty()) return high++;
  std::pop_heap(freed.begin(), freed.end(), std::greater<>());
  uint32_t d = freed.back();
  freed.pop_back();
  return d;
}

void DatumAllocator::release(uint32_t d) {
  freed.push_back(d);
  std::push_heap(freed.begin(), freed.end(), std::greater<>());
}

void simSetUnlimited(WeatherSim& s, bool unlimited) {
  uint32_t want = unlimited ? uint32_t(kStressParticleCap) : uint32_t(kMaxWeatherParticles);
  if (s.particles.capacity == want) return;
  simDeleteSystem(s);
  s.particles.setCapacity(want);
  s.datums.reset(want);
}

void simInitialize(WeatherSim& s, const WeatherDefinition& def, uint32_t seed) {
  s = WeatherSim{};
  s.particles.setCapacity(uint32_t(kMaxWeatherParticles));
  s.datums.reset(uint32_t(kMaxWeatherParticles));
  s.def = &def;
  s.rng = Lcg{seed};
  s.windRng = Lcg{seed ^ 0x5A17D00Du};
  windInitialize(s.wind, s.windRng);
}

void simCreateSystem(WeatherSim& s) {
  simDeleteSystem(s);
  for (size_t t = 0; t < s.def->particleTypes.size() && t < size_t(kMaxParticleTypes); ++t) {
    const FloatBounds& c = s.def->particleTypes[t].particleCount;
    s.types[t].density = s.rng.range(c.lo, c.hi);
  }
  s.systemExists = true;
}

void simDeleteSystem(WeatherSim& s) {
  s.particles.count = 0;
  s.datums.reset(s.particles.capacity);
  for (auto& t : s.types) t = TypeState{};
  s.systemExists = false;
}

void simPausedFrame(WeatherSim& s) {
  if (!s.systemExists) return;
  WeatherParticles& p = s.particles;
  const size_t types = std::min(s.def->particleTypes.size(), size_t(kMaxParticleTypes));
  for (uint32_t i = 0; i < p.count; ++i) {
    if (p.type[i] >= types) continue;
    p.position[i] += kAddedMotionPerFrame * addedMotionDirection(p.datum[i]);
    p.position[i] = wrapToBox(p.position[i], s.def->particleTypes[p.type[i]].boxWidth());
  }
}

void simStep(WeatherSim& s, float dt, float cameraZ) {
  // wind_update runs once per rendered frame from the scenario, before the weather.
  windUpdate(s.wind, s.def->wind, s.def->palette, s.windRng);
  if (!s.systemExists) simCreateSystem(s);
  s.frames++;
  s.time += dt;
  size_t typeCount = std::min(s.def->particleTypes.size(), size_t(kMaxParticleTypes));
  // Earlier weather effects took the shared pool: the last types give up their newest first.
  for (size_t ti = typeCount; ti-- > 0;)
    while (s.particles.count > s.budget && s.types[ti].count > 0) removeNewest(s, uint8_t(ti));
  for (size_t ti = 0; ti < typeCount; ++ti) {
    const ParticleType& t = s.def->particleTypes[ti];
    TypeState& ts = s.types[ti];
    ts.target = targetCount(t, ts.density, cameraZ);
    while (ts.count > ts.target) removeNewest(s, uint8_t(ti));
    // Types are served in order: the first type has dibs on the 512 pool.
    while (ts.count < ts.target && spawn(s, uint8_t(ti))) {
    }
    updateType(s, t, uint8_t(ti), dt);
  }
}

}  // namespace fx::weather
