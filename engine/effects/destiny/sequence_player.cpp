#include "engine/effects/destiny/sequence_player.h"

#include <algorithm>

namespace fx::destiny {

namespace {

// Timers compare with a small tolerance so sums of 1/30 s steps land on authored times.
constexpr double kTimeEpsilon = 1e-6;
// A node that restarts more often than this inside one step (zero-length loops) waits for the
// next step: bad data never hangs the player.
constexpr uint32_t kMaxRestartsPerStep = 16;

bool isActive(NodeState s) {
  return s == NodeState::Delay || s == NodeState::Running;
}

}  // namespace

const char* nodeStateName(NodeState s) {
  switch (s) {
    case NodeState::Waiting:
      return "waiting";
    case NodeState::Delay:
      return "delay";
    case NodeState::Running:
      return "running";
    case NodeState::Ended:
      return "ended";
  }
  return "?";
}

void SequencePlayer::init(const SequenceDefinition* def, const SequenceGraph* graph, uint32_t seed,
                          WorkHooks* hooks) {
  def_ = def;
  graph_ = graph;
  hooks_ = hooks;
  rng_ = Lcg{seed};
  nodes_.assign(graph->children.size(), NodeRuntime{});
  channels.assign(def->channels.size(), 0.0f);
  destroyAtEnd_ = (def->flags & kSeqDestroyAtEnd) != 0;
}

const NodeHeader& SequencePlayer::header(int32_t id) const {
  if (isFlow(id)) return def_->flowNodes[size_t(id)].header;
  return def_->workNodes[size_t(id - graph_->flowCount)].header;
}

bool SequencePlayer::playing() const {
  return std::any_of(nodes_.begin(), nodes_.end(),
                     [](const NodeRuntime& n) { return isActive(n.state); });
}

float SequencePlayer::channelValue(int32_t index) const {
  // Seed: "That an unset channel reads 0 is assumed."
  if (index < 0 || size_t(index) >= channels.size()) return 0.0f;
  return channels[size_t(index)];
}

bool SequencePlayer::evaluate(const Condition& c, bool forStart) const {
  switch (c.kind) {
    case ConditionKind::None:
      return forStart;
    case ConditionKind::ChannelRange: {
      float v = channelValue(c.channel);
      return v >= c.min && v < c.max;
    }
    case ConditionKind::Bitset:
      return c.channel >= 0 && c.channel < 32 && (bitset & (1u << uint32_t(c.channel))) != 0;
    case ConditionKind::Never:
      return false;
    case ConditionKind::ComponentFilter:
      return std::find(components.begin(), components.end(), c.component) != components.end();
  }
  return false;
}

// --- starts -----------------------------------------------------------------------------------

void SequencePlayer::play() {
  if (!graph_ || graph_->root < 0 || objectDestroyed_) return;
  if (isActive(nodes_[size_t(graph_->root)].state)) return;
  // Seed: "the player pauses while the object's importance is below it": nothing starts.
  if (importance < float(def_->importanceThreshold)) {
    pendingPlay_ = true;
    return;
  }
  // Started between steps: the next step advances it by its full dt.
  startRoot(0.0);
}

void SequencePlayer::startRoot(double leftover) {
  pendingPlay_ = false;
  rootEnded_ = false;
  endFired_ = false;
  ++rootStarts_;
  startNode(graph_->root, leftover, false);
}

void SequencePlayer::restart() {
  if (!graph_ || graph_->root < 0 || objectDestroyed_) return;
  stop();
  play();
}

void SequencePlayer::stop() {
  if (!graph_) return;
  pendingPlay_ = false;
  for (int32_t id = 0; id < int32_t(nodes_.size()); ++id)
    if (isActive(nodes_[size_t(id)].state)) stopNode(id);
}

void SequencePlayer::effectSpawn() {
  // Seed: "effect spawn: autoplay off, destroy at end, up to six initial channel values, then
  // play".
  destroyAtEnd_ = true;
  play();
}

// --- stepping ---------------------------------------------------------------------------------

void SequencePlayer::step(float dt) {
  ++stepIndex_;
  if (!graph_ || objectDestroyed_) return;
  // Seed: "the player pauses while the object's importance is below it".
  paused_ = importance < float(def_->importanceThreshold);
  if (paused_) return;
  inStep_ = true;
  struct Leave {
    bool& flag;
    ~Leave() { flag = false; }
  } leave{inStep_};
  if (pendingPlay_ && !isActive(nodes_[size_t(graph_->root)].state)) {
    startRoot(double(dt));  // started in this step: it runs the whole of it
  }
  pendingPlay_ = false;
  if (playing() && def_->endCondition.kind != ConditionKind::None &&
      evaluate(def_->endCondition, false)) {
    endFired_ = true;
    stop();
    rootEnded_ = true;
    if (destroyAtEnd_) objectDestroyed_ = true;
    return;
  }
  for (int32_t id = 0; id < int32_t(nodes_.size()); ++id) {
    const NodeRuntime& n = nodes_[size_t(id)];
    if (isActive(n.state) && n.stamp != stepIndex_) advance(id, double(dt));
  }
}

void SequencePlayer::startNode(int32_t id, double leftover, bool repeat) {
  NodeRuntime& n = nodes_[size_t(id)];
  if (isActive(n.state)) deactivate(id);
  resetSubtree(id);
  if (n.restartStamp != stepIndex_) {
    n.restartStamp = stepIndex_;
    n.restartsThisStep = 0;
  }
  ++n.restartsThisStep;
  ++n.starts;
  const NodeHeader& h = header(id);
  // Seed: start delay and duration, "shortest and longest", drawn per start.
  n.delay = rng_.range(h.startDelay.lo, h.startDelay.hi);
  n.duration = rng_.range(h.duration.lo, h.duration.hi);
  n.timer = !h.noTimer();
  n.time = 0.0;
  n.stopped = false;
  n.conditionFailed = false;
  n.current = -1;
  n.pending = 0;
  n.gateOpen = false;
  n.stamp = stepIndex_;
  if (isFlow(id)) {
    const FlowNode& f = def_->flowNodes[size_t(id)];
    if (!repeat) {
      n.playsLeft = std::max(1, f.repeatCount);
      n.gateArmed = true;
    }
    // Seed: the start condition "is sampled when the node starts or restarts".
    if (!evaluate(f.startCondition, true)) {
      n.conditionFailed = true;
      n.state = NodeState::Ended;
      childEnded(graph_->parent[size_t(id)], id, leftover);
      return;
    }
  }
  n.state = NodeState::Delay;
  if (n.restartsThisStep > kMaxRestartsPerStep) return;  // continues next step
  advance(id, leftover);
}

void SequencePlayer::advance(int32_t id, double dt) {
  NodeRuntime& n = nodes_[size_t(id)];
  n.stamp = stepIndex_;
  if (n.state == NodeState::Delay) {
    // No timer: no delay either ("runs its delay, then its duration, or no timer at all").
    double delay = n.timer ? double(n.delay) : 0.0;
    n.time += dt;
    if (n.time + kTimeEpsilon < delay) return;
    double rest = std::max(0.0, n.time - delay);
    n.time = 0.0;
    n.state = NodeState::Running;
    enterRunning(id, rest);
    return;
  }
  if (n.state != NodeState::Running) return;
  if (isFlow(id))
    runFlow(id, dt);
  else
    runWork(id, dt);
}

void SequencePlayer::enterRunning(int32_t id, double dt) {
  if (!isFlow(id)) {
    if (hooks_) hooks_->workStarted(id - graph_->flowCount, hookTime(dt));
    runWork(id, dt);
    return;
  }
  NodeRuntime& n = nodes_[size_t(id)];
  const FlowNode& f = def_->flowNodes[size_t(id)];
  const auto& kids = graph_->children[size_t(id)];
  switch (f.type) {
    case FlowType::Serial:
      if (kids.empty()) return completePlay(id, dt);
      n.current = 0;
      startNode(kids[0], dt, false);
      break;
    case FlowType::Parallel:
    case FlowType::Parallel4:
    case FlowType::Parallel5:
      if (kids.empty()) return completePlay(id, dt);
      n.pending = int32_t(kids.size());
      n.minLeftoverStamp = 0;
      n.launching = true;
      for (int32_t c : kids) startNode(c, dt, false);
      n.launching = false;
      if (nodes_[size_t(id)].state == NodeState::Running && nodes_[size_t(id)].pending == 0)
        return completePlay(id, n.minLeftover);
      break;
    case FlowType::Random: {
      if (kids.empty()) return completePlay(id, dt);
      const auto& w = graph_->weights[size_t(id)];
      float total = 0.0f;
      for (float x : w) total += std::max(0.0f, x);
      int32_t pick = 0;
      if (total > 0.0f) {
        float u = rng_.unit() * total;
        float acc = 0.0f;
        pick = -1;
        for (size_t i = 0; i < w.size(); ++i) {
          if (w[i] <= 0.0f) continue;
          acc += w[i];
          pick = int32_t(i);
          if (u < acc) break;
        }
      } else {
        pick = rng_.rangeInt(0, int32_t(kids.size()));
      }
      n.current = pick;
      startNode(kids[size_t(pick)], dt, false);
      break;
    }
    case FlowType::StartAndEnd:
      // Seed: "starts its children and ends at once".
      for (int32_t c : kids) startNode(c, dt, false);
      endNode(id, dt);
      break;
    case FlowType::ChannelGate:
      runFlow(id, dt);
      break;
  }
}

void SequencePlayer::runWork(int32_t id, double dt) {
  NodeRuntime& n = nodes_[size_t(id)];
  if (!n.timer) return;  // "A node with no timer runs until stopped."
  n.time += dt;
  if (n.time + kTimeEpsilon < double(n.duration)) return;
  endNode(id, std::max(0.0, n.time - double(n.duration)));
}

void SequencePlayer::runFlow(int32_t id, double dt) {
  NodeRuntime& n = nodes_[size_t(id)];
  const FlowNode& f = def_->flowNodes[size_t(id)];
  const auto& kids = graph_->children[size_t(id)];
  n.time += dt;
  if (f.endCondition.kind != ConditionKind::None && evaluate(f.endCondition, false)) {
    for (int32_t c : kids) stopNode(c);
    endNode(id, dt);
    return;
  }
  if (n.timer && n.duration > 0.0f && n.time + kTimeEpsilon >= double(n.duration)) {
    for (int32_t c : kids) stopNode(c);
    // Ending by its own duration is the end of a play, as when its children end: the repeat
    // count and loop flag apply ("A node under a loop flag restarts").
    completePlay(id, std::max(0.0, n.time - double(n.duration)));
    return;
  }
  if (f.type != FlowType::ChannelGate) return;
  // Seed: "channel gate: children start when a channel enters [min, max) and stop when it leaves".
  float v = channelValue(f.gateChannel);
  bool inside = v >= f.gateRange.lo && v < f.gateRange.hi;
  if (!n.gateOpen && n.gateArmed && inside) {
    n.gateOpen = true;
    ++n.gateOpens;
    for (int32_t c : kids) startNode(c, dt, false);
  } else if (n.gateOpen && !inside) {
    n.gateOpen = false;
    for (int32_t c : kids) stopNode(c);
    // Seed: "A channel gate re-arms when its loop flag is set."
    if (!f.loop) {
      n.gateArmed = false;
      endNode(id, dt);
    }
  }
}

void SequencePlayer::endNode(int32_t id, double leftover) {
  NodeRuntime& n = nodes_[size_t(id)];
  bool wasRunning = n.state == NodeState::Running;
  n.state = NodeState::Ended;
  if (wasRunning && !isFlow(id) && hooks_)
    hooks_->workEnded(id - graph_->flowCount, hookTime(leftover));
  childEnded(graph_->parent[size_t(id)], id, leftover);
}

void SequencePlayer::completePlay(int32_t id, double leftover) {
  NodeRuntime& n = nodes_[size_t(id)];
  const FlowNode& f = def_->flowNodes[size_t(id)];
  --n.playsLeft;
  if (n.playsLeft > 0 || f.loop) {
    if (n.playsLeft <= 0) n.playsLeft = std::max(1, f.repeatCount);
    // Seed: "A node under a loop flag restarts."
    startNode(id, leftover, true);
    return;
  }
  endNode(id, leftover);
}

void SequencePlayer::childEnded(int32_t parent, int32_t child, double leftover) {
  if (parent < 0) {
    if (child != graph_->root) return;
    rootEnded_ = true;
    // Seed flag bit 1: "destroys the object when the root ends".
    if (destroyAtEnd_) {
      objectDestroyed_ = true;
      stop();
    }
    return;
  }
  NodeRuntime& p = nodes_[size_t(parent)];
  if (p.state != NodeState::Running) return;  // type 3 already ended; a gate closed
  const FlowNode& f = def_->flowNodes[size_t(parent)];
  const auto& kids = graph_->children[size_t(parent)];
  switch (f.type) {
    case FlowType::Serial:
      if (p.current < 0 || size_t(p.current) >= kids.size() || kids[size_t(p.current)] != child)
        return;
      if (size_t(++p.current) >= kids.size()) return completePlay(parent, leftover);
      startNode(kids[size_t(p.current)], leftover, false);
      break;
    case FlowType::Parallel:
    case FlowType::Parallel4:
    case FlowType::Parallel5:
      if (p.minLeftoverStamp != stepIndex_) {
        p.minLeftoverStamp = stepIndex_;
        p.minLeftover = leftover;
      } else {
        p.minLeftover = std::min(p.minLeftover, leftover);
      }
      if (--p.pending == 0 && !p.launching) completePlay(parent, p.minLeftover);
      break;
    case FlowType::Random:
      if (p.current >= 0 && size_t(p.current) < kids.size() && kids[size_t(p.current)] == child)
        completePlay(parent, leftover);
      break;
    case FlowType::StartAndEnd:
    case FlowType::ChannelGate:
      break;
  }
}

void SequencePlayer::deactivate(int32_t id) {
  NodeRuntime& n = nodes_[size_t(id)];
  bool wasRunning = n.state == NodeState::Running;
  n.state = NodeState::Ended;
  n.stopped = true;
  // A stop inside a step (a parent's timer or end condition) takes effect from the step's start.
  if (wasRunning && !isFlow(id) && hooks_) hooks_->workEnded(id - graph_->flowCount, -1.0);
}

void SequencePlayer::stopNode(int32_t id) {
  for (int32_t c : graph_->children[size_t(id)]) stopNode(c);
  if (isActive(nodes_[size_t(id)].state)) deactivate(id);
}

void SequencePlayer::resetSubtree(int32_t id) {
  for (int32_t c : graph_->children[size_t(id)]) {
    resetSubtree(c);
    if (isActive(nodes_[size_t(c)].state)) deactivate(c);
    nodes_[size_t(c)].state = NodeState::Waiting;
    nodes_[size_t(c)].stopped = false;
  }
}

}  // namespace fx::destiny
