#!/usr/bin/env bash
# Foundation: "Two fxview simulate runs with the same seed are byte-identical; a different seed
# differs." Runs every preset given; each must have particles after 2 s.
set -u
bin=$1; shift
fail=0 n=0 tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for preset in "$@"; do
  n=$((n + 1))
  "$bin" simulate "$preset" --time 2 --seed 7 -o "$tmp/a.json" 2>"$tmp/err" || { echo "FAIL $preset: simulate failed"; cat "$tmp/err"; fail=$((fail+1)); continue; }
  "$bin" simulate "$preset" --time 2 --seed 7 -o "$tmp/b.json" 2>/dev/null
  "$bin" simulate "$preset" --time 2 --seed 8 -o "$tmp/c.json" 2>/dev/null
  if ! cmp -s "$tmp/a.json" "$tmp/b.json"; then echo "FAIL $preset: same seed, different dumps"; fail=$((fail+1)); continue; fi
  if cmp -s "$tmp/a.json" "$tmp/c.json"; then echo "FAIL $preset: a different seed gave the same dump"; fail=$((fail+1)); continue; fi
  if ! grep -q '"position"' "$tmp/a.json"; then echo "FAIL $preset: no particles after 2 s"; fail=$((fail+1)); continue; fi
  echo "ok   $preset"
done
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
