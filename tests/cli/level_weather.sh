#!/usr/bin/env bash
# A level's weather end to end: a .scenario_structure_bsp assembled by the project (the fuzz seed:
# palette "storm" with a wind tag, "calm" without, clusters 0 -> storm, 1 -> calm, 2 -> none, one
# polyhedron) beside weather and wind tags written by `fxview export` (its sprite: the project's
# bitmap fuzz seed). `import` prints one effect per entry (with --tags too), `check`, `simulate`
# and `render` take the BSP with --weather / --cluster, an unknown entry is an error, no command
# writes over the BSP, and `export --tags` names a reference no tag under the root answers.
# Usage: level_weather.sh FXVIEW SOURCE_DIR
set -u
bin=$(realpath "$1")
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

mkdir -p "$work/tags/weather/test" "$work/tags/levels/test" "$work/out"
bsp=$work/tags/levels/test/test.scenario_structure_bsp
cp "$src/tests/fuzz/seeds/fuzz_halo_tag/level.scenario_structure_bsp" "$bsp"
cat >"$work/storm.json" <<'JSON'
{"particle_types": [{"name": "rain", "fade_in_start_distance": 0.2, "fade_in_end_distance": 0.5,
  "fade_out_start_distance": 3, "fade_out_end_distance": 4, "particle_count": [2, 2],
  "particle_radius": [0.02, 0.03], "sprite_bitmap": "weather\\test\\drops.bitmap"}]}
JSON
cp "$src/tests/fuzz/seeds/fuzz_halo_tag/sprites.bitmap" "$work/tags/weather/test/drops.bitmap"
echo '{"velocity": [0.5, 1.0], "variation_area": [20, 5]}' >"$work/wind.json"
"$bin" export "$work/storm.json" -o "$work/tags/weather/test/storm.weather_particle_system" 2>/dev/null ||
  { echo "FAIL export weather"; exit 1; }
"$bin" export "$work/wind.json" -o "$work/tags/weather/test/storm.wind" 2>/dev/null ||
  { echo "FAIL export wind"; exit 1; }
cp "$bsp" "$work/original"
sed 's/drops.bitmap/missing.bitmap/' "$work/storm.json" >"$work/missing.json"
"$bin" export "$work/missing.json" -o "$work/out/m.weather_particle_system" --tags "$work/tags" \
  2>"$work/log" || { bad "export --tags: exit $?"; cat "$work/log"; }
grep -q 'sprite_bitmap: warning: "weather\\test\\missing.bitmap" is not a tag under the tags root' "$work/log" ||
  { bad "export --tags: no warning for a missing reference"; cat "$work/log"; }

"$bin" import "$bsp" >"$work/import.json" 2>"$work/log" || { bad "import: exit $?"; cat "$work/log"; }
python3 - "$work/import.json" <<'PY' || bad "import printed the wrong effects"
import json, sys
p = json.load(open(sys.argv[1]))
e = p["effects"]
assert [x["id"] for x in e] == ["storm", "calm"], e
assert e[0]["definition"] == "weather\\test\\storm.weather_particle_system", e[0]
assert e[0]["wind_path"] == "weather\\test\\storm.wind", e[0]
assert abs(e[0]["wind_magnitude"] - 1.95) < 1e-6 and e[0]["wind_direction"][1] > 0.79
assert e[1]["has_wind"] is False and e[1]["wind_direction"] == [1.0, 0.0, 0.0], e[1]
assert len(e[0]["polyhedra"]) == 1 and len(e[0]["polyhedra"][0]["planes"]) == 2
assert p["tags_dir"] == "../..", p["tags_dir"]
PY
# --tags, and -o elsewhere: tags_dir relative to the output.
"$bin" import "$bsp" --tags "$work/tags" -o "$work/out/level.json" 2>"$work/log" ||
  { bad "import --tags -o: exit $?"; cat "$work/log"; }
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["tags_dir"] == "../tags"' \
  "$work/out/level.json" || bad "import -o: tags_dir not relative to the output"
"$bin" check -q "$work/out/level.json" 2>"$work/log" || { bad "check of the imported preset"; cat "$work/log"; }

"$bin" check -q "$bsp" 2>"$work/log" || { bad "check BSP: exit $?"; cat "$work/log"; }
"$bin" check -q "$bsp" --cluster 2 2>"$work/log" || { bad "check --cluster 2: exit $?"; cat "$work/log"; }
"$bin" check -q "$bsp" --weather fog 2>"$work/log" && bad "check --weather fog: exit 0"
grep -q 'no weather palette entry "fog" (entries: "storm", "calm")' "$work/log" ||
  { bad "unknown entry: message"; cat "$work/log"; }
"$bin" check -q "$bsp" --weather calm --cluster 1 2>/dev/null
[ $? -eq 2 ] || bad "--weather with --cluster is not a usage error"

"$bin" simulate "$bsp" --weather storm --time 1 -o "$work/out/storm.json" 2>"$work/log" ||
  { bad "simulate storm: exit $?"; cat "$work/log"; }
"$bin" simulate "$bsp" --cluster 1 --time 1 -o "$work/out/calm.json" 2>"$work/log" ||
  { bad "simulate cluster 1: exit $?"; cat "$work/log"; }
python3 - "$work/out/storm.json" "$work/out/calm.json" <<'PY' || bad "simulate dumps"
import json, sys
storm, calm = (json.load(open(p)) for p in sys.argv[1:3])
assert [e["id"] for e in storm["effects"]] == ["storm"], storm["effects"]
assert [e["id"] for e in calm["effects"]] == ["calm"], calm["effects"]
assert len(storm["effects"][0]["particles"]) > 0
PY
"$bin" render "$bsp" --cluster 0 --time 0.5 --size 160x90 -o "$work/out/storm.png" 2>"$work/log" ||
  { bad "render: exit $?"; cat "$work/log"; }
[ -s "$work/out/storm.png" ] || bad "render wrote no PNG"

# The BSP is an input: never written over.
"$bin" render "$bsp" -o "$bsp" 2>/dev/null
[ $? -eq 2 ] || bad "render -o over the BSP is not refused"
"$bin" import "$bsp" -o "$bsp" 2>/dev/null
[ $? -eq 2 ] || bad "import -o over the BSP is not refused"
cmp -s "$work/original" "$bsp" || bad "the BSP changed"

[ $fail -eq 0 ] && echo "level weather: ok"
exit $((fail > 0))
