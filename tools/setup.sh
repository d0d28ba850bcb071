#!/usr/bin/env bash
# Installs the Debian packages fxview needs (only those missing), configures and builds Release
# into build/, then opens the viewer on the default gallery preset (or, with no display, says how
# to render headless). Idempotent; works as root or through sudo.
#   --no-build   stop after installing packages
#   --no-launch  build but do not open the viewer
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build pkg-config git
  libglfw3-dev libimgui-dev libstb-dev python3-glad libglm-dev nlohmann-json3-dev libcli11-dev
  libgtest-dev libgmock-dev libtbb-dev libgif-dev libyaml-cpp-dev libsquish-dev zlib1g-dev
  libzip-dev fonts-dejavu-core
  libtinyobjloader-dev
  rapidjson-dev
  libavcodec-dev libavformat-dev libavutil-dev libswscale-dev
  libegl-dev libgl-dev libopengl-dev libegl-mesa0 libgl1-mesa-dri libglx-mesa0
  xvfb xauth clang-14 libclang-rt-14-dev
  help2man desktop-file-utils
  # `cpack -G DEB`: dpkg-shlibdeps (dpkg-dev) computes Depends, and CPackDeb runs `file` on each
  # installed file first. readelf and strip come with build-essential (binutils); CMake writes
  # the archive itself, so no fakeroot.
  dpkg-dev file
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if ((${#missing[@]})); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update
  $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

[ "${1:-}" = "--no-build" ] && exit 0

# ccache, where installed, makes rebuilds (and the sanitizer build of tools/test.sh) cheap.
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}"
cmake --build build

[ "${1:-}" = "--no-launch" ] && exit 0
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/fxview presets/gallery.json
fi
cat <<'MSG'
fxview is built, but there is no display to open the viewer on. Render headless instead:
  build/fxview render presets/gallery.json -o gallery.png --time 2
or run the viewer in a virtual display:
  xvfb-run -a build/fxview presets/gallery.json
MSG
