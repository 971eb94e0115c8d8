#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Draws the demo's images (Assets/images/*.png): made by the project, no outside art.
(The icon, Assets/icons, is scripts/make-icon.py's, which writes its PNGs with png() from here.)

Each is a 640x360 landscape of gradients and shapes, written with the standard library only.
Run again to regenerate: python3 scripts/make-demo-images.py
"""
import math, os, struct, zlib

W, H = 640, 360
OUT = os.path.join(os.path.dirname(__file__), "..", "Assets", "images")

def png(path, pixels, width=W, height=H, alpha=False):
    """Writes rows of 8-bit RGB (or RGBA with alpha) values as a PNG file."""
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))

def scene(sky_top, sky_bottom, sun, sun_color, hills):
    rows = []
    for y in range(H):
        row = []
        for x in range(W):
            c = mix(sky_top, sky_bottom, y / H)
            d = math.hypot(x - sun[0], y - sun[1])
            if d < sun[2]:
                c = sun_color
            elif d < sun[2] * 1.8:
                c = mix(sun_color, c, (d - sun[2]) / (sun[2] * 0.8))
            for (base, amp, freq, phase, color) in hills:
                # Coverage of this pixel by the hill, for a smooth (anti-aliased) edge.
                edge = base + amp * math.sin(x * freq + phase)
                c = mix(c, color, y - edge + 0.5)
            row.extend(c)
        rows.append(row)
    return rows

os.makedirs(OUT, exist_ok=True)
if __name__ == "__main__":
    png(os.path.join(OUT, "sunset.png"), scene((40, 30, 90), (250, 140, 90), (430, 210, 46), (255, 225, 150),
        [(250, 18, 0.012, 0.0, (90, 50, 100)), (290, 14, 0.02, 1.3, (50, 30, 70))]))
    png(os.path.join(OUT, "ocean.png"), scene((120, 190, 240), (215, 240, 255), (150, 90, 34), (255, 250, 220),
        [(240, 6, 0.05, 0.0, (40, 120, 190)), (275, 5, 0.07, 2.0, (25, 90, 160)), (315, 4, 0.09, 1.0, (15, 65, 130))]))
    png(os.path.join(OUT, "forest.png"), scene((170, 215, 200), (235, 245, 225), (520, 80, 28), (255, 255, 235),
        [(200, 30, 0.015, 0.5, (110, 160, 120)), (250, 22, 0.03, 2.5, (60, 120, 80)), (300, 12, 0.05, 0.2, (30, 80, 50))]))
    print("wrote", sorted(os.listdir(OUT)))
