#!/usr/bin/env bash
# Bug-report bundles written by the viewer's `bundle DIR` (under xvfb), issue 35 items 1 and 7:
# 1. a second `bundle DIR` into the same folder is refused with a message naming the folder and a
#    free name; the first bundle's files stay byte for byte, and so do they after a Save As into
#    that folder.
# 2. a glow on a model playing a .model_animations tag (--model, --animation NAME): the bundle
#    holds the model and the animation tag; moved to another folder with the originals removed,
#    `render BUNDLE` gives the PNG it gave before the move (the animated pose, not the default).
# 3. a level BSP (--weather): the bundle holds the BSP and the tags it references; moved, it
#    renders the same.
# 4. a Stride prefab: the bundle holds a copy of the asset and its preset names it.
# No file of a bundle names the folders it was made in.
# The tags: written by fxview (export, texgen model), the fuzz seeds (the BSP, the animation) and
# a bitmap assembled byte by byte.
# Skipped (exit 77) where xvfb-run is not installed.
# usage: bundle_moves.sh FXVIEW SOURCE_DIR
set -u
on_display="$(cd "$(dirname "$0")" && pwd)/on_display.sh"  # xvfb-run -a, or the Wine suite's display
bin=$(realpath "$1")
src=$(realpath "$2")
. "$src/tests/cli/lib.sh"
if ! command -v xvfb-run > /dev/null 2>&1; then
  echo "SKIP: xvfb-run not found (install xvfb to run the bundle test)"
  exit 77
fi
seeds=$src/tests/fuzz/seeds/fuzz_halo_tag
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config"  # never the user's own settings
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

# The viewer on ARGS; its output in $tmp/log. The exit status is the caller's to judge.
gui() {
  (cd "$tmp" && timeout 120 bash "$on_display" 1280x800x24 "$bin" "$@") > "$tmp/log" 2>&1
}
render() {  # render BUNDLE PNG
  "$bin" render "$1" -o "$2" --size 320x180 > "$tmp/render.log" 2>&1 ||
    { bad "render $1: exit $?"; cat "$tmp/render.log"; }
  if grep -qi "warning\|not found" "$tmp/render.log"; then
    bad "render $1 warned"
    cat "$tmp/render.log"
  fi
}
# No file of the bundle (binary tags included) names the folder the scene came from or the
# folder the bundle was written to.
no_paths() {  # no_paths BUNDLE
  if grep -rlF -e "$tmp/src" -e "$tmp/out" "$1"; then
    bad "$1: files name an absolute path of the machine"
    grep -rF -e "$tmp/src" -e "$tmp/out" "$1" | head -5
  fi
}


# --- a glow on an animated model: the sword `texgen model` writes (nodes "frame" and "blade"),
# the swing the fuzz seed holds for those nodes (the blade rises and turns), a glow on its
# "glow 1" markers exported from JSON.
mkdir -p "$tmp/src/tags/fx/bitmaps" "$tmp/out" "$tmp/moved"
"$bin" texgen model -o "$tmp/src/tags/fx/blade.gbxmodel" > /dev/null || { echo "FAIL texgen model"; exit 1; }
cp "$seeds/swing.model_animations" "$tmp/src/tags/fx/blade.model_animations"
white_bitmap "$tmp/src/tags/fx/bitmaps/glow.bitmap"
cat > "$tmp/glow.json" << 'JSON'
{"attachment_marker": "glow 1", "number_of_particles": 110, "boundary_effect": "wrap",
 "normal_particle_distribution": "distributed_uniformly", "trailing_particle_distribution":
 "emit_randomly", "glow_flags": ["trailing_particles_fade_over_time"],
 "effect_rotational_velocity": 4.0, "effect_translational_velocity": 0.35,
 "max_distance_particle_to_object": 0.02, "particle_size_bounds": [0.04, 0.07],
 "color_bound_0": {"r": 0.15, "g": 0.3, "b": 0.9}, "color_bound_1": {"r": 0.45, "g": 0.7, "b": 1.0},
 "particle_generation_freq": 15, "lifetime_of_trailing_particles": 0.6,
 "velocity_of_trailing_particles": 3.0, "texture": "fx\\bitmaps\\glow.bitmap"}
JSON
"$bin" export "$tmp/glow.json" -o "$tmp/src/tags/fx/blade.glow" > /dev/null 2>&1 ||
  { echo "FAIL export glow"; exit 1; }
glow=(src/tags/fx/blade.glow --model src/tags/fx/blade.gbxmodel
      --animation "$tmp/src/tags/fx/blade.model_animations:swing")
gui "${glow[@]}" --frames 600 --exec "pause; time 0.75; bundle $tmp/out/report; quit" ||
  { bad "bundle: exit $?"; cat "$tmp/log"; }
b=$tmp/out/report
for f in preset.json bundle.json screenshot.png; do
  [ -s "$b/$f" ] || { bad "the bundle has no $f"; cat "$tmp/log"; exit 1; }
done
find "$b" -name '*.model_animations' | grep -q . || bad "the animation tag is not in the bundle"
find "$b" -name '*.gbxmodel' | grep -q . || bad "the model is not in the bundle"
[ -f "$b/tags/fx/bitmaps/glow.bitmap" ] || bad "the glow's bitmap is not in the bundle"
no_paths "$b"
(cd "$b" && find . -type f -exec sha256sum {} + | sort -k2) > "$tmp/first.sums"

# Item 1: the same folder again is refused, naming it and a free name; nothing of it changes.
gui "${glow[@]}" --frames 200 --exec "pause; time 1.5; bundle $tmp/out/report; quit"
grep -qF "$b already holds a bundle" "$tmp/log" || { bad "no refusal naming the folder"; cat "$tmp/log"; }
# (Windows writes the suggested name with its own separators.)
tr '\\' / <"$tmp/log" | grep -qF "$b-2" || { bad "the refusal suggests no free name"; cat "$tmp/log"; }
# Save As into the bundle's folder: its own copies never replace the bundle's files.
gui "${glow[@]}" --frames 600 --exec "set blade/attachment_0 1; save $b/other.json; quit" ||
  { bad "save into the bundle: exit $?"; cat "$tmp/log"; }
[ -s "$b/other.json" ] || { bad "Save As into the bundle's folder wrote nothing"; cat "$tmp/log"; }
grep -q '"definition": "fx/blade-2.glow"' "$b/other.json" ||
  bad "Save As did not give its edited tag a free name beside the bundle's"
(cd "$b" && sha256sum -c --quiet "$tmp/first.sums") ||
  bad "a second bundle or a Save As changed the first bundle's files"
rm -f "$b/other.json"

# Item 7: moved elsewhere, the originals gone, it renders as before (the same pose).
render "$b" "$tmp/before.png"
mv "$b" "$tmp/moved/report"
render "$tmp/moved/report" "$tmp/moved.png"  # the originals still there
rm -rf "$tmp/src"
render "$tmp/moved/report" "$tmp/after.png"
cmp -s "$tmp/before.png" "$tmp/after.png" ||
  bad "the moved animated-glow bundle renders another image without the original tags"
cmp -s "$tmp/before.png" "$tmp/moved.png" || bad "the moved bundle renders another image"

# --- a level's weather (the BSP and its weather tags as tests/cli/level_weather.sh makes them)
mkdir -p "$tmp/src/tags/weather/test" "$tmp/src/tags/levels/test"
bsp=src/tags/levels/test/test.scenario_structure_bsp
cp "$seeds/level.scenario_structure_bsp" "$tmp/$bsp"
white_bitmap "$tmp/src/tags/weather/test/drops.bitmap"
cat > "$tmp/storm.json" << 'JSON'
{"particle_types": [{"name": "rain", "fade_in_start_distance": 0.2, "fade_in_end_distance": 0.5,
  "fade_out_start_distance": 3, "fade_out_end_distance": 4, "particle_count": [2, 2],
  "particle_radius": [0.02, 0.03], "sprite_bitmap": "weather\\test\\drops.bitmap"}]}
JSON
echo '{"velocity": [0.5, 1.0], "variation_area": [20, 5]}' > "$tmp/wind.json"
"$bin" export "$tmp/storm.json" -o "$tmp/src/tags/weather/test/storm.weather_particle_system" \
  > /dev/null 2>&1 || { echo "FAIL export weather"; exit 1; }
"$bin" export "$tmp/wind.json" -o "$tmp/src/tags/weather/test/storm.wind" > /dev/null 2>&1 ||
  { echo "FAIL export wind"; exit 1; }
gui "$bsp" --weather storm --frames 600 --exec "pause; time 2; bundle $tmp/out/level; quit" ||
  { bad "level bundle: exit $?"; cat "$tmp/log"; }
l=$tmp/out/level
[ -s "$l/bundle.json" ] || { bad "the level bundle was not written"; cat "$tmp/log"; exit 1; }
for t in levels/test/test.scenario_structure_bsp weather/test/storm.weather_particle_system \
  weather/test/storm.wind weather/test/drops.bitmap; do
  [ -f "$l/tags/$t" ] || bad "the level bundle has no tags/$t"
done
cmp -s "$l/tags/levels/test/test.scenario_structure_bsp" "$tmp/$bsp" ||
  bad "the BSP's copy differs from the BSP"
no_paths "$l"
render "$l" "$tmp/level-before.png"
mv "$l" "$tmp/moved/level"
rm -rf "$tmp/src"
render "$tmp/moved/level" "$tmp/level-after.png"
cmp -s "$tmp/level-before.png" "$tmp/level-after.png" ||
  bad "the moved level bundle renders another image"
# The BSP's copy opens as the level again.
"$bin" check -q "$tmp/moved/level/tags/levels/test/test.scenario_structure_bsp" --weather storm \
  > "$tmp/check.log" 2>&1 || { bad "check of the BSP's copy"; cat "$tmp/check.log"; }

# --- a Stride prefab (as tests/cli/export_into_stride.sh writes one): the asset goes under stride/
mkdir -p "$tmp/src"
puff_prefab '\r\n' > "$tmp/src/puff.sdprefab"
gui src/puff.sdprefab --frames 600 --exec "pause; time 1; bundle $tmp/out/puff; quit" ||
  { bad "Stride bundle: exit $?"; cat "$tmp/log"; }
cmp -s "$tmp/out/puff/stride/puff.sdprefab" "$tmp/src/puff.sdprefab" ||
  { bad "the Stride bundle has no copy of the asset"; cat "$tmp/log"; }
grep -q '"stride_asset": "stride/puff.sdprefab"' "$tmp/out/puff/preset.json" ||
  bad "the Stride bundle's preset does not name the asset's copy"
no_paths "$tmp/out/puff"

[ "$fail" -eq 0 ] || exit 1
echo "ok: bundles refuse a used folder and hold every file their scene reads"
