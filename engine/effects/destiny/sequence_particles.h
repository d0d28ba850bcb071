// Particle nodes at run time (seed "Particle nodes", "Frames and instances"): when a particle node
// (work type 4) starts, each of its rows creates one SystemInstance (system_instance.h) per valid
// spawn frame; when it ends they stop emitting and their particles live on until they die.
//
// Row byte k gives the frames for emitter transform slot k: every step, slot k of instance i gets
// frame i of location row[k] while that location has enough frames, else its first. Slots at or
// above the row's byte count are program slots; only the emitter program writes them. The spawn
// slot's location decides the instance count, so a spawn location whose point is missing emits
// nothing; each instance emits at the full rate.
//
// The player reports node starts and ends through WorkHooks while it steps (or when the GUI calls
// play()); they are queued and applied in order at the next ParticleNodes::step, which resolves
// frames from the scene of that step. Each start and end keeps its moment inside the step, so a
// node that runs for D seconds emits emission_rate x D (a node of 0.1 s at 300/s spawns 30), and a
// node that starts and ends inside one step (duration zero or under a frame) still spawns its
// initial_particle_count in the frame it starts. While the player is paused the systems hold:
// no emission, no system age, no particle motion (seed "the player pauses while the object's
// importance is below it").
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/effects/destiny/location_frames.h"
#include "engine/effects/destiny/sequence_player.h"
#include "engine/effects/destiny/system_instance.h"

namespace fx::destiny {

struct LiveSystem {
  int32_t work = 0;         // work node index
  int32_t row = 0;          // row of that node
  int32_t instance = 0;     // k: the spawn frame it sits on
  uint32_t start = 0;       // which start of the node created it
  float emitFrom = 0.0f;    // s into the current step where emission begins (its start)
  float emitUntil = -1.0f;  // s into the current step where it ends (-1: emits to the step's end)
  std::unique_ptr<SystemInstance> system;
};

// The inspector's name of a live system's emitter: its node, row, spawn frame and start.
std::string systemName(const LiveSystem& s);

class ParticleNodes final : public WorkHooks {
 public:
  ParticleNodes() = default;
  // A deep copy (seek snapshots) whose systems are its own, driven by `player`.
  ParticleNodes(const ParticleNodes& o, const SequencePlayer* player);
  ParticleNodes(const ParticleNodes&) = delete;
  ParticleNodes& operator=(const ParticleNodes&) = delete;
  size_t stateBytes() const;

  void init(const SequenceDefinition* def, const SequencePlayer* player, uint32_t seed);

  void workStarted(int32_t workIndex, double secondsLeft) override;
  void workEnded(int32_t workIndex, double secondsLeft) override;

  // Applies queued starts / ends, feeds every live instance its slot frames, steps it, and drops
  // instances that stopped emitting and have no particles left.
  void step(const FrameContext& frames, const SystemStepInput& in);
  // Object destroyed: every instance goes at once.
  void clear();

  void collect(DrawList& draw) const;
  void dump(std::vector<ParticleRecord>& out) const;
  // Emitter = a live system, named by its particle node, row, spawn frame and start (which does
  // not change while it lives, as its place in the list does).
  void inspect(std::vector<ParticleInfo>& out, bool attributes) const;

  const std::vector<LiveSystem>& systems() const { return systems_; }
  size_t liveParticles() const;
  size_t systemCount(int32_t workIndex) const;  // -1 = all
  uint64_t spawnedTotal() const { return retiredSpawned_ + spawnedLive(); }
  // The row's frame counts at the last start: spawn frames found (0 = a missing point).
  const std::vector<std::string>& messages() const { return messages_; }

 private:
  struct Event {
    int32_t work;
    bool start;
    double secondsLeft;  // of the step after the event; -1: before the step
  };
  void startNode(int32_t work, const FrameContext& frames, float emitFrom);
  void feedSlots(LiveSystem& s, const FrameContext& frames);
  uint64_t spawnedLive() const;
  void note(const std::string& m);

  const SequenceDefinition* def_ = nullptr;
  const SequencePlayer* player_ = nullptr;
  Lcg seeds_;
  std::vector<Event> events_;
  std::vector<LiveSystem> systems_;
  std::vector<uint32_t> starts_;  // per work node
  std::vector<Transform> scratch_;
  uint64_t retiredSpawned_ = 0;
  std::vector<std::string> messages_;
};

}  // namespace fx::destiny
