#include "app/gui/gui.h"

#include <cstdlib>
#include <iostream>

namespace fx::gui {

int runGui(const GuiArgs&) {
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) {
    std::cerr << "fxview: no display available. Render headless instead:\n"
                 "  fxview render presets/gallery.json -o gallery.png\n";
    return 2;
  }
  std::cerr << "fxview: the GUI is not available in this build\n";
  return 2;
}

}  // namespace fx::gui
