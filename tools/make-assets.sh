#!/usr/bin/env bash
# Regenerates the generic sprite textures in assets/sprites/ with fxview's own generator
# (`fxview texgen sprite`). Deterministic: rerunning gives the same bytes.
#   tools/make-assets.sh [path/to/fxview]      (default: build/fxview)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fxview="${1:-$root/build/fxview}"
out="$root/assets/sprites"
mkdir -p "$out"
gen() {  # kind size file
  "$fxview" texgen sprite --kind "$1" --size "$2" --seed 1 -o "$out/$3"
}
gen glow 64 glow.png
gen dot 32 dot.png
gen spark 64 spark.png
gen streak 64 streak.png
gen flakes 256 flakes.png
gen smoke 64 smoke.png
gen flare 128 flare.png
gen ring 64 ring.png
gen checker 64 checker.png
