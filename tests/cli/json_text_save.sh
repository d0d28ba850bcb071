#!/usr/bin/env bash
# Issue 35 item 9: saving an edited JSON definition changes only the edited value's text. A
# weather definition as a designer keeps it (tab indentation, CRLF line endings, integers in float
# fields, 0.10, its own key order, physics and wind from other files) and its preset (4-space
# indentation); one `set` and `save`, the way the console does it, and `diff` shows one line.
#   json_text_save.sh FXVIEW render   headless: fxview render --exec "set ...; save"
#   json_text_save.sh FXVIEW gui      the viewer under xvfb-run (skipped, exit 77, without it)
set -euo pipefail
on_display="$(cd "$(dirname "$0")" && pwd)/on_display.sh"  # xvfb-run -a, or the Wine suite's display
fxview=$1
mode=$2
if [ "$mode" = gui ] && ! command -v xvfb-run > /dev/null 2>&1; then
  echo "SKIP: xvfb-run not found"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config"
mkdir -p "$tmp/work/defs"
cd "$tmp/work"

printf '%s\r\n' '{' \
  $'\t"version": 1,' \
  $'\t"particle_types": [' \
  $'\t\t{' \
  $'\t\t\t"name": "rain",' \
  $'\t\t\t"fade_in_start_height": -500,' \
  $'\t\t\t"fade_out_end_height": 500,' \
  $'\t\t\t"particle_count": [6, 6],' \
  $'\t\t\t"physics_path": "physics.json",' \
  $'\t\t\t"particle_radius": [0.07, 0.10],' \
  $'\t\t\t"fade_out_end_distance": 4,' \
  $'\t\t\t"sprite_bitmap": "rain.png"' \
  $'\t\t}' \
  $'\t],' \
  $'\t"wind_path": "wind.json"' \
  '}' > defs/rain.json
printf '{"version": 1, "density": 2.5, "air_friction": 0.25}\n' > defs/physics.json
printf '{"version": 1, "velocity": [0.6, 1.2], "damping": 0.5}\n' > defs/wind.json
cat > preset.json <<'JSON'
{
    "version": 1,
    "seed": 1,
    "camera": {"position": [0, 0, 1.5], "target": [3, 1, 1.3], "fov_deg": 70},
    "effects": [
        {"id": "rain", "kind": "halo_weather", "definition": "defs/rain.json",
         "wind_magnitude": 1.0}
    ]
}
JSON
cp defs/rain.json rain.orig
cp preset.json preset.orig

script="set rain/particle_types/0/fade_in_start_height -250; save"
status=0
if [ "$mode" = gui ]; then
  timeout 120 bash "$on_display" 1280x800x24 "$fxview" preset.json --frames 600 \
    --exec "$script; quit" > log 2>&1 || status=$?
else
  timeout 120 "$fxview" render preset.json -o shot.png --time 0 --size 64x64 \
    --exec "$script" > log 2>&1 || status=$?
fi
if [ "$status" -ne 0 ]; then
  echo "FAIL: fxview exited with $status"
  cat log
  exit 1
fi

fail=0
changes=$(diff rain.orig defs/rain.json || true)
changed=$(grep -c '^[<>]' <<< "$changes" || true)
if [ "$changed" != 2 ]; then
  echo "FAIL: the save changed $((changed / 2))+ lines of the definition, not one:"
  cat -A <<< "$changes" | head -40
  fail=1
fi
if ! grep -q $'^> \t\t\t"fade_in_start_height": -250,\r$' <<< "$changes"; then
  echo "FAIL: the edited line is not '-250' in the file's own layout"
  fail=1
fi
cmp -s preset.orig preset.json || { echo "FAIL: the unedited preset was rewritten"; fail=1; }
[ "$fail" -eq 0 ] || { cat log; exit 1; }
echo "ok ($mode): one edit, one changed line"
