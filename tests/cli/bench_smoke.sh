#!/usr/bin/env bash
# `fxview bench` end to end at small sizes: it exits 0, prints every section, and its JSON carries
# every top-level number the issue asks for (vm_vs_native, integrator_roofline_share,
# render_vs_raw_10k, render_vs_raw_100k, render_png_seconds, gallery_frame_cpu_ms,
# thread_speedup_100k) as numbers.
#   bench_smoke.sh FXVIEW
set -u
fxview=$1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if ! "$fxview" bench --quick --sizes 1000,20000 --json "$out/bench.json" >"$out/log" 2>&1; then
  echo "fxview bench failed:"; cat "$out/log"; exit 1
fi
cat "$out/log"
status=0
for section in "== Families" "== Updates at 1M" "== Emitter VM" "== Render"; do
  grep -q -- "$section" "$out/log" || { echo "missing section: $section"; status=1; }
done
for key in vm_vs_native integrator_roofline_share render_vs_raw_10k render_vs_raw_100k \
  render_png_seconds gallery_frame_cpu_ms thread_speedup_100k; do
  grep -Eq "^  \"$key\": [0-9.eE+-]+,?$" "$out/bench.json" || { echo "missing or non-numeric key: $key"; status=1; }
done
# The table has a row per family and size; the particle families reach their population.
for family in halo_glow halo_weather destiny_system destiny_sequence stride_particles; do
  grep -Eq "^$family +20000 +2[0-9]{4} " "$out/log" || { echo "no 20000-particle row for $family"; status=1; }
done
exit $status
