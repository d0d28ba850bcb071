#!/usr/bin/env bash
# `fxview broken.json` on a malformed preset opens the viewer anyway, with the parse error in its
# errors panel (a screenshot is taken of it), exits with status 1 when the file never loads, and
# watches the file: fixing it while the viewer runs brings the scene up (hot reload) and the exit
# status is then 0. The second viewer runs until its script (`wait_loaded; quit`) has seen the
# reload, not for a number of frames, so a busy machine only makes it slower; the timeout is a
# safety net. Skipped (exit 77) where xvfb-run is not installed.
# usage: gui_broken_preset.sh FXVIEW SOURCE_DIR
set -uo pipefail
on_display="$(cd "$(dirname "$0")" && pwd)/on_display.sh"  # xvfb-run -a, or the Wine suite's display
fxview=$1
src=$2
if ! command -v xvfb-run > /dev/null 2>&1; then
  echo "SKIP: xvfb-run not found (install xvfb to run the GUI tests)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '{"version": 1, "name": "broken", "effects": [ {"id": "x",, } ]}\n' > "$tmp/broken.json"
export XDG_CONFIG_HOME="$tmp/config"  # never the user's own settings
run() { (cd "$src" && timeout 240 bash "$on_display" 1024x640x24 "$fxview" "$@"); }

cp "$tmp/broken.json" "$tmp/a.json"
run "$tmp/a.json" --frames 30 --exec "screenshot $tmp/shot.png" > "$tmp/log1" 2>&1
status=$?
[ "$status" -eq 1 ] || { echo "FAIL: a preset that never loads exited with $status (want 1)"; cat "$tmp/log1"; exit 1; }
grep -q "a.json: /: malformed JSON at line 1" "$tmp/log1" || { echo "FAIL: no parse error"; cat "$tmp/log1"; exit 1; }
head -c 8 "$tmp/shot.png" 2> /dev/null | od -An -tx1 | grep -q "89 50 4e 47" ||
  { echo "FAIL: the viewer took no screenshot (did it open?)"; cat "$tmp/log1"; exit 1; }

cp "$tmp/broken.json" "$tmp/b.json"
# The fix is the test pattern, whose textures are named relative to presets/ (../assets/...):
# from the temp folder they point outside it, and the path rule is not what this run checks.
run "$tmp/b.json" --allow-any-path --exec "wait_loaded; quit" > "$tmp/log2" 2>&1 &
viewer=$!
# The file is fixed once the viewer has reported it broken (it is up and watching the file),
# however long a loaded machine takes to start it; a fix before that would be no hot reload.
for _ in $(seq 1 2000); do
  grep -q "malformed JSON" "$tmp/log2" 2> /dev/null && break
  kill -0 "$viewer" 2> /dev/null || break
  sleep 0.1
done
cp "$src/presets/test_pattern.json" "$tmp/b.json"
touch "$tmp/b.json"
wait "$viewer"
status=$?
grep -q "fxview: loaded $tmp/b.json" "$tmp/log2" || { echo "FAIL: the fixed file was not loaded"; cat "$tmp/log2"; exit 1; }
[ "$status" -eq 0 ] || { echo "FAIL: exited with $status after the fix (want 0)"; cat "$tmp/log2"; exit 1; }
echo "ok: opened with the error (exit 1), hot reload after the fix (exit 0)"
