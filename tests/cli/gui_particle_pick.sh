#!/usr/bin/env bash
# The particle inspector through the viewer's console (issue 38 item 2), under a virtual X server:
# 1. three Stride particles that stay where they spawn, "near" at the origin in the middle of the
#    picture, "far" behind it on the same pixel, "side" one unit to the right: `pick` at the
#    middle prints near, then far (the next one behind), then near again; `pick` at side's
#    projected pixel prints side; `particles_csv` writes one row per live particle of side's
#    emitter. Each `pick` prints one JSON line with the family fields.
# 2. a Destiny program that divides by zero from the first second on: with `pause_on_nan 1` the
#    playback stops once, at about 1 s, on a particle with a non-finite position, and stays
#    stopped; a `step` from there is scanned too (a second stop, one step later).
# Skipped (exit 77) where xvfb-run is not installed.
# usage: gui_particle_pick.sh FXVIEW SOURCE_DIR
set -euo pipefail
on_display="$(cd "$(dirname "$0")" && pwd)/on_display.sh"
fxview=$1
src=$2
if ! command -v xvfb-run > /dev/null 2>&1; then
  echo "SKIP: xvfb-run not found (install xvfb to run the GUI particle pick test)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config"  # never the user's own settings
run_gui() {
  local status=0
  (cd "$src" && timeout 90 bash "$on_display" 1280x800x24 "$fxview" "$@") \
    > "$tmp/log" 2> "$tmp/err" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "FAIL: fxview exited with $status"
    cat "$tmp/log" "$tmp/err"
    exit 1
  fi
}

python3 - "$tmp/dots.json" <<'PY'
import json, sys
def emitter(name, world):
    s = [world[0], world[2], -world[1]]  # Stride space is Y-up
    return {"name": name, "particle_lifetime": [100, 100],
            "material": {"texture": "assets/sprites/dot.png"},
            "spawners": [{"type": "burst", "particle_count": 1}],
            "initializers": [{"type": "position", "position_min": s, "position_max": s},
                             {"type": "size", "random_size": [0.1, 0.1]}]}
preset = {"version": 1, "seed": 1, "simulation": {"mode": "tick", "rate": 30},
          "camera": {"position": [0, -8, 0], "target": [0, 0, 0], "fov_deg": 60},
          "effects": [{"id": "dots", "kind": "stride_particles", "definition": {"emitters": [
              emitter("near", [0, 0, 0]), emitter("far", [0, 2, 0]), emitter("side", [1, 0, 0])]}}]}
json.dump(preset, open(sys.argv[1], "w"))
PY

# --- 1. the picture's size (the layout is the default one at this window size)
run_gui "$tmp/dots.json" --frames 600 --exec "screenshot $tmp/size.png; quit"
read -r w h < <(python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print(*struct.unpack(">II", d[16:24]))' "$tmp/size.png")
read -r cx cy sx < <(python3 - "$w" "$h" <<'PY'
import math, sys
w, h = float(sys.argv[1]), float(sys.argv[2])
f = 1.0 / math.tan(math.radians(30.0))  # fov 60
ndc = f / (w / h) * (1.0 / 8.0)        # x = 1 at depth 8
print(w / 2, h / 2, (ndc * 0.5 + 0.5) * w)
PY
)
script="pick $cx $cy; pick $cx $cy; pick $cx $cy; pick $sx $cy; particles_csv $tmp/side.csv; quit"
run_gui "$tmp/dots.json" --frames 600 --exec "$script"
python3 - "$tmp/log" "$tmp/side.csv" <<'PY' || { cat "$tmp/log" "$tmp/err"; exit 1; }
import csv, json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
names = [l["emitter"] for l in lines]
assert names == ["near", "far", "near", "side"], names
for l in lines:
    for k in ("effect", "emitter", "id", "position", "velocity", "age", "life", "color", "size",
              "rotation", "family"):
        assert k in l, (k, l)
    assert "spawn_id" in l["family"], l["family"]
assert abs(lines[3]["position"][0] - 1.0) < 1e-4, lines[3]
rows = list(csv.DictReader(open(sys.argv[2])))
assert len(rows) == 1 and rows[0]["emitter"] == "side", rows
PY
echo "ok: pick, cycle through overlaps, CSV"

# --- 2. pause on the first non-finite value
python3 - "$src/presets" "$tmp/nan.json" <<'PY'
import json, sys
preset = json.load(open(sys.argv[1] + "/destiny_fountain.json"))
emitter = json.load(open(sys.argv[1] + "/destiny/fountain.emitter.json"))
emitter["program"] = (
    ".stage 3\n load 2 0 xyzw\n store 1 0 xyz\n load 2 1 xyzw\n store 1 1 xyz\n end\n"
    ".stage 4\n random\n push_extern_float 0\n floor\n is_zero\n div\n store 1 0 xyz\n end\n")
emitter.pop("stage_lengths", None)
d = preset["effects"][0]["definition"]
d.pop("emitter_file", None)
d["emitter"] = emitter
json.dump(preset, open(sys.argv[2], "w"))
PY
run_gui "$tmp/nan.json" --frames 600 --allow-any-path --exec "pause_on_nan 1; wait 90; step; wait 3; quit"
stops=$(grep -c "^paused at" "$tmp/log" || true)
[ "$stops" = 2 ] || { echo "FAIL: expected two NaN/Inf stops, got $stops"; cat "$tmp/log" "$tmp/err"; exit 1; }
python3 - "$tmp/log" <<'PY' || { cat "$tmp/log"; exit 1; }
import re, sys
lines = [l for l in open(sys.argv[1]) if l.startswith("paused at")]
t = [float(re.match(r"paused at ([0-9.]+) s", l).group(1)) for l in lines]
assert 1.0 <= t[0] < 1.2, lines
assert abs(t[1] - t[0] - 1.0 / 30.0) < 1e-3, lines  # stopped until the step
assert all("non-finite position" in l for l in lines), lines
PY
echo "ok: pause on NaN/Inf"
