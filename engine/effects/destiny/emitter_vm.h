// The emitter program interpreter. A verified CompiledProgram (emitter_program.h) runs here with
// no checks: every instruction knows its stack depth, so its operands are fixed stack slots.
//
// Batched execution (STYLE.md §7): a per-particle stage runs each instruction over a block of
// kLanes particles held in SoA lanes (stack slot -> lane x/y/z/w -> particle), so dispatch is paid
// once per block and the per-lane loops vectorize. The same interpreter source is instantiated
// with one lane for the spawn and system stages, for the one-particle-at-a-time baseline
// (runStageScalar, a reference column of `fxview bench`) and for the step debugger. The engine
// runs particle stages through the compiled form (emitter_kernels.h); this interpreter is its
// reference.
//
// Batched semantics worth knowing: random draws (0x3D) are made particle by particle within each
// instruction; a store to a system group (2, 4, 5) or a transform-slot write from a particle stage
// keeps the last particle's value.
//
// STEP DEBUGGER (for the GUI): traceStage() runs ONE particle through one stage on copies of the
// state and returns the stack after every instruction; nothing of the live system changes. A
// SystemInstance wraps it as SystemInstance::trace(stage, particle) (system_instance.h), and
// disassembleLines() (emitter_asm.h) gives the per-stage listing whose offsets match
// TraceStep::offset.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/math.h"
#include "engine/core/rng.h"
#include "engine/effects/destiny/emitter_program.h"

namespace fx::destiny {

inline constexpr int kLanes = 128;  // particles per block (Unreal's VectorVM uses 128 per chunk)

// Everything a program run reads and writes besides its stack. Plain pointers into the owner's
// storage; the owner keeps them valid for the run.
struct VmState {
  // Particle streams 0 and 1, component-major SoA: float index f (vec4 * 4 + lane) of particle i
  // is stream[g][f * stride + i]. The arrays are padded so a whole block past the live count (and
  // `scratchRow`) can be read and written.
  float* stream[2] = {nullptr, nullptr};
  size_t stride = 0;
  float* systemGroup[3] = {nullptr, nullptr,
                           nullptr};       // groups 2, 4, 5: kSystemGroupVec4s * 4 floats each
  const vec4* channelConstants = nullptr;  // group 6
  vec4* slotPosition = nullptr;            // [kMaxTransformSlots]: xyz + uniform scale in w
  vec4* slotRotation = nullptr;            // [kMaxTransformSlots]: quaternion x, y, z, w
  float externFloats[kExternFloatCount] = {};
  vec4 externVectors[kExternVectorCount] = {};
  float channels[kMaxObjectChannels] = {};  // 0x46 by index
  const float* namedChannels = nullptr;     // 0x47, one per CompiledProgram::hashes entry
  Lcg* rng = nullptr;
};

// Runs `stage` over particles [first, first + count) in blocks of kLanes. `stack` is scratch of
// stackFloats(kLanes) floats (owned by the caller so a steady-state frame allocates nothing).
void runStageBatched(const CompiledProgram& p, int stage, VmState& st, size_t first, size_t count,
                     float* stack);
// Runs `stage` for one particle (or the system: pass the scratch row) with one lane.
void runStageOne(const CompiledProgram& p, int stage, VmState& st, size_t particle);
// The per-particle interpreter over a range: one particle at a time, all instructions each.
void runStageScalar(const CompiledProgram& p, int stage, VmState& st, size_t first, size_t count);

// The compiled form (emitter_kernels.h) of `stage` over particles [first, first + count), in the
// same blocks of kLanes as runStageBatched and with bit-identical results. `scratch` holds
// vmScratchFloats(p) floats. A stage without a compiled form runs on the interpreter.
void runStageCompiled(const CompiledProgram& p, int stage, VmState& st, size_t first, size_t count,
                      float* scratch);
// Runs one compiled stage (e.g. one compiled with exportStack); scratch: ks.scratchFloats().
void runStageKernels(const KernelStage& ks, const CompiledProgram& p, VmState& st, size_t first,
                     size_t count, float* scratch);
// After runStageKernels with exportStack: final stack entry `entry` (bottom first) of lane `lane`
// of the last block, which started at particle `base`.
vec4 kernelStackValue(const KernelStage& ks, const VmState& st, const float* scratch, size_t base,
                      int entry, int lane);
// Scratch floats for runStageBatched and runStageCompiled on any stage of `p`.
size_t vmScratchFloats(const CompiledProgram& p);

constexpr size_t stackFloats(int lanes) {
  return size_t(kStackSlots) * 4 * size_t(lanes);
}

struct TraceStep {
  uint32_t offset = 0;      // byte offset of the instruction in the program
  std::string text;         // the instruction as the disassembler writes it
  std::vector<vec4> stack;  // the stack after it, bottom first
};
// Runs one particle through `stage` and records the stack after each instruction. `st` should
// point at copies (the run writes streams, system groups, slots and the RNG as usual).
std::vector<TraceStep> traceStage(const CompiledProgram& p, int stage, VmState& st,
                                  size_t particle);

// The TFX sine estimate in turns (reference §1.3, 0x1E): exposed for tests.
float sinTurns(float x);

}  // namespace fx::destiny
