#!/usr/bin/env bash
# Issue 35, errors that say what happened, in the viewer under a virtual X server:
# 1. an --exec script stops at its first failing statement and the viewer exits 1: a failed
#    `open` followed by `save PATH` saves nothing (it used to save the document still open);
#    --keep-going runs the rest (still exit 1).
# 2. a .gbxmodel given to the viewer says how a model opens, not "malformed JSON".
# Skipped (exit 77) where xvfb-run is not installed.
# usage: gui_exec_stops.sh FXVIEW SOURCE_DIR
set -u
on_display="$(cd "$(dirname "$0")" && pwd)/on_display.sh"  # xvfb-run -a, or the Wine suite's display
fxview=$(realpath "$1")
src=$2
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIP: xvfb-run not found"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" # never the user's own settings
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
run_gui() {
  status=0
  (cd "$src" && timeout 120 bash "$on_display" 1280x800x24 "$fxview" "$@") \
    >"$tmp/log" 2>&1 || status=$?
}

cp "$src/presets/stride_fountain.json" "$tmp/preset.json"

# --- 1. a failed open stops the script: nothing saved, exit 1
run_gui "$tmp/preset.json" --frames 60 --exec "open $tmp/missing.json; save $tmp/out.json"
[ "$status" = 1 ] || { bad "failed open: exit $status, expected 1"; cat "$tmp/log"; }
[ -e "$tmp/out.json" ] && bad "save ran after the failed open (out.json written)"
grep -q "fxview: --exec stopped at \"open $tmp/missing.json\" (1 more not run; --keep-going runs them)" \
  "$tmp/log" || { bad "no 'stopped at' line"; cat "$tmp/log"; }

# An unknown command stops it too; the statements before it ran.
run_gui "$tmp/preset.json" --frames 60 --exec "save $tmp/first.json; bogus; save $tmp/second.json"
[ "$status" = 1 ] || { bad "unknown command: exit $status, expected 1"; cat "$tmp/log"; }
[ -s "$tmp/first.json" ] || bad "the statement before the failure did not run"
[ -e "$tmp/second.json" ] && bad "the statement after the failure ran"

# --keep-going: the rest runs, the exit status still says a statement failed.
run_gui "$tmp/preset.json" --frames 60 --keep-going \
  --exec "open $tmp/missing.json; save $tmp/kept.json"
[ "$status" = 1 ] || { bad "--keep-going: exit $status, expected 1"; cat "$tmp/log"; }
[ -s "$tmp/kept.json" ] || { bad "--keep-going did not run the save"; cat "$tmp/log"; }

# A script that succeeds still exits 0.
run_gui "$tmp/preset.json" --frames 60 --exec "save $tmp/ok.json"
[ "$status" = 0 ] || { bad "a good script: exit $status"; cat "$tmp/log"; }

# --- 2. a model alone is not a scene: a clear message, not a JSON parse error
"$fxview" texgen model -o "$tmp/m.gbxmodel" >/dev/null || { echo "FAIL texgen model"; exit 1; }
run_gui "$tmp/m.gbxmodel" --frames 5
grep -q "m.gbxmodel: /: a .gbxmodel tag opens with the effect that uses it" "$tmp/log" ||
  { bad "no model message"; cat "$tmp/log"; }
grep -q "malformed JSON" "$tmp/log" && bad "a model is read as JSON"
[ "$status" = 1 ] || bad "a model alone: exit $status, expected 1"

[ "$fail" = 0 ] && echo "ok: --exec stops at its first failure; a model says how it opens"
exit "$fail"
