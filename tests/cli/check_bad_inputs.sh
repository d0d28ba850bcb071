#!/usr/bin/env bash
# fxview check on every bad input: exit status 1 (errors), diagnostics on stderr, no signal, and
# every line of FILE.expected in the output.
set -u
bin=$1 dir=$2 fail=0 n=0
for f in "$dir"/*.json; do
  n=$((n + 1))
  out=$(timeout 20 "$bin" check "$f" 2>&1)
  rc=$?
  if [ "$rc" -ne 1 ]; then
    echo "FAIL $f: exit $rc (want 1)"; echo "$out" | head -5; fail=$((fail + 1)); continue
  fi
  if ! grep -q ": /" <<<"$out"; then echo "FAIL $f: no 'file: /pointer: message' line"; fail=$((fail + 1)); continue; fi
  # FILE.expected: lines that must appear in the output (the same lines the unit test checks).
  # (Windows names files with its own separators; the expectations use /.)
  [ -n "${FXVIEW_WINDOWS:-}" ] && out=$(tr '\\' / <<<"$out")
  if [ -f "$f.expected" ]; then
    while IFS= read -r want; do
      [ -z "$want" ] && continue
      if ! grep -qF -- "$want" <<<"$out"; then
        echo "FAIL $f: missing: $want"; echo "$out" | head -5; fail=$((fail + 1)); break
      fi
    done <"$f.expected"
  fi
done
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
