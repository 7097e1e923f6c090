#!/usr/bin/env python3
"""Draws the photo scene's bundled picture: a procedural landscape (sky gradient, sun,
two ranges of hills, a lake with the sun's reflection, a grassy shore) and writes it as
an RGB PNG with only the standard library (zlib + struct).

    python3 scripts/make-photo.py [OUT]      # default: Examples/Assets/photo.png

The output is deterministic (no randomness), 960 x 720 pixels. The picture is ours, made
by this script, and carries the project's licence.
"""

import math
import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 960, 720
HORIZON = 430  # where the sky meets the far hills' feet and the lake
SHORE = 610  # where the lake ends and the grass begins (before its wave)
SUN = (690.0, 285.0, 58.0)  # centre x, centre y, radius


def mix(a, b, t):
    """Linear blend of two RGB triples, t in 0...1."""
    t = max(0.0, min(1.0, t))
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def sky(x, y):
    top, low = (38, 84, 160), (250, 196, 140)
    colour = mix(top, low, (y / HORIZON) ** 1.4)
    sx, sy, r = SUN
    d = math.hypot(x - sx, y - sy)
    if d <= r:
        return mix((255, 236, 160), (255, 214, 110), d / r)
    glow = max(0.0, 1.0 - (d - r) / 170.0) ** 2
    return mix(colour, (255, 222, 150), glow * 0.7)


def far_ridge(x):
    return 352 + 26 * math.sin(x / 95.0) + 14 * math.sin(x / 37.0 + 1.3)


def near_ridge(x):
    return 398 + 34 * math.sin(x / 140.0 + 2.0) + 10 * math.sin(x / 53.0)


def shore_line(x):
    return SHORE + 12 * math.sin(x / 70.0) + 6 * math.sin(x / 23.0 + 0.5)


def lake(x, y):
    depth = (y - HORIZON) / (HEIGHT - HORIZON)
    colour = mix((120, 150, 185), (34, 70, 118), depth * 1.6)
    # The sun's reflection: a column of broken bright ripples under the sun.
    sx, _, r = SUN
    spread = r * (0.8 + depth * 1.5)
    ripple = math.sin(y * 0.9) > 0.2
    if abs(x - sx) < spread and ripple:
        colour = mix(colour, (255, 220, 150), 0.75 * (1 - abs(x - sx) / spread))
    elif int(y) % 9 == 0:
        colour = mix(colour, (200, 215, 230), 0.18)
    return colour


def pixel(x, y):
    if y >= shore_line(x):
        grass = (y - SHORE) / (HEIGHT - SHORE)
        return mix((92, 140, 62), (46, 90, 38), grass)
    if y >= HORIZON:
        return lake(x, y)
    if y >= near_ridge(x):
        return mix((70, 118, 80), (52, 96, 66), (y - near_ridge(x)) / 60.0)
    if y >= far_ridge(x):
        # Far hills fade into the haze toward their tops.
        return mix((132, 150, 160), (100, 130, 128), (y - far_ridge(x)) / 70.0)
    return sky(x, y)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, rows):
    """An 8-bit RGB PNG; every row uses the Up filter, which suits vertical gradients."""
    raw = bytearray()
    previous = bytes(width * 3)
    for row in rows:
        raw.append(2)
        raw.extend((row[i] - previous[i]) & 0xFF for i in range(len(row)))
        previous = row
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + chunk(b"IEND", b"")
    )


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join("Examples", "Assets", "photo.png")
    rows = []
    for y in range(HEIGHT):
        row = bytearray()
        for x in range(WIDTH):
            row.extend(int(round(c)) for c in pixel(x + 0.5, y + 0.5))
        rows.append(bytes(row))
    data = png(WIDTH, HEIGHT, rows)
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    temporary = out + ".tmp"
    with open(temporary, "wb") as handle:
        handle.write(data)
    os.replace(temporary, out)
    print(f"{out}: {WIDTH}x{HEIGHT}, {len(data)} bytes")


if __name__ == "__main__":
    main()
