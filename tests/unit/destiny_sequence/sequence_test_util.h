// Builders for sequence tests: small trees made in code, finalized like a loaded file, and a
// player driven at a fixed rate with every work start and end recorded with its time.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/effects/destiny/sequence_definition.h"
#include "engine/effects/destiny/sequence_player.h"
#include "engine/effects/effect.h"

namespace fx::destiny::seqtest {

inline WorkNode work(const std::string& name, float duration, float delay = 0.0f,
                     uint32_t flags = 0) {
  WorkNode w;
  w.header.name = name;
  w.header.duration = {duration, duration};
  w.header.startDelay = {delay, delay};
  w.header.flags = flags;
  w.type = 0;  // a generic work node: timing only
  return w;
}

inline FlowNode flow(FlowType type, std::vector<ChildRef> children) {
  FlowNode f;
  f.type = type;
  f.children = std::move(children);
  return f;
}

inline ChildRef W(int32_t i, float weight = 1.0f) {
  return {NodeKind::Work, i, weight};
}
inline ChildRef F(int32_t i, float weight = 1.0f) {
  return {NodeKind::Flow, i, weight};
}

struct Event {
  int32_t work;
  bool start;
  double time;
};

// Records work starts and ends with the time of the step they happen in.
class Recorder final : public WorkHooks {
 public:
  double now = 0.0;
  std::vector<Event> events;
  void workStarted(int32_t w, double) override { events.push_back({w, true, now}); }
  void workEnded(int32_t w, double) override { events.push_back({w, false, now}); }
  // Time of the n-th start (or end) of work node w; -1 when it did not happen.
  double at(int32_t w, bool start, int n = 0) const {
    for (const auto& e : events)
      if (e.work == w && e.start == start && n-- == 0) return e.time;
    return -1.0;
  }
  int count(int32_t w, bool start) const {
    int c = 0;
    for (const auto& e : events) c += (e.work == w && e.start == start) ? 1 : 0;
    return c;
  }
};

struct Harness {
  SequenceDefinition def;
  SequenceGraph graph;
  SequencePlayer player;
  Recorder rec;
  float dt = 1.0f / 30.0f;
  uint64_t steps = 0;

  // Finalizes (expects no errors) and initializes the player.
  void init(uint32_t seed = 1) {
    Diagnostics diags;
    LoadContext lc;
    lc.file = "test";
    lc.diags = &diags;
    finalizeSequence(def, graph, lc);
    ASSERT_FALSE(diags.hasErrors()) << diags.formatAll();
    player.init(&def, &graph, seed, &rec);
  }
  void step(int n = 1) {
    for (int i = 0; i < n; ++i) {
      ++steps;
      rec.now = double(steps) * double(dt);
      player.step(dt);
    }
  }
  int32_t workId(int32_t w) const { return graph.flowCount + w; }
  NodeState workState(int32_t w) const { return player.node(workId(w)).state; }
};

}  // namespace fx::destiny::seqtest
