// What the command line asks of the viewer (main.cpp fills it, runGui takes it, App keeps it).
// Apart from gui.h so that app.h needs nothing of the window loop (gui.cpp), which includes app.h.
#pragma once

#include <optional>
#include <string>

namespace fx::gui {

struct GuiArgs {
  std::string preset;     // "" = presets/gallery.json; a .glow / .weather_particle_system tag opens
                          // a scene for it
  std::string model;      // .gbxmodel the tag's glow sits on
  std::string animation;  // --animation X.model_animations[:NAME] played on the model
  std::string weather;    // a .scenario_structure_bsp: the palette entry shown (--weather)
  std::optional<int> cluster;  // ... or the one this cluster has (--cluster)
  std::string exec;            // console commands run after loading, ';'-separated
  bool keepGoing = false;      // --keep-going: the script runs past a failing command
  bool allowAnyPath = false;
  std::string tagsDir;  // --tags: tags root for Halo tag references ("" = per preset / nearest)
  int maxFrames = 0;    // > 0: quit after this many frames
  int windowWidth = 1280, windowHeight = 800;  // initial window size, screen pixels
  bool windowGiven = false;  // --window: overrides the size remembered from the last run
};

}  // namespace fx::gui
