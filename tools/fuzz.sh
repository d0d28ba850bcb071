#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/*.cpp) with clang-14 (ASan + UBSan + fuzzer
# instrumentation) into build-fuzz/ and runs each for SECONDS (default 60). JSON targets are seeded
# from presets/ and tests/bad_inputs/, the assembler from presets/destiny/*.s; every target also
# from tests/fuzz/seeds/<target>/ where it has one.
# Crashes land in build-fuzz/findings/<target>/; add each as a regression (a tests/bad_inputs/ file
# or a unit test) once fixed. Exit status 1 when a target fails to build or any run fails (a
# crash, a leak, a timeout, out of memory).
#   tools/fuzz.sh [SECONDS] [TARGET...]          e.g. nice -n 10 tools/fuzz.sh 90 fuzz_texture
# Reproduce a finding (runs the one input, prints the sanitizer report):
#   ./build-fuzz/tests/<target> build-fuzz/findings/<target>/crash-<sha1>
# Build parallelism: FUZZ_JOBS (default: ninja's).
# FUZZ_QUICK=1 (tools/test.sh, CI): build unoptimized without debug info into build-fuzz-quick/
# (the build is most of the time a short run takes) and print only a line per target.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
dir=build-fuzz build_type=RelWithDebInfo flags="" timeout=10
if [ "${FUZZ_QUICK:-0}" = 1 ]; then
  # One input may take seconds here (a seed preset warms up 180 steps, unoptimized and
  # instrumented) and many more on a loaded machine: only a real hang fails the quick run.
  dir=build-fuzz-quick build_type=None flags="-O0" timeout=300
fi
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
CC=clang-14 CXX=clang++-14 cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" \
  -DFXVIEW_BUILD_APP=OFF -DFXVIEW_SANITIZE=ON -DFXVIEW_FUZZ=ON "${launcher[@]}" \
  -DCMAKE_CXX_FLAGS="$flags -fsanitize=fuzzer-no-link" > /dev/null
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(ls tests/fuzz/*.cpp | xargs -n1 basename | sed 's/\.cpp$//')
fi
cmake --build "$dir" ${FUZZ_JOBS:+-j "$FUZZ_JOBS"} --target "${targets[@]}"
failed=()
for t in "${targets[@]}"; do
  corpus=$dir/corpus/$t findings=$dir/findings/$t
  mkdir -p "$corpus" "$findings"
  # Seeds: JSON targets get every preset, definition and bad input, the assembler the shipped
  # emitter programs; every target its own folder.
  case $t in
    fuzz_preset | fuzz_definitions)
      find presets tests/bad_inputs -name '*.json' -exec cp {} "$corpus"/ \; 2> /dev/null || true ;;
    fuzz_emitter_asm)
      cp presets/destiny/*.s "$corpus"/ 2> /dev/null || true ;; # the shipped emitter programs
  esac
  [ -d "tests/fuzz/seeds/$t" ] && cp tests/fuzz/seeds/$t/* "$corpus"/ 2> /dev/null || true
  echo "== $t for ${seconds}s"
  status=0
  ASAN_OPTIONS=detect_leaks=1 "./$dir/tests/$t" "$corpus" -max_total_time="$seconds" -timeout="$timeout" \
    -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 > "$dir/$t.log" 2>&1 ||
    status=$?
  grep -E 'stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|Done' "$dir/$t.log" || true
  echo "   exit status $status, findings: $(ls "$findings" | wc -l)"
  if [ "$status" -ne 0 ]; then
    failed+=("$t")
    # The report itself (the sanitizer's stack, or why the run stopped), for CI's log.
    report='^==[0-9]+==ERROR|^SUMMARY|runtime error|libFuzzer: (deadly|timeout|out-of-memory)'
    if grep -qE "$report" "$dir/$t.log"; then
      grep -A40 -E "$report" "$dir/$t.log" | head -80
    else
      tail -40 "$dir/$t.log"
    fi
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failed: ${failed[*]} (inputs in $dir/findings/, logs in $dir/<target>.log)"
  exit 1
fi
