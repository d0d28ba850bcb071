// The emitter program's instruction set: ONE table (the X-macro below) is the single source of
// truth for every opcode's byte, mnemonic, immediate operands, stack effect, documentation line
// and where its meaning comes from. The verifier (emitter_program.cpp), the interpreter
// (emitter_vm.cpp), the assembler and disassembler (emitter_asm.cpp) and the generated reference
// docs/emitter_opcodes.md (`fxview disasm --opcodes-md`) all expand this table.
//
// The machine (seed "Emitter programs"): a stack of 32 vec4s, one opcode byte followed by 0-4
// immediate bytes, no branches. Notation in the docs: T = top of stack, S = the value below it,
// U = the one below S. "splat" = the same value in all four lanes.
//
// Sources: `Tfx` = the TFX expression VM's math (reference destiny_tfx_and_stride_notes.md §1.3,
// pre-Edge-of-Fate numbering; the seed says opcodes 0x01-0x3B "run the same math as TFX");
// `Seed` = the seed's own emitter-opcode table wins over TFX; `Fxview` = the seed names the
// operation but not its operands, so fxview documents its own reading beside the opcode.
//
// Operand orders the public TFX sources disagree on (reference §1.3), chosen here and unit
// tested (tests/unit/destiny/emitter_opcode_test.cpp):
//   less_than 0x0A = (S < T)            ("a b less_than" reads a < b; newest ALK interpreter)
//   lerp      0x10 = U + (S - U) * T    ("a b t lerp"; ALK doc and newest ALK)
//   clamp     0x13 = min(max(U, S), T)  ("x lo hi clamp"; ALK doc, CHARM and older ALK)
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace fx::destiny {

// What an instruction's immediate bytes mean; the byte count follows from the kind.
enum class ImmKind : uint8_t {
  None,         // no immediates
  Const,        // 1 byte: index into the program constants
  Permute,      // 1 byte: swizzle fields, lane i = T[(fields >> (6 - 2i)) & 3]
  Slot,         // 1 byte: transform slot
  StreamLoad,   // 3 bytes: group, vec4 index, load lane form
  StreamStore,  // 3 bytes: group, vec4 index, store lane form
  ExternFloat,  // 1 byte: extern float index (see kExternFloatNames)
  ExternVec,    // 1 byte: extern vector index (see kExternVectorNames)
  Channel,      // 1 byte: object channel index
  Hash,         // 4 bytes: FNV-1 name hash, big-endian
  End,          // the byte ends the stage (0x00, 0x3C and every byte above 0x52)
};

constexpr int immBytes(ImmKind k) {
  switch (k) {
    case ImmKind::None:
    case ImmKind::End:
      return 0;
    case ImmKind::StreamLoad:
    case ImmKind::StreamStore:
      return 3;
    case ImmKind::Hash:
      return 4;
    default:
      return 1;
  }
}

enum class OpSource : uint8_t { Tfx, Seed, Fxview };

// X(byte, Id, "mnemonic", ImmKind, pops, pushes, OpSource, "documentation")
// clang-format off
#define FX_EMITTER_OPCODES(X) \
  X(0x00, End,              "end",               End,         0, 0, Seed,   "Ends the stage (byte 0x00).") \
  X(0x01, Add,              "add",               None,        2, 1, Tfx,    "S + T per lane.") \
  X(0x02, Sub,              "sub",               None,        2, 1, Tfx,    "S - T per lane.") \
  X(0x03, Mul,              "mul",               None,        2, 1, Tfx,    "S * T per lane.") \
  X(0x04, Div,              "div",               None,        2, 1, Tfx,    "S / T per lane (IEEE: x/0 is +-inf, 0/0 is NaN).") \
  X(0x05, Mul2,             "mul2",              None,        2, 1, Tfx,    "S * T per lane (a second encoding of mul).") \
  X(0x06, Add2,             "add2",              None,        2, 1, Tfx,    "S + T per lane (a second encoding of add).") \
  X(0x07, IsZero,           "is_zero",           None,        1, 1, Seed,   "1 in lanes where T == 0, else 0.") \
  X(0x08, Min,              "min",               None,        2, 1, Seed,   "min(S, T) per lane.") \
  X(0x09, Max,              "max",               None,        2, 1, Seed,   "max(S, T) per lane.") \
  X(0x0A, LessThan,         "less_than",         None,        2, 1, Tfx,    "1 in lanes where S < T, else 0 (operand order chosen: S < T).") \
  X(0x0B, Dot,              "dot",               None,        2, 1, Tfx,    "4-lane dot(S, T), splat.") \
  X(0x0C, Merge13,          "merge_1_3",         None,        2, 1, Tfx,    "(S.x, T.x, T.y, T.z).") \
  X(0x0D, Merge22,          "merge_2_2",         None,        2, 1, Tfx,    "(S.x, S.y, T.x, T.y).") \
  X(0x0E, Merge31,          "merge_3_1",         None,        2, 1, Tfx,    "(S.x, S.y, S.z, T.x).") \
  X(0x0F, Cubic,            "cubic",             None,        2, 1, Tfx,    "x = T, c = S: (c.x x + c.y) x^2 + (c.z x + c.w) per lane.") \
  X(0x10, Lerp,             "lerp",              None,        3, 1, Tfx,    "U + (S - U) * T (operand order chosen: a b t lerp).") \
  X(0x11, LerpSaturate,     "lerp_saturate",     None,        3, 1, Seed,   "lerp, then clamp to 0..1.") \
  X(0x12, MulAdd,           "mul_add",           None,        3, 1, Tfx,    "U * S + T per lane.") \
  X(0x13, Clamp,            "clamp",             None,        3, 1, Tfx,    "min(max(U, S), T): value U, low S, high T (operand order chosen).") \
  X(0x14, SmoothStep,       "smooth_step",       None,        3, 1, Seed,   "Smooth step of x = T between edges U and S: t = saturate((T - U) / (S - U)), t^2 (3 - 2t). TFX's 0x14 pops three and pushes one too.") \
  X(0x15, Abs,              "abs",               None,        1, 1, Seed,   "|T| per lane.") \
  X(0x16, Sign,             "sign",              None,        1, 1, Seed,   "Sign of T per lane, keeping zero (-1, 0 or 1).") \
  X(0x17, Floor,            "floor",             None,        1, 1, Tfx,    "floor(T) per lane.") \
  X(0x18, Ceil,             "ceil",              None,        1, 1, Seed,   "ceil(T) per lane.") \
  X(0x19, Round,            "round",             None,        1, 1, Seed,   "T rounded to the nearest integer, halves to even.") \
  X(0x1A, Frac,             "frac",              None,        1, 1, Tfx,    "T - floor(T) per lane.") \
  X(0x1B, Normalize4,       "normalize4",        None,        1, 1, Seed,   "T / |T| over four lanes; 0 when |T| is 0.") \
  X(0x1C, Normalize3,       "normalize3",        None,        1, 1, Seed,   "T * (1 / |T.xyz|) in all four lanes, as TFX's normalize3 scales W too; 0 when |T.xyz| is 0.") \
  X(0x1D, Negate,           "negate",            None,        1, 1, Tfx,    "-T.") \
  X(0x1E, SinWave,          "sin",               None,        1, 1, Seed,   "Sine wave of T in turns: the 0x1F wave without its quarter-turn offset (TFX's estimate a = x - round(x), y = a (8 - 16|a|), y (0.225|y| + 0.775)).") \
  X(0x1F, CosWave,          "cos",               None,        1, 1, Tfx,    "Cosine wave in turns: the sine estimate of T + 0.25.") \
  X(0x20, SinCos,           "sin_cos",           None,        1, 1, Tfx,    "The sine estimate of T + (0, 0.25, 0, 0.25): (sin x, cos y, sin z, cos w) in turns.") \
  X(0x21, Splat,            "splat",             None,        1, 1, Tfx,    "T.xxxx.") \
  X(0x22, Permute,          "permute",           Permute,     1, 1, Tfx,    "Swizzle: lane i = T[(fields >> (6 - 2i)) & 3], written as four lane letters (permute wzyx).") \
  X(0x23, Saturate,         "saturate",          None,        1, 1, Tfx,    "clamp(T, 0, 1) per lane.") \
  X(0x24, Tan,              "tan",               None,        1, 1, Tfx,    "Tangent in turns: sin estimate(T) / sin estimate(T + 0.25); 0 where |denominator| <= 1e-4.") \
  X(0x25, Log2,             "log2",              None,        1, 1, Tfx,    "Fast log2: exponent - 127 plus f (1.4232545 + f (-0.5854211 + f 0.16216666)) of the mantissa fraction f.") \
  X(0x26, Unk26,            "unk26",             None,        1, 1, Tfx,    "Unknown in TFX (one in, one out); fxview passes T through.") \
  X(0x27, Triangle,         "triangle",          None,        1, 1, Tfx,    "Triangle wave 2 |T - round(T)| per lane.") \
  X(0x28, Jitter,           "jitter",            None,        1, 1, Tfx,    "TFX jitter of T.x: four phases, wrapped pseudo-sines, smoothed 3v^2 - 2v^3, splat.") \
  X(0x29, Wander,           "wander",            None,        1, 1, Tfx,    "TFX wander of T.x: 0.5 + dot of two sets of four pseudo-sines, splat.") \
  X(0x2A, Rand,             "rand",              None,        1, 1, Tfx,    "Hash of floor(T.x): frac(v^2 251) with v = frac(n (1/1.043501 + 1/0.794471 + 1/0.113777 + 1/0.015101)), splat.") \
  X(0x2B, RandSmooth,       "rand_smooth",       None,        1, 1, Tfx,    "Hermite blend of rand(floor(T.x)) and rand(floor(T.x) + 1) by the fraction of T.x, splat (helper unknown in the seed; fxview uses floor).") \
  X(0x2C, RotateAxis,       "rotate_axis",       None,        2, 1, Fxview, "Rotates vector S.xyz about axis T.xyz by angle T.w in turns (right-handed; axis normalised; zero axis: S unchanged); W of S kept. TFX's 0x2C is also two in, one out.") \
  X(0x2D, Unk2D,            "unk2d",             None,        5, 1, Tfx,    "Unknown in TFX and the seed (five in, one out); fxview pushes T back.") \
  X(0x2E, TransformVec4,    "transform_vec4",    None,        5, 1, Tfx,    "Matrix times vector: the four values below T are the columns (deepest = x axis), T is the vector.") \
  X(0x2F, Spline4,          "spline4",           None,        6, 1, Seed,   "spline4_const (0x37) with its five table vec4s on the stack below T (table entry 0 deepest).") \
  X(0x30, Spline8,          "spline8",           None,       11, 1, Seed,   "spline8_const (0x38) with its ten table vec4s on the stack below T.") \
  X(0x31, Spline8Chain,     "spline8_chain",     None,       12, 1, Seed,   "spline8_chain_const (0x39) with its ten table vec4s below the chained value S and x = T.") \
  X(0x32, Gradient4,        "gradient4",         None,        7, 1, Seed,   "gradient4_const (0x3A) with its six table vec4s on the stack below T.") \
  X(0x33, Gradient8,        "gradient8",         None,       12, 1, Seed,   "gradient8_const (0x3B) with its eleven table vec4s on the stack below T.") \
  X(0x34, PushConst,        "push_const",        Const,       0, 1, Tfx,    "Pushes constant[k].") \
  X(0x35, LerpConst,        "lerp_const",        Const,       1, 1, Tfx,    "constant[k] + T (constant[k+1] - constant[k]); replaces T.") \
  X(0x36, LerpConstSaturate,"lerp_const_saturate",Const,      1, 1, Seed,   "lerp_const (0x35), then clamp to 0..1.") \
  X(0x37, Spline4Const,     "spline4_const",     Const,       1, 1, Tfx,    "Piecewise cubic of x = T.x: constants k..k+3 are per-lane coefficients A, B, C, D; k+4 holds four segment thresholds. Each lane j evaluates (A x + B) x^2 + (C x + D); the highest lane whose threshold <= x (lane 0 if none) is splat.") \
  X(0x38, Spline8Const,     "spline8_const",     Const,       1, 1, Tfx,    "Two spline4 sets: coefficients k..k+3 and k+4..k+7, thresholds k+8 and k+9; the second set once x >= its first threshold.") \
  X(0x39, Spline8ChainConst,"spline8_chain_const",Const,      2, 1, Tfx,    "spline8_const of x = T, but S.x (splat) when x is below the first threshold; pops both.") \
  X(0x3A, Gradient4Const,   "gradient4_const",   Const,       1, 1, Tfx,    "Base constant[k] plus four stops: k+1..k+4 hold the R, G, B, A weights (one lane per stop), k+5 the stop thresholds; stop weight w = saturate((x - thr) / (next thr - thr)), the last stop's next threshold is 1.") \
  X(0x3B, Gradient8Const,   "gradient8_const",   Const,       1, 1, Tfx,    "Eight-stop gradient4: k base, k+1..k+4 and k+5..k+8 the weights of stops 0-3 and 4-7, k+9 and k+10 their thresholds.") \
  X(0x3C, Stop,             "stop",              End,         0, 0, Seed,   "Ends the stage (byte 0x3C).") \
  X(0x3D, Random,           "random",            None,        0, 1, Seed,   "Pushes one draw of the system's LCG (s = 1664525 s + 1013904223, high 16 bits / 65535), splat. In a batched stage each particle draws in particle order.") \
  X(0x3E, Load,             "load",              StreamLoad,  0, 1, Seed,   "Pushes stream group g vec4 s in lane form c (xyzw, xyzz, xyxy, zwzw, xxxx, yyyy, zzzz, wwww). Groups 0 and 1 are the particle's own streams, 2, 4 and 5 the system's, 6 the emitter's channel constants.") \
  X(0x3F, Store,            "store",             StreamStore, 1, 0, Seed,   "Pops T into stream group g vec4 s in lane form c: all lanes, xyz, xy, the source XY into ZW (xy_to_zw), or the source X into one of X, Y, Z, W (x_to_x ... x_to_w). Group 6 is read-only. A particle stage storing to a system group keeps the last particle's value.") \
  X(0x40, WriteSlot,        "write_slot",        Slot,        2, 0, Seed,   "Pops a transform (position + scale under the rotation quaternion) into transform slot n.") \
  X(0x41, WriteSlotPosition,"write_slot_position",Slot,       1, 0, Seed,   "Pops T into slot n's position (W = uniform scale).") \
  X(0x42, WriteSlotRotation,"write_slot_rotation",Slot,       1, 0, Seed,   "Pops T into slot n's rotation quaternion (x, y, z, w).") \
  X(0x43, ExternFloat,      "push_extern_float", ExternFloat, 0, 1, Seed,   "Pushes extern float n, splat: 0 wrapped simulation time, 1 frame time, 2 unwrapped time, 3 frame index, 4 frames per second, 5 = 1/30, 6 = 1/60.") \
  X(0x44, ExternVector,     "push_extern_vector",ExternVec,   0, 1, Fxview, "Pushes extern vector n: 0 camera position, 1 camera forward, 2 the spawn frame's velocity (world), 3 world gravity direction in the simulation frame.") \
  X(0x45, ExternFloat4,     "push_extern_float4",ExternFloat, 0, 1, Fxview, "Pushes extern floats n..n+3 as one vec4 (0 past the last).") \
  X(0x46, Channel,          "push_channel",      Channel,     0, 1, Seed,   "Pushes object channel n, splat; 0 when unbound.") \
  X(0x47, ChannelNamed,     "push_channel_named",Hash,        0, 1, Seed,   "Pushes the object channel whose FNV-1 name hash is h (big-endian immediate), splat; 0 when unbound.") \
  X(0x48, PushZero,         "push_zero",         None,        0, 1, Seed,   "Pushes (0, 0, 0, 0).") \
  X(0x49, ReadSlot,         "read_slot",         Slot,        0, 2, Seed,   "Pushes transform slot n: its position (+ scale), then its rotation on top.") \
  X(0x4A, ReadSlotPosition, "read_slot_position",Slot,        0, 1, Seed,   "Pushes slot n's position (W = uniform scale).") \
  X(0x4B, ReadSlotRotation, "read_slot_rotation",Slot,        0, 1, Seed,   "Pushes slot n's rotation quaternion.") \
  X(0x4C, MovePoint,        "move_point",        None,        3, 1, Fxview, "Moves point U.xyz by the transform (S position + scale, T rotation): rot (p scale) + pos; W of U kept.") \
  X(0x4D, MoveVector,       "move_vector",       None,        3, 1, Fxview, "Moves vector U.xyz by the transform's rotation and scale, no translation; W of U kept.") \
  X(0x4E, UnmovePoint,      "unmove_point",      None,        3, 1, Fxview, "Moves point U.xyz by the inverse of the transform (S, T); W of U kept.") \
  X(0x4F, MoveTransform,    "move_transform",    None,        4, 2, Fxview, "Composes transforms: the lower pair (parent) times the upper pair (child); pushes the result pair.") \
  X(0x50, LerpTransform,    "lerp_transform",    None,        5, 2, Fxview, "Blends two transforms by T.x: positions and scales linearly, rotations by slerp; pushes the result pair.") \
  X(0x51, TurnVector,       "turn_vector",       None,        2, 1, Fxview, "Turns vector S.xyz by quaternion T; W of S kept.") \
  X(0x52, AxisTurn,         "axis_turn",         None,        1, 1, Fxview, "Quaternion for a turn of T.w turns about axis T.xyz (normalised; zero axis gives identity).")
// clang-format on

enum class Op : uint8_t {
#define FX_OP_ENUM(byte, id, name, imm, pops, pushes, src, doc) id = byte,
  FX_EMITTER_OPCODES(FX_OP_ENUM)
#undef FX_OP_ENUM
};

struct OpInfo {
  uint8_t byte = 0;
  std::string_view name;
  ImmKind imm = ImmKind::End;
  uint8_t pops = 0, pushes = 0;
  OpSource source = OpSource::Tfx;
  std::string_view doc;
  bool defined = false;  // false: the byte is not in the table (it ends the stage)
};

inline constexpr int kStackSlots = 32;  // vec4s
inline constexpr int kStageCount = 8;
inline constexpr uint8_t kLastOpcode = 0x52;  // bytes above it end the stage

// Every byte's entry; bytes above 0x52 are undefined and end the stage.
inline constexpr std::array<OpInfo, 256> kOpTable = [] {
  std::array<OpInfo, 256> t{};
  for (int b = 0; b < 256; ++b)
    t[size_t(b)] = OpInfo{
        uint8_t(b), "", ImmKind::End, 0, 0, OpSource::Seed, "Ends the stage (bytes above 0x52).",
        false};
#define FX_OP_ROW(byte, id, name, imm, pops, pushes, src, doc) \
  t[byte] = OpInfo{byte, name, ImmKind::imm, pops, pushes, OpSource::src, doc, true};
  FX_EMITTER_OPCODES(FX_OP_ROW)
#undef FX_OP_ROW
  return t;
}();

inline const OpInfo& opInfo(uint8_t byte) {
  return kOpTable[byte];
}
inline bool endsStage(uint8_t byte) {
  return kOpTable[byte].imm == ImmKind::End;
}
std::optional<uint8_t> opcodeByName(std::string_view mnemonic);
std::string_view opSourceName(OpSource s);

// Lane forms of 0x3E / 0x3F (seed: "Load lane forms are xyzw, xyzz, xyxy, zwzw, xxxx, yyyy, zzzz
// and wwww. Store lane forms write all lanes, xyz, xy, the source XY into ZW, or the source X
// into one of X, Y, Z or W.").
inline constexpr std::array<std::string_view, 8> kLoadForms = {"xyzw", "xyzz", "xyxy", "zwzw",
                                                               "xxxx", "yyyy", "zzzz", "wwww"};
inline constexpr std::array<std::string_view, 8> kStoreForms = {
    "xyzw", "xyz", "xy", "xy_to_zw", "x_to_x", "x_to_y", "x_to_z", "x_to_w"};
// Source lane of each destination lane for the load forms.
inline constexpr std::array<std::array<uint8_t, 4>, 8> kLoadLanes = {{
    {0, 1, 2, 3},
    {0, 1, 2, 2},
    {0, 1, 0, 1},
    {2, 3, 2, 3},
    {0, 0, 0, 0},
    {1, 1, 1, 1},
    {2, 2, 2, 2},
    {3, 3, 3, 3},
}};

// Extern floats (seed: "Extern float 0 is the wrapped simulation time, floats 1 to 4 are the
// other frame clock values, float 5 is 1/30 and float 6 is 1/60"). Which clock value is 1..4 is
// fxview's reading.
inline constexpr int kExternFloatCount = 7;
inline constexpr std::array<std::string_view, kExternFloatCount> kExternFloatNames = {
    "time_wrapped",      "frame_time",    "time",        "frame_index",
    "frames_per_second", "one_thirtieth", "one_sixtieth"};
inline constexpr double kExternTimeWrap = 3600.0;  // seconds: extern float 0 wraps here
inline constexpr int kExternVectorCount = 4;
inline constexpr std::array<std::string_view, kExternVectorCount> kExternVectorNames = {
    "camera_position", "camera_forward", "spawn_frame_velocity", "gravity_direction"};

inline constexpr int kMaxObjectChannels = 64;  // 0x46 channel indices 0..63

}  // namespace fx::destiny
