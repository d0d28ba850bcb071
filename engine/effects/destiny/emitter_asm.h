// Text form of emitter programs: assembler, disassembler and the generated opcode reference, all
// driven by the opcode table (emitter_opcodes.h). One instruction per line:
//
//   ; comment (also '#')
//   .const 0 0 1 0           ; appends a program constant (c0, c1, ... in order)
//   .stage 4                 ; the lines below belong to stage 4 (each stage at most once; any
//   order) load 1 0 xyzw            ; group, vec4, lane form (name or number) push_const 2 mul
//   store 1 0 xyz            ; store forms: xyzw xyz xy xy_to_zw x_to_x x_to_y x_to_z x_to_w
//   permute wzyx             ; or a number: permute 0x1b
//   push_extern_float time_wrapped       (or its index)
//   push_channel_named "alive"           (FNV-1 of the name; or 0x1234abcd)
//   end                      ; 0x00 (`stop` is 0x3C); `.byte 0x60` emits one raw byte
//
// Stages are emitted in order 0..7 and their lengths are the stage lengths. The disassembler
// prints every stage with its label, named lane forms, externs and, given the emitter's channel
// records, the channel names a load or store touches; asm(disasm(x)) reproduces x byte for byte.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/math.h"
#include "engine/effects/destiny/emitter_opcodes.h"

namespace fx::destiny {

struct ChannelRecord;

struct AssembledProgram {
  std::vector<uint8_t> bytes;
  std::array<uint32_t, kStageCount> stageLengths{};
  std::vector<vec4> constants;
  bool hasConstants = false;  // the text declared .const lines
};

// Assembles `text`; errors are "line N: message". Returns false when there are errors.
bool assemble(const std::string& text, AssembledProgram& out, std::vector<std::string>& errors);

struct DisasmLine {
  int stage = -1;       // -1: a header line (.const)
  int32_t offset = -1;  // byte offset of the instruction in the program (-1 for directives)
  std::string text;     // "load 1 0 xyzw"
  std::string comment;  // "particle_position"
};

// One instruction at p (avail bytes left in its stage) as text, without comment.
std::string formatInstruction(const uint8_t* p, size_t avail);

// Every line of the program: .const lines, then each stage's label and instructions. `channels`
// (the emitter's 55 records, may be null) names what loads and stores touch.
std::vector<DisasmLine> disassembleLines(const std::vector<uint8_t>& bytes,
                                         const std::array<uint32_t, kStageCount>& stageLengths,
                                         const std::vector<vec4>& constants,
                                         const ChannelRecord* channels = nullptr);
std::string disassemble(const std::vector<uint8_t>& bytes,
                        const std::array<uint32_t, kStageCount>& stageLengths,
                        const std::vector<vec4>& constants,
                        const ChannelRecord* channels = nullptr);

// What each stage runs for (seed table), for labels: "each particle, each frame".
std::string_view stageRole(int stage);

// docs/emitter_opcodes.md, generated from the table (fxview disasm --opcodes-md).
std::string opcodeReferenceMarkdown();

}  // namespace fx::destiny
