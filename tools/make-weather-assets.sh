#!/usr/bin/env bash
# Generates the halo_weather sprites in assets/weather/ (fxview's own art; nothing is taken from a
# game). Deterministic: the same script writes byte-identical PNGs and .sprites.json side-cars.
#   tools/make-weather-assets.sh [OUT_DIR]      (default: assets/weather next to this script)
set -euo pipefail
out="${1:-$(cd "$(dirname "$0")/.." && pwd)/assets/weather}"
mkdir -p "$out"
python3 - "$out" <<'PY'
import json, math, struct, sys, zlib, os

out = sys.argv[1]

def png(path, w, h, px):
    """px(x, y) -> (r, g, b, a) floats in [0, 1]; writes an RGBA8 PNG."""
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        for x in range(w):
            for c in px(x, y):
                raw.append(max(0, min(255, int(round(c * 255)))))
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    with open(os.path.join(out, path), "wb") as f:
        f.write(data)

def sidecar(path, doc):
    with open(os.path.join(out, path + ".sprites.json"), "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")

def smooth(e0, e1, x):
    t = min(1.0, max(0.0, (x - e0) / (e1 - e0)))
    return t * t * (3 - 2 * t)

class Lcg:
    def __init__(self, s): self.s = s & 0xFFFFFFFF
    def unit(self):
        self.s = (1664525 * self.s + 1013904223) & 0xFFFFFFFF
        return (self.s >> 16) / 65535.0

# Rain: a thin horizontal streak (texture right = forward for "parallel to direction"), white,
# brighter at the head, on a square page (the engine scales both axes by the page width).
def rain(x, y):
    u = (x + 0.5) / 64.0; v = (y + 0.5) / 64.0
    along = smooth(0.02, 0.35, u) * (1.0 - smooth(0.9, 0.99, u))
    across = math.exp(-((v - 0.5) / 0.018) ** 2)
    a = along * across * (0.5 + 0.5 * u)
    return (0.85, 0.9, 1.0, a)
png("rain_streak.png", 64, 64, rain)

# Snow: 2x2 sheet, two sequences of two frames; each frame holds several flakes spaced out
# ("include multiple particles spaced out within the sprite texture and set random rotation").
rng = Lcg(0x5107)
cells = []
for cell in range(4):
    flakes = [(rng.unit() * 0.6 + 0.2, rng.unit() * 0.6 + 0.2, 0.05 + rng.unit() * 0.05) for _ in range(3)]
    cells.append(flakes)
def snow(x, y):
    cx, cy = x // 64, y // 64
    u = (x % 64 + 0.5) / 64.0; v = (y % 64 + 0.5) / 64.0
    a = 0.0
    for fx, fy, r in cells[cy * 2 + cx]:
        d = math.hypot(u - fx, v - fy)
        a = max(a, 1.0 - smooth(r * 0.4, r, d))
    return (1.0, 1.0, 1.0, a)
png("snow_flakes.png", 128, 128, snow)
sidecar("snow_flakes.png", {"rows": 2, "columns": 2, "sequences": [{"frames": 2, "row": 0}, {"frames": 2, "row": 1}]})

# Swamp insect: a dark body with translucent wings, 4 frames of a wing beat (2x2 grid, one sequence).
def insect(x, y):
    cx, cy = x // 32, y // 32
    frame = cy * 2 + cx
    u = (x % 32 + 0.5) / 32.0 - 0.5; v = (y % 32 + 0.5) / 32.0 - 0.5
    body = 1.0 - smooth(0.8, 1.0, math.hypot(u / 0.16, v / 0.07))
    spread = [0.28, 0.18, 0.06, 0.18][frame]
    wing = 0.0
    for s in (-1, 1):
        wx, wy = -0.04, s * spread * 0.5
        d = math.hypot((u - wx) / 0.09, (v - wy) / max(0.05, spread * 0.5))
        wing = max(wing, (1.0 - smooth(0.7, 1.0, d)) * 0.55)
    a = max(body, wing)
    col = 0.08 * body + 0.75 * wing * (1 - body)
    return (col + 0.05, col + 0.08, col + 0.02, a)
png("insect.png", 64, 64, insect)
# The grid form takes frames along one row; the four cells of the 2x2 page are listed instead.
sidecar("insect.png", {"sequences": [{"sprites": [
    {"left": 0.0, "right": 0.5, "top": 0.0, "bottom": 0.5}, {"left": 0.5, "right": 1.0, "top": 0.0, "bottom": 0.5},
    {"left": 0.0, "right": 0.5, "top": 0.5, "bottom": 1.0}, {"left": 0.5, "right": 1.0, "top": 0.5, "bottom": 1.0}]}]})

# Ember: a hot core with a soft halo on black (additive).
def ember(x, y):
    d = math.hypot((x + 0.5) / 32.0 - 0.5, (y + 0.5) / 32.0 - 0.5) * 2
    core = 1.0 - smooth(0.0, 0.35, d)
    halo = (1.0 - smooth(0.1, 1.0, d)) ** 2
    return (min(1, core + halo), min(1, core * 0.9 + halo * 0.45), core * 0.6 + halo * 0.1, max(core, halo))
png("ember.png", 32, 32, ember)

# Discs for the blend-function gallery, each on its blend's neutral background.
def disc(bg, fg):
    def f(x, y):
        d = math.hypot((x + 0.5) / 32.0 - 0.5, (y + 0.5) / 32.0 - 0.5) * 2
        k = 1.0 - smooth(0.3, 1.0, d)
        return tuple(bg[i] + (fg[i] - bg[i]) * k for i in range(3)) + (k,)
    return f
png("disc_black.png", 32, 32, disc((0, 0, 0), (1, 1, 1)))
png("disc_white.png", 32, 32, disc((1, 1, 1), (0.15, 0.35, 0.9)))
png("disc_grey.png", 32, 32, disc((0.5, 0.5, 0.5), (0.95, 0.7, 0.25)))

# Secondary map: tileable value noise for flickering embers.
rng = Lcg(0xE3B3)
grid = [[rng.unit() for _ in range(8)] for _ in range(8)]
def noise(x, y):
    u = x / 64.0 * 8; v = y / 64.0 * 8
    i, j = int(u), int(v); fu, fv = u - i, v - j
    fu = fu * fu * (3 - 2 * fu); fv = fv * fv * (3 - 2 * fv)
    g = lambda a, b: grid[b % 8][a % 8]
    n = (g(i, j) * (1 - fu) + g(i + 1, j) * fu) * (1 - fv) + (g(i, j + 1) * (1 - fu) + g(i + 1, j + 1) * fu) * fv
    n = 0.35 + 0.65 * n
    return (n, n, n, 1.0)
png("noise.png", 64, 64, noise)
print("wrote", out)
PY
