#!/usr/bin/env bash
# Runs every test: installs what is missing, builds Release into build/ and runs ctest (unit,
# headless GL through EGL, golden images, CLI end to end, the installed binary), then builds the
# unit tests with AddressSanitizer + UndefinedBehaviorSanitizer into build-asan/ and runs them too,
# then cross-builds fxview for Windows and runs its tests under Wine (tools/test-windows.sh), then
# builds every fuzz target and runs each briefly (tools/fuzz.sh).
# Needs no display. Exit status is non-zero when anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

# Each phase prints the time so far (CI's budget: under 50 minutes on two cores).
# (Measured from tools/test.sh's start when it runs this, so times add up across scripts.)
export FXVIEW_TEST_START=${FXVIEW_TEST_START:-$(date +%s)}
phase() { echo "== $1 ($(($(date +%s) - FXVIEW_TEST_START))s so far) =="; }
phase "packages and the Release build (tools/setup.sh)"
bash tools/setup.sh --no-launch

phase "ctest (Release)"
ctest --test-dir build --output-on-failure -j "$jobs"

phase "sanitizers (ASan + UBSan): unit tests, every loader and the VM"
# -O0 without debug info keeps this build short on 2 cores (it compiles 2-3x faster than -O1
# under the sanitizers, and the unit tests stay quick); the sanitizers need no more.
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS=-O0 -DFXVIEW_SANITIZE=ON -DFXVIEW_BUILD_APP=OFF "${launcher[@]}" >/dev/null
cmake --build build-asan --target fxview_unit_tests
phase "sanitizer ctest"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs" -L unit

# The Windows zip and its tests, as Windows programs under Wine (its phases print their own times).
bash tools/test-windows.sh

# Every libFuzzer target builds (clang-14; a target that stops linking is seen here, not months
# later) and runs a few seconds on its seeds: a crash, leak or sanitizer report fails the run.
# Unoptimized like the sanitizer build above; the whole phase stays within about 3 minutes.
phase "fuzz targets: build, then 5 s each on its seeds"
FUZZ_QUICK=1 FUZZ_JOBS="$jobs" bash tools/fuzz.sh 5
phase "done"
