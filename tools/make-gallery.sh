#!/usr/bin/env bash
# Renders every preset to docs/images/<name>.png with fxview itself and rewrites the README's
# gallery table between the GALLERY markers. Run after building (tools/setup.sh --no-launch).
#   tools/make-gallery.sh [path/to/fxview]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/fxview}
mkdir -p docs/images
table=$(mktemp)
{
  echo "| preset | picture | what it shows |"
  echo "|---|---|---|"
} > "$table"
for preset in presets/*.json; do
  name=$(basename "$preset" .json)
  time=$(python3 -c "import json,sys; d=json.load(open('$preset')); print(d.get('gallery_time', 2.0))" 2>/dev/null || echo 2)
  if [ "$name" = gallery ]; then size=960x540; else size=320x180; fi
  if ! "$bin" render "$preset" -o "docs/images/$name.png" --time "$time" --size "$size" 2>/dev/null; then
    echo "make-gallery: $preset failed to render" >&2
    continue
  fi
  title=$(python3 -c "import json; print(json.load(open('$preset')).get('name', ''))" 2>/dev/null || true)
  echo "| \`$preset\` | ![$name](docs/images/$name.png) | $title |" >> "$table"
done
python3 - "$table" <<'PY'
import re, sys
table = open(sys.argv[1]).read()
readme = open("README.md").read()
start, end = "<!-- GALLERY:BEGIN -->", "<!-- GALLERY:END -->"
block = f"{start}\n{table}{end}"
if start in readme:
    readme = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _: block, readme, flags=re.S)
else:
    readme += "\n## Gallery\n\nEvery preset, rendered by `tools/make-gallery.sh` with fxview itself.\n\n" + block + "\n"
open("README.md", "w").write(readme)
PY
rm -f "$table"
echo "make-gallery: docs/images/ and the README gallery table are up to date"
