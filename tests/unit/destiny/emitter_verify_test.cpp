// Verification at load (seed "Emitter programs": "eight stage lengths; they sum to the program
// length"; stages end at 0x00, 0x3C or bytes above 0x52): every rejection names the stage, the byte
// offset and the instruction, at the program field's JSON Pointer.
#include "engine/effects/destiny/emitter_definition.h"
#include "tests/unit/destiny/vm_harness.h"

namespace fx::destiny::test {
namespace {

// Assembles with the given stream sizes / slots and returns the single error's text.
std::string rejection(const std::string& text, int stream1 = 4, int slots = 2) {
  AssembledProgram a;
  std::vector<std::string> errors;
  EXPECT_TRUE(assemble(text, a, errors));
  CompiledProgram p;
  Diagnostics d;
  ProgramLimits lim{.constants = int(a.constants.size()),
                    .channelConstants = 1,
                    .stream0Vec4s = 2,
                    .stream1Vec4s = stream1,
                    .transformSlots = slots};
  EXPECT_FALSE(compileProgram(a.bytes, a.stageLengths, a.constants, lim, p, d, "t.json", "/program",
                              "/stage_lengths"));
  EXPECT_EQ(d.items.size(), 1u);
  if (d.items.empty()) return "";
  EXPECT_EQ(d.items[0].file, "t.json");
  return d.items[0].pointer + ": " + d.items[0].message;
}

TEST(EmitterVerify, StageLengthsMustSumToTheProgramLength) {
  CompiledProgram p;
  Diagnostics d;
  std::array<uint32_t, 8> lengths{0, 0, 0, 0, 3, 0, 0, 0};
  EXPECT_FALSE(
      compileProgram({0x48, 0x48}, lengths, {}, {}, p, d, "t.json", "/program", "/stage_lengths"));
  ASSERT_EQ(d.items.size(), 1u);
  EXPECT_EQ(d.items[0].pointer, "/stage_lengths");
  EXPECT_EQ(d.items[0].message, "stage lengths sum to 3 but the program has 2 bytes");
}

TEST(EmitterVerify, ImmediatesMustFitTheStage) {
  // push_const's index byte lies in the next stage.
  CompiledProgram p;
  Diagnostics d;
  std::array<uint32_t, 8> lengths{0, 0, 0, 0, 1, 1, 0, 0};
  ProgramLimits lim{.constants = 1};
  EXPECT_FALSE(compileProgram({0x34, 0x00}, lengths, {vec4(0)}, lim, p, d, "t.json", "/program",
                              "/stage_lengths"));
  ASSERT_EQ(d.items.size(), 1u);
  EXPECT_EQ(d.items[0].message,
            "stage 4 at byte 0: push_const: needs 1 immediate byte, the stage has 0 bytes left");
}

TEST(EmitterVerify, StackUnderflow) {
  EXPECT_EQ(rejection(".stage 4\npush_zero\nadd"),
            "/program: stage 4 at byte 1: add: stack underflow (needs 2, holds 1)");
  // Each stage starts empty.
  EXPECT_EQ(rejection(".stage 1\npush_zero\n.stage 2\nnegate"),
            "/program: stage 2 at byte 1: negate: stack underflow (needs 1, holds 0)");
}

TEST(EmitterVerify, StackOverflow) {
  std::string text = ".stage 3\n";
  for (int i = 0; i < 33; ++i) text += "push_zero\n";
  EXPECT_EQ(rejection(text),
            "/program: stage 3 at byte 32: push_zero: stack overflow (more than 32 vec4s)");
  // 32 is fine, and a popped stack makes room again.
  std::string ok = ".stage 3\n";
  for (int i = 0; i < 32; ++i) ok += "push_zero\n";
  ok += "add\npush_zero\n";
  Harness h;
  EXPECT_TRUE(h.load(ok));
  EXPECT_EQ(h.program.maxDepth[3], 32);
}

TEST(EmitterVerify, ConstantIndices) {
  EXPECT_EQ(rejection(".const 1 1 1 1\n.stage 4\npush_const 1"),
            "/program: stage 4 at byte 0: push_const 1: constant 1 out of range (the program has 1 "
            "constant)");
  EXPECT_EQ(rejection(".const 1 1 1 1\n.stage 4\npush_zero\nlerp_const 0"),
            "/program: stage 4 at byte 1: lerp_const 0: constants 0..1 out of range (the program "
            "has 1 constant)");
  EXPECT_EQ(rejection(".stage 0\npush_zero\ngradient8_const 0"),
            "/program: stage 0 at byte 1: gradient8_const 0: constants 0..10 out of range (the "
            "program has 0 constants)");
}

TEST(EmitterVerify, StreamIndices) {
  EXPECT_EQ(
      rejection(".stage 4\nload 1 4 xyzw"),
      "/program: stage 4 at byte 0: load 1 4 xyzw: vec4 4 out of range (group 1 holds 4 vec4s)");
  EXPECT_EQ(rejection(".stage 4\nload 3 0 xyzw"),
            "/program: stage 4 at byte 0: load 3 0 xyzw: group 3 is not a stream group (0, 1, 2, "
            "4, 5 or 6)");
  EXPECT_EQ(rejection(".stage 4\nload 1 0 9"),
            "/program: stage 4 at byte 0: load 1 0 9: lane form 9 out of range (0 to 7)");
  EXPECT_EQ(rejection(".stage 4\npush_zero\nstore 6 0 xyzw"),
            "/program: stage 4 at byte 1: store 6 0 xyzw: group 6 (the emitter's channel "
            "constants) is read-only");
  EXPECT_EQ(
      rejection(".stage 4\nload 2 16 xxxx"),
      "/program: stage 4 at byte 0: load 2 16 xxxx: vec4 16 out of range (group 2 holds 16 vec4s)");
  EXPECT_EQ(
      rejection(".stage 4\nload 6 1 xxxx"),
      "/program: stage 4 at byte 0: load 6 1 xxxx: vec4 1 out of range (group 6 holds 1 vec4)");
}

TEST(EmitterVerify, SlotExternAndChannelIndices) {
  EXPECT_EQ(rejection(".stage 1\nread_slot 2"),
            "/program: stage 1 at byte 0: read_slot 2: transform slot 2 out of range (the emitter "
            "has 2 transform slots)");
  EXPECT_EQ(
      rejection(".stage 1\npush_extern_float 7"),
      "/program: stage 1 at byte 0: push_extern_float 7: extern float 7 out of range (0 to 6)");
  EXPECT_EQ(
      rejection(".stage 1\npush_extern_vector 4"),
      "/program: stage 1 at byte 0: push_extern_vector 4: extern vector 4 out of range (0 to 3)");
  EXPECT_EQ(rejection(".stage 1\npush_channel 64"),
            "/program: stage 1 at byte 0: push_channel 64: channel 64 out of range (0 to 63)");
}

TEST(EmitterVerify, BytesAfterTheEndAreNotVerified) {
  // "Byte 0x00 ... ends the stage": what follows never runs, so it is not checked.
  Harness h;
  EXPECT_TRUE(h.load(".stage 4\npush_zero\nend\n.byte 0x01 0x34 0xff"));
  EXPECT_EQ(h.program.instrCount[4], 1u);
}

TEST(EmitterVerify, EveryStageReportsItsFirstError) {
  AssembledProgram a;
  std::vector<std::string> errors;
  ASSERT_TRUE(assemble(".stage 1\nadd\n.stage 4\nnegate", a, errors));
  CompiledProgram p;
  Diagnostics d;
  EXPECT_FALSE(compileProgram(a.bytes, a.stageLengths, {}, {}, p, d, "t.json", "/program",
                              "/stage_lengths"));
  ASSERT_EQ(d.items.size(), 2u);
  EXPECT_EQ(d.items[0].message, "stage 1 at byte 0: add: stack underflow (needs 2, holds 0)");
  EXPECT_EQ(d.items[1].message, "stage 4 at byte 1: negate: stack underflow (needs 1, holds 0)");
}

TEST(EmitterVerify, EmitterFinalizeUsesTheProgramFieldPointer) {
  EmitterDefinition e;
  DefaultsVisitor dv;
  e.reflect(dv);
  e.program = ".stage 4\nadd";
  Diagnostics d;
  e.finalize("p.json", "/effects/0/definition/emitter", d);
  ASSERT_EQ(d.items.size(), 1u);
  EXPECT_EQ(format(d.items[0]),
            "p.json: /effects/0/definition/emitter/program: stage 4 at byte 0: add: stack "
            "underflow (needs 2, holds 0)");
  EXPECT_EQ(e.compiled, nullptr);
}

TEST(EmitterVerify, ChannelRecordsMatchTheirWriters) {
  EmitterDefinition e;
  DefaultsVisitor dv;
  e.reflect(dv);
  e.channels[size_t(Ch::ParticlePosition)] = {6, 0};   // the native code writes it per particle
  e.channels[size_t(Ch::ParticleSystemAge)] = {1, 0};  // per system
  e.channels[size_t(Ch::ParticleVelocity)] = {1, 15};  // floats 15..17 of 16
  e.channels[size_t(Ch::EmissionRate)] = {3, 0};
  e.channelConstants = {vec4(0)};
  Diagnostics d;
  e.finalize("p.json", "/emitter", d);
  ASSERT_EQ(d.items.size(), 4u);
  EXPECT_EQ(format(d.items[0]),
            "p.json: /emitter/channels/particle_system_age/group: expected group 5 (seed: \"the "
            "system instance; particle_system_age uses group 5\"), got 1");
  EXPECT_EQ(format(d.items[1]),
            "p.json: /emitter/channels/particle_position/group: expected group 1 (seed: \"position "
            "and velocity use group 1\"), got 6");
  EXPECT_EQ(format(d.items[2]),
            "p.json: /emitter/channels/particle_velocity/slot: floats 15..17 do not fit group 1 "
            "(16 floats)");
  EXPECT_EQ(format(d.items[3]),
            "p.json: /emitter/channels/emission_rate/group: expected a stream group 0, 1, 2, 4, 5, "
            "6 or 255 (unused), got 3");
}

// Seed 002 channel groups: "0, 1: the particle's own two streams; position and velocity use group
// 1", "2: spawn scratch for the system; initial_particle_position always uses it", "4, 5: the
// system instance; particle_system_age uses group 5". Any other group is a load error.
TEST(EmitterVerify, SeedStatedChannelGroupsAreLoadErrors) {
  EmitterDefinition e;
  DefaultsVisitor dv;
  e.reflect(dv);
  e.stream0Vec4s = 4;
  e.channels[size_t(Ch::ParticlePosition)] = {0, 0};  // the other particle stream
  e.channels[size_t(Ch::ParticleVelocity)] = {1, 4};  // right
  e.channels[size_t(Ch::InitialParticlePosition)] = {4, 0};
  e.channels[size_t(Ch::ParticleSystemAge)] = {4, 4};
  Diagnostics d;
  e.finalize("p.json", "/emitter", d);
  ASSERT_EQ(d.items.size(), 3u) << d.formatAll();
  EXPECT_EQ(format(d.items[0]),
            "p.json: /emitter/channels/particle_system_age/group: expected group 5 (seed: \"the "
            "system instance; particle_system_age uses group 5\"), got 4");
  EXPECT_EQ(format(d.items[1]),
            "p.json: /emitter/channels/particle_position/group: expected group 1 (seed: \"position "
            "and velocity use group 1\"), got 0");
  EXPECT_EQ(format(d.items[2]),
            "p.json: /emitter/channels/initial_particle_position/group: expected group 2 (seed: "
            "\"spawn scratch for the system; initial_particle_position always uses it\"), got 4");
}

TEST(EmitterVerify, AssemblerErrorsNameTheLine) {
  AssembledProgram a;
  std::vector<std::string> errors;
  EXPECT_FALSE(assemble("push_zero\n.stage 9\n.stage 4\nfrobnicate\nload 1 0 qqqq\nadd 3\n.stage 4",
                        a, errors));
  ASSERT_EQ(errors.size(), 6u);
  EXPECT_EQ(errors[0], "line 1: an instruction before the first .stage");
  EXPECT_EQ(errors[1], "line 2: .stage expects a stage number 0 to 7");
  EXPECT_EQ(errors[2], "line 4: unknown instruction \"frobnicate\"");
  EXPECT_EQ(errors[3], "line 5: load: expected a lane form, got \"qqqq\"");
  EXPECT_EQ(errors[4], "line 6: add expects 0 operands, got 1");
  EXPECT_EQ(errors[5], "line 7: stage 4 appears twice");
}

}  // namespace
}  // namespace fx::destiny::test
