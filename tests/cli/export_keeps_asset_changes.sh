#!/usr/bin/env bash
# `fxview export` into an asset that changed since `fxview import`: the import's "imported_from"
# record tells the user's changes from the asset's. A Stride prefab and a Halo weather tag, each
# written here: the asset changed after the import and another value edited in the JSON -> the
# asset's change kept and the user's written; the same value changed on both sides to different
# values -> exit 1 naming it and its three values, the asset's bytes as they were; changed the same
# way -> fine; an asset unchanged since the import -> as before (an unedited JSON gives its bytes);
# a JSON without the record -> as before, with a note. Usage: export_keeps_asset_changes.sh FXVIEW SRC
set -u
bin=$(realpath "$1")
src=$(realpath "$2")
. "$src/tests/cli/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
cd "$work" || exit 1
# set FILE POINTER VALUE: one JSON value changed (the rest of the file as it was read).
set_json() {
  python3 - "$@" <<'PY'
import json, sys
path, pointer, value = sys.argv[1:4]
doc = json.load(open(path))
node = doc
parts = [int(p) if p.isdigit() else p for p in pointer.strip("/").split("/")]
for p in parts[:-1]:
    node = node[p]
node[parts[-1]] = json.loads(value)
json.dump(doc, open(path, "w"), indent=2)
PY
}
get_json() {
  python3 -c 'import json, sys
node = json.load(open(sys.argv[1]))
for p in sys.argv[2].strip("/").split("/"):
    node = node[int(p) if p.isdigit() else p]
print(json.dumps(node))' "$1" "$2"
}

# --- Stride ---------------------------------------------------------------------------------
puff_prefab >puff.sdprefab
"$bin" import puff.sdprefab -o p.json 2>/dev/null || { echo "FAIL import of the prefab"; exit 1; }
grep -q '"imported_from"' p.json || bad "import records no \"imported_from\""
"$bin" check p.json >log 2>&1 || bad "check of the imported preset: $(cat log)"
grep -q 'unknown key' log && bad "check warns about the record: $(cat log)"
life=/effects/0/definition/emitters/0/particle_lifetime
spawn=/effects/0/definition/emitters/0/spawners/0/particles_per_second

# 1. Unchanged asset, unedited preset: the asset's bytes.
cp puff.sdprefab orig.sdprefab
"$bin" export p.json -o puff.sdprefab 2>log || { bad "stride: unedited export: exit $?"; cat log; }
cmp -s orig.sdprefab puff.sdprefab || bad "stride: an unedited export changed the asset"

# 2. The asset's SpawnCount changed after the import, the preset's lifetime: both kept.
sed -i 's/SpawnCount: 20.0/SpawnCount: 30.0/' puff.sdprefab
cp p.json edited.json
set_json edited.json "$life" '[1.5, 2.0]'
"$bin" export edited.json -o puff.sdprefab 2>log || { bad "stride: merge export: exit $?"; cat log; }
grep -q 'SpawnCount: 30.0$' puff.sdprefab || bad "stride: the asset's SpawnCount was reverted: $(grep SpawnCount puff.sdprefab)"
grep -q 'ParticleLifetime: {X: 1.5, Y: 2.0}$' puff.sdprefab || bad "stride: the lifetime edit was not written: $(grep ParticleLifetime puff.sdprefab)"
[ "$(diff orig.sdprefab puff.sdprefab | grep -c '^[<>]')" = 4 ] || bad "stride: more than the two lines changed: $(diff orig.sdprefab puff.sdprefab)"
grep -q "edited.json: $spawn: warning: changed in puff.sdprefab since the import, 20.0 -> 30.0 (SpawnCount, puff.sdprefab:18): kept" log ||
  bad "stride: the asset's kept change is not named: $(cat log)"

# 3. SpawnCount changed on both sides to different values: refused, named, nothing written.
cp puff.sdprefab before.sdprefab
cp p.json both.json
set_json both.json "$spawn" 12.5
"$bin" export both.json -o puff.sdprefab 2>log && bad "stride: a conflicting export was accepted"
grep -q "both.json: $spawn: .*12.5.*30.*SpawnCount.*puff.sdprefab:18.*20" log ||
  bad "stride: the conflict does not name the pointer, SpawnCount, its line and the three values: $(cat log)"
cmp -s before.sdprefab puff.sdprefab || bad "stride: a refused export changed the asset"
[ -z "$(ls | grep '\.tmp')" ] || bad "stride: a temporary file was left"

# 4. The same change on both sides: fine.
set_json both.json "$spawn" 30
"$bin" export both.json -o puff.sdprefab 2>log || { bad "stride: the same change on both sides: exit $?"; cat log; }
grep -q 'SpawnCount: 30.0$' puff.sdprefab || bad "stride: SpawnCount is not 30.0"

# 5. No record (an older import): as before, with a note.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); del d["imported_from"]; json.dump(d, open(sys.argv[2], "w"))' p.json old.json
"$bin" export old.json -o puff.sdprefab 2>log || { bad "stride: export without a record: exit $?"; cat log; }
grep -q 'old.json: note: .*cannot be told apart' log || bad "stride: no note without a record: $(cat log)"

# 6. Exported, then the same value changed again and exported: the record follows what the export
#    wrote, so the second export is the user's change alone, not a conflict with the first.
mkdir again && (cd again && puff_prefab >puff.sdprefab && "$bin" import puff.sdprefab -o p.json 2>/dev/null)
set_json again/p.json "$life" '[1.5, 2.5]'
"$bin" export again/p.json -o again/puff.sdprefab 2>log || { bad "stride: first export: exit $?"; cat log; }
set_json again/p.json "$life" '[1.7, 2.7]'
"$bin" export again/p.json -o again/puff.sdprefab 2>log || { bad "stride: a value exported and changed again: exit $?"; cat log; }
grep -q 'ParticleLifetime: {X: 1.7, Y: 2.7}$' again/puff.sdprefab ||
  bad "stride: the second lifetime was not written: $(grep ParticleLifetime again/puff.sdprefab)"
[ "$(diff <(puff_prefab) again/puff.sdprefab | grep -c '^[<>]')" = 2 ] ||
  bad "stride: exporting twice changed more than the lifetime line: $(diff <(puff_prefab) again/puff.sdprefab)"

# --- Halo -----------------------------------------------------------------------------------
mkdir -p tags/weather
tag=tags/weather/swamp.weather_particle_system
"$bin" export "$src/presets/defs/weather_c10_swamp.json" -o "$tag" 2>/dev/null ||
  { echo "FAIL export of the shipped definition"; exit 1; }
"$bin" import "$tag" -o def.json 2>/dev/null || { echo "FAIL import of the tag"; exit 1; }
[ "$(get_json def.json /imported_from/path)" = '"tags/weather/swamp.weather_particle_system"' ] ||
  bad "halo: the record does not name the tag relative to the JSON: $(get_json def.json /imported_from/path)"
echo '{"version": 1, "effects": [{"id": "swamp", "kind": "halo_weather", "definition": "def.json"}]}' >uses_def.json
"$bin" check uses_def.json --tags tags >log 2>&1
grep -q 'imported_from.*unknown key' log && bad "check warns about the record: $(cat log)"
cp "$tag" orig.tag

# 1. Unchanged tag, unedited definition: the tag's bytes.
"$bin" export def.json -o "$tag" 2>log || { bad "halo: unedited export: exit $?"; cat log; }
cmp -s orig.tag "$tag" || bad "halo: an unedited export changed the tag"

# 2. The tag's second radius changed after the import (by another export), the JSON's first
#    type's fade-out distance: both kept.
echo '{"particle_types": [{}, {"particle_radius": [0.25, 0.5]}]}' >other.json
"$bin" export other.json -o "$tag" 2>/dev/null || bad "halo: export of one field"
cp def.json edited.json
set_json edited.json /particle_types/0/fade_out_end_distance 7.5
"$bin" export edited.json -o "$tag" 2>log || { bad "halo: merge export: exit $?"; cat log; }
"$bin" import "$tag" -o after.json 2>/dev/null || bad "halo: re-import"
[ "$(get_json after.json /particle_types/1/particle_radius)" = '[0.25, 0.5]' ] ||
  bad "halo: the tag's change was reverted: $(get_json after.json /particle_types/1/particle_radius)"
[ "$(get_json after.json /particle_types/0/fade_out_end_distance)" = '7.5' ] ||
  bad "halo: the JSON's edit was not written: $(get_json after.json /particle_types/0/fade_out_end_distance)"
grep -q "edited.json: /particle_types/1/particle_radius: warning: changed in $tag since the import, .* -> \[0.25,0.5\]: kept" log ||
  bad "halo: the tag's kept change is not named: $(cat log)"

# 3. The second radius changed on both sides: refused, named, nothing written.
cp "$tag" before.tag
cp def.json both.json
set_json both.json /particle_types/1/particle_radius '[0.3, 0.6]'
"$bin" export both.json -o "$tag" 2>log && bad "halo: a conflicting export was accepted"
grep -q "both.json: /particle_types/1/particle_radius: .*0.3.*0.6.*0.25.*0.5.*imported as" log ||
  bad "halo: the conflict does not name the pointer and its values: $(cat log)"
cmp -s before.tag "$tag" || bad "halo: a refused export changed the tag"
"$bin" export both.json -o "$tag" --replace 2>log && bad "halo: a conflicting --replace was accepted"
cmp -s before.tag "$tag" || bad "halo: a refused --replace changed the tag"

# 4. The same change on both sides: fine.
set_json both.json /particle_types/1/particle_radius '[0.25, 0.5]'
"$bin" export both.json -o "$tag" 2>log || { bad "halo: the same change on both sides: exit $?"; cat log; }

# The schema describes the record, for presets and tag definitions.
"$bin" schema | python3 -c 'import json, sys
s = json.load(sys.stdin)
for node in (s, s["$defs"]["halo_weather"], s["$defs"]["halo_glow"]):
    assert set(node["properties"]["imported_from"]["properties"]) >= {"fnv1a64", "base"}' ||
  bad "fxview schema does not describe \"imported_from\""

[ "$fail" = 0 ] && echo "export keeps the asset's changes: ok"
exit "$fail"
