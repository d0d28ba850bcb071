#!/usr/bin/env bash
# on_display.sh SCREEN COMMAND...: runs COMMAND on a virtual X display of SCREEN (e.g.
# 1280x800x24), its own one from xvfb-run -a. Under Wine (FXVIEW_WINDOWS) with a display already
# set, on that one instead: the Wine prefix's desktop process (explorer.exe) lives on the display
# the suite started it on (tools/test-windows.sh), and a fresh prefix's viewer started on a
# second display dies at exit with X's BadWindow when it unmaps its window.
set -euo pipefail
screen=$1
shift
if [ -n "${FXVIEW_WINDOWS:-}" ] && [ -n "${DISPLAY:-}" ]; then
  exec "$@"
fi
exec xvfb-run -a -s "-screen 0 $screen" "$@"
