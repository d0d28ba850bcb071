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
