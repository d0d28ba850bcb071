#!/usr/bin/env bash
# The viewer as a workplace (issue 38), through the console commands the menus and dialogs run,
# under a virtual display:
# 1. `bundle X.zip` writes one zip of the bug report; a second one to the same name is refused;
#    `check`, `render` and `simulate` open the zip as they open the folder (same picture), and so
#    does the viewer; a zip with an entry that climbs out of its folder is refused, naming it.
# 2. `record` writes a still PNG, a numbered image sequence, a GIF and a sprite sheet from now
#    (a script's next statement waits until it is written); an existing name is refused, never
#    replaced.
# 3. a file that does not open: `panel errors` and `screenshot_window` still work (a bug report of
#    a load error), and the picture area shows the error, not an empty picture.
# 4. a .glow opened on its own: `model` lists the .gbxmodel beside it, `model PATH` shows the
#    glow on it (its markers).
# 5. `ui_scale 200` and `font_size 18` are kept in the settings.
# Skipped (exit 77) where xvfb-run is not installed.
# usage: gui_workplace.sh FXVIEW SOURCE_DIR
set -u
on_display="$(cd "$(dirname "$0")" && pwd)/on_display.sh"  # xvfb-run -a, or the Wine suite's display
bin=$(realpath "$1")
src=$(realpath "$2")
. "$src/tests/cli/lib.sh"
if ! command -v xvfb-run > /dev/null 2>&1; then
  echo "SKIP: xvfb-run not found"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"  # never the user's own
export FXVIEW_SETTINGS_DIR="$tmp/config/fxview"
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
gui() {  # the viewer on ARGS in $tmp; its output in $tmp/log
  (cd "$tmp" && timeout 120 bash "$on_display" 1280x800x24 "$bin" "$@") > "$tmp/log" 2>&1
}
pngsize() { python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print(*struct.unpack(">II", d[16:24]))' "$1"; }

# The shipped fountain, its paths made absolute to the checkout's assets.
sed "s|\"\\.\\./assets/|\"$src/assets/|g" "$src/presets/stride_fountain.json" > "$tmp/fountain.json"

# --- 1. zipped bug reports
gui fountain.json --frames 600 --exec "pause; time 0.8; bundle out/report.zip; quit" ||
  { bad "bundle zip: exit $?"; cat "$tmp/log"; }
[ -s "$tmp/out/report.zip" ] || { bad "no report.zip"; cat "$tmp/log"; }
python3 - "$tmp/out/report.zip" <<'PY' || bad "the zip does not hold report/bundle.json, preset.json, screenshot.png"
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
sys.exit(0 if {"report/bundle.json", "report/preset.json", "report/screenshot.png"} <= names else 1)
PY
[ -e "$tmp/out/report" ] && bad "bundle X.zip left a folder beside the zip"
sum=$(sha256sum "$tmp/out/report.zip")
gui fountain.json --frames 300 --exec "bundle out/report.zip; quit"
grep -q "report.zip exists" "$tmp/log" || { bad "a second zip to the same name is not refused"; cat "$tmp/log"; }
[ "$(sha256sum "$tmp/out/report.zip")" = "$sum" ] || bad "the refused zip changed the first"
"$bin" check "$tmp/out/report.zip" > "$tmp/check.log" 2>&1 || { bad "check report.zip: exit $?"; cat "$tmp/check.log"; }
"$bin" render "$tmp/out/report.zip" -o "$tmp/from_zip.png" --size 160x90 > "$tmp/r.log" 2>&1 ||
  { bad "render report.zip: exit $?"; cat "$tmp/r.log"; }
mkdir -p "$tmp/unzipped" && python3 -c 'import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$tmp/out/report.zip" "$tmp/unzipped"
"$bin" render "$tmp/unzipped/report" -o "$tmp/from_folder.png" --size 160x90 > "$tmp/r.log" 2>&1 ||
  { bad "render the unzipped folder: exit $?"; cat "$tmp/r.log"; }
cmp -s "$tmp/from_zip.png" "$tmp/from_folder.png" || bad "the zip renders another picture than its folder"
"$bin" simulate "$tmp/out/report.zip" -o "$tmp/sim.json" > "$tmp/s.log" 2>&1 ||
  { bad "simulate report.zip: exit $?"; cat "$tmp/s.log"; }
gui out/report.zip --frames 60 --exec "quit" || { bad "the viewer does not open report.zip: exit $?"; cat "$tmp/log"; }
# A zip whose entry climbs out of the folder it unpacks to: refused, nothing written outside.
python3 - "$tmp/evil.zip" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    z.writestr("report/bundle.json", "{}")
    z.writestr("../../escaped.json", "{}")
PY
"$bin" check "$tmp/evil.zip" > "$tmp/evil.log" 2>&1 && bad "check accepted a zip that climbs out"
grep -q 'escaped.json.*outside' "$tmp/evil.log" || { bad "the refusal does not name the entry"; cat "$tmp/evil.log"; }
find "$tmp" -name escaped.json | grep -q . && bad "an entry was written outside the unpack folder"

# --- 2. record
gui fountain.json --frames 900 --exec "pause; time 0.5; record png rec/still.png; record sequence rec/seq.png 0.5 4 32x24; record gif rec/clip.gif 1 10 64x36; record sheet rec/sheet.png 0.4 10 32x32; record png rec/clear.png 0 10 64x36 transparent; screenshot rec/after.png; quit" ||
  { bad "record: exit $?"; cat "$tmp/log"; }
[ "$(pngsize "$tmp/rec/still.png" 2>/dev/null)" = "640 360" ] || bad "record png: no 640x360 still"
n=$(ls "$tmp"/rec/seq_*.png 2>/dev/null | wc -l)
[ "$n" = 3 ] || bad "record sequence 0.5 s at 4 fps: $n frames, want 3"
[ "$(pngsize "$tmp/rec/seq_0002.png" 2>/dev/null)" = "32 24" ] || bad "the sequence's frames are not 32x24"
head -c 6 "$tmp/rec/clip.gif" 2>/dev/null | grep -q GIF89a || bad "record gif: no GIF"
[ "$(pngsize "$tmp/rec/sheet.png" 2>/dev/null)" = "96 64" ] || bad "record sheet: 5 frames of 32x32 in a 3 x 2 square expected"
[ -s "$tmp/rec/after.png" ] || bad "the script did not go on after the recordings"
# The top-left pixel is background: alpha 0 in the transparent still, 255 in the opaque one. (The
# first pixel of the first row reads the same under every PNG row filter.)
corner_alpha() {
  python3 -c '
import sys, zlib
d = open(sys.argv[1], "rb").read()
i, idat = 8, b""
while i < len(d):
    n = int.from_bytes(d[i:i + 4], "big")
    if d[i + 4:i + 8] == b"IDAT": idat += d[i + 8:i + 8 + n]
    i += 12 + n
print(zlib.decompress(idat)[4])' "$1"
}
[ "$(corner_alpha "$tmp/rec/clear.png")" = 0 ] || bad "record png ... transparent: the background is not transparent"
[ "$(corner_alpha "$tmp/rec/still.png")" = 255 ] || bad "record png: the background is not opaque"
sum=$(sha256sum "$tmp/rec/clip.gif")
gui fountain.json --frames 300 --exec "record gif rec/clip.gif; quit"
grep -q "clip.gif exists" "$tmp/log" || { bad "recording over an existing file is not refused"; cat "$tmp/log"; }
[ "$(sha256sum "$tmp/rec/clip.gif")" = "$sum" ] || bad "a refused recording changed the file"

# --- 3. a load error over the picture
printf '{"version": 1, "effects": [,]}' > "$tmp/broken.json"
gui broken.json --frames 300 --exec "panel errors; screenshot_window shots/error.png; quit"
[ -s "$tmp/shots/error.png" ] || { bad "no window screenshot with nothing loaded"; cat "$tmp/log"; }
# The viewer's own settings (UI scale, grid) need no document either: a bug report at 200 %.
gui broken.json --frames 300 --exec "ui_scale 200; grid 0; wait 3; screenshot_window shots/error200.png; quit"
[ -s "$tmp/shots/error200.png" ] || { bad "ui_scale with nothing loaded"; cat "$tmp/log"; }
python3 - "$tmp/shots/error.png" <<'PY' || bad "the picture area shows no error text"
import sys, zlib, struct
# The picture area's middle (the error notice) holds bright text pixels on the dark background.
d = open(sys.argv[1], "rb").read()
w, h = struct.unpack(">II", d[16:24])
idat = b"".join(d[i + 8:i + 8 + struct.unpack(">I", d[i:i + 4])[0]]
                for i in range(8, len(d)) if d[i + 4:i + 8] == b"IDAT")
raw = zlib.decompress(idat)
bpp = 4 if d[25] == 6 else 3
stride = w * bpp + 1
rows = []
prev = bytearray(w * bpp)
for y in range(h):
    f = raw[y * stride]
    line = bytearray(raw[y * stride + 1:(y + 1) * stride])
    for x in range(len(line)):
        a = line[x - bpp] if x >= bpp else 0
        b = prev[x]
        c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line)
    prev = line
bright = 0
for y in range(h // 3, h // 2):
    for x in range(w // 3, 2 * w // 3):
        r, g, b = rows[y][x * bpp:x * bpp + 3]
        bright += r > 180 and g > 120
sys.exit(0 if bright > 50 else 1)
PY

# --- 4. a glow on its own: the model beside it, one command away
mkdir -p "$tmp/tags/fx/bitmaps"
"$bin" texgen model -o "$tmp/tags/fx/blade.gbxmodel" > /dev/null || bad "texgen model"
white_bitmap "$tmp/tags/fx/bitmaps/glow.bitmap"
cat > "$tmp/glow.json" << 'JSON'
{"attachment_marker": "glow 1", "number_of_particles": 40, "boundary_effect": "wrap",
 "particle_size_bounds": [0.04, 0.07], "texture": "fx\\bitmaps\\glow.bitmap"}
JSON
"$bin" export "$tmp/glow.json" -o "$tmp/tags/fx/blade.glow" > /dev/null 2>&1 || bad "export glow"
gui tags/fx/blade.glow --frames 300 --exec "model; model tags/fx/blade.gbxmodel; get /objects/0/model; quit" ||
  { bad "model: exit $?"; cat "$tmp/log"; }
grep -q "^model candidate .*blade.gbxmodel" "$tmp/log" || { bad "model lists no candidate"; cat "$tmp/log"; }
grep -q "^model blade.glow on tags/fx/blade.gbxmodel: [1-9][0-9]* markers" "$tmp/log" ||
  { bad "model PATH does not show the glow on the model's markers"; cat "$tmp/log"; }

# --- 5. UI scale and font size are kept
gui fountain.json --frames 120 --exec "ui_scale 200; font_size 18; wait 3; screenshot_window shots/big.png; quit" ||
  { bad "ui_scale: exit $?"; cat "$tmp/log"; }
python3 - "$tmp/config/fxview/viewer.json" <<'PY' || bad "the UI scale and font size are not in the settings"
import json, sys
ui = json.load(open(sys.argv[1]))["ui"]
sys.exit(0 if ui["scale"] == 2 and ui["font_size"] == 18 else 1)
PY

[ "$fail" -eq 0 ] && echo "ok: zip bundles, record, load errors, model offer, UI scale"
exit "$fail"
