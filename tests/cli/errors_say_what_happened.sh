#!/usr/bin/env bash
# Issue 35, "errors that hide what happened", from the command line (the viewer's share is
# gui_exec_stops.sh). Every input is written here by fxview's own commands:
#   - a subcommand typo says "unknown command rendr (did you mean render?)", exit 2; `import
#     X.sdprefab --png` is refused (exit 2), --png applies only to bitmaps;
#   - `render --exec` stops at the first failing command (--keep-going runs the rest), exit 2;
#   - a Stride key fxview does not know, within a typo of one it reads (`SpawnCountt:`), is a
#     warning naming the file, the line and the key meant; a JSON key typo gets "did you mean";
#   - a JSON parse error gives its position once; a repeated problem prints once; the problems of
#     an imported Stride asset name the asset, not a virtual X.sdprefab.json;
#   - `import` of a weather tag prints the physics of the point_physics tag it references;
#   - a level BSP under a folder not named `tags` finds its tags root from its references, and
#     says to pass --tags when none is found, never with mixed slashes;
#   - where the executable's own path cannot be read, argv[0] finds it, and a shipped texture
#     that is still missing names the folders searched;
#   - --help's usage lines name the program "fxview", not the path it was started by.
# Usage: errors_say_what_happened.sh FXVIEW SOURCE_DIR
set -u
bin=$(realpath "$1")
src=$(realpath "$2")
. "$src/tests/cli/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
cd "$work" || exit 1
export XDG_CONFIG_HOME="$work/config"

# --- a subcommand typo; --png where it does not apply
"$bin" rendr x.json -o out.png 2>log
rc=$?
[ "$rc" = 2 ] || bad "rendr: exit $rc, expected 2"
[ "$(cat log)" = "fxview: unknown command rendr (did you mean render?)" ] ||
  { bad "rendr: wrong message"; cat log; }

# --- --help names the program, not the path it was started by
"$bin" --help >log 2>&1
grep -q "^Usage: fxview \[OPTIONS\]" log || { bad "--help: usage line"; head -3 log; }
"$bin" render --help >log 2>&1
grep -q "^Usage: fxview render \[OPTIONS\]" log || { bad "render --help: usage line"; head -3 log; }

puff_prefab '\n' SpawnCountt >puff.sdprefab
"$bin" import puff.sdprefab --png out.png >/dev/null 2>log
rc=$?
[ "$rc" = 2 ] || bad "import --png of a prefab: exit $rc, expected 2"
grep -q "^fxview import: --png applies only to bitmaps (.bitmap); puff.sdprefab is not one$" log ||
  { bad "import --png: no usage message"; cat log; }
[ -e out.png ] && bad "import --png of a prefab wrote out.png"

# --- render --exec stops at the first failure
pattern=$src/presets/test_pattern.json
"$bin" render "$pattern" --allow-any-path -o shot.png --size 64x36 --exec "bogus_one; bogus_two" 2>log
rc=$?
[ "$rc" = 2 ] || bad "render --exec: exit $rc, expected 2"
[ "$(grep -c 'unknown command' log)" = 1 ] || { bad "render --exec went past the failure"; cat log; }
"$bin" render "$pattern" --allow-any-path -o shot.png --size 64x36 --keep-going --exec "bogus_one; bogus_two" 2>log
rc=$?
[ "$rc" = 2 ] || bad "render --exec --keep-going: exit $rc, expected 2"
[ "$(grep -c 'unknown command' log)" = 2 ] || { bad "--keep-going stopped"; cat log; }

# --- a Stride key typo: the file, the line, the key meant
"$bin" import puff.sdprefab -o puff.json 2>log || { bad "import puff: exit $?"; cat log; }
line=$(grep -n 'SpawnCountt' puff.sdprefab | cut -d: -f1)
grep -qF "puff.sdprefab:$line: warning: unknown key SpawnCountt (did you mean SpawnCount?); SpawnCount keeps its default" log ||
  { bad "no warning for SpawnCountt"; cat log; }
[ "$(grep -c 'SpawnCountt' log)" = 1 ] || { bad "the SpawnCountt warning is not printed once"; cat log; }
# ... and a JSON key typo in a definition
sed 's/SpawnCountt/SpawnCount/' puff.sdprefab >right.sdprefab
"$bin" import right.sdprefab -o right.json 2>log || { bad "import right: exit $?"; cat log; }
grep -q 'warning' log && { bad "a warning for a prefab without typos"; cat log; }
sed 's/"particles_per_second"/"particles_per_secnd"/' right.json >typo.json
grep -q particles_per_secnd typo.json || bad "the test's sed did not apply"
"$bin" check typo.json 2>log >/dev/null
grep -qF '/particles_per_secnd: warning: unknown key (kept on save; did you mean "particles_per_second"?)' log ||
  { bad "no did-you-mean for a JSON key"; cat log; }

# --- a parse error gives its position once
printf '{"version": 1,\n  "name": }\n' >broken.json
"$bin" check broken.json 2>log >/dev/null
grep -q "broken.json: /: malformed JSON at line 2, column 11: syntax error" log ||
  { bad "parse error: wrong message"; cat log; }
[ "$(grep -o 'line 2' log | wc -l)" = 1 ] || { bad "the parse position is printed more than once"; cat log; }

# --- the problems of an imported asset name the asset (and its line), not X.sdprefab.json
sed 's/SpawnCountt: 20.0/SpawnCount: -5.0/' puff.sdprefab >neg.sdprefab
line=$(grep -n 'SpawnCount: -5.0' neg.sdprefab | cut -d: -f1)
for cmd in import check; do
  "$bin" $cmd neg.sdprefab >/dev/null 2>log && bad "$cmd of a negative SpawnCount: exit 0"
  grep -q "sdprefab.json" log && { bad "$cmd names a file that does not exist"; cat log; }
  grep -q "^neg.sdprefab:$line: /effects/0/definition/emitters/0/spawners/0/particles_per_second: " log ||
    { bad "$cmd does not name the asset's line"; cat log; }
done

# --- one definition file read by two effects: each of its problems once
mkdir -p dup
cat >dup/def.json <<'JSON'
{"particle_types": [{"name": "rain", "fade_out_end_distance": 8, "particle_count": [0.5, 1],
  "sprite_bitmap": "assets/sprites/dot.png", "mystery": 1}]}
JSON
cat >dup/p.json <<'JSON'
{"version": 1, "effects": [{"id": "a", "kind": "halo_weather", "definition": "def.json"},
  {"id": "b", "kind": "halo_weather", "definition": "def.json"}]}
JSON
"$bin" check dup/p.json 2>log
[ "$(grep -c 'mystery: warning: unknown key' log)" = 1 ] || { bad "a repeated warning printed twice"; cat log; }
[ "$(grep -c 'share the world' log)" = 1 ] || { bad "a repeated lint warning printed twice"; cat log; }
n=$(grep -c 'warning:' log)
grep -q "0 error(s), $n warning(s)" log || { bad "the summary counts repeats"; cat log; }

# --- import of a weather tag: the referenced point_physics' values, not the defaults
mkdir -p tags/weather
echo '{"density": 0.9, "air_friction": 0.35, "water_friction": 0.1, "elasticity": 0.2}' >rain.json
cp "$src/tests/fuzz/seeds/fuzz_halo_tag/sprites.bitmap" tags/weather/drops.bitmap
cat >storm.json <<'JSON'
{"particle_types": [{"name": "rain", "fade_out_end_distance": 8, "particle_count": [1.5, 2],
   "physics_path": "weather\\rain.point_physics", "sprite_bitmap": "weather\\drops.bitmap"}]}
JSON
"$bin" export rain.json -o tags/weather/rain.point_physics 2>/dev/null || bad "export point_physics"
"$bin" export storm.json -o tags/weather/storm.weather_particle_system 2>/dev/null || bad "export weather"
physics_of() {
  python3 -c 'import json,sys; p=json.load(open(sys.argv[1]))["particle_types"][0]["physics"]; print("%.3f %.3f" % (p["density"], p["air_friction"]))' "$1"
}
"$bin" import tags/weather/storm.weather_particle_system -o storm_import.json 2>log ||
  { bad "import weather: exit $?"; cat log; }
[ "$(physics_of storm_import.json)" = "0.900 0.350" ] ||
  { bad "import weather: physics is not the referenced tag's: $(physics_of storm_import.json)"; cat log; }
# Outside a tags folder: --tags finds it; without, a warning says how.
mkdir -p elsewhere
cp tags/weather/storm.weather_particle_system elsewhere/
"$bin" import elsewhere/storm.weather_particle_system --tags tags -o e1.json 2>log || bad "import --tags"
[ "$(physics_of e1.json)" = "0.900 0.350" ] || bad "import --tags: physics is not the referenced tag's"
"$bin" import elsewhere/storm.weather_particle_system -o e2.json 2>log
grep -qF 'storm.weather_particle_system: /particle_types/0/physics_path: warning: tag "weather\rain.point_physics" not found (no folder named "tags" above the tag; pass --tags DIR); "physics" shows the defaults' log ||
  { bad "import without a tags root: no warning"; cat log; }

# --- a level BSP under a folder not named `tags`
mkdir -p mytags/weather/test mytags/levels/test alone
bsp=mytags/levels/test/test.scenario_structure_bsp
cp "$src/tests/fuzz/seeds/fuzz_halo_tag/level.scenario_structure_bsp" "$bsp"
cp "$src/tests/fuzz/seeds/fuzz_halo_tag/sprites.bitmap" mytags/weather/test/drops.bitmap
cat >level_storm.json <<'JSON'
{"particle_types": [{"name": "rain", "fade_out_end_distance": 4, "particle_count": [2, 2],
  "sprite_bitmap": "weather\\test\\drops.bitmap"}]}
JSON
echo '{"velocity": [0.5, 1.0], "variation_area": [20, 5]}' >level_wind.json
"$bin" export level_storm.json -o mytags/weather/test/storm.weather_particle_system 2>/dev/null ||
  bad "export level weather"
"$bin" export level_wind.json -o mytags/weather/test/storm.wind 2>/dev/null || bad "export level wind"
"$bin" check -q "$bsp" 2>log || { bad "check of a BSP under mytags/: exit $?"; cat log; }
"$bin" import "$bsp" >level.json 2>log || { bad "import of a BSP under mytags/: exit $?"; cat log; }
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["tags_dir"] == "../.."' level.json ||
  bad "import of a BSP under mytags/: tags_dir is not the folder its references resolve in"
"$bin" simulate "$bsp" --time 1 -o sim.json 2>log || { bad "simulate the BSP: exit $?"; cat log; }
python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["effects"][0]["particles"]) > 0' sim.json ||
  bad "the BSP's weather has no particles"
# Where no folder above holds its tags: say to pass --tags, no path with mixed slashes.
cp "$bsp" alone/lone.scenario_structure_bsp
"$bin" check alone/lone.scenario_structure_bsp 2>log && bad "check of a lone BSP: exit 0"
grep -qF 'alone/lone.scenario_structure_bsp: weather_palette: no tags root: no folder above the BSP is named "tags" or holds its weather tags ("weather\test\storm.weather_particle_system", ...); pass --tags DIR' log ||
  { bad "lone BSP: no --tags hint"; cat log; }
grep -E '/[^ "]*\\|\\[^ "]*/' log && bad "a path with mixed slashes"
"$bin" check -q alone/lone.scenario_structure_bsp --tags mytags 2>log || { bad "lone BSP --tags: exit $?"; cat log; }

# --- /proc/self/exe unreadable: argv[0] finds the data; when nothing has it, say where we looked
mkdir -p data_test
cp "$src/presets/stride_fountain.json" data_test/fountain.json
FXVIEW_IGNORE_PROC_EXE=1 "$bin" check data_test/fountain.json >/dev/null 2>log ||
  { bad "check with argv[0] as the executable: exit $?"; cat log; }
grep -q "not found" log && { bad "argv[0] (absolute) did not find the shipped data"; cat log; }
if [ -z "${FXVIEW_WINDOWS:-}" ]; then
  (PATH="$(dirname "$bin"):$PATH" FXVIEW_IGNORE_PROC_EXE=1 fxview check data_test/fountain.json) \
    >/dev/null 2>log || { bad "check through \$PATH: exit $?"; cat log; }
  grep -q "not found" log && { bad "argv[0] through \$PATH did not find the shipped data"; cat log; }
  FXVIEW_IGNORE_PROC_EXE=1 FXVIEW_NO_SOURCE_TREE=1 HOME="$work/home" XDG_DATA_HOME= \
    XDG_DATA_DIRS="$work/none" "$bin" check data_test/fountain.json >/dev/null 2>log
  grep -qF "$work/none/fxview" log || { bad "the folders searched are not named"; cat log; }
else
  # Windows: the portable folder is the executable's own, named in the message (no XDG folders).
  FXVIEW_NO_SOURCE_TREE=1 "$bin" check data_test/fountain.json >/dev/null 2>log
  grep -q 'searched [^ ]*build' log || { bad "the executable's folder is not named"; cat log; }
fi
grep -qF 'texture "assets/sprites/dot.png": file not found (fxview'"'"'s shipped data: searched ' log ||
  { bad "a missing shipped texture does not say where fxview looked"; cat log; }

[ "$fail" = 0 ] && echo "ok"
exit "$fail"
