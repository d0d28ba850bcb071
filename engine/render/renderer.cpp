// Renderer: setup and the frame around the passes. draw() runs them in order over a frame's plain
// data: opaque meshes (scene models, renderer_meshes.cpp), the scene depth copy for soft particles
// (renderer_depth.cpp), sprite batches (one instanced draw each, renderer_sprites.cpp) with the
// strip batches in list order among them (renderer_strips.cpp), shader quads (renderer_quads.cpp);
// debug lines, points and labels (renderer_debug.cpp) and the HDR resolve (renderer_post.cpp) are
// their own calls. Every pass sets all the GL state it relies on (blend, depth, colour mask, cull,
// program, VAO, samplers) and leaves nothing for the next one to assume.
#include "engine/render/renderer.h"

#include <atomic>
#include <utility>

#include "engine/render/renderer_internal.h"
#include "engine/render/shader.h"

namespace fx::render {

// Halo's framebuffer blend functions (reference halo notes §5.5) as GL state.
void setBlend(BlendMode mode) {
  glEnable(GL_BLEND);
  GLenum rgbEquation = GL_FUNC_ADD, src = GL_ONE, dst = GL_ONE;
  GLenum alphaSrc = GL_ZERO, alphaDst = GL_ONE;  // coverage unchanged
  switch (mode) {
    case BlendMode::AlphaBlend:
      src = GL_SRC_ALPHA, dst = GL_ONE_MINUS_SRC_ALPHA;
      alphaSrc = GL_ONE, alphaDst = GL_ONE_MINUS_SRC_ALPHA;
      break;
    case BlendMode::Multiply:
      src = GL_DST_COLOR, dst = GL_ZERO;
      break;
    case BlendMode::DoubleMultiply:
      src = GL_DST_COLOR, dst = GL_SRC_COLOR;
      break;
    case BlendMode::Add:
      break;
    case BlendMode::Subtract:
      rgbEquation = GL_FUNC_REVERSE_SUBTRACT;
      break;
    case BlendMode::ComponentMin:
      rgbEquation = GL_MIN;
      break;
    case BlendMode::ComponentMax:
      rgbEquation = GL_MAX;
      break;
    case BlendMode::AlphaMultiplyAdd:
      src = GL_ONE, dst = GL_ONE_MINUS_SRC_ALPHA;
      alphaSrc = GL_ONE, alphaDst = GL_ONE_MINUS_SRC_ALPHA;
      break;
  }
  glBlendEquationSeparate(rgbEquation, GL_FUNC_ADD);
  glBlendFuncSeparate(src, dst, alphaSrc, alphaDst);
}

void Renderer::Impl::blend(BlendMode mode) const {
  if (!overdraw) return setBlend(mode);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_ONE, GL_ONE);
}

void uniformMat4(GLuint program, const char* name, const mat4& m) {
  glUniformMatrix4fv(glGetUniformLocation(program, name), 1, GL_FALSE, &m[0][0]);
}

// The view's rectangle of the framebuffer; the scissor keeps wide points and lines inside it.
void setViewport(const View& view) {
  GLint x = GLint(view.viewportOriginPx.x), y = GLint(view.viewportOriginPx.y);
  GLsizei w = GLsizei(view.viewportPx.x), h = GLsizei(view.viewportPx.y);
  glViewport(x, y, w, h);
  glEnable(GL_SCISSOR_TEST);
  glScissor(x, y, w, h);
}

namespace {

void GLAD_API_PTR debugCallback(GLenum, GLenum type, GLuint, GLenum severity, GLsizei,
                                const GLchar* message, const void* user) {
  if (severity == GL_DEBUG_SEVERITY_NOTIFICATION) return;
  auto* warnings = static_cast<std::vector<std::string>*>(const_cast<void*>(user));
  if (warnings->size() < 256)
    warnings->push_back(std::string("GL debug") +
                        (type == GL_DEBUG_TYPE_ERROR ? " error: " : ": ") + message);
}

// The warnings list the debug callback last installed writes to (nullptr: none installed).
std::atomic<const void*>& debugCallbackOwner() {
  static std::atomic<const void*> owner{nullptr};
  return owner;
}

}  // namespace

Renderer::Renderer() : impl_(std::make_unique<Impl>()) {}
Renderer::~Renderer() {
  // The context outlives this renderer (tests share one; the GUI swaps renderers): take the
  // callback down if it still points at our warnings, so the driver never writes to freed memory.
  // Which renderer installed it is remembered here, not asked of GL: a wrapper between fxview and
  // the driver (Wine's opengl32) hands the driver a user pointer of its own.
  if (impl_->debugInstalled && debugCallbackOwner() == &impl_->warnings) {
    glDebugMessageCallback(nullptr, nullptr);
    glDisable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDisable(GL_DEBUG_OUTPUT);
    debugCallbackOwner() = nullptr;
  }
}

bool Renderer::init(const RendererOptions& options, std::string& error) {
  Impl& r = *impl_;
  r.options = options;
  if (r.options.quadShaderDir.empty()) r.options.quadShaderDir = r.options.shaderDir;
  if (!glGetString || !glGetString(GL_VERSION)) {
    error = "GL is not loaded (no current GL 3.3 core context)";
    return false;
  }
  if (r.options.debugOutput && GLAD_GL_KHR_debug) {
    glEnable(GL_DEBUG_OUTPUT);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(debugCallback, &r.warnings);
    debugCallbackOwner() = &r.warnings;
    r.debugInstalled = true;
  }
  if (!r.loadPrograms(error)) return false;
  r.textures.init();
  r.createVertexArrays();
  r.createSamplers();
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return true;
}

// The sprite, debug and mesh programs, then the HDR frame's post programs.
bool Renderer::Impl::loadPrograms(std::string& error) {
  spriteProgram = loadProgram(options.shaderDir, "sprite", error);
  if (!spriteProgram) return false;
  debugProgram = OnDemandProgram(options.shaderDir, "debug", "debug");
  meshProgram = OnDemandProgram(options.shaderDir, "mesh", "mesh");
  stripProgram = OnDemandProgram(options.shaderDir, "strip", "strip");
  overdrawStrip = OnDemandProgram(options.shaderDir, "strip", "overdraw");
  overdrawQuad = OnDemandProgram(options.shaderDir, "overdraw", "overdraw");
  backdropProgram = OnDemandProgram(options.shaderDir, "post", "backdrop");
  if (!options.shaderDir.empty() &&
      !(debugProgram.compileNow(error) && meshProgram.compileNow(error) &&
        stripProgram.compileNow(error)))
    return false;
  su = spriteUniforms(spriteProgram.get());
  du = extraUniforms(spriteProgram.get());
  if (options.hdr && !hdr.init(options.shaderDir, error)) return false;
  return true;
}

// Sprites: five per-instance vec4 attributes (pointed at a buffer per batch); shader quads: an
// interleaved position + UV buffer; debug draws: a VAO whose attributes each draw sets.
void Renderer::Impl::createVertexArrays() {
  spriteVao = createVertexArray();
  instanceVbo = createBuffer();
  scratchVbo = createBuffer();
  glBindVertexArray(spriteVao.get());
  for (GLuint i = 0; i < 5; ++i) {
    glEnableVertexAttribArray(i);
    glVertexAttribDivisor(i, 1);
  }
  glBindVertexArray(0);

  quadVao = createVertexArray();
  quadVbo = createBuffer();
  glBindVertexArray(quadVao.get());
  glBindBuffer(GL_ARRAY_BUFFER, quadVbo.get());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 5 * sizeof(float), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 5 * sizeof(float),
                        reinterpret_cast<void*>(3 * sizeof(float)));
  glBindVertexArray(0);

  debugVao = createVertexArray();
  debugVbo = createBuffer();
  createStripArrays();
}

namespace {

// GL_MIRROR_CLAMP_TO_EDGE (GL 4.4, ARB_texture_mirror_clamp_to_edge): not in the 3.3 loader.
constexpr GLint kMirrorClampToEdge = 0x8743;

// Sets one axis's wrap; a driver without mirror-once gets mirrored repeats instead.
void setWrap(GLuint sampler, GLenum axis, TextureWrap w) {
  switch (w) {
    case TextureWrap::Clamp:
      glSamplerParameteri(sampler, axis, GL_CLAMP_TO_EDGE);
      return;
    case TextureWrap::Repeat:
      glSamplerParameteri(sampler, axis, GL_REPEAT);
      return;
    case TextureWrap::Mirror:
      glSamplerParameteri(sampler, axis, GL_MIRRORED_REPEAT);
      return;
    case TextureWrap::Border:
      glSamplerParameteri(sampler, axis, GL_CLAMP_TO_BORDER);
      return;
    case TextureWrap::MirrorOnce:
      while (glGetError() != GL_NO_ERROR) {
      }
      glSamplerParameteri(sampler, axis, kMirrorClampToEdge);
      if (glGetError() != GL_NO_ERROR) glSamplerParameteri(sampler, axis, GL_MIRRORED_REPEAT);
      return;
  }
}

}  // namespace

// The sprite samplers ([filtered][wrap U][wrap V]) and the shader quads' data sampler.
void Renderer::Impl::createSamplers() {
  const float border[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int filtered = 0; filtered < 2; ++filtered)
    for (int u = 0; u < kTextureWraps; ++u)
      for (int v = 0; v < kTextureWraps; ++v) {
        GlSampler s = createSampler();
        glSamplerParameteri(s.get(), GL_TEXTURE_MIN_FILTER,
                            filtered ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST);
        glSamplerParameteri(s.get(), GL_TEXTURE_MAG_FILTER, filtered ? GL_LINEAR : GL_NEAREST);
        setWrap(s.get(), GL_TEXTURE_WRAP_S, TextureWrap(u));
        setWrap(s.get(), GL_TEXTURE_WRAP_T, TextureWrap(v));
        glSamplerParameterfv(s.get(), GL_TEXTURE_BORDER_COLOR, border);
        samplers[(filtered * kTextureWraps + u) * kTextureWraps + v] = std::move(s);
      }
  dataSampler = createSampler();
  glSamplerParameteri(dataSampler.get(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glSamplerParameteri(dataSampler.get(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glSamplerParameteri(dataSampler.get(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glSamplerParameteri(dataSampler.get(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

void Renderer::beginFrame(int width, int height, ColorRgba background) {
  impl_->stats = {};
  impl_->drewView = false;
  if (impl_->options.hdr) impl_->hdr.begin(width, height);
  glViewport(0, 0, width, height);
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthMask(GL_TRUE);
  // A transparent capture starts from nothing; the overdraw view from no layers.
  if (impl_->transparent || impl_->overdraw)
    glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
  else
    glClearColor(background.r, background.g, background.b, 1.0f);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  impl_->depthWritten = false;
}

void Renderer::draw(const DrawList& list, const View& view) {
  setViewport(view);
  impl_->noteView(view);
  impl_->drawMeshes(list, view);
  impl_->copySceneDepth(list, view);
  impl_->drawSprites(list, view);  // and the strip batches among them
  impl_->drawShaderQuads(list, view);
  impl_->timers.switchTo(-1);  // debug draws and the next view: unowned
  impl_->timers.spans.clear();
  impl_->useLinearLight(false, view);  // debug draws, the next view and the resolve see gamma
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthMask(GL_TRUE);
  glBlendEquation(GL_FUNC_ADD);
}

bool Renderer::Impl::useLinearLight(bool linear, const View& view) {
  if (overdraw) return false;  // the frame holds layer counts, never re-encoded
  if (!options.hdr) {
    if (linear) warnOnce("linear-light batches blend in gamma space without the HDR frame");
    return false;
  }
  if (hdr.linear() == linear) return linear;
  hdr.setLinear(linear);
  setViewport(view);
  // The transparent passes' shared state (drawSprites, drawStripBatch, drawShaderQuads).
  glDisable(GL_CULL_FACE);
  glDepthMask(GL_FALSE);
  glDepthFunc(GL_LEQUAL);
  particleMask();
  return hdr.linear();
}

SpriteStorage& Renderer::spriteStorage() {
  return impl_->mappedSprites;
}

const RenderStats& Renderer::stats() const {
  impl_->stats.spriteMapFallbacks = impl_->mappedSprites.fallbacks;
  return impl_->stats;
}

std::vector<std::string> Renderer::takeWarnings() {
  return std::exchange(impl_->warnings, {});
}

void Renderer::textureSize(const std::string& path, int& width, int& height) {
  const GpuTexture& t = impl_->textures.get(path, impl_->warnings);
  width = t.missing ? 0 : t.width;
  height = t.missing ? 0 : t.height;
}

}  // namespace fx::render
