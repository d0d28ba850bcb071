#!/usr/bin/env bash
# fxview as installed (README "Install"): `cmake --install` into a temporary prefix, then the
# installed binary, run from a folder outside the source and build trees with the development
# fallback to the source tree switched off (FXVIEW_NO_SOURCE_TREE=1) and no other data folder on
# the XDG path, renders the installed gallery; the PNG must match tests/golden/gallery.png under
# that entry's thresholds. It also checks the installed layout (desktop entry, MIME types, icon,
# man page when help2man was found) and that the build-tree binary really loses the shipped assets
# once the fallback is off, so the render above cannot have read the checkout.
#   install_test.sh BUILD_DIR SOURCE_DIR GOLDEN_COMPARE
set -euo pipefail
build=$1 source=$2 compare=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" || {
  cat "$tmp/install.log"
  exit 1
}

fail=0
for f in bin/fxview share/fxview/presets/gallery.json share/fxview/assets/sprites/glow.png \
  share/applications/fxview.desktop share/mime/packages/fxview.xml \
  share/icons/hicolor/256x256/apps/fxview.png; do
  [ -e "$prefix/$f" ] || { echo "install_test: $f not installed" >&2; fail=1; }
done
if grep -q '^HELP2MAN:FILEPATH=/' "$build/CMakeCache.txt"; then
  [ -e "$prefix/share/man/man1/fxview.1.gz" ] || { echo "install_test: man page not installed" >&2; fail=1; }
fi
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$prefix/share/applications/fxview.desktop" || fail=1
fi
if command -v xmllint >/dev/null; then
  xmllint --noout "$prefix/share/mime/packages/fxview.xml" || fail=1
fi

# Nothing but the prefix may supply data: no checkout, no $HOME or system XDG folders.
isolated=(env -u DISPLAY -u WAYLAND_DISPLAY -u FXVIEW_DATA_DIR FXVIEW_NO_SOURCE_TREE=1
  HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" XDG_DATA_DIRS="$tmp/none")
mkdir -p "$tmp/work" "$tmp/home"
cd "$tmp/work"

version=$("${isolated[@]}" "$prefix/bin/fxview" --version)
echo "install_test: $version"
[[ $version == "fxview "* ]] || { echo "install_test: unexpected --version output" >&2; fail=1; }

read -r -a args <<<"$("$compare" "$source/tests/golden/goldens.json" gallery --render-args)"
"${isolated[@]}" "$prefix/bin/fxview" render "$prefix/share/fxview/presets/gallery.json" \
  -o gallery.png "${args[@]}" 2>render.err || { cat render.err >&2; exit 1; }
if [ -s render.err ]; then
  echo "install_test: the installed render warned:" >&2
  cat render.err >&2
  fail=1
fi
"$compare" "$source/tests/golden/goldens.json" gallery gallery.png gallery.diff.png || {
  mkdir -p "$build/golden-actual"
  cp gallery.png "$build/golden-actual/install-gallery.png"
  cp gallery.diff.png "$build/golden-actual/install-gallery.diff.png"
  fail=1
}

# The same preset from a copy outside any data root, rendered by the build-tree binary with the
# fallback off: its "assets/..." textures must now be missing (the switch works).
cp "$source/presets/gallery.json" "$tmp/work/copy.json"
"${isolated[@]}" "$build/fxview" render copy.json -o copy.png "${args[@]}" 2>copy.err || true
if ! grep -q 'assets/' copy.err; then
  echo "install_test: with FXVIEW_NO_SOURCE_TREE=1 the build-tree binary still found assets/" >&2
  cat copy.err >&2
  fail=1
fi
exit $fail
