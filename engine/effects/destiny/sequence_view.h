// The destiny_sequence instance as the GUI sees it: a small read-only state API for a live
// sequence tree panel, plus the gameplay start calls (seed "What starts a sequence").
//
//   if (auto* seq = fx::destiny::sequenceApi(*runtime.instance)) {
//     const SequencePlayer& p = seq->player();
//     for (int32_t id = 0; id < int32_t(p.nodeCount()); ++id) {
//       const NodeRuntime& n = p.node(id);       // state (waiting / delay / running / ended),
//       time, p.header(id).name; n.delay; n.duration;   // drawn delay and duration, gate open /
//       armed, seq->graph().children[id];                // plays left; children by node id
//       seq->systemCount(workIndex);              // live system instances of a particle node
//     }
//     seq->play(); seq->restart(); seq->effectSpawn({{"alive", 1}});
//   }
//
// Node ids: flow nodes 0..F-1, then work nodes (work index w = id - F). Gate channels: for a
// type-6 flow node, channelValue(flow.gateChannel). Edits made here are not recorded in the
// preset; a World reset re-instantiates the effect (and replays its scripted actions).
#pragma once

#include <span>
#include <string_view>

#include "engine/effects/destiny/sequence_definition.h"
#include "engine/effects/destiny/sequence_particles.h"
#include "engine/effects/destiny/sequence_player.h"
#include "engine/effects/effect.h"

namespace fx::destiny {

class SequenceInstanceApi {
 public:
  virtual ~SequenceInstanceApi() = default;
  virtual const SequenceDefinition& definition() const = 0;
  virtual const SequenceGraph& graph() const = 0;
  virtual const SequencePlayer& player() const = 0;
  // Value of sequence channel `index` as the player reads it (unset reads 0).
  virtual float channelValue(int32_t index) const = 0;
  virtual size_t systemCount(int32_t workIndex) const = 0;  // -1 = all
  // Live system instances: node, row, instance k (its spawn frame), and the SystemInstance.
  virtual const std::vector<LiveSystem>& systems() const = 0;
  // The three expression results of a particle node (top of stack after each run; 0 when empty).
  virtual std::array<vec4, 3> expressionValues(int32_t workIndex) const = 0;

  // --- gameplay calls ---
  virtual void play() = 0;
  virtual void restart() = 0;
  virtual void stop() = 0;
  // Autoplay off, destroy at end, up to six initial channel values (extra ones ignored), then play.
  virtual void effectSpawn(std::span<const SpawnChannel> channels) = 0;
  virtual void setChannel(std::string_view name, float value) = 0;
  virtual void setImportance(float value) = 0;
};

// The API of a destiny_sequence instance; null for every other family.
SequenceInstanceApi* sequenceApi(EffectInstance& instance);
const SequenceInstanceApi* sequenceApi(const EffectInstance& instance);

}  // namespace fx::destiny
