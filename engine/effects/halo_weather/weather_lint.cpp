// Documented failure modes and pitfalls of weather_particle_system (seed 001 "Limits", "Known
// issues", field comments).
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "engine/effects/halo_weather/weather_definition.h"

namespace fx::weather {

namespace {

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%g", v);
  return b;
}

// The 512 budget for one type after the earlier ones took `used`; returns the particles it takes.
double lintBudget(const ParticleType& t, double used, Diagnostics& out, const std::string& file,
                  const std::string& tp) {
  const float box = t.boxWidth();
  const double volume = double(box) * box * box;
  // The 512 budget: "Setting the particle count higher than these values will not achieve a
  // higher density."
  double wanted = double(t.particleCount.hi) * volume;
  double left = std::max(0.0, double(kMaxWeatherParticles) - used);
  if (box > 0.0f) {
    double achievable = left / volume;
    if (used >= kMaxWeatherParticles && wanted > 0.0)
      out.warning(file, pointerJoin(tp, "particle_count"),
                  "starved: earlier particle types use the whole 512 particle budget, so this "
                  "type will not be "
                  "present (the first type gets first dibs)");
    else if (wanted > left + 0.5)
      out.warning(file, pointerJoin(tp, "particle_count"),
                  "density " + num(t.particleCount.hi) + " needs " + num(std::floor(wanted)) +
                      " particles for a fade out end distance of " + num(box) + " wu; " +
                      (used > 0.0 ? "after earlier types " + num(left) + " of 512 are left, "
                                  : std::string()) +
                      "the achievable density is " + num(achievable) +
                      " particles per cubic wu (512 / " + num(box) +
                      "^3 = " + num(maxAchievableDensity(box)) + ")");
  }
  return std::min(wanted, left);
}

// Gravity against air friction: the steady fall speed against the simulation cube.
void lintPhysics(const ParticleType& t, Diagnostics& out, const std::string& file,
                 const std::string& tp) {
  const float box = t.boxWidth();
  const PointPhysics& ph = t.physics;
  if (!(ph.flags & kNoGravity) && ph.airGravityScale != 0.0f) {
    float terminal =
        pointPhysicsTerminalSpeed(ph, std::max(t.particleRadius.lo, t.particleRadius.hi));
    if (!std::isfinite(terminal))
      out.warning(file, pointerJoin(tp, t.physicsPath.empty() ? "physics" : "physics_path"),
                  "gravity acts with no air friction: the particles wrap around the cube keeping "
                  "their velocity and "
                  "speed up without bound");
    else if (terminal > 20.0f * std::max(box, 1.0f))
      out.warning(file, pointerJoin(tp, t.physicsPath.empty() ? "physics" : "physics_path"),
                  "too little air friction for gravity: steady fall speed " + num(terminal) +
                      " wu/s, the particles cross the " + num(box) +
                      " wu cube many times a second");
  }
}

}  // namespace

void WeatherDefinition::lint(const SceneObject*, const Scene&, const EffectPlacement& where,
                             Diagnostics& out, const std::string& file,
                             const std::string& pointer) const {
  // Seed 001: "The game can simulate up to 512 weather particles."
  if (!ownPool && where.kindCount > 1)
    out.warning(file, pointer,
                std::to_string(where.kindCount) +
                    " halo_weather effects share the world's 512 weather particles in effect "
                    "order; in game one cluster shows one weather system (set own_pool on the "
                    "entry for a gallery)");
  double used = 0.0;  // particles the earlier types take at their upper density
  for (size_t i = 0; i < particleTypes.size(); ++i) {
    const ParticleType& t = particleTypes[i];
    std::string tp = pointerJoin(pointerJoin(pointer, "particle_types"), i);
    const float box = t.boxWidth();

    if (t.spriteBitmap.empty())
      out.error(file, pointerJoin(tp, "sprite_bitmap"),
                "a sprite bitmap is required (non-null in the tag)");

    if (!(t.fadeInStartDistance <= t.fadeInEndDistance &&
          t.fadeInEndDistance <= t.fadeOutStartDistance &&
          t.fadeOutStartDistance <= t.fadeOutEndDistance))
      out.warning(file, pointerJoin(tp, "fade_in_start_distance"),
                  "fade distances out of order: expected fade in start <= fade in end <= fade out "
                  "start <= fade out "
                  "end, got " +
                      num(t.fadeInStartDistance) + ", " + num(t.fadeInEndDistance) + ", " +
                      num(t.fadeOutStartDistance) + ", " + num(t.fadeOutEndDistance));
    if (!(t.fadeInStartHeight <= t.fadeInEndHeight && t.fadeInEndHeight <= t.fadeOutStartHeight &&
          t.fadeOutStartHeight <= t.fadeOutEndHeight))
      out.warning(file, pointerJoin(tp, "fade_in_start_height"),
                  "fade heights out of order: expected fade in start <= fade in end <= fade out "
                  "start <= fade out end");
    if (box <= 0.0f)
      out.warning(file, pointerJoin(tp, "fade_out_end_distance"),
                  "fade out end distance is the simulation cube's edge; 0 simulates no particles");

    used += lintBudget(t, used, out, file, tp);

    if (t.accelerationMagnitude.lo == 0.0f && t.accelerationMagnitude.hi > 0.0f &&
        t.accelerationChangeRate > 0.0f)
      out.warning(file, pointerJoin(tp, "acceleration_magnitude"),
                  "minimum acceleration 0 with a change rate: once a particle's acceleration "
                  "reaches 0 it is stuck "
                  "there, so all acceleration eventually stops (sooner at higher FPS); use a "
                  "non-zero minimum");
    if (t.animationRate.lo < 0.0f || t.animationRate.hi < 0.0f)
      out.warning(file, pointerJoin(tp, "animation_rate"),
                  "negative animation rates make the particles flicker");

    lintPhysics(t, out, file, tp);
  }
}

}  // namespace fx::weather
