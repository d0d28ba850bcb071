// OpenGL 3.3 core renderer: the only module that calls GL (through glad). It draws a DrawList
// (instanced sprite batches with Halo's eight blend functions and fade-to-neutral rule, three
// orientations, fade modes, sprite UV rects, secondary maps; custom shader quads) and a DebugDraw
// (lines, points) into the current framebuffer. It knows nothing of effect families.
// Each draw goes to the View's rectangle of the framebuffer (viewportOriginPx, viewportPx;
// scissored), so several views can share one framebuffer side by side (split view); beginFrame
// clears it all.
//
// Sprites: DrawList::sprites is the instance data: written by the families straight into a
// mapped buffer when the list uses spriteStorage(), otherwise uploaded once per frame (orphaned
// buffer); each SpriteBatch is one glDrawArraysInstanced. A batch that sorts back to front, or
// that loses sprites to Halo's "big sprites" limit (more than 10 sprites each covering over half
// the screen are dropped), is written in draw order into a second mapped buffer instead. Effects
// are transparent: depth-tested against the scene, never written to depth; RGB writes only. The
// secondary map multiplies the primary colour and alpha at
//   uv2 = rotate(base * scale, rotation) + (u offset, v offset)
// where base is the primary page UV (WithPrimary) or the screen position 0..1, top-left origin
// (WithScreenSpace); secondaryTransform = (u offset, v offset, rotation radians, scale). The
// secondary sampler repeats; the primary clamps.
//
// HDR: with RendererOptions::hdr (the default) beginFrame binds a floating-point frame of its
// size and every draw lands there, so colours above 1 survive blending; endFrame() then writes
// it into the framebuffer that was bound at beginFrame (the window, an OffscreenTarget): the
// optional bloom (BloomSettings) first, then a clamp to [0, 1]. Every frame ends with endFrame.
// Without bloom each draw's colour is clamped to [0, 1] as an 8-bit target would clamp it (the
// pictures are what they always were; only sums of draws pass 1); with bloom a draw keeps
// colours up to 64, so a Stride HDR curve or the lightning glow feeds the glow.
//
// Strips: DrawList::strips, among the sprite batches in list order: quads (two triangles each)
// with their own world positions, UVs (repeating) and premultiplied colours, texture x colour,
// blended and depth tested as sprites are.
//
// Sprite and strip batches may move their depth toward the camera (depthOffset), fade where the
// depth the meshes wrote is close behind them (softDistance; the depth is copied into a texture
// after the mesh pass when a batch asks), and compute their colour with a colour program
// (ColorProgram, engine/core/color_ops.h) instead of texture x colour.
//
// Shader quads: `shaders/<name>.vert` + `.frag` (GLSL 330 core), built in, or from
// RendererOptions::quadShaderDir. Vertex inputs: layout(location = 0) vec3 aPosition (world),
// layout(location = 1) vec2 aUv (corners 0..3 of the quad get UV (0,0) (1,0) (1,1) (0,1)). Uniforms
// set when declared: mat4 uViewProjection, uView, uProjection; vec2 uViewport (px), uViewportOrigin
// (px, the viewport's corner in the framebuffer); vec3 uEye; float uOutputMax (the largest colour a
// draw may write, see HDR); then the quad's own uniforms
// (float..vec4 by `components`) and samplers (texture units 0..7 in list order). A shader that
// fails to load, compile or link disables only its quads, with one warning that carries the file,
// the stage and the driver log. Blend and RGB-only writes as for sprites.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/color.h"
#include "engine/core/debug_draw.h"
#include "engine/core/draw_list.h"
#include "engine/core/view.h"

namespace fx::render {

// Loads GL entry points through a platform getter (glfwGetProcAddress, eglGetProcAddress).
// Returns false when no GL 3.3 core context is current.
using GetProcAddress = void* (*)(const char*);
bool loadGL(GetProcAddress getProc);
std::string glRendererString();  // "GL_RENDERER | GL_VERSION"

struct RenderStats {
  int drawCalls = 0;
  size_t sprites = 0;
  size_t shaderQuads = 0;
  size_t stripTriangles = 0;  // triangles of strip batches (ribbons, trails)
  size_t bigSpritesDropped = 0;
  double coverage = 0.0;  // summed sprite screen area / viewport area (overdraw estimate)
  // Since init: times the driver refused to map a sprite buffer of spriteStorage(), so the
  // sprites went through a heap copy instead (0 on a working driver).
  size_t spriteMapFallbacks = 0;
  // The overdraw view (Renderer::setOverdraw), set by endFrame over the views drawn this frame:
  // the most particle layers on one pixel, and the mean over every pixel of those views.
  int overdrawMax = 0;
  double overdrawMean = 0.0;
};

#ifdef NDEBUG
inline constexpr bool kDebugOutputByDefault = false;
#else
inline constexpr bool kDebugOutputByDefault = true;
#endif

struct RendererOptions {
  // Folder to read sprite.* and debug.* from; empty: the copies compiled into the executable
  // (engine/render/builtin_shaders.h). Set it to shaders/ to try edits without rebuilding.
  std::filesystem::path shaderDir;
  // Folder of ShaderQuad shaders (<name>.vert/.frag); empty: shaderDir (so built-in by default).
  std::filesystem::path quadShaderDir;
  // Install a KHR_debug callback: driver errors and warnings (not notifications) land in
  // takeWarnings(). On by default in Debug builds (no NDEBUG), for the GUI and the CLI alike.
  bool debugOutput = kDebugOutputByDefault;
  bool hdr = true;  // draw into a floating-point frame, resolved by endFrame (see above)
  // GL timer queries for beginGpuTimer / endGpuTimer; off behaves as a driver without them.
  bool gpuTimers = true;
};

// The end of an HDR frame: the frame x `exposure` (always, bloom on or off); then, with bloom, the
// part of each channel above `threshold` (eased in over `softKnee` x threshold below it: the
// quadratic knee (x - t + k)^2 / 4k between t - k and t + k) blurred at half resolution
// (separable 9-tap Gaussian, `passes` times) and added back x `strength`; then the clamp to
// [0, 1]. The defaults are the picture fxview always made.
struct BloomSettings {
  bool enabled = false;     // off by default: the seeds' pictures without glow
  float threshold = 0.75f;  // linear colour above which a pixel glows
  float strength = 1.5f;    // how much of the blurred glow is added back (intensity)
  float softKnee = 0.0f;    // 0 = hard threshold; 1 = the glow starts at 0 (0..1)
  float exposure = 1.0f;    // the HDR frame's multiplier before bloom and the clamp
  int passes = 2;           // horizontal + vertical blur pairs (each widens the glow)
};

// The overdraw view's colour ramp (README "Overdraw view"): the colour of `layers` particle
// layers on a pixel, and the legend's rows (the first count of each colour).
struct OverdrawBand {
  int first;  // layers from this count up to the next band's first - 1
  uint8_t r, g, b;
};
inline constexpr OverdrawBand kOverdrawRamp[] = {
    {0, 0, 0, 0},      {1, 0, 0, 170},  {2, 0, 85, 255},   {3, 0, 170, 255},   {4, 0, 255, 255},
    {5, 0, 255, 127},  {6, 0, 200, 0},  {7, 127, 255, 0},  {8, 255, 255, 0},   {9, 255, 191, 0},
    {10, 255, 127, 0}, {11, 255, 0, 0}, {16, 255, 0, 170}, {32, 170, 85, 255}, {64, 255, 255, 255}};
// The band `layers` falls in (index into kOverdrawRamp).
int overdrawBand(int layers);
// The legend's rectangle in the picture, top-left origin: x, y, width, height (pixels).
inline constexpr int kOverdrawLegend[4] = {0, 0, 60, 188};
// What fills a view behind everything: the clear colour alone, a vertical gradient (`top` at the
// top row, `bottom` at the bottom row) or a PNG stretched over the view (composited over `color`
// by its alpha; a missing file warns once and leaves the colour).
struct Backdrop {
  enum class Kind : uint8_t { Color, Gradient, Image };
  Kind kind = Kind::Color;
  ColorRgba color{0.05f, 0.05f, 0.08f, 1.0f};
  ColorRgba top{0.05f, 0.05f, 0.08f, 1.0f};
  ColorRgba bottom{0.05f, 0.05f, 0.08f, 1.0f};
  std::string image;  // a path the texture cache reads
};

class Renderer {
 public:
  Renderer();
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // Needs a current context with GL loaded. On failure returns false and sets `error`.
  bool init(const RendererOptions& options, std::string& error);

  // Clears the frame (the HDR frame, or the bound framebuffer without hdr) to `background`.
  void beginFrame(int width, int height, ColorRgba background);
  // Resolves the HDR frame into the framebuffer bound at beginFrame (no-op without hdr).
  void endFrame();
  // Fills `view`'s rectangle with the gradient or image after beginFrame, before draw() (nothing
  // for Kind::Color: beginFrame's clear colour is it).
  void drawBackdrop(const Backdrop& backdrop, const View& view);
  void setBloom(const BloomSettings& bloom);
  const BloomSettings& bloom() const;
  // The overdraw view: every particle draw (sprite and strip batches, shader quads) adds one
  // layer to each pixel it rasterises (texture alpha, fades and a shader's discards do not
  // matter), depth tested against the opaque meshes as it is normally, which write depth only;
  // debug draws and labels are left out. endFrame maps the counts through kOverdrawRamp, draws
  // the legend at the top-left corner of the first view drawn, and sets RenderStats'
  // overdrawMax / overdrawMean. Needs the HDR frame (RendererOptions::hdr); bloom and exposure
  // do not apply.
  void setOverdraw(bool on);
  bool overdraw() const;
  // Transparent capture: the frame starts transparent black instead of the background and keeps
  // coverage in alpha, so endFrame writes premultiplied colour and alpha: composited as
  // C + B (1 - a) over any background B it gives the picture drawn over B (alpha blend and
  // alpha-multiply-add cover, additive light leaves a at 0; README "Transparent capture" says
  // how each blend mode is captured). Opaque meshes and debug draws cover (a = 1 / their alpha).
  void setTransparent(bool on);
  bool transparent() const;
  void draw(const DrawList& list, const View& view);
  void drawDebug(const DebugDraw& debug, const View& view);
  // DebugDraw::labels as text (stb_easy_font, `scale` x its 10 px glyphs) beside their points,
  // over everything, for headless pictures (the viewer draws labels with ImGui instead).
  void drawLabels(const DebugDraw& debug, const View& view, float scale = 1.5f);

  // Memory for DrawList sprites that is the renderer's instance buffer (mapped while a list fills
  // it): `list.sprites.setStorage(&renderer.spriteStorage())` and the families write each sprite
  // straight where it is drawn from, with no upload copy. draw() then takes the memory back: the
  // list keeps its sprite count but not the data until clear(). Needs this renderer's context
  // current whenever the list grows, clears or draws; detach or destroy such lists first.
  SpriteStorage& spriteStorage();
  const RenderStats& stats() const;
  // GPU time of the draws between beginGpuTimer() and endGpuTimer() (one pair a frame, not
  // nested), read back some frames later without waiting: the latest known result in ms, or
  // nullopt while none is known or where the driver has no timer queries (gpuTimersSupported).
  void beginGpuTimer();
  void endGpuTimer();
  std::optional<double> gpuMs() const;
  bool gpuTimersSupported() const;
  // Splits the timing of the next draw() by owner (an opaque number the caller gives each part
  // of its list, e.g. an effect's index): each span owns the batches, strips and shader quads
  // from its firsts up to the next span's. Draws before the first span (meshes) and debug draws
  // are owner -1. gpuOwnerMs() is the latest known result per owner, sorted by owner.
  struct GpuSpan {
    int32_t owner = -1;
    size_t firstBatch = 0, firstStrip = 0, firstQuad = 0;
  };
  void setGpuSpans(std::vector<GpuSpan> spans);
  std::vector<std::pair<int32_t, double>> gpuOwnerMs() const;
  // Missing or unreadable textures (drawn as a magenta checker), shader failures, once each.
  std::vector<std::string> takeWarnings();
  // Texture pixel size for actual-resolution sprites and UV maths (0,0 when unknown).
  void textureSize(const std::string& path, int& width, int& height);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A headless EGL context (surfaceless Mesa platform, falling back to the device platform's
// software device); no display server needed.
class HeadlessContext {
 public:
  // Made current on the calling thread.
  static std::unique_ptr<HeadlessContext> create(std::string& error);
  ~HeadlessContext();
  // Hands the context between threads: release() on the thread that has it current, then
  // makeCurrent() on the one that takes it over. False when EGL refuses.
  bool release();
  bool makeCurrent();

 private:
  HeadlessContext() = default;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// An RGBA8 + depth framebuffer object to render into and read back.
class OffscreenTarget {
 public:
  OffscreenTarget(int width, int height);
  ~OffscreenTarget();
  void bind();
  // RGBA rows top to bottom.
  std::vector<uint8_t> readPixels() const;
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_, height_;
  unsigned fbo_ = 0, color_ = 0, depth_ = 0;
};

// Reads the currently bound framebuffer (top-to-bottom rows).
std::vector<uint8_t> readFramebuffer(int width, int height);

// Image I/O (stb): PNG read as RGBA8, write from top-to-bottom RGBA rows.
bool writePng(const std::filesystem::path& path, int width, int height,
              const std::vector<uint8_t>& rgba, std::string& error);
bool readPng(const std::filesystem::path& path, int& width, int& height, std::vector<uint8_t>& rgba,
             std::string& error);

}  // namespace fx::render
