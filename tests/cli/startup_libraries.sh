#!/usr/bin/env bash
# What every fxview process loads before main(): FFmpeg's libraries (and the hundred-odd codec
# libraries behind them) are opened only when a clip is written (app/capture/ffmpeg_library.h), never
# linked, so a headless render or the viewer does not pay for them at start. A clip still works:
# the clip tests write WebM and MP4 through the loaded library.
#   startup_libraries.sh FXVIEW
set -euo pipefail
fxview=$1
needed=$(readelf -d "$fxview" | awk '/NEEDED/ {print $NF}' | tr -d '[]')
echo "fxview needs: $(tr '\n' ' ' <<<"$needed")"
if grep -Eq '^lib(avcodec|avformat|avutil|swscale|avdevice|avfilter)\.so' <<<"$needed"; then
  echo "startup_libraries: fxview links FFmpeg directly; it must open it on first use" >&2
  exit 1
fi
count=$(ldd "$fxview" | wc -l)
echo "shared objects loaded at start: $count"
if [ "$count" -gt 60 ]; then
  echo "startup_libraries: $count shared objects load with every process (expected at most 60)" >&2
  exit 1
fi
