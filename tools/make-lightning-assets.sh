#!/bin/sh
# Regenerates the Balloonium lightning data textures in assets/lightning/ (and their
# .lightning.json side-cars) with the built binary: `fxview texgen lightning`.
# Usage: tools/make-lightning-assets.sh [path/to/fxview]   (default: $FXVIEW or build/fxview)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-${FXVIEW:-$root/build/fxview}}
out=$root/assets/lightning
mkdir -p "$out"
"$bin" texgen lightning --kind bolt --seed 4 --size 512x64 -o "$out/bolt.png"
"$bin" texgen lightning --kind charged --seed 7 --size 256x256 -o "$out/charged.png"
"$bin" texgen lightning --kind unsuccessful --seed 7 --size 256x256 -o "$out/unsuccessful.png"
"$bin" texgen lightning --kind reaching --seed 3 --size 256x256 -o "$out/reaching.png"
