// Emitter program loading: decode the bytecode into instructions and verify it ONCE (seed
// "Emitter programs": eight stages whose lengths sum to the program length; byte 0x00, 0x3C and
// bytes above 0x52 end a stage). Verification checks that every instruction's immediates fit in
// its stage, that the stack never under- or overflows (no branches, so each instruction's depth is
// known), and that every constant, stream, lane form, channel, extern and slot index is in range.
// A rejected program reports stage, byte offset and instruction as a Diagnostic at the program's
// JSON Pointer. The interpreter (emitter_vm.h) then runs the decoded form without any checks: each
// instruction carries the stack depth it starts at, so operands are fixed stack slots.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/diagnostics.h"
#include "engine/core/math.h"
#include "engine/effects/destiny/emitter_kernels.h"
#include "engine/effects/destiny/emitter_opcodes.h"

namespace fx::destiny {

// Stage order (seed table): 7 then 0 at creation; 1 per system frame; 6 then 2 before each
// spawn; 3 per new particle; 4 per particle per frame; 5 for distance emission.
enum Stage : int {
  kStage0 = 0,
  kStageFrame = 1,
  kStageSpawn2 = 2,
  kStageParticleInit = 3,
  kStageUpdate = 4,
  kStageDistance = 5,
  kStageSpawn6 = 6,
  kStageCreate7 = 7
};
// Stages that run once per particle (with a particle present); the others run for the system.
inline constexpr bool stageHasParticle(int stage) {
  return stage == 2 || stage == 3 || stage == 4 || stage == 6;
}

struct Instr {
  Op op = Op::End;
  uint8_t a = 0, b = 0, c = 0;  // immediates (const index / slot / group, vec4, lane form)
  uint8_t sp = 0;               // stack depth before the instruction
  uint16_t hashIndex = 0;       // 0x47: index into CompiledProgram::hashes
  uint32_t offset = 0;          // byte offset in the program
};

// The sizes the verifier checks indices against (from the emitter's fields).
struct ProgramLimits {
  int constants = 0;         // program constants
  int channelConstants = 0;  // group 6 vec4s
  int stream0Vec4s = 0;
  int stream1Vec4s = 0;
  int transformSlots = 1;
};

struct CompiledProgram {
  std::vector<uint8_t> bytes;
  std::array<uint32_t, kStageCount> stageLength{};
  std::array<uint32_t, kStageCount> stageStart{};  // byte offsets
  std::vector<Instr> instrs;                       // every stage's instructions, stage by stage
  std::array<uint32_t, kStageCount> firstInstr{};  // into instrs
  std::array<uint32_t, kStageCount> instrCount{};  // up to (not including) the end byte
  std::array<uint8_t, kStageCount> maxDepth{};
  std::vector<vec4> constants;
  std::vector<uint32_t> hashes;  // distinct 0x47 name hashes, in first-use order
  // The per-particle stages (2, 3, 4, 6) compiled to column kernels (emitter_kernels.h).
  std::array<KernelStage, kStageCount> kernels;

  bool stageEmpty(int s) const { return instrCount[size_t(s)] == 0; }
};

// Decodes + verifies. `file`/`pointer` locate the program field for messages; `stagePointer`
// locates the stage lengths. Returns false (and adds errors) when the program is rejected.
bool compileProgram(const std::vector<uint8_t>& bytes,
                    const std::array<uint32_t, kStageCount>& stageLengths,
                    const std::vector<vec4>& constants, const ProgramLimits& limits,
                    CompiledProgram& out, Diagnostics& diags, const std::string& file,
                    const std::string& pointer, const std::string& stagePointer);

// Parses a hex string ("3e 01 00 00 34 02 ..."; whitespace ignored). False when it is not hex.
bool parseHex(const std::string& text, std::vector<uint8_t>& out);
std::string toHex(
    const std::vector<uint8_t>& bytes);  // "3e010000 3402 ..." grouped per instruction? plain pairs
// True when the text looks like assembly rather than hex (it has a `.stage` directive or a
// mnemonic); hex holds only hex digits and whitespace.
bool looksLikeAssembly(const std::string& text);

}  // namespace fx::destiny
