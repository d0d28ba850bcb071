// fxview asm FILE.s -o FILE.json: assemble an emitter program into {"program", "stage_lengths",
// "constants"} (paste into an emitter, or keep beside it).
// fxview disasm FILE.json [--stage N]: the text form of every emitter program in a preset, a
// particle system, an emitter or an asm output, with stage labels and channel names.
// fxview disasm --opcodes-md [-o FILE]: the opcode reference (docs/emitter_opcodes.md), generated
// from the opcode table.
// No output is written over the command's input (exit 2).
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/cli/common.h"
#include "engine/core/field_json.h"
#include "engine/core/paths.h"
#include "engine/core/text.h"
#include "engine/effects/destiny/emitter_asm.h"
#include "engine/effects/destiny/emitter_definition.h"

namespace fx::cli {

namespace {

using namespace fx::destiny;

bool readText(const std::string& path, std::string& out) {
  std::ifstream f(toPath(path), std::ios::binary);
  if (!f) return false;
  std::ostringstream ss;
  ss << f.rdbuf();
  out = ss.str();
  return out.size() <= kMaxJsonFileBytes;
}

// Every object holding a "program" string, with its pointer (depth-limited by the JSON loader).
void findEmitters(const Json& j, const std::string& pointer,
                  std::vector<std::pair<std::string, const Json*>>& out) {
  if (j.is_object()) {
    auto it = j.find("program");
    if (it != j.end() && (it->is_string() || it->is_array())) out.push_back({pointer, &j});
    for (auto e = j.begin(); e != j.end(); ++e)
      findEmitters(e.value(), pointerJoin(pointer, e.key()), out);
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) findEmitters(j[i], pointerJoin(pointer, i), out);
  }
}

int disassembleFile(const std::string& path, int onlyStage) {
  Diagnostics diags;
  auto doc = loadJsonFile(toPath(path), path, diags);
  if (!doc) {
    printDiagnostics(diags);
    return kExitErrors;
  }
  std::vector<std::pair<std::string, const Json*>> found;
  findEmitters(*doc, "", found);
  if (found.empty()) {
    std::cerr << path << ": no emitter program (an object with a \"program\" key) in the file\n";
    return kExitErrors;
  }
  int rc = kExitOk;
  for (const auto& [pointer, json] : found) {
    EmitterDefinition e;
    DefaultsVisitor defaults;
    e.reflect(defaults);
    Diagnostics local;
    readFields(
        *json, [&](FieldVisitor& v) { e.reflect(v); },
        {.file = path, .pointer = pointer, .reportUnknown = false}, local);
    std::vector<uint8_t> bytes;
    std::array<uint32_t, kStageCount> lengths{};
    std::vector<vec4> consts = e.constants;
    if (looksLikeAssembly(e.program)) {
      AssembledProgram a;
      std::vector<std::string> errors;
      if (!assemble(e.program, a, errors))
        for (const auto& m : errors) local.error(path, pointer + "/program", m);
      bytes = a.bytes;
      lengths = a.stageLengths;
      if (a.hasConstants) consts = a.constants;
    } else if (!parseHex(e.program, bytes)) {
      local.error(path, pointer + "/program", "expected hex bytes or assembly text");
    } else if (e.stageLengths.size() != size_t(kStageCount)) {
      local.error(path, pointer + "/stage_lengths",
                  "expected eight stage lengths, got " + std::to_string(e.stageLengths.size()));
    } else {
      for (int s = 0; s < kStageCount; ++s)
        lengths[size_t(s)] = uint32_t(e.stageLengths[size_t(s)]);
    }
    if (local.hasErrors()) {
      printDiagnostics(local);
      rc = kExitErrors;
      continue;
    }
    std::cout << "; " << path << (pointer.empty() ? "" : " " + pointer) << "\n";
    for (const DisasmLine& l : disassembleLines(bytes, lengths, consts, e.channels.data())) {
      if (onlyStage >= 0 && l.stage != onlyStage) continue;
      std::string line = l.offset >= 0 ? "  " + l.text : l.text;
      std::string comment = l.offset >= 0 ? "@" + std::to_string(l.offset) +
                                                (l.comment.empty() ? "" : " " + l.comment)
                                          : l.comment;
      if (!comment.empty()) {
        if (line.size() < 32)
          line.resize(32, ' ');
        else
          line += ' ';
        line += "; " + comment;
      }
      std::cout << line << "\n";
    }
  }
  return rc;
}

struct AsmArgs {
  std::string input, output, into;
  bool force = false;  // --force: read-only outputs made writable
};

// `fxview asm`: assembles and verifies the source, then writes the JSON (or edits --into).
int runAsm(const AsmArgs& a) {
  // --into is edited in place on purpose; -o may name neither it nor the source, and --into
  // is never the source.
  if (refuseOutputOverInput("asm", {toPath(a.output), toPath(a.into)}, {toPath(a.input)}) ||
      refuseOutputOverInput("asm", {toPath(a.output)}, {toPath(a.into)}) ||
      refuseOutputs("asm",
                    {{toPath(a.output), WrittenKind::Json}, {toPath(a.into), WrittenKind::Json}},
                    a.force)) {
    return kExitUsage;
  }
  std::string text;
  if (!readText(a.input, text)) {
    std::cerr << a.input << ": cannot read the file (or it is larger than 16 MiB)\n";
    return kExitUsage;
  }
  AssembledProgram prog;
  std::vector<std::string> errors;
  if (!assemble(text, prog, errors)) {
    for (const auto& e : errors) std::cerr << a.input << ": " << e << "\n";
    return kExitErrors;
  }
  // Verify against the program's own sizes (streams and slots at their largest), so index
  // errors in constants and stack depth show here already.
  CompiledProgram compiled;
  Diagnostics diags;
  ProgramLimits lim{.constants = int(prog.constants.size()),
                    .channelConstants = 256,
                    .stream0Vec4s = kMaxStreamVec4s,
                    .stream1Vec4s = kMaxStreamVec4s,
                    .transformSlots = kMaxTransformSlots};
  if (!compileProgram(prog.bytes, prog.stageLengths, prog.constants, lim, compiled, diags, a.input,
                      "/program", "/stage_lengths")) {
    printDiagnostics(diags);
    return kExitErrors;
  }
  Json out = Json::object();
  out["program"] = toHex(prog.bytes);
  Json lengths = Json::array();
  for (uint32_t l : prog.stageLengths) lengths.push_back(l);
  out["stage_lengths"] = lengths;
  Json consts = Json::array();
  for (const vec4& c : prog.constants)
    consts.push_back({floatJson(c.x), floatJson(c.y), floatJson(c.z), floatJson(c.w)});
  out["constants"] = consts;
  if (!a.into.empty()) {
    Diagnostics loadDiags;
    auto doc = loadJsonFile(toPath(a.into), a.into, loadDiags);
    if (!doc || !doc->is_object()) {
      printDiagnostics(loadDiags);
      if (doc) std::cerr << a.into << ": expected a JSON object\n";
      return kExitErrors;
    }
    for (const char* key : {"program", "stage_lengths", "constants"}) (*doc)[key] = out[key];
    if (std::string err = writeFileAtomic(toPath(a.into), dumpJson(*doc, 2) + "\n"); !err.empty()) {
      std::cerr << "fxview asm: " << err << "\n";
      return kExitUsage;
    }
  }
  std::string text2 = dumpJson(out, 2) + "\n";
  if (!a.into.empty() && a.output.empty()) {
    return kExitOk;
  }
  if (a.output.empty()) {
    std::cout << text2;
  } else if (std::string err = writeFileAtomic(toPath(a.output), text2); !err.empty()) {
    std::cerr << "fxview asm: " << err << "\n";
    return kExitUsage;
  }
  return kExitOk;
}

struct DisasmArgs {
  std::string input, output;
  int stage = -1;
  bool opcodesMd = false;
};

// `fxview disasm`: a file's programs as text, or the opcode reference.
int runDisasm(const DisasmArgs& d) {
  if (refuseOutputOverInput("disasm", {toPath(d.output)}, {toPath(d.input)}) ||
      refuseOutputs("disasm", {{toPath(d.output), WrittenKind::Text}})) {
    return kExitUsage;
  }
  if (d.opcodesMd) {
    std::string md = opcodeReferenceMarkdown();
    if (d.output.empty()) {
      std::cout << md;
    } else if (std::string err = writeFileAtomic(toPath(d.output), md); !err.empty()) {
      std::cerr << "fxview disasm: " << err << "\n";
      return kExitUsage;
    }
    return kExitOk;
  }
  if (d.input.empty()) {
    std::cerr << "disasm: give a JSON file, or --opcodes-md\n";
    return kExitUsage;
  }
  return disassembleFile(d.input, d.stage);
}

}  // namespace

void registerAsm(CLI::App& app, int& exitCode) {
  auto a = std::make_shared<AsmArgs>();
  auto* asmCmd = app.add_subcommand(
      "asm", "Assemble an emitter program (.s) into {program, stage_lengths, constants} JSON");
  asmCmd->add_option("input", a->input, "Assembly source")->required();
  asmCmd->add_option("-o,--output", a->output, "Output JSON (default: stdout)");
  asmCmd->add_option(
      "--into", a->into,
      "Emitter JSON whose program, stage_lengths and constants are replaced (other keys kept)");
  addForceOption(asmCmd, a->force);
  asmCmd->callback([a, &exitCode] { exitCode = runAsm(*a); });

  auto d = std::make_shared<DisasmArgs>();
  auto* dis = app.add_subcommand(
      "disasm", "Print emitter programs as text (or the opcode reference with --opcodes-md)");
  dis->add_option("input", d->input, "Preset, particle system, emitter or asm output JSON");
  dis->add_option("--stage", d->stage, "Only this stage (0-7)")->check(CLI::Range(0, 7));
  dis->add_flag("--opcodes-md", d->opcodesMd,
                "Write the opcode reference (docs/emitter_opcodes.md) from the opcode table");
  dis->add_option("-o,--output", d->output, "Output file for --opcodes-md (default: stdout)");
  dis->callback([d, &exitCode] { exitCode = runDisasm(*d); });
}

}  // namespace fx::cli
