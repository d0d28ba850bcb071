#!/usr/bin/env bash
# The Windows zip as a user gets it, under Wine: unzipped into a folder named with spaces and
# non-ASCII letters, with no source tree to fall back on, fxview.exe
#   - names every DLL it needs, each in the zip or part of Windows;
#   - prints its version;
#   - renders the gallery as the Linux build does (mean absolute difference of at most 3 levels);
#   - checks a Halo glow tag whose name holds a space, imports it to the JSON the Linux build
#     writes, and exports that back into the tag byte for byte;
#   - exports an unedited Stride prefab (CRLF) back byte for byte;
#   - refuses to write an output over its own input;
#   - opens the gallery in its window and takes its own screenshot.
# Usage: portable_zip.sh ZIP LINUX_FXVIEW SOURCE_DIR [OUT_DIR for the pictures]
# Needs WINEPREFIX (a prefix made before, tools/test-windows.sh) and a display (xvfb-run).
set -u
zip=$(realpath "$1") linux=$(realpath "$2") src=$(realpath "$3") keep=${4:-}
. "$src/tests/cli/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
export FXVIEW_NO_SOURCE_TREE=1 WINEDEBUG=${WINEDEBUG:--all}
export FXVIEW_SETTINGS_DIR="$work/settings"

home="$work/Zoë/fx tools"
mkdir -p "$home"
(cd "$home" && unzip -q "$zip") || { echo "FAIL unzip"; exit 1; }
app=$(find "$home" -maxdepth 2 -name fxview.exe -printf '%h\n' | head -1)
[ -n "$app" ] || { echo "FAIL no fxview.exe in the zip"; exit 1; }
fx() { (cd "$app" && timeout 300 wine ./fxview.exe "$@"); }

# Every DLL fxview.exe imports is in the folder or is Windows' own.
system_dlls='^(kernel32|user32|gdi32|opengl32|shell32|advapi32|msvcrt|imm32|ole32|oleaut32|ws2_32|winmm|shlwapi|comdlg32|dwmapi|version)\.dll$'
for exe in "$app/fxview.exe" "$app"/*.dll; do
  for dll in $(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p'); do
    lower=$(tr '[:upper:]' '[:lower:]' <<<"$dll")
    [[ $lower =~ $system_dlls ]] && continue
    ls "$app" | tr '[:upper:]' '[:lower:]' | grep -qxF "$lower" || bad "$(basename "$exe") needs $dll, not in the zip"
  done
done
[ -f "$app/README.txt" ] && [ -d "$app/presets" ] && [ -d "$app/assets" ] && [ -d "$app/licenses" ] ||
  bad "the zip lacks README.txt, presets, assets or licenses"

v=$(fx --version) || bad "--version: exit $?"
[ "$v" = "$("$linux" --version)" ] || bad "--version says '$v'"

# The gallery, rendered by both builds.
fx render presets/gallery.json -o "$work/windows.png" --time 2 2>"$work/log" ||
  { bad "render the gallery: exit $?"; cat "$work/log"; }
FXVIEW_NO_SOURCE_TREE=0 "$linux" render "$src/presets/gallery.json" -o "$work/linux.png" --time 2 2>/dev/null ||
  bad "the Linux render"
python3 "$src/tests/windows/png_difference.py" "$work/linux.png" "$work/windows.png" 3 ||
  bad "the Windows render differs from Linux's"

# A glow tag with a space in its name: check, import (the same JSON as Linux), export back.
mkdir -p "$work/tags/effects/bitmaps"
white_bitmap "$work/tags/effects/bitmaps/glow.bitmap"
cat >"$work/glow.json" <<'JSON'
{"attachment_marker": "glow 1", "number_of_particles": 40, "boundary_effect": "wrap",
 "effect_rotational_velocity": 4.0, "particle_size_bounds": [0.04, 0.07],
 "color_bound_0": {"r": 0.15, "g": 0.3, "b": 0.9}, "texture": "effects\\bitmaps\\glow.bitmap"}
JSON
"$linux" export "$work/glow.json" -o "$work/tags/effects/sword glow.glow" >/dev/null 2>&1 ||
  bad "the Linux build's export of the glow"
cp "$work/tags/effects/sword glow.glow" "$work/original.glow"
fx check "$work/tags/effects/sword glow.glow" >"$work/log" 2>&1 || { bad "check: exit $?"; cat "$work/log"; }
"$linux" import "$work/tags/effects/sword glow.glow" -o "$work/tags/effects/sword glow.json" 2>/dev/null
mv "$work/tags/effects/sword glow.json" "$work/linux glow.json"
fx import "$work/tags/effects/sword glow.glow" -o "$work/tags/effects/sword glow.json" 2>"$work/log" ||
  { bad "import: exit $?"; cat "$work/log"; }
cmp -s "$work/tags/effects/sword glow.json" "$work/linux glow.json" ||
  { bad "the imported JSON differs from Linux's"; diff "$work/tags/effects/sword glow.json" "$work/linux glow.json" | head; }
fx export "$work/tags/effects/sword glow.json" -o "$work/tags/effects/sword glow.glow" 2>"$work/log" ||
  { bad "export into the tag: exit $?"; cat "$work/log"; }
cmp -s "$work/original.glow" "$work/tags/effects/sword glow.glow" || bad "the tag changed on an unedited export"

# An unedited Stride prefab, saved with CRLF line ends, exports back byte for byte.
puff_prefab '\r\n' >"$work/puff.sdprefab"
cp "$work/puff.sdprefab" "$work/puff.original"
fx import "$work/puff.sdprefab" -o "$work/puff.json" 2>/dev/null || bad "import the prefab"
fx export "$work/puff.json" -o "$work/puff.sdprefab" 2>"$work/log" || { bad "export the prefab"; cat "$work/log"; }
cmp -s "$work/puff.original" "$work/puff.sdprefab" || bad "the prefab changed on an unedited export"

# An output over its own input is refused, and the input kept.
cp "$app/presets/gallery.json" "$work/gallery.json"
fx render "$work/gallery.json" -o "$work/gallery.json" >/dev/null 2>"$work/log"
[ $? = 2 ] || bad "render -o over its own preset: not exit 2"
cmp -s "$app/presets/gallery.json" "$work/gallery.json" || bad "the preset was written over"
ls "$work" | grep -q '^\.fxv-' && bad "a temporary file was left"

# The viewer on the gallery, in its window, taking its own screenshot.
fx presets/gallery.json --window 1280x800 --frames 600 \
  --exec "wait_loaded; time 2; screenshot_window $work/window.png; quit" >"$work/log" 2>&1 ||
  { bad "the viewer: exit $?"; cat "$work/log"; }
[ -s "$work/window.png" ] || bad "the viewer took no screenshot"
if [ -n "$keep" ]; then
  mkdir -p "$keep"
  cp "$work/windows.png" "$work/linux.png" "$keep/" 2>/dev/null
  cp "$work/window.png" "$keep/viewer-window.png" 2>/dev/null
fi

[ "$fail" = 0 ] && echo "ok: the portable zip under Wine, from $home"
exit "$fail"
