// One running particle-system instance (seed "Spawn and update"): the emitter's program, its
// particles in SoA streams with swap-remove, its transform slots and its LCG. This is the API the
// standalone `destiny_system` family (destiny_system_family.cpp) and the sequence player build on.
//
// HOW AN OWNER DRIVES IT (a sequence's particle node, or the standalone family):
//   SystemInstance sys(emitter, material, {.duration = nodeSeconds, .gravityScale = 1, .seed = s});
//   each frame:
//     for each row slot k the owner feeds (k < the node row's byte count):
//       sys.setSlot(k, worldTransformOfThatFrame);   // spawn frame, simulation frame, extras
//     sys.setEmitting(nodeIsPlaying);                 // a finished node stops emission; particles
//     live on sys.step({.dt, .time, .frame, .view, .channels}); sys.collect(draw, view) /
//     sys.dump(records)
//   done when !sys.emitting() && sys.liveCount() == 0.
// Seed "Frames and instances": a system runs one instance per valid spawn frame; instance k
// takes spawn frame k and simulation frame k while there are enough, else the first. The owner
// creates one SystemInstance per spawn frame and feeds each its own frames; slots at or above the
// row's count are program slots (only the emitter program writes them), so the owner leaves them.
// Creation stages 7 then 0 run inside the first step(), after the owner's first setSlot calls.
//
// Frame order: system frame (stage 1), update of the live particles (age, stage 4, integrator),
// emission (spawn stages), then stage 4 once more over the particles just spawned, at age 0 and
// without integration, so they are drawn with their size and colour in the frame they appear
// (the seed does not say when the game first runs stage 4 on a new particle; drawing it blank
// would lose a one-frame flash's only frame). Stage 4 programs that accumulate state therefore
// run one extra time on each particle's first frame.
//
// Particles are stored in the simulation frame (emitter field simulation_frame_slot): a system
// whose simulation slot moves carries its particles; one simulating in world_space (identity)
// leaves them behind. Positions reported by worldPosition()/dump() go through the current
// simulation frame.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/draw_list.h"
#include "engine/core/rng.h"
#include "engine/core/view.h"
#include "engine/effects/destiny/emitter_definition.h"
#include "engine/effects/destiny/emitter_vm.h"
#include "engine/effects/effect.h"
#include "engine/scene/scene.h"

namespace fx::destiny {

inline constexpr size_t kHardParticleCap = size_t(1)
                                           << 20;  // per instance, whatever particle_max_count says

struct SystemParams {
  float duration = 1.0f;      // s: particle_system_age runs from 0 to 1 over it
  float gravityScale = 1.0f;  // the seed's "system scale" on gravity
  uint32_t seed = 0;          // the instance's LCG seed
};

struct SystemStepInput {
  float dt = 0.0f;             // seconds of this frame
  double time = 0.0;           // simulation time at the end of the frame
  uint64_t frame = 0;          // frame index
  const View* view = nullptr;  // camera (externs, camera distances); may be null
  const std::vector<Channel>* channels =
      nullptr;  // the object's channels (0x46 / 0x47); may be null
  // Seconds of this frame the system emits for (emission_rate x this); -1 = the whole dt. An
  // owner whose node starts or ends inside the frame passes the part it ran; 0 still spawns
  // initial_particle_count on the first frame.
  float emitSeconds = -1.0f;
};

class SystemInstance {
 public:
  SystemInstance(const EmitterDefinition& emitter, const RasterMaterial& material,
                 const SystemParams& params);

  // --- owner controls ---
  void setSlot(int slot, const Transform& world);  // slot 0..6; ignored past transform_slot_count
  Transform slot(int slot) const;
  void setEmitting(bool on) { emitting_ = on; }
  bool emitting() const { return emitting_; }
  void setDuration(float seconds) { params_.duration = seconds; }
  void step(const SystemStepInput& in);

  // --- reading ---
  size_t liveCount() const { return count_; }
  // Bytes of stream state per particle (both particle streams).
  size_t bytesPerParticle() const {
    return size_t(emitter_.stream0Vec4s + emitter_.stream1Vec4s) * sizeof(vec4);
  }
  uint64_t spawnedTotal() const { return spawnCounter_; }
  bool created() const { return created_; }
  float systemAge() const { return systemAge_; }
  // Channel c, component k, of particle i (or the system's value for system groups); the
  // channel's unbound value when its record is unused.
  float channel(Ch c, int k, size_t particle) const;
  vec3 simPosition(size_t i) const;
  vec3 simVelocity(size_t i) const;
  vec3 worldPosition(size_t i) const;
  vec3 worldVelocity(size_t i) const;
  float age(size_t i) const;
  const CompiledProgram* program() const { return program_.get(); }
  const EmitterDefinition& emitter() const { return emitter_; }
  const std::vector<std::string>& messages() const { return messages_; }

  // Sprites for the raster material, into the current batch of `draw`.
  void collectSprites(DrawList& draw) const;
  void dump(std::vector<ParticleRecord>& out) const;
  // The live particles for the inspector as emitter `emitter` named `name`: id = spawn counter
  // (particle_spawn_id); attributes = the program's per-particle registers (streams 0 and 1, by
  // channel name and as raw vec4s) and the particle's normalised age.
  void inspect(std::vector<ParticleInfo>& out, bool attributes, uint32_t emitter,
               const std::string& name) const;
  uint64_t spawnId(size_t i) const { return ids_[i]; }
  // The row of the live particle with spawn id `id`, or liveCount() when it is gone.
  size_t rowOf(uint64_t id) const;

  // STEP DEBUGGER (for the GUI): runs particle `particle` (ignored by system stages 7, 0, 1, 5)
  // through `stage` on copies of this instance's state and returns the stack after each
  // instruction. The live system is unchanged.
  std::vector<TraceStep> trace(int stage, size_t particle) const;

  // Test hook: when set, every stage run is appended (stage 4 once per frame).
  std::vector<int>* stageLog = nullptr;

  // After a copy (seek snapshots): the VM points at this instance's own members, the per-thread
  // scratch is not shared with the original, and no test hook is inherited. The copy then steps
  // exactly as the original would.
  void rebindCopy();
  // Bytes the instance holds (itself and its arrays' capacities).
  size_t stateBytes() const;

 private:
  struct ChanPtr {
    float* p = nullptr;  // null: unbound
    size_t step = 0;     // 1 per particle, 0 system-wide
  };
  ChanPtr chan(Ch c, int k) const;
  float read(Ch c, int k, size_t i) const;
  void write(Ch c, int k, size_t i, float v);
  vec3 read3(Ch c, size_t i) const;
  void write3(Ch c, size_t i, vec3 v);
  Transform slotTransform(int s) const;
  void bindVm();
  void runStage(int stage, size_t particle);
  void grow();
  void zeroRow(size_t i);
  void swapRemove(size_t i);
  void create(const SystemStepInput& in);
  void updateParticles(float dt, const SystemStepInput& in);
  void emit(float dt, const SystemStepInput& in, const Transform& spawnNow);
  void drawReady(size_t first);  // stage 4 at age 0 for the particles spawned this frame
  bool bound(Ch c) const { return emitter_.channels[size_t(c)].group != kGroupUnused; }
  void spawnOne(float t, const SystemStepInput& in);
  vec3 sampleShape(size_t i);
  vec3 sampleDirection(vec3 point, size_t i);

  EmitterDefinition emitter_;  // copy: the instance outlives edits until restarted
  RasterMaterial material_;
  SystemParams params_;
  std::shared_ptr<const CompiledProgram> program_;
  std::vector<vec4> channelConstants_;

  // Particles: streams 0 and 1 and the native columns, component-major with `stride_`.
  size_t count_ = 0, capacity_ = 0, stride_ = 0;
  std::array<std::vector<float>, 2> streams_;
  std::vector<float>
      native_;  // columns for unbound age, position, velocity, angular velocity/position
  std::array<std::array<float, kSystemGroupVec4s * 4>, 3> systemGroups_{};  // groups 2, 4, 5
  std::array<vec4, kMaxTransformSlots> slotPosition_{};
  std::array<vec4, kMaxTransformSlots> slotRotation_{};
  std::vector<uint64_t> ids_;  // per row: its spawn counter (the inspector follows it)
  std::vector<float> namedChannels_;
  std::vector<float> vmStack_;  // kLanes-wide stack scratch (chunk 0 and the other stages)
  struct ChunkStacks;
  std::shared_ptr<ChunkStacks> chunkStacks_;  // per-thread stacks of the other chunks
  float* chunkStack();
  VmState vm_;
  Lcg rng_;

  bool created_ = false, emitting_ = true, firstFrame_ = true;
  float systemAge_ = 0.0f;
  double systemTime_ = 0.0;
  float carry_ = 0.0f, distanceCarry_ = 0.0f;
  uint64_t spawnCounter_ = 0, gridCounter_ = 0, dropped_ = 0;
  Transform prevSpawn_, spawnNow_;
  vec3 parentVelocity_{0.0f};
  bool capReported_ = false;
  std::vector<std::string> messages_;
};

}  // namespace fx::destiny
