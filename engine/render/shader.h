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
// A program compiled when first used: the built-in sources (an empty `dir`) are the shipped,
// tested ones, so a process pays only for the programs its pictures need (each costs a compile
// and link, and a software driver's code generation). From a shader folder (development) the
// renderer compiles every program at init instead (compileNow), so a broken file fails there.
// get() is 0 after a failure; error() says why.
class OnDemandProgram {
 public:
  OnDemandProgram() = default;
  OnDemandProgram(std::filesystem::path dir, std::string vertName, std::string fragName);
  GLuint get();
  bool compileNow(std::string& error);
  const std::string& error() const { return error_; }

 private:
  std::filesystem::path dir_;
  std::string vertName_, fragName_, error_;
  GlProgram program_;
  bool tried_ = false;
};

// Inserts `defines` after the #version line of `source` (at the top when there is none).
std::string withDefines(const std::string& source, const std::string& defines);

}  // namespace fx::render
