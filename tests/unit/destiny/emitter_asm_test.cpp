// The text form: assembler and disassembler derive from the opcode table and round-trip; the
// shipped presets' programs are exactly their assembly sources; the opcode reference in docs/ is
// the generated one.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/json.h"
#include "engine/effects/destiny/emitter_definition.h"
#include "tests/unit/destiny/vm_harness.h"

namespace fx::destiny::test {
namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(EmitterAsm, EveryOpcodeRoundTrips) {
  // One instance of every table opcode, with operands, in one stage.
  std::vector<uint8_t> bytes;
  for (const OpInfo& info : kOpTable) {
    if (!info.defined || info.imm == ImmKind::End) continue;
    bytes.push_back(info.byte);
    for (int k = 0; k < immBytes(info.imm); ++k) bytes.push_back(uint8_t(k + 1));
  }
  bytes.push_back(0x00);
  bytes.push_back(0x77);  // after the end: kept raw
  std::array<uint32_t, kStageCount> lengths{};
  lengths[4] = uint32_t(bytes.size());
  std::string text = disassemble(bytes, lengths, {vec4(1.5f, -2, 0, 1e-7f)});
  AssembledProgram a;
  std::vector<std::string> errors;
  ASSERT_TRUE(assemble(text, a, errors)) << errors[0] << "\n" << text;
  EXPECT_EQ(a.bytes, bytes);
  EXPECT_EQ(a.stageLengths, lengths);
  ASSERT_EQ(a.constants.size(), 1u);
  EXPECT_EQ(a.constants[0], vec4(1.5f, -2, 0, 1e-7f));
}

TEST(EmitterAsm, DisassemblyIsReadable) {
  // Stage labels, named lane forms and externs, channel names from the records, byte offsets.
  EmitterDefinition e;
  DefaultsVisitor dv;
  e.reflect(dv);
  e.channels[size_t(Ch::ParticlePosition)] = {1, 0};
  e.channels[size_t(Ch::InitialParticlePosition)] = {2, 0};
  AssembledProgram a;
  std::vector<std::string> errors;
  ASSERT_TRUE(
      assemble(".const 0 0 1 0\n.stage 3\nload 2 0 xyzw\nstore 1 0 xyz\n.stage "
               "4\npush_extern_float frame_time\npush_const 0\nend",
               a, errors));
  std::string text = disassemble(a.bytes, a.stageLengths, a.constants, e.channels.data());
  EXPECT_NE(text.find(".const 0 0 1 0                  ; c0\n"), std::string::npos) << text;
  EXPECT_NE(text.find(".stage 3                        ; each new particle, after the spawn shape "
                      "is sampled (8 bytes)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  load 2 0 xyzw                 ; @0 initial_particle_position\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  store 1 0 xyz                 ; @4 particle_position\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  push_extern_float frame_time  ; @8\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  push_const 0                  ; @10 (0, 0, 1, 0)\n"), std::string::npos)
      << text;
}

TEST(EmitterAsm, NamedChannelHashIsFnv1BigEndian) {
  AssembledProgram a;
  std::vector<std::string> errors;
  ASSERT_TRUE(assemble(".stage 1\npush_channel_named \"\"", a, errors));
  // The empty-name hash 0x811C9DC5.
  EXPECT_EQ(a.bytes, (std::vector<uint8_t>{0x47, 0x81, 0x1C, 0x9D, 0xC5}));
}

TEST(EmitterAsm, HexAndAssemblyProgramsAreEquivalent) {
  // Seed: program bytecode authored either way (FieldHint::Code).
  auto compile = [](const std::string& program, std::vector<int32_t> lengths,
                    std::vector<vec4> consts) {
    EmitterDefinition e;
    DefaultsVisitor dv;
    e.reflect(dv);
    e.program = program;
    e.stageLengths = lengths;
    e.constants = consts;
    Diagnostics d;
    e.finalize("t.json", "/emitter", d);
    EXPECT_FALSE(d.hasErrors()) << d.formatAll();
    return e.compiled;
  };
  auto hex = compile("48 34 00 01", {0, 0, 0, 0, 4, 0, 0, 0}, {vec4(1)});
  auto text = compile(".const 1 1 1 1\n.stage 4\npush_zero\npush_const 0\nadd", {}, {});
  ASSERT_TRUE(hex && text);
  EXPECT_EQ(hex->bytes, text->bytes);
  EXPECT_EQ(hex->stageLength, text->stageLength);
  EXPECT_EQ(hex->constants, text->constants);
}

TEST(EmitterAsm, PresetProgramsAreTheirAssemblySources) {
  // Each presets/destiny/*.s is the source of the program of the preset emitter that names it.
  const fs::path root = fs::path(FXVIEW_TEST_DATA).parent_path();
  const fs::path dir = root / "presets" / "destiny";
  if (!fs::exists(dir)) GTEST_SKIP() << "no presets/destiny";
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".s") continue;
    fs::path json = entry.path();
    json.replace_extension(".emitter.json");
    ASSERT_TRUE(fs::exists(json)) << json;
    AssembledProgram a;
    std::vector<std::string> errors;
    ASSERT_TRUE(assemble(readFile(entry.path()), a, errors)) << entry.path() << ": " << errors[0];
    Diagnostics d;
    auto doc = parseJsonText(readFile(json), json.string(), d);
    ASSERT_TRUE(doc) << d.formatAll();
    std::vector<uint8_t> bytes;
    ASSERT_TRUE(parseHex((*doc)["program"].get<std::string>(), bytes)) << json;
    EXPECT_EQ(bytes, a.bytes) << json << " is stale: run fxview asm " << entry.path().filename()
                              << " and paste";
    std::vector<uint32_t> lengths = (*doc)["stage_lengths"].get<std::vector<uint32_t>>();
    EXPECT_TRUE(
        std::equal(lengths.begin(), lengths.end(), a.stageLengths.begin(), a.stageLengths.end()))
        << json;
    ASSERT_EQ((*doc)["constants"].size(), a.constants.size()) << json;
    ++checked;
  }
  EXPECT_GE(checked, 6);
}

TEST(EmitterAsm, OpcodeReferenceDocIsGenerated) {
  const fs::path doc = fs::path(FXVIEW_TEST_DATA).parent_path() / "docs" / "emitter_opcodes.md";
  ASSERT_TRUE(fs::exists(doc));
  EXPECT_EQ(readFile(doc), opcodeReferenceMarkdown())
      << "regenerate with: fxview disasm --opcodes-md -o docs/emitter_opcodes.md";
}

}  // namespace
}  // namespace fx::destiny::test
