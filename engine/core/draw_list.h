// The seam between simulation and GPU. Effects fill a DrawList (and a DebugDraw) with plain data;
// engine/render consumes both and is the only code that calls GL. Nothing here knows effect
// families: a batch is keyed by texture, blend, orientation and fade state only.
//
// Sprite instances are stored contiguously so the renderer uploads them as instance data
// without repacking (one instanced draw per batch).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

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

using TextureId = int32_t;  // index into DrawList::textures; -1 = none
inline constexpr TextureId kNoTexture = -1;

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
  uint32_t first = 0;                   // into DrawList::sprites
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
  mat4 model{1.0f};           // object to world
  vec4 color{0.62f, 0.64f, 0.68f, 1.0f};  // base colour (linear 0..1)
};

struct TextureRef {
  std::string path;  // absolute or relative to the working directory
  bool filtered = true;
};

struct DrawList {
  std::vector<TextureRef> textures;
  std::vector<SpriteInstance> sprites;
  std::vector<SpriteBatch> batches;
  std::vector<ShaderQuad> shaderQuads;
  std::vector<MeshInstance> meshes;  // drawn first, opaque

  // Keeps capacity: a steady-state frame allocates nothing.
  void clear();
  // Interns a texture path (linear search: a scene uses a handful).
  TextureId texture(const std::string& path);
  // Starts a batch; sprites pushed until the next beginBatch belong to it.
  SpriteBatch& beginBatch(const SpriteBatch& state);
  SpriteInstance& push();
  void push(const SpriteInstance& s);
  size_t spriteCount() const { return sprites.size(); }
};

}  // namespace fx
