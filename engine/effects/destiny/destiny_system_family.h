// Access to a running destiny_system effect for tools (the GUI's disassembly and step-debugger
// panel): the SystemInstances behind an EffectInstance of kind "destiny_system". Per stage, the
// listing comes from disassembleLines(program bytes, stage lengths, constants, channels)
// (emitter_asm.h) and one particle's run from SystemInstance::trace(stage, particle)
// (system_instance.h); TraceStep::offset matches DisasmLine::offset.
#pragma once

#include <span>

#include "engine/effects/destiny/system_instance.h"
#include "engine/effects/effect.h"

namespace fx {

// One SystemInstance per spawn frame; empty when `instance` is not a destiny_system instance.
std::span<destiny::SystemInstance> destinySystems(EffectInstance& instance);
std::span<const destiny::SystemInstance> destinySystems(const EffectInstance& instance);

}  // namespace fx
