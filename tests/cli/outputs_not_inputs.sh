#!/usr/bin/env bash
# No subcommand writes over one of its own inputs: render, simulate, import (-o, --png), export
# and asm (-o, --into) each refuse an output that is the named input, the preset's definition
# files, a texture or a model tag the preset reads, with exit 2, "refusing to write ... over its
# own input" and the input byte-identical afterwards. Everything is written by fxview or this
# script in a temporary folder (a copy of the shipped rain preset with its texture from texgen, a
# glow on a texgen model). Usage: outputs_not_inputs.sh FXVIEW SOURCE_DIR
set -u
. "$(dirname "$0")/lib.sh"
bin=$(realpath "$1")
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

# refused WHAT FILE -- ARGS...: exit 2 with the message, FILE byte-identical afterwards (put
# back when it was not, so the next cases still run on the real inputs).
refused() {
  local what=$1 file=$2
  shift 3
  cp "$file" "$work/kept"
  env -u DISPLAY -u WAYLAND_DISPLAY timeout 120 "$bin" "$@" >/dev/null 2>"$work/log"
  local rc=$?
  [ "$rc" -eq 2 ] || bad "$what: exit $rc (want 2)"
  grep -q "refusing to write .* over its own input" "$work/log" ||
    bad "$what: no refusal message: $(head -3 "$work/log")"
  cmp -s "$work/kept" "$file" || { bad "$what: $file was changed"; cp "$work/kept" "$file"; }
}

# The rain preset and its definition files, its sprite a texgen PNG beside them.
mkdir -p "$work/p/defs"
cp "$src/presets/weather_rain.json" "$work/p/rain.json"
cp "$src/presets/defs/weather_rain.json" "$src/presets/defs/point_physics_rain.json" \
  "$src/presets/defs/wind_rain.json" "$work/p/defs/"
"$bin" texgen sprite --kind streak --size 32 -o "$work/p/defs/drop_0001.png" >/dev/null ||
  { echo "FAIL texgen sprite"; exit 1; }
sed -i 's|"assets/weather/rain_streak.png"|"drop_0001.png"|' "$work/p/defs/weather_rain.json"
grep -q '"drop_0001.png"' "$work/p/defs/weather_rain.json" ||
  { echo "FAIL the sprite path was not replaced"; exit 1; }
p=$work/p/rain.json
"$bin" simulate "$p" --time 0.2 -o "$work/dump.json" 2>"$work/log" ||
  { echo "FAIL simulate to a new file:"; cat "$work/log"; exit 1; }

refused "render -o PRESET" "$p" -- render "$p" -o "$p" --size 32x18
refused "render --gif PRESET" "$p" -- render "$p" --gif "$p" --frames 2 --every 0.1 --size 32x18
refused "render --video PRESET" "$p" -- \
  render "$p" --video "$p" --frames 2 --every 0.1 --size 32x18
refused "render --sheet definition" "$work/p/defs/weather_rain.json" -- \
  render "$p" --sheet "$work/p/defs/weather_rain.json" --frames 2 --every 0.1 --size 32x18
t=$work/p/defs/drop_0001.png
refused "render -o texture" "$t" -- render "$p" -o "$t" --size 32x18
refused "render --frames: a numbered frame onto the texture" "$t" -- \
  render "$p" -o "$work/p/defs/drop.png" --frames 3 --every 0.1 --size 32x18
refused "simulate -o PRESET" "$p" -- simulate "$p" --time 0.1 -o "$p"
refused "simulate -o definition" "$work/p/defs/weather_rain.json" -- \
  simulate "$p" --time 0.1 -o "$work/p/defs/weather_rain.json"
refused "simulate -o point_physics" "$work/p/defs/point_physics_rain.json" -- \
  simulate "$p" --time 0.1 -o "$work/p/defs/point_physics_rain.json"
refused "simulate -o wind (entry path)" "$work/p/defs/wind_rain.json" -- \
  simulate "$p" --time 0.1 -o "$work/p/defs/wind_rain.json"
cd "$work/p" || exit 1
refused "simulate -o ./PRESET (relative)" "$p" -- simulate rain.json --time 0.1 -o ./rain.json
cd - >/dev/null || exit 1

# Tags: a weather tag exported from the definition, a glow on a texgen model.
mkdir -p "$work/tags/fx"
w=$work/tags/fx/rain.weather_particle_system
"$bin" export "$work/p/defs/weather_rain.json" -o "$w" 2>/dev/null || { echo "FAIL export"; exit 1; }
refused "simulate -o TAG" "$w" -- simulate "$w" --time 0.1 -o "$w"
refused "import -o TAG" "$w" -- import "$w" -o "$w"
cp "$work/p/defs/point_physics_rain.json" "$work/p/defs/rain.point_physics"
refused "export DEF -o DEF" "$work/p/defs/rain.point_physics" -- \
  export "$work/p/defs/rain.point_physics" -o "$work/p/defs/rain.point_physics"
"$bin" texgen model -o "$work/tags/fx/sword.gbxmodel" >/dev/null || { echo "FAIL texgen model"; exit 1; }
python3 - "$src/presets/glow_model_sword.json" "$work/tags/sword.json" <<'PY' || { echo "FAIL glow preset"; exit 1; }
import json, sys
preset = json.load(open(sys.argv[1]))
preset["tags_dir"] = "."
json.dump(preset, open(sys.argv[2], "w"))
PY
refused "simulate -o model tag" "$work/tags/fx/sword.gbxmodel" -- \
  simulate "$work/tags/sword.json" --time 0.1 -o "$work/tags/fx/sword.gbxmodel"
refused "import -o MODEL" "$work/tags/fx/sword.gbxmodel" -- \
  import "$work/tags/fx/sword.gbxmodel" -o "$work/tags/fx/sword.gbxmodel"

# A bitmap tag assembled byte by byte (tests/cli/lib.sh).
b=$work/tags/fx/dot.bitmap
white_bitmap "$b"
"$bin" import "$b" --png "$work/dot.png" >/dev/null 2>"$work/log" ||
  { echo "FAIL import --png to a new file:"; cat "$work/log"; exit 1; }
refused "import --png BITMAP" "$b" -- import "$b" --png "$b"

# The assembler.
cp "$src/presets/destiny/fountain.s" "$work/fountain.s"
refused "asm -o SOURCE" "$work/fountain.s" -- asm "$work/fountain.s" -o "$work/fountain.s"
refused "asm --into SOURCE" "$work/fountain.s" -- asm "$work/fountain.s" --into "$work/fountain.s"
echo '{"program": ""}' >"$work/emitter.json"
refused "asm -o the --into file" "$work/emitter.json" -- \
  asm "$work/fountain.s" --into "$work/emitter.json" -o "$work/emitter.json"

echo "$fail failed"
[ "$fail" -eq 0 ]
