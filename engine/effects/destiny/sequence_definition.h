// The Destiny-style sequence (seed "Sequences", class 0x808084E9) as plain reflected structs: flow
// nodes and work nodes with the shared node header, the sequence's channels, the location table
// (seed "Particle locations"), the root, end condition, flags, importance threshold, and lens
// flares (seed "Lens flares"). Particle nodes (work type 4) hold rows that place destiny_system
// definitions (emitter_definition.h) through the location table. The player that runs a sequence
// is sequence_player.h; frames come from location_frames.h; flares are drawn by flare_draw.h.
//
// Authored JSON follows the seed's layout one field per offset; cache-only fields (FNV-1 name
// hashes, resolved node ids) are computed in finalizeSequence and shown read-only.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/color.h"
#include "engine/core/diagnostics.h"
#include "engine/core/fields.h"
#include "engine/effects/destiny/emitter_definition.h"

namespace fx {
struct LoadContext;
}

namespace fx::destiny {

// Caps: bad input never allocates without bound.
inline constexpr size_t kMaxSequenceNodes = 4096;  // per kind (flow, work)
inline constexpr size_t kMaxNodeChildren = 256;
inline constexpr size_t kMaxSequenceChannels = 256;
inline constexpr size_t kMaxLocations = 256;  // row bytes index it: u8
inline constexpr size_t kMaxLocationSources = 1024;
inline constexpr size_t kMaxParticleRows = 64;
inline constexpr size_t kMaxLensFlares = 256;
inline constexpr size_t kMaxSpawnChannels = 6;   // seed: "up to six initial channel values"
inline constexpr int32_t kWorkNodeTypes = 72;    // seed: "There are 72 work node types."
inline constexpr int32_t kParticleNodeType = 4;  // seed: "Type 4 is the particle node."
inline constexpr uint32_t kNoTimerMask = 0x18;   // seed: "flags; & 0x18 means no timer"
inline constexpr uint32_t kEmptyNameHash = 0x811C9DC5u;
inline constexpr uint32_t kUprightFlag = 0x80;  // seed: "Source flag 0x80 rebuilds a frame upright"

// "kind (0 flow, 1 work, 0xFF none)"
enum class NodeKind : int32_t { Flow = 0, Work = 1, None = 255 };

// Flow node classes (seed "Flow nodes" table).
enum class FlowType : int32_t {
  Serial = 0,  // each child starts when the one before ends
  Parallel = 1,
  Random = 2,       // starts one child, picked by weight
  StartAndEnd = 3,  // starts its children and ends at once
  Parallel4 = 4,
  Parallel5 = 5,
  ChannelGate = 6,  // children start when a channel enters [min, max) and stop when it leaves
};

// Condition kinds (seed: "A condition is {u8 kind, f32 min, f32 max, i32 channel}"). `None` is
// fxview's: a node without that condition (start: always passes; end: never fires).
enum class ConditionKind : int32_t {
  None = -1,
  ChannelRange = 0,
  Bitset = 1,
  Never = 2,
  ComponentFilter = 3
};

// Sequence flags at +0x2E0.
inline constexpr uint32_t kSeqStartsOnSpawn = 0x1;
inline constexpr uint32_t kSeqDestroyAtEnd = 0x2;
inline constexpr uint32_t kSeqDetachFromNetworking = 0x4;

// Location source kinds (seed "Particle locations" table).
enum class SourceKind : int32_t {
  Object = 0,
  WorldSpace = 1,
  Point = 2,
  PointSecondPose = 3,
  PointAlt = 4,
  Undecoded5 = 5,
  LinkedPoint = 6,
  LinkedPointSecondPose = 7,
  LinkedPointAlt = 8,
  Undecoded9 = 9,
  Back = 10,
  Up = 11,
  Down = 12,
  Camera = 13,
  ProjectileTarget = 14,
  BeamTarget = 15,
  Runtime16 = 16,
  Runtime17,
  Runtime18,
  Runtime19,
  Runtime20,
  Runtime21,
  Runtime22,
  Runtime23,
  Runtime24,
  Runtime25 = 25,
};
inline constexpr int32_t kSourceKindCount = 26;
// The one flags value each source kind uses (seed table; -1 = the seed lists none).
int32_t documentedSourceFlags(SourceKind k);
// A name as authored -> its hash: "0x60FECDD4" (hex literal) is a raw hash, anything else FNV-1.
uint32_t nameHash(const std::string& name);
std::string hashText(uint32_t h);  // "0x811C9DC5"

struct NodeRef {
  NodeKind kind = NodeKind::None;
  int32_t index = 0;
  void reflect(FieldVisitor& v);
};

struct ChildRef {
  NodeKind kind = NodeKind::Work;
  int32_t index = 0;
  float weight = 1.0f;  // random flow nodes: relative weight (fxview's field; the seed gives none)
  void reflect(FieldVisitor& v);
};

struct Condition {
  ConditionKind kind = ConditionKind::None;
  float min = 0.0f;
  float max = 0.0f;
  int32_t channel = 0;  // kind 0: sequence channel index; kind 1: bit index into the object bitset
  std::string component;  // kind 3: the component name the object must carry (fxview's reading)
  void reflect(FieldVisitor& v);
};

// The shared node header (seed "The node header").
struct NodeHeader {
  std::string name;              // +0x00 (hashed FNV-1)
  std::string nameHash;          // cache: FNV-1 of name, "0x811C9DC5" for ""
  NodeRef parent;                // +0x04, +0x06
  uint32_t flags = 0;            // +0x08; & 0x18 means no timer
  FloatBounds startDelay{0, 0};  // +0x0C, +0x10: s, [shortest, longest], drawn per start
  FloatBounds duration{0, 0};    // +0x14, +0x18: s, [shortest, longest], drawn per start
  void reflectHeader(FieldVisitor& v);
  bool noTimer() const { return (flags & kNoTimerMask) != 0; }
};

struct FlowNode {
  NodeHeader header;
  FlowType type = FlowType::Parallel;  // +0x20
  int32_t repeatCount = 0;             // +0x21
  bool loop = false;                   // +0x22
  std::vector<ChildRef> children;      // +0x28
  Condition startCondition;            // +0x38
  Condition endCondition;              // +0x40
  FloatBounds gateRange{0, 1};         // +0x48, +0x4C: type 6 [min, max)
  int32_t gateChannel = 0;             // +0x50: type 6 channel index
  void reflect(FieldVisitor& v);
};

// One of a particle node's three expressions: bytecode then a vec4 constant array.
struct Expression {
  std::string code;  // hex bytes or assembly text (one stage), run with the emitter VM
  std::vector<vec4> constants;
  std::shared_ptr<const CompiledProgram> compiled;  // cache (null when the code is empty)
  void reflect(FieldVisitor& v);
};

// A particle node row: location index bytes + a particle system (inline or a file).
struct ParticleRow {
  std::vector<int32_t> locations;   // +0: row byte k gives the frames for emitter transform slot k
  ParticleSystemDefinition system;  // +0x10, inline
  std::string systemPath;           // or a destiny_system definition file (overrides inline)
  std::shared_ptr<const ParticleSystemDefinition> loaded;  // cache: the file's system
  void reflect(FieldVisitor& v);
  const ParticleSystemDefinition& activeSystem() const { return loaded ? *loaded : system; }
};

struct WorkNode {
  NodeHeader header;
  int32_t type = 0;                     // +0x20: 0..71; 4 = particle node
  std::vector<ParticleRow> rows;        // particle nodes, +0x30
  std::vector<Expression> expressions;  // particle nodes, +0x40, +0x88, +0xD0 (three)
  void reflect(FieldVisitor& v);
};

struct SequenceChannel {
  std::string name;      // name hash at +0x20
  std::string nameHash;  // cache
  void reflect(FieldVisitor& v);
};

// A location: 6 bytes at table +0x10.
struct Location {
  int32_t firstFrameSlot = 0;
  int32_t count = 1;  // the location joins its sources' frames up to this count
  int32_t firstSource = 0;
  int32_t sourceCount = 1;
  int32_t flags = -1;  // -1 = the first source kind's documented value
  std::string name;    // table +0x30: "one FNV-1 name per location; no known reader"
  void reflect(FieldVisitor& v);
};

// A location source: 16 bytes at table +0x20.
struct LocationSource {
  SourceKind kind = SourceKind::Object;
  int32_t cacheSlot = 0;
  int32_t count = 0;      // frames this source may give (0 = every row of its name)
  int32_t flags = -1;     // -1 = the kind's documented value; bit 0x80 = upright
  bool upright = false;   // sets bit 0x80
  std::string name;       // attachment point name (+8, hashed); "" = the object transform
  std::string nameHash;   // cache
  std::string subObject;  // +12: kind 0 names a scene object parented to this one ("" = the object)
  void reflect(FieldVisitor& v);
  uint32_t effectiveFlags() const;
};

// A lens flare row (class 0x80806F68, 12 bytes: a material, a parameter block and a flag).
struct LensFlare {
  std::string texture;  // the material's texture (PNG)
  float size = 64.0f;   // px
  ColorRgba color{1, 1, 1, 1};
  int32_t flag = 0;             // stored and shown; meaning not decoded
  int32_t location = -1;        // a location's first frame (-1 = the object frame)
  std::string resolvedTexture;  // cache
  void reflect(FieldVisitor& v);
};

struct SequenceDefinition {
  std::vector<FlowNode> flowNodes;        // +0x158
  std::vector<WorkNode> workNodes;        // +0x168
  std::vector<SequenceChannel> channels;  // +0x188
  std::vector<Location> locations;        // +0x1A0 table +0x10
  std::vector<LocationSource> sources;    // +0x1A0 table +0x20
  NodeRef root{NodeKind::Flow, 0};        // +0x2D0
  Condition endCondition;                 // +0x2D8
  uint32_t flags = kSeqStartsOnSpawn;     // +0x2E0
  int32_t importanceThreshold = 0;        // +0x2E1
  std::vector<LensFlare> lensFlares;

  void reflect(FieldVisitor& v);
};

// One timed action of a preset's start script.
enum class ActionKind : int32_t { Play, Restart, Stop, EffectSpawn, SetChannel, SetImportance };
struct SpawnChannel {
  std::string name;
  float value = 0.0f;
  void reflect(FieldVisitor& v);
};
struct SequenceAction {
  float time = 0.0f;  // s
  ActionKind action = ActionKind::Play;
  std::string channel;                 // set_channel
  float value = 0.0f;                  // set_channel, set_importance
  std::vector<SpawnChannel> channels;  // effect_spawn: up to six
  void reflect(FieldVisitor& v);
};

// Keys on the effect entry beside "definition".
struct SequenceEntry {
  bool autoplay = true;  // false = the per-spawn override that turns autoplay off
  std::vector<SequenceAction> actions;
  std::string linkedObject;       // kinds 6-8
  std::string targetObject;       // kinds 14, 15
  std::string firstPersonObject;  // kind 3 (and 7): the second pose mode's object
  void reflect(FieldVisitor& v);
};

// Resolved ids: flow nodes are 0..F-1, work nodes F..F+W-1.
struct SequenceGraph {
  int32_t flowCount = 0;
  int32_t root = -1;                           // -1 = none
  std::vector<std::vector<int32_t>> children;  // per node id
  std::vector<std::vector<float>> weights;
  std::vector<int32_t> parent;  // -1 = root / unreachable
};

// Computes cache fields, resolves node references and checks the tree (every reference in range,
// no node reached twice, no cycles); compiles expressions and finalizes systems (paths resolve
// through `lc`). Errors carry pointers under `lc.pointer`.
void finalizeSequence(SequenceDefinition& def, SequenceGraph& graph, const LoadContext& lc);

// Flow node "type" names, source kind names, condition kind names (for stats and the viewer).
const char* flowTypeName(FlowType t);
const char* sourceKindName(SourceKind k);

}  // namespace fx::destiny
