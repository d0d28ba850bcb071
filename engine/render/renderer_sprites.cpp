// Sprite batches: the mapped sprite ring the families write into, the CPU pass over each batch
// (coverage, Halo's big-sprite limit, back-to-front order), the reorder buffer, the specialized
// programs and one instanced draw per batch.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/render/renderer_internal.h"
#include "engine/render/shader.h"

namespace fx::render {

SpriteUniforms spriteUniforms(GLuint p) {
  auto loc = [p](const char* n) { return glGetUniformLocation(p, n); };
  return {loc("uView"),           loc("uProjection"),      loc("uViewport"),
          loc("uTexSize"),        loc("uOrientation"),     loc("uFadeMode"),
          loc("uScreenFlare"),    loc("uPrimary"),         loc("uSecondary"),
          loc("uBlend"),          loc("uNonlinearTint"),   loc("uIgnoreTextureAlpha"),
          loc("uHasSecondary"),   loc("uSecondaryScreen"), loc("uSecondaryTransform"),
          loc("uViewportOrigin"), loc("uOutputMax")};
}

MappedSprites::~MappedSprites() {
  for (auto& s : slots_)
    if (s->owner) s->owner->reclaimed();
}

SpriteInstance* MappedSprites::grow(SpriteArray& owner, size_t keep, size_t& capacity) {
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

void MappedSprites::release(SpriteArray& owner) {
  if (Slot* s = find(owner)) unmap(*s);
}

void MappedSprites::moved(SpriteArray& owner, SpriteArray& to) {
  if (Slot* s = find(owner)) s->owner = &to;
}

GLuint MappedSprites::take(const SpriteArray& sprites) {
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

MappedSprites::Slot* MappedSprites::find(const SpriteArray& owner) {
  for (auto& s : slots_)
    if (s->owner == &owner && s->mapped) return s.get();
  return nullptr;
}

MappedSprites::Slot& MappedSprites::freeSlot() {
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

void MappedSprites::map(Slot& s, size_t capacity) {
  if (!s.buffer) s.buffer = createBuffer();
  glBindBuffer(GL_COPY_WRITE_BUFFER, s.buffer.get());
  if (s.capacity < capacity) {
    // Geometric growth: a population that rises a little every frame must not reallocate (and
    // fault in fresh pages for) every buffer of the ring every frame.
    s.capacity = std::max(capacity, s.capacity + s.capacity / 2);
    // The store holds the grown capacity, which is what gets mapped below (allocating only what
    // was asked made every map after a growth fail, and every frame fall back to a heap copy).
    glBufferData(GL_COPY_WRITE_BUFFER, GLsizeiptr(s.capacity * sizeof(SpriteInstance)), nullptr,
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
    ++fallbacks;
    s.heap.resize(s.capacity);
    s.mapped = s.heap.data();
  }
}

void MappedSprites::unmap(Slot& s) {
  if (s.heap.empty()) {
    glBindBuffer(GL_COPY_WRITE_BUFFER, s.buffer.get());
    glUnmapBuffer(GL_COPY_WRITE_BUFFER);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  }
  s.mapped = nullptr;
  s.owner = nullptr;
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
  // Sampling is the draw's state: a sampler object per unit, chosen by this batch's flags alone,
  // so another batch sharing the bitmap keeps its own filtering in the same frame.
  const bool filtered = batch.filtered;
  const bool secondaryFiltered = batch.secondaryFiltered;

  const bool linear = useLinearLight(batch.linearLight, view);
  const SpriteVariant& variant =
      overdraw ? overdrawVariant() : spriteVariant(batch, hasSecondary, linear);
  if (overdraw && !variant.program) return;
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
  glBindSampler(0, samplerFor(filtered, batch.wrapU, batch.wrapV));
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, secondary.id);
  glBindSampler(1, samplerFor(secondaryFiltered, TextureWrap::Repeat, TextureWrap::Repeat));
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
  const ExtraUniforms& eu = variant.program ? variant.du : du;
  setDepthUniforms(eu, batch.depthOffset, batch.softDistance, view);
  setColorProgram(eu, batch.colorProgram, list);
  glUniform4fv(eu.primaryTransform, 1, &batch.primaryTransform.x);
  glUniform1i(eu.srgbTextures, linear ? 1 : 0);
  blend(batch.blend);
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
  // Strip batches draw between the sprite batches begun before and after them.
  const bool strips = prepareStrips(list, view);
  size_t nextStrip = 0;
  auto stripsBefore = [&](size_t spriteBatch) {
    for (; strips && nextStrip < list.strips.size() &&
           list.strips[nextStrip].spriteBatchesBefore <= spriteBatch;
         ++nextStrip) {
      timers.switchTo(timers.ownerOf(nextStrip, &GpuSpan::firstStrip));
      drawStripBatch(list, list.strips[nextStrip], view);
    }
  };
  // A list drawn before from this renderer's storage has handed its sprites over (no data).
  if (!list.sprites.empty() && !list.batches.empty() && list.sprites.data()) {
    // The CPU pass over every batch, while the sprites are readable.
    plans.clear();
    order.clear();
    for (const SpriteBatch& batch : list.batches) {
      BatchPlan plan;
      if (planBatch(list, batch, view, plan)) plans.push_back(plan);
    }
    if (!order.empty()) writeReorderBuffer(list);
    GLuint instances = instanceBuffer(list);
    glDisable(GL_CULL_FACE);
    glDepthMask(GL_FALSE);  // effects are transparent: tested against the scene, never written
    glDepthFunc(GL_LEQUAL);
    particleMask();  // RGB writes only (reference §5.5); alpha too in a transparent capture
    for (const BatchPlan& plan : plans) {
      const size_t index = size_t(plan.batch - list.batches.data());
      stripsBefore(index);
      timers.switchTo(timers.ownerOf(index, &GpuSpan::firstBatch));
      drawBatch(list, plan, instances, view);
    }
  }
  stripsBefore(SIZE_MAX);
  glBindVertexArray(0);
  for (GLuint unit = 0; unit < 2; ++unit) glBindSampler(unit, 0);
  glBindSampler(3, 0);  // a colour program's second map
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GL_TEXTURE0);
}

// Sorted batches and batches that lost sprites: their sprites in draw order, written straight
// into the mapped reorder buffer; their plans then point into it.
void Renderer::Impl::writeReorderBuffer(const DrawList& list) {
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

// The instance data: the mapped buffer the families wrote into, or (sprites in plain memory) one
// upload into an orphaned buffer.
GLuint Renderer::Impl::instanceBuffer(const DrawList& list) {
  GLuint instances = mappedSprites.take(list.sprites);
  if (!instances) {
    glBindBuffer(GL_ARRAY_BUFFER, instanceVbo.get());
    GLsizeiptr bytes = GLsizeiptr(list.sprites.size() * sizeof(SpriteInstance));
    glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, list.sprites.data());
    instances = instanceVbo.get();
  }
  return instances;
}

// The overdraw view's sprite program: the general sprite.vert with overdraw.frag, its uniforms
// found as a variant's are (program 0 after a failure).
Renderer::Impl::SpriteVariant& Renderer::Impl::overdrawVariant() {
  SpriteVariant& v = spriteVariants[0xFFFFFFFFu];
  if (!v.program && !v.failed) {
    std::string error;
    v.program = loadProgramStages(options.shaderDir, "sprite", "overdraw", error);
    if (v.program) {
      v.su = spriteUniforms(v.program.get());
      v.du = extraUniforms(v.program.get());
    } else {
      v.failed = true;
      warnOnce("overdraw sprite shader failed (sprites left out of the overdraw view): " + error);
    }
  }
  return v;
}

Renderer::Impl::SpriteVariant& Renderer::Impl::spriteVariant(const SpriteBatch& batch,
                                                             bool hasSecondary, bool srgb) {
  const int orientation = int(batch.orientation);
  const int fadeMode =
      batch.orientation == SpriteOrientation::ScreenFacing ? 0 : int(batch.fadeMode);
  const bool secondaryScreen = batch.secondaryAnchor == SecondaryAnchor::WithScreenSpace;
  const bool soft = batch.softDistance > 0.0f && sceneDepthReady;
  const bool program = batch.colorProgram.count > 0;
  const uint32_t key = uint32_t(program) << 14 | uint32_t(soft) << 13 | uint32_t(orientation) |
                       uint32_t(fadeMode) << 2 | uint32_t(batch.screenSpaceFlare) << 4 |
                       uint32_t(batch.blend) << 5 | uint32_t(batch.nonlinearTint) << 9 |
                       uint32_t(batch.ignoreTextureAlpha) << 10 | uint32_t(hasSecondary) << 11 |
                       uint32_t(secondaryScreen) << 12 | uint32_t(srgb) << 15;
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
      flag(secondaryScreen) + "\n#define FX_SOFT " + flag(soft) + "\n#define FX_COLOR_PROGRAM " +
      flag(program) + "\n#define FX_SRGB_TEXTURES " + flag(srgb) + "\n";
  std::string error;
  v.program = loadProgram(options.shaderDir, "sprite", error, defines);
  if (v.program) {
    v.su = spriteUniforms(v.program.get());
    v.du = extraUniforms(v.program.get());
  } else
    warnOnce("specialized sprite shader failed (the general one draws instead): " + error);
  return v;
}

}  // namespace fx::render
