#include "engine/render/shader.h"

#include <fstream>
#include <sstream>

#include "engine/core/paths.h"
#include "engine/core/startup_phases.h"
#include "engine/render/builtin_shaders.h"

namespace fx::render {

namespace {

bool readText(const std::filesystem::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

GlShader compileStage(GLenum stage, const std::string& source, const std::string& name,
                      std::string& error) {
  GlShader shader(glCreateShader(stage));
  const char* src = source.c_str();
  glShaderSource(shader.get(), 1, &src, nullptr);
  glCompileShader(shader.get());
  GLint ok = 0;
  glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
  if (ok) return shader;
  GLint length = 0;
  glGetShaderiv(shader.get(), GL_INFO_LOG_LENGTH, &length);
  std::string log(size_t(std::max(length, 1)), '\0');
  glGetShaderInfoLog(shader.get(), GLsizei(log.size()), nullptr, log.data());
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  error = name + ": " + (stage == GL_VERTEX_SHADER ? "vertex" : "fragment") +
          " shader failed to compile:\n" + log;
  return {};
}

// Replaces each `#include "name"` line with that file: from `dir` when it has it, else the
// built-in copy. False (and `error`) when it is in neither.
bool expandIncludes(std::string& source, const std::filesystem::path& dir, std::string& error) {
  const std::string kDirective = "#include \"";
  for (size_t at = source.find(kDirective); at != std::string::npos;
       at = source.find(kDirective, at)) {
    size_t nameEnd = source.find('"', at + kDirective.size());
    size_t eol = source.find('\n', at);
    if (nameEnd == std::string::npos || (eol != std::string::npos && nameEnd > eol)) {
      error = "malformed #include in a shader";
      return false;
    }
    std::string name = source.substr(at + kDirective.size(), nameEnd - at - kDirective.size());
    std::string text;
    if (dir.empty() || !readText(dir / toPath(name), text)) {
      auto builtin = builtinShader(name);
      if (!builtin) {
        error = name + ": included shader not found";
        return false;
      }
      text = std::string(*builtin);
    }
    source.replace(at, (eol == std::string::npos ? source.size() : eol) - at, text);
    at += text.size();
  }
  return true;
}

}  // namespace

GlProgram compileProgram(const std::string& vertSource, const std::string& fragSource,
                         const std::string& vertName, const std::string& fragName,
                         std::string& error) {
  GlShader vs = compileStage(GL_VERTEX_SHADER, vertSource, vertName, error);
  if (!vs) return {};
  GlShader fs = compileStage(GL_FRAGMENT_SHADER, fragSource, fragName, error);
  if (!fs) return {};
  GlProgram program(glCreateProgram());
  glAttachShader(program.get(), vs.get());
  glAttachShader(program.get(), fs.get());
  glLinkProgram(program.get());
  GLint ok = 0;
  glGetProgramiv(program.get(), GL_LINK_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetProgramiv(program.get(), GL_INFO_LOG_LENGTH, &length);
    std::string log(size_t(std::max(length, 1)), '\0');
    glGetProgramInfoLog(program.get(), GLsizei(log.size()), nullptr, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    error = vertName + " + " + fragName + ": program failed to link:\n" + log;
    return {};
  }
  return program;
}

std::string withDefines(const std::string& source, const std::string& defines) {
  if (defines.empty()) return source;
  size_t at = source.find("#version");
  if (at == std::string::npos) return defines + source;
  size_t eol = source.find('\n', at);
  if (eol == std::string::npos) return source + "\n" + defines;
  return source.substr(0, eol + 1) + defines + source.substr(eol + 1);
}

GlProgram loadProgram(const std::filesystem::path& dir, const std::string& name, std::string& error,
                      const std::string& defines) {
  return loadProgramStages(dir, name, name, error, defines);
}

GlProgram loadProgramStages(const std::filesystem::path& dir, const std::string& vertName,
                            const std::string& fragName, std::string& error,
                            const std::string& defines) {
  startup::Span span("shaders");
  std::string vertFile = vertName + ".vert", fragFile = fragName + ".frag";
  std::string vs, fs, vertLabel, fragLabel;
  if (dir.empty()) {
    auto vert = builtinShader(vertFile), frag = builtinShader(fragFile);
    if (!vert || !frag) {
      error = (vert ? fragFile : vertFile) + ": no built-in shader of that name";
      return {};
    }
    vs = *vert;
    fs = *frag;
    vertLabel = "shaders/" + vertFile;  // the built-in copy of that source file
    fragLabel = "shaders/" + fragFile;
  } else {
    std::filesystem::path vert = dir / toPath(vertFile), frag = dir / toPath(fragFile);
    if (!readText(vert, vs)) {
      error = toUtf8(vert) + ": cannot read shader";
      return {};
    }
    if (!readText(frag, fs)) {
      error = toUtf8(frag) + ": cannot read shader";
      return {};
    }
    vertLabel = toUtf8(vert);
    fragLabel = toUtf8(frag);
  }
  if (!expandIncludes(vs, dir, error) || !expandIncludes(fs, dir, error)) return {};
  return compileProgram(withDefines(vs, defines), withDefines(fs, defines), vertLabel, fragLabel,
                        error);
}

OnDemandProgram::OnDemandProgram(std::filesystem::path dir, std::string vertName,
                                 std::string fragName)
    : dir_(std::move(dir)), vertName_(std::move(vertName)), fragName_(std::move(fragName)) {}

bool OnDemandProgram::compileNow(std::string& error) {
  if (!tried_) {
    tried_ = true;
    program_ = loadProgramStages(dir_, vertName_, fragName_, error_);
  }
  error = error_;
  return bool(program_);
}

GLuint OnDemandProgram::get() {
  std::string ignored;
  compileNow(ignored);
  return program_.get();
}

}  // namespace fx::render
