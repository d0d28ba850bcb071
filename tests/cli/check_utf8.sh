#!/usr/bin/env bash
# Messages are text (issue 26): a weather tag whose strings hold bytes that are not UTF-8 (0xFF
# 0xFE written into a particle type's name and into its physics reference) is checked and
# imported by the binary. Whatever it prints must be valid UTF-8: check quotes the bytes as \xNN,
# import's JSON holds U+FFFD for each (nlohmann's dump throws on such strings by default).
#   check_utf8.sh FXVIEW
set -u
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tags/weather"
fail=0

cat >"$work/rain.json" <<'JSON'
{"density": 0.9, "air_friction": 0.35, "water_friction": 0.1, "elasticity": 0.2}
JSON
cat >"$work/storm.json" <<'JSON'
{"particle_types": [
  {"name": "rain", "fade_out_end_distance": 8, "particle_count": [1.5, 2],
   "physics_path": "weather\\rain.point_physics", "sprite_bitmap": "weather\\bitmaps\\drops.bitmap"},
  {"name": "moths", "fade_out_end_distance": 4, "particle_count": [0.5, 0.75],
   "physics_path": "weather\\rain.point_physics", "sprite_bitmap": "weather\\bitmaps\\drops.bitmap"}]}
JSON
"$bin" export "$work/rain.json" -o "$work/tags/weather/rain.point_physics" || { echo "FAIL export point_physics"; exit 1; }
tag=$work/tags/weather/storm.weather_particle_system
"$bin" export "$work/storm.json" -o "$tag" || { echo "FAIL export weather"; exit 1; }

# Overwrite two bytes at the first offset where `text` occurs in the tag.
mutate() {
  local text=$1 at
  at=$(grep -obUaF -- "$text" "$tag" | head -n 1 | cut -d: -f1)
  [ -n "$at" ] || { echo "FAIL '$text' is not in the exported tag"; exit 1; }
  printf '\xff\xfe' | dd of="$tag" bs=1 seek="$at" conv=notrunc status=none
}
mutate moths                       # the second type's name: "\xff\xfeths"
mutate 'weather\rain'  # the first reference, stored without its extension: "\xff\xfeather\rain"

valid_utf8() { python3 -c 'import sys; sys.stdin.buffer.read().decode("utf-8")'; }

"$bin" check "$tag" >"$work/check.out" 2>&1
rc=$?
echo "check exit $rc:"; cat "$work/check.out"
[ $rc -le 2 ] || { echo "FAIL check ended with $rc"; fail=1; }
valid_utf8 <"$work/check.out" || { echo "FAIL check printed bytes that are not UTF-8"; fail=1; }
grep -qF '\xff\xfe' "$work/check.out" || { echo "FAIL check did not quote the bytes as \\xNN"; fail=1; }

"$bin" import "$tag" >"$work/import.out" 2>"$work/import.err"
rc=$?
echo "import exit $rc:"; cat "$work/import.err"
[ $rc -eq 0 ] || { echo "FAIL import ended with $rc"; fail=1; }
for f in import.out import.err; do
  valid_utf8 <"$work/$f" || { echo "FAIL import wrote bytes that are not UTF-8 to $f"; fail=1; }
done
python3 -c 'import json, sys; json.load(sys.stdin)' <"$work/import.out" ||
  { echo "FAIL import printed JSON that does not parse"; fail=1; }
grep -q $'"\xef\xbf\xbd\xef\xbf\xbdths"' "$work/import.out" ||
  { echo "FAIL import did not write the name's two bytes as U+FFFD"; fail=1; }
[ $fail -eq 0 ] && echo "check_utf8: PASS"
exit $fail
