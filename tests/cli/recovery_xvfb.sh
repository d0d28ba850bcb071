#!/usr/bin/env bash
# Autosave and crash recovery (issue 38 item 9), the viewer under a virtual X server:
# 1. a viewer edits a preset and its definition file, autosaves every second (`autosave 1`) and
#    is killed with SIGKILL once its recovery entry is on disk: the user's files are untouched and
#    the entry stays, under XDG_DATA_HOME/fxview/recovery and nowhere beside them;
# 2. the next viewer offers it (`recover list`, the prompt) and `recover` lays the edits over the
#    document as unsaved edits; Save As writes them, the originals were never touched, and the
#    recovery is gone after the normal quit;
# 3. Save removes the entry while the viewer runs; 4. quit --discard removes it too.
# Skipped (exit 77) where xvfb-run is not installed, and under Wine (no SIGKILL there).
# usage: recovery_xvfb.sh FXVIEW SOURCE_DIR
set -euo pipefail
on_display="$(cd "$(dirname "$0")" && pwd)/on_display.sh"
fxview=$1
if ! command -v xvfb-run > /dev/null 2>&1; then
  echo "SKIP: xvfb-run not found (install xvfb to run the recovery test)"
  exit 77
fi
if [ -n "${FXVIEW_WINDOWS:-}" ]; then
  echo "SKIP: killing a viewer with SIGKILL is a POSIX test"
  exit 77
fi
tmp=$(mktemp -d)
runner=""
viewer=""
cleanup() {
  # The viewer itself (xvfb-run does not pass a signal on to it), then what started it.
  [ -n "$viewer" ] && kill -9 "$viewer" 2> /dev/null || true
  [ -n "$runner" ] && kill "$runner" 2> /dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data"
recovery="$tmp/data/fxview/recovery"

# A preset and a definition file beside it: two files of the user's.
make_work() {
  mkdir -p "$1"
  # A shipped texture ("assets/" resolves to the data folder from anywhere): it opens without
  # errors, so its Save As copy reopens.
  printf '{\n  "number_of_particles": 10,\n  "texture": "assets/sprites/glow.png"\n}\n' \
    > "$1/glow.json"
  printf '{"version": 1, "seed": 1, "effects": [\n  {"id": "a", "kind": "halo_glow", "definition": "glow.json"}]}\n' \
    > "$1/p.json"
}
make_work "$tmp/work"
cp -r "$tmp/work" "$tmp/original"

# Starts the viewer in the background on $1's p.json with the script $2.
start_gui() {
  (cd "$1" && exec timeout 300 bash "$on_display" 1280x800x24 "$fxview" p.json --exec "$2") \
    > "$tmp/log" 2>&1 &
  runner=$!
}
# Waits (generously: 120 s) until the test `$1` holds; fails naming `$2` otherwise.
poll() {
  for _ in $(seq 1200); do
    if eval "$1"; then return 0; fi
    sleep 0.1
  done
  echo "FAIL: $2"
  cat "$tmp/log"
  exit 1
}
entries() { ls "$recovery"/*/entry.json 2> /dev/null | wc -l; }
# The process id of the viewer that wrote the (first) entry: its folder is named PID-TIME-N.
entry_pid() {
  local name
  name=$(basename "$(dirname "$(ls "$recovery"/*/entry.json | head -1)")")
  echo "${name%%-*}"
}

# --- 1. edit, autosave, SIGKILL
start_gui "$tmp/work" "set a/number_of_particles 20; set /seed 7; autosave 1; wait 100000"
poll '[ "$(entries)" -ge 1 ]' "no recovery entry appeared in $recovery"
entry=$(dirname "$(ls "$recovery"/*/entry.json | head -1)")
viewer=$(entry_pid)
kill -9 "$viewer"
wait "$runner" || true
runner=""
viewer=""
diff -r "$tmp/original" "$tmp/work" || { echo "FAIL: the autosave touched the user's files"; exit 1; }
[ -f "$entry/entry.json" ] || { echo "FAIL: the killed viewer's recovery is gone"; exit 1; }
grep -q '"number_of_particles": 20' "$entry"/*glow.json ||
  { echo "FAIL: the entry holds no copy of the edited definition"; ls -l "$entry"; exit 1; }
echo "ok: a killed viewer leaves its recovery, the user's files untouched"

# --- 2. the next start restores it
script="recover list; recover prompt; wait 3; screenshot_window $tmp/prompt.png; recover"
script+="; save $tmp/saved/p.json; quit"
(cd "$tmp/work" && timeout 120 bash "$on_display" 1280x800x24 "$fxview" p.json --frames 900 \
  --exec "$script") > "$tmp/log" 2>&1 || { echo "FAIL: the restoring viewer failed"; cat "$tmp/log"; exit 1; }
diff -r "$tmp/original" "$tmp/work" || { echo "FAIL: restoring touched the user's files"; exit 1; }
python3 - "$tmp/saved/p.json" <<'PY' || { cat "$tmp/log"; exit 1; }
import json, os, sys
p = json.load(open(sys.argv[1]))
assert p["seed"] == 7, "FAIL: the recovered seed is not in the saved preset: %r" % p["seed"]
d = p["effects"][0]["definition"]
if isinstance(d, str):
    d = json.load(open(os.path.join(os.path.dirname(sys.argv[1]), d)))
assert d["number_of_particles"] == 20, "FAIL: the recovered definition edit is not saved: %r" % d
PY
[ "$(entries)" -eq 0 ] || { echo "FAIL: the recovery is still there after the restore and quit"; ls -R "$recovery"; exit 1; }
[ -s "$tmp/prompt.png" ] || { echo "FAIL: no screenshot of the recovery prompt"; exit 1; }
echo "ok: the next start restores the edits as unsaved edits; Save As keeps them"

# --- 3. Save removes the entry while the viewer runs
make_work "$tmp/work3"
start_gui "$tmp/work3" "set /seed 3; autosave 1; wait 600; save; wait 600; quit"
poll '[ "$(entries)" -ge 1 ]' "no recovery entry appeared before the save"
viewer=$(entry_pid)
# Gone while the viewer still runs: Save removed it, not the quit.
poll '[ "$(entries)" -eq 0 ] && kill -0 "$viewer"' "the recovery entry stayed after Save"
grep -q '"seed": 3' "$tmp/work3/p.json" || { echo "FAIL: the save did not happen"; exit 1; }
wait "$runner" || { echo "FAIL: the viewer failed"; cat "$tmp/log"; exit 1; }
runner=""
viewer=""
echo "ok: Save removes the recovery"

# --- 4. quit --discard removes it
make_work "$tmp/work4"
start_gui "$tmp/work4" "set /seed 4; autosave 1; wait 600; quit --discard"
poll '[ "$(entries)" -ge 1 ]' "no recovery entry appeared before the quit"
wait "$runner" || { echo "FAIL: the viewer failed"; cat "$tmp/log"; exit 1; }
runner=""
[ "$(entries)" -eq 0 ] || { echo "FAIL: the recovery stayed after quit --discard"; exit 1; }
diff -r "$tmp/original" "$tmp/work4" || { echo "FAIL: quit --discard wrote the user's files"; exit 1; }
echo "ok: quit --discard removes the recovery"
