#!/usr/bin/env bash
# Cross-builds fxview for 64-bit Windows on Debian 12 and writes a portable zip:
#   build-windows/fxview-<version>-windows-x64.zip  (the last line printed)
# Installs what it needs from Debian (MinGW-w64, Wine, Xvfb, the header-only libraries), fetches
# the sources of the libraries Debian does not ship for MinGW with `apt-get source` (adding a
# deb-src entry for bookworm when none is configured), cross-builds them once into
# build-windows/deps/ (reused on the next run), then fxview itself into build-windows/build/ with
# the same CMakeLists.txt and cmake/mingw-w64-x86_64.cmake. Nothing is downloaded from anywhere
# but Debian's archive. Works as root or through sudo, like tools/setup.sh.
#   --no-tests   build fxview.exe and the zip only (no test programs)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/build-windows
deps=$out/deps
src=$out/src
jobs=$(nproc 2>/dev/null || echo 2)
tests=ON
[ "${1:-}" = "--no-tests" ] && tests=OFF

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "build-windows: need root or sudo to install packages" >&2; exit 1; }
  sudo="sudo"
fi

# --- Debian packages --------------------------------------------------------------------------
packages=(
  g++-mingw-w64-x86-64-posix libz-mingw-w64-dev wine xvfb xauth dpkg-dev
  cmake ninja-build pkg-config python3-glad
  libglm-dev nlohmann-json3-dev libcli11-dev libstb-dev rapidjson-dev
  libavcodec-dev libavformat-dev libavutil-dev libswscale-dev
  fonts-dejavu-core
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
updated=0
if ((${#missing[@]})); then
  echo "build-windows: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update
  updated=1
  $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

# --- sources of the libraries, from Debian's source packages ---------------------------------
# name in Debian, folder it unpacks to (glob)
sources=(glfw3 yaml-cpp giflib libsquish onetbb imgui tinyobjloader googletest libzip)
need_src=()
for p in "${sources[@]}"; do
  [ -f "$src/.$p.fetched" ] || need_src+=("$p")
done
if ((${#need_src[@]})); then
  if ! grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo "build-windows: no deb-src entry is configured; adding /etc/apt/sources.list.d/fxview-deb-src.sources (bookworm main)"
    $sudo tee /etc/apt/sources.list.d/fxview-deb-src.sources >/dev/null <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    updated=0
  fi
  if [ "$updated" = 0 ]; then $sudo apt-get update; fi
  mkdir -p "$src"
  for p in "${need_src[@]}"; do
    echo "build-windows: apt-get source $p"
    (cd "$src" && apt-get source -q "$p" >/dev/null)
    touch "$src/.$p.fetched"
  done
fi
srcdir() { find "$src" -maxdepth 1 -type d -name "$1-*" | sort | tail -1; }

# --- cross-built libraries -----------------------------------------------------------------------
toolchain=$root/cmake/mingw-w64-x86_64.cmake
launcher=() ccache=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  ccache=(ccache)
fi
cross=(-G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DFXVIEW_WINDOWS_DEPS="$deps"
       -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$deps" "${launcher[@]}")
mkdir -p "$deps/include" "$deps/lib/pkgconfig" "$deps/bin"

# cmake_dep NAME SOURCE-DIR CMAKE-ARGS...: configure, build and install one CMake project once.
cmake_dep() {
  local name=$1 dir=$2
  shift 2
  [ -f "$deps/.$name.built" ] && return 0
  echo "build-windows: building $name"
  cmake -S "$dir" -B "$out/deps-build/$name" "${cross[@]}" "$@" >/dev/null
  cmake --build "$out/deps-build/$name" -j "$jobs" >/dev/null
  cmake --install "$out/deps-build/$name" >/dev/null
  touch "$deps/.$name.built"
}

cmake_dep glfw "$(srcdir glfw3)" -DGLFW_BUILD_EXAMPLES=OFF -DGLFW_BUILD_TESTS=OFF \
  -DGLFW_BUILD_DOCS=OFF -DBUILD_SHARED_LIBS=OFF
cmake_dep yaml-cpp "$(srcdir yaml-cpp)" -DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_BUILD_TOOLS=OFF \
  -DYAML_CPP_BUILD_CONTRIB=OFF -DYAML_BUILD_SHARED_LIBS=OFF
# Bug-report zips: deflate through the cross-built zlib only (no bzip2, lzma, zstd or crypto).
cmake_dep libzip "$(srcdir libzip)" -DBUILD_SHARED_LIBS=OFF -DENABLE_BZIP2=OFF -DENABLE_LZMA=OFF \
  -DENABLE_ZSTD=OFF -DENABLE_COMMONCRYPTO=OFF -DENABLE_GNUTLS=OFF -DENABLE_MBEDTLS=OFF \
  -DENABLE_OPENSSL=OFF -DENABLE_WINDOWS_CRYPTO=OFF -DBUILD_TOOLS=OFF -DBUILD_REGRESS=OFF \
  -DBUILD_EXAMPLES=OFF -DBUILD_DOC=OFF
# OpenMP only spreads libsquish's blocks over threads (same bytes) and would add libgomp's DLL.
cmake_dep libsquish "$(srcdir libsquish)" -DBUILD_SQUISH_WITH_OPENMP=OFF -DBUILD_SHARED_LIBS=OFF
# Reference meshes (Wavefront OBJ) in the scene.
cmake_dep tinyobjloader "$(srcdir tinyobjloader)" -DTINYOBJLOADER_BUILD_TEST_LOADER=OFF \
  -DBUILD_SHARED_LIBS=OFF
# oneTBB is built as a DLL, as its authors require; GCC 12 warns (-Wstringop-overflow) in
# private_server.cpp, which TBB_STRICT would make an error.
cmake_dep onetbb "$(srcdir onetbb)" -DTBB_TEST=OFF -DTBB_STRICT=OFF -DTBB_EXAMPLES=OFF \
  -DTBBMALLOC_BUILD=OFF -DTBB_ENABLE_IPO=OFF -DBUILD_SHARED_LIBS=ON
if [ "$tests" = ON ]; then
  cmake_dep googletest "$(srcdir googletest)" -DBUILD_GMOCK=ON -DBUILD_SHARED_LIBS=OFF
fi

# giflib and Dear ImGui have no CMake build: compile their library sources directly.
cc=x86_64-w64-mingw32-gcc-posix
cxx=x86_64-w64-mingw32-g++-posix
ar=x86_64-w64-mingw32-ar
compile_lib() {  # compile_lib LIB COMPILER FLAGS... -- SOURCES...
  local lib=$1 compiler=$2 flags=() objs=() f
  shift 2
  while [ "$1" != "--" ]; do flags+=("$1"); shift; done
  shift
  local objdir=$out/deps-build/$lib
  mkdir -p "$objdir"
  for f in "$@"; do
    local o=$objdir/$(basename "${f%.*}").o
    objs+=("$o")
    "${ccache[@]}" "$compiler" -O2 "${flags[@]}" -c "$f" -o "$o" &
    while (($(jobs -rp | wc -l) >= jobs)); do wait -n; done
  done
  wait
  rm -f "$deps/lib/lib$lib.a"
  "$ar" rcs "$deps/lib/lib$lib.a" "${objs[@]}"
}

if [ ! -f "$deps/.giflib.built" ]; then
  echo "build-windows: building giflib"
  d=$(srcdir giflib)
  compile_lib gif "$cc" -I"$d" -- "$d"/{dgif_lib,egif_lib,gifalloc,gif_err,gif_font,gif_hash,openbsd-reallocarray,quantize}.c
  cp "$d/gif_lib.h" "$deps/include/"
  cat >"$deps/lib/pkgconfig/libgif.pc" <<EOF
prefix=$deps
Name: libgif
Description: giflib, cross-built from Debian's source package
Version: $(basename "$d" | sed 's/^giflib-//')
Libs: -L\${prefix}/lib -lgif
Cflags: -I\${prefix}/include
EOF
  touch "$deps/.giflib.built"
fi

# Header-only libraries: the Debian packages' headers (and CMake package files, which locate
# their headers relative to themselves) copied into the prefix, so the cross build sees no
# other header of the build machine.
if [ ! -f "$deps/.headers.built" ]; then
  for h in glm nlohmann CLI stb rapidjson; do
    rm -rf "$deps/include/$h"
    cp -r "/usr/include/$h" "$deps/include/"
  done
  mkdir -p "$deps/share/cmake"
  for c in glm nlohmann_json; do
    rm -rf "$deps/share/cmake/$c"
    cp -r "/usr/share/cmake/$c" "$deps/share/cmake/"
  done
  # FFmpeg's headers (the same on every x86-64 system, its avconfig.h included) declare what
  # fxview.exe looks up in FFmpeg's DLLs when a user puts them beside it; no FFmpeg is linked.
  multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
  for h in libavcodec libavformat libavutil libswscale; do
    rm -rf "$deps/include/$h"
    cp -r "/usr/include/$multiarch/$h" "$deps/include/"
    pc=${h#lib}
    sed -e "s|^prefix=.*|prefix=$deps|" -e 's|^libdir=.*|libdir=${prefix}/lib|' \
        -e 's|^includedir=.*|includedir=${prefix}/include|' -e 's|^Requires.*||' \
        -e 's|^Libs.*||' "/usr/lib/$multiarch/pkgconfig/lib$pc.pc" >"$deps/lib/pkgconfig/lib$pc.pc"
  done
  touch "$deps/.headers.built"
fi

# libstb as Debian's libstb-dev ships it: stb_image and stb_image_write compiled once, from the
# same headers (with UTF-8 file names on Windows).
if [ ! -f "$deps/.stb.built" ]; then
  echo "build-windows: building stb"
  gen=$out/deps-build/stb-src
  mkdir -p "$gen"
  printf '#define STBI_WINDOWS_UTF8\n#define STB_IMAGE_IMPLEMENTATION\n#include <stb_image.h>\n' >"$gen/stb_image.c"
  printf '#define STBIW_WINDOWS_UTF8\n#define STB_IMAGE_WRITE_IMPLEMENTATION\n#include <stb_image_write.h>\n' >"$gen/stb_image_write.c"
  compile_lib stb "$cc" -I"$deps/include/stb" -- "$gen/stb_image.c" "$gen/stb_image_write.c"
  cat >"$deps/lib/pkgconfig/stb.pc" <<EOF
prefix=$deps
Name: stb
Description: stb from Debian's libstb-dev headers, cross-built
Version: 0
Libs: -L\${prefix}/lib -lstb
Cflags: -I\${prefix}/include/stb
EOF
  touch "$deps/.stb.built"
fi

if [ ! -f "$deps/.imgui.built" ]; then
  echo "build-windows: building imgui"
  d=$(srcdir imgui)
  compile_lib imgui "$cxx" -I"$d" -I"$deps/include" -- "$d"/imgui{,_draw,_tables,_widgets,_demo}.cpp \
    "$d/misc/cpp/imgui_stdlib.cpp" "$d/backends/imgui_impl_glfw.cpp" "$d/backends/imgui_impl_opengl3.cpp"
  # Laid out as Debian's libimgui-dev: include/imgui/*.h, include/imgui/backends/*.h.
  mkdir -p "$deps/include/imgui/backends"
  cp "$d"/*.h "$d/misc/cpp/imgui_stdlib.h" "$deps/include/imgui/"
  cp "$d"/backends/*.h "$deps/include/imgui/backends/"
  cat >"$deps/lib/pkgconfig/imgui.pc" <<EOF
prefix=$deps
Name: imgui
Description: Dear ImGui, cross-built from Debian's source package
Version: $(basename "$d" | sed 's/^imgui-//; s/+.*//')
Libs: -L\${prefix}/lib -limgui -limm32
Cflags: -I\${prefix}/include/imgui
EOF
  touch "$deps/.imgui.built"
fi

# The licences the zip carries: each library's Debian copyright file (its source package's for
# the ones built here), the MinGW runtime's and the font's. Copied every time (a few small files),
# so a library added later has its licence too.
{
  mkdir -p "$deps/licenses"
  for p in glfw3 yaml-cpp giflib libsquish onetbb imgui tinyobjloader libzip; do
    cp "$(srcdir "$p")/debian/copyright" "$deps/licenses/$p.txt"
  done
  for p in libglm-dev:glm nlohmann-json3-dev:nlohmann-json libstb-dev:stb rapidjson-dev:rapidjson \
           libcli11-dev:cli11 libz-mingw-w64-dev:zlib libstdc++6:gcc-runtime \
           mingw-w64-x86-64-dev:mingw-w64-runtime fonts-dejavu-core:dejavu-fonts; do
    f=/usr/share/doc/${p%%:*}/copyright
    if [ -f "$f" ]; then cp "$f" "$deps/licenses/${p##*:}.txt"; fi
  done
}

# --- fxview ----------------------------------------------------------------------------------
echo "build-windows: building fxview"
PKG_CONFIG_LIBDIR=$deps/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR= \
  cmake -S "$root" -B "$out/build" "${cross[@]}" -DCMAKE_INSTALL_PREFIX="$out/stage" \
  -DFXVIEW_BUILD_TESTS="$tests" >/dev/null
cmake --build "$out/build" -j "$jobs"

# --- the portable zip ------------------------------------------------------------------------
version=$(sed -n 's/^project(fxview VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
name=fxview-$version-windows-x64
stage=$out/$name
rm -rf "$stage" "$out/$name.zip"
cmake --install "$out/build" --component windows-portable --prefix "$stage" >/dev/null
# Debug symbols stay in the build folder: the C++ runtime alone is 23 MB with them.
x86_64-w64-mingw32-strip --strip-unneeded "$stage"/*.exe "$stage"/*.dll
(cd "$out" && cmake -E tar cf "$name.zip" --format=zip "$name")
echo "$out/$name.zip"
