// The seam between simulation and GPU. Effects fill a DrawList (and a DebugDraw) with plain data;
// engine/render consumes both and is the only code that calls GL. Nothing here knows effect
// families: a batch is keyed by texture, blend, orientation and fade state only.
//
// Sprite instances are stored contiguously so the renderer uploads them as instance data
// without repacking (one instanced draw per batch).
#pragma once

#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "engine/core/color_ops.h"
#include "engine/core/math.h"

namespace fx {

// Halo's eight framebuffer blend functions (reference halo notes §5.5), in tag order.
enum class BlendMode : uint8_t {
  AlphaBlend,        // s*a + d*(1-a)            fade: alpha *= f
  Multiply,          // s*d                      fade toward white
  DoubleMultiply,    // 2*s*d                    fade toward 50% grey
  Add,               // s + d                    fade toward black
  Subtract,          // d - s                    fade toward black
  ComponentMin,      // min(s, d)                fade toward white
  ComponentMax,      // max(s, d)                fade toward black
  AlphaMultiplyAdd,  // s + d*(1-a), premultiplied  rgb *= f, alpha *= f
};
inline constexpr int kBlendModeCount = 8;
const char* blendModeName(BlendMode m);

// Quad orientation (reference halo notes §5.2).
enum class SpriteOrientation : uint8_t {
  ScreenFacing,              // view-space x/y axes
  ParallelToDirection,       // x = direction, y turns to face the camera (rain streaks)
  PerpendicularToDirection,  // the quad lies in the plane whose normal is the direction
};
const char* orientationName(SpriteOrientation o);

// Framebuffer fade modes (reference halo notes §5.6); only for non-screen-facing sprites.
enum class FadeMode : uint8_t { None, FadeWhenPerpendicular, FadeWhenParallel };

// How a batch's secondary map is placed (Halo weather "secondary map anchor").
enum class SecondaryAnchor : uint8_t { WithPrimary, WithScreenSpace };

// What a map shows where UVs leave 0..1, per axis (Stride's TextureAddressMode): the edge
// texel, repeats, mirrored repeats, one mirrored copy then the edge, or the border colour
// (transparent black).
enum class TextureWrap : uint8_t { Clamp, Repeat, Mirror, MirrorOnce, Border };
inline constexpr int kTextureWraps = 5;

using TextureId = int32_t;  // index into DrawList::textures; -1 = none
inline constexpr TextureId kNoTexture = -1;

// A batch's colour program: the fragment's colour computed from the texture sample by binary
// colour operators (engine/core/color_ops.h) instead of texture x vertex colour. Starting from
// the sample c (rgba; white without a texture), each step sets c = op(c, operand), or
// op(operand, c) when the operand is the back (left) one; the operand is the step's constant or
// the vertex colour (a sprite's SpriteInstance::color, a strip vertex's colour), straight rgba.
// With steps, the vertex colour enters only through them, and for sprites the fade is vFade
// alone (the tint alpha is no longer folded in). No steps: the usual texture x colour.
// A step may also read a second map (ColorOperand::Texture2): the program's own texture, sampled
// at the fragment's UV (the primary map's, after any flipbook or scroll) times texture2Transform's
// xy plus its zw, repeating past 0..1; white when the program names none.
// Trees that are not one chain run as a small stack machine: a Push step sets c aside (up to
// kMaxColorStack deep) and starts again from its operand, a Load step starts again without
// setting aside, and an operand Saved takes back the colour set aside last. Sample is the
// texture sample the program started from.
enum class ColorOperand : uint8_t { Constant, VertexColor, Texture2, Sample, Saved };
enum class ColorAction : uint8_t { Apply, Load, Push };
struct ColorStep {
  ColorOp op = ColorOp::Multiply;
  ColorOperand operand = ColorOperand::Constant;
  bool operandIsBack = false;
  vec4 constant{1.0f};
  ColorAction action = ColorAction::Apply;  // Load / Push: c = operand (op unused)
};
inline constexpr int kMaxColorSteps = 12;
inline constexpr int kMaxColorStack = 4;
struct ColorProgram {
  int count = 0;
  ColorStep steps[kMaxColorSteps];
  TextureId texture2 = kNoTexture;     // what ColorOperand::Texture2 samples; -1 = none (white)
  vec4 texture2Transform{1, 1, 0, 0};  // its UV = the fragment's UV x (x, y) + (z, w)
  // Appends a step; false (and nothing added) when full.
  bool push(const ColorStep& s) {
    if (count >= kMaxColorSteps) return false;
    steps[count++] = s;
    return true;
  }
};

// One camera-facing (or oriented) sprite. 80 bytes.
struct SpriteInstance {
  vec3 position{0.0f};  // world units
  float size =
      1.0f;  // world-unit width of the quad; <= 0 draws at actual resolution (one texel per pixel)
  vec4 color{1.0f};         // tint rgb, alpha (tint alpha for alpha-blend batches)
  vec3 direction{0, 0, 1};  // for parallel / perpendicular orientations (world space, any length)
  float rotation = 0.0f;    // radians, spins the corners in the quad plane
  vec4 uv{0, 1, 0, 1};      // left, right, top, bottom in normalized page UVs
  vec2 registration{0.5f, 0.5f};  // the sprite origin, offset from its left/top in normalized UVs
  float fade = 1.0f;              // 0..1; applied per the batch blend mode's fade-to-neutral rule
  float aspect = 1.0f;  // quad height / width in world units for the same UV span (page aspect)
};
static_assert(sizeof(SpriteInstance) == 80);

struct SpriteBatch {
  TextureId texture = kNoTexture;
  BlendMode blend = BlendMode::Add;
  SpriteOrientation orientation = SpriteOrientation::ScreenFacing;
  FadeMode fadeMode = FadeMode::None;
  bool filtered = true;             // false: nearest-neighbour sampling ("unfiltered" flags)
  bool ignoreTextureAlpha = false;  // glow: "alpha channel is ignored"
  bool nonlinearTint = false;       // rgb = tint*tex + (1-tint)*tex^4
  bool depthTest = true;
  bool sortBackToFront = false;   // the renderer sorts this batch's instances by view depth
  bool screenSpaceFlare = false;  // size is in pixels; drawn at clip depth 0.99 (lens flares)
  TextureId secondaryTexture = kNoTexture;
  bool secondaryFiltered = true;  // the secondary map's own filtering (weather "flags 1")
  SecondaryAnchor secondaryAnchor = SecondaryAnchor::WithPrimary;
  vec4 secondaryTransform{0, 0, 0, 1};  // u offset, v offset, rotation (radians), scale
  // The primary map past UVs 0..1, along U and along V.
  TextureWrap wrapU = TextureWrap::Clamp, wrapV = TextureWrap::Clamp;
  // The primary map is sampled at UV x (x, y) + (z, w) (the instance's UV, after its frame);
  // a colour program's second map reads the UV before this.
  vec4 primaryTransform{1, 1, 0, 0};
  // Depth moved toward the camera by this many world units in view space; the picture stays
  // where it is (the depth test sees the particle nearer). 0 = none.
  float depthOffset = 0.0f;
  // Soft particles: > 0 fades every fragment (as the blend mode's fade does) by
  // smoothstep(0, 1, (scene depth - fragment depth) / softDistance), the scene depth being what
  // the meshes wrote (view-space distances, world units). 0 = hard edges.
  float softDistance = 0.0f;
  ColorProgram colorProgram;  // see ColorProgram; none = texture x tint
  // Linear light (Stride's Linear colour space): the batch's maps are sRGB-decoded where they are
  // sampled and it blends into the frame in linear light, the frame being encoded back to sRGB
  // afterwards (as an sRGB back buffer encodes on write); instance colours and colour-program
  // constants are taken as linear. false: the frame's gamma-encoded values blend as they are
  // (Halo, Destiny, lightning). Needs the HDR frame; without it the batch blends in gamma.
  bool linearLight = false;
  uint32_t first = 0;  // into DrawList::sprites
  uint32_t count = 0;
};

// A custom-shader quad (the lightning family): four world corners in order (0,0) (1,0) (1,1)
// (0,1) of UV space, a shader name from shaders/, and a few uniforms.
struct ShaderUniform {
  std::string name;
  vec4 value{0.0f};
  int components = 1;  // 1..4
};

struct ShaderQuad {
  std::string shader;  // e.g. "lightning": shaders/lightning.vert + .frag
  vec3 corners[4];
  BlendMode blend = BlendMode::Add;
  std::vector<ShaderUniform> uniforms;
  std::vector<std::pair<std::string, TextureId>> textures;  // sampler name -> texture
};

// An opaque triangle mesh in its own frame (a scene object's model). Shared, immutable data: a
// draw list holds pointers, so collecting a frame copies no vertices; the renderer uploads each
// mesh once and keeps it while the data lives.
struct MeshData {
  std::vector<vec3> positions;
  std::vector<vec3> normals;      // unit, one per position
  std::vector<uint32_t> indices;  // triangle list into positions
};

// One mesh placed in the world: drawn lit (one fixed light from the camera's upper left plus
// ambient), depth-tested and depth-written before every sprite, so effects draw over and around it.
struct MeshInstance {
  std::shared_ptr<const MeshData> mesh;
  mat4 model{1.0f};                       // object to world
  vec4 color{0.62f, 0.64f, 0.68f, 1.0f};  // base colour (linear 0..1)
};

// A batch of quads the effect built itself (Stride ribbons, trails and hexagons): world-space
// vertices with UVs and a premultiplied colour, four per quad (corners in order around it), each
// quad drawn as the triangles (0 1 2) (0 2 3) with the batch's texture and blend, depth-tested like
// sprites and never depth-written. The fragment is texture x colour (rgb and alpha), so with
// BlendMode::AlphaMultiplyAdd an alpha of 0 adds.
struct StripVertex {
  vec3 position;
  vec2 uv;
  vec4 color;
  // Left unset: a frame's strips are sized once and every vertex is then written (in parallel).
  StripVertex() {}
  StripVertex(vec3 p, vec2 t, vec4 c) : position(p), uv(t), color(c) {}
};
static_assert(sizeof(StripVertex) == 36);

struct StripBatch {
  TextureId texture = kNoTexture;
  BlendMode blend = BlendMode::AlphaMultiplyAdd;
  bool filtered = true;
  TextureWrap wrapU = TextureWrap::Repeat, wrapV = TextureWrap::Repeat;  // as SpriteBatch's
  bool depthTest = true;
  float depthOffset = 0.0f;           // as SpriteBatch::depthOffset
  float softDistance = 0.0f;          // as SpriteBatch::softDistance (scales rgb and alpha)
  vec4 primaryTransform{1, 1, 0, 0};  // as SpriteBatch::primaryTransform (strips repeat)
  ColorProgram colorProgram;          // see ColorProgram; none = texture x colour
  bool linearLight = false;           // as SpriteBatch::linearLight
  uint32_t firstVertex = 0;           // into DrawList::stripVertices
  uint32_t vertexCount = 0;           // 4 per quad
  // Sprite batches begun before this one (set by beginStrips): the renderer draws the strip
  // batch between those and the next, so sprites and strips keep the list's order.
  uint32_t spriteBatchesBefore = 0;
};

class SpriteArray;

// Where a SpriteArray keeps its sprites when it does not use its own heap memory: a renderer
// hands out memory the GPU draws from (a mapped instance buffer), so collecting a frame writes
// each sprite once, where it is drawn from. The memory must stay readable while handed out (the
// renderer's CPU pass reads positions and sizes before it draws).
class SpriteStorage {
 public:
  virtual ~SpriteStorage() = default;
  // Memory for at least `capacity` sprites for `owner`, whose first `keep` sprites are copied from
  // the memory handed to it before (owner.data(); none when that is null). Returns the memory and
  // sets `capacity` to how many sprites it holds; the old memory is no longer the owner's.
  virtual SpriteInstance* grow(SpriteArray& owner, size_t keep, size_t& capacity) = 0;
  // `owner` no longer writes to the memory it was handed (cleared, detached or destroyed).
  virtual void release(SpriteArray& owner) = 0;
  // `owner`'s handed-out memory now belongs to `to` (the array was moved).
  virtual void moved(SpriteArray& owner, SpriteArray& to) = 0;
};

// A frame's sprites: contiguous, with a vector's interface for reading and appending. Without a
// storage they live in the array's own heap memory (kept across clear(): a steady-state frame
// allocates nothing). With a storage they live in the memory it hands out; once that memory is
// taken back (SpriteStorage::reclaimed, e.g. a renderer handed it to the GPU) the array keeps
// its size but no data (data() is null) until clear().
class SpriteArray {
 public:
  SpriteArray() = default;
  SpriteArray(const SpriteArray& other);  // copies into its own heap memory, never the storage
  SpriteArray(SpriteArray&& other) noexcept;
  SpriteArray& operator=(const SpriteArray& other);
  SpriteArray& operator=(SpriteArray&& other) noexcept;
  ~SpriteArray();

  // Switches where sprites live (nullptr: the array's own memory). Clears the array. An array
  // must be detached (or destroyed) before its storage is.
  void setStorage(SpriteStorage* storage);
  SpriteStorage* storage() const { return storage_; }
  // Called by the storage when the memory it handed out is no longer the owner's to touch.
  void reclaimed();

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_t capacity() const { return capacity_; }
  SpriteInstance* data() { return data_; }
  const SpriteInstance* data() const { return data_; }
  SpriteInstance& operator[](size_t i) { return data_[i]; }
  const SpriteInstance& operator[](size_t i) const { return data_[i]; }
  SpriteInstance* begin() { return data_; }
  SpriteInstance* end() { return data_ ? data_ + size_ : data_; }
  const SpriteInstance* begin() const { return data_; }
  const SpriteInstance* end() const { return data_ ? data_ + size_ : data_; }
  SpriteInstance& front() { return data_[0]; }
  SpriteInstance& back() { return data_[size_ - 1]; }
  const SpriteInstance& back() const { return data_[size_ - 1]; }

  void clear();
  // Room for `n` sprites in all, so the next n - size() appends do not grow.
  void reserve(size_t n) {
    if (n > capacity_) grow(n);
  }
  SpriteInstance& emplace_back() {
    if (size_ == capacity_) grow(size_ + 1);
    return *new (data_ + size_++) SpriteInstance();
  }
  void push_back(const SpriteInstance& s) {
    if (size_ == capacity_) grow(size_ + 1);
    data_[size_++] = s;
  }
  // `n` uninitialised sprites appended (the caller writes every one); returns the first.
  SpriteInstance* appendUninitialized(size_t n) {
    if (size_ + n > capacity_) grow(size_ + n);
    SpriteInstance* out = data_ + size_;
    size_ += n;
    return out;
  }
  // Drops sprites past `n` (n <= size()).
  void truncate(size_t n) { size_ = n < size_ ? n : size_; }

 private:
  void grow(size_t needed);
  SpriteInstance* data_ = nullptr;
  size_t size_ = 0, capacity_ = 0;
  SpriteStorage* storage_ = nullptr;
  std::vector<SpriteInstance> own_;  // the memory without a storage (own_.size() == capacity_)
};

// A bitmap a frame draws with. Only what is loaded: how it is sampled (filtering) belongs to each
// draw (SpriteBatch::filtered, secondaryFiltered), so batches sharing a bitmap can differ.
struct TextureRef {
  std::string path;  // absolute or relative to the working directory
};

struct DrawList {
  std::vector<TextureRef> textures;
  SpriteArray sprites;
  std::vector<SpriteBatch> batches;
  std::vector<ShaderQuad> shaderQuads;
  std::vector<MeshInstance> meshes;  // drawn first, opaque
  // Quad batches (ribbons, trails, hexagons), drawn among the sprite batches in list order
  // (StripBatch::spriteBatchesBefore).
  std::vector<StripVertex> stripVertices;
  std::vector<StripBatch> strips;

  // Keeps capacity: a steady-state frame allocates nothing.
  void clear();
  // Interns a texture path (linear search: a scene uses a handful).
  TextureId texture(const std::string& path);
  // Starts a batch; sprites pushed until the next beginBatch belong to it.
  SpriteBatch& beginBatch(const SpriteBatch& state);
  SpriteInstance& push();
  void push(const SpriteInstance& s);
  // Room for `n` more sprites (a family that knows its count reserves before pushing).
  void reserveSprites(size_t n) { sprites.reserve(sprites.size() + n); }
  size_t spriteCount() const { return sprites.size(); }
  // Starts a strip batch; vertices appended until endStrips belong to it.
  StripBatch& beginStrips(const StripBatch& state);
  void endStrips();
};

}  // namespace fx
