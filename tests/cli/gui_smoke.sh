#!/usr/bin/env bash
# The viewer under a virtual X server: a scripted session (--exec) edits a field, saves, undoes,
# saves again and takes a screenshot; the saved files and the screenshot must exist and the undo
# must have restored the value. Skipped (exit 77) where xvfb-run is not installed.
# usage: gui_smoke.sh FXVIEW SOURCE_DIR
set -euo pipefail
fxview=$1
src=$2
if ! command -v xvfb-run > /dev/null 2>&1; then
  echo "SKIP: xvfb-run not found (install xvfb to run the GUI smoke test)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The test pattern's definition is inline, so saving touches no file of the source tree.
cp "$src/presets/test_pattern.json" "$tmp/preset.json"

script="set /seed 5; save $tmp/edited.json; undo; save $tmp/saved.json; screenshot $tmp/shot.png; quit"
status=0
(cd "$src" && timeout 20 xvfb-run -a -s "-screen 0 1280x800x24" \
   "$fxview" "$tmp/preset.json" --frames 600 --exec "$script") > "$tmp/log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  echo "FAIL: fxview exited with $status"
  cat "$tmp/log"
  exit 1
fi
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
