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

// Loads `<dir>/<name>.vert` and `<dir>/<name>.frag`, or with an empty `dir` the built-in copies
// of shaders/<name>.vert and .frag (engine/render/builtin_shaders.h). `defines` ("#define X 1\n"
// lines) go right after each stage's #version line.
GlProgram loadProgram(const std::filesystem::path& dir, const std::string& name, std::string& error,
                      const std::string& defines = {});
// The same with a vertex stage and a fragment stage of different names (post passes share
// post.vert).
GlProgram loadProgramStages(const std::filesystem::path& dir, const std::string& vertName,
                            const std::string& fragName, std::string& error,
                            const std::string& defines = {});
// Inserts `defines` after the #version line of `source` (at the top when there is none).
std::string withDefines(const std::string& source, const std::string& defines);

}  // namespace fx::render
