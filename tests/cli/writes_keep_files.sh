#!/usr/bin/env bash
# Every writer keeps the user's files (issue 35, cases 2, 3, 6 and the write errors of 10):
#   - no output is written over, or under the name of, a file of another kind: import -o of a
#     Stride asset, render -o / --gif / --sheet onto a tag, simulate -o over a tag, a console
#     screenshot (render --exec) over a tag are refused with exit 2, naming the file and both
#     kinds, and the file is byte-identical afterwards;
#   - a read-only output (mode 0444) is refused by export, import and simulate (exit 2, "is
#     read-only (mode 0444)"), and --force makes it writable and writes it;
#   - export, import and render through a symlink write the file it names and keep the link; a
#     file with two hard links is updated in place, both names seeing the new content;
#   - a write failure says why ("no such folder"), and a 250-character file name saves.
# Everything is made here by fxview itself (texgen, export, import). Usage: writes_keep_files.sh
# FXVIEW SOURCE_DIR
set -u
bin=$(realpath "$1")
src=$(realpath "$2")
. "$src/tests/cli/lib.sh"
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
cd "$work" || exit 1
# Headless needs no display on Linux; on Windows (FXVIEW_WINDOWS, the Wine run) a render's hidden
# window does, and read-only is an attribute, not a mode.
[ -n "${FXVIEW_WINDOWS:-}" ] || export -n DISPLAY WAYLAND_DISPLAY
ro='read-only (mode 0444)'
[ -n "${FXVIEW_WINDOWS:-}" ] && ro='read-only (its read-only attribute is set)'

# refused WHAT FILE PATTERN -- ARGS...: exit 2, PATTERN in the message, FILE unchanged.
refused() {
  local what=$1 file=$2 pattern=$3
  shift 4
  cp -p "$file" kept
  timeout 120 "$bin" "$@" >/dev/null 2>log
  local rc=$?
  [ "$rc" -eq 2 ] || bad "$what: exit $rc (want 2): $(head -3 log)"
  grep -q -- "$pattern" log || bad "$what: no '$pattern' in: $(head -3 log)"
  cmp -s kept "$file" || { bad "$what: $file was changed"; cp -p kept "$file"; }
}

# A weather tag exported from the shipped rain definition, a Stride prefab and its preset.
cp "$src/presets/defs/weather_rain.json" rain_def.json
cp "$src/presets/defs/point_physics_rain.json" "$src/presets/defs/wind_rain.json" .
"$bin" export rain_def.json -o rain.weather_particle_system 2>log ||
  { echo "FAIL export a tag:"; cat log; exit 1; }
tag=rain.weather_particle_system
puff_prefab >puff.sdprefab
cp puff.sdprefab other.sdprefab
"$bin" import puff.sdprefab -o puff.json 2>log || { echo "FAIL import:"; cat log; exit 1; }

# --- Case 2: no file of another kind is replaced ------------------------------------------------
refused "import -o another Stride asset" other.sdprefab "refusing to write JSON to other.sdprefab" \
  -- import puff.sdprefab -o other.sdprefab
cp "$tag" victim.glow
refused "render -o a .glow" victim.glow "refusing to write a PNG image to victim.glow: its extension names a Halo .glow tag" \
  -- render puff.json -o victim.glow --size 32x18
refused "render --gif over a tag" "$tag" "refusing to write a GIF animation" \
  -- render puff.json --gif "$tag" --frames 2 --every 0.1 --size 32x18
refused "render --sheet over a Stride asset" other.sdprefab "refusing to write a PNG image" \
  -- render puff.json --sheet other.sdprefab --frames 2 --every 0.1 --size 32x18
cp "$tag" tag_no_ext
refused "simulate -o a tag without its extension" tag_no_ext "which holds a Halo .weather_particle_system tag" \
  -- simulate puff.json --time 0.1 -o tag_no_ext
refused "simulate -o a .glow" victim.glow "its extension names a Halo .glow tag" \
  -- simulate puff.json --time 0.1 -o victim.glow
cp puff.json preset_copy.png
refused "render -o a preset named .png" preset_copy.png "which holds JSON" \
  -- render puff.json -o preset_copy.png --size 32x18
refused "console screenshot over a tag" "$tag" "screenshot: refusing to write a PNG image" \
  -- render puff.json -o shot.png --size 32x18 --exec "screenshot $tag"
refused "import -o over a tag" "$tag" "refusing to write JSON" \
  -- import puff.sdprefab -o "$tag"
# A file of the same kind is replaced as before.
"$bin" render puff.json -o frame.png --size 32x18 2>log || bad "render -o a new PNG: $(cat log)"
"$bin" render puff.json -o frame.png --size 32x18 2>log || bad "render over its own PNG: $(cat log)"
"$bin" simulate puff.json --time 0.1 -o dump.json 2>log || bad "simulate -o: $(cat log)"
"$bin" simulate puff.json --time 0.2 -o dump.json 2>log || bad "simulate -o again: $(cat log)"

# --- Case 3: read-only files are refused; --force makes them writable -------------------------
cp "$tag" ro.weather_particle_system
chmod 0444 ro.weather_particle_system
refused "export into a 0444 tag" ro.weather_particle_system "ro.weather_particle_system is $ro.*--force" \
  -- export rain_def.json -o ro.weather_particle_system
sed 's/"fade_in_start_distance": 0.2,/"fade_in_start_distance": 0.3,/' rain_def.json >dense.json
cmp -s rain_def.json dense.json && bad "dense.json is not edited"
"$bin" export dense.json -o ro.weather_particle_system --force 2>log ||
  bad "export --force: exit $?: $(head -3 log)"
[ "$(stat -c %a ro.weather_particle_system)" = 644 ] ||
  bad "export --force left mode $(stat -c %a ro.weather_particle_system) (want 644)"
cmp -s "$tag" ro.weather_particle_system && bad "export --force did not write the tag"
cp puff.json ro.json && chmod 0444 ro.json
refused "import -o a 0444 file" ro.json "is $ro" -- import puff.sdprefab -o ro.json
"$bin" import puff.sdprefab -o ro.json --force 2>log || bad "import --force: $(head -3 log)"
cp dump.json ro_dump.json && chmod 0444 ro_dump.json
refused "simulate -o a 0444 file" ro_dump.json "is $ro" \
  -- simulate puff.json --time 0.3 -o ro_dump.json
"$bin" simulate puff.json --time 0.3 -o ro_dump.json --force 2>log || bad "simulate --force: $(head -3 log)"
cmp -s dump.json ro_dump.json && bad "simulate --force did not write"
cp frame.png ro.png && chmod 0444 ro.png
refused "render -o a 0444 PNG" ro.png "is $ro" -- render puff.json -o ro.png --size 32x18
"$bin" render puff.json -o ro.png --size 32x18 --force 2>log || bad "render --force: $(head -3 log)"

# --- Case 6: links are written through ---------------------------------------------------------
# (Not under Wine: it shows a Windows program a Unix symlink as the file itself, so no program
# there can tell it is a link; the unit tests cover Windows' own links where the system makes them.)
if [ -z "${FXVIEW_WINDOWS:-}" ]; then
mkdir -p real/tags
cp "$tag" real/tags/linked.weather_particle_system
ln -s real/tags/linked.weather_particle_system link.weather_particle_system
"$bin" export dense.json -o link.weather_particle_system 2>log || bad "export through a symlink: $(head -3 log)"
[ -L link.weather_particle_system ] || bad "export replaced the symlink with a file"
cmp -s "$tag" real/tags/linked.weather_particle_system && bad "export did not reach the link's target"
ln -s real linkdir
"$bin" import puff.sdprefab -o linkdir/imported.json 2>log || bad "import under a symlinked folder"
[ -L linkdir ] && [ -f real/imported.json ] || bad "import under a symlinked folder: not in real/"
"$bin" render puff.json -o real/shot.png --size 32x18 2>log || bad "render: $(head -3 log)"
ln -s real/shot.png shot_link.png
"$bin" render puff.json -o shot_link.png --size 32x18 --time 2 2>log || bad "render through a link"
[ -L shot_link.png ] || bad "render replaced the symlink with a file"
ls real | grep -q '^\.fxv-' && bad "a temporary file was left in real/"
fi
cp "$tag" hard_a.weather_particle_system
ln hard_a.weather_particle_system hard_b.weather_particle_system
"$bin" export dense.json -o hard_b.weather_particle_system 2>log || bad "export into a hard link: $(head -3 log)"
[ "$(stat -c %h hard_a.weather_particle_system)" = 2 ] || bad "the hard link was split"
cmp -s hard_a.weather_particle_system hard_b.weather_particle_system ||
  bad "the other hard link does not see the export"
cmp -s "$tag" hard_a.weather_particle_system && bad "export did not write the hard-linked tag"

# --- Case 10: write errors say why; long names save --------------------------------------------
"$bin" simulate puff.json --time 0.1 -o missing/dir/dump.json 2>log
grep -q "cannot save missing/dir/dump.json: no such folder missing/dir" log ||
  bad "no reason for a missing folder: $(head -3 log)"
long=$(printf 'n%.0s' $(seq 1 245)).json
"$bin" import puff.sdprefab -o "$long" 2>log || bad "a 250-character name does not save: $(head -3 log)"
"$bin" import puff.sdprefab -o "$long" 2>log || bad "a 250-character name does not save twice"
[ -f "$long" ] || bad "the long-named file is missing"

[ "$fail" -eq 0 ] && echo "all write checks passed"
exit $((fail > 0))
