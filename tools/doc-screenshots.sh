#!/usr/bin/env bash
# The screenshots of docs/getting-started.md, made by fxview itself under a virtual display
# (xvfb-run), so they follow the viewer as it changes: run it after changing what they show.
#   bash tools/doc-screenshots.sh [FXVIEW]   (default build/fxview)
# Writes docs/images/getting-started/*.png (1280x720 windows; one at 200 % UI scale). Every
# input is made here: the gallery and a Stride-style preset ship in presets/, the Halo glow and
# its model are written by `fxview export` and `fxview texgen model`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=$(realpath "${1:-build/fxview}")
out=$root/docs/images/getting-started
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache" FXVIEW_SETTINGS_DIR="$tmp/config/fxview"
shot() {  # shot NAME ARGS... : the viewer on ARGS, its window saved as NAME.png
  local name=$1
  shift
  (cd "$tmp" && timeout 120 xvfb-run -a -s "-screen 0 1280x720x24" "$bin" --window 1280x720 \
    "$@" --frames 900) > "$tmp/$name.log" 2>&1 || true  # a file that does not open exits 1
  [ -s "$out/$name.png" ] || { cat "$tmp/$name.log"; echo "doc-screenshots: no $name.png"; exit 1; }
  echo "docs/images/getting-started/$name.png"
}

# The viewer on the gallery.
shot viewer "$root/presets/gallery.json" --exec "pause; time 2; wait 3; screenshot_window $out/viewer.png; quit"

# A Halo modder: a glow tag opened on its own, then on the model beside it.
mkdir -p "$tmp/tags/fx/bitmaps"
"$bin" texgen model -o "$tmp/tags/fx/sword.gbxmodel" > /dev/null
. "$root/tests/cli/lib.sh"  # white_bitmap: a 1x1 bitmap tag written byte by byte
white_bitmap "$tmp/tags/fx/bitmaps/glow.bitmap"
cat > "$tmp/glow.json" << 'JSON'
{"attachment_marker": "glow 1", "number_of_particles": 120, "boundary_effect": "wrap",
 "effect_rotational_velocity": 4.0, "effect_translational_velocity": 0.35,
 "particle_size_bounds": [0.04, 0.07], "color_bound_0": {"r": 0.15, "g": 0.3, "b": 0.9},
 "color_bound_1": {"r": 0.45, "g": 0.7, "b": 1.0}, "particle_generation_freq": 15,
 "lifetime_of_trailing_particles": 0.6, "velocity_of_trailing_particles": 3.0,
 "texture": "fx\\bitmaps\\glow.bitmap"}
JSON
"$bin" export "$tmp/glow.json" -o "$tmp/tags/fx/sword.glow" > /dev/null
shot halo_glow_alone tags/fx/sword.glow --exec "wait 20; screenshot_window $out/halo_glow_alone.png; quit"
shot halo_glow_model tags/fx/sword.glow --exec "model tags/fx/sword.gbxmodel; wait 30; screenshot_window $out/halo_glow_model.png; quit"

# A Stride developer: the shipped Stride fountain, with the curve editor.
shot stride "$root/presets/stride_life_curves.json" --exec "pause; time 1.5; panel curves; wait 3; screenshot_window $out/stride.png; quit"

# A bug reporter: File > Record, a load error, and the record dialog at 200 %.
shot record "$root/presets/gallery.json" --exec "panel record; wait 3; screenshot_window $out/record.png; quit"
printf '{"version": 1, "effects": [,]}' > "$tmp/broken.json"
shot load_error broken.json --exec "panel errors; wait 3; screenshot_window $out/load_error.png; quit"
shot record_200 "$root/presets/gallery.json" --exec "ui_scale 200; panel record; wait 5; screenshot_window $out/record_200.png; quit"

# The README's viewer section: each panel of the viewer, cropped to it (docs/images/viewer/).
views=$root/docs/images/viewer
mkdir -p "$views"
# Each with settings of its own: the 200 % shot above saved its UI scale, and open windows stay
# open in the settings.
vshot() {
  export XDG_CONFIG_HOME="$tmp/config-$1" FXVIEW_SETTINGS_DIR="$tmp/config-$1/fxview"
  shot "$@"
}
crop() {  # crop NAME X Y W H: $out/NAME.png's rectangle written as $views/NAME.png, then removed
  python3 - "$root/tests/windows" "$out/$1.png" "$views/$1.png" "$2" "$3" "$4" "$5" <<'PY'
import struct, sys, zlib
sys.path.insert(0, sys.argv[1])
from png_difference import read_png
w, h, ch, rows = read_png(sys.argv[2])
x, y, cw, chh = (int(v) for v in sys.argv[4:8])
cw, chh = min(cw, w - x), min(chh, h - y)
raw = b"".join(b"\0" + bytes(rows[r][x * ch:(x + cw) * ch]) for r in range(y, y + chh))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
colour = {3: 2, 4: 6}[ch]
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", cw, chh, 8, colour, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
open(sys.argv[3], "wb").write(png)
PY
  rm -f "$out/$1.png"
  echo "docs/images/viewer/$1.png"
}
vshot record_dialog "$root/presets/gallery.json" --exec "pause; time 2; panel record; wait 3; screenshot_window $out/record_dialog.png; quit"
crop record_dialog 440 220 400 270
# The particle inspector on an ember of the weather preset (the brightest one near the middle).
vshot embers "$root/presets/weather_embers.json" --exec "pause; time 2; wait 3; screenshot $out/embers.png; quit"
xy=$(python3 - "$root/tests/windows" "$out/embers.png" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png_difference import read_png
w, h, ch, rows = read_png(sys.argv[2])
best = max((sum(rows[y][x * ch + i] for i in range(3)), x, y)
           for y in range(h // 4, 3 * h // 4) for x in range(w // 4, 3 * w // 4))
print(best[1], best[2])
PY
)
rm -f "$out/embers.png"
vshot particle "$root/presets/weather_embers.json" --exec "pause; time 2; wait 3; pick $xy; step; step; step; wait 3; screenshot_window $out/particle.png; quit"
crop particle 290 110 590 372
vshot overdraw "$root/presets/gallery.json" --exec "pause; time 2; view overdraw; wait 3; screenshot_window $out/overdraw.png; quit"
crop overdraw 290 128 590 354
vshot cost "$root/presets/gallery.json" --exec "pause; time 2; panel cost; wait 30; screenshot_window $out/cost.png; quit"
crop cost 290 110 590 372
vshot scene_context "$root/presets/stride_fountain.json" --exec "pause; time 1.5; grid 1; axes 1; background gradient 0.32 0.36 0.44 0.02 0.02 0.05; panel scene_context; wait 3; screenshot_window $out/scene_context.png; quit --discard"
crop scene_context 290 110 590 372
vshot bloom "$root/presets/gallery.json" --exec "pause; time 2; bloom 1; panel bloom; wait 3; screenshot_window $out/bloom.png; quit"
crop bloom 290 110 590 372
vshot about "$root/presets/gallery.json" --exec "panel about; wait 3; screenshot_window $out/about.png; quit"
crop about 255 282 775 158
cat > "$tmp/axes.json" << 'JSON'
{"version": 1, "name": "axes", "camera": {"position": [0, -10, 0], "target": [0, 0, 0]},
 "effects": [{"id": "axes", "kind": "sprites", "definition": {"batches": [{"blend": "alpha_blend",
  "sprites": [{"position": [3, 0, 0], "size": 1, "color": {"r": 1, "g": 0, "b": 0, "a": 1}},
              {"position": [0, 3, 0], "size": 1, "color": {"r": 0, "g": 1, "b": 0, "a": 1}},
              {"position": [0, 0, 3], "size": 1, "color": {"r": 0, "g": 0, "b": 1, "a": 1}}]}]}}]}
JSON
vshot camera axes.json --exec "camera view top; camera ortho; camera save Top down; camera view front; camera perspective; camera save Front; camera view right; panel camera; wait 3; screenshot_window $out/camera.png; quit --discard"
crop camera 0 110 880 320
