#include "engine/session/transport.h"

#include <algorithm>
#include <cmath>

#include "engine/session/world_edit.h"

namespace fx {

bool advanceTransport(Transport& t, World& world, double wallSeconds) {
  if (!t.playing) return false;
  if (t.consolePaused) {
    world.pausedFrame();
    return false;
  }
  double dt = std::clamp(wallSeconds, 0.0, kMaxFrameSeconds) * std::clamp(t.speed, 0.0, 16.0);
  bool looped = false;
  if (world.simulation().mode == SimulationMode::Frame) {
    // One update per rendered frame (speed scales how many, with a carried fraction).
    t.frameCarry += std::clamp(t.speed, 0.0, 16.0);
    int steps = int(std::floor(t.frameCarry));
    t.frameCarry -= steps;
    for (int i = 0; i < steps; ++i) {
      if (t.loopSeconds > 0.0 && world.time() + 1e-9 >= t.loopSeconds) {
        world.seek(0.0);  // as reset, keeping the seek snapshots
        looped = true;
      }
      world.stepOnce();
    }
    t.playhead = world.time();
    return looped;
  }
  t.playhead += dt;
  if (t.loopSeconds > 0.0 && t.playhead >= t.loopSeconds) {
    t.playhead = std::fmod(t.playhead, t.loopSeconds);
    world.seek(0.0);
    looped = true;
  }
  world.advanceTo(t.playhead);
  return looped;
}

void stepTransport(Transport& t, World& world, int steps) {
  t.playing = false;
  for (int i = 0; i < std::clamp(steps, 0, 100000); ++i) world.stepOnce();
  t.playhead = world.time();
  t.frameCarry = 0.0;
}

void restartTransport(Transport& t, World& world) {
  world.seek(0.0);
  t.playhead = 0.0;
  t.frameCarry = 0.0;
}

void seekTransport(Transport& t, World& world, double seconds) {
  seekWorld(world, seconds);
  t.playhead = std::max(0.0, seconds);
  t.frameCarry = 0.0;
}

void syncTransport(Transport& t, const World& world) {
  t.playhead = world.time();
}

}  // namespace fx
