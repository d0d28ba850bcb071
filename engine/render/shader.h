// GLSL program loading (render-internal). Errors carry the file, the stage and the driver log so
// a broken shader names itself; callers disable only the draw that needed it.
#pragma once

#include <filesystem>
#include <string>

#include "engine/render/gl_objects.h"

namespace fx::render {

// Compiles and links a vertex + fragment pair. `vertName` / `fragName` label error messages.
GlProgram compileProgram(const std::string& vertSource, const std::string& fragSource,
                         const std::string& vertName, const std::string& fragName,
                         std::string& error);

// Loads `<dir>/<name>.vert` and `<dir>/<name>.frag`.
GlProgram loadProgram(const std::filesystem::path& dir, const std::string& name,
                      std::string& error);

}  // namespace fx::render
