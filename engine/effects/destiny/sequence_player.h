// The sequence player (seed "Sequences", class 0x808084D7): runs a sequence's tree of flow and
// work nodes in fixed steps. It owns node timers and gate state only; what a work node does
// (particle nodes create system instances) happens in the WorkHooks the caller provides, and the
// conditions read the inputs below (channels, bitset, components, importance), which the caller
// keeps current. No scene, no GL, no wall clock: same definition + seed + inputs => same states.
//
// Timing (fxview's reading of the seed, unit-tested in tests/unit/destiny_sequence/):
// - A node starts with delay and duration drawn in [shortest, longest] from the player's Lcg
//   (two draws per start, delay first). With flags & 0x18 (no timer) it skips both and runs until
//   stopped. A work node runs its delay, then its duration, then ends and tells its parent.
// - Time is carried across node boundaries inside a step: a node that ends 0.01 s into a step
//   hands the remaining time to whatever starts next, so a serial chain of 0.5 s nodes ends at
//   exactly 0.5, 1.0, 1.5 s whatever the step rate.
// - Flow nodes: delay, then their type's rule; a duration > 0 (with a timer) ends them early,
//   stopping their children. Serial starts each child when the one before ends; parallel (1, 4,
//   5) ends when every child has ended; random starts one child picked by weight and ends with
//   it; type 3 starts its children and ends at once (the children keep running); type 6 (channel
//   gate) starts its children when the channel enters [min, max) and stops them when it leaves;
//   without the loop flag it then ends, with it it re-arms.
// - Repeat count: a flow node plays max(1, repeat_count) times; the loop flag restarts it after
//   that, forever. Each play is a restart: delay and duration redrawn, start condition re-sampled.
//   A play ends when the type's rule ends it (children ended) or when its own duration runs out;
//   both count as a play. An end condition or a closing non-looping gate ends the node outright.
// - The start condition is sampled when the node starts or restarts; when it fails the node is
//   skipped (ends at once and tells its parent). The end condition is checked every step while
//   the node runs and stops it. The sequence's end condition stops the whole tree.
// - The player pauses while importance < the importance threshold: no timer advances, and a
//   play / restart / effect spawn asked for while paused waits (no node starts) until importance
//   rises again; the owner holds emission meanwhile (sequence_particles.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/effects/destiny/sequence_definition.h"

namespace fx::destiny {

// Per-node state, for the viewer's live tree and for tests.
enum class NodeState : uint8_t {
  Waiting,  // not started (or reset by a restarting ancestor)
  Delay,    // in its start delay
  Running,  // past the delay: a work node is doing its work, a flow node runs its children
  Ended,    // ended by its timer or rule, or stopped
};
const char* nodeStateName(NodeState s);

struct NodeRuntime {
  NodeState state = NodeState::Waiting;
  double time = 0.0;             // s spent in the current phase (delay or running)
  float delay = 0.0f;            // s, drawn at the last start
  float duration = 0.0f;         // s, drawn at the last start
  bool timer = true;             // false: flags & 0x18 (runs until stopped)
  bool stopped = false;          // Ended by a stop rather than its own rule
  bool conditionFailed = false;  // the start condition failed at the last start (node skipped)
  int32_t playsLeft = 0;         // flow: plays left including the current one
  int32_t current = -1;          // serial: position of the running child; random: the chosen child
  int32_t pending = 0;           // parallel: children not yet ended
  bool gateOpen = false;         // type 6
  bool gateArmed = true;         // type 6: false after a non-looping gate closed
  uint32_t starts = 0;           // how many times the node started
  uint32_t gateOpens = 0;
  // Bookkeeping (not shown).
  uint64_t stamp = 0;
  uint64_t restartStamp = 0;
  uint32_t restartsThisStep = 0;
  bool launching = false;
  double minLeftover = 0.0;
  uint64_t minLeftoverStamp = 0;
};

// What a work node does when it starts and ends (stops included). Particle nodes create and stop
// system instances here. `secondsLeft` is how much of the current step remains after the start or
// end (the step's carried time), or -1 when it happened between steps (play / stop from outside):
// the node then starts or ends at the beginning of the next step.
class WorkHooks {
 public:
  virtual ~WorkHooks() = default;
  virtual void workStarted(int32_t workIndex, double secondsLeft) = 0;
  virtual void workEnded(int32_t workIndex, double secondsLeft) = 0;
};

class SequencePlayer {
 public:
  // `def` and `graph` must outlive the player. `hooks` may be null.
  void init(const SequenceDefinition* def, const SequenceGraph* graph, uint32_t seed,
            WorkHooks* hooks);
  // A copied player (seek snapshots) reports to the copy's hooks.
  void setHooks(WorkHooks* hooks) { hooks_ = hooks; }

  // --- starts (seed "What starts a sequence") ---
  // Starts the root unless the tree is already playing.
  void play();
  // Stops every node and starts the root again.
  void restart();
  // Stops every node (work nodes end: particle systems stop emitting).
  void stop();
  // Effect spawn: autoplay off, destroy at end, then play. The caller sets up to six initial
  // channel values first (it knows the names).
  void effectSpawn();

  // One fixed step of `dt` seconds.
  void step(float dt);

  // --- inputs, kept current by the caller ---
  std::vector<float> channels;          // one value per sequence channel (unset reads 0)
  uint32_t bitset = 0;                  // condition kind 1
  std::vector<std::string> components;  // condition kind 3
  float importance = 1.0f;

  // --- state (read-only for the viewer) ---
  bool playing() const;                    // some node is in delay or running
  bool paused() const { return paused_; }  // importance below the threshold at the last step
  bool playPending() const { return pendingPlay_; }  // a start waits for importance to rise
  bool rootEnded() const { return rootEnded_; }
  bool objectDestroyed() const { return objectDestroyed_; }  // flag bit 1 fired at the root's end
  bool destroyAtEnd() const { return destroyAtEnd_; }
  bool endConditionFired() const { return endFired_; }
  uint32_t rootStarts() const { return rootStarts_; }
  size_t nodeCount() const { return nodes_.size(); }
  const NodeRuntime& node(int32_t id) const { return nodes_[size_t(id)]; }
  int32_t flowCount() const { return graph_ ? graph_->flowCount : 0; }
  bool isFlow(int32_t id) const { return id < flowCount(); }
  const NodeHeader& header(int32_t id) const;
  bool evaluate(const Condition& c, bool forStart) const;

 private:
  void startRoot(double leftover);
  double hookTime(double leftover) const { return inStep_ ? leftover : -1.0; }
  void startNode(int32_t id, double leftover, bool repeat);
  void advance(int32_t id, double dt);
  void enterRunning(int32_t id, double dt);
  void runFlow(int32_t id, double dt);
  void runWork(int32_t id, double dt);
  void endNode(int32_t id, double leftover);
  void completePlay(int32_t id, double leftover);
  void childEnded(int32_t parent, int32_t child, double leftover);
  void resetSubtree(int32_t id);  // stops the node's descendants and sets them Waiting
  void stopNode(int32_t id);      // stops the node and its descendants (state Ended)
  void deactivate(int32_t id);
  float channelValue(int32_t index) const;

  const SequenceDefinition* def_ = nullptr;
  const SequenceGraph* graph_ = nullptr;
  WorkHooks* hooks_ = nullptr;
  Lcg rng_;
  std::vector<NodeRuntime> nodes_;
  uint64_t stepIndex_ = 1;
  bool paused_ = false;
  bool pendingPlay_ = false;  // play() while paused: starts when importance rises
  bool inStep_ = false;
  bool rootEnded_ = false;
  bool objectDestroyed_ = false;
  bool destroyAtEnd_ = false;
  bool endFired_ = false;
  uint32_t rootStarts_ = 0;
};

}  // namespace fx::destiny
