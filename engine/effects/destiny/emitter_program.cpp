#include "engine/effects/destiny/emitter_program.h"

#include <cctype>
#include <numeric>

#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/emitter_definition.h"

namespace fx::destiny {

namespace {

// How many constants an instruction reads starting at its index.
int constSpan(Op op) {
  switch (op) {
    case Op::PushConst:
      return 1;
    case Op::LerpConst:
    case Op::LerpConstSaturate:
      return 2;
    case Op::Spline4Const:
      return 5;
    case Op::Spline8Const:
    case Op::Spline8ChainConst:
      return 10;
    case Op::Gradient4Const:
      return 6;
    case Op::Gradient8Const:
      return 11;
    default:
      return 0;
  }
}

int groupVec4s(int group, const ProgramLimits& lim) {
  switch (group) {
    case 0:
      return lim.stream0Vec4s;
    case 1:
      return lim.stream1Vec4s;
    case 2:
    case 4:
    case 5:
      return kSystemGroupVec4s;
    case 6:
      return lim.channelConstants;
    default:
      return -1;
  }
}

std::string plural(int n, const char* what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

}  // namespace

bool parseHex(const std::string& text, std::vector<uint8_t>& out) {
  out.clear();
  int nibble = -1;
  for (char ch : text) {
    if (std::isspace(uint8_t(ch))) continue;
    int v;
    if (ch >= '0' && ch <= '9')
      v = ch - '0';
    else if (ch >= 'a' && ch <= 'f')
      v = ch - 'a' + 10;
    else if (ch >= 'A' && ch <= 'F')
      v = ch - 'A' + 10;
    else
      return false;
    if (nibble < 0) {
      nibble = v;
    } else {
      out.push_back(uint8_t(nibble * 16 + v));
      nibble = -1;
    }
  }
  return nibble < 0;
}

std::string toHex(const std::vector<uint8_t>& bytes) {
  static const char* kDigits = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i) s += ' ';
    s += kDigits[bytes[i] >> 4];
    s += kDigits[bytes[i] & 15];
  }
  return s;
}

bool looksLikeAssembly(const std::string& text) {
  for (char ch : text)
    if (!std::isspace(uint8_t(ch)) && !std::isxdigit(uint8_t(ch))) return true;
  return false;
}

namespace {

// Checks an instruction's immediates (`imm`, after its opcode byte) against the program's sizes
// and interns a channel hash; the error, or "" when they are in range.
std::string checkImmediates(const OpInfo& info, Instr& in, const uint8_t* imm,
                            const std::vector<vec4>& constants, const ProgramLimits& limits,
                            std::vector<uint32_t>& hashes) {
  switch (info.imm) {
    case ImmKind::Const: {
      int span = constSpan(in.op);
      if (int(in.a) + span > int(constants.size()))
        return "constant" + std::string(span > 1 ? "s " : " ") + std::to_string(in.a) +
               (span > 1 ? ".." + std::to_string(in.a + span - 1) : "") +
               " out of range (the program has " + plural(int(constants.size()), "constant") + ")";
      return {};
    }
    case ImmKind::StreamLoad:
    case ImmKind::StreamStore: {
      int n = groupVec4s(in.a, limits);
      if (n < 0)
        return "group " + std::to_string(in.a) + " is not a stream group (0, 1, 2, 4, 5 or 6)";
      if (in.b >= n)
        return "vec4 " + std::to_string(in.b) + " out of range (group " + std::to_string(in.a) +
               " holds " + plural(n, "vec4") + ")";
      if (in.c >= 8) return "lane form " + std::to_string(in.c) + " out of range (0 to 7)";
      if (info.imm == ImmKind::StreamStore && in.a == 6)
        return "group 6 (the emitter's channel constants) is read-only";
      return {};
    }
    case ImmKind::Slot:
      if (in.a >= limits.transformSlots)
        return "transform slot " + std::to_string(in.a) + " out of range (the emitter has " +
               plural(limits.transformSlots, "transform slot") + ")";
      return {};
    case ImmKind::ExternFloat:
      if (in.a >= kExternFloatCount)
        return "extern float " + std::to_string(in.a) + " out of range (0 to " +
               std::to_string(kExternFloatCount - 1) + ")";
      return {};
    case ImmKind::ExternVec:
      if (in.a >= kExternVectorCount)
        return "extern vector " + std::to_string(in.a) + " out of range (0 to " +
               std::to_string(kExternVectorCount - 1) + ")";
      return {};
    case ImmKind::Channel:
      if (in.a >= kMaxObjectChannels)
        return "channel " + std::to_string(in.a) + " out of range (0 to " +
               std::to_string(kMaxObjectChannels - 1) + ")";
      return {};
    case ImmKind::Hash: {
      uint32_t h = uint32_t(imm[0]) << 24 | uint32_t(imm[1]) << 16 | uint32_t(imm[2]) << 8 |
                   uint32_t(imm[3]);
      size_t k = 0;
      while (k < hashes.size() && hashes[k] != h) ++k;
      if (k == hashes.size()) hashes.push_back(h);
      in.hashIndex = uint16_t(k);
      return {};
    }
    default:
      return {};
  }
}

}  // namespace

bool compileProgram(const std::vector<uint8_t>& bytes,
                    const std::array<uint32_t, kStageCount>& stageLengths,
                    const std::vector<vec4>& constants, const ProgramLimits& limits,
                    CompiledProgram& out, Diagnostics& diags, const std::string& file,
                    const std::string& pointer, const std::string& stagePointer) {
  out = CompiledProgram{};
  out.bytes = bytes;
  out.constants = constants;
  out.stageLength = stageLengths;
  uint64_t sum = std::accumulate(stageLengths.begin(), stageLengths.end(), uint64_t(0));
  if (sum != bytes.size()) {
    diags.error(file, stagePointer,
                "stage lengths sum to " + std::to_string(sum) + " but the program has " +
                    plural(int(bytes.size()), "byte"));
    return false;
  }
  bool ok = true;
  uint32_t start = 0;
  for (int s = 0; s < kStageCount; ++s) {
    out.stageStart[size_t(s)] = start;
    out.firstInstr[size_t(s)] = uint32_t(out.instrs.size());
    const uint32_t end = start + stageLengths[size_t(s)];
    int depth = 0, maxDepth = 0;
    bool stageOk = true;
    uint32_t pc = start;
    while (pc < end) {
      const uint8_t byte = bytes[pc];
      const OpInfo& info = opInfo(byte);
      if (info.imm == ImmKind::End) break;
      const int nImm = immBytes(info.imm);
      std::string where = "stage " + std::to_string(s) + " at byte " + std::to_string(pc) + ": ";
      if (pc + 1 + uint32_t(nImm) > end) {
        diags.error(file, pointer,
                    where + std::string(info.name) + ": needs " + plural(nImm, "immediate byte") +
                        ", the stage has " + plural(int(end - pc - 1), "byte") + " left");
        ok = stageOk = false;
        break;
      }
      Instr in;
      in.op = Op(byte);
      in.offset = pc;
      if (nImm >= 1) in.a = bytes[pc + 1];
      if (nImm >= 2) in.b = bytes[pc + 2];
      if (nImm >= 3) in.c = bytes[pc + 3];
      where += formatInstruction(bytes.data() + pc, size_t(end - pc)) + ": ";
      auto reject = [&](const std::string& msg) {
        diags.error(file, pointer, where + msg);
        ok = stageOk = false;
      };
      if (std::string e =
              checkImmediates(info, in, bytes.data() + pc + 1, constants, limits, out.hashes);
          !e.empty())
        reject(e);
      // Stack depth: no branches, so it is known at every instruction.
      if (depth < info.pops) {
        reject("stack underflow (needs " + std::to_string(info.pops) + ", holds " +
               std::to_string(depth) + ")");
      } else if (depth - info.pops + info.pushes > kStackSlots) {
        reject("stack overflow (more than " + std::to_string(kStackSlots) + " vec4s)");
      }
      if (!stageOk) break;
      in.sp = uint8_t(depth);
      depth += info.pushes - info.pops;
      maxDepth = std::max(maxDepth, depth);
      out.instrs.push_back(in);
      pc += 1 + uint32_t(nImm);
    }
    out.instrCount[size_t(s)] = uint32_t(out.instrs.size()) - out.firstInstr[size_t(s)];
    out.maxDepth[size_t(s)] = uint8_t(maxDepth);
    start = end;
  }
  if (ok)
    for (int s = 0; s < kStageCount; ++s)
      if (stageHasParticle(s)) compileStageKernels(out, s, false, out.kernels[size_t(s)]);
  return ok;
}

}  // namespace fx::destiny
