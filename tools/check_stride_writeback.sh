#!/usr/bin/env bash
# Checks `fxview export` back into Stride assets on a folder of real .sdprefab / .sdscene files
# (never committed): for each asset, an unedited import + export must give the asset's bytes
# (cmp), and doubling one spawner's rate (the first spawner, in the first emitter that has one)
# must change exactly one line (diff) and read back as the new value on import.
#   tools/check_stride_writeback.sh FOLDER [FXVIEW]      (FXVIEW default: build/fxview)
# Prints one line per asset and a summary; exit 1 when any asset fails.
set -uo pipefail
folder=${1:?usage: tools/check_stride_writeback.sh FOLDER [FXVIEW]}
fxview=${2:-build/fxview}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total=0 same=0 oneline=0 readback=0 failed=0 nospawner=0

# The first spawner's rate key and value: "emitter spawner key value", or nothing.
edit_rate() {
  python3 - "$1" "$2" <<'PY'
import json, sys
src, dst = sys.argv[1], sys.argv[2]
p = json.load(open(src))
for e in p.get("effects", []):
    for ei, em in enumerate(e.get("definition", {}).get("emitters", [])):
        for si, s in enumerate(em.get("spawners", [])):
            for key in ("particles_per_second", "particles_per_frame", "particles_per_unit",
                        "particle_count"):
                if key in s:
                    v = s[key]
                    s[key] = (v * 2 if v else 3) if key != "particle_count" else int(v) * 2 + 1
                    json.dump(p, open(dst, "w"), indent=2)
                    print(e["id"], ei, si, key, json.dumps(s[key]))
                    sys.exit(0)
PY
}

read_rate() {  # preset effect-id emitter spawner key -> value
  python3 - "$@" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
e = [x for x in p["effects"] if x["id"] == sys.argv[2]][0]
print(json.dumps(e["definition"]["emitters"][int(sys.argv[3])]["spawners"][int(sys.argv[4])][sys.argv[5]]))
PY
}

while IFS= read -r -d '' asset; do
  total=$((total + 1))
  name=$(basename "$asset")
  ext=${name##*.}
  preset=$work/$name.json out=$work/out.$ext
  rm -f "$out" "$work/edited.$ext"
  if ! "$fxview" import "$asset" -o "$preset" >"$work/log" 2>&1; then
    echo "FAIL $name: import: $(grep -m1 -i error "$work/log")"
    failed=$((failed + 1))
    continue
  fi
  status="ok"
  if "$fxview" export "$preset" -o "$out" >"$work/log" 2>&1 && cmp -s "$asset" "$out"; then
    same=$((same + 1))
  else
    status="FAIL"
    echo "FAIL $name: unedited export differs: $(head -c 300 "$work/log")"
  fi
  edit=$(edit_rate "$preset" "$work/edited.json")
  if [ -z "$edit" ]; then
    nospawner=$((nospawner + 1))
    echo "$status $name: byte-identical; no spawner to edit"
    [ "$status" = ok ] || failed=$((failed + 1))
    continue
  fi
  read -r id em sp key value <<<"$edit"
  cp "$preset" "$work/keep.json" && mv "$work/edited.json" "$preset"
  if ! "$fxview" export "$preset" -o "$work/edited.$ext" >"$work/log" 2>&1; then
    echo "FAIL $name: edited export: $(head -c 300 "$work/log")"
    failed=$((failed + 1))
    continue
  fi
  changed=$(diff "$asset" "$work/edited.$ext" | grep -c '^>')
  removed=$(diff "$asset" "$work/edited.$ext" | grep -c '^<')
  if [ "$changed" = 1 ] && [ "$removed" = 1 ]; then
    oneline=$((oneline + 1))
  else
    status="FAIL"
  fi
  "$fxview" import "$work/edited.$ext" -o "$work/back.json" >/dev/null 2>&1
  back=$(read_rate "$work/back.json" "$id" "$em" "$sp" "$key" 2>/dev/null)
  if python3 -c "import sys; sys.exit(0 if abs(float('$back') - float('$value')) <= 1e-6 * max(1, abs(float('$value'))) else 1)" 2>/dev/null; then
    readback=$((readback + 1))
  else
    status="FAIL"
  fi
  line=$(diff "$asset" "$work/edited.$ext" | grep '^>' | sed 's/^> *//')
  echo "$status $name: byte-identical $([ "$status" = ok ] && echo yes); $key $value -> lines changed +$changed/-$removed ($line); read back $back"
  [ "$status" = ok ] || failed=$((failed + 1))
done < <(find "$folder" \( -name '*.sdprefab' -o -name '*.sdscene' \) -print0 | sort -z)

echo "assets $total: byte-identical $same, one-line spawn-rate edit $oneline, read back $readback, no spawner $nospawner, failed $failed"
[ "$failed" = 0 ]
