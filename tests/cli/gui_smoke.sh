#!/usr/bin/env bash
# The viewer under a virtual X server, two scripted sessions (--exec):
# 1. edit a field, save, undo, save again, screenshot: the saved files and the screenshot exist
#    and the undo restored the value.
# 2. issue 17's workplace session: open a preset the way File > Open does (`open`), edit a Stride
#    colour curve the way the curve editor does (`curve`) and a sequence channel the way the
#    sequence panel's slider does (`channel`), save; the saved file holds both edits and a
#    `simulate` dump shows them (an HDR colour above 1; the gate open before the script's 0.5 s).
#    The layout persists in XDG_CONFIG_HOME.
# Skipped (exit 77) where xvfb-run is not installed.
# usage: gui_smoke.sh FXVIEW SOURCE_DIR
set -euo pipefail
on_display="$(cd "$(dirname "$0")" && pwd)/on_display.sh"  # xvfb-run -a, or the Wine suite's display
fxview=$1
src=$2
if ! command -v xvfb-run > /dev/null 2>&1; then
  echo "SKIP: xvfb-run not found (install xvfb to run the GUI smoke test)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config"  # never the user's own settings
run_gui() {
  local status=0
  (cd "$src" && timeout 60 bash "$on_display" 1280x800x24 "$fxview" "$@") \
    > "$tmp/log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    echo "FAIL: fxview exited with $status"
    cat "$tmp/log"
    exit 1
  fi
}

# --- 1. edit, save, undo, save, screenshot
# The test pattern's definition is inline, so saving touches no file of the source tree.
# Its textures are the shipped ones ("../assets/" from presets/ is "assets/" from anywhere): the
# copy opens without errors, so its saves do too (a failing statement would stop the script).
sed 's|"\.\./assets/|"assets/|g' "$src/presets/test_pattern.json" >"$tmp/preset.json"
script="set /seed 5; save $tmp/edited.json; undo; save $tmp/saved.json; screenshot $tmp/shot.png; quit"
run_gui "$tmp/preset.json" --frames 600 --exec "$script"
fail=0
for f in edited.json saved.json shot.png; do
  [ -s "$tmp/$f" ] || { echo "FAIL: $f was not written"; fail=1; }
done
[ "$fail" -eq 0 ] || { cat "$tmp/log"; exit 1; }
seed() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["seed"])' "$1"; }
[ "$(seed "$tmp/edited.json")" = 5 ] || { echo "FAIL: the edit is not in edited.json"; exit 1; }
[ "$(seed "$tmp/saved.json")" = 1 ] || { echo "FAIL: undo did not restore the seed"; exit 1; }
head -c 8 "$tmp/shot.png" | od -An -tx1 | grep -q "89 50 4e 47" ||
  { echo "FAIL: shot.png is not a PNG"; exit 1; }
echo "ok: edit, save, undo, save, screenshot"

# --- 2. open through the File menu path, edit a curve and a channel, save
# One preset with a Stride effect (colour curve) and a channel-gated sequence, assembled from two
# shipped presets; the gate's emitter file is copied beside it.
mkdir -p "$tmp/work/defs"
cp "$src/presets/defs/destiny_seq_fire.emitter.json" "$tmp/work/defs/"
python3 - "$src/presets" "$tmp/work/both.json" <<'PY'
import json, sys
gate = json.load(open(sys.argv[1] + "/destiny_seq_alive_gate.json"))
curves = json.load(open(sys.argv[1] + "/stride_life_curves.json"))
gate["effects"] += curves["effects"]
gate["objects"] += curves.get("objects", [])
json.dump(gate, open(sys.argv[2], "w"), indent=2)
PY
field="embers/emitters/0/updaters/0/curve"
script="open $tmp/work/both.json; curve $field value 1 {\"r\": 3, \"g\": 0.25, \"b\": 0.5, \"a\": 1}"
script+="; channel brazier alive 1; save; quit"
run_gui --frames 600 --exec "$script"
# (Windows keeps it as an absolute Windows name: Z:\\tmp\\...\\both.json under Wine.)
recent="\"$tmp/work/both.json\""
[ -n "${FXVIEW_WINDOWS:-}" ] && recent='work\\both.json"'
grep -qF "$recent" "$tmp/config/fxview/viewer.json" ||
  { echo "FAIL: the opened file is not in the recent files"; cat "$tmp/log"; exit 1; }
python3 - "$tmp/work/both.json" <<'PY' || { cat "$tmp/log"; exit 1; }
import json, sys
d = json.load(open(sys.argv[1]))
embers = next(e for e in d["effects"] if e["id"] == "embers")
key = embers["definition"]["emitters"][0]["updaters"][0]["curve"][1]
v = key["value"]
rgba = [v["r"], v["g"], v["b"], v.get("a", 1)] if isinstance(v, dict) else v
assert rgba == [3, 0.25, 0.5, 1], "FAIL: the curve edit is not in the saved file: %r" % key
brazier = next(o for o in d["objects"] if o["name"] == "brazier")
alive = next(c for c in brazier["channels"] if c["name"] == "alive")
assert alive["value"] == 1, "FAIL: the channel edit is not in the saved file: %r" % alive
PY
# Before the edit nothing burns until the script sets alive at 0.5 s, and no ember is above 1.
"$fxview" simulate "$tmp/work/both.json" --time 0.4 -o "$tmp/dump.json" > /dev/null
python3 - "$tmp/dump.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
fx = {e["id"]: e for e in d["effects"]}
assert fx["fire"]["particles"], "FAIL: the gate did not open at alive = 1 before 0.5 s"
reds = [p["color"][0] for p in fx["embers"]["particles"]]
assert reds and max(reds) > 1.01, "FAIL: no ember carries the HDR colour (max red %r)" % max(reds or [0])
PY
echo "ok: open (File menu path), curve edit, channel edit, save, simulate"
