// The compiled form of a per-particle emitter stage: the stack program executed symbolically once
// at load (emitter_kernels.cpp) into a straight-line list of column kernels, each one loop over a
// block of kLanes particles with no stack traffic.
//
// Every stack value is four component references: a compile-time constant, a runtime scalar (an
// extern, channel, slot or system-group value read at its place in program order, once per block),
// a particle stream column read in place, or a temp column of kLanes floats. Lane forms, permute,
// splat and merges rename references; an elementwise opcode becomes one kernel per needed
// component (identical operations on identical inputs are computed once, all-constant inputs are
// folded with the same function the kernel runs); the other opcodes become one per-lane kernel
// calling the interpreter's own lane function (emitter_lane_ops.h). Stores, random draws and slot
// writes keep their program order; pure kernels whose results nothing uses are dropped; temps are
// reused by liveness. Running a stage allocates nothing.
//
// The interpreter (emitter_vm.h) stays the reference: tests run every opcode test and random
// programs through both and require bit-identical results.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fx::destiny {

struct CompiledProgram;

// Where a kernel operand lives.
enum class ColKind : uint8_t {
  None,    // not written (an unused result column of a per-lane kernel)
  Const,   // KernelStage::consts[idx]
  Scalar,  // the block's scalar idx (written by a ScalarRead or scalar kernel earlier)
  Stream,  // particle stream g, float index idx: stream[g] + idx * stride + block base
  Temp,    // temp column idx (kLanes floats)
};
struct Col {
  ColKind kind = ColKind::None;
  uint8_t g = 0;
  uint32_t idx = 0;
  bool operator==(const Col&) const = default;
  bool lane() const { return kind == ColKind::Stream || kind == ColKind::Temp; }
};

// A scalar read's source (ScalarRead kernels, `src` = which, `a`/`b` = index/lane).
enum class ScalarSrc : uint8_t {
  Group,         // system group a (0, 1, 2 = groups 2, 4, 5), float b
  ChannelConst,  // group 6 float b
  ExternFloat,   // externFloats[a]
  ExternVector,  // externVectors[a][b]
  Channel,       // channels[a]
  Named,         // namedChannels[a] (0 when unbound)
  SlotPosition,  // slotPosition[a][b]
  SlotRotation,  // slotRotation[a][b]
};

enum class KernelKind : uint8_t {
  Elem,          // out (lane) = fn(in[0..2]) over the block
  ElemScalar,    // out (scalar) = fn(in[0..2]) once per block
  Lane,          // per-lane laneApply(op) over operands[first .. first + 4 pops), results to
                 // operands[first + 4 pops .. + 4 pushes)
  LaneScalar,    // the same once per block (no lane operands; scalar results)
  ScalarRead,    // out (scalar) = the state value named by src, a, b
  Random,        // out (lane) = one draw per live particle in particle order, 0 past the live ones
  StoreGroup,    // system group a (0..2) float b = in[0] at the block's last live lane
  WriteSlotPos,  // slotPosition[a][b] = in[0] at the last live lane
  WriteSlotRot,  // slotRotation[a][b] = in[0] at the last live lane
};

using ElemFn = void (*)(float* __restrict out, const float* __restrict a, const float* __restrict b,
                        const float* __restrict c);

struct Kernel {
  KernelKind kind = KernelKind::Elem;
  uint8_t op = 0;  // ops::Ew for Elem*, Op for Lane*
  ScalarSrc src = ScalarSrc::Group;
  uint8_t a = 0;
  uint16_t b = 0;
  uint32_t first = 0;  // Lane*: into KernelStage::operands
  ElemFn fn = nullptr;
  Col out;
  Col in[3];
};

struct KernelStage {
  bool compiled = false;
  std::vector<Kernel> kernels;
  std::vector<Col> operands;  // per-lane kernels' inputs and results
  std::vector<float> consts;
  uint32_t temps = 0;    // temp columns
  uint32_t scalars = 0;  // per-block scalars
  // With exportStack: the final stack, bottom first, four columns per vec4 (temps kept to the end).
  std::vector<Col> finalStack;

  // Scratch floats one block needs (temps, four sink columns, then scalars).
  size_t scratchFloats() const;
};

// Compiles `stage` of a verified program. With exportStack the final stack stays readable after a
// run (finalStack) and counts as used, so nothing it holds is dropped.
void compileStageKernels(const CompiledProgram& p, int stage, bool exportStack, KernelStage& out);

}  // namespace fx::destiny
