// The contract every effect family implements. A family registers its kind name, how to create
// its reflected definition, and how to instantiate it. An instance steps deterministically,
// collects sprites / shader quads into the DrawList and overlays into DebugDraw, reports stats
// and dumps particle state. Families never see GL; the renderer never sees families.
#pragma once

#include <any>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/debug_draw.h"
#include "engine/core/diagnostics.h"
#include "engine/core/draw_list.h"
#include "engine/core/fields.h"
#include "engine/core/view.h"
#include "engine/scene/scene.h"

namespace fx {

// Overlay and visibility toggles: the Halo console commands the seeds name, plus fxview's own.
struct DebugFlags {
  bool renderModelMarkers = false;  // render_model_markers: marker axes, names, order
  bool renderModelNodes = false;    // render_model_nodes: skeleton lines and node names
  bool debugPointPhysics = false;   // debug_point_physics: weather points and cube outline
  bool debugSprites = false;        // debug_sprites: triangle outlines, coverage counts
  bool weather = true;              // weather: hiding then showing resets the simulation
  bool renderPsystems = true;       // render_psystems
  bool moduleShapes = false;        // Stride modules' debug shapes (also per module flag)
  bool paths = false;               // glow path curves, emission segments
  bool unlimitedBudget = false;     // stress mode for benchmarks: lifts game particle limits
};

// fxview's hard cap on one effect's particles when DebugFlags::unlimitedBudget lifts the game's
// limits (stress runs, `fxview bench`): enough for the 1M-particle benchmarks, never gigabytes.
inline constexpr size_t kStressParticleCap = size_t(1) << 20;

// Where an effect entry is placed and the keys it carried.
struct EffectPlacement {
  std::string id;
  std::string object;    // scene object name ("" = world origin)
  std::string marker;    // marker / attachment point name on it ("" = object root)
  size_t kindCount = 0;  // lint only: effect entries of this kind in the preset (0 = unknown)
};

struct LoadContext {
  std::filesystem::path baseDir;    // folder of the file that held the definition
  std::filesystem::path rootDir;    // folder of the preset: paths may not leave it (nor assets/)
  std::filesystem::path extraRoot;  // another allowed folder ("" = none): a Stride package
  std::string file;                 // display name of that file
  std::string pointer;              // JSON Pointer of the definition inside it
  bool allowAnyPath =
      false;  // --allow-any-path: textures may live outside the preset folder and assets/
  bool textureProblemsAreErrors = false;  // fxview check: see PresetLoadOptions
  Diagnostics* diags = nullptr;
  // Halo tag references (paths ending in a tag class extension: .bitmap, .point_physics, .wind,
  // ...) resolve against a tags root: this one (the preset's "tags_dir", else --tags) or, when
  // empty, the nearest parent folder of baseDir named `tags` (engine/formats/halo/tag_paths.h).
  std::filesystem::path tagsDir;
  // The preset file and the effect entry's pointer in it, for paths authored on the entry.
  std::string presetFile;
  std::string entryPointer;

  // Resolves a path authored in the definition (relative to baseDir; "assets/..." also from the
  // project root). Outside the allowed roots it adds an error at `pointer` and returns "".
  // A tag reference is first looked up under the tags root, case-insensitively.
  std::string resolvePath(const std::string& authored, const std::string& fieldPointer) const;
  // The tags root references resolve against ("" when there is none).
  std::filesystem::path tagsRoot() const;
  // The file a tag reference names under the tags root, or "" (no diagnostics).
  std::string resolveTagReference(const std::string& authored) const;
  // resolvePath for a texture, then checks the file: it exists, fits the file-size cap, has a
  // readable image header and fits the texture size cap (engine/core/image_file.h). A problem is a
  // warning ("drawn as a magenta checker") or, with textureProblemsAreErrors, an error.
  std::string resolveTexture(const std::string& authored, const std::string& fieldPointer) const;
};

// The definition's declared fields + family rules beyond single-field ranges.
class EffectDefinition {
 public:
  virtual ~EffectDefinition() = default;
  // Every field of the seed's structure, in order, with the seed's comments as help.
  virtual void reflect(FieldVisitor& v) = 0;
  // Family keys that live on the effect entry beside "definition" (e.g. weather palette wind).
  virtual void reflectEntry(FieldVisitor&) {}
  // After JSON read: resolve paths, compute cache-only fields, report cross-field errors.
  virtual void finalize(const LoadContext&) {}
  // Documented failure modes and pitfalls; pointers are relative to the definition object.
  virtual void lint(const SceneObject* attachedTo, const Scene& scene, const EffectPlacement& where,
                    Diagnostics& out, const std::string& file, const std::string& pointer) const {
    (void)attachedTo, (void)scene, (void)where, (void)out, (void)file, (void)pointer;
  }
  virtual std::unique_ptr<EffectDefinition> clone() const = 0;
};

// Live counts for the stats line, HUD and `simulate` dumps.
struct EffectStats {
  size_t live = 0;
  size_t budget = 0;            // 0 = no budget
  std::string budgetRule;       // how the budget is shared, shown beside it ("" = not shared)
  size_t bytesPerParticle = 0;  // simulation state per live particle (benchmarks); 0 = none
  std::vector<std::pair<std::string, double>> values;  // family-specific figures
  // Live particles per named emitter, for families whose effects hold emitters (`simulate`
  // writes it as stats.emitters_live, the HUD lists it).
  std::vector<std::pair<std::string, size_t>> emittersLive;
  std::vector<size_t> emittersBudget;  // beside emittersLive: each emitter's pool cap (0 = none)
  std::vector<std::string> messages;   // runtime errors the game would halt on, etc.
};

// One particle in the `simulate` dump (DESIGN.md).
struct ParticleRecord {
  vec3 position{0.0f};
  vec3 velocity{0.0f};
  vec4 color{1.0f};
  float size = 0.0f;
  float rotation = 0.0f;
  float age = 0.0f;
};

// One family attribute of an inspected particle: a number, a vector's components, or a name.
struct ParticleAttribute {
  std::string name;
  std::vector<double> values;  // empty when the attribute is text
  std::string text;
};

// A live particle as the particle inspector sees it (EffectInstance::inspect), in fxview world
// space where it is drawn.
struct ParticleInfo {
  uint32_t emitter = 0;     // the effect's emitter it belongs to (0 when the effect has one)
  std::string emitterName;  // names that emitter across frames ("" = the effect's only one)
  uint64_t id = 0;          // follows the particle across frames within its emitter (spawn counter)
  vec3 position{0.0f};      // world units
  vec3 velocity{0.0f};      // world units / s
  float age = 0.0f;         // s since it spawned
  float life = -1.0f;       // s it lives in all (-1: until the effect removes it)
  vec4 color{1.0f};
  float size = 0.0f;                          // world units (0: the family's "actual resolution")
  float rotation = 0.0f;                      // radians
  std::vector<ParticleAttribute> attributes;  // the family's own, in the family's words

  void add(std::string name, std::vector<double> values) {
    attributes.push_back({std::move(name), std::move(values), {}});
  }
  void addText(std::string name, std::string text) {
    attributes.push_back({std::move(name), {}, std::move(text)});
  }
};

struct StepContext {
  float dt = 0.0f;    // seconds of this step
  uint64_t step = 0;  // index of this step since reset
  double time = 0.0;  // simulation time at the end of this step
  const SceneState* scene = nullptr;
  const View* view = nullptr;
  const DebugFlags* flags = nullptr;
  SimulationMode mode = SimulationMode::Tick;
};

// State shared by all instances of one family in one world (e.g. Halo's 512 glow particles
// across at most 8 glows). Created by the family; opaque to the world.
using FamilyShared = std::shared_ptr<void>;

struct InstanceContext {
  uint32_t seed = 0;  // this instance's RNG seed (preset seed + effect id)
  EffectPlacement placement;
  const Scene* scene = nullptr;
  FamilyShared shared;  // from EffectFamily::createShared, same for every instance of the family
};

// One draw of an instance whose draws sort among those of the other instances of its family
// (EffectInstance::drawParts).
struct DrawPart {
  uint64_t key = 0;    // ascending: drawn first
  uint32_t index = 0;  // the instance's own name for the part, handed back to collectPart
};

class EffectInstance {
 public:
  virtual ~EffectInstance() = default;
  virtual void step(const StepContext& ctx) = 0;
  // A rendered frame while the simulation is paused (Halo Standalone's console): only what the
  // game applies per rendered frame regardless of time (weather's added motion). ctx.dt is 0.
  virtual void pausedFrame(const StepContext&) {}
  virtual void collect(DrawList& draw, DebugDraw& debug, const View& view, const DebugFlags& flags,
                       const SceneState& scene) const = 0;
  // A family whose draws interleave across its instances (Stride sorts every emitter of every
  // system back to front) lists this frame's parts here and returns true. The world then sorts
  // the parts of all the family's instances by (key, instance order, part order) and draws them
  // with collectPart where the family's first instance would have drawn; each instance's
  // overlays come from collectOverlay in its own place, and collect is not called. false (the
  // default): collect as usual.
  virtual bool drawParts(const View& view, const DebugFlags& flags,
                         std::vector<DrawPart>& out) const {
    (void)view, (void)flags, (void)out;
    return false;
  }
  virtual void collectPart(uint32_t index, DrawList& draw, const View& view,
                           const DebugFlags& flags, const SceneState& scene) const {
    (void)index, (void)draw, (void)view, (void)flags, (void)scene;
  }
  virtual void collectOverlay(DebugDraw& debug, const View& view, const DebugFlags& flags,
                              const SceneState& scene) const {
    (void)debug, (void)view, (void)flags, (void)scene;
  }
  virtual EffectStats stats() const = 0;
  virtual void dump(std::vector<ParticleRecord>& out) const = 0;
  // Every live particle, for the particle inspector (engine/session/particle_inspect.h). `view`:
  // where some families draw a particle depends on the camera (weather tiles its cube around it).
  // `attributes` false leaves ParticleInfo::attributes empty (picking, scanning). The default
  // lists dump()'s records as emitter 0 with their index as id.
  virtual void inspect(std::vector<ParticleInfo>& out, const View& view, bool attributes) const;

  // Seek snapshots (World::seek): an exact copy of this instance's whole simulation state, which
  // steps on bit-identically to the original. `shared` is the copy of the family's shared state
  // the copy uses instead of the original's (null for families without one). The copy may keep
  // pointers the original holds into the definition and into the World's evaluated scene (the
  // World keeps both in place while its snapshots live). Null: the family cannot be copied, and
  // seeks re-simulate from time 0.
  virtual std::unique_ptr<EffectInstance> clone(const FamilyShared& shared) const {
    (void)shared;
    return nullptr;
  }
  // Bytes the instance holds (itself and its arrays' capacities): the snapshot budget's measure.
  virtual size_t stateBytes() const { return 0; }
  // Whether step reads StepContext::view (the camera): a snapshot then holds only for the view
  // it was taken under. True unless the family says otherwise.
  virtual bool stepReadsView() const { return true; }
};

// Bytes a vector holds on the heap.
template <class T>
size_t heapBytes(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}

// The two hooks most families register: a definition of type D with every declared field (and
// entry key) at its default, and an instance I built from that definition and the context.
template <class D>
std::unique_ptr<EffectDefinition> defaultDefinition() {
  auto d = std::make_unique<D>();
  DefaultsVisitor defaults;
  d->reflect(defaults);
  d->reflectEntry(defaults);
  return d;
}
template <class D, class I>
std::unique_ptr<EffectInstance> instantiateAs(const EffectDefinition& def,
                                              const InstanceContext& ctx) {
  return std::make_unique<I>(static_cast<const D&>(def), ctx);
}

struct EffectFamily {
  std::string_view kind;                                    // JSON "kind"
  std::string_view title;                                   // for people
  std::string_view seed;                                    // seed document this family implements
  std::unique_ptr<EffectDefinition> (*createDefinition)();  // with every field at its default
  std::unique_ptr<EffectInstance> (*instantiate)(const EffectDefinition& def,
                                                 const InstanceContext& ctx);
  FamilyShared (*createShared)() = nullptr;
  // A copy of that shared state (seek snapshots); required when createShared is set.
  FamilyShared (*copyShared)(const FamilyShared&) = nullptr;
  // Halo families: the tag class their definitions are stored as ("glow"), whose bytes map onto
  // the definition's declared fields (engine/import/halo/tag_definitions.h). "" for the others.
  std::string_view tagClass = {};
};

}  // namespace fx
