#!/usr/bin/env bash
# The Debian package (README "Install", `cd build && cpack -G DEB`), built and read back: cpack
# into a temporary folder (not build/, so other tests never see a half-written package), then
# `dpkg-deb --info` / `--contents`: the package name, the binary, the gallery, the desktop entry,
# the man page when help2man was found, and a Depends line that dpkg-shlibdeps filled (it needs the
# `file` utility, which tools/setup.sh installs; without it CPackDeb stops with "file utility is
# not available").
#   deb_package_test.sh BUILD_DIR CPACK
set -euo pipefail
build=$1 cpack=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for tool in file dpkg-shlibdeps dpkg-deb; do
  command -v "$tool" >/dev/null || {
    echo "deb_package_test: $tool is missing (tools/setup.sh installs it)" >&2
    exit 1
  }
done

"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$tmp" >"$tmp/cpack.log" 2>&1 || {
  cat "$tmp/cpack.log" >&2
  exit 1
}
grep 'CPack:' "$tmp/cpack.log" | tail -n 2
debs=("$tmp"/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || {
  echo "deb_package_test: expected one .deb in the output folder, got: ${debs[*]}" >&2
  cat "$tmp/cpack.log" >&2
  exit 1
}
deb=${debs[0]}
dpkg-deb --info "$deb" >"$tmp/info"
dpkg-deb --contents "$deb" >"$tmp/contents"
cat "$tmp/info"

fail=0
package=$(dpkg-deb --field "$deb" Package)
[ "$package" = fxview ] || { echo "deb_package_test: Package is '$package', not fxview" >&2; fail=1; }
depends=$(dpkg-deb --field "$deb" Depends)
if [ -z "$depends" ]; then
  echo "deb_package_test: empty Depends" >&2
  fail=1
elif ! grep -q 'libc6' <<<"$depends"; then
  echo "deb_package_test: Depends has no libc6, so dpkg-shlibdeps did not run: $depends" >&2
  fail=1
fi

# FFmpeg is opened at run time, so the package names it itself (Recommends) when the build had it.
if grep -q 'FXVIEW_HAVE_VIDEO=1' "$build/build.ninja" 2>/dev/null; then
  recommends=$(dpkg-deb --field "$deb" Recommends)
  for lib in libavcodec libavformat libavutil libswscale; do
    grep -Eq "(^|, )$lib[0-9]+(,|$)" <<<"$recommends" ||
      { echo "deb_package_test: Recommends has no $lib: $recommends" >&2; fail=1; }
  done
fi

# `dpkg-deb --contents` lists like `tar tv`: the path is the last field, ./usr/...
awk '{print $NF}' "$tmp/contents" >"$tmp/paths"
expect=(bin/fxview share/fxview/presets/gallery.json share/applications/fxview.desktop)
if grep -q '^HELP2MAN:FILEPATH=/' "$build/CMakeCache.txt"; then
  expect+=(share/man/man1/fxview.1.gz)
fi
for f in "${expect[@]}"; do
  grep -qx "\./usr/$f" "$tmp/paths" || { echo "deb_package_test: /usr/$f is not in the package" >&2; fail=1; }
done
[ $fail -eq 0 ] && echo "deb_package_test: $(basename "$deb") holds ${#expect[@]} checked files; Depends: $depends"
exit $fail
