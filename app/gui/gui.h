// The interactive viewer (GLFW window + Dear ImGui).
#pragma once

#include "app/gui/gui_args.h"

namespace fx::gui {

// Runs the viewer; returns the process exit code (2 when no display is available).
int runGui(const GuiArgs& args);

}  // namespace fx::gui
