#!/bin/sh
# Regenerates the destiny_system preset sprites in assets/destiny/ with the built binary
# (`fxview texgen sprite`), and re-assembles the preset emitter programs from their sources
# (presets/destiny/*.s -> the program, stage_lengths and constants of *.emitter.json) and the
# generated opcode reference docs/emitter_opcodes.md.
# Usage: tools/make-destiny-assets.sh [path/to/fxview]   (default: $FXVIEW or build/fxview)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-${FXVIEW:-$root/build/fxview}}
out=$root/assets/destiny
mkdir -p "$out"
"$bin" texgen sprite --kind glow --size 64 --seed 1 -o "$out/glow.png"
"$bin" texgen sprite --kind streak --size 64 --seed 1 -o "$out/spark.png"
for s in "$root"/presets/destiny/*.s; do
  "$bin" asm "$s" --into "${s%.s}.emitter.json"
done
"$bin" disasm --opcodes-md -o "$root/docs/emitter_opcodes.md"
