#include "engine/effects/destiny/emitter_asm.h"

#include <charconv>
#include <cstdlib>
#include <sstream>

#include "engine/core/rng.h"
#include "engine/effects/destiny/emitter_definition.h"

namespace fx::destiny {

std::optional<uint8_t> opcodeByName(std::string_view mnemonic) {
  for (const OpInfo& info : kOpTable)
    if (info.defined && info.name == mnemonic) return info.byte;
  return std::nullopt;
}

std::string_view opSourceName(OpSource s) {
  switch (s) {
    case OpSource::Tfx:
      return "TFX";
    case OpSource::Seed:
      return "seed";
    case OpSource::Fxview:
      return "fxview";
  }
  return "";
}

std::string_view stageRole(int stage) {
  switch (stage) {
    case 7:
      return "at creation, before stage 0";
    case 0:
      return "at creation, after stage 7";
    case 1:
      return "once per system frame, before emission";
    case 6:
      return "before each spawn, before stage 2";
    case 2:
      return "before each spawn, after stage 6";
    case 3:
      return "each new particle, after the spawn shape is sampled";
    case 4:
      return "each particle, each frame";
    case 5:
      return "distance emission";
    default:
      return "";
  }
}

namespace {

// Lanes each store form writes (bit per lane).
constexpr unsigned kStoreMasks[8] = {0xF, 0x7, 0x3, 0xC, 0x1, 0x2, 0x4, 0x8};

std::string hexByte(uint8_t b) {
  static const char* kDigits = "0123456789abcdef";
  return std::string("0x") + kDigits[b >> 4] + kDigits[b & 15];
}

std::string floatText(float v) {
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

std::string permuteText(uint8_t f) {
  std::string s;
  for (int i = 0; i < 4; ++i) s += "xyzw"[(f >> (6 - 2 * i)) & 3];
  return s;
}

// Channels whose floats lie in group g, vec4 v, lanes `mask` (bit per lane).
std::string channelsAt(const ChannelRecord* channels, int g, int v, unsigned mask) {
  if (!channels) return {};
  std::string out;
  for (int i = 0; i < kChannelCount; ++i) {
    const ChannelRecord& r = channels[i];
    if (r.group != g) continue;
    int first = r.slot, last = r.slot + kChannels[size_t(i)].floats - 1;
    bool hit = false;
    for (int lane = 0; lane < 4; ++lane)
      hit = hit || ((mask >> lane & 1u) && v * 4 + lane >= first && v * 4 + lane <= last);
    if (!hit) continue;
    if (!out.empty()) out += ", ";
    out += kChannels[size_t(i)].name;
    if (first / 4 != v || first % 4 != 0) out += "@" + std::to_string(first);
  }
  return out;
}

}  // namespace

std::string formatInstruction(const uint8_t* p, size_t avail) {
  const OpInfo& info = opInfo(p[0]);
  if (!info.defined) return ".byte " + hexByte(p[0]);
  std::string s(info.name);
  if (size_t(immBytes(info.imm)) + 1 > avail) return s + " <truncated>";
  switch (info.imm) {
    case ImmKind::Const:
    case ImmKind::Slot:
    case ImmKind::Channel:
      s += " " + std::to_string(p[1]);
      break;
    case ImmKind::Permute:
      s += " " + permuteText(p[1]);
      break;
    case ImmKind::StreamLoad:
    case ImmKind::StreamStore: {
      s += " " + std::to_string(p[1]) + " " + std::to_string(p[2]) + " ";
      const auto& forms = info.imm == ImmKind::StreamLoad ? kLoadForms : kStoreForms;
      s += p[3] < 8 ? std::string(forms[p[3]]) : std::to_string(p[3]);
      break;
    }
    case ImmKind::ExternFloat:
      s += " " +
           (p[1] < kExternFloatCount ? std::string(kExternFloatNames[p[1]]) : std::to_string(p[1]));
      break;
    case ImmKind::ExternVec:
      s += " " + (p[1] < kExternVectorCount ? std::string(kExternVectorNames[p[1]])
                                            : std::to_string(p[1]));
      break;
    case ImmKind::Hash: {
      char buf[16];
      std::snprintf(buf, sizeof buf, "0x%02x%02x%02x%02x", p[1], p[2], p[3], p[4]);
      s += " ";
      s += buf;
      break;
    }
    default:
      break;
  }
  return s;
}

std::vector<DisasmLine> disassembleLines(const std::vector<uint8_t>& bytes,
                                         const std::array<uint32_t, kStageCount>& stageLengths,
                                         const std::vector<vec4>& constants,
                                         const ChannelRecord* channels) {
  std::vector<DisasmLine> out;
  for (size_t i = 0; i < constants.size(); ++i) {
    const vec4& c = constants[i];
    out.push_back({-1, -1,
                   ".const " + floatText(c.x) + " " + floatText(c.y) + " " + floatText(c.z) + " " +
                       floatText(c.w),
                   "c" + std::to_string(i)});
  }
  uint32_t start = 0;
  for (int s = 0; s < kStageCount; ++s) {
    uint32_t end = std::min<uint32_t>(start + stageLengths[size_t(s)], uint32_t(bytes.size()));
    out.push_back({s, -1, ".stage " + std::to_string(s),
                   std::string(stageRole(s)) + " (" + std::to_string(end - start) + " bytes)"});
    bool ended = false;
    uint32_t pc = start;
    while (pc < end) {
      DisasmLine line{s, int32_t(pc), {}, {}};
      const uint8_t op = bytes[pc];
      const OpInfo& info = opInfo(op);
      if (ended) {
        line.text = ".byte " + hexByte(op);
        line.comment = "after the end of the stage: never runs";
        out.push_back(line);
        ++pc;
        continue;
      }
      if (info.imm == ImmKind::End) {
        line.text = info.defined ? std::string(info.name) : ".byte " + hexByte(op);
        if (!info.defined) line.comment = "ends the stage";
        ended = true;
        out.push_back(line);
        ++pc;
        continue;
      }
      size_t n = size_t(immBytes(info.imm)) + 1;
      if (pc + n > end) {  // a truncated instruction: keep its bytes raw so it round-trips
        for (; pc < end; ++pc)
          out.push_back({s, int32_t(pc), ".byte " + hexByte(bytes[pc]), "truncated instruction"});
        break;
      }
      line.text = formatInstruction(bytes.data() + pc, end - pc);
      if ((info.imm == ImmKind::StreamLoad || info.imm == ImmKind::StreamStore) &&
          bytes[pc + 3] < 8) {
        // The lanes the form reads (load) or writes (store).
        unsigned mask = kStoreMasks[bytes[pc + 3]];
        if (info.imm == ImmKind::StreamLoad) {
          mask = 0;
          for (uint8_t lane : kLoadLanes[bytes[pc + 3]]) mask |= 1u << lane;
        }
        line.comment = channelsAt(channels, bytes[pc + 1], bytes[pc + 2], mask);
      } else if (info.imm == ImmKind::Const && bytes[pc + 1] < constants.size() &&
                 op == uint8_t(Op::PushConst)) {
        const vec4& c = constants[bytes[pc + 1]];
        line.comment = "(" + floatText(c.x) + ", " + floatText(c.y) + ", " + floatText(c.z) + ", " +
                       floatText(c.w) + ")";
      }
      out.push_back(line);
      pc += uint32_t(n);
    }
    start = end;
  }
  return out;
}

std::string disassemble(const std::vector<uint8_t>& bytes,
                        const std::array<uint32_t, kStageCount>& stageLengths,
                        const std::vector<vec4>& constants, const ChannelRecord* channels) {
  std::string text;
  for (const DisasmLine& l : disassembleLines(bytes, stageLengths, constants, channels)) {
    std::string line = l.stage >= 0 && l.offset >= 0 ? "  " + l.text : l.text;
    std::string comment = l.comment;
    if (l.offset >= 0)
      comment = "@" + std::to_string(l.offset) + (comment.empty() ? "" : " " + comment);
    if (!comment.empty()) {
      if (line.size() < 32)
        line.resize(32, ' ');
      else
        line += ' ';
      line += "; " + comment;
    }
    text += line + "\n";
  }
  return text;
}

// --- assembler --------------------------------------------------------------------------------

namespace {

std::vector<std::string> tokenize(const std::string& line) {
  std::vector<std::string> t;
  size_t i = 0;
  while (i < line.size()) {
    char c = line[i];
    if (c == ';' || c == '#') break;
    if (std::isspace(uint8_t(c)) || c == ',') {
      ++i;
      continue;
    }
    if (c == '"') {
      size_t j = line.find('"', i + 1);
      if (j == std::string::npos) j = line.size();
      t.push_back(line.substr(i, j - i + 1));
      i = j + 1;
      continue;
    }
    size_t j = i;
    while (j < line.size() && !std::isspace(uint8_t(line[j])) && line[j] != ',' && line[j] != ';' &&
           line[j] != '#')
      ++j;
    t.push_back(line.substr(i, j - i));
    i = j;
  }
  return t;
}

std::optional<long> parseInt(const std::string& s) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  long v = std::strtol(s.c_str(), &end, 0);
  if (*end != '\0') return std::nullopt;
  return v;
}

template <size_t N>
std::optional<long> nameOrInt(const std::string& s, const std::array<std::string_view, N>& names) {
  for (size_t i = 0; i < N; ++i)
    if (names[i] == s) return long(i);
  return parseInt(s);
}

// Reports an error on one line of the assembly text.
struct LineFail {
  std::vector<std::string>& errors;
  int lineNo;
  void operator()(const std::string& msg) const {
    errors.push_back("line " + std::to_string(lineNo) + ": " + msg);
  }
};

// `.const x [y [z [w]]]`: one constant, missing lanes 0.
void parseConst(const std::vector<std::string>& tok, AssembledProgram& out, const LineFail& fail) {
  vec4 v(0.0f);
  bool bad = false;
  for (size_t i = 1; i < tok.size(); ++i) {
    char* end = nullptr;
    float f = std::strtof(tok[i].c_str(), &end);
    if (*end != '\0') bad = true;
    v[int(i - 1)] = f;
  }
  if (bad) fail(".const expects numbers");
  out.constants.push_back(v);
  out.hasConstants = true;
}

// `.byte b...`: raw bytes into the stage.
void parseBytes(const std::vector<std::string>& tok, std::vector<uint8_t>& dst,
                const LineFail& fail) {
  for (size_t i = 1; i < tok.size(); ++i) {
    auto v = parseInt(tok[i]);
    if (!v || *v < 0 || *v > 255)
      fail(".byte expects values 0 to 255, got \"" + tok[i] + "\"");
    else
      dst.push_back(uint8_t(*v));
  }
  if (tok.size() < 2) fail(".byte expects values 0 to 255");
}

// How many operands an instruction's immediates take in the text.
size_t operandCount(ImmKind kind) {
  switch (kind) {
    case ImmKind::StreamLoad:
    case ImmKind::StreamStore:
      return 3;
    case ImmKind::None:
    case ImmKind::End:
      return 0;
    default:
      return 1;
  }
}

// Appends the immediates of `info` from the operand tokens to `enc` (which holds the opcode);
// false, with the error reported, when one is malformed.
bool encodeOperands(const OpInfo& info, const std::vector<std::string>& tok,
                    std::vector<uint8_t>& enc, const LineFail& fail) {
  auto byteOperand = [&](std::optional<long> v, const std::string& what) {
    if (!v || *v < 0 || *v > 255) {
      fail(std::string(info.name) + ": expected " + what + ", got \"" + tok[enc.size()] + "\"");
      return false;
    }
    enc.push_back(uint8_t(*v));
    return true;
  };
  bool good = true;
  switch (info.imm) {
    case ImmKind::Const:
      good = byteOperand(parseInt(tok[1]), "a constant index 0 to 255");
      break;
    case ImmKind::Slot:
      good = byteOperand(parseInt(tok[1]), "a transform slot 0 to 255");
      break;
    case ImmKind::Channel:
      good = byteOperand(parseInt(tok[1]), "a channel index 0 to 255");
      break;
    case ImmKind::Permute: {
      std::optional<long> v;
      if (tok[1].size() == 4 && tok[1].find_first_not_of("xyzw") == std::string::npos) {
        long f = 0;
        for (char c : tok[1]) f = f * 4 + long(std::string_view("xyzw").find(c));
        v = f;
      } else {
        v = parseInt(tok[1]);
      }
      good = byteOperand(v, "four lane letters (wzyx) or a number");
      break;
    }
    case ImmKind::StreamLoad:
    case ImmKind::StreamStore:
      good = byteOperand(parseInt(tok[1]), "a group 0 to 255") &&
             byteOperand(parseInt(tok[2]), "a vec4 index 0 to 255") &&
             byteOperand(info.imm == ImmKind::StreamLoad ? nameOrInt(tok[3], kLoadForms)
                                                         : nameOrInt(tok[3], kStoreForms),
                         "a lane form");
      break;
    case ImmKind::ExternFloat:
      good = byteOperand(nameOrInt(tok[1], kExternFloatNames), "an extern float");
      break;
    case ImmKind::ExternVec:
      good = byteOperand(nameOrInt(tok[1], kExternVectorNames), "an extern vector");
      break;
    case ImmKind::Hash: {
      uint32_t h = 0;
      if (tok[1].size() >= 2 && tok[1].front() == '"' && tok[1].back() == '"') {
        h = fnv1(std::string_view(tok[1]).substr(1, tok[1].size() - 2));
      } else {
        char* end = nullptr;
        unsigned long long v = std::strtoull(tok[1].c_str(), &end, 0);
        if (*end != '\0' || v > 0xFFFFFFFFull) {
          fail(std::string(info.name) +
               ": expected a quoted channel name or a 32-bit hash, got \"" + tok[1] + "\"");
          good = false;
          break;
        }
        h = uint32_t(v);
      }
      enc.push_back(uint8_t(h >> 24));
      enc.push_back(uint8_t(h >> 16));
      enc.push_back(uint8_t(h >> 8));
      enc.push_back(uint8_t(h));
      break;
    }
    default:
      break;
  }
  return good;
}

}  // namespace

bool assemble(const std::string& text, AssembledProgram& out, std::vector<std::string>& errors) {
  out = AssembledProgram{};
  std::array<std::vector<uint8_t>, kStageCount> stages;
  std::array<bool, kStageCount> seen{};
  int current = -1;
  std::istringstream in(text);
  std::string line;
  int lineNo = 0;
  constexpr size_t kMaxLines = 1u << 16;
  while (std::getline(in, line)) {
    if (++lineNo > int(kMaxLines)) {
      errors.push_back("line " + std::to_string(lineNo) + ": more than " +
                       std::to_string(kMaxLines) + " lines");
      break;
    }
    auto tok = tokenize(line);
    if (tok.empty()) continue;
    const LineFail fail{errors, lineNo};
    const std::string& head = tok[0];
    if (head == ".stage") {
      auto n = tok.size() == 2 ? parseInt(tok[1]) : std::nullopt;
      if (!n || *n < 0 || *n >= kStageCount) {
        fail(".stage expects a stage number 0 to 7");
        continue;
      }
      if (seen[size_t(*n)]) fail("stage " + std::to_string(*n) + " appears twice");
      seen[size_t(*n)] = true;
      current = int(*n);
      continue;
    }
    if (head == ".const") {
      if (tok.size() < 2 || tok.size() > 5) {
        fail(".const expects one to four numbers");
        continue;
      }
      parseConst(tok, out, fail);
      continue;
    }
    if (current < 0) {
      fail("an instruction before the first .stage");
      continue;
    }
    std::vector<uint8_t>& dst = stages[size_t(current)];
    if (head == ".byte") {
      parseBytes(tok, dst, fail);
      continue;
    }
    auto op = opcodeByName(head);
    if (!op) {
      fail("unknown instruction \"" + head + "\"");
      continue;
    }
    const OpInfo& info = opInfo(*op);
    const size_t want = operandCount(info.imm);
    if (tok.size() - 1 != want) {
      fail(std::string(info.name) + " expects " + std::to_string(want) + " operand" +
           (want == 1 ? "" : "s") + ", got " + std::to_string(tok.size() - 1));
      continue;
    }
    std::vector<uint8_t> enc{*op};
    const bool good = encodeOperands(info, tok, enc, fail);
    if (good) dst.insert(dst.end(), enc.begin(), enc.end());
  }
  for (int s = 0; s < kStageCount; ++s) {
    out.stageLengths[size_t(s)] = uint32_t(stages[size_t(s)].size());
    out.bytes.insert(out.bytes.end(), stages[size_t(s)].begin(), stages[size_t(s)].end());
  }
  return errors.empty();
}

// --- the generated reference ------------------------------------------------------------------

namespace {
std::string escapePipes(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

// The immediates column of the opcode table.
const char* immediatesLabel(ImmKind kind) {
  switch (kind) {
    case ImmKind::Const:
      return "k (constant)";
    case ImmKind::Permute:
      return "fields";
    case ImmKind::Slot:
      return "slot";
    case ImmKind::StreamLoad:
      return "group, vec4, load form";
    case ImmKind::StreamStore:
      return "group, vec4, store form";
    case ImmKind::ExternFloat:
      return "extern float";
    case ImmKind::ExternVec:
      return "extern vector";
    case ImmKind::Channel:
      return "channel";
    case ImmKind::Hash:
      return "u32 hash (big-endian)";
    default:
      return "-";
  }
}
}  // namespace

std::string opcodeReferenceMarkdown() {
  std::string md;
  md += "# Emitter program opcodes\n\n";
  md +=
      "<!-- Generated by `fxview disasm --opcodes-md` from "
      "engine/effects/destiny/emitter_opcodes.h. Do not edit. -->\n\n";
  md +=
      "A stack machine over 32 vec4s (seed \"Emitter programs\"). T is the top of the stack, S the "
      "value below it, "
      "U the one below S; \"splat\" puts one value in all four lanes. Byte 0x00, byte 0x3C and "
      "every byte above 0x52 end "
      "the stage. Source: TFX = the TFX math (reference destiny_tfx_and_stride_notes.md §1.3, "
      "pre-Edge-of-Fate "
      "numbering); seed = the seed's emitter table; fxview = the seed names the operation, fxview "
      "documents the "
      "operands.\n\n";
  md +=
      "| byte | mnemonic | immediates | pops | pushes | source | operation "
      "|\n|---|---|---|---|---|---|---|\n";
  for (const OpInfo& info : kOpTable) {
    if (!info.defined) continue;
    const std::string imm = immediatesLabel(info.imm);
    md += "| " + hexByte(info.byte) + " | `" + std::string(info.name) + "` | " + imm + " | " +
          std::to_string(info.pops) + " | " + std::to_string(info.pushes) + " | " +
          std::string(opSourceName(info.source)) + " | " + escapePipes(info.doc) + " |\n";
  }
  md += "| 0x53-0xff | `.byte` | - | 0 | 0 | seed | Ends the stage. |\n\n";
  md += "## Lane forms\n\n| form | load (0x3E) | store (0x3F) |\n|---|---|---|\n";
  for (int i = 0; i < 8; ++i)
    md += "| " + std::to_string(i) + " | `" + std::string(kLoadForms[size_t(i)]) + "` | `" +
          std::string(kStoreForms[size_t(i)]) + "` |\n";
  md += "\n## Extern floats (0x43, 0x45)\n\n| index | name |\n|---|---|\n";
  for (int i = 0; i < kExternFloatCount; ++i)
    md += "| " + std::to_string(i) + " | `" + std::string(kExternFloatNames[size_t(i)]) + "` |\n";
  md += "\nExtern float 0 wraps every " + std::to_string(int(kExternTimeWrap)) + " s.\n";
  md += "\n## Extern vectors (0x44)\n\n| index | name |\n|---|---|\n";
  for (int i = 0; i < kExternVectorCount; ++i)
    md += "| " + std::to_string(i) + " | `" + std::string(kExternVectorNames[size_t(i)]) + "` |\n";
  md += "\n## Stages\n\n| stage | runs |\n|---|---|\n";
  for (int s : {7, 0, 1, 6, 2, 3, 4, 5})
    md += "| " + std::to_string(s) + " | " + std::string(stageRole(s)) + " |\n";
  md +=
      "\n## Channels\n\nThe 55 channel records {group, slot} follow this fixed list. The seed "
      "names the first 18 and "
      "the last; the others are fxview's names for the quantities its spawn steps and integrator "
      "use.\n\n"
      "| index | channel | floats | named by | meaning |\n|---|---|---|---|---|\n";
  for (int i = 0; i < kChannelCount; ++i) {
    const ChannelInfo& c = kChannels[size_t(i)];
    md += "| " + std::to_string(i) + " | `" + std::string(c.name) + "` | " +
          std::to_string(c.floats) + " | " + (c.seedNamed ? "seed" : "fxview") + " | " +
          escapePipes(c.doc) + " |\n";
  }
  return md;
}

}  // namespace fx::destiny
