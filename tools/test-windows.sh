#!/usr/bin/env bash
# The Windows build, tested as Windows programs under Wine on a virtual display (Xvfb; Mesa's
# llvmpipe behind Wine's WGL, the rasteriser the Linux tests use): builds the zip and the test
# programs (tools/build-windows.sh), runs ctest in build-windows/build (unit tests, GL tests with
# their golden images, the CLI and viewer scripts) and the portable zip's own test
# (tests/windows/portable_zip.sh). Needs build/fxview (tools/setup.sh) for the Linux side of the
# comparisons. Run by tools/test.sh; by hand as root or through sudo, like setup.
#   PICTURES=DIR keeps the zip test's renders and the viewer's screenshot in DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
# (Measured from tools/test.sh's start when it runs this, so times add up across scripts.)
export FXVIEW_TEST_START=${FXVIEW_TEST_START:-$(date +%s)}
phase() { echo "== $1 ($(($(date +%s) - FXVIEW_TEST_START))s so far) =="; }

# Everything under one virtual display: the prefix's desktop process (explorer.exe, started with
# the prefix) keeps the display it started on, and windows of later programs need it alive. The
# viewer's tests run on this display too (tests/cli/on_display.sh): on a second one, a fresh
# prefix's viewer dies at exit with BadWindow.
if [ "${1:-}" != --under-xvfb ]; then
  phase "Windows: cross-build (tools/build-windows.sh)"
  # Its output shown as it comes (not through `tee /dev/stderr`, which reopens a log file that
  # stderr goes to and truncates it); the zip is the one it just wrote.
  bash tools/build-windows.sh >&2
  zip=$(ls -t build-windows/fxview-*-windows-x64.zip | head -1)
  exec xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" --under-xvfb "$zip"
fi
zip=$2

# A prefix of the build's own, made once. No Mono or Gecko (nothing here needs .NET or HTML,
# and their installers would open dialogs); wineserver started first, persistent and with its
# output discarded: one a test started would hold that test's output pipe open until it exits.
export WINEPREFIX="$PWD/build-windows/wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
phase "Windows: Wine prefix"
wineserver -k >/dev/null 2>&1 || true
wineserver -p >/dev/null 2>&1 </dev/null &
trap 'wineserver -k >/dev/null 2>&1 || true' EXIT
# A first boot of a fresh prefix can lose a race with the server starting beside it: once more,
# then show what it said.
if ! wine wineboot --init >build-windows/wineboot.log 2>&1 </dev/null; then
  sleep 2
  wine wineboot --init >build-windows/wineboot.log 2>&1 </dev/null ||
    { cat build-windows/wineboot.log >&2; exit 1; }
fi

phase "Windows: ctest under Wine"
ctest --test-dir build-windows/build --output-on-failure -j "$jobs"

phase "Windows: the zip, unzipped into a folder named with spaces and non-ASCII letters"
bash tests/windows/portable_zip.sh "$zip" build/fxview . "${PICTURES:-}"
phase "Windows: done"
