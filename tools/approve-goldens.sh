#!/usr/bin/env bash
# Copies the golden-test actual images (written by fxview_gl_tests when a golden comparison fails
# or when FXVIEW_GOLDEN_WRITE=1) from the build folder into tests/golden/. Look at them first.
#   tools/approve-goldens.sh [build-dir] [name...]     (default build dir: build; all names)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
shift || true
src="$build/golden-actual"
if [ ! -d "$src" ]; then
  echo "no $src: run the golden tests first (ctest -L gl -R Golden)" >&2
  exit 2
fi
if [ $# -gt 0 ]; then
  for name in "$@"; do cp -v "$src/$name.png" "$root/tests/golden/$name.png"; done
else
  shopt -s nullglob
  files=("$src"/*.png)
  if [ ${#files[@]} -eq 0 ]; then
    echo "nothing to approve in $src" >&2
    exit 0
  fi
  for f in "${files[@]}"; do
    case "$f" in *.diff.png) continue ;; esac
    cp -v "$f" "$root/tests/golden/$(basename "$f")"
  done
fi
