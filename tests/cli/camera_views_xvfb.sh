#!/usr/bin/env bash
# Camera views (issue 38 item 5), the viewer under a virtual X server: a preset of five coloured
# sprites at known places (red +X, green +Y, blue +Z, yellow near the front camera, cyan far from
# it), pictured through the console's `camera view top|front` and `camera ortho|perspective`:
# a top view puts +X right and +Y up the picture; a front view +X right and +Z up; orthographic
# draws the near and the far sprite the same size, perspective the near one larger.
# Named views are saved in the preset, undone like any edit and loaded again.
# Skipped (exit 77) where xvfb-run is not installed.
# usage: camera_views_xvfb.sh FXVIEW SOURCE_DIR
set -euo pipefail
on_display="$(cd "$(dirname "$0")" && pwd)/on_display.sh"
fxview=$1
src=$2
if ! command -v xvfb-run > /dev/null 2>&1; then
  echo "SKIP: xvfb-run not found (install xvfb to run the camera test)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data"

python3 - "$tmp/axes.json" <<'PY'
import json, sys
def sprite(p, r, g, b):
    return {"position": p, "size": 1.0, "color": {"r": r, "g": g, "b": b, "a": 1}}
sprites = [sprite([3, 0, 0], 1, 0, 0), sprite([0, 3, 0], 0, 1, 0), sprite([0, 0, 3], 0, 0, 1),
           sprite([-3, -5, -2], 1, 1, 0), sprite([3, 5, -2], 0, 1, 1)]
json.dump({"version": 1, "name": "axes", "seed": 1,
           "camera": {"position": [0, -10, 0], "target": [0, 0, 0], "fov_deg": 60},
           "background": {"r": 0, "g": 0, "b": 0},
           "effects": [{"id": "axes", "kind": "sprites",
                        "definition": {"batches": [{"blend": "alpha_blend", "sprites": sprites}]}}]},
          open(sys.argv[1], "w"), indent=1)
PY
script="camera view top; camera ortho; screenshot $tmp/top.png"
script+="; camera view front; screenshot $tmp/front_ortho.png"
script+="; camera perspective; screenshot $tmp/front_persp.png"
script+="; camera view nowhere"
status=0
(cd "$tmp" && timeout 120 bash "$on_display" 1280x800x24 "$fxview" axes.json --frames 600 \
  --keep-going --exec "$script; quit") > "$tmp/log" 2>&1 || status=$?
# The last statement is a wrong view name: an error naming the choices, so the run exits 1.
[ "$status" -eq 1 ] || { echo "FAIL: fxview exited with $status"; cat "$tmp/log"; exit 1; }
grep -q "expected front, back, left, right or top" "$tmp/log" ||
  { echo "FAIL: a wrong view name is not a clear error"; cat "$tmp/log"; exit 1; }

python3 - "$src/tests/windows" "$tmp" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png_difference import read_png
tmp = sys.argv[2]
colours = {"red": (1, 0, 0), "green": (0, 1, 0), "blue": (0, 0, 1), "yellow": (1, 1, 0),
           "cyan": (0, 1, 1)}
def blobs(name):
    w, h, ch, rows = read_png(f"{tmp}/{name}.png")
    found = {k: [0, 0.0, 0.0] for k in colours}
    for y in range(h):
        row = rows[y]
        for x in range(w):
            px = tuple(1 if row[x * ch + i] > 160 else 0 if row[x * ch + i] < 60 else 2
                       for i in range(3))
            for k, c in colours.items():
                if px == c:
                    f = found[k]
                    f[0] += 1
                    f[1] += x
                    f[2] += y
    out = {}
    for k, (n, sx, sy) in found.items():
        # Picture coordinates: x right, y up, from the middle, in units of the half height.
        out[k] = (n, (sx / n - w / 2) / (h / 2), (h / 2 - sy / n) / (h / 2)) if n else (0, 0, 0)
    return out
def near(a, b):
    return abs(a - b) < 0.06
top = blobs("top")
n, x, y = top["red"]
assert n and x > 0.2 and near(y, 0), f"FAIL: top view: +X is not right of the middle: {top}"
n, x, y = top["green"]
assert n and y > 0.2 and near(x, 0), f"FAIL: top view: +Y is not above the middle: {top}"
n, x, y = top["blue"]
assert n and near(x, 0) and near(y, 0), f"FAIL: top view: +Z is not in the middle: {top}"
front = blobs("front_ortho")
n, x, y = front["red"]
assert n and x > 0.2 and near(y, 0), f"FAIL: front view: +X is not right: {front}"
n, x, y = front["blue"]
assert n and y > 0.2 and near(x, 0), f"FAIL: front view: +Z is not up: {front}"
# Orthographic: the sprite 5 units in front of the target and the one 5 behind it, the same size.
ny, nc = front["yellow"][0], front["cyan"][0]
assert ny and nc and 0.8 < ny / nc < 1.25, f"FAIL: orthographic sizes differ: {ny} vs {nc}"
# At the target's depth the two projections agree: the red sprite is where it was.
persp = blobs("front_persp")
assert near(persp["red"][1], front["red"][1]), f"FAIL: {persp['red']} vs {front['red']}"
ny, nc = persp["yellow"][0], persp["cyan"][0]
assert ny and nc and ny / nc > 4, f"FAIL: perspective: the near sprite is not larger: {ny} vs {nc}"
print("ok: top and front views, orthographic and perspective")
PY

# --- A Stride prefab 0.2 units across, opened on its own, is framed: it fills a good part of the
# picture instead of being a dot in the middle (the import's own camera stands 6 units away).
python3 - "$src/tests/fuzz/seeds/fuzz_stride_yaml/minimal_prefab.sdprefab" "$tmp/tiny.sdprefab" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
text = text.replace("Position: {X: 0.0, Y: 1.0, Z: 0.0}", "Position: {X: 0.0, Y: 0.0, Z: 0.0}")
text = text.replace("ParticleLifetime: {X: 0.5, Y: 1.0}", "ParticleLifetime: {X: 50.0, Y: 50.0}")
lines = text.split("\n")
out, skip = [], None
for line in lines:
    indent = len(line) - len(line.lstrip())
    if skip is not None:
        if line.strip() and indent <= skip:
            skip = None
        else:
            continue
    # No velocity and no updaters: the particles stay where they are born, in a 0.2 box.
    if "!InitialVelocitySeed" in line or line.strip() == "Updaters:":
        skip = indent
        continue
    out.append(line)
    if "!InitialSpawnOrder" in line:
        pad = " " * indent
        out.append(pad + "00000000000000000000000000000043: !InitialSizeSeed")
        out.append(pad + "    RandomSize: {X: 0.02, Y: 0.02}")
open(sys.argv[2], "w").write("\n".join(out))
PY
(cd "$tmp" && timeout 120 bash "$on_display" 1280x800x24 "$fxview" tiny.sdprefab --frames 600 \
  --exec "wait 30; screenshot $tmp/tiny.png; quit") > "$tmp/log" 2>&1 ||
  { echo "FAIL: the prefab did not open"; cat "$tmp/log"; exit 1; }
python3 - "$src/tests/windows" "$tmp/tiny.png" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png_difference import read_png
w, h, ch, rows = read_png(sys.argv[2])
xs, ys = [], []
for y in range(h):
    for x in range(w):
        if sum(rows[y][x * ch + i] for i in range(3)) > 150:
            xs.append(x)
            ys.append(y)
assert xs, "FAIL: nothing of the prefab is in the picture"
span = max(max(xs) - min(xs), max(ys) - min(ys)) / h
assert span > 0.25, "FAIL: the prefab is not framed: it spans %.3f of the picture's height" % span
print("ok: a 0.2-unit prefab opened on its own spans %.2f of the picture" % span)
PY

# --- Named views live in the preset: `camera save NAME` is an edit (undone by undo, written by
# save), `camera load NAME` puts the camera back, a reopened preset still has them.
script="camera view top; camera ortho; camera save Top down; camera view front; camera perspective"
script+="; camera save front; camera delete front; undo; save; camera view left"
script+="; camera load Top down; screenshot $tmp/top_again.png; camera load nowhere"
status=0
(cd "$tmp" && timeout 120 bash "$on_display" 1280x800x24 "$fxview" axes.json --frames 600 \
  --keep-going --exec "$script; quit") > "$tmp/log" 2>&1 || status=$?
[ "$status" -eq 1 ] || { echo "FAIL: fxview exited with $status"; cat "$tmp/log"; exit 1; }
grep -q 'the preset has no view named "nowhere"' "$tmp/log" ||
  { echo "FAIL: an unknown view is not a clear error"; cat "$tmp/log"; exit 1; }
python3 - "$src/tests/windows" "$tmp" <<'PY'
import json, sys
sys.path.insert(0, sys.argv[1])
from png_difference import read_png
tmp = sys.argv[2]
views = json.load(open(f"{tmp}/axes.json"))["camera"].get("views", [])
names = [v["name"] for v in views]
assert names == ["Top down", "front"], f"FAIL: saved views {names} (the delete was undone)"
top = views[0]
assert top["projection"] == "orthographic", f"FAIL: {top}"
assert top["position"][2] > 9.5, f"FAIL: the top view is not above the target: {top}"
assert views[1].get("projection", "perspective") == "perspective", f"FAIL: {views[1]}"
_, _, _, a = read_png(f"{tmp}/top.png")
w, h, ch, b = read_png(f"{tmp}/top_again.png")
diff = sum(1 for y in range(h) for x in range(w * ch) if abs(a[y][x] - b[y][x]) > 8)
assert diff < w * h * ch // 1000, f"FAIL: the loaded view differs from the saved one in {diff} values"
print("ok: named views saved in the preset, undone, loaded")
PY
(cd "$tmp" && timeout 120 bash "$on_display" 1280x800x24 "$fxview" axes.json --frames 600 \
  --exec "camera view top; camera load front; screenshot $tmp/front_again.png; quit") \
  > "$tmp/log" 2>&1 || { echo "FAIL: the preset with views did not reopen"; cat "$tmp/log"; exit 1; }
python3 - "$src/tests/windows" "$tmp" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png_difference import read_png
tmp = sys.argv[2]
_, _, _, a = read_png(f"{tmp}/front_persp.png")
w, h, ch, b = read_png(f"{tmp}/front_again.png")
diff = sum(1 for y in range(h) for x in range(w * ch) if abs(a[y][x] - b[y][x]) > 8)
assert diff < w * h * ch // 1000, f"FAIL: the reopened preset's front view differs in {diff} values"
print("ok: the reopened preset keeps its views")
PY
