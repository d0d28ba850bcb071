#!/usr/bin/env bash
# `fxview export` into an existing tag changes only what the JSON gives: a weather tag exported
# from a shipped definition (three particle types) keeps every byte under `{}`, a JSON naming one
# field of the second type changes exactly that field (re-imported, everything else equal; the
# bytes that differ lie inside that field), a glow definition (by its keys or its "kind") and a
# tag of another class are refused with exit 1 and the file left as it was, and --replace
# rebuilds the fields from the JSON alone. Usage: export_into_tag.sh FXVIEW SOURCE_DIR
set -u
bin=$(realpath "$1")
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tags=$work/tags/weather
mkdir -p "$tags"
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

tag=$tags/swamp.weather_particle_system
"$bin" export "$src/presets/defs/weather_c10_swamp.json" -o "$tag" 2>"$work/err" ||
  { echo "FAIL export of the shipped definition"; cat "$work/err"; exit 1; }
"$bin" import "$tag" -o "$work/before.json" 2>/dev/null || { echo "FAIL import"; exit 1; }
cp "$tag" "$work/original"
size=$(stat -c %s "$tag")

# 1. {} changes nothing.
echo '{}' >"$work/empty.json"
"$bin" export "$work/empty.json" -o "$tag" 2>"$work/log" || { bad "export {}: exit $?"; cat "$work/log"; }
cmp -s "$work/original" "$tag" || bad "export {} changed the tag ($size -> $(stat -c %s "$tag") bytes)"

# 2. One field of the second particle type; the rest stays.
echo '{"particle_types": [{}, {"particle_radius": [0.25, 0.5]}]}' >"$work/one.json"
"$bin" export "$work/one.json" -o "$tag" 2>"$work/log" || { bad "export one field: exit $?"; cat "$work/log"; }
[ "$(stat -c %s "$tag")" -eq "$size" ] || bad "one field: the size changed ($size -> $(stat -c %s "$tag"))"
"$bin" import "$tag" -o "$work/after.json" 2>/dev/null || bad "import after one field"
python3 - "$work/before.json" "$work/after.json" <<'PY' || bad "one field: the re-imported definition differs elsewhere"
import json, sys
before, after = (json.load(open(p)) for p in sys.argv[1:3])
for d in before, after:
    d.pop("imported_from")  # each names its tag's bytes then
assert after["particle_types"][1]["particle_radius"] == [0.25, 0.5], after["particle_types"][1]["particle_radius"]
before["particle_types"][1]["particle_radius"] = [0.25, 0.5]
assert before == after, [k for k in before if before[k] != after.get(k)]
PY
# The bytes that differ are the two floats of particle_radius (type struct offset 0xFC; the
# types block follows the 64-byte header and the 48-byte root, 604 bytes a type) and the header's
# checksum of the body (0x28).
lo=$((64 + 48 + 604 + 0xFC))
cmp -l "$work/original" "$tag" | while read -r off _ _; do
  at=$((off - 1))
  { [ $at -ge $lo ] && [ $at -lt $((lo + 8)) ]; } || { [ $at -ge 40 ] && [ $at -lt 44 ]; } ||
    echo "byte $at"
done >"$work/stray"
cmp -l "$work/original" "$tag" | awk -v lo=$lo '$1 - 1 >= lo && $1 - 1 < lo + 8' | grep -q . ||
  bad "one field: particle_radius's bytes did not change"
[ -s "$work/stray" ] && bad "one field: bytes outside particle_radius changed: $(head -3 "$work/stray" | tr '\n' ' ')"
cp "$tag" "$work/edited"

# 3. A glow definition is not written into a weather tag.
python3 - "$src/presets/glow_energy_sword.json" "$work/glow.json" <<'PY' || { echo "FAIL glow definition"; exit 1; }
import json, sys
preset = json.load(open(sys.argv[1]))
json.dump(next(e["definition"] for e in preset["effects"] if e["kind"] == "halo_glow"), open(sys.argv[2], "w"))
PY
echo '{"kind": "halo_glow"}' >"$work/kind.json"
for def in glow kind; do
  "$bin" export "$work/$def.json" -o "$tag" 2>"$work/log"
  rc=$?
  [ "$rc" -eq 1 ] || bad "$def.json into a weather tag: exit $rc (want 1)"
  grep -q "$def.json" "$work/log" || bad "$def.json into a weather tag: the message does not name the file: $(cat "$work/log")"
  cmp -s "$work/edited" "$tag" || bad "$def.json into a weather tag changed it"
done

# 4. A file whose tag class is not its extension's is left alone.
cp "$tag" "$work/weather.glow"
"$bin" export "$work/empty.json" -o "$work/weather.glow" 2>"$work/log"
rc=$?
[ "$rc" -eq 1 ] || bad "into a weather tag named .glow: exit $rc (want 1)"
cmp -s "$tag" "$work/weather.glow" || bad "a weather tag named .glow was changed"

# 5. --replace rebuilds the fields from the JSON alone: as a new tag from the same JSON.
"$bin" export "$work/empty.json" -o "$tag" --replace 2>"$work/log" || { bad "--replace: exit $?"; cat "$work/log"; }
"$bin" export "$work/empty.json" -o "$work/fresh.weather_particle_system" 2>/dev/null || bad "export {} into a new tag"
"$bin" import "$tag" -o "$work/replaced.json" 2>/dev/null || bad "import after --replace"
"$bin" import "$work/fresh.weather_particle_system" -o "$work/fresh.json" 2>/dev/null || bad "import of the new tag"
python3 -c 'import json, sys; a, b = (json.load(open(p)) for p in sys.argv[1:]); a.pop("imported_from"); b.pop("imported_from"); sys.exit(a != b)' \
  "$work/replaced.json" "$work/fresh.json" || bad "--replace did not rebuild the fields from the JSON"
[ "$(stat -c %s "$tag")" -lt "$size" ] || bad "--replace kept the particle types"

echo "$fail failed"
[ "$fail" -eq 0 ]
