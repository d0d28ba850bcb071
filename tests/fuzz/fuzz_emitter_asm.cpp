// libFuzzer target: the emitter assembler and disassembler. Input: assembly text. Whatever
// assembles must disassemble and assemble back to the same bytes, stage lengths and constants
// (emitter_asm.h: "asm(disasm(x)) reproduces x byte for byte"); a difference is a crash.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "engine/effects/destiny/emitter_asm.h"

namespace {

bool sameBits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0 || (std::isnan(a) && std::isnan(b));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace fx::destiny;
  if (size > (64u << 10)) return 0;
  std::string text(reinterpret_cast<const char*>(data), size);
  AssembledProgram first;
  std::vector<std::string> errors;
  if (!assemble(text, first, errors)) return 0;
  std::string listing = disassemble(first.bytes, first.stageLengths, first.constants);
  AssembledProgram second;
  errors.clear();
  if (!assemble(listing, second, errors)) __builtin_trap();
  if (second.bytes != first.bytes || second.stageLengths != first.stageLengths ||
      second.constants.size() != first.constants.size())
    __builtin_trap();
  for (size_t i = 0; i < first.constants.size(); ++i)
    for (int c = 0; c < 4; ++c)
      if (!sameBits(first.constants[i][c], second.constants[i][c])) __builtin_trap();
  return 0;
}
