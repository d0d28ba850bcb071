// The renderer's shared state (render-internal; includes glad): Renderer::Impl and the helpers its
// passes share. Each pass lives in its own file and sets all the GL state it relies on:
//   renderer.cpp          init, beginFrame, draw() (meshes, then sprites, then shader quads), the
//                         accessors and the GL helpers below
//   renderer_sprites.cpp  sprite batches: the mapped sprite ring, the CPU pass (coverage, big
//                         sprites, depth sort), specialized programs, one instanced draw a batch
//   renderer_strips.cpp   strip batches: indexed triangles with their own UVs and colours
//   renderer_depth.cpp    the scene depth copy for soft particles, depth offset uniforms
//   renderer_quads.cpp    shader quads: per-name programs, uniforms, data textures
//   renderer_meshes.cpp   opaque scene meshes and their GPU copies
//   renderer_debug.cpp    debug lines and points, and labels as text
//   renderer_post.cpp     the end of an HDR frame: bloom and the resolve
//   renderer_overdraw.cpp the overdraw view: its programs, the ramp resolve, stats and legend
//   renderer_backdrop.cpp the backdrop gradient or image behind a view
//   renderer_timers.cpp   GPU timer queries around the scene's draws (the Cost panel)
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include <glad/gl.h>

#include "engine/render/gl_objects.h"
#include "engine/render/hdr_target.h"
#include "engine/render/renderer.h"
#include "engine/render/texture_cache.h"

namespace fx::render {

// Halo's framebuffer blend functions (reference halo notes §5.5) as GL state. The alpha channel
// (written only in a transparent capture) keeps coverage: alpha blend and alpha multiply add
// cover (a = s + a (1 - s)), every other mode leaves it.
void setBlend(BlendMode mode);
void uniformMat4(GLuint program, const char* name, const mat4& m);
// The view's rectangle of the framebuffer; the scissor keeps wide points and lines inside it.
void setViewport(const View& view);

using GpuSpan = Renderer::GpuSpan;

struct SpriteUniforms {
  GLint view, projection, viewport, texSize, orientation, fadeMode, screenFlare, primary, secondary,
      blend, nonlinearTint, ignoreTextureAlpha, hasSecondary, secondaryScreen, secondaryTransform,
      viewportOrigin, outputMax;
};

SpriteUniforms spriteUniforms(GLuint program);

// The depth offset, soft-edge and colour program uniforms shared by the sprite and strip
// programs (renderer_depth.cpp).
struct ExtraUniforms {
  GLint depthOffset, softInvDistance, sceneDepth, depthParams, colorStepCount, colorStep,
      colorConstant, colorTexture2, colorTexture2Transform, primaryTransform, srgbTextures;
};
ExtraUniforms extraUniforms(GLuint program);

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

  ~MappedSprites() override;
  SpriteInstance* grow(SpriteArray& owner, size_t keep, size_t& capacity) override;
  void release(SpriteArray& owner) override;
  void moved(SpriteArray& owner, SpriteArray& to) override;

  // The buffer holding `sprites` (unmapped now, ready to draw from; the array keeps its size but
  // no data), or 0 when they do not live here.
  GLuint take(const SpriteArray& sprites);

  size_t fallbacks = 0;  // maps the driver refused (RenderStats::spriteMapFallbacks)

 private:
  Slot* find(const SpriteArray& owner);
  Slot& freeSlot();
  void map(Slot& s, size_t capacity);
  void unmap(Slot& s);

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

// GL_TIME_ELAPSED queries, a frame's set read back a few frames later when all its results are
// available, so timing never waits on the GPU (a frame whose slot is still pending is not timed).
// Within a timed frame one query runs at a time; switchTo(owner) ends it and begins the next
// owner's (Renderer::setGpuSpans). Without timer support (no GL 3.3 query entry points, 0
// counter bits, or RendererOptions::gpuTimers off) nothing is queried and results stay unknown.
struct GpuTimers {
  static constexpr int kSlots = 4;
  struct Frame {
    std::vector<std::pair<int32_t, GLuint>> queries;  // owner, query, in draw order
    bool pending = false;
  };
  Frame frames[kSlots];
  std::vector<GLuint> spare;  // query names to reuse
  int next = 0;
  int running = -1;  // the frame slot between begin and end, or -1
  int32_t owner = 0;
  bool open = false;                     // a query of `owner` is running
  int supported = -1;                    // -1 not checked yet
  std::vector<Renderer::GpuSpan> spans;  // for the next draw()
  std::optional<double> lastMs;
  std::vector<std::pair<int32_t, double>> lastOwners;
  void switchTo(int32_t owner);
  // The owner of the `index`th item, `first` picking the span's first of that kind.
  int32_t ownerOf(size_t index, size_t Renderer::GpuSpan::*first) const;
  ~GpuTimers();
};

struct Renderer::Impl {
  GpuTimers timers;
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
  bool transparent = false;  // Renderer::setTransparent
  bool overdraw = false;     // Renderer::setOverdraw (only with the HDR frame)
  // The overdraw view's programs: each family's vertex stage with overdraw.frag (one layer).
  OnDemandProgram overdrawStrip, overdrawQuad;
  // The views drawn since beginFrame, as one framebuffer rectangle (x0, y0, x1, y1), and the
  // first one's (the legend's corner).
  vec4 drawnArea{0.0f}, firstView{0.0f};
  bool drewView = false;

  GlProgram spriteProgram;  // the general (uniform-switched) one
  // Compiled on first use (shader.h): most pictures draw no debug lines, meshes or strips.
  OnDemandProgram debugProgram, meshProgram, stripProgram;
  OnDemandProgram backdropProgram;  // post.vert + backdrop.frag
  GlVertexArray backdropVao;        // empty: the full-screen triangle needs no buffer
  GlVertexArray stripVao;
  GlBuffer stripVbo, stripIbo;
  size_t stripQuadCapacity = 0;  // quads the shared quad element buffer holds
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
  ExtraUniforms du{};  // the general sprite program's
  // Specialized sprite programs, one per combination of batch switches met so far (see
  // sprite.vert). A variant that fails to build falls back to the general program.
  struct SpriteVariant {
    GlProgram program;  // empty: use the general program
    SpriteUniforms su{};
    ExtraUniforms du{};
    bool failed = false;  // the overdraw variant's compile failed
  };
  std::unordered_map<uint32_t, SpriteVariant> spriteVariants;
  SpriteVariant& spriteVariant(const SpriteBatch& batch, bool hasSecondary, bool srgb);
  SpriteVariant& overdrawVariant();
  GlVertexArray spriteVao, quadVao, debugVao;
  GlBuffer instanceVbo, scratchVbo, quadVbo, debugVbo;
  // [filtered][wrap U][wrap V] (TextureWrap); samplerFor picks one.
  GlSampler samplers[2 * kTextureWraps * kTextureWraps];
  GLuint samplerFor(bool filtered, TextureWrap u, TextureWrap v) const {
    return samplers[(filtered ? kTextureWraps * kTextureWraps : 0) + int(u) * kTextureWraps +
                    int(v)]
        .get();
  }
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
  float outputMax() const { return options.hdr && bloom.enabled && !overdraw ? 64.0f : 1.0f; }
  // The colour writes of the transparent passes: RGB, and alpha in a transparent capture.
  void particleMask() const {
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, transparent && !overdraw ? GL_TRUE : GL_FALSE);
  }
  // A batch's blend, or one more layer in the overdraw view.
  void blend(BlendMode mode) const;
  // The overdraw program standing in for `program` (0 when it failed: nothing is drawn).
  GLuint overdrawProgram(OnDemandProgram& program);
  void warnOnce(const std::string& message) {
    if (warnedOnce.insert(message).second) warnings.push_back(message);
  }
  const GpuTexture& texture(const DrawList& list, TextureId id) {
    if (id < 0 || size_t(id) >= list.textures.size()) return textures.white();
    return textures.get(list.textures[size_t(id)].path, warnings);
  }

  // init, in order (renderer.cpp).
  bool loadPrograms(std::string& error);
  void createVertexArrays();
  void createSamplers();

  // Sprites (renderer_sprites.cpp).
  void bindInstanceAttributes(GLuint buffer, size_t firstSprite);
  bool planBatch(const DrawList& list, const SpriteBatch& batch, const View& view, BatchPlan& plan);
  void writeReorderBuffer(const DrawList& list);
  GLuint instanceBuffer(const DrawList& list);
  void drawBatch(const DrawList& list, const BatchPlan& plan, GLuint instances, const View& view);
  void drawSprites(const DrawList& list, const View& view);
  // Turns the HDR frame to linear light or back to gamma before a batch drawn in the other
  // (SpriteBatch::linearLight), then restores the view and the transparent passes' state. Returns
  // whether the frame is now in linear light (never without the HDR frame: one warning).
  bool useLinearLight(bool linear, const View& view);

  // Scene depth for soft particles, depth offsets, colour programs (renderer_depth.cpp).
  GlFramebuffer sceneDepthFbo;
  GlTexture sceneDepth;
  int sceneDepthW = 0, sceneDepthH = 0;
  bool sceneDepthReady = false;  // this draw's scene depth is in sceneDepth
  void resizeSceneDepth(int w, int h);
  void copySceneDepth(const DrawList& list, const View& view);
  void setDepthUniforms(const ExtraUniforms& u, float depthOffset, float softDistance,
                        const View& view);
  // Binds the program's second map on unit 3 (white without one).
  void setColorProgram(const ExtraUniforms& u, const ColorProgram& program, const DrawList& list);

  // Strip batches (renderer_strips.cpp).
  void createStripArrays();
  void uploadStrips(const DrawList& list, size_t quads);
  bool prepareStrips(const DrawList& list, const View& view);
  void drawStripBatch(const DrawList& list, const StripBatch& b, const View& view);
  ExtraUniforms stripUniforms{};

  // Shader quads (renderer_quads.cpp).
  void drawShaderQuads(const DrawList& list, const View& view);
  QuadProgram& quadProgram(const std::string& name);
  void setQuadUniforms(GLuint program, const ShaderQuad& quad, const View& view);
  GLint bindQuadTextures(GLuint program, const DrawList& list, const ShaderQuad& quad);

  // Debug lines, points and labels (renderer_debug.cpp).
  void layoutLabels(const DebugDraw& debug, const View& view, float scale);
  // Uploads `n` debug vertices into the bound debug buffer and points the debug program's
  // attributes at them (size attribute 1: lines and triangles).
  void streamDebugVertices(const DebugVertex* v, size_t n);
  // The overdraw view's end of frame (renderer_overdraw.cpp).
  void resolveOverdraw();
  void overdrawStats();
  void drawOverdrawLegend();
  void noteView(const View& view);
};

}  // namespace fx::render
