// Playback of a World for the viewer: play / pause, single step, speed, loop with a reset
// interval, and seeking. The app passes the wall-clock time between rendered frames in; the
// simulation itself stays fixed-step and deterministic (tick mode advances to a playhead; frame
// mode takes one step per rendered frame, scaled by speed with a carried fraction).
#pragma once

#include "engine/session/world.h"

namespace fx {

struct Transport {
  bool playing = true;
  double speed = 1.0;        // playback speed multiplier (0..16)
  double loopSeconds = 0.0;  // > 0: restart when the playhead reaches it (one-shot effects repeat)
  double playhead = 0.0;     // seconds the world should be at (tick mode)
  double frameCarry = 0.0;   // frame mode: fractional steps carried between frames
  // Halo Standalone's console pause (seed 001: "When you open the console in Standalone, which
  // pauses the simulation, this added motion is apparent"): no step is taken, but every rendered
  // frame still gets what the game does per frame regardless of time (World::pausedFrame). The
  // viewer sets it while its console is open. Those frames are not part of the replayed history.
  bool consolePaused = false;
};

// Longest wall-clock gap one frame may advance (a stalled window must not freeze on a catch-up).
inline constexpr double kMaxFrameSeconds = 0.25;

// One rendered frame: advances `world` by `wallSeconds` x speed when playing (a console pause
// takes World::pausedFrame instead). Returns true when the loop restarted the world this frame.
bool advanceTransport(Transport& t, World& world, double wallSeconds);
// Pauses and takes exactly `steps` fixed steps.
void stepTransport(Transport& t, World& world, int steps = 1);
// Back to time 0 with the world's seed (playing state kept).
void restartTransport(Transport& t, World& world);
// Deterministic seek (re-simulation from 0); the playhead follows.
void seekTransport(Transport& t, World& world, double seconds);
// After a change that re-simulated the world (seed, rate, edits): align the playhead.
void syncTransport(Transport& t, const World& world);

}  // namespace fx
