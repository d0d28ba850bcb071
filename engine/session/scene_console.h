// The console's scene-context commands, which edit the scene's backdrop and reference mesh as
// `set` does (each change one undoable edit, saved with the preset), so the viewer, `fxview
// PRESET --exec` and `render --exec` reach them alike:
//   background                                   print the backdrop
//   background color R G B                       the plain "background" colour
//   background gradient TR TG TB BR BG BB        a vertical gradient, top colour then bottom
//   background image PATH                        a PNG stretched over the picture
//   reference PATH [X Y Z] [SCALE] | reference off
//                                                a Wavefront OBJ placed as the scene object
//                                                named "reference" (its "model")
#pragma once

#include "engine/session/world_console.h"

namespace fx {

// Each returns "" or an error; `out` gets what a query prints.
std::string runBackgroundCommand(ConsoleSession& s, const ConsoleStatement& st, std::string& out);
std::string runReferenceCommand(ConsoleSession& s, const ConsoleStatement& st, std::string& out);

inline constexpr const char* kReferenceObjectName = "reference";

}  // namespace fx
