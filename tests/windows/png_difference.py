#!/usr/bin/env python3
"""Mean absolute difference of two 8-bit RGB(A) PNGs of one size, over every channel.

Usage: png_difference.py A.png B.png LIMIT
Prints the difference; exit status 1 when it is above LIMIT (levels of 255) or the sizes differ.
Reads the non-interlaced 8-bit RGB and RGBA PNGs fxview writes, with the standard library only.
"""
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: only 8-bit non-interlaced RGB or RGBA")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, channels, rows


def main():
    a_path, b_path, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
    wa, ha, ca, a = read_png(a_path)
    wb, hb, cb, b = read_png(b_path)
    if (wa, ha, ca) != (wb, hb, cb):
        print(f"sizes differ: {wa}x{ha}x{ca} and {wb}x{hb}x{cb}")
        return 1
    total = sum(abs(x - y) for ra, rb in zip(a, b) for x, y in zip(ra, rb))
    mean = total / (wa * ha * ca)
    print(f"mean absolute difference {mean:.3f} levels ({a_path} vs {b_path})")
    return 0 if mean <= limit else 1


if __name__ == "__main__":
    sys.exit(main())
