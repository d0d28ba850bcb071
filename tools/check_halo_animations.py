#!/usr/bin/env python3
"""Checks fxview's model_animations decoding against a fixture manifest, by hand.

usage: check_halo_animations.py FXVIEW TAGS_DIR

For every `*.model_animations` entry of TAGS_DIR/manifest.json, runs `FXVIEW import` on the tag,
poses the nodes (world = parent x local) and compares every listed frame's blade angle (signed,
about the rotation's axis as seen from +Z) and translation with the manifest. Prints the largest
errors and exits 1 when one exceeds 0.05 degrees or 1e-4 world units.
"""
import json
import math
import subprocess
import sys


def qmul(a, b):
    ai, aj, ak, aw = a
    bi, bj, bk, bw = b
    return (aw * bi + ai * bw + aj * bk - ak * bj,
            aw * bj - ai * bk + aj * bw + ak * bi,
            aw * bk + ai * bj - aj * bi + ak * bw,
            aw * bw - ai * bi - aj * bj - ak * bk)


def rotate(q, v):
    p = qmul(qmul(q, (v[0], v[1], v[2], 0.0)), (-q[0], -q[1], -q[2], q[3]))
    return p[:3]


def world(nodes, frame):
    out = []
    for n, local in enumerate(frame):
        parent = nodes[n]["parent"]
        r, t = tuple(local["rotation"]), local["translation"]
        if parent is None or parent >= n:
            out.append((r, tuple(t)))
        else:
            pr, pt = out[parent]
            rt = rotate(pr, t)
            out.append((qmul(pr, r), tuple(pt[i] + rt[i] for i in range(3))))
    return out


def signed_angle_deg(q):
    i, j, k, w = q
    s = math.sqrt(i * i + j * j + k * k)
    sign = -1.0 if (k if abs(k) >= max(abs(i), abs(j)) else (j if abs(j) >= abs(i) else i)) < 0 else 1.0
    if w < 0:
        sign, w = -sign, -w
    return sign * math.degrees(2 * math.atan2(s, w))


def main():
    fxview, tags = sys.argv[1], sys.argv[2]
    manifest = json.load(open(f"{tags}/manifest.json"))
    worst_deg = worst_wu = 0.0
    frames_checked = 0
    for path, entry in manifest.items():
        if not path.endswith(".model_animations"):
            continue
        out = subprocess.run([fxview, "import", f"{tags}/{path}"], capture_output=True, text=True)
        if out.returncode != 0:
            print(f"{path}: import failed: {out.stderr}")
            return 1
        tag = json.loads(out.stdout)
        blade = entry["node_order"].index("blade")
        by_name = {a["name"]: a for a in tag["animations"]}
        for name, frames in entry["animations"].items():
            a = by_name[name]
            file_deg = file_wu = 0.0
            for want in frames:
                r, t = world(tag["nodes"], a["frames"][want["frame"]])[blade]
                deg = abs(signed_angle_deg(r) - want["blade_angle_deg"])
                wu = max(abs(t[i] - want["blade_translation"][i]) for i in range(3))
                file_deg, file_wu = max(file_deg, deg), max(file_wu, wu)
                frames_checked += 1
            print(f"{path} {name}: {len(frames)} frames, max angle error {file_deg:.6f} deg, "
                  f"max translation error {file_wu:.3g} wu")
            worst_deg, worst_wu = max(worst_deg, file_deg), max(worst_wu, file_wu)
    print(f"{frames_checked} frames: max {worst_deg:.6f} deg, {worst_wu:.3g} wu")
    return 0 if worst_deg <= 0.05 and worst_wu <= 1e-4 else 1


if __name__ == "__main__":
    sys.exit(main())
