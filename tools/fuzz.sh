#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/*.cpp) with clang-14 (ASan + UBSan + fuzzer
# instrumentation) into build-fuzz/ and runs each for SECONDS (default 60). JSON targets are seeded
# from presets/ and tests/bad_inputs/, the assembler from presets/destiny/*.s; every target also
# from tests/fuzz/seeds/<target>/ where it has one.
# Crashes land in build-fuzz/findings/<target>/; add each as a regression (a tests/bad_inputs/ file
# or a unit test) once fixed.
#   tools/fuzz.sh [SECONDS] [TARGET...]          e.g. nice -n 10 tools/fuzz.sh 90 fuzz_texture
# Reproduce a finding (runs the one input, prints the sanitizer report):
#   ./build-fuzz/tests/<target> build-fuzz/findings/<target>/crash-<sha1>
# Build parallelism: FUZZ_JOBS (default: ninja's).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DFXVIEW_BUILD_APP=OFF -DFXVIEW_SANITIZE=ON -DFXVIEW_FUZZ=ON \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" >/dev/null
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(ls tests/fuzz/*.cpp | xargs -n1 basename | sed 's/\.cpp$//')
fi
cmake --build build-fuzz ${FUZZ_JOBS:+-j "$FUZZ_JOBS"} --target "${targets[@]}"
for t in "${targets[@]}"; do
  corpus=build-fuzz/corpus/$t findings=build-fuzz/findings/$t
  mkdir -p "$corpus" "$findings"
  # Seeds: JSON targets get every preset, definition and bad input, the assembler the shipped
  # emitter programs; every target its own folder.
  case $t in
    fuzz_preset | fuzz_definitions)
      find presets tests/bad_inputs -name '*.json' -exec cp {} "$corpus"/ \; 2>/dev/null || true ;;
    fuzz_emitter_asm)
      cp presets/destiny/*.s "$corpus"/ 2>/dev/null || true ;;  # the shipped emitter programs
  esac
  [ -d "tests/fuzz/seeds/$t" ] && cp tests/fuzz/seeds/$t/* "$corpus"/ 2>/dev/null || true
  echo "== $t for ${seconds}s"
  ASAN_OPTIONS=detect_leaks=1 "./build-fuzz/tests/$t" "$corpus" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 2>&1 |
    grep -E 'stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|Done' || true
  echo "   findings: $(ls "$findings" | wc -l)"
done
