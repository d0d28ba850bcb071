// The viewer's particle inspector state (app.h holds one in App::particles): the selected particle,
// followed by its stable id through play, step and scrub; what repeated clicks at one pixel cycle
// through; the emitter table's sort; "Pause on NaN/Inf"; the Destiny tracer's stage. The engine
// half (listing, picking, JSON, CSV, the non-finite scan) is engine/session/particle_inspect.h;
// particle_inspector.cpp has the commands and per-frame work, panel_particle.cpp the window.
#pragma once

#include <optional>
#include <string>

#include "engine/session/particle_inspect.h"

namespace fx::gui {

struct ParticleInspector {
  bool visible = false;  // the Particle window (opens on the first pick)
  bool place = false;    // a new selection: the window moves to the side away from it
  std::optional<ParticleKey> selected;
  std::optional<InspectedParticle> current;  // the selected particle this frame (none: gone)
  double goneAt = -1.0;                      // simulation time it was first missed
  PickCycle cycle;
  bool pauseOnNonFinite = false;
  double scannedTime = -1.0;  // the simulation time the NaN / Inf scan last saw
  std::string stopReason;     // what the NaN / Inf pause stopped on ("" = nothing)
  int sortColumn = 0;         // the emitter table's (0 = id)
  bool sortAscending = true;
  int traceStage = 4;  // the Destiny tracer's stage (4: per particle per frame)
};

}  // namespace fx::gui
