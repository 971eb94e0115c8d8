#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Draws SwipeBack's icon (Assets/icons/swipeback-<N>.png, N = 48, 128, 256): made by the project.

A blue rounded square holding two pages: the page beneath, dimmed, on the left, and the top page
sliding off to the right with a shadow at its leading edge and a back chevron: the interactive pop.
Written with the standard library only (4x4 supersampling for the edges).
Run again to regenerate: python3 scripts/make-icon.py
"""
import importlib.util, math, os

# The PNG writer of make-demo-images.py (its drawing runs only as a script).
_spec = importlib.util.spec_from_file_location("demo_images", os.path.join(os.path.dirname(__file__), "make-demo-images.py"))
demo_images = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(demo_images)

OUT = os.path.join(os.path.dirname(__file__), "..", "Assets", "icons")
SIZES = (48, 128, 256)
SAMPLES = 4


def rounded_rect(x, y, x0, y0, x1, y1, r):
    """Whether (x, y) lies in the rectangle with corners rounded by r (all in units of the icon)."""
    if x < x0 or x > x1 or y < y0 or y > y1:
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def chevron(x, y):
    """The back chevron on the top page: two strokes meeting at a point on the left."""
    tip, top, bottom, reach, half = (0.54, 0.5), (0.64, 0.38), (0.64, 0.62), 0.0, 0.028
    for end in (top, bottom):
        ax, ay = tip
        bx, by = end
        t = max(0.0, min(1.0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
        if math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= half + reach:
            return True
    return False


def sample(x, y):
    """The colour (r, g, b, a) in 0...1 at (x, y), in units of the icon's size."""
    if not rounded_rect(x, y, 0.04, 0.04, 0.96, 0.96, 0.2):
        return (0.0, 0.0, 0.0, 0.0)
    # Background: a vertical blue gradient.
    t = y
    color = (0.20 - 0.08 * t, 0.47 - 0.14 * t, 0.90 - 0.18 * t)
    # The page beneath: dimmed, lagging on the left.
    if rounded_rect(x, y, 0.14, 0.24, 0.52, 0.78, 0.04):
        color = (0.66, 0.75, 0.90)
    # The shadow at the top page's leading edge.
    if 0.24 <= y <= 0.80 and 0.30 <= x < 0.36:
        k = (0.36 - x) / 0.06 * 0.35
        color = tuple(c * (1 - k) for c in color)
    # The top page: white, sliding to the right.
    if rounded_rect(x, y, 0.36, 0.20, 0.86, 0.80, 0.05):
        color = (1.0, 1.0, 1.0)
        if chevron(x, y):
            color = (0.16, 0.42, 0.85)
    return color + (1.0,)


def draw(size):
    rows = []
    for py in range(size):
        row = []
        for px in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    r, g, b, a = sample((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size)
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            n = SAMPLES * SAMPLES
            alpha = acc[3] / n
            if alpha == 0:
                row += [0, 0, 0, 0]
            else:
                row += [int(round(255 * acc[i] / acc[3])) for i in range(3)] + [int(round(255 * alpha))]
        rows.append(row)
    return rows


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for size in SIZES:
        demo_images.png(os.path.join(OUT, "swipeback-%d.png" % size), draw(size), size, size, alpha=True)
