#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compares two PNG images as the reference-image tests do (standard library only).

Usage: scripts/png-compare.py ACTUAL.png REFERENCE.png
They match when they have the same size and at most 0.02 % of the pixels differ by more than 8
in any channel (the tolerance of Tests/SwipeBackRenderTests/ReferenceImageTests.swift).
Prints one line; exit status 0 when they match, 1 when not, 2 when a file is not a PNG it reads.
"""
import struct, sys, zlib

MAX_SHARE = 0.0002
MAX_CHANNEL = 8


def read_png(path):
    """(width, height, channels, rows of bytes) of an 8-bit RGB or RGBA PNG, not interlaced."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if tag == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif tag == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError("expected an 8-bit RGB or RGBA PNG, not interlaced (depth %d, colour type %d)" % (depth, color))
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main():
    if len(sys.argv) != 3:
        print("usage: png-compare.py ACTUAL.png REFERENCE.png", file=sys.stderr)
        return 2
    try:
        a = read_png(sys.argv[1])
        b = read_png(sys.argv[2])
    except (OSError, ValueError, zlib.error, TypeError, struct.error) as error:
        print("png-compare: %s" % error, file=sys.stderr)
        return 2
    if a[:2] != b[:2]:
        print("size %dx%d, expected %dx%d" % (a[0], a[1], b[0], b[1]))
        return 1
    width, height = a[0], a[1]
    off, worst = 0, 0
    for ra, rb in zip(a[3], b[3]):
        for x in range(width):
            pa, pb = ra[x * a[2]:x * a[2] + 3], rb[x * b[2]:x * b[2] + 3]
            d = max(abs(pa[i] - pb[i]) for i in range(3))
            worst = max(worst, d)
            if d > MAX_CHANNEL:
                off += 1
    share = off / float(width * height)
    print("%d of %d pixels off by more than %d (%.4f %%, at most %.2f %%), largest channel difference %d"
          % (off, width * height, MAX_CHANNEL, share * 100, MAX_SHARE * 100, worst))
    return 0 if share <= MAX_SHARE else 1


if __name__ == "__main__":
    sys.exit(main())
