// The sequence player against the seed's "Sequences", "The node header", "Flow nodes" and "What
// starts a sequence" sections, with fixed delays and durations so every time is exact.
#include "tests/unit/destiny_sequence/sequence_test_util.h"

namespace fx::destiny::seqtest {
namespace {

constexpr double kStep = 1.0 / 30.0;
constexpr double kTol = 1e-4;

// Seed: "0 serial: each child starts when the one before ends". "A work node runs its delay, then
// its duration ... On timeout it ends and tells its parent."
TEST(SequencePlayer, SerialStartsEachChildWhenTheOneBeforeEnds) {
  Harness h;
  h.def.workNodes = {work("a", 0.5f), work("b", 0.5f), work("c", 0.5f)};
  h.def.flowNodes = {flow(FlowType::Serial, {W(0), W(1), W(2)})};
  h.init();
  h.player.play();
  h.step(60);
  EXPECT_NEAR(h.rec.at(0, true), 0.0, kTol);
  EXPECT_NEAR(h.rec.at(0, false), 0.5, kTol);
  EXPECT_NEAR(h.rec.at(1, true), 0.5, kTol);
  EXPECT_NEAR(h.rec.at(1, false), 1.0, kTol);
  EXPECT_NEAR(h.rec.at(2, true), 1.0, kTol);
  EXPECT_NEAR(h.rec.at(2, false), 1.5, kTol);
  EXPECT_TRUE(h.player.rootEnded());
  EXPECT_FALSE(h.player.playing());
}

// fxview's timing rule (sequence_player.h): time left in a step after a node ends goes to the node
// that starts next, so a chain does not drift with the step rate. At 10 Hz, three 0.25 s nodes end
// in the steps that reach 0.25, 0.5 and 0.75 s.
TEST(SequencePlayer, SerialCarriesLeftoverTimeAcrossSteps) {
  Harness h;
  h.dt = 0.1f;
  h.def.workNodes = {work("a", 0.25f), work("b", 0.25f), work("c", 0.25f)};
  h.def.flowNodes = {flow(FlowType::Serial, {W(0), W(1), W(2)})};
  h.init();
  h.player.play();
  h.step(10);
  EXPECT_NEAR(h.rec.at(0, false), 0.3, kTol);  // first step at or past 0.25
  EXPECT_NEAR(h.rec.at(1, false), 0.5, kTol);  // 0.25 + 0.25 exactly: no drift
  EXPECT_NEAR(h.rec.at(2, false), 0.8, kTol);  // 0.75 falls inside the 0.7..0.8 step
}

// Seed: "1 parallel", "4 parallel", "5 parallel": every child starts at once; fxview ends the node
// when its last child ends.
TEST(SequencePlayer, ParallelTypesStartAllChildrenAndEndWithTheLast) {
  for (FlowType t : {FlowType::Parallel, FlowType::Parallel4, FlowType::Parallel5}) {
    Harness h;
    h.def.workNodes = {work("a", 0.2f), work("b", 0.5f), work("c", 0.3f)};
    h.def.flowNodes = {flow(t, {W(0), W(1), W(2)})};
    h.init();
    h.player.play();
    h.step(30);
    for (int w = 0; w < 3; ++w) EXPECT_NEAR(h.rec.at(w, true), 0.0, kTol);
    EXPECT_NEAR(h.rec.at(0, false), 0.2, kTol);
    EXPECT_NEAR(h.rec.at(2, false), 0.3, kTol);
    EXPECT_NEAR(h.rec.at(1, false), 0.5, kTol);
    EXPECT_TRUE(h.player.rootEnded());
    EXPECT_EQ(h.player.node(0).state, NodeState::Ended);
  }
}

// Seed: "2 random: starts one child, picked by weight".
TEST(SequencePlayer, RandomStartsOneChildPickedByWeight) {
  Harness h;
  h.def.workNodes = {work("a", 0.1f), work("b", 0.1f), work("c", 0.1f)};
  h.def.flowNodes = {flow(FlowType::Random, {W(0, 0.0f), W(1, 1.0f), W(2, 0.0f)})};
  h.init();
  for (int i = 0; i < 20; ++i) {
    h.player.restart();
    h.step(4);
  }
  EXPECT_EQ(h.rec.count(0, true), 0);
  EXPECT_EQ(h.rec.count(1, true), 20);
  EXPECT_EQ(h.rec.count(2, true), 0);
}

TEST(SequencePlayer, RandomWeightsSetTheOdds) {
  Harness h;
  h.def.workNodes = {work("a", 0.0f), work("b", 0.0f)};
  h.def.flowNodes = {flow(FlowType::Random, {W(0, 1.0f), W(1, 3.0f)})};
  h.init(7);
  for (int i = 0; i < 4000; ++i) {
    h.player.restart();
    h.step();
  }
  double share = double(h.rec.count(1, true)) / 4000.0;
  EXPECT_NEAR(share, 0.75, 0.03);
  EXPECT_EQ(h.rec.count(0, true) + h.rec.count(1, true), 4000);
}

// Seed: "3 starts its children and ends at once". The children keep running.
TEST(SequencePlayer, StartAndEndEndsAtOnceWhileChildrenRun) {
  Harness h;
  h.def.workNodes = {work("long", 1.0f), work("next", 0.2f)};
  h.def.flowNodes = {flow(FlowType::Serial, {F(1), W(1)}), flow(FlowType::StartAndEnd, {W(0)})};
  h.init();
  h.player.play();
  EXPECT_EQ(h.player.node(1).state, NodeState::Ended);  // ended at once
  EXPECT_NEAR(h.rec.at(1, true), 0.0, kTol);            // so the serial parent moved on
  h.step(15);
  EXPECT_NEAR(h.rec.at(1, false), 0.2, kTol);
  EXPECT_TRUE(h.player.rootEnded());
  EXPECT_EQ(h.workState(0), NodeState::Running);  // the child of type 3 still runs
  h.step(15);
  EXPECT_NEAR(h.rec.at(0, false), 1.0, kTol);
}

// Seed: "6 channel gate: children start when a channel enters [min, max) and stop when it leaves".
// A work node with a fixed 0.5 s delay under the gate: it runs 0.5 s after the channel enters.
TEST(SequencePlayer, ChannelGateStartsAndStopsChildren) {
  Harness h;
  h.def.channels = {{"alive", ""}};
  h.def.workNodes = {work("fire", 100.0f, 0.5f)};
  FlowNode gate = flow(FlowType::ChannelGate, {W(0)});
  gate.gateRange = {1.0f, 2.0f};
  gate.gateChannel = 0;
  h.def.flowNodes = {gate};
  h.init();
  h.player.play();
  h.step(30);  // channel 0: closed
  EXPECT_EQ(h.workState(0), NodeState::Waiting);
  h.player.channels[0] = 1.0f;  // enters [1, 2) at t = 1.0
  h.step(1);                    // the step from 1.0 to 1.033 s: the gate opens at its start
  EXPECT_EQ(h.workState(0), NodeState::Delay);
  h.step(13);
  EXPECT_EQ(h.workState(0), NodeState::Delay);
  h.step(1);  // 1.5 s: the 0.5 s delay is over
  EXPECT_NEAR(h.rec.at(0, true), 1.5, kTol);
  EXPECT_EQ(h.workState(0), NodeState::Running);
  h.player.channels[0] = 2.0f;  // leaves: max is exclusive
  h.step(1);
  EXPECT_EQ(h.workState(0), NodeState::Ended);
  EXPECT_NEAR(h.rec.at(0, false), 1.5 + kStep, kTol);
  // Without the loop flag the gate does not re-arm: it has ended.
  EXPECT_EQ(h.player.node(0).state, NodeState::Ended);
  h.player.channels[0] = 1.5f;
  h.step(30);
  EXPECT_EQ(h.rec.count(0, true), 1);
}

// Seed: "A channel gate re-arms when its loop flag is set."
TEST(SequencePlayer, ChannelGateReArmsWithLoopFlag) {
  Harness h;
  h.def.channels = {{"alive", ""}};
  WorkNode fire = work("fire", 0.0f, 0.0f, 0x10);  // no timer
  h.def.workNodes = {fire};
  FlowNode gate = flow(FlowType::ChannelGate, {W(0)});
  gate.gateRange = {0.5f, 10.0f};
  gate.loop = true;
  h.def.flowNodes = {gate};
  h.init();
  h.player.play();
  for (int cycle = 0; cycle < 3; ++cycle) {
    h.player.channels[0] = 1.0f;
    h.step(5);
    EXPECT_EQ(h.workState(0), NodeState::Running);
    h.player.channels[0] = 0.0f;
    h.step(5);
    EXPECT_EQ(h.workState(0), NodeState::Ended);
    EXPECT_EQ(h.player.node(0).state, NodeState::Running);  // the gate itself keeps running
  }
  EXPECT_EQ(h.rec.count(0, true), 3);
  EXPECT_EQ(h.player.node(0).gateOpens, 3u);
}

// Seed: "repeat count and loop flag, flow nodes only"; "A node under a loop flag restarts."
TEST(SequencePlayer, RepeatCountPlaysTheNodeThatManyTimes) {
  Harness h;
  h.def.workNodes = {work("burst", 0.1f)};
  FlowNode f = flow(FlowType::Serial, {W(0)});
  f.repeatCount = 3;
  h.def.flowNodes = {f};
  h.init();
  h.player.play();
  h.step(30);
  EXPECT_EQ(h.rec.count(0, true), 3);
  EXPECT_NEAR(h.rec.at(0, true, 1), 0.1, kTol);
  EXPECT_NEAR(h.rec.at(0, true, 2), 0.2, kTol);
  EXPECT_NEAR(h.rec.at(0, false, 2), 0.3, kTol);
  EXPECT_TRUE(h.player.rootEnded());
}

TEST(SequencePlayer, LoopFlagRestartsForever) {
  Harness h;
  h.def.workNodes = {work("burst", 0.1f)};
  FlowNode f = flow(FlowType::Serial, {W(0)});
  f.repeatCount = 2;
  f.loop = true;
  h.def.flowNodes = {f};
  h.init();
  h.player.play();
  h.step(30);                           // 1 s: ten plays of 0.1 s
  EXPECT_EQ(h.rec.count(0, true), 11);  // the eleventh starts as the tenth ends
  EXPECT_FALSE(h.player.rootEnded());
  EXPECT_TRUE(h.player.playing());
}

// Seed: "A node under a loop flag restarts." A flow node that ends by its own duration (its child
// still running) is a play like one whose children end: the repeat count counts it, and the start
// delay is run again on each play.
TEST(SequencePlayer, NodeEndingByItsOwnDurationRepeats) {
  Harness h;
  h.def.workNodes = {work("long", 10.0f)};
  FlowNode f = flow(FlowType::Serial, {W(0)});
  f.header.duration = {0.3f, 0.3f};
  f.header.startDelay = {0.1f, 0.1f};
  f.repeatCount = 2;
  h.def.flowNodes = {f};
  h.init();
  h.player.play();
  h.step(30);
  EXPECT_EQ(h.rec.count(0, true), 2);
  EXPECT_NEAR(h.rec.at(0, true, 0), 0.1, kTol);
  EXPECT_NEAR(h.rec.at(0, false, 0), 0.4, kTol);  // stopped by the flow node's duration
  EXPECT_NEAR(h.rec.at(0, true, 1), 0.5, kTol);   // delay again, then the second play
  EXPECT_NEAR(h.rec.at(0, false, 1), 0.8, kTol);
  EXPECT_EQ(h.player.node(0).starts, 2u);
  EXPECT_TRUE(h.player.rootEnded());
  EXPECT_FALSE(h.player.playing());
}

// Seed: "A node under a loop flag restarts."
TEST(SequencePlayer, NodeEndingByItsOwnDurationLoops) {
  Harness h;
  h.def.workNodes = {work("long", 10.0f)};
  FlowNode f = flow(FlowType::Parallel, {W(0)});
  f.header.duration = {0.2f, 0.2f};
  f.loop = true;
  h.def.flowNodes = {f};
  h.init();
  h.player.play();
  h.step(30);                          // 1 s: five plays of 0.2 s
  EXPECT_EQ(h.rec.count(0, true), 6);  // the sixth starts as the fifth ends
  EXPECT_NEAR(h.rec.at(0, true, 1), 0.2, kTol);
  EXPECT_NEAR(h.rec.at(0, false, 3), 0.8, kTol);
  EXPECT_NEAR(h.rec.at(0, true, 4), 0.8, kTol);
  EXPECT_FALSE(h.player.rootEnded());
  EXPECT_TRUE(h.player.playing());
}

// A zero-length loop must not hang the step (bad input never hangs).
TEST(SequencePlayer, ZeroLengthLoopDoesNotHang) {
  Harness h;
  h.def.workNodes = {work("nothing", 0.0f)};
  FlowNode f = flow(FlowType::Serial, {W(0)});
  f.loop = true;
  h.def.flowNodes = {f};
  h.init();
  h.player.play();
  h.step(3);
  EXPECT_GT(h.rec.count(0, true), 0);
  EXPECT_LT(h.rec.count(0, true), 100);
}

// Seed: "flags; & 0x18 means no timer"; "A node with no timer runs until stopped."
TEST(SequencePlayer, NoTimerRunsUntilStopped) {
  for (uint32_t flag : {0x08u, 0x10u}) {
    Harness h;
    h.def.workNodes = {work("idle", 0.1f, 0.5f, flag)};
    h.def.flowNodes = {flow(FlowType::Parallel, {W(0)})};
    h.init();
    h.player.play();
    EXPECT_EQ(h.workState(0), NodeState::Running);  // no delay either
    h.step(300);
    EXPECT_EQ(h.workState(0), NodeState::Running);
    h.player.stop();
    EXPECT_EQ(h.workState(0), NodeState::Ended);
    EXPECT_EQ(h.rec.count(0, false), 1);
  }
}

// Seed: "start delay and duration, shortest and longest": drawn per start with the instance Lcg.
TEST(SequencePlayer, DelayAndDurationDrawnPerStartFromTheLcg) {
  Harness h;
  WorkNode w = work("a", 0.0f);
  w.header.startDelay = {0.2f, 0.4f};
  w.header.duration = {1.0f, 3.0f};
  h.def.workNodes = {w};
  h.def.flowNodes = {flow(FlowType::Parallel, {W(0)})};
  h.init(1234);
  Lcg ref{1234};
  for (int start = 0; start < 3; ++start) {
    h.player.restart();
    ref.next();  // the root's delay and duration draws come first
    ref.next();
    float delay = ref.range(0.2f, 0.4f);
    float duration = ref.range(1.0f, 3.0f);
    EXPECT_FLOAT_EQ(h.player.node(h.workId(0)).delay, delay);
    EXPECT_FLOAT_EQ(h.player.node(h.workId(0)).duration, duration);
  }
}

// Seed: "It is sampled when the node starts or restarts." A failed start condition skips the node.
TEST(SequencePlayer, StartConditionSampledAtStart) {
  Harness h;
  h.def.channels = {{"vehicle_power", ""}};
  h.def.workNodes = {work("gated", 0.5f), work("after", 0.5f)};
  FlowNode cond = flow(FlowType::Parallel, {W(0)});
  cond.startCondition = {ConditionKind::ChannelRange, 1.0f, 2.0f, 0, ""};
  h.def.flowNodes = {flow(FlowType::Serial, {F(1), W(1)}), cond};
  h.init();
  h.player.play();
  EXPECT_TRUE(h.player.node(1).conditionFailed);
  EXPECT_EQ(h.rec.count(0, true), 0);
  EXPECT_NEAR(h.rec.at(1, true), 0.0, kTol);
  // Setting the channel later does not start it: the condition is not re-sampled until a restart.
  h.player.channels[0] = 1.0f;
  h.step(10);
  EXPECT_EQ(h.rec.count(0, true), 0);
  h.player.restart();
  EXPECT_EQ(h.rec.count(0, true), 1);
}

// Seed condition kinds: "1 a bit is set in a per-object bitset", "2 never", "3 a component filter
// passes".
TEST(SequencePlayer, ConditionKinds) {
  Harness h;
  h.def.channels = {{"alive", ""}};
  h.def.workNodes = {work("a", 1.0f)};
  h.def.flowNodes = {flow(FlowType::Parallel, {W(0)})};
  h.init();
  SequencePlayer& p = h.player;
  p.channels[0] = 0.5f;
  EXPECT_TRUE(p.evaluate({ConditionKind::ChannelRange, 0.0f, 1.0f, 0, ""}, true));
  EXPECT_FALSE(
      p.evaluate({ConditionKind::ChannelRange, 0.0f, 0.5f, 0, ""}, true));  // max exclusive
  EXPECT_FALSE(
      p.evaluate({ConditionKind::ChannelRange, 0.1f, 1.0f, 5, ""}, true));  // unset reads 0
  p.bitset = 0x4;
  EXPECT_TRUE(p.evaluate({ConditionKind::Bitset, 0, 0, 2, ""}, true));
  EXPECT_FALSE(p.evaluate({ConditionKind::Bitset, 0, 0, 1, ""}, true));
  EXPECT_FALSE(p.evaluate({ConditionKind::Never, 0, 0, 0, ""}, true));
  p.components = {"vehicle"};
  EXPECT_TRUE(p.evaluate({ConditionKind::ComponentFilter, 0, 0, 0, "vehicle"}, true));
  EXPECT_FALSE(p.evaluate({ConditionKind::ComponentFilter, 0, 0, 0, "turret"}, true));
}

// A flow node's end condition stops its children; the sequence's end condition stops the tree.
TEST(SequencePlayer, EndConditionsStopNodes) {
  Harness h;
  h.def.channels = {{"alive", ""}};
  h.def.workNodes = {work("idle", 0.0f, 0.0f, 0x08)};
  FlowNode f = flow(FlowType::Parallel, {W(0)});
  f.endCondition = {ConditionKind::ChannelRange, 1.0f, 2.0f, 0, ""};
  h.def.flowNodes = {f};
  h.init();
  h.player.play();
  h.step(5);
  EXPECT_EQ(h.workState(0), NodeState::Running);
  h.player.channels[0] = 1.0f;
  h.step(1);
  EXPECT_EQ(h.workState(0), NodeState::Ended);
  EXPECT_TRUE(h.player.rootEnded());
}

TEST(SequencePlayer, SequenceEndConditionStopsEverything) {
  Harness h;
  h.def.channels = {{"alive", ""}};
  h.def.workNodes = {work("idle", 0.0f, 0.0f, 0x08)};
  h.def.flowNodes = {flow(FlowType::Parallel, {W(0)})};
  h.def.endCondition = {ConditionKind::ChannelRange, 1.0f, 2.0f, 0, ""};
  h.init();
  h.player.play();
  h.step(2);
  h.player.channels[0] = 1.0f;
  h.step(1);
  EXPECT_TRUE(h.player.endConditionFired());
  EXPECT_FALSE(h.player.playing());
}

// Seed: "an importance threshold; the player pauses while the object's importance is below it".
TEST(SequencePlayer, ImportanceBelowThresholdPauses) {
  Harness h;
  h.def.importanceThreshold = 2;
  h.def.workNodes = {work("a", 0.5f)};
  h.def.flowNodes = {flow(FlowType::Parallel, {W(0)})};
  h.init();
  h.player.importance = 1.0f;
  h.player.play();
  h.step(30);  // paused for 1 s
  // Seed 002: "the player pauses while the object's importance is below it": no node starts and
  // no timer advances until importance rises again.
  EXPECT_TRUE(h.player.paused());
  EXPECT_TRUE(h.player.playPending());
  EXPECT_EQ(h.workState(0), NodeState::Waiting);
  EXPECT_EQ(h.rec.count(0, true), 0);
  h.player.importance = 2.0f;
  h.step(14);
  EXPECT_FALSE(h.player.paused());
  EXPECT_EQ(h.workState(0), NodeState::Running);
  h.step(1);
  EXPECT_EQ(h.workState(0), NodeState::Ended);  // 0.5 s of unpaused time
  EXPECT_NEAR(h.rec.at(0, false), 1.5, kTol);
}

// Seed flags: "bit 1 destroys the object when the root ends"; effect spawn: "autoplay off,
// destroy at end, up to six initial channel values, then play".
TEST(SequencePlayer, DestroyAtEndAndEffectSpawn) {
  Harness h;
  h.def.flags = kSeqStartsOnSpawn;  // no destroy flag
  h.def.workNodes = {work("a", 0.2f)};
  h.def.flowNodes = {flow(FlowType::Parallel, {W(0)})};
  h.init();
  h.player.play();
  h.step(10);
  EXPECT_TRUE(h.player.rootEnded());
  EXPECT_FALSE(h.player.objectDestroyed());
  h.player.effectSpawn();  // sets destroy at end, then plays
  EXPECT_TRUE(h.player.destroyAtEnd());
  EXPECT_EQ(h.player.rootStarts(), 2u);
  h.step(10);
  EXPECT_TRUE(h.player.objectDestroyed());
  h.player.play();  // a destroyed object plays nothing
  EXPECT_EQ(h.player.rootStarts(), 2u);
}

// Seed: "The root: kind (0 flow, 1 work, 0xFF none)". A work root runs alone.
TEST(SequencePlayer, WorkRootAndNoneRoot) {
  Harness h;
  h.def.workNodes = {work("solo", 0.3f)};
  h.def.root = {NodeKind::Work, 0};
  h.init();
  h.player.play();
  h.step(9);
  EXPECT_TRUE(h.player.rootEnded());
  EXPECT_NEAR(h.rec.at(0, false), 0.3, kTol);

  Harness none;
  none.def.workNodes = {work("solo", 0.3f)};
  none.def.root = {NodeKind::None, 0};
  none.init();
  none.player.play();
  EXPECT_FALSE(none.player.playing());
}

// Determinism: same definition + seed + inputs => the same draws and states.
TEST(SequencePlayer, Deterministic) {
  auto run = [](uint32_t seed) {
    Harness h;
    WorkNode a = work("a", 0.0f);
    a.header.startDelay = {0.0f, 0.3f};
    a.header.duration = {0.1f, 0.4f};
    h.def.workNodes = {a, a, a};
    FlowNode r = flow(FlowType::Random, {W(0), W(1), W(2)});
    r.loop = true;
    h.def.flowNodes = {r};
    h.init(seed);
    h.player.play();
    h.step(300);
    return h.rec.events;
  };
  auto a = run(99), b = run(99), c = run(100);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].work, b[i].work);
    EXPECT_EQ(a[i].time, b[i].time);
  }
  bool differs = a.size() != c.size();
  for (size_t i = 0; !differs && i < a.size(); ++i)
    differs = a[i].work != c[i].work || a[i].time != c[i].time;
  EXPECT_TRUE(differs);
}

}  // namespace
}  // namespace fx::destiny::seqtest
