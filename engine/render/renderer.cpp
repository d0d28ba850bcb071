// Renderer: frame setup and the passes over a frame's plain data: opaque meshes (scene models),
// sprite batches (one instanced draw each), shader quads, and debug lines / points. Every pass sets
// all the GL state it relies on (blend, depth, colour mask, cull, program, VAO, samplers) and
// leaves nothing for the next one to assume.
#include "engine/render/renderer.h"

#include <algorithm>
#include <cstddef>
#include <map>
#include <set>
#include <unordered_map>
#include <utility>

#include <glad/gl.h>
// stb_easy_font (Debian libstb-dev): static helpers, some unused here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb/stb_easy_font.h>
#pragma GCC diagnostic pop

#include "engine/render/gl_objects.h"
#include "engine/render/hdr_target.h"
#include "engine/render/shader.h"
#include "engine/render/texture_cache.h"

namespace fx::render {

namespace {

// Halo's framebuffer blend functions (reference halo notes §5.5) as GL state.
void setBlend(BlendMode mode) {
  glEnable(GL_BLEND);
  switch (mode) {
    case BlendMode::AlphaBlend:
      glBlendEquation(GL_FUNC_ADD);
      glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
      break;
    case BlendMode::Multiply:
      glBlendEquation(GL_FUNC_ADD);
      glBlendFunc(GL_DST_COLOR, GL_ZERO);
      break;
    case BlendMode::DoubleMultiply:
      glBlendEquation(GL_FUNC_ADD);
      glBlendFunc(GL_DST_COLOR, GL_SRC_COLOR);
      break;
    case BlendMode::Add:
      glBlendEquation(GL_FUNC_ADD);
      glBlendFunc(GL_ONE, GL_ONE);
      break;
    case BlendMode::Subtract:
      glBlendEquation(GL_FUNC_REVERSE_SUBTRACT);
      glBlendFunc(GL_ONE, GL_ONE);
      break;
    case BlendMode::ComponentMin:
      glBlendEquation(GL_MIN);
      glBlendFunc(GL_ONE, GL_ONE);
      break;
    case BlendMode::ComponentMax:
      glBlendEquation(GL_MAX);
      glBlendFunc(GL_ONE, GL_ONE);
      break;
    case BlendMode::AlphaMultiplyAdd:
      glBlendEquation(GL_FUNC_ADD);
      glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
      break;
  }
}

void uniformMat4(GLuint program, const char* name, const mat4& m) {
  glUniformMatrix4fv(glGetUniformLocation(program, name), 1, GL_FALSE, &m[0][0]);
}

void GLAD_API_PTR debugCallback(GLenum, GLenum type, GLuint, GLenum severity, GLsizei,
                                const GLchar* message, const void* user) {
  if (severity == GL_DEBUG_SEVERITY_NOTIFICATION) return;
  auto* warnings = static_cast<std::vector<std::string>*>(const_cast<void*>(user));
  if (warnings->size() < 256)
    warnings->push_back(std::string("GL debug") +
                        (type == GL_DEBUG_TYPE_ERROR ? " error: " : ": ") + message);
}

struct SpriteUniforms {
  GLint view, projection, viewport, texSize, orientation, fadeMode, screenFlare, primary, secondary,
      blend, nonlinearTint, ignoreTextureAlpha, hasSecondary, secondaryScreen, secondaryTransform,
      viewportOrigin, outputMax;
};

SpriteUniforms spriteUniforms(GLuint p) {
  auto loc = [p](const char* n) { return glGetUniformLocation(p, n); };
  return {loc("uView"),           loc("uProjection"),      loc("uViewport"),
          loc("uTexSize"),        loc("uOrientation"),     loc("uFadeMode"),
          loc("uScreenFlare"),    loc("uPrimary"),         loc("uSecondary"),
          loc("uBlend"),          loc("uNonlinearTint"),   loc("uIgnoreTextureAlpha"),
          loc("uHasSecondary"),   loc("uSecondaryScreen"), loc("uSecondaryTransform"),
          loc("uViewportOrigin"), loc("uOutputMax")};
}

// Sprite memory the GPU draws from: a ring of instance buffers, each mapped while a DrawList
// fills it and unmapped when the renderer draws that list, so every sprite is written once, into
// the buffer it is drawn from. Mapped for reading too: the renderer's CPU pass (coverage, big
// sprites, depth sort) reads what the families wrote. Rotating through buffers keeps a map from
// waiting on a frame the GPU may still be reading; a buffer only grows.
class MappedSprites final : public SpriteStorage {
 public:
  struct Slot {
    GlBuffer buffer;
    size_t capacity = 0;               // sprites the buffer holds
    SpriteInstance* mapped = nullptr;  // while a list writes to it
    SpriteArray* owner = nullptr;
    std::vector<SpriteInstance> heap;  // used instead when the driver refuses the map
  };

  ~MappedSprites() override {
    for (auto& s : slots_)
      if (s->owner) s->owner->reclaimed();
  }

  SpriteInstance* grow(SpriteArray& owner, size_t keep, size_t& capacity) override {
    Slot* old = owner.data() ? find(owner) : nullptr;
    Slot& slot = freeSlot();
    map(slot, capacity);
    if (old) {
      std::copy_n(old->mapped, keep, slot.mapped);
      unmap(*old);
    }
    slot.owner = &owner;
    capacity = slot.capacity;
    return slot.mapped;
  }
  void release(SpriteArray& owner) override {
    if (Slot* s = find(owner)) unmap(*s);
  }
  void moved(SpriteArray& owner, SpriteArray& to) override {
    if (Slot* s = find(owner)) s->owner = &to;
  }

  // The buffer holding `sprites` (unmapped now, ready to draw from; the array keeps its size but
  // no data), or 0 when they do not live here.
  GLuint take(const SpriteArray& sprites) {
    Slot* s = find(sprites);
    if (!s) return 0;
    SpriteArray* owner = s->owner;
    const size_t count = sprites.size();
    if (!s->heap.empty()) {
      glBindBuffer(GL_COPY_WRITE_BUFFER, s->buffer.get());
      glBufferSubData(GL_COPY_WRITE_BUFFER, 0, GLsizeiptr(count * sizeof(SpriteInstance)),
                      s->heap.data());
      glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    }
    unmap(*s);
    owner->reclaimed();
    return s->buffer.get();
  }

 private:
  Slot* find(const SpriteArray& owner) {
    for (auto& s : slots_)
      if (s->owner == &owner && s->mapped) return s.get();
    return nullptr;
  }
  Slot& freeSlot() {
    // Three buffers serve one list per frame without waiting; more appear only while more lists
    // are open at once.
    if (slots_.size() < 3) slots_.push_back(std::make_unique<Slot>());
    for (size_t k = 0; k < slots_.size(); ++k) {
      size_t i = (next_ + k) % slots_.size();
      if (!slots_[i]->mapped) {
        next_ = (i + 1) % slots_.size();
        return *slots_[i];
      }
    }
    slots_.push_back(std::make_unique<Slot>());
    return *slots_.back();
  }
  void map(Slot& s, size_t capacity) {
    if (!s.buffer) s.buffer = createBuffer();
    glBindBuffer(GL_COPY_WRITE_BUFFER, s.buffer.get());
    if (s.capacity < capacity) {
      // Geometric growth: a population that rises a little every frame must not reallocate (and
      // fault in fresh pages for) every buffer of the ring every frame.
      s.capacity = std::max(capacity, s.capacity + s.capacity / 2);
      glBufferData(GL_COPY_WRITE_BUFFER, GLsizeiptr(capacity * sizeof(SpriteInstance)), nullptr,
                   GL_STREAM_DRAW);
    }
    void* p =
        glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, GLsizeiptr(s.capacity * sizeof(SpriteInstance)),
                         GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    s.heap.clear();
    if (p) {
      s.mapped = static_cast<SpriteInstance*>(p);
    } else {
      s.heap.resize(s.capacity);
      s.mapped = s.heap.data();
    }
  }
  void unmap(Slot& s) {
    if (s.heap.empty()) {
      glBindBuffer(GL_COPY_WRITE_BUFFER, s.buffer.get());
      glUnmapBuffer(GL_COPY_WRITE_BUFFER);
      glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    }
    s.mapped = nullptr;
    s.owner = nullptr;
  }

  std::vector<std::unique_ptr<Slot>> slots_;
  size_t next_ = 0;
};

// One batch after the CPU pass: what to draw and from where.
struct BatchPlan {
  const SpriteBatch* batch = nullptr;
  size_t first = 0;        // into the instance buffer, or into the reorder buffer when reordered
  size_t drawn = 0;        // sprites left after the big-sprite limit
  bool reordered = false;  // sorted back to front, or lost sprites: drawn from the reorder buffer
  size_t orderFirst = 0;   // reordered: its sprite indices in Impl::order
};

}  // namespace

struct Renderer::Impl {
  MappedSprites mappedSprites;              // Renderer::spriteStorage()
  std::vector<DebugVertex> labelTriangles;  // drawLabels scratch
  std::vector<char> labelQuads;             // stb_easy_font output scratch
  RendererOptions options;
  RenderStats stats;
  std::vector<std::string> warnings;
  std::set<std::string> warnedOnce;
  bool debugInstalled = false;  // our KHR_debug callback is installed
  // Whether anything wrote depth since the depth buffer was last cleared (beginFrame). While
  // nothing has, a sprite's LEQUAL test against the cleared 1.0 passes for every fragment, so the
  // test is left off: the same pixels for less work per fragment. True until the first clear.
  bool depthWritten = true;
  TextureCache textures;
  HdrTarget hdr;
  BloomSettings bloom;

  GlProgram spriteProgram, debugProgram;  // spriteProgram: the general (uniform-switched) one
  GlProgram meshProgram;
  // GPU copies of DrawList meshes, keyed by their data; an entry whose data died is re-made or
  // dropped (pruneMeshes), so a reloaded model never draws stale buffers.
  struct GpuMesh {
    std::weak_ptr<const MeshData> source;
    GlVertexArray vao;
    GlBuffer vbo, ibo;
    GLsizei count = 0;
  };
  std::unordered_map<const MeshData*, GpuMesh> meshCache;
  GpuMesh& gpuMesh(const std::shared_ptr<const MeshData>& mesh);
  void pruneMeshes();
  void drawMeshes(const DrawList& list, const View& view);
  SpriteUniforms su{};
  // Specialized sprite programs, one per combination of batch switches met so far (see
  // sprite.vert). A variant that fails to build falls back to the general program.
  struct SpriteVariant {
    GlProgram program;  // empty: use the general program
    SpriteUniforms su{};
  };
  std::unordered_map<uint32_t, SpriteVariant> spriteVariants;
  SpriteVariant& spriteVariant(const SpriteBatch& batch, bool hasSecondary);
  GlVertexArray spriteVao, quadVao, debugVao;
  GlBuffer instanceVbo, scratchVbo, quadVbo, debugVbo;
  GlSampler samplers[4];  // [filtered][repeat]
  // Shader quads read data textures (lightning: a binary bolt channel and a threshold channel):
  // bilinear on level 0, never a mipmap average, clamped, as the CPU reference samples them.
  GlSampler dataSampler;

  struct QuadProgram {
    GlProgram program;
    bool failed = false;
  };
  std::map<std::string, QuadProgram> quadPrograms;

  // Per-frame scratch, kept so a steady-state frame allocates nothing.
  std::vector<uint32_t> order, sortIdx;  // order: reordered batches' sprite indices (list-wide)
  std::vector<float> depths;
  std::vector<BatchPlan> plans;
  size_t scratchCapacity = 0;  // sprites scratchVbo holds

  // Without bloom each draw clamps its colour to 1, as an 8-bit target would (pictures stay as
  // they were; additive sums still pass 1 in the float frame); bloom keeps colours to 64.
  float outputMax() const { return options.hdr && bloom.enabled ? 64.0f : 1.0f; }
  void warnOnce(const std::string& message) {
    if (warnedOnce.insert(message).second) warnings.push_back(message);
  }
  const GpuTexture& texture(const DrawList& list, TextureId id) {
    if (id < 0 || size_t(id) >= list.textures.size()) return textures.white();
    return textures.get(list.textures[size_t(id)].path, warnings);
  }
  void bindInstanceAttributes(GLuint buffer, size_t firstSprite);
  bool planBatch(const DrawList& list, const SpriteBatch& batch, const View& view, BatchPlan& plan);
  void drawBatch(const DrawList& list, const BatchPlan& plan, GLuint instances, const View& view);
  void drawSprites(const DrawList& list, const View& view);
  void drawShaderQuads(const DrawList& list, const View& view);
  QuadProgram& quadProgram(const std::string& name);
};

Renderer::Renderer() : impl_(std::make_unique<Impl>()) {}
Renderer::~Renderer() {
  // The context outlives this renderer (tests share one; the GUI swaps renderers): take the
  // callback down if it still points at our warnings, so the driver never writes to freed memory.
  if (impl_->debugInstalled && glGetPointerv) {
    void* user = nullptr;
    glGetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &user);
    if (user == &impl_->warnings) {
      glDebugMessageCallback(nullptr, nullptr);
      glDisable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
      glDisable(GL_DEBUG_OUTPUT);
    }
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
    r.debugInstalled = true;
  }
  r.spriteProgram = loadProgram(r.options.shaderDir, "sprite", error);
  if (!r.spriteProgram) return false;
  r.debugProgram = loadProgram(r.options.shaderDir, "debug", error);
  if (!r.debugProgram) return false;
  r.meshProgram = loadProgram(r.options.shaderDir, "mesh", error);
  if (!r.meshProgram) return false;
  r.su = spriteUniforms(r.spriteProgram.get());
  if (r.options.hdr && !r.hdr.init(r.options.shaderDir, error)) return false;
  r.textures.init();

  r.spriteVao = createVertexArray();
  r.instanceVbo = createBuffer();
  r.scratchVbo = createBuffer();
  glBindVertexArray(r.spriteVao.get());
  for (GLuint i = 0; i < 5; ++i) {
    glEnableVertexAttribArray(i);
    glVertexAttribDivisor(i, 1);
  }
  glBindVertexArray(0);

  r.quadVao = createVertexArray();
  r.quadVbo = createBuffer();
  glBindVertexArray(r.quadVao.get());
  glBindBuffer(GL_ARRAY_BUFFER, r.quadVbo.get());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 5 * sizeof(float), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 5 * sizeof(float),
                        reinterpret_cast<void*>(3 * sizeof(float)));
  glBindVertexArray(0);

  r.debugVao = createVertexArray();
  r.debugVbo = createBuffer();

  for (int filtered = 0; filtered < 2; ++filtered)
    for (int repeat = 0; repeat < 2; ++repeat) {
      GlSampler s = createSampler();
      glSamplerParameteri(s.get(), GL_TEXTURE_MIN_FILTER,
                          filtered ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST);
      glSamplerParameteri(s.get(), GL_TEXTURE_MAG_FILTER, filtered ? GL_LINEAR : GL_NEAREST);
      GLint wrap = repeat ? GL_REPEAT : GL_CLAMP_TO_EDGE;
      glSamplerParameteri(s.get(), GL_TEXTURE_WRAP_S, wrap);
      glSamplerParameteri(s.get(), GL_TEXTURE_WRAP_T, wrap);
      r.samplers[filtered * 2 + repeat] = std::move(s);
    }
  r.dataSampler = createSampler();
  glSamplerParameteri(r.dataSampler.get(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glSamplerParameteri(r.dataSampler.get(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glSamplerParameteri(r.dataSampler.get(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glSamplerParameteri(r.dataSampler.get(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return true;
}

void Renderer::beginFrame(int width, int height, ColorRgba background) {
  impl_->stats = {};
  if (impl_->options.hdr) impl_->hdr.begin(width, height);
  glViewport(0, 0, width, height);
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthMask(GL_TRUE);
  glClearColor(background.r, background.g, background.b, 1.0f);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  impl_->depthWritten = false;
}

void Renderer::Impl::bindInstanceAttributes(GLuint buffer, size_t firstSprite) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  const GLsizei stride = sizeof(SpriteInstance);
  const size_t base = firstSprite * sizeof(SpriteInstance);
  const size_t offsets[5] = {offsetof(SpriteInstance, position), offsetof(SpriteInstance, color),
                             offsetof(SpriteInstance, direction), offsetof(SpriteInstance, uv),
                             offsetof(SpriteInstance, registration)};
  for (GLuint i = 0; i < 5; ++i)
    glVertexAttribPointer(i, 4, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<void*>(base + offsets[i]));
}

// CPU pass: coverage, Halo's "big sprites" limit (more than 10 sprites each covering over half
// the screen are dropped, reference §5.3), and view depth for back-to-front sorting. False when
// nothing of the batch is drawn.
bool Renderer::Impl::planBatch(const DrawList& list, const SpriteBatch& batch, const View& view,
                               BatchPlan& plan) {
  size_t first = batch.first, count = batch.count;
  if (first >= list.sprites.size()) return false;
  count = std::min(count, list.sprites.size() - first);
  if (count == 0) return false;
  const GpuTexture& primary = texture(list, batch.texture);
  const float viewportArea = std::max(1.0f, view.viewportPx.x * view.viewportPx.y);
  const SpriteInstance* src = list.sprites.data() + first;
  const size_t orderFirst = order.size();
  depths.clear();
  int big = 0;
  bool dropped = false;
  for (size_t i = 0; i < count; ++i) {
    const SpriteInstance& s = src[i];
    float depth = view.depthOf(s.position);
    float uvW = std::max(std::abs(s.uv.y - s.uv.x), 1e-6f), uvH = std::abs(s.uv.w - s.uv.z);
    float widthPx = 0.0f;
    if (batch.screenSpaceFlare)
      widthPx = s.size > 0.0f ? s.size : uvW * float(primary.width);
    else if (depth > view.nearPlane)
      widthPx = s.size > 0.0f ? s.size / view.worldPerPixel(depth) : uvW * float(primary.width);
    float area = std::min(widthPx * widthPx * (uvH / uvW) * std::abs(s.aspect), viewportArea);
    if (area > 0.5f * viewportArea && ++big > 10) {
      dropped = true;
      stats.bigSpritesDropped++;
      continue;
    }
    stats.coverage += area / viewportArea;
    order.push_back(uint32_t(first + i));
    depths.push_back(depth);
  }
  const size_t drawn = order.size() - orderFirst;
  plan = {&batch, first, drawn, batch.sortBackToFront || dropped, orderFirst};
  if (batch.sortBackToFront) {
    sortIdx.resize(drawn);  // indices into this batch's part of order / depths
    for (uint32_t i = 0; i < sortIdx.size(); ++i) sortIdx[i] = i;
    std::stable_sort(sortIdx.begin(), sortIdx.end(),
                     [&](uint32_t a, uint32_t b) { return depths[a] > depths[b]; });
    uint32_t* o = order.data() + orderFirst;
    for (size_t k = 0; k < drawn; ++k) sortIdx[k] = o[sortIdx[k]];
    std::copy(sortIdx.begin(), sortIdx.end(), o);
  }
  if (!plan.reordered) order.resize(orderFirst);  // drawn in place: no indices needed
  return drawn > 0;
}

void Renderer::Impl::drawBatch(const DrawList& list, const BatchPlan& plan, GLuint instances,
                               const View& view) {
  const SpriteBatch& batch = *plan.batch;
  const GpuTexture& primary = texture(list, batch.texture);
  const bool hasSecondary = batch.secondaryTexture != kNoTexture;
  const GpuTexture& secondary =
      hasSecondary ? texture(list, batch.secondaryTexture) : textures.white();
  bool filtered = batch.filtered;
  if (batch.texture >= 0 && size_t(batch.texture) < list.textures.size())
    filtered = filtered && list.textures[size_t(batch.texture)].filtered;
  bool secondaryFiltered = batch.secondaryFiltered;
  if (batch.secondaryTexture >= 0 && size_t(batch.secondaryTexture) < list.textures.size())
    secondaryFiltered = secondaryFiltered && list.textures[size_t(batch.secondaryTexture)].filtered;

  const SpriteVariant& variant = spriteVariant(batch, hasSecondary);
  const GLuint program = variant.program ? variant.program.get() : spriteProgram.get();
  const SpriteUniforms& su = variant.program ? variant.su : this->su;
  glUseProgram(program);
  glUniformMatrix4fv(su.view, 1, GL_FALSE, &view.view[0][0]);
  glUniformMatrix4fv(su.projection, 1, GL_FALSE, &view.projection[0][0]);
  glUniform2f(su.viewport, view.viewportPx.x, view.viewportPx.y);
  glUniform2f(su.viewportOrigin, view.viewportOriginPx.x, view.viewportOriginPx.y);
  glUniform1f(su.outputMax, outputMax());
  glUniform1i(su.primary, 0);
  glUniform1i(su.secondary, 1);
  glBindVertexArray(spriteVao.get());
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, primary.id);
  glBindSampler(0, samplers[(filtered ? 2 : 0) + 0].get());
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, secondary.id);
  glBindSampler(1, samplers[(secondaryFiltered ? 2 : 0) + 1].get());
  glUniform2f(su.texSize, float(primary.width), float(primary.height));
  glUniform1i(su.orientation, int(batch.orientation));
  glUniform1i(su.fadeMode,
              batch.orientation == SpriteOrientation::ScreenFacing ? 0 : int(batch.fadeMode));
  glUniform1i(su.screenFlare, batch.screenSpaceFlare);
  glUniform1i(su.blend, int(batch.blend));
  glUniform1i(su.nonlinearTint, batch.nonlinearTint);
  glUniform1i(su.ignoreTextureAlpha, batch.ignoreTextureAlpha);
  glUniform1i(su.hasSecondary, hasSecondary);
  glUniform1i(su.secondaryScreen, batch.secondaryAnchor == SecondaryAnchor::WithScreenSpace);
  glUniform4fv(su.secondaryTransform, 1, &batch.secondaryTransform.x);
  setBlend(batch.blend);
  // Flares sit at clip depth 0.99: hidden only by nearer scene depth.
  if (batch.depthTest && depthWritten)
    glEnable(GL_DEPTH_TEST);
  else
    glDisable(GL_DEPTH_TEST);
  bindInstanceAttributes(plan.reordered ? scratchVbo.get() : instances, plan.first);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, GLsizei(plan.drawn));
  stats.drawCalls++;
  stats.sprites += plan.drawn;
}

void Renderer::Impl::drawSprites(const DrawList& list, const View& view) {
  // A list drawn before from this renderer's storage has handed its sprites over (no data).
  if (list.sprites.empty() || list.batches.empty() || !list.sprites.data()) return;
  // The CPU pass over every batch, while the sprites are readable.
  plans.clear();
  order.clear();
  for (const SpriteBatch& batch : list.batches) {
    BatchPlan plan;
    if (planBatch(list, batch, view, plan)) plans.push_back(plan);
  }
  // Sorted batches and batches that lost sprites: their sprites in draw order, written straight
  // into the mapped reorder buffer.
  if (!order.empty()) {
    glBindBuffer(GL_COPY_WRITE_BUFFER, scratchVbo.get());
    if (scratchCapacity < order.size()) {
      scratchCapacity = std::max(order.size(), scratchCapacity * 2);
      glBufferData(GL_COPY_WRITE_BUFFER, GLsizeiptr(scratchCapacity * sizeof(SpriteInstance)),
                   nullptr, GL_STREAM_DRAW);
    }
    const GLsizeiptr bytes = GLsizeiptr(order.size() * sizeof(SpriteInstance));
    auto* out = static_cast<SpriteInstance*>(glMapBufferRange(
        GL_COPY_WRITE_BUFFER, 0, bytes, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT));
    const SpriteInstance* src = list.sprites.data();
    if (out) {
      for (size_t k = 0; k < order.size(); ++k) out[k] = src[order[k]];
      glUnmapBuffer(GL_COPY_WRITE_BUFFER);
    } else {
      for (size_t k = 0; k < order.size(); ++k)
        glBufferSubData(GL_COPY_WRITE_BUFFER, GLintptr(k * sizeof(SpriteInstance)),
                        sizeof(SpriteInstance), src + order[k]);
    }
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    for (BatchPlan& plan : plans)
      if (plan.reordered) plan.first = plan.orderFirst;
  }
  // The instance data: the mapped buffer the families wrote into, or (sprites in plain memory)
  // one upload into an orphaned buffer.
  GLuint instances = mappedSprites.take(list.sprites);
  if (!instances) {
    glBindBuffer(GL_ARRAY_BUFFER, instanceVbo.get());
    GLsizeiptr bytes = GLsizeiptr(list.sprites.size() * sizeof(SpriteInstance));
    glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, list.sprites.data());
    instances = instanceVbo.get();
  }

  glDisable(GL_CULL_FACE);
  glDepthMask(GL_FALSE);  // effects are transparent: tested against the scene, never written
  glDepthFunc(GL_LEQUAL);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);  // RGB writes only (reference §5.5)
  for (const BatchPlan& plan : plans) drawBatch(list, plan, instances, view);
  glBindVertexArray(0);
  for (GLuint unit = 0; unit < 2; ++unit) glBindSampler(unit, 0);
  glActiveTexture(GL_TEXTURE0);
}

Renderer::Impl::SpriteVariant& Renderer::Impl::spriteVariant(const SpriteBatch& batch,
                                                             bool hasSecondary) {
  const int orientation = int(batch.orientation);
  const int fadeMode =
      batch.orientation == SpriteOrientation::ScreenFacing ? 0 : int(batch.fadeMode);
  const bool secondaryScreen = batch.secondaryAnchor == SecondaryAnchor::WithScreenSpace;
  const uint32_t key = uint32_t(orientation) | uint32_t(fadeMode) << 2 |
                       uint32_t(batch.screenSpaceFlare) << 4 | uint32_t(batch.blend) << 5 |
                       uint32_t(batch.nonlinearTint) << 9 |
                       uint32_t(batch.ignoreTextureAlpha) << 10 | uint32_t(hasSecondary) << 11 |
                       uint32_t(secondaryScreen) << 12;
  auto it = spriteVariants.find(key);
  if (it != spriteVariants.end()) return it->second;
  SpriteVariant& v = spriteVariants[key];
  auto flag = [](bool b) { return b ? "true" : "false"; };
  std::string defines =
      "#define FX_SPECIALIZED 1\n#define FX_ORIENTATION " + std::to_string(orientation) +
      "\n#define FX_FADE_MODE " + std::to_string(fadeMode) + "\n#define FX_SCREEN_FLARE " +
      flag(batch.screenSpaceFlare) + "\n#define FX_BLEND " + std::to_string(int(batch.blend)) +
      "\n#define FX_NONLINEAR_TINT " + flag(batch.nonlinearTint) +
      "\n#define FX_IGNORE_TEXTURE_ALPHA " + flag(batch.ignoreTextureAlpha) +
      "\n#define FX_HAS_SECONDARY " + flag(hasSecondary) + "\n#define FX_SECONDARY_SCREEN " +
      flag(secondaryScreen) + "\n";
  std::string error;
  v.program = loadProgram(options.shaderDir, "sprite", error, defines);
  if (v.program)
    v.su = spriteUniforms(v.program.get());
  else
    warnOnce("specialized sprite shader failed (the general one draws instead): " + error);
  return v;
}

Renderer::Impl::QuadProgram& Renderer::Impl::quadProgram(const std::string& name) {
  auto it = quadPrograms.find(name);
  if (it != quadPrograms.end()) return it->second;
  QuadProgram& q = quadPrograms[name];
  std::string error;
  bool safeName = !name.empty() && name.find_first_of("/\\.") == std::string::npos;
  if (!safeName) {
    error = "shader name '" + name + "' must be a plain file stem";
  } else {
    q.program = loadProgram(options.quadShaderDir, name, error);
  }
  if (!q.program) {
    q.failed = true;
    warnOnce("shader quad '" + name + "' disabled: " + error);
  }
  return q;
}

void Renderer::Impl::drawShaderQuads(const DrawList& list, const View& view) {
  if (list.shaderQuads.empty()) return;
  glBindVertexArray(quadVao.get());
  glBindBuffer(GL_ARRAY_BUFFER, quadVbo.get());
  glDisable(GL_CULL_FACE);
  if (depthWritten)  // see depthWritten: against a cleared buffer the test passes everywhere
    glEnable(GL_DEPTH_TEST);
  else
    glDisable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_FALSE);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
  for (const ShaderQuad& quad : list.shaderQuads) {
    QuadProgram& q = quadProgram(quad.shader);
    if (q.failed) continue;
    GLuint p = q.program.get();
    glUseProgram(p);
    uniformMat4(p, "uViewProjection", view.viewProjection);
    uniformMat4(p, "uView", view.view);
    uniformMat4(p, "uProjection", view.projection);
    glUniform2f(glGetUniformLocation(p, "uViewport"), view.viewportPx.x, view.viewportPx.y);
    glUniform2f(glGetUniformLocation(p, "uViewportOrigin"), view.viewportOriginPx.x,
                view.viewportOriginPx.y);
    glUniform3f(glGetUniformLocation(p, "uEye"), view.eye.x, view.eye.y, view.eye.z);
    glUniform1f(glGetUniformLocation(p, "uOutputMax"), outputMax());
    for (const ShaderUniform& u : quad.uniforms) {
      GLint loc = glGetUniformLocation(p, u.name.c_str());
      if (loc < 0) continue;
      switch (std::clamp(u.components, 1, 4)) {
        case 1:
          glUniform1f(loc, u.value.x);
          break;
        case 2:
          glUniform2f(loc, u.value.x, u.value.y);
          break;
        case 3:
          glUniform3f(loc, u.value.x, u.value.y, u.value.z);
          break;
        default:
          glUniform4f(loc, u.value.x, u.value.y, u.value.z, u.value.w);
          break;
      }
    }
    GLint unit = 0;
    for (const auto& [sampler, id] : quad.textures) {
      if (unit >= 8) break;
      GLint loc = glGetUniformLocation(p, sampler.c_str());
      if (loc < 0) continue;
      bool filtered =
          id < 0 || size_t(id) >= list.textures.size() || list.textures[size_t(id)].filtered;
      glActiveTexture(GLenum(GL_TEXTURE0 + unit));
      glBindTexture(GL_TEXTURE_2D, texture(list, id).id);
      glBindSampler(GLuint(unit), filtered ? dataSampler.get() : samplers[0].get());
      glUniform1i(loc, unit);
      ++unit;
    }
    const vec2 uvs[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const int tri[6] = {0, 1, 2, 0, 2, 3};
    float verts[6 * 5];
    for (int i = 0; i < 6; ++i) {
      const vec3& c = quad.corners[tri[i]];
      float* v = verts + i * 5;
      v[0] = c.x, v[1] = c.y, v[2] = c.z, v[3] = uvs[tri[i]].x, v[4] = uvs[tri[i]].y;
    }
    glBufferData(GL_ARRAY_BUFFER, sizeof verts, nullptr, GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof verts, verts);
    setBlend(quad.blend);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    stats.drawCalls++;
    stats.shaderQuads++;
    for (GLint i = 0; i < unit; ++i) glBindSampler(GLuint(i), 0);
  }
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(0);
}

namespace {
// The view's rectangle of the framebuffer; the scissor keeps wide points and lines inside it.
void setViewport(const View& view) {
  GLint x = GLint(view.viewportOriginPx.x), y = GLint(view.viewportOriginPx.y);
  GLsizei w = GLsizei(view.viewportPx.x), h = GLsizei(view.viewportPx.y);
  glViewport(x, y, w, h);
  glEnable(GL_SCISSOR_TEST);
  glScissor(x, y, w, h);
}
}  // namespace

Renderer::Impl::GpuMesh& Renderer::Impl::gpuMesh(const std::shared_ptr<const MeshData>& mesh) {
  GpuMesh& g = meshCache[mesh.get()];
  if (g.vao && g.source.lock() == mesh) return g;
  g = GpuMesh{};
  g.source = mesh;
  // Interleaved position + normal; a normal missing for a position reads as +Z.
  std::vector<float> verts;
  verts.reserve(mesh->positions.size() * 6);
  for (size_t i = 0; i < mesh->positions.size(); ++i) {
    vec3 p = mesh->positions[i];
    vec3 n = i < mesh->normals.size() ? mesh->normals[i] : vec3(0, 0, 1);
    verts.insert(verts.end(), {p.x, p.y, p.z, n.x, n.y, n.z});
  }
  std::vector<uint32_t> indices;
  indices.reserve(mesh->indices.size());
  for (size_t i = 0; i + 2 < mesh->indices.size(); i += 3) {
    uint32_t a = mesh->indices[i], b = mesh->indices[i + 1], c = mesh->indices[i + 2];
    if (a < mesh->positions.size() && b < mesh->positions.size() && c < mesh->positions.size())
      indices.insert(indices.end(), {a, b, c});
  }
  g.vao = createVertexArray();
  g.vbo = createBuffer();
  g.ibo = createBuffer();
  glBindVertexArray(g.vao.get());
  glBindBuffer(GL_ARRAY_BUFFER, g.vbo.get());
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(verts.size() * sizeof(float)), verts.data(),
               GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float),
                        reinterpret_cast<void*>(3 * sizeof(float)));
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, g.ibo.get());
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(indices.size() * sizeof(uint32_t)),
               indices.data(), GL_STATIC_DRAW);
  glBindVertexArray(0);
  g.count = GLsizei(indices.size());
  return g;
}

void Renderer::Impl::pruneMeshes() {
  for (auto it = meshCache.begin(); it != meshCache.end();)
    it = it->second.source.expired() ? meshCache.erase(it) : std::next(it);
}

void Renderer::Impl::drawMeshes(const DrawList& list, const View& view) {
  pruneMeshes();
  if (list.meshes.empty()) return;
  GLuint p = meshProgram.get();
  glUseProgram(p);
  uniformMat4(p, "uViewProjection", view.viewProjection);
  // Towards the light: from above, over the camera's left shoulder.
  vec3 light = glm::normalize(-view.forward + view.up * 1.2f - view.right * 0.6f);
  glUniform3f(glGetUniformLocation(p, "uLightDir"), light.x, light.y, light.z);
  glUniform3f(glGetUniformLocation(p, "uEye"), view.eye.x, view.eye.y, view.eye.z);
  glDisable(GL_BLEND);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDepthMask(GL_TRUE);
  glDisable(GL_CULL_FACE);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
  for (const MeshInstance& m : list.meshes) {
    if (!m.mesh || m.mesh->indices.empty()) continue;
    GpuMesh& g = gpuMesh(m.mesh);
    if (g.count == 0) continue;
    depthWritten = true;
    uniformMat4(p, "uModel", m.model);
    glUniform4f(glGetUniformLocation(p, "uColor"), m.color.r, m.color.g, m.color.b, m.color.a);
    glBindVertexArray(g.vao.get());
    glDrawElements(GL_TRIANGLES, g.count, GL_UNSIGNED_INT, nullptr);
    stats.drawCalls++;
  }
  glBindVertexArray(0);
}

void Renderer::draw(const DrawList& list, const View& view) {
  setViewport(view);
  impl_->drawMeshes(list, view);
  impl_->drawSprites(list, view);
  impl_->drawShaderQuads(list, view);
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthMask(GL_TRUE);
  glBlendEquation(GL_FUNC_ADD);
}

void Renderer::drawDebug(const DebugDraw& debug, const View& view) {
  Impl& r = *impl_;
  if (debug.lines.empty() && debug.points.empty()) return;
  setViewport(view);
  glUseProgram(r.debugProgram.get());
  uniformMat4(r.debugProgram.get(), "uViewProjection", view.viewProjection);
  glBindVertexArray(r.debugVao.get());
  glBindBuffer(GL_ARRAY_BUFFER, r.debugVbo.get());
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_TRUE);
  glDisable(GL_CULL_FACE);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
  glEnable(GL_PROGRAM_POINT_SIZE);
  r.depthWritten = true;
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  if (!debug.lines.empty()) {
    GLsizeiptr bytes = GLsizeiptr(debug.lines.size() * sizeof(DebugVertex));
    glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, debug.lines.data());
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(DebugVertex),
                          reinterpret_cast<void*>(offsetof(DebugVertex, position)));
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(DebugVertex),
                          reinterpret_cast<void*>(offsetof(DebugVertex, color)));
    glDisableVertexAttribArray(2);
    glVertexAttrib1f(2, 1.0f);
    glDrawArrays(GL_LINES, 0, GLsizei(debug.lines.size() & ~size_t(1)));
    r.stats.drawCalls++;
  }
  if (!debug.points.empty()) {
    GLsizeiptr bytes = GLsizeiptr(debug.points.size() * sizeof(DebugPoint));
    glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, debug.points.data());
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(DebugPoint),
                          reinterpret_cast<void*>(offsetof(DebugPoint, position)));
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(DebugPoint),
                          reinterpret_cast<void*>(offsetof(DebugPoint, color)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, sizeof(DebugPoint),
                          reinterpret_cast<void*>(offsetof(DebugPoint, sizePx)));
    glDrawArrays(GL_POINTS, 0, GLsizei(debug.points.size()));
    r.stats.drawCalls++;
  }
  glDisable(GL_PROGRAM_POINT_SIZE);
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(0);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

void Renderer::endFrame() {
  if (impl_->options.hdr) impl_->hdr.resolve(impl_->bloom);
}

void Renderer::setBloom(const BloomSettings& bloom) {
  impl_->bloom = bloom;
}

const BloomSettings& Renderer::bloom() const {
  return impl_->bloom;
}

void Renderer::drawLabels(const DebugDraw& debug, const View& view, float scale) {
  Impl& r = *impl_;
  if (debug.labels.empty()) return;
  // Text as triangles in pixel space (stb_easy_font quads, y down), a 1 px dark shadow under it.
  // Scratch kept by the renderer, so a frame with labels allocates nothing once warm.
  std::vector<DebugVertex>& tris = r.labelTriangles;
  std::vector<char>& quads = r.labelQuads;
  tris.clear();
  quads.resize(64 * 1024);
  for (const DebugLabel& l : debug.labels) {
    vec4 clip = view.viewProjection * vec4(l.position, 1.0f);
    if (!(clip.w > 1e-6f)) continue;  // behind the camera
    vec3 ndc = vec3(clip) / clip.w;
    if (std::abs(ndc.x) > 1.2f || std::abs(ndc.y) > 1.2f || std::abs(ndc.z) > 1.0f) continue;
    float px = (ndc.x * 0.5f + 0.5f) * view.viewportPx.x + 4.0f;
    float py =
        (0.5f - ndc.y * 0.5f) * view.viewportPx.y - 4.0f * scale + float(l.line) * 9.0f * scale;
    int n = stb_easy_font_print(0, 0, const_cast<char*>(l.text.c_str()), nullptr, quads.data(),
                                int(quads.size()));
    const float* q = reinterpret_cast<const float*>(quads.data());  // x, y, z, rgba8 per vertex
    for (int pass = 0; pass < 2; ++pass) {
      vec4 color = pass == 0 ? vec4(0, 0, 0, 0.85f) : l.color;
      float off = pass == 0 ? 1.0f : 0.0f;
      for (int k = 0; k < n; ++k) {
        const float* v = q + k * 16;
        vec3 c[4];
        for (int i = 0; i < 4; ++i) {
          float x = px + v[i * 4] * scale + off, y = py + v[i * 4 + 1] * scale + off;
          c[i] = {x / view.viewportPx.x * 2.0f - 1.0f, 1.0f - y / view.viewportPx.y * 2.0f, 0.0f};
        }
        for (int i : {0, 1, 2, 0, 2, 3}) tris.push_back({c[i], color});
      }
    }
  }
  if (tris.empty()) return;
  setViewport(view);
  glUseProgram(r.debugProgram.get());
  uniformMat4(r.debugProgram.get(), "uViewProjection", mat4(1.0f));
  glBindVertexArray(r.debugVao.get());
  glBindBuffer(GL_ARRAY_BUFFER, r.debugVbo.get());
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glDisable(GL_CULL_FACE);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
  GLsizeiptr bytes = GLsizeiptr(tris.size() * sizeof(DebugVertex));
  glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, tris.data());
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(DebugVertex),
                        reinterpret_cast<void*>(offsetof(DebugVertex, position)));
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(DebugVertex),
                        reinterpret_cast<void*>(offsetof(DebugVertex, color)));
  glDisableVertexAttribArray(2);
  glVertexAttrib1f(2, 1.0f);
  glDrawArrays(GL_TRIANGLES, 0, GLsizei(tris.size()));
  r.stats.drawCalls++;
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(0);
  glDepthMask(GL_TRUE);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

SpriteStorage& Renderer::spriteStorage() {
  return impl_->mappedSprites;
}

const RenderStats& Renderer::stats() const {
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
